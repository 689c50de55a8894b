/* encoding.h: decoding a game's raw bytes into UTF-8 (see hamle/pgn.h for the rules). */
#ifndef HAMLE_PGN_ENCODING_H
#define HAMLE_PGN_ENCODING_H

#include <stddef.h>

#include "pgn/game_internal.h"

/* Decodes g->raw[0..raw_len) into g->text (aliasing raw when nothing changes), filling g->map,
 * g->encoding and encoding findings. start_line/start_column locate raw[0] in the input.
 * Returns 0 or HAMLE_ENOMEM. */
int pgn_decode(hamle_game *g, const pgn_limits *lim, size_t start_line, size_t start_column);

/* Decodes one UTF-8 sequence at s (n bytes available): returns its length (1-4) and sets *cp, or 0
 * when invalid (overlong, surrogate, > U+10FFFF, truncated). */
size_t pgn_utf8_decode(const unsigned char *s, size_t n, unsigned long *cp);
/* Encodes cp as UTF-8 into out (4 bytes room); returns the length. */
size_t pgn_utf8_encode(unsigned long cp, char *out);

#endif
