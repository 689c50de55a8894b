/* reader_quick.h: the reader's side of reading a plain game in one pass (split_quick.c): the
 * caller reads the game straight from the reader's view and tells where it ends, instead of the
 * splitter finding the end first and the caller reading the game after it. */
#ifndef HAMLE_PGN_READER_QUICK_H
#define HAMLE_PGN_READER_QUICK_H

#include <stddef.h>

#include "hamle/pgn.h"

/* When the reader is between two games and the next one starts with '[' in its current view
 * (blanks and line ends before it taken as the splitter takes them): 1, with *s the game's first
 * byte, *n the bytes of the view from there and *eof whether the view ends the input. Else 0: the
 * caller reads the next game with hamle_reader_next_chunk (as after a 1 it does not take). */
int pgn_reader_quick_peek(hamle_reader *r, const unsigned char **s, size_t *n, int *eof);

/* Takes the len bytes from *s of the last peek as the next game and fills *out as
 * hamle_reader_next_chunk does: 1. 0 when len is over the game limit (nothing taken). lines: the
 * game's line ends as the splitter counts them (a CR, an LF not after a CR); ls: the offset from
 * the game's first byte of the byte after its last line end (0: none). The caller vouches that the splitter would cut that game there:
 * every tag a strict `[Name "value"]` pair, the movetext ASCII words, blanks and `{}` comments of
 * printable ASCII without a line end, no blank line after the tags, and a termination marker as
 * its last word, followed by blanks up to a byte that is neither a blank nor '{' or ';' (or by the
 * input's end), where the game ends; no more than the game limit's bytes; every byte printable
 * ASCII or a blank or line end (the chunk's flags say HAMLE_CHUNK_PLAIN_COMMENTS and
 * HAMLE_CHUNK_ASCII, as the splitter's would). */
int pgn_reader_quick_take(hamle_reader *r, size_t len, size_t lines, size_t ls, hamle_chunk *out);

#endif
