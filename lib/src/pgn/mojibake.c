/* mojibake.c: the Turkish mojibake repair, word by word. Windows-1254 text shown as Windows-1252
 * (or Latin-1) and saved as UTF-8 has Þ þ Ý ý Ð ð where it meant Ş ş İ ı Ğ ğ; but Icelandic,
 * Faroese or Old English text uses those six letters rightly (Þórhallsson, Þröstur, Guðmundsson),
 * so a game's text is repaired only when its words say it is Turkish:
 *
 * - a word is a maximal run of letters (ASCII letters, and the code points from U+00C0 below
 *   U+2000 other than × and ÷); a candidate word holds one of the six letters;
 * - a candidate of two or more letters outside the move tokens is Turkish when, repaired, all its
 *   letters are in the locale's alphabet (locales/tr.yaml `alphabet`), else it is not;
 * - the game is repaired when no candidate is not Turkish and, if its text (outside the move
 *   tokens) has candidates, at least one of them is Turkish. One non-Turkish word ("Þórhallsson")
 *   keeps every word of the game as written ("Þröstur", "Guðmundsson"); single letters (initials,
 *   lists of letters) follow the game's other words; in move tokens Þ is the locale's king
 *   either way (an alias), so moves alone never decide against.
 *
 * Every repaired word is an "encoding" warning at its position, with the word before and after. */
#include <stdio.h>
#include <string.h>

#include "hamle/locale.h"
#include "notation/locale_internal.h"
#include "pgn/encoding.h"

/* The second byte of Þ þ Ý ý Ð ð (all C3 xx in UTF-8) and the two bytes of Ş ş İ ı Ğ ğ. */
static const unsigned char moji[6][3] = {
	{ 0x9E, 0xC5, 0x9E }, { 0xBE, 0xC5, 0x9F }, { 0x9D, 0xC4, 0xB0 },
	{ 0xBD, 0xC4, 0xB1 }, { 0x90, 0xC4, 0x9E }, { 0xB0, 0xC4, 0x9F },
};

/* Index in moji of the mojibake letter at s[0..n), or -1. */
static int moji_at(const unsigned char *s, size_t n)
{
	if (n < 2 || s[0] != 0xC3)
		return -1;
	for (int k = 0; k < 6; k++)
		if (moji[k][0] == s[1])
			return k;
	return -1;
}

static int is_letter(unsigned long cp)
{
	if (cp < 0x80)
		return (cp | 0x20) >= 'a' && (cp | 0x20) <= 'z';
	return cp >= 0xC0 && cp < 0x2000 && cp != 0xD7 && cp != 0xF7;
}

/* One character of valid UTF-8 text at s[i] (length *n). */
static unsigned long char_at(const char *s, size_t len, size_t i, size_t *n)
{
	unsigned long cp;
	*n = pgn_utf8_decode((const unsigned char *)s + i, len - i, &cp);
	if (*n == 0) { /* not expected in decoded text: one byte, no letter */
		*n = 1;
		return 0;
	}
	return cp;
}

/* A word of the text: [at, end), its letters, whether it holds a mojibake letter, and whether all
 * its letters, repaired, are in the alphabet. */
typedef struct word {
	size_t at, end, letters;
	int candidate, turkish;
} word;

/* The next word at or after *pos; 0 at the end of the text. */
static int next_word(const char *s, size_t len, size_t *pos, const hamle_locale *loc, word *w)
{
	size_t i = *pos, n;
	while (i < len && !is_letter(char_at(s, len, i, &n)))
		i += n;
	if (i >= len)
		return 0;
	memset(w, 0, sizeof(*w));
	w->at = i;
	w->turkish = 1;
	unsigned long cp;
	while (i < len && is_letter(cp = char_at(s, len, i, &n))) {
		int k = moji_at((const unsigned char *)s + i, len - i);
		if (k >= 0) {
			w->candidate = 1;
			cp = ((unsigned long)(moji[k][1] & 0x1F) << 6) | (moji[k][2] & 0x3F);
		}
		if (!hamle_loc_in_alphabet(loc, (uint32_t)cp))
			w->turkish = 0;
		w->letters++;
		i += n;
	}
	w->end = *pos = i;
	return 1;
}

/* Whether text[at] lies in a move token; *k walks the tokens (in text order) along with at. */
static int in_move(const hamle_game *g, size_t at, size_t *k)
{
	while (*k < g->ntokens && (size_t)(g->tokens[*k].text - g->text) + g->tokens[*k].len <= at)
		(*k)++;
	if (*k == g->ntokens)
		return 0;
	const hamle_token *t = &g->tokens[*k];
	return t->kind == HAMLE_TOKEN_MOVE && (size_t)(t->text - g->text) <= at;
}

/* Rewrites every mojibake letter of s[0..len) (byte lengths stay); returns how many. */
static size_t repair_letters(char *s, size_t len)
{
	size_t count = 0;
	for (size_t i = 0; i + 1 < len; i++) {
		int k = moji_at((const unsigned char *)s + i, len - i);
		if (k < 0)
			continue;
		s[i] = (char)moji[k][1];
		s[i + 1] = (char)moji[k][2];
		i++;
		count++;
	}
	return count;
}

/* Whether the game's words say its mojibake letters are Turkish (see the top of the file). */
static int game_is_turkish(const hamle_game *g, const hamle_locale *loc)
{
	size_t pos = 0, k = 0, turkish = 0, other = 0, text_candidates = 0;
	word w;
	while (next_word(g->text, g->text_len, &pos, loc, &w)) {
		if (!w.candidate || in_move(g, w.at, &k))
			continue;
		text_candidates++;
		if (w.letters >= 2) {
			if (w.turkish)
				turkish++;
			else
				other++;
		}
	}
	return other == 0 && (turkish > 0 || text_candidates == 0);
}

/* Repairs every candidate word of the text, with a finding each (line and column counted from
 * the game's start as the decoder counts them); a move token is repaired and reported whole, once.
 * Returns the letters repaired. */
static size_t repair_text(hamle_game *g, const hamle_locale *loc)
{
	char *s = g->text;
	size_t len = g->text_len, total = 0, line = g->line, column = g->column, at = 0, pos = 0, k = 0;
	word w;
	while (next_word(s, len, &pos, loc, &w)) {
		for (; at < w.at; at++) { /* position of the word */
			unsigned char c = (unsigned char)s[at];
			if (c == '\n' || (c == '\r' && !(at + 1 < len && s[at + 1] == '\n'))) {
				line++;
				column = 1;
			} else if (c != '\r' && (c & 0xC0) != 0x80) {
				column++;
			}
		}
		if (!w.candidate)
			continue;
		size_t from = w.at, to = w.end, wline = line, wcol = column;
		if (in_move(g, w.at, &k)) {
			const hamle_token *t = &g->tokens[k];
			from = (size_t)(t->text - s);
			to = from + t->len;
			wline = t->line;
			wcol = t->column;
			pos = to; /* the token's other words are repaired with it */
		}
		/* the word as written, cut to 64 bytes at a character boundary for the message */
		char before[72];
		size_t wl = to - from, bl = wl;
		if (bl > 64)
			for (bl = 64; bl > 0 && ((unsigned char)s[from + bl] & 0xC0) == 0x80; bl--)
				;
		memcpy(before, s + from, bl);
		total += repair_letters(s + from, wl);
		char was[sizeof(before) + 1], now[sizeof(before) + 1];
		memcpy(was, before, bl);
		was[bl] = '\0';
		memcpy(now, s + from, bl);
		now[bl] = '\0';
		const char *args[2] = {was, now};
		if (pgn_game_add_finding_t(g, HAMLE_SEVERITY_WARNING, HAMLE_EENCODING, "encoding", wline, wcol,
			    g->offset + pgn_game_raw_pos(g, from), before, bl, "mojibake_token",
			    "Turkish mojibake repaired: '%s' reads '%s'", 2, args) < 0)
			g->findings_dropped++; /* out of memory: the repair stands, its report is lost */
	}
	return total;
}

size_t hamle_game_repair_mojibake(hamle_game *g, const hamle_locale *loc)
{
	if (!g || !loc || !loc->repair_mojibake || !loc->n_alphabet || !g->text || g->text == (char *)g->raw)
		return 0; /* pure ASCII text: nothing to repair */
	int any = 0;
	for (size_t i = 0; i + 1 < g->text_len && !any; i++)
		any = moji_at((const unsigned char *)g->text + i, g->text_len - i) >= 0;
	if (!any || !game_is_turkish(g, loc))
		return 0;
	size_t total = repair_text(g, loc);
	/* the tag values are copies of the text's words: the same repair, reported there */
	for (size_t i = 0; i < g->ntags; i++)
		repair_letters((char *)g->tags[i].value, g->tags[i].value_len);
	return total;
}

size_t hamle_game_repair_turkish(hamle_game *g)
{
	if (!g || !g->text || g->text == (char *)g->raw)
		return 0;
	hamle_locale *tr = NULL;
	if (hamle_locale_load_builtin(&tr, "tr", NULL) < 0)
		return 0;
	size_t n = hamle_game_repair_mojibake(g, tr);
	hamle_locale_free(tr);
	return n;
}
