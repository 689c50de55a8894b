/* fork.h: hamle-validate -j 2 and up on a mapped file. A second thread reads the stretch of the
 * file after the reading thread's own in one pass (a fork of the reader: hamle_reader_join), so
 * that both threads read plain games at once; the reading thread joins the fork's games when it
 * gets to where the fork started, in order, as if it had read them itself. */
#ifndef HAMLE_VALIDATE_FORK_H
#define HAMLE_VALIDATE_FORK_H

#include <stdbool.h>
#include <stddef.h>

#include "validate.h"

/* Bytes of the file the fork reads before the reading thread takes over (at the next game after a
 * blank line past them); the reading thread's own stretches are sized so that neither waits long
 * for the other (run.c). */
#define VD_FORK_STRETCH ((size_t)2 << 20)
/* How far a game after a blank line is looked for. */
#define VD_FORK_SEARCH ((size_t)4 << 20)

/* One game the fork read: its chunk (game and line counted from the fork's start), judged clean by
 * the quick lane (plies) or left for the workers. */
typedef struct vd_fork_game {
	hamle_chunk ch;
	unsigned char *copy; /* the chunk's bytes when they were not in the mapping */
	bool judged;
	unsigned plies;
} vd_fork_game;

typedef struct vd_fork vd_fork;

/* Starts the fork's thread over the mapping map[0..len) (source: the input's name). 0, or -1 when
 * out of memory or no thread could be started (then reading goes on without a fork). */
int vd_fork_new(vd_fork **out, const vd_config *cfg, const unsigned char *map, size_t len, const char *source);
/* Stretches queued for the fork at most (read one after the other, shown in the same order). */
#define VD_FORK_QUEUE 3

/* Queues a stretch: the games from offset start (a game's first byte) that start before stop
 * (before: the reading thread's own bytes before it, told back by vd_fork_take). false when
 * VD_FORK_QUEUE stretches are queued or shown already. */
bool vd_fork_push(vd_fork *f, size_t start, size_t stop, size_t before);
/* How many stretches are queued or shown; *start the oldest one's start (when there is one). */
size_t vd_fork_queued(vd_fork *f, size_t *start);
/* What vd_fork_take tells of the stretch it shows, for sizing the reading thread's own. */
typedef struct vd_fork_times {
	double read_s; /* seconds the fork spent reading it */
	size_t before; /* the reading thread's own bytes before it (vd_fork_push) */
} vd_fork_times;
/* Waits for the oldest stretch to be read; then its reader (to join), games, count and times.
 * false when it failed (out of memory: nothing to join). What it shows stays valid until
 * vd_fork_release. */
bool vd_fork_take(vd_fork *f, const hamle_reader **r, const vd_fork_game **games, size_t *n, vd_fork_times *t);
/* Lets the oldest stretch go. */
void vd_fork_release(vd_fork *f);
/* Stops the thread and frees everything (NULL-safe). */
void vd_fork_free(vd_fork *f);

/* The first offset from `from` where a game may start after a blank line ("\n\n[" or "\n\r\n["
 * ends there), within VD_FORK_SEARCH bytes; 0 when none. */
size_t vd_fork_boundary(const unsigned char *map, size_t len, size_t from);

#endif
