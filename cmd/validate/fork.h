/* fork.h: hamle-validate -j 2 and up on a mapped file. The file is cut into pieces of about
 * VD_FORK_PIECE bytes (each from a game's first byte after a blank line), claimed in order by
 * whichever of two threads is free: the reading thread, and a second one (the fork's). Each reads
 * its piece in one pass with a reader of its own (a fork of the input's: hamle_reader_join), judging
 * the plain games with the quick lane; the reading thread then joins the pieces in the file's
 * order, as if it had read them itself. The reading thread reads a piece with the input's own
 * reader when it is the next in order; when the next in order is still being read by the fork, it
 * reads a later one meanwhile, so that neither thread waits for the other except at the end. */
#ifndef HAMLE_VALIDATE_FORK_H
#define HAMLE_VALIDATE_FORK_H

#include <stdbool.h>
#include <stddef.h>

#include "validate.h"

/* Bytes of a piece (it ends at the next game after a blank line past them). */
#define VD_FORK_PIECE ((size_t)1 << 20)
/* Pieces claimed and not yet joined, at most (the fork stops reading ahead there). */
#define VD_FORK_RING 6
/* How far a game after a blank line is looked for. */
#define VD_FORK_SEARCH ((size_t)4 << 20)

/* One game of a piece: its chunk (game and line counted from the piece's start), judged clean by
 * the quick lane (plies), or left for the workers: with its tags' findings alone to make (judged
 * 2: vd_quick_next's answer) or in full (0). */
typedef struct vd_fork_game {
	hamle_chunk ch;
	unsigned char *copy; /* the chunk's bytes when they were not in the mapping */
	int judged;
	unsigned plies;
} vd_fork_game;

typedef struct vd_fork vd_fork;

/* Starts the fork's thread over the mapping map[0..len) (source: the input's name). The first
 * piece is the reading thread's: its reader reads up to *stop (SIZE_MAX: the whole input, no
 * fork made). 0, or -1 when out of memory or no thread could be started (then reading goes on
 * without a fork). */
int vd_fork_new(vd_fork **out, const vd_config *cfg, const unsigned char *map, size_t len, const char *source,
	size_t *stop);

/* What the reading thread does next, its reader stopped where the pieces it read or joined end. */
typedef enum { VD_FORK_READ, VD_FORK_JOIN } vd_fork_step;
typedef struct vd_fork_view {
	size_t stop;                /* READ: read up to here (SIZE_MAX: to the end); JOIN: where the piece ends */
	const hamle_reader *r;      /* JOIN: the piece's reader (to join), its games and their count */
	const vd_fork_game *games;
	size_t n;
	bool ok;                    /* JOIN: false when reading it failed (out of memory: read it again) */
	bool open;                  /* pieces are still claimed by the fork (false: closed, or none left) */
} vd_fork_view;
/* The next step of the reading thread: the oldest piece once read (JOIN; it stays valid until
 * vd_fork_release), else the next piece to read itself. While the oldest is being read by the
 * fork, this thread reads later ones (with rp, *game and tries, as the fork does). */
vd_fork_step vd_fork_next(vd_fork *f, vd_fork_view *v, hamle_replay *rp, hamle_game **game, vd_quick_tries *tries);
/* Lets the oldest piece go. */
void vd_fork_release(vd_fork *f);
/* No more pieces are claimed: the reading thread reads the rest itself once the pieces claimed
 * are joined. */
void vd_fork_close(vd_fork *f);
/* Stops the thread and frees everything (NULL-safe). */
void vd_fork_free(vd_fork *f);

/* The first offset from `from` where a game may start after a blank line ("\n\n[" or "\n\r\n["
 * ends there), within VD_FORK_SEARCH bytes; 0 when none. */
size_t vd_fork_boundary(const unsigned char *map, size_t len, size_t from);

#endif
