/* testutil.h: locating test data from unit tests, and a replay fixture over testdata games. */
#ifndef HAMLE_TESTUTIL_H
#define HAMLE_TESTUTIL_H

#include <stddef.h>

#include "hamle/replay.h"

/* Path of a file under testdata/ (HAMLE_TESTDATA), in a static-free caller buffer. */
const char *tu_testdata(char *buf, size_t size, const char *rel);
/* Path under ../shared (HAMLE_SHARED); NULL when ../shared is absent. */
const char *tu_shared(char *buf, size_t size, const char *rel);
/* Reads a whole file; returns malloc'd bytes (NUL-terminated) or NULL. */
char *tu_read_file(const char *path, size_t *len);

/* A replay fixture: the built-in locales en tr de fr es it nl (in that order), a replay that
 * detects among them, and the games of one file under testdata/, all owned by the fixture. */
#define TU_LOCALES 7
#define TU_MAX_GAMES 32
typedef struct tu_games {
	hamle_locale *locs[TU_LOCALES];
	hamle_replay *rp;
	hamle_reader *reader;
	hamle_game *games[TU_MAX_GAMES];
	size_t ngames;
	char *data;
} tu_games;

/* Fills g from testdata/rel (up to max_games games, at most TU_MAX_GAMES); max_suggestions 0
 * keeps the replay's default. Any failure fails the running test (ck_assert). */
void tu_games_open(tu_games *g, const char *rel, size_t max_games, unsigned max_suggestions);
/* Frees everything g owns. */
void tu_games_close(tu_games *g);
/* A new replay over g's locales, owned by the caller (hamle_replay_free). */
hamle_replay *tu_games_replay(const tu_games *g, unsigned max_suggestions);

/* A reader input callback (hamle_reader_set_input) handing out at most step bytes of data at a
 * time, so that blocks end anywhere. */
typedef struct tu_feeder {
	const char *data;
	size_t len, pos, step;
} tu_feeder;
int tu_feed(void *payload, unsigned char *buf, size_t size, size_t *got);

/* Loads the shipped locales tags[0..n) into locs (a failure fails the running test); frees them. */
void tu_load_locales(hamle_locale **locs, const char *const *tags, size_t n);
void tu_free_locales(hamle_locale **locs, size_t n);
/* The shipped locale tag, loaded (a failure fails the running test with the library's message);
 * the caller frees it. */
hamle_locale *tu_locale(const char *tag);

/* hamle_game_free on each of g[0..n). */
void tu_free_games(hamle_game **g, size_t n);

/* The one game of text (read from a buffer named "t"; the reader must give one). */
hamle_game *tu_read_one(const char *text);
/* The first token of g whose text is text; NULL when there is none. */
const hamle_token *tu_find_token(const hamle_game *g, const char *text);
/* Writes text to dir/rel (a failure fails the running test). */
void tu_write_file(const char *dir, const char *rel, const char *text);

/* The first finding of the last run with this id ("result-mismatch"), or the first error when
 * id is NULL; NULL when there is none. */
const hamle_diagnostic *tu_finding(const hamle_replay *rp, const char *id);

#endif
