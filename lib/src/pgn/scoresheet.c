/* scoresheet.c: the header and result lines of a typed scoresheet (a chunk with
 * HAMLE_CHUNK_SCORESHEET), read from the decoded text into tags, findings and the spans the lexer
 * skips (the rules are in hamle/pgn.h). Header lines are matched with the locales' PCRE2 patterns
 * (scoresheet.patterns.header) and their keys mapped to PGN tags through the locales' header
 * tables (Beyaz -> White, Weiß -> White, Sonuç -> Result). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/locale_internal.h"
#include "pgn/pattern.h"
#include "pgn/sheet.h"

struct pgn_sheet_cache {
	pcre2_match_data *md;
	pcre2_match_context *mc;
};

enum { H_NONE = 0, H_UNKNOWN = 1, H_KNOWN = 2, H_LIMIT = 3 };

/* A line (ls: where it starts, lcol: that start's column) and, for a header line, where its key
 * and value are in the text, the tag and the locale whose table has the key. */
struct head_line {
	size_t key, key_len, value, value_len;
	size_t line, ls, lcol; /* its line, where the line starts and that start's column */
	const char *tag;       /* the locale's tag name, or NULL: the key is the tag name */
	const struct hamle_locale *loc; /* whose table has the key (its dates facts) */
};

/* The state of one read. */
typedef struct sheet_read {
	hamle_game *g;
	const pgn_limits *lim;
	struct pgn_sheet_cache *c;
	const struct hamle_locale *const *loc;
	size_t nloc;
} sheet_read;

void pgn_sheet_cache_free(struct pgn_sheet_cache *c)
{
	if (!c)
		return;
	pcre2_match_data_free(c->md);
	pcre2_match_context_free(c->mc);
	free(c);
}

static int is_tag_name(const char *s, size_t n)
{
	if (n == 0 || n > 64 || !((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z')))
		return 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
			return 0;
	}
	return 1;
}

static int group(pcre2_match_data *md, const pcre2_code *re, const char *name, size_t *start, size_t *len)
{
	int num = pcre2_substring_number_from_name(re, (PCRE2_SPTR)name);
	if (num < 0)
		return 0;
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
	if ((uint32_t)num >= pcre2_get_ovector_count(md) || ov[2 * num] == PCRE2_UNSET)
		return 0;
	*start = ov[2 * num];
	*len = ov[2 * num + 1] - ov[2 * num];
	return 1;
}

/* What the line s[0..len) (at text position at) is: H_KNOWN or H_UNKNOWN (a header line, *h set,
 * positions in the text), H_NONE, H_LIMIT (a pattern hit a match limit: undecided, so no header),
 * or HAMLE_ENOMEM. The first locale whose pattern matches decides; its key is looked up in it and
 * the locales after it. */
static int header_line(sheet_read *sr, const char *s, size_t len, size_t at, struct head_line *h)
{
	const char *tried = NULL; /* the last pattern that did not match (the same text fails again) */
	for (size_t i = 0; i < sr->nloc; i++) {
		const struct hamle_locale *loc = sr->loc[i];
		const pcre2_code *re = loc ? hamle_loc_pattern(loc, HAMLE_LOC_PAT_HEADER) : NULL;
		if (!re && loc && loc->pattern_own[HAMLE_LOC_PAT_HEADER])
			return HAMLE_ENOMEM; /* not compiled */
		if (!re || (tried && strcmp(tried, loc->pattern_src[HAMLE_LOC_PAT_HEADER]) == 0))
			continue;
		pcre2_set_match_limit(sr->c->mc, hamle_pattern_match_limit(len));
		int m = pcre2_match(re, (PCRE2_SPTR)s, len, 0, 0, sr->c->md, sr->c->mc);
		if (m == PCRE2_ERROR_NOMEMORY)
			return HAMLE_ENOMEM;
		if (hamle_pattern_limit(m))
			return H_LIMIT; /* a later locale must not decide what this one could not */
		size_t ks, kl, vs, vl;
		if (m < 0 || !group(sr->c->md, re, "key", &ks, &kl) || !group(sr->c->md, re, "value", &vs, &vl)) {
			tried = loc->pattern_src[HAMLE_LOC_PAT_HEADER];
			continue;
		}
		h->tag = NULL;
		h->loc = NULL;
		for (size_t j = i; j < sr->nloc && !h->tag; j++)
			if (sr->loc[j] && (h->tag = hamle_locale_header_tag(sr->loc[j], s + ks, kl)))
				h->loc = sr->loc[j];
		if (!h->tag && !is_tag_name(s + ks, kl))
			return H_NONE;
		h->key = at + ks;
		h->key_len = kl;
		h->value = at + vs;
		h->value_len = vl;
		return h->tag ? H_KNOWN : H_UNKNOWN;
	}
	return H_NONE;
}

static size_t column_of(const hamle_game *g, const struct head_line *h, size_t pos)
{
	size_t c = h->lcol;
	for (size_t i = h->ls; i < pos; i++)
		c += ((unsigned char)g->text[i] & 0xC0) != 0x80;
	return c;
}

static size_t offset_of(const hamle_game *g, size_t pos)
{
	return g->offset + pgn_game_raw_pos(g, pos);
}

static int add_span(hamle_game *g, size_t start, size_t end)
{
	if (g->nspans == g->spans_cap &&
	    pgn_grow((void **)&g->spans, &g->spans_cap, g->nspans + 1, sizeof(*g->spans)) < 0)
		return HAMLE_ENOMEM;
	g->spans[g->nspans++] = (pgn_span){ start, end };
	return 0;
}

/* Whether the game has a tag of this name (tags not yet lexed: names are offsets into strs). */
static int has_tag(const hamle_game *g, const char *name)
{
	for (size_t i = 0; i < g->ntags; i++)
		if (strcmp(g->strs + (uintptr_t)g->tags[i].name, name) == 0)
			return 1;
	return 0;
}

/* The "header-value" warning: why value[0..vlen) of tag name (header line h) stays as written. */
static int value_warning(sheet_read *sr, const struct head_line *h, const char *name, const char *value,
	size_t vlen, const pgn_value_why *why)
{
	hamle_game *g = sr->g;
	static const struct { const char *key, *english; } texts[] = {
		[PGN_WHY_NOT_DATE] = { "header_not_date", "%s: not a date (day, month and a four-digit year); kept as written" },
		[PGN_WHY_AMBIGUOUS] = { "header_ambiguous_date",
			"%1$s: day and month could be either way (%2$s or %3$s), and %4$s does not fix their order; kept as written" },
		[PGN_WHY_NO_MONTH] = { "header_no_month", "%1$s: '%2$s' is no month name in %3$s; kept as written" },
		[PGN_WHY_SHORT_YEAR] = { "header_short_year", "%s: the year has two digits; kept as written" },
		[PGN_WHY_NOT_RESULT] = { "header_not_result", "%s: not a result (1-0, 0-1, 1/2-1/2 or *); kept as written" },
	};
	const char *lang = h->loc ? hamle_locale_language_name(g->messages, h->loc->tag) : NULL;
	if (!lang)
		lang = h->loc ? h->loc->name : "?";
	char word[48];
	snprintf(word, sizeof(word), "%.*s", (int)(why->word_len < 40 ? why->word_len : 40), why->word ? why->word : "");
	const char *args[4] = { name, why->reading[0], why->reading[1], lang };
	if (why->reason == PGN_WHY_NO_MONTH) {
		args[1] = word;
		args[2] = lang;
	}
	size_t nargs = why->reason == PGN_WHY_AMBIGUOUS ? 4 : why->reason == PGN_WHY_NO_MONTH ? 3 : 1;
	return pgn_game_add_finding_t(g, HAMLE_SEVERITY_WARNING, HAMLE_ESYNTAX, "header-value", h->line,
		column_of(g, h, h->value), offset_of(g, h->value), value, vlen, texts[why->reason].key,
		texts[why->reason].english, nargs, args);
}

/* The tag of header line h, its value in PGN form (and then the value as written in a tag
 * <Name>Original), or as written with a "header-value" warning when it cannot be read. */
static int add_header(sheet_read *sr, const struct head_line *h, const char *value, size_t vlen)
{
	hamle_game *g = sr->g;
	const char *tag = h->tag ? h->tag : g->text + h->key;
	size_t tag_len = h->tag ? strlen(h->tag) : h->key_len;
	size_t col = column_of(g, h, h->key), off = offset_of(g, h->key);
	if (vlen > sr->lim->max_tag_bytes) {
		char max[24];
		snprintf(max, sizeof(max), "%zu", sr->lim->max_tag_bytes);
		const char *args[1] = { max };
		if (pgn_game_add_finding_t(g, HAMLE_SEVERITY_ERROR, HAMLE_ELIMIT, "limit", h->line, col, off,
			    g->text + h->key, h->key_len, "limit_header_value",
			    "header value length exceeds the limit of %s; the tag keeps its first bytes", 1, args) < 0)
			return HAMLE_ENOMEM;
		vlen = sr->lim->max_tag_bytes;
	}
	char name[80], out[PGN_VALUE_MAX];
	memcpy(name, tag, tag_len);
	name[tag_len] = '\0';
	size_t out_len;
	pgn_value_why why;
	int v = pgn_sheet_value(name, value, vlen, h->loc, out, &out_len, &why);
	if (v == PGN_VALUE_CHANGED) {
		memcpy(name + tag_len, "Original", sizeof("Original"));
		if (pgn_game_add_tag(g, tag, tag_len, out, out_len, h->line, col, off) < 0 ||
		    pgn_game_add_tag(g, name, tag_len + 8, value, vlen, h->line, col, off) < 0)
			return HAMLE_ENOMEM;
		return 0;
	}
	if (pgn_game_add_tag(g, tag, tag_len, value, vlen, h->line, col, off) < 0)
		return HAMLE_ENOMEM;
	if (v == PGN_VALUE_UNREADABLE && value_warning(sr, h, name, value, vlen, &why) < 0)
		return HAMLE_ENOMEM;
	return 0;
}

/* A header line after the moves (a known key): the result line, or a tag the game lacks. */
static int body_header(sheet_read *sr, const struct head_line *h, size_t line_end)
{
	hamle_game *g = sr->g;
	const char *value = g->text + h->value;
	size_t w = 0; /* the value's first word */
	while (w < h->value_len && value[w] != ' ' && value[w] != '\t')
		w++;
	if (strcmp(h->tag, "Result") == 0 && hamle_result_parse(value, w) != HAMLE_RESULT_NONE) {
		/* the termination marker: the value is lexed (the result, a comment after it), the key
		 * skipped */
		if (!has_tag(g, "Result") && add_header(sr, h, value, w) < 0)
			return HAMLE_ENOMEM;
		return add_span(g, h->key, h->value);
	}
	if (has_tag(g, h->tag))
		return 0; /* stays movetext */
	if (add_header(sr, h, value, h->value_len) < 0)
		return HAMLE_ENOMEM;
	return add_span(g, h->key, line_end);
}

/* Lines of the text: [*ls, *e) its content, *next the start of the next line. */
static void line_at(const char *t, size_t n, size_t ls, size_t *e, size_t *next)
{
	size_t k = ls;
	while (k < n && t[k] != '\n' && t[k] != '\r')
		k++;
	*e = k;
	if (k < n && t[k] == '\r')
		k++;
	if (k < n && t[k] == '\n' && (k == *e || t[*e] == '\r'))
		k++;
	*next = k;
}

/* Whether a line after the moves may be a header line: it starts with no digit or delimiter,
 * and holds a ':'. */
static int may_be_header(const char *t, size_t k, size_t e)
{
	unsigned char c = (unsigned char)t[k];
	if ((c >= '0' && c <= '9') || c == '[' || c == '{' || c == ';' || c == '(' || c == '%' || c == '$' || c == '*')
		return 0;
	return memchr(t + k, ':', e - k) != NULL;
}

/* Brace comments open across lines after the moves: a header line inside one is a comment's. */
static int comment_after(const char *t, size_t k, size_t e, int open)
{
	for (; k < e; k++) {
		if (open)
			open = t[k] != '}';
		else if (t[k] == '{')
			open = 1;
		else if (t[k] == ';')
			break;
	}
	return open;
}

static int limit_finding(sheet_read *sr, const struct head_line *at)
{
	return pgn_game_add_finding_t(sr->g, HAMLE_SEVERITY_ERROR, HAMLE_ELIMIT, "limit", at->line, at->lcol,
		offset_of(sr->g, at->ls), NULL, 0, "limit_sheet_pattern",
		"a scoresheet header pattern hit its match limit on this line (too much backtracking), so the "
		"line is not read as a header", 0, NULL);
}

/* The next line of the walk: at describes the line that starts at *pos. */
static void next_line(struct head_line *at, size_t *pos, size_t e, size_t next)
{
	*pos = next;
	at->line += next > e;
	at->ls = next;
	at->lcol = 1;
}

/* The header block, from the text's start: header lines and blank lines up to the first line
 * that is neither. With make (a second walk, when the block has a known key) each header line
 * becomes its tag and a span. *end and *at_end get the line that ended the block, *known the known
 * keys' count, *h_end what that line is. Walking twice keeps memory flat however many lines
 * the block has. */
static int head(sheet_read *sr, int make, const struct head_line *start, size_t *end,
	struct head_line *at_end, size_t *known, int *h_end)
{
	hamle_game *g = sr->g;
	const char *t = g->text;
	size_t n = g->text_len, pos = 0;
	struct head_line at = *start;
	int h = H_NONE;
	*known = 0;
	while (pos < n) {
		size_t e, next, k = pos;
		line_at(t, n, pos, &e, &next);
		while (k < e && (t[k] == ' ' || t[k] == '\t'))
			k++;
		if (k < e) {
			struct head_line hl = at;
			h = header_line(sr, t + pos, e - pos, pos, &hl);
			if (h < 0)
				return h;
			if (h == H_NONE || h == H_LIMIT)
				break;
			*known += h == H_KNOWN;
			if (make && (add_header(sr, &hl, t + hl.value, hl.value_len) < 0 || add_span(g, hl.key, e) < 0))
				return HAMLE_ENOMEM;
		}
		next_line(&at, &pos, e, next);
	}
	*end = pos;
	*at_end = at;
	*h_end = pos < n ? h : H_NONE;
	return 0;
}

static int read_lines(sheet_read *sr, size_t start_line, size_t start_column)
{
	hamle_game *g = sr->g;
	const char *t = g->text;
	size_t n = g->text_len, pos, known;
	struct head_line start = { 0, 0, 0, 0, start_line, 0, start_column, NULL, NULL }, at;
	int h;
	int rc = head(sr, 0, &start, &pos, &at, &known, &h);
	if (rc == 0 && known)
		rc = head(sr, 1, &start, &pos, &at, &known, &h);
	if (rc < 0)
		return rc;
	if (h == H_LIMIT && limit_finding(sr, &at) < 0)
		return HAMLE_ENOMEM;
	/* after the moves: the result line, known keys; the line that ended the block is decided */
	int open = 0, decided = 1;
	while (pos < n) {
		size_t e, next, k = pos;
		line_at(t, n, pos, &e, &next);
		while (k < e && (t[k] == ' ' || t[k] == '\t'))
			k++;
		size_t spans = g->nspans;
		if (!open && !decided && k < e && may_be_header(t, k, e)) {
			struct head_line hl = at;
			h = header_line(sr, t + pos, e - pos, pos, &hl);
			if (h < 0)
				return h;
			if (h == H_LIMIT && limit_finding(sr, &at) < 0)
				return HAMLE_ENOMEM;
			if (h == H_KNOWN && body_header(sr, &hl, e) < 0)
				return HAMLE_ENOMEM;
		}
		if (g->nspans == spans)
			open = comment_after(t, k, e, open);
		decided = 0;
		next_line(&at, &pos, e, next);
	}
	return 0;
}

int pgn_sheet_read(hamle_game *g, const pgn_limits *lim, size_t start_line, size_t start_column)
{
	struct pgn_sheet_cache *c = g->sheet;
	if (!c) {
		if (!(c = calloc(1, sizeof(*c))))
			return HAMLE_ENOMEM;
		g->sheet = c;
	}
	if ((!c->md && !(c->md = pcre2_match_data_create(16, NULL))) || (!c->mc && !(c->mc = hamle_pattern_context())))
		return HAMLE_ENOMEM;
	sheet_read sr = { g, lim, c, (const struct hamle_locale *const *)lim->sheet_locales, lim->n_sheet_locales };
	hamle_locale *own[64];
	size_t nown = 0;
	if (!sr.loc) {
		/* every built-in locale, for this call */
		const char *tag;
		while (nown < sizeof(own) / sizeof(own[0]) && (tag = hamle_locale_builtin_tag(nown))) {
			int rc = hamle_locale_load_builtin(&own[nown], tag, NULL);
			if (rc < 0) {
				while (nown)
					hamle_locale_free(own[--nown]);
				return rc == HAMLE_ENOMEM ? rc : 0;
			}
			nown++;
		}
		sr.loc = (const struct hamle_locale *const *)own;
		sr.nloc = nown;
	}
	int rc = read_lines(&sr, start_line, start_column);
	while (nown)
		hamle_locale_free(own[--nown]);
	return rc;
}
