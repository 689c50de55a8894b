/* lexer.c: tokenizer for one game (tags, movetext tokens with line/column/offset). Knows nothing of
 * chess rules: a move is a maximal run of non-delimiter characters. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pgn/lexer.h"
#include "pgn/scan.h"

enum { C_WS = 1, C_DELIM = 2 };

/* 1 = whitespace, 2 = other delimiter ends a word */
static const unsigned char cls[256] = {
	[' '] = C_WS, ['\t'] = C_WS, ['\n'] = C_WS, ['\r'] = C_WS, ['\v'] = C_WS, ['\f'] = C_WS,
	['{'] = C_DELIM, ['}'] = C_DELIM, ['('] = C_DELIM, [')'] = C_DELIM, ['['] = C_DELIM,
	[']'] = C_DELIM, [';'] = C_DELIM, ['"'] = C_DELIM, ['$'] = C_DELIM, ['<'] = C_DELIM,
	['>'] = C_DELIM,
};

#include "compiler.h"

/* Bytes that stop a run of plain characters in a quoted tag value: " \ LF CR. */
static const unsigned char value_stop[256] = {
	['"'] = 1, ['\\'] = 1, ['\n'] = 1, ['\r'] = 1,
};

/* Positions: line of s[i] is counted at line ends; columns are computed when a token needs one,
 * from the start of its line (ls, whose column is lcol): in an ASCII text a column is a
 * subtraction, otherwise characters are counted from a checkpoint (cpos, ccol) on the line. */
typedef struct lexer {
	hamle_game *g;
	const pgn_limits *lim;
	const char *s;
	size_t len, i;
	size_t line, ls, lcol;
	size_t cpos, ccol;
	int ascii;
	size_t depth;
	unsigned int depth32; /* depth, saturated */
	size_t base;          /* g->offset, the absolute offset of text[0] when the map is empty */
	size_t token_room;    /* tokens that fit without a check: min(max_tokens, tokens_cap) */
	int tags_only, stop, err;
} lexer;

static const struct { const char *text; unsigned char len, nag; } glyphs[] = {
	{ "!", 1, 1 }, { "?", 1, 2 }, { "!!", 2, 3 }, { "??", 2, 4 }, { "!?", 2, 5 }, { "?!", 2, 6 },
	{ "\xE2\x96\xA1", 3, 7 } /* □ */, { "=", 1, 10 }, { "\xE2\x88\x9E", 3, 13 } /* ∞ */,
	{ "+/=", 3, 14 }, { "\xE2\xA9\xB2", 3, 14 } /* ⩲ */, { "=/+", 3, 15 }, { "\xE2\xA9\xB1", 3, 15 } /* ⩱ */,
	{ "+/-", 3, 16 }, { "\xC2\xB1", 2, 16 } /* ± */, { "-/+", 3, 17 }, { "\xE2\x88\x93", 3, 17 } /* ∓ */,
	{ "+-", 2, 18 }, { "-+", 2, 19 },
};

static inline int glyph_start(unsigned char c)
{
	return c == '!' || c == '?' || c == '=' || c == '+' || c == '-' || c == 0xE2 || c == 0xC2;
}

unsigned int pgn_glyph_nag(const char *text, size_t len)
{
	if (len == 0 || len > 3 || !glyph_start((unsigned char)text[0]))
		return 0; /* quick reject */
	for (size_t k = 0; k < sizeof(glyphs) / sizeof(glyphs[0]); k++)
		if (glyphs[k].len == len && memcmp(glyphs[k].text, text, len) == 0)
			return glyphs[k].nag;
	return 0;
}

static size_t count_chars(const char *s, size_t n)
{
	size_t c = 0;
	for (size_t k = 0; k < n; k++)
		c += ((unsigned char)s[k] & 0xC0) != 0x80;
	return c;
}

/* Column of position pos on the current line. */
static inline size_t col(lexer *L, size_t pos)
{
	if (LIKELY(L->ascii))
		return L->lcol + (pos - L->ls);
	if (L->cpos < L->ls || L->cpos > pos) {
		L->cpos = L->ls;
		L->ccol = L->lcol;
	}
	L->ccol += count_chars(L->s + L->cpos, pos - L->cpos);
	L->cpos = pos;
	return L->ccol;
}

/* s[k] is LF or CR: a line ends there unless it is the CR of a CR LF. */
static inline void eol(lexer *L, size_t k)
{
	if (L->s[k] == '\r' && k + 1 < L->len && L->s[k + 1] == '\n')
		return;
	L->line++;
	L->ls = k + 1;
	L->lcol = 1;
}

/* Advances to end, counting the line ends on the way. */
static void adv_to(lexer *L, size_t end)
{
	const char *s = L->s;
	for (size_t k = L->i; k < end; k++)
		if (UNLIKELY(s[k] == '\n' || s[k] == '\r'))
			eol(L, k);
	L->i = end;
}

static inline int is_eol(char c) { return c == '\n' || c == '\r'; }

static inline size_t abs_offset(const lexer *L, size_t pos)
{
	const hamle_game *g = L->g;
	return LIKELY(g->map_len == 0) ? L->base + pos : g->offset + pgn_game_raw_pos(g, pos);
}

/* A finding with an English printf message (FINDING_T gives one in the messages language). */
#define FINDING(L, sev, code, id, line, col, pos, tok, toklen, ...) \
	do { \
		if (pgn_game_add_finding((L)->g, sev, code, id, line, col, abs_offset(L, pos), tok, toklen, \
			    __VA_ARGS__) < 0) { \
			(L)->err = HAMLE_ENOMEM; \
			(L)->stop = 1; \
		} \
	} while (0)

/* A finding whose message is the messages locale's template `key` (English: `english`). */
#define FINDING_T(L, sev, code, id, line, col, pos, tok, toklen, key, english, nargs, args) \
	do { \
		if (pgn_game_add_finding_t((L)->g, sev, code, id, line, col, abs_offset(L, pos), tok, toklen, \
			    key, english, nargs, args) < 0) { \
			(L)->err = HAMLE_ENOMEM; \
			(L)->stop = 1; \
		} \
	} while (0)
#define SYNTAX(L, line, col, pos, tok, toklen, key, english) \
	FINDING_T(L, HAMLE_SEVERITY_ERROR, HAMLE_ESYNTAX, "syntax", line, col, pos, tok, toklen, key, english, 0, NULL)

/* A limit struck: template `key` (English: `english`) with the limit, and nothing more is read. */
static void limit(lexer *L, size_t line, size_t column, size_t pos, const char *key, const char *english,
	size_t max)
{
	char n[24];
	snprintf(n, sizeof(n), "%zu", max);
	const char *args[1] = {n};
	FINDING_T(L, HAMLE_SEVERITY_ERROR, HAMLE_ELIMIT, "limit", line, column, pos, L->s + pos,
		L->len - pos < 16 ? L->len - pos : 16, key, english, 1, args);
	L->stop = 1;
}

static inline hamle_token *emit(lexer *L, unsigned int kind, size_t start, size_t end, size_t line,
	size_t column, unsigned int flags, unsigned int value)
{
	hamle_game *g = L->g;
	if (UNLIKELY(g->ntokens >= L->token_room)) {
		if (g->ntokens >= L->lim->max_tokens) {
			limit(L, line, column, start, "limit_tokens",
				"number of movetext tokens exceeds the limit of %s; rest of the game not read",
				L->lim->max_tokens);
			return NULL;
		}
		if (pgn_grow((void **)&g->tokens, &g->tokens_cap, g->ntokens + 1, sizeof(*g->tokens)) < 0) {
			L->err = HAMLE_ENOMEM;
			L->stop = 1;
			return NULL;
		}
		L->token_room = g->tokens_cap < L->lim->max_tokens ? g->tokens_cap : L->lim->max_tokens;
	}
	hamle_token *t = &g->tokens[g->ntokens++];
	if (kind == HAMLE_TOKEN_MOVE && end > start) {
		unsigned char c = (unsigned char)L->s[start];
		g->move_first[c >> 6] |= (uint64_t)1 << (c & 63);
	}
	t->text = L->s + start;
	t->len = end - start;
	t->line = line;
	t->column = column;
	t->offset = abs_offset(L, start);
	t->depth = L->depth32;
	t->kind = kind;
	t->flags = flags;
	t->value = value;
	return t;
}

/* Makes room for n more bytes in g->strs. */
static int strs_room(lexer *L, size_t n)
{
	hamle_game *g = L->g;
	if (g->strs_len + n > g->strs_cap && pgn_grow((void **)&g->strs, &g->strs_cap, g->strs_len + n, 1) < 0) {
		L->err = HAMLE_ENOMEM;
		L->stop = 1;
		return -1;
	}
	return 0;
}

static inline int strs_put(lexer *L, const char *p, size_t n)
{
	hamle_game *g = L->g;
	if (n == 0)
		return 0;
	if (UNLIKELY(g->strs_len + n > g->strs_cap) && strs_room(L, n) < 0)
		return -1;
	char *d = g->strs + g->strs_len;
	if (n <= 32) { /* tag names and most values: no call */
		for (size_t k = 0; k < n; k++)
			d[k] = p[k];
	} else {
		memcpy(d, p, n);
	}
	g->strs_len += n;
	return 0;
}

static int strs_push(lexer *L, char c)
{
	return strs_put(L, &c, 1);
}

static inline int is_ws(char c) { return cls[(unsigned char)c] == C_WS; }

static void skip_ws(lexer *L)
{
	while (L->i < L->len && is_ws(L->s[L->i])) {
		if (is_eol(L->s[L->i]))
			eol(L, L->i);
		L->i++;
	}
}

/* The value of a quoted tag, after its '"': unescaped into g->strs up to the closing '"' (sets
 * *closed) or the end of the line. Returns -1 when lexing stops (limit, memory). */
static int lex_tag_string(lexer *L, size_t value_off, size_t tline, size_t tcol, size_t tpos, int *closed)
{
	hamle_game *g = L->g;
	const char *s = L->s;
	size_t max = L->lim->max_tag_bytes;
	for (;;) {
		size_t i = L->i;
		if (i >= L->len || is_eol(s[i]))
			return 0;
		if (g->strs_len - value_off >= max) {
			limit(L, tline, tcol, tpos, "limit_tag_value",
				"tag value length exceeds the limit of %s; rest of the game not read", max);
			return -1;
		}
		char c = s[i];
		if (c == '"') {
			L->i = i + 1;
			*closed = 1;
			return 0;
		}
		if (c == '\\') {
			if (i + 1 < L->len && (s[i + 1] == '"' || s[i + 1] == '\\')) {
				i++;
				c = s[i];
			} else {
				FINDING_T(L, HAMLE_SEVERITY_WARNING, HAMLE_ESYNTAX, "bad-escape", L->line, col(L, i), i,
					s + i, i + 1 < L->len ? 2 : 1, "bad_escape",
					"backslash not followed by '\"' or '\\' in a tag value: kept literally", 0, NULL);
			}
			if (strs_push(L, c) < 0)
				return -1;
			L->i = i + 1;
			continue;
		}
		/* a run of plain characters, cut where the value reaches its limit */
		size_t e = i + 1;
		while (e < L->len && !value_stop[(unsigned char)s[e]])
			e++;
		size_t room = max - (g->strs_len - value_off);
		if (e - i > room)
			e = i + room;
		if (strs_put(L, s + i, e - i) < 0)
			return -1;
		L->i = e;
	}
}

/* '[' name "value" ']' ; values unescaped into g->strs (offsets fixed up after lexing). */
static void lex_tag(lexer *L, int in_movetext)
{
	hamle_game *g = L->g;
	const char *s = L->s;
	size_t tline = L->line, tcol = col(L, L->i), tpos = L->i;
	if (in_movetext)
		SYNTAX(L, tline, tcol, tpos, "[", 1, "tag_in_movetext", "tag pair inside movetext");
	L->i++;
	skip_ws(L);
	size_t name_off = g->strs_len, ns = L->i, ne = ns;
	while (ne < L->len && !is_ws(s[ne]) && s[ne] != '"' && s[ne] != ']' && s[ne] != '[')
		ne++;
	if (ne - ns > L->lim->max_tag_bytes) {
		if (strs_put(L, s + ns, L->lim->max_tag_bytes) < 0)
			return;
		L->i = ns + L->lim->max_tag_bytes;
		limit(L, tline, tcol, tpos, "limit_tag_name",
			"tag name length exceeds the limit of %s; rest of the game not read", L->lim->max_tag_bytes);
		return;
	}
	if (strs_put(L, s + ns, ne - ns) < 0)
		return;
	L->i = ne;
	if (ne == ns)
		SYNTAX(L, tline, tcol, tpos, "[", 1, "tag_without_name", "tag pair without a name");
	if (strs_push(L, '\0') < 0)
		return;
	skip_ws(L);
	size_t value_off = g->strs_len;
	int closed = 0;
	if (L->i < L->len && s[L->i] == '"') {
		L->i++;
		if (lex_tag_string(L, value_off, tline, tcol, tpos, &closed) < 0)
			return;
		if (!closed) {
			SYNTAX(L, tline, tcol, tpos, s + tpos, L->i - tpos, "tag_value_unclosed",
				"tag value without its closing '\"'");
			/* `[Name "value]` at the end of a line: the ']' closes the tag */
			if (g->strs_len > value_off && g->strs[g->strs_len - 1] == ']') {
				g->strs_len--;
				closed = 2;
			}
		}
	} else {
		size_t e = L->i;
		while (e < L->len && s[e] != ']' && !is_eol(s[e]))
			e++;
		size_t max = L->lim->max_tag_bytes;
		if (e - L->i > max) {
			/* the limit strikes before the character after the first max ones */
			if (strs_put(L, s + L->i, max) < 0)
				return;
			L->i += max;
			limit(L, tline, tcol, tpos, "limit_tag_value",
				"tag value length exceeds the limit of %s; rest of the game not read", max);
			return;
		}
		if (strs_put(L, s + L->i, e - L->i) < 0)
			return;
		L->i = e;
		while (g->strs_len > value_off && is_ws(g->strs[g->strs_len - 1]))
			g->strs_len--;
		SYNTAX(L, tline, tcol, tpos, s + tpos, L->i - tpos, "tag_value_unquoted", "tag value without quotes");
	}
	size_t value_len = g->strs_len - value_off;
	if (strs_push(L, '\0') < 0)
		return;
	if (closed != 2) {
		size_t save_i = L->i, save_line = L->line, save_ls = L->ls, save_lcol = L->lcol;
		skip_ws(L);
		if (L->i < L->len && s[L->i] == ']') {
			L->i++;
		} else {
			L->i = save_i;
			L->line = save_line;
			L->ls = save_ls;
			L->lcol = save_lcol;
			SYNTAX(L, tline, tcol, tpos, s + tpos, L->i - tpos, "tag_unclosed",
				"tag pair without its closing ']'");
		}
	}
	if (g->ntags == g->tags_cap && pgn_grow((void **)&g->tags, &g->tags_cap, g->ntags + 1, sizeof(*g->tags)) < 0) {
		L->err = HAMLE_ENOMEM;
		L->stop = 1;
		return;
	}
	hamle_tag *t = &g->tags[g->ntags++];
	/* offsets into g->strs until pgn_lex fixes the pointers (strs may move while growing) */
	t->name = (const char *)(uintptr_t)name_off;
	t->value = (const char *)(uintptr_t)value_off;
	t->value_len = value_len;
	t->line = tline;
	t->column = tcol;
	t->offset = abs_offset(L, tpos);
}

/* { comment } or ; comment or % escape line */
static void lex_comment(lexer *L)
{
	size_t line = L->line, column = col(L, L->i), pos = L->i;
	char c = L->s[pos];
	size_t cs = pos + 1, ce;
	unsigned int flags = 0, kind = HAMLE_TOKEN_COMMENT;
	if (c == '{') {
		const char *close = memchr(L->s + cs, '}', L->len - cs);
		ce = close ? (size_t)(close - L->s) : L->len;
		if (!close)
			flags |= HAMLE_TOKEN_UNTERMINATED;
	} else {
		ce = cs;
		while (ce < L->len && !is_eol(L->s[ce]))
			ce++;
		if (c == ';')
			flags |= HAMLE_TOKEN_LINE_COMMENT;
		else
			kind = HAMLE_TOKEN_ESCAPE;
	}
	if (ce - cs > L->lim->max_comment_bytes) {
		limit(L, line, column, pos, "limit_comment",
			"comment length exceeds the limit of %s; rest of the game not read", L->lim->max_comment_bytes);
		return;
	}
	if (flags & HAMLE_TOKEN_UNTERMINATED)
		SYNTAX(L, line, column, pos, "{", 1, "comment_unterminated",
			"unterminated comment: '{' without '}' before the end of the game");
	hamle_token *t = emit(L, kind, cs, ce, line, column, flags, 0);
	if (!t)
		return;
	t->offset = abs_offset(L, pos); /* the position of '{', ';' or '%' */
	if (c == '{')
		adv_to(L, ce < L->len ? ce + 1 : ce);
	else
		L->i = ce; /* no line end inside */
}

/* Leading dots ("...", "…") from p; returns the position after them and adds their count. */
static inline size_t skip_dots(const char *s, size_t p, size_t end, size_t *dots)
{
	while (p < end) {
		if (s[p] == '.') {
			p++;
			(*dots)++;
		} else if (UNLIKELY((unsigned char)s[p] == 0xE2) && end - p >= 3 && memcmp(s + p, "\xE2\x80\xA6", 3) == 0) {
			p += 3;
			*dots += 3;
		} else {
			break;
		}
	}
	return p;
}

/* digits, dots, glyphs, e.p. and moves inside one maximal run [start, end) */
static void lex_word(lexer *L, size_t start, size_t end)
{
	hamle_game *g = L->g;
	size_t line = L->line;
	const char *s = L->s;
	unsigned char c0 = (unsigned char)s[start];
	unsigned char last = (unsigned char)s[end - 1];
	if (LIKELY(((c0 | 0x20) >= 'a' && (c0 | 0x20) <= 'z') && last != '!' && last != '?' && last != '.')) {
		/* the common case, a move: no number, result, glyph or "e.p." can be inside */
		emit(L, HAMLE_TOKEN_MOVE, start, end, line, col(L, start), 0, (unsigned int)(end - start));
		L->i = end;
		return;
	}
	if (pgn_may_be_result((const unsigned char *)s + start, end - start)) {
		hamle_result res = hamle_result_parse(s + start, end - start);
		if (res != HAMLE_RESULT_NONE) {
			if (emit(L, HAMLE_TOKEN_RESULT, start, end, line, col(L, start), 0, res) && L->depth == 0)
				g->result = res;
			L->i = end;
			return;
		}
	}
	size_t p = start;
	unsigned int mflags = 0;
	while (p < end && s[p] >= '0' && s[p] <= '9')
		p++;
	if (p > start) {
		unsigned long num = 0;
		for (size_t k = start; k < p; k++)
			num = num > 100000000UL ? num : num * 10 + (unsigned long)(s[k] - '0');
		size_t dots = 0;
		size_t q = skip_dots(s, p, end, &dots);
		int number = 0;
		if (p == end && end < L->len && s[end] == ')') {
			end++; /* "12)" */
			q = end;
			number = 1;
		} else if (p == end || dots > 0) {
			number = 1;
		}
		if (number) {
			if (!emit(L, HAMLE_TOKEN_MOVE_NUMBER, start, q, line, col(L, start),
				    dots >= 2 ? HAMLE_TOKEN_BLACK : 0, (unsigned int)num))
				return;
			p = q;
			mflags = HAMLE_TOKEN_GLUED;
			unsigned char cm = (unsigned char)s[p], ce = (unsigned char)s[end - 1];
			if (p < end && (cm | 0x20) >= 'a' && (cm | 0x20) <= 'z' && ce != '!' && ce != '?' && ce != '.') {
				/* "1.e4": the move glued to its number (no dots, glyph or "e.p." inside) */
				emit(L, HAMLE_TOKEN_MOVE, p, end, line, col(L, p), HAMLE_TOKEN_GLUED,
					(unsigned int)(end - p));
				L->i = end;
				return;
			}
		} else {
			p = start; /* "0-0", "1e4"...: a move */
		}
	} else {
		p = start;
	}
	/* leading dots of "...Nf6" or a standalone "..." */
	size_t dots = 0;
	p = skip_dots(s, p, end, &dots);
	if (dots >= 2 && g->ntokens && g->tokens[g->ntokens - 1].kind == HAMLE_TOKEN_MOVE_NUMBER)
		g->tokens[g->ntokens - 1].flags |= HAMLE_TOKEN_BLACK;
	size_t me = end;
	if (p < me) {
		size_t wl = me - p;
		unsigned int nag = pgn_glyph_nag(s + p, wl);
		hamle_token *prev = g->ntokens ? &g->tokens[g->ntokens - 1] : NULL;
		if (nag) {
			emit(L, HAMLE_TOKEN_NAG, p, me, line, col(L, p), 0, nag);
		} else if (wl == 4 && memcmp(s + p, "e.p.", 4) == 0 && prev && prev->kind == HAMLE_TOKEN_MOVE &&
			   !(prev->flags & HAMLE_TOKEN_EP) && prev->text + prev->len <= s + p) {
			/* "exd6 e.p.": the marker joins the move before it */
			prev->len = (size_t)(s + me - prev->text);
			prev->flags |= HAMLE_TOKEN_EP;
		} else {
			size_t ge = me; /* suffix glyph "!?" etc. */
			while (ge > p + 1 && me - ge < 2 && (s[ge - 1] == '!' || s[ge - 1] == '?'))
				ge--;
			if (ge == me || !pgn_glyph_nag(s + ge, me - ge))
				ge = me;
			size_t ee = ge;
			unsigned int core = 0;
			if (ee - p > 4 && memcmp(s + ee - 4, "e.p.", 4) == 0) {
				mflags |= HAMLE_TOKEN_EP;
				core = (unsigned int)(ee - 4 - p);
			} else {
				while (ee > p + 1 && s[ee - 1] == '.')
					ee--; /* "Kc8." */
				core = (unsigned int)(ee - p);
			}
			if (emit(L, HAMLE_TOKEN_MOVE, p, ee, line, col(L, p), mflags, core) && ge < me)
				emit(L, HAMLE_TOKEN_NAG, ge, me, line, col(L, ge), HAMLE_TOKEN_GLUED,
					pgn_glyph_nag(s + ge, me - ge));
		}
	}
	L->i = end;
}

static void lex_movetext_char(lexer *L)
{
	const char *s = L->s;
	size_t i = L->i;
	char c = s[i];
	switch (c) {
	case '{':
	case ';':
		lex_comment(L);
		return;
	case '(':
		if (i + 2 < L->len && s[i + 1] == '=' && s[i + 2] == ')') {
			emit(L, HAMLE_TOKEN_DRAW_OFFER, i, i + 3, L->line, col(L, i), 0, 0);
			L->i = i + 3;
			return;
		}
		if (L->depth >= L->lim->max_depth) {
			limit(L, L->line, col(L, i), i, "limit_depth",
				"variation nesting depth exceeds the limit of %s; rest of the game not read",
				L->lim->max_depth);
			return;
		}
		L->depth++;
		L->depth32 = (unsigned int)(L->depth > UINT32_MAX ? UINT32_MAX : L->depth);
		emit(L, HAMLE_TOKEN_VAR_START, i, i + 1, L->line, col(L, i), 0, 0);
		L->i = i + 1;
		return;
	case ')':
		if (L->depth == 0) {
			SYNTAX(L, L->line, col(L, i), i, ")", 1, "variation_unopened", "')' without a variation to close");
		} else {
			emit(L, HAMLE_TOKEN_VAR_END, i, i + 1, L->line, col(L, i), 0, 0);
			L->depth--;
			L->depth32 = (unsigned int)(L->depth > UINT32_MAX ? UINT32_MAX : L->depth);
		}
		L->i = i + 1;
		return;
	case '$': {
		size_t e = i + 1;
		unsigned long v = 0;
		while (e < L->len && s[e] >= '0' && s[e] <= '9') {
			v = v > 255 ? v : v * 10 + (unsigned long)(s[e] - '0');
			e++;
		}
		if (e == i + 1) {
			SYNTAX(L, L->line, col(L, i), i, "$", 1, "nag_without_number", "'$' without a number");
			L->i = i + 1;
			return;
		}
		unsigned int flags = 0;
		if (v > 255) {
			/* kept as written (the writer writes its text back), never clamped */
			FINDING_T(L, HAMLE_SEVERITY_WARNING, HAMLE_ESYNTAX, "bad-nag", L->line, col(L, i), i, s + i, e - i,
				"nag_out_of_range", "NAG out of range (PGN has $0 to $255): kept as written", 0, NULL);
			flags = HAMLE_TOKEN_OUT_OF_RANGE;
			v = 0;
		}
		emit(L, HAMLE_TOKEN_NAG, i, e, L->line, col(L, i), flags, (unsigned int)v);
		L->i = e;
		return;
	}
	case '}': case ']': case '"': case '<': case '>':
		{
			char ch[2] = {c, '\0'};
			const char *args[1] = {ch};
			FINDING_T(L, HAMLE_SEVERITY_ERROR, HAMLE_ESYNTAX, "syntax", L->line, col(L, i), i, s + i, 1,
				"stray_in_movetext", "stray '%s' in movetext", 1, args);
		}
		L->i = i + 1;
		return;
	default: {
		size_t e = i;
		for (;;) {
			/* the text is padded after its NUL (PGN_TEXT_PAD), so 16 bytes can be read up to it */
			unsigned m;
			while (!(m = pgn_stop_mask16((const unsigned char *)s + e, 1)))
				e += 16;
			e += pgn_ctz(m);
			unsigned char b = (unsigned char)s[e];
			if (UNLIKELY(b == 0)) {
				if (e < L->len) { /* a NUL inside the text */
					e++;
					continue;
				}
				break;
			}
			/* "d8(Q)": one character in parentheses glued to a move belongs to it */
			if (b == '(' && e > i && e + 2 < L->len && s[e + 1] != '=' && !cls[(unsigned char)s[e + 1]]) {
				size_t k = e + 2;
				while (k < L->len && ((unsigned char)s[k] & 0xC0) == 0x80)
					k++;
				if (k < L->len && s[k] == ')' && k - e <= 5) {
					e = k + 1;
					continue;
				}
			}
			break;
		}
		lex_word(L, i, e);
		return;
	}
	}
}

/* Whether s[0..n) is all ASCII (8 bytes at a time). */
static int all_ascii(const char *s, size_t n)
{
	size_t k = 0;
	for (; k + 8 <= n; k += 8) {
		uint64_t w;
		memcpy(&w, s + k, 8);
		if (w & 0x8080808080808080ULL)
			return 0;
	}
	for (; k < n; k++)
		if ((unsigned char)s[k] & 0x80)
			return 0;
	return 1;
}

int pgn_lex(hamle_game *g, const pgn_limits *lim, size_t start_line, size_t start_column, int tags_only)
{
	lexer L;
	memset(&L, 0, sizeof(L));
	L.g = g;
	L.lim = lim;
	L.s = g->text;
	L.len = g->text_len;
	L.line = start_line;
	L.lcol = L.ccol = start_column;
	L.base = g->offset;
	L.token_room = g->tokens_cap < lim->max_tokens ? g->tokens_cap : lim->max_tokens;
	L.ascii = g->text_ascii >= 0 ? g->text_ascii : all_ascii(g->text, g->text_len);
	L.tags_only = tags_only;
	int in_movetext = 0;
	const char *s = L.s;
	while (L.i < L.len && !L.stop) {
		char c = s[L.i];
		if (c == ' ') { /* the most frequent byte */
			L.i++;
			continue;
		}
		if (is_ws(c)) {
			if (is_eol(c))
				eol(&L, L.i);
			L.i++;
			continue;
		}
		if (UNLIKELY(c == '%') && col(&L, L.i) == 1) {
			if (tags_only && in_movetext)
				break;
			lex_comment(&L);
			continue;
		}
		if (c == '[') {
			lex_tag(&L, in_movetext);
			continue;
		}
		if (tags_only)
			break;
		in_movetext = 1;
		lex_movetext_char(&L);
	}
	g->movetext_at = L.i;
	for (size_t k = 0; k < g->ntags; k++) {
		g->tags[k].name = g->strs + (uintptr_t)g->tags[k].name;
		g->tags[k].value = g->strs + (uintptr_t)g->tags[k].value;
	}
	return L.err;
}
