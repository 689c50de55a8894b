/* outfile.h: an output file that appears whole or not at all (-o FILE, --in-place).
 *
 * hamle_outfile_open(&of, "y.pgn", &msg) creates a temporary file beside the target, named
 * ".y.pgn.hamle-XXXXXX" (a dot name that ends in neither .pgn nor .txt, so no directory walk reads
 * it), with the mode and owner of the target when it exists (an owner that cannot be kept is an
 * error: nothing is written), 0666 less the umask when it does not. The tool writes through
 * hamle_outfile_out(of) (out.h); hamle_outfile_close(of, true, status) renames the temporary file
 * over the target once everything is written, so the target holds either its old content or the
 * whole new one, never a part; hamle_outfile_close(of, false, status) removes it, the target
 * untouched. A symbolic link as target is followed: the file it names is replaced, the link stays
 * (a dangling link creates the file it names). An existing target that is not a regular file (a
 * terminal, /dev/null, a FIFO) is written straight, without a temporary file; a directory is an
 * error. NULL or "-" is stdout, closed as hamle_out_close does.
 *
 * Signals: while a temporary file exists, SIGHUP, SIGINT, SIGQUIT, SIGTERM and SIGXFSZ (ulimit -f)
 * remove it and then end the process as the signal would have (default action, re-raised); a
 * signal ignored when the first temporary file is made (nohup) stays ignored. The handler only
 * calls unlink() on paths made before it was armed, sigaction() and raise(). This needs
 * process-wide state (the armed paths, at most HAMLE_OUTFILE_MAX at once): open and close from one
 * thread, the one that gets these signals (pool.h's threads block them).
 *
 * Inputs that are the output: hamle_outfile_is(of, st) is true when st (an input's stat) is the
 * target or the temporary file (same device and inode; stdout counts when it is a regular file),
 * so a tool can refuse to read its own output. */
#ifndef HAMLE_CLI_OUTFILE_H
#define HAMLE_CLI_OUTFILE_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>

#include "msg.h"
#include "out.h"

#define HAMLE_OUTFILE_MAX 8 /* temporary files that can exist at once */

typedef struct hamle_outfile hamle_outfile;

/* target: a file name, or NULL or "-" for stdout. Errors are reported on m (borrowed: it must
 * outlive of). Returns 0, or HAMLE_EXIT_ERROR after a message ("prog: y.pgn: Permission denied"). */
int hamle_outfile_open(hamle_outfile **out, const char *target, const hamle_msg *m);

/* The checked writer; its name (for messages) is the target as given, or "<stdout>". */
hamle_out *hamle_outfile_out(hamle_outfile *of);

/* True when the output is a temporary file that close renames over the target. */
bool hamle_outfile_replaces(const hamle_outfile *of);

/* True when st is the output (the target, or the temporary file). */
bool hamle_outfile_is(const hamle_outfile *of, const struct stat *st);
/* The same for an opened stream (fstat of its descriptor); false when fstat fails. */
bool hamle_outfile_is_stream(const hamle_outfile *of, FILE *f);

/* Flushes and closes the output and frees of (NULL-safe: returns status). With keep, the temporary
 * file replaces the target when every write succeeded; without keep, or after a failed write, it
 * is removed and the target stays as it was. Returns status, or HAMLE_EXIT_ERROR when a write, the
 * close or the rename failed, after a message ("prog: error writing y.pgn: No space left on
 * device", "prog: y.pgn: left unchanged"); a closed pipe on stdout keeps status, quietly. */
int hamle_outfile_close(hamle_outfile *of, bool keep, int status);

/* Blocks SIGHUP, SIGINT, SIGQUIT and SIGTERM in the calling thread (the mask before in *old), so
 * that a thread it creates now inherits them blocked and they reach this thread, the one that
 * removes the temporary files; pthread_sigmask(SIG_SETMASK, old, NULL) after the creation. */
void hamle_outfile_block_signals(sigset_t *old);

/* Removes every temporary file an outfile holds now (async-signal-safe: for a handler that ends
 * the process, e.g. on SIGBUS from a mapped input). */
void hamle_outfile_remove_armed(void);

#endif
