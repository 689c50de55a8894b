/* split_sheet.c: the lines of typed scoresheets, as the splitter sees them (the rules are in
 * hamle/pgn.h): at ASCII structure only, before decoding, a header line is a key and a ':' at the
 * start of a line. A game without tags whose first line is one is a sheet: its header block never
 * ends the game, and a key the block has already starts the next sheet. */
#include <string.h>

#include "pgn/reader_internal.h"

/* Length of the key of a header line at s[0..n) ("Beyaz: Ali" -> 5), 0 when the line is none:
 * a key of at most SHEET_KEY_MAX bytes that starts with no digit and holds no digit, line end,
 * delimiter or tab (blanks before the ':' allowed), then ':'. *colon: where the ':' is. */
static size_t sheet_key(const unsigned char *s, size_t n, size_t *colon)
{
	unsigned char c = s[0];
	if (kls[c] != K_WORD || (c >= '0' && c <= '9') || c == ':' || c == '%' || c == '*')
		return 0;
	size_t end = 0;
	int blank = 0;
	for (size_t k = 0; k < n && k <= SHEET_KEY_MAX; k++) {
		c = s[k];
		if (c == ':') {
			*colon = k;
			return end;
		}
		if ((c >= '0' && c <= '9') || kls[c] == K_EOL || kls[c] == K_DELIM || c == '\v' || c == '\f')
			return 0;
		if (c == ' ' || c == '\t') {
			blank |= c == '\t'; /* a tab only between the key and its ':' */
			continue;
		}
		if (blank)
			return 0;
		end = k + 1;
	}
	return 0;
}

/* Whether the first word of s[0..n) (after blanks) is a result: the value of a result line. */
static int value_is_result(const unsigned char *s, size_t n)
{
	size_t i = 0;
	while (i < n && kls[s[i]] == K_BLANK)
		i++;
	size_t e = i;
	while (e < n && kls[s[e]] == K_WORD)
		e++;
	return e > i && e - i < 16 && pgn_may_be_result(s + i, e - i) &&
		hamle_result_parse((const char *)s + i, e - i) != HAMLE_RESULT_NONE;
}

static uint64_t key_hash(const unsigned char *s, size_t n)
{
	uint64_t h = 14695981039346656037ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 1099511628211ull;
	return h;
}

int pgn_split_sheet_line(hamle_reader *r, size_t p)
{
	const unsigned char *v = r->view;
	size_t avail = r->vlen - p;
	if (avail < SHEET_PEEK && !r->eof && r->kind != IN_BUFFER && !memchr(v + p, '\n', avail) &&
	    !memchr(v + p, '\r', avail))
		return SL_MORE;
	size_t n = avail < SHEET_PEEK ? avail : SHEET_PEEK, colon = 0;
	size_t klen = sheet_key(v + p, n, &colon);
	if (!klen) {
		r->sheet = r->sheet == SH_UNKNOWN ? SH_NONE : r->sheet == SH_HEAD ? SH_BODY : r->sheet;
		return SL_NONE;
	}
	uint64_t h = key_hash(v + p, klen);
	int seen = 0;
	for (size_t i = 0; i < r->nkeys; i++)
		seen |= r->keys[i] == h;
	if (r->sheet == SH_UNKNOWN)
		r->sheet = SH_HEAD;
	if (r->sheet == SH_HEAD) {
		if (seen)
			return SL_CUT; /* the next sheet's header block */
		if (r->nkeys < sizeof(r->keys) / sizeof(r->keys[0]))
			r->keys[r->nkeys++] = h;
		return SL_HEADER;
	}
	/* after the moves: the next sheet, unless it is this one's result line ("Sonuç: 1-0") */
	return seen && !value_is_result(v + p + colon + 1, n - colon - 1) ? SL_CUT : SL_NONE;
}
