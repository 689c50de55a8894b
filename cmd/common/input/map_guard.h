/* map_guard.h: a mapped input file that shrinks while it is read (another program truncates it, or
 * the disk fails under it) faults on its next page with SIGBUS. Once armed, that fault prints
 * "prog: FILE: <the file shrank or could not be read ...>" (the messages locale's
 * input_changed_mapped), removes the temporary files of the outputs being written and exits 2,
 * as any I/O error does, instead of the process being killed by the signal. */
#ifndef HAMLE_CLI_MAP_GUARD_H
#define HAMLE_CLI_MAP_GUARD_H

#include "msg.h"

/* Call before the first byte of a new mapping of the file name is read, and only when no byte of
 * an earlier mapping is still being read (the message is kept in process-wide storage). */
void hamle_map_guard_arm(const hamle_msg *msg, const char *name);

#endif
