/* lexer.h: one game's decoded text -> tags and a flat array of movetext tokens. */
#ifndef HAMLE_PGN_LEXER_H
#define HAMLE_PGN_LEXER_H

#include "pgn/game_internal.h"

/* Lexes g->text (already decoded) into g->tags and g->tokens, adding syntax/limit/bad-escape/bad-nag
 * findings. start_line/start_column locate the text's first character in the input. With tags_only,
 * lexing stops at the first movetext token (used for games over the size limit). The spans
 * g->spans[0..g->nspans) (scoresheet header lines) are skipped where lexing reaches their start
 * (one that a token has begun to cover, a comment open across it, is lexed as text).
 * Iterative, no recursion. Returns 0 or HAMLE_ENOMEM. */
int pgn_lex(hamle_game *g, const pgn_limits *lim, size_t start_line, size_t start_column, int tags_only);

/* Glyph NAGs: "!" 1, "?" 2, "!!" 3, "??" 4, "!?" 5, "?!" 6 and common symbols ("±" 16, "+-" 18, ...).
 * Returns the NAG or 0 when text is not a glyph. */
unsigned int pgn_glyph_nag(const char *text, size_t len);

#endif
