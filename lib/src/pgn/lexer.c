/* lexer.c: tokenizer for one game (tags, movetext tokens with line/column/offset). Knows nothing of
 * chess rules: a move is a maximal run of non-delimiter characters. */
#include <stdint.h>
#include <string.h>

#include "pgn/lexer.h"

enum { C_WS = 1, C_DELIM = 2 };

/* 1 = whitespace, 2 = other delimiter ends a word */
static const unsigned char cls[256] = {
	[' '] = C_WS, ['\t'] = C_WS, ['\n'] = C_WS, ['\r'] = C_WS, ['\v'] = C_WS, ['\f'] = C_WS,
	['{'] = C_DELIM, ['}'] = C_DELIM, ['('] = C_DELIM, [')'] = C_DELIM, ['['] = C_DELIM,
	[']'] = C_DELIM, [';'] = C_DELIM, ['"'] = C_DELIM, ['$'] = C_DELIM, ['<'] = C_DELIM,
	['>'] = C_DELIM,
};

typedef struct lexer {
	hamle_game *g;
	const pgn_limits *lim;
	const char *s;
	size_t len, i;
	size_t line, col; /* of s[i] */
	size_t depth;
	int tags_only, stop, err;
} lexer;

static const struct { const char *text; unsigned int nag; } glyphs[] = {
	{ "!", 1 }, { "?", 2 }, { "!!", 3 }, { "??", 4 }, { "!?", 5 }, { "?!", 6 },
	{ "\xE2\x96\xA1", 7 } /* □ */, { "=", 10 }, { "\xE2\x88\x9E", 13 } /* ∞ */,
	{ "+/=", 14 }, { "\xE2\xA9\xB2", 14 } /* ⩲ */, { "=/+", 15 }, { "\xE2\xA9\xB1", 15 } /* ⩱ */,
	{ "+/-", 16 }, { "\xC2\xB1", 16 } /* ± */, { "-/+", 17 }, { "\xE2\x88\x93", 17 } /* ∓ */,
	{ "+-", 18 }, { "-+", 19 },
};

unsigned int pgn_glyph_nag(const char *text, size_t len)
{
	unsigned char c = len ? (unsigned char)text[0] : 0;
	if (len == 0 || len > 3 || !(c == '!' || c == '?' || c == '=' || c == '+' || c == '-' || c == 0xE2 || c == 0xC2))
		return 0; /* quick reject */
	for (size_t k = 0; k < sizeof(glyphs) / sizeof(glyphs[0]); k++)
		if (strlen(glyphs[k].text) == len && memcmp(glyphs[k].text, text, len) == 0)
			return glyphs[k].nag;
	return 0;
}

static void adv(lexer *L)
{
	unsigned char c = (unsigned char)L->s[L->i++];
	if (c == '\n') {
		L->line++;
		L->col = 1;
	} else if (c == '\r') {
		if (L->i < L->len && L->s[L->i] == '\n') {
			L->col++;
		} else {
			L->line++;
			L->col = 1;
		}
	} else if ((c & 0xC0) != 0x80) {
		L->col++;
	}
}

/* Advances over a run without line ends (a word). */
static void adv_word(lexer *L, size_t end)
{
	for (size_t k = L->i; k < end; k++)
		L->col += ((unsigned char)L->s[k] & 0xC0) != 0x80;
	L->i = end;
}

static void adv_to(lexer *L, size_t end)
{
	while (L->i < end)
		adv(L);
}

/* Column of position pos on the current line, given that position i is at column col. */
static size_t col_at(const lexer *L, size_t from, size_t from_col, size_t pos)
{
	for (size_t k = from; k < pos; k++)
		if (((unsigned char)L->s[k] & 0xC0) != 0x80)
			from_col++;
	return from_col;
}

static size_t abs_offset(const lexer *L, size_t pos)
{
	return L->g->offset + pgn_game_raw_pos(L->g, pos);
}

#define FINDING(L, sev, code, id, line, col, pos, tok, toklen, ...) \
	do { \
		if (pgn_game_add_finding((L)->g, sev, code, id, line, col, abs_offset(L, pos), tok, toklen, \
			    __VA_ARGS__) < 0) { \
			(L)->err = HAMLE_ENOMEM; \
			(L)->stop = 1; \
		} \
	} while (0)

static void limit(lexer *L, size_t line, size_t col, size_t pos, const char *what, size_t max)
{
	FINDING(L, HAMLE_SEVERITY_ERROR, HAMLE_ELIMIT, "limit", line, col, pos, L->s + pos,
		L->len - pos < 16 ? L->len - pos : 16, "%s exceeds the limit of %zu; rest of the game not read",
		what, max);
	L->stop = 1;
}

static hamle_token *emit(lexer *L, unsigned int kind, size_t start, size_t end, size_t line, size_t col,
	unsigned int flags, unsigned int value)
{
	hamle_game *g = L->g;
	if (g->ntokens >= L->lim->max_tokens) {
		limit(L, line, col, start, "number of movetext tokens", L->lim->max_tokens);
		return NULL;
	}
	if (g->ntokens == g->tokens_cap &&
	    pgn_grow((void **)&g->tokens, &g->tokens_cap, g->ntokens + 1, sizeof(*g->tokens)) < 0) {
		L->err = HAMLE_ENOMEM;
		L->stop = 1;
		return NULL;
	}
	hamle_token *t = &g->tokens[g->ntokens++];
	t->text = L->s + start;
	t->len = end - start;
	t->line = line;
	t->column = col;
	t->offset = abs_offset(L, start);
	t->depth = (unsigned int)(L->depth > UINT32_MAX ? UINT32_MAX : L->depth);
	t->kind = kind;
	t->flags = flags;
	t->value = value;
	return t;
}

static int strs_push(lexer *L, char c)
{
	hamle_game *g = L->g;
	if (g->strs_len == g->strs_cap && pgn_grow((void **)&g->strs, &g->strs_cap, g->strs_len + 1, 1) < 0) {
		L->err = HAMLE_ENOMEM;
		L->stop = 1;
		return -1;
	}
	g->strs[g->strs_len++] = c;
	return 0;
}

static int is_ws(char c) { return cls[(unsigned char)c] == C_WS; }
static int is_eol(char c) { return c == '\n' || c == '\r'; }

static void skip_ws(lexer *L)
{
	while (L->i < L->len && is_ws(L->s[L->i]))
		adv(L);
}

/* '[' name "value" ']' ; values unescaped into g->strs (offsets fixed up after lexing). */
static void lex_tag(lexer *L, int in_movetext)
{
	hamle_game *g = L->g;
	size_t tline = L->line, tcol = L->col, tpos = L->i;
	if (in_movetext)
		FINDING(L, HAMLE_SEVERITY_ERROR, HAMLE_ESYNTAX, "syntax", tline, tcol, tpos, "[", 1,
			"tag pair inside movetext");
	adv(L);
	skip_ws(L);
	size_t name_off = g->strs_len, ns = L->i;
	while (L->i < L->len && !is_ws(L->s[L->i]) && L->s[L->i] != '"' && L->s[L->i] != ']' && L->s[L->i] != '[') {
		if (L->i - ns >= L->lim->max_tag_bytes) {
			limit(L, tline, tcol, tpos, "tag name length", L->lim->max_tag_bytes);
			return;
		}
		if (strs_push(L, L->s[L->i]) < 0)
			return;
		adv(L);
	}
	if (L->i == ns)
		FINDING(L, HAMLE_SEVERITY_ERROR, HAMLE_ESYNTAX, "syntax", tline, tcol, tpos, "[", 1,
			"tag pair without a name");
	if (strs_push(L, '\0') < 0)
		return;
	skip_ws(L);
	size_t value_off = g->strs_len, vstart = L->i;
	int closed = 0;
	if (L->i < L->len && L->s[L->i] == '"') {
		adv(L);
		vstart = L->i;
		while (L->i < L->len && !is_eol(L->s[L->i])) {
			char c = L->s[L->i];
			if (g->strs_len - value_off >= L->lim->max_tag_bytes) {
				limit(L, tline, tcol, tpos, "tag value length", L->lim->max_tag_bytes);
				return;
			}
			if (c == '"') {
				adv(L);
				closed = 1;
				break;
			}
			if (c == '\\' && L->i + 1 < L->len && (L->s[L->i + 1] == '"' || L->s[L->i + 1] == '\\')) {
				adv(L);
				c = L->s[L->i];
			} else if (c == '\\') {
				FINDING(L, HAMLE_SEVERITY_WARNING, HAMLE_ESYNTAX, "bad-escape", L->line, L->col, L->i,
					L->s + L->i, L->i + 1 < L->len ? 2 : 1,
					"backslash not followed by '\"' or '\\' in a tag value: kept literally");
			}
			if (strs_push(L, c) < 0)
				return;
			adv(L);
		}
		if (!closed) {
			FINDING(L, HAMLE_SEVERITY_ERROR, HAMLE_ESYNTAX, "syntax", tline, tcol, tpos, L->s + tpos,
				L->i - tpos, "tag value without its closing '\"'");
			/* `[Name "value]` at the end of a line: the ']' closes the tag */
			if (g->strs_len > value_off && g->strs[g->strs_len - 1] == ']') {
				g->strs_len--;
				closed = 2;
			}
		}
	} else {
		while (L->i < L->len && L->s[L->i] != ']' && !is_eol(L->s[L->i])) {
			if (g->strs_len - value_off >= L->lim->max_tag_bytes) {
				limit(L, tline, tcol, tpos, "tag value length", L->lim->max_tag_bytes);
				return;
			}
			if (strs_push(L, L->s[L->i]) < 0)
				return;
			adv(L);
		}
		while (g->strs_len > value_off && is_ws(g->strs[g->strs_len - 1]))
			g->strs_len--;
		FINDING(L, HAMLE_SEVERITY_ERROR, HAMLE_ESYNTAX, "syntax", tline, tcol, tpos, L->s + tpos,
			L->i - tpos, "tag value without quotes");
	}
	(void)vstart;
	size_t value_len = g->strs_len - value_off;
	if (strs_push(L, '\0') < 0)
		return;
	if (closed != 2) {
		size_t save_i = L->i, save_line = L->line, save_col = L->col;
		skip_ws(L);
		if (L->i < L->len && L->s[L->i] == ']') {
			adv(L);
		} else {
			L->i = save_i;
			L->line = save_line;
			L->col = save_col;
			FINDING(L, HAMLE_SEVERITY_ERROR, HAMLE_ESYNTAX, "syntax", tline, tcol, tpos, L->s + tpos,
				L->i - tpos, "tag pair without its closing ']'");
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
	size_t line = L->line, col = L->col, pos = L->i;
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
		limit(L, line, col, pos, "comment length", L->lim->max_comment_bytes);
		return;
	}
	if (flags & HAMLE_TOKEN_UNTERMINATED)
		FINDING(L, HAMLE_SEVERITY_ERROR, HAMLE_ESYNTAX, "syntax", line, col, pos, "{", 1,
			"unterminated comment: '{' without '}' before the end of the game");
	hamle_token *t = emit(L, kind, cs, ce, line, col, flags, 0);
	if (!t)
		return;
	t->offset = abs_offset(L, pos); /* the position of '{', ';' or '%' */
	adv_to(L, ce < L->len && c == '{' ? ce + 1 : ce);
}

/* digits, dots, glyphs, e.p. and moves inside one maximal run [start, end) */
static void lex_word(lexer *L, size_t start, size_t end)
{
	hamle_game *g = L->g;
	size_t line = L->line, col0 = L->col;
	const char *s = L->s;
	hamle_result res = hamle_result_parse(s + start, end - start);
	if (res != HAMLE_RESULT_NONE) {
		if (emit(L, HAMLE_TOKEN_RESULT, start, end, line, col0, 0, res) && L->depth == 0)
			g->result = res;
		adv_word(L, end);
		return;
	}
	size_t p = start;
	unsigned int mflags = 0;
	while (p < end && s[p] >= '0' && s[p] <= '9')
		p++;
	if (p > start) {
		unsigned long num = 0;
		for (size_t k = start; k < p; k++)
			num = num > 100000000UL ? num : num * 10 + (unsigned long)(s[k] - '0');
		size_t q = p, dots = 0;
		while (q < end) {
			if (s[q] == '.') {
				q++;
				dots++;
			} else if (end - q >= 3 && memcmp(s + q, "\xE2\x80\xA6", 3) == 0) {
				q += 3;
				dots += 3;
			} else {
				break;
			}
		}
		int number = 0;
		if (p == end && end < L->len && s[end] == ')') {
			end++; /* "12)" */
			q = end;
			number = 1;
		} else if (p == end || dots > 0) {
			number = 1;
		}
		if (number) {
			if (!emit(L, HAMLE_TOKEN_MOVE_NUMBER, start, q, line, col0, dots >= 2 ? HAMLE_TOKEN_BLACK : 0,
				    (unsigned int)num))
				return;
			p = q;
			mflags = HAMLE_TOKEN_GLUED;
		} else {
			p = start; /* "0-0", "1e4"...: a move */
		}
	} else {
		p = start;
	}
	/* leading dots of "...Nf6" or a standalone "..." */
	size_t dots = 0;
	while (p < end) {
		if (s[p] == '.') {
			p++;
			dots++;
		} else if (end - p >= 3 && memcmp(s + p, "\xE2\x80\xA6", 3) == 0) {
			p += 3;
			dots += 3;
		} else {
			break;
		}
	}
	if (dots >= 2 && g->ntokens && g->tokens[g->ntokens - 1].kind == HAMLE_TOKEN_MOVE_NUMBER)
		g->tokens[g->ntokens - 1].flags |= HAMLE_TOKEN_BLACK;
	size_t me = end;
	if (p < me) {
		size_t wl = me - p;
		unsigned int nag = pgn_glyph_nag(s + p, wl);
		hamle_token *prev = g->ntokens ? &g->tokens[g->ntokens - 1] : NULL;
		if (nag) {
			emit(L, HAMLE_TOKEN_NAG, p, me, line, col_at(L, start, col0, p), 0, nag);
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
			if (emit(L, HAMLE_TOKEN_MOVE, p, ee, line, col_at(L, start, col0, p), mflags, core) && ge < me)
				emit(L, HAMLE_TOKEN_NAG, ge, me, line, col_at(L, start, col0, ge), HAMLE_TOKEN_GLUED,
					pgn_glyph_nag(s + ge, me - ge));
		}
	}
	adv_word(L, end);
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
			emit(L, HAMLE_TOKEN_DRAW_OFFER, i, i + 3, L->line, L->col, 0, 0);
			adv_to(L, i + 3);
			return;
		}
		if (L->depth >= L->lim->max_depth) {
			limit(L, L->line, L->col, i, "variation nesting depth", L->lim->max_depth);
			return;
		}
		L->depth++;
		emit(L, HAMLE_TOKEN_VAR_START, i, i + 1, L->line, L->col, 0, 0);
		adv(L);
		return;
	case ')':
		if (L->depth == 0) {
			FINDING(L, HAMLE_SEVERITY_ERROR, HAMLE_ESYNTAX, "syntax", L->line, L->col, i, ")", 1,
				"')' without a variation to close");
		} else {
			emit(L, HAMLE_TOKEN_VAR_END, i, i + 1, L->line, L->col, 0, 0);
			L->depth--;
		}
		adv(L);
		return;
	case '$': {
		size_t e = i + 1;
		unsigned long v = 0;
		while (e < L->len && s[e] >= '0' && s[e] <= '9') {
			v = v > 100000000UL ? v : v * 10 + (unsigned long)(s[e] - '0');
			e++;
		}
		if (e == i + 1) {
			FINDING(L, HAMLE_SEVERITY_ERROR, HAMLE_ESYNTAX, "syntax", L->line, L->col, i, "$", 1,
				"'$' without a number");
			adv(L);
			return;
		}
		emit(L, HAMLE_TOKEN_NAG, i, e, L->line, L->col, 0, (unsigned int)v);
		adv_to(L, e);
		return;
	}
	case '}': case ']': case '"': case '<': case '>':
		FINDING(L, HAMLE_SEVERITY_ERROR, HAMLE_ESYNTAX, "syntax", L->line, L->col, i, s + i, 1,
			"stray '%c' in movetext", c);
		adv(L);
		return;
	default: {
		size_t e = i;
		while (e < L->len) {
			unsigned char b = (unsigned char)s[e];
			if (!cls[b]) {
				e++;
				continue;
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

int pgn_lex(hamle_game *g, const pgn_limits *lim, size_t start_line, size_t start_column, int tags_only)
{
	lexer L = { g, lim, g->text, g->text_len, 0, start_line, start_column, 0, tags_only, 0, 0 };
	int in_movetext = 0;
	while (L.i < L.len && !L.stop) {
		char c = L.s[L.i];
		if (is_ws(c)) {
			adv(&L);
			continue;
		}
		if (c == '%' && L.col == 1) {
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
	for (size_t k = 0; k < g->ntags; k++) {
		g->tags[k].name = g->strs + (uintptr_t)g->tags[k].name;
		g->tags[k].value = g->strs + (uintptr_t)g->tags[k].value;
	}
	return L.err;
}
