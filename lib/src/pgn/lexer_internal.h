/* lexer_internal.h: the lexer's state and the helpers shared by its two halves: lexer.c (the
 * driver and the movetext tokens) and lexer_tags.c (tag pairs and comments). */
#ifndef HAMLE_PGN_LEXER_INTERNAL_H
#define HAMLE_PGN_LEXER_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "compiler.h"
#include "pgn/lexer.h"

enum { C_WS = 1, C_DELIM = 2 };

/* 1 = whitespace, 2 = other delimiter ends a word */
static const unsigned char pgn_lex_cls[256] = {
	[' '] = C_WS, ['\t'] = C_WS, ['\n'] = C_WS, ['\r'] = C_WS, ['\v'] = C_WS, ['\f'] = C_WS,
	['{'] = C_DELIM, ['}'] = C_DELIM, ['('] = C_DELIM, [')'] = C_DELIM, ['['] = C_DELIM,
	[']'] = C_DELIM, [';'] = C_DELIM, ['"'] = C_DELIM, ['$'] = C_DELIM, ['<'] = C_DELIM,
	['>'] = C_DELIM,
};

#include "compiler.h"

/* Positions: line of s[i] is counted at line ends; columns are computed when a token needs one,
 * from the start of its line (ls, whose column is lcol): in an ASCII text a column is a
 * subtraction, otherwise characters are counted from a checkpoint (cpos, ccol) on the line. */
typedef struct pgn_lexer {
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
	size_t limit_at; /* where a limit stopped lexing (set with stop by pgn_lex_limit) */
} pgn_lexer;

static inline size_t count_chars(const char *s, size_t n)
{
	size_t c = 0;
	for (size_t k = 0; k < n; k++)
		c += ((unsigned char)s[k] & 0xC0) != 0x80;
	return c;
}

/* Column of position pos on the current line. */
static inline size_t col(pgn_lexer *L, size_t pos)
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

/* Whether the line end at k (LF or CR) ends a line: a CR LF counts once, at its LF. */
static inline int eol_counts(const pgn_lexer *L, size_t k)
{
	return !(L->s[k] == '\r' && k + 1 < L->len && L->s[k + 1] == '\n');
}

static inline void eol(pgn_lexer *L, size_t k)
{
	if (!eol_counts(L, k))
		return;
	L->line++;
	L->ls = k + 1;
	L->lcol = 1;
}

static inline int is_eol(char c) { return c == '\n' || c == '\r'; }

static inline int is_ws(char c) { return pgn_lex_cls[(unsigned char)c] == C_WS; }

static inline size_t abs_offset(const pgn_lexer *L, size_t pos)
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
void pgn_lex_limit(pgn_lexer *L, size_t line, size_t column, size_t pos, const char *key, const char *english,
	size_t max);
/* Advances to end, counting the line ends on the way. */
void pgn_lex_adv_to(pgn_lexer *L, size_t end);
/* The line ends from k up to end or the first byte `stop` (-1: none), 16 bytes at a time, as eol
 * counts them: *lines of them, the byte after the last at *ls. Returns where it stopped (end, or
 * the stop byte's place). Changes nothing: pgn_lex_add_lines applies what it found. */
size_t pgn_lex_scan_lines(const pgn_lexer *L, size_t k, size_t end, int stop, size_t *lines, size_t *ls);
static inline void pgn_lex_add_lines(pgn_lexer *L, size_t lines, size_t ls)
{
	if (lines) {
		L->line += lines;
		L->ls = ls;
		L->lcol = 1;
	}
}
/* '[' name "value" ']' at L->i (in_movetext: after the first movetext token, an error). */
void pgn_lex_tag(pgn_lexer *L, int in_movetext);
/* The inline path for the common movetext from i up to end (lexer_plain.c; only for an ASCII text
 * without a raw map). Returns where it stopped (i: nothing taken). */
size_t pgn_lex_plain(pgn_lexer *L, size_t i, size_t end);
/* Whether a {} comment's text s[0..n) is the note hamle writes where a game failed ("hamle:",
 * blanks, "error"; lexer_tags.c). */
int pgn_lex_is_error_note(const char *s, size_t n);
/* { comment }, ; comment or a % escape line at L->i. */
void pgn_lex_comment(pgn_lexer *L);

static inline hamle_token *emit(pgn_lexer *L, unsigned int kind, size_t start, size_t end, size_t line,
	size_t column, unsigned int flags, unsigned int value)
{
	hamle_game *g = L->g;
	if (UNLIKELY(g->ntokens >= L->token_room)) {
		if (g->ntokens >= L->lim->max_tokens) {
			pgn_lex_limit(L, line, column, start, "limit_tokens",
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
		uint64_t bit = (uint64_t)1 << (c & 63);
		if (!(g->move_first[c >> 6] & bit)) {
			g->move_first[c >> 6] |= bit;
			if (c < 128)
				g->first_move[c] = g->ntokens - 1;
		}
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

#endif
