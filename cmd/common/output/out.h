/* out.h: checked output. A hamle_out wraps a FILE (stdout, -o FILE) and remembers the first
 * failure, so a tool can stop producing as soon as its output is gone.
 *
 * hamle_out_ignore_sigpipe() at the start of main makes a closed pipe show up as EPIPE instead of
 * killing the process; hamle_out_close() then ends the tool quietly (no message, the exit status
 * decided so far is kept), as `hamle-validate big.pgn | head` should. Any other failed write or a
 * failed fflush/fclose is reported ("prog: error writing <stdout>: ...") and gives exit 2.
 * Not thread-safe: write from one thread (with pool.h, from the emit callback). */
#ifndef HAMLE_CLI_OUT_H
#define HAMLE_CLI_OUT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "msg.h"

typedef struct hamle_out {
	FILE *f;
	const char *name; /* for messages: "<stdout>" or the file name; borrowed */
	int err;          /* errno of the first failure, 0 while all is well */
	char *vbuf;       /* the stream's buffer when hamle_out_set_buffer gave it one; owned */
} hamle_out;

/* Sets SIGPIPE to be ignored (process-wide; call once at the start of main). */
void hamle_out_ignore_sigpipe(void);

/* name NULL means "<stdout>". */
void hamle_out_init(hamle_out *o, FILE *f, const char *name);

/* Gives o's stream a buffer of size bytes, written out a block at a time (one write() for many
 * games instead of several for each), unless the stream is a terminal (whose lines stay as the
 * C library buffers them) or the buffer cannot be had (the stream's own is kept). Call it before
 * anything is written to the stream; hamle_out_close frees the buffer after closing the stream. */
void hamle_out_set_buffer(hamle_out *o, size_t size);

/* 0 on success, -1 on failure (and once failed, every later call is a no-op returning -1). */
int hamle_out_write(hamle_out *o, const void *data, size_t len);
int hamle_out_puts(hamle_out *o, const char *s);
int hamle_out_printf(hamle_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* True once a write failed: stop producing output. */
bool hamle_out_failed(const hamle_out *o);
/* True when the failure is a closed pipe (EPIPE), which ends the tool quietly. */
bool hamle_out_broken_pipe(const hamle_out *o);

/* Flushes and closes o->f, and returns the tool's exit status: `status` when everything was written
 * or the reader closed the pipe (quietly), else HAMLE_EXIT_ERROR after one message on m. */
int hamle_out_close(hamle_out *o, const hamle_msg *m, int status);

#endif
