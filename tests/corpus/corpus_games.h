/* corpus_games.h: what the corpus harnesses that link the library alone (not tests/unit's
 * testutil.c) share: tests/corpus/bridge_corpus.c, tests/corpus/san_fast_corpus.c and
 * tests/corruption/corruption.c.
 *
 *   cg_list_pgn    the .pgn files under a directory, its subdirectories too, sorted by path
 *   cg_each_game   the games of one file, each replayed in one language, handed to a callback
 *   cg_read_one    the first game of a text
 *   cg_rng_next    splitmix64, so that a harness's picks are the same on every machine */
#ifndef HAMLE_TEST_CORPUS_GAMES_H
#define HAMLE_TEST_CORPUS_GAMES_H

#include <stdint.h>

#include "hamle/hamle.h"

/* Up to max paths (malloc'd; cg_free_list) of the .pgn files under dir, at any depth (a list of
 * directories to visit, no recursion), names starting with '.' left out, sorted. Their count. */
int cg_list_pgn(const char *dir, char **files, int max);
void cg_free_list(char **files, int n);

/* A game of cg_each_game: g and the replay rp that ran over it (rc what hamle_replay_run
 * returned). Returns nonzero to stop reading. */
typedef int (*cg_game_fn)(void *payload, const hamle_game *g, const hamle_replay *rp, int rc);
/* Reads the games of path; of every stride-th one read (the 1st, the stride+1-th...), those
 * from the standard start (no FEN, no Variant tag) are replayed in loc without suggestions and
 * handed to fn, until fn returns nonzero. A file that cannot be opened has no games. */
void cg_each_game(const char *path, const hamle_locale *loc, int stride, cg_game_fn fn, void *payload);

/* The first game of text (read as a file named name), NULL when it has none; the caller frees it. */
hamle_game *cg_read_one(const char *text, const char *name);

uint64_t cg_rng_next(uint64_t *s);

#endif
