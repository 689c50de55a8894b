/* sniff.h: does a text file hold chess games? Asked of the .txt files a directory walk meets
 * (input.c), so that a LICENSE.txt or a README.txt beside the games is not read as games.
 *
 * A text holds games when one of its first HAMLE_SNIFF_LINES lines (within its first
 * HAMLE_SNIFF_BYTES bytes) has a move number followed by a move: "1. e4", "1.e4", "1) d4",
 * "1 e4 e5", "1<TAB>e4<TAB>e5", "12... Nf6", "1…e5", "1. Af3", "1. Şe2", "1. ♘f3", "1. 0-0",
 * "1. O-O-O", "1. g1f3". The number (1 to 4 ASCII digits) starts the line or follows a blank;
 * after it come blanks or '.', '…' or ')' (at least one of them), then the move. What a move
 * is here needs no language: chess fixes the squares (a1..h8) and castling, so the move is a
 * castling (0-0, O-O, o-o; '-', en or em dash) or a token that reaches a square within its
 * first bytes, whatever stands before it being upper-case ASCII letters or non-ASCII bytes
 * (any locale's piece letters, figurines), files, ranks and the marks x : -, and no lower-case
 * letter or digit right after the square. "1. Definitions." is no move; "1. e4" is.
 * Pure functions of bytes: no locale, no state. */
#ifndef HAMLE_CLI_SNIFF_H
#define HAMLE_CLI_SNIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define HAMLE_SNIFF_LINES 50
#define HAMLE_SNIFF_BYTES ((size_t)64 << 10)

/* True when one of the first HAMLE_SNIFF_LINES lines of text[0..len) has a move number followed
 * by a move (a leading UTF-8 byte order mark is skipped). */
bool hamle_sniff_text(const char *text, size_t len);

/* True when token t[0..n) is a move in the sense above. */
bool hamle_sniff_move(const char *t, size_t n);

/* Reads the first HAMLE_SNIFF_LINES lines of f (at most HAMLE_SNIFF_BYTES, into buf of at least
 * that size) and puts f back at its start. 1 when they hold a move, 0 when not, -1 when f could
 * not be read or put back (errno set). */
int hamle_sniff_file(FILE *f, char *buf);

#endif
