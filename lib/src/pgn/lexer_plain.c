/* lexer_plain.c: the lexer's inline path for the common movetext (pgn_lex_plain): move numbers,
 * plain moves, blanks, line ends and comments on one line, each token written in place with the
 * fields the general path (lexer.c) gives it. */
#include <stdint.h>
#include <string.h>

#include "compiler.h"
#include "pgn/lexer_internal.h"
#include "pgn/scan.h"

/* Where lex_plain's tokens are: the lexer's fields it reads for every token, in locals (a token's
 * size_t stores could change the lexer's as far as the compiler knows, so it would read them again
 * after each), written back when it stops. */
struct plain_at {
	const char *s;
	size_t line, ls, lcol, base;
	unsigned int depth32;
};

static inline void put_token(const struct plain_at *a, hamle_token *t, unsigned int kind, size_t start,
	size_t end, unsigned int flags, unsigned int value)
{
	t->text = a->s + start;
	t->len = end - start;
	t->line = a->line;
	t->column = a->lcol + (start - a->ls);
	t->offset = a->base + start;
	t->depth = a->depth32;
	t->kind = kind;
	t->flags = flags;
	t->value = value;
}

static inline int is_letter(unsigned char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }

/* A {} comment at s[i] on one line, as pgn_lex_comment reads it: returns where its '}' is (found
 * 16 bytes at a time, a '%' before it noted in *pct, as g->comment_pct), or 0 when a line end
 * comes first, it is not closed, runs past the limit or is hamle's note of a failed game
 * (pgn_lex_comment reads those). */
static size_t plain_comment(const pgn_lexer *L, size_t i, int *pct)
{
	const unsigned char *s = (const unsigned char *)L->s;
	size_t cs = i + 1, ce = pgn_comment_close(s, cs, L->len, pct);
	if (ce >= L->len || s[ce] != '}' || ce - cs > L->lim->max_comment_bytes)
		return 0;
	size_t k = cs;
	while (k < ce && is_ws(L->s[k]))
		k++;
	/* a note starts "hamle:" after its blanks */
	if (k < ce && s[k] == 'h' && pgn_lex_is_error_note(L->s + cs, ce - cs))
		return 0;
	return ce;
}

/* The common movetext inline, from i up to the next scoresheet span (end): move numbers "12." and
 * "12...", words that start with a letter ("Nf3", "exd8=Q+"), the two glued ("12.Nf3"), blanks
 * line ends and comments on one line ("{ [%clk 0:02:59] }"). It stops at anything else, and
 * the general path reads that from the start of its word: a comment over lines, a variation, a result, a NAG, a glyph ("Nf3!"), a word ending in '.' or
 * at '(' ("d8(Q)"), a bare number, a NUL. Each token is the general path's, field by field (the
 * test: unit.lexer_inline, fuzz.pgn_reader with PGN_READ_NO_INLINE_LEX). Only for an ASCII text
 * without a raw map, where a column is a subtraction and an offset an addition. Returns where
 * it stopped. */
size_t pgn_lex_plain(pgn_lexer *L, size_t i, size_t end)
{
	/* what a byte is here: 0 part of a word, 1 a blank, 2 a line end, 3 any other stop (a
	 * delimiter, VT, FF, NUL) */
	static const unsigned char cls[256] = {
		[0] = 3, ['\v'] = 3, ['\f'] = 3, [' '] = 1, ['\t'] = 1, ['\n'] = 2, ['\r'] = 2,
		['{'] = 3, ['}'] = 3, ['('] = 3, [')'] = 3, ['['] = 3, [']'] = 3, [';'] = 3, ['"'] = 3,
		['$'] = 3, ['<'] = 3, ['>'] = 3,
	};
	/* a word that ends in '!', '?' or '.' holds a glyph or a mark: the general path's */
	const uint64_t bad_last = (1ull << '!') | (1ull << '?') | (1ull << '.');
	const unsigned char *s = (const unsigned char *)L->s;
	hamle_game *g = L->g;
	hamle_token *toks = g->tokens;
	size_t nt = g->ntokens, room = L->token_room, len = L->len;
	uint64_t first = g->move_first[1]; /* letters are 64..127 */
	int pct = g->comment_pct;
	struct plain_at a = {L->s, L->line, L->ls, L->lcol, L->base, L->depth32};
	while (i < end && nt + 2 <= room) {
		unsigned char c = s[i];
		if (cls[c]) {
			if (cls[c] == 1) {
				i++;
			} else if (c == '{') {
				size_t ce = plain_comment(L, i, &pct);
				if (!ce)
					break;
				hamle_token *t = &toks[nt++];
				put_token(&a, t, HAMLE_TOKEN_COMMENT, i + 1, ce, 0, 0);
				t->offset = a.base + i; /* the position of '{' */
				t->column = a.lcol + (i - a.ls);
				i = ce + 1;
			} else if (cls[c] == 2) {
				/* a line end; a CR LF counts once, at its LF (as eol) */
				if (!(c == '\r' && i + 1 < len && s[i + 1] == '\n')) {
					a.line++;
					a.ls = i + 1;
					a.lcol = 1;
				}
				i++;
			} else {
				break;
			}
			continue;
		}
		size_t start = i, p = i;
		unsigned int num = 0, nflags = 0;
		int numbered = 0;
		if (c >= '0' && c <= '9') {
			do
				num = num * 10 + (unsigned int)(s[p++] - '0');
			while (s[p] >= '0' && s[p] <= '9' && p - start < 8);
			if (s[p] != '.')
				break; /* a result, castling with zeros, a bare number, nine digits */
			size_t d = p;
			while (s[p] == '.')
				p++;
			nflags = p - d >= 2 ? HAMLE_TOKEN_BLACK : 0;
			numbered = 1;
			c = s[p];
			if (cls[c] == 1 || cls[c] == 2) {
				put_token(&a, &toks[nt++], HAMLE_TOKEN_MOVE_NUMBER, start, p, nflags, num);
				i = p;
				continue;
			}
		}
		if (!is_letter(c))
			break;
		size_t e = p + 1;
		while (!cls[s[e]]) /* a move is a few bytes: a table beats 16 at a time */
			e++;
		unsigned char b = s[e], last = s[e - 1];
		if (UNLIKELY(b == '(' || (b == 0 && e < len)) || (last < 64 && ((bad_last >> last) & 1)))
			break;
		if (numbered)
			put_token(&a, &toks[nt++], HAMLE_TOKEN_MOVE_NUMBER, start, p, nflags, num);
		put_token(&a, &toks[nt++], HAMLE_TOKEN_MOVE, p, e, numbered ? HAMLE_TOKEN_GLUED : 0,
			(unsigned int)(e - p));
		if (!(first & ((uint64_t)1 << (c & 63)))) {
			first |= (uint64_t)1 << (c & 63);
			g->first_move[c] = nt - 1;
		}
		i = e + (b == ' ' && e < end); /* the blank after it, mostly one space */
	}
	g->ntokens = nt;
	g->move_first[1] = first;
	g->comment_pct = pct;
	L->line = a.line;
	L->ls = a.ls;
	L->lcol = a.lcol;
	return i;
}

