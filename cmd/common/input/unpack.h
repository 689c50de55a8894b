/* unpack.h: the games inside a compressed file or an archive, streamed (libarchive), one member
 * after the other, in archive order. Nothing is ever written to disk: every member is read into
 * memory blocks and handed to the reader through hamle_unpack_read (a hamle_read_fn).
 *
 * Formats: gzip, bzip2, xz, lzma and zstd streams (a compressed PGN is one member, the stream
 * itself: its name is the file's), tar (plain or compressed by any of those) and zip. Of an
 * archive only regular members named *.pgn or *.txt (ASCII, any case) are read; a .txt member is
 * read only when it holds games (sniff.h), as in a directory walk. A member is not read, and a
 * HAMLE_UNPACK_SKIP event says why, when its path is absolute or has a ".." component, when it is
 * not text (a NUL byte in its first block), or (a note) when its name or content is not one of
 * games. A member stops where it exceeds max_member_bytes, or once it has produced
 * HAMLE_UNPACK_RATIO_FROM bytes and more than max_ratio times the compressed bytes read for it
 * (a zip bomb); the bytes before are read, and hamle_unpack_finish says why it stopped. A
 * stopped or broken zip member is skipped and the next one read; in a compressed tar the rest of
 * the archive would have to be decompressed to be skipped, so reading stops there.
 *
 * Decompression runs on a thread of its own (the terminating signals blocked there), which fills
 * a ring of HAMLE_UNPACK_SLOTS blocks of HAMLE_UNPACK_SLOT_BYTES, so that it overlaps the work of
 * the caller's thread even under -j 1; when the thread cannot be started it runs on the caller's
 * thread, block by block, with the same result. Memory: the ring plus libarchive's own state.
 *
 *   hamle_unpack *u;  hamle_unpack_event ev;
 *   hamle_unpack_new(&u, f, head, nhead, &limits);    (head: bytes already read from f)
 *   while (hamle_unpack_next(u, &ev) == 0 && ev.kind != HAMLE_UNPACK_END) {
 *       MEMBER: hamle_reader_set_input(r, hamle_unpack_read, u, name) ... read to the end;
 *               hamle_unpack_finish(u): NULL, or why the member ended early
 *       SKIP:   report ev.why
 *   }
 *   END: ev.why is NULL or why the archive could not be read (to its end)
 *   hamle_unpack_free(u);
 *
 * One handle is used by one thread (the caller's); distinct handles share nothing. */
#ifndef HAMLE_CLI_UNPACK_H
#define HAMLE_CLI_UNPACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define HAMLE_UNPACK_SLOTS 4
#define HAMLE_UNPACK_SLOT_BYTES ((size_t)256 << 10)
#define HAMLE_UNPACK_RATIO_FROM ((uint64_t)16 << 20) /* the ratio is judged after this much output */
#define HAMLE_DEFAULT_MAX_MEMBER_BYTES ((uint64_t)1 << 40) /* 1 TiB */
#define HAMLE_DEFAULT_MAX_RATIO 100UL

typedef struct hamle_unpack_limits {
	uint64_t max_member_bytes; /* bytes of one member (or stream); 0: HAMLE_DEFAULT_MAX_MEMBER_BYTES */
	unsigned long max_ratio;   /* output per compressed byte; 0: not checked */
	bool no_thread;            /* decompress on the caller's thread (tests) */
} hamle_unpack_limits;
#define HAMLE_UNPACK_LIMITS_INIT {HAMLE_DEFAULT_MAX_MEMBER_BYTES, HAMLE_DEFAULT_MAX_RATIO, false}

typedef struct hamle_unpack hamle_unpack;

typedef enum {
	HAMLE_UNPACK_MEMBER, /* a member to read: hamle_unpack_read until it gives 0 bytes */
	HAMLE_UNPACK_SKIP,   /* a member not read (name, why, error) */
	HAMLE_UNPACK_END     /* no more members (why: NULL, or why the archive could not be read) */
} hamle_unpack_kind;

typedef enum {
	HAMLE_UNPACK_NOTE,     /* SKIP: not a member of games (its name, a directory...): a note */
	HAMLE_UNPACK_NO_MOVES, /* SKIP: a .txt member without moves (counted as a walk's are) */
	HAMLE_UNPACK_ERROR     /* SKIP, END: an error */
} hamle_unpack_level;

typedef struct hamle_unpack_event {
	hamle_unpack_kind kind;
	hamle_unpack_level level;
	const char *name; /* MEMBER, SKIP: the member's path in the archive; NULL: the stream itself */
	const char *why;  /* SKIP, END: what happened; NULL at a clean END */
} hamle_unpack_event; /* the strings are valid until the next call on the handle */

/* f is read from its current position, after the nhead bytes head[] already read from it (both
 * borrowed: f is not closed, head may go after this call). 0, or -1 when out of memory. */
int hamle_unpack_new(hamle_unpack **out, FILE *f, const unsigned char *head, size_t nhead,
	const hamle_unpack_limits *lim);

/* The next event; a member not read to its end is skipped first. 0, or -1 when out of memory. */
int hamle_unpack_next(hamle_unpack *u, hamle_unpack_event *ev);

/* hamle_read_fn over the current member (payload: the hamle_unpack): *got is 0 at its end. */
int hamle_unpack_read(void *payload, unsigned char *buf, size_t size, size_t *got);

/* Ends the current member (what is left of it is read and dropped): NULL, or why it ended early
 * (a read error, a cut archive, a limit); valid until the next call. NULL without a member. */
const char *hamle_unpack_finish(hamle_unpack *u);

void hamle_unpack_free(hamle_unpack *u);

#endif
