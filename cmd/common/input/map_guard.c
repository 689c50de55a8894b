/* map_guard.c: what a mapped input's fault (SIGBUS) ends with (see map_guard.h). */
#include "map_guard.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"

/* ---- SIGBUS: a mapped file that shrinks (or a read error under it) faults on its next page.
 * The handler says which file, removes the output's temporary files and exits 2, as an I/O error
 * does. bus_text holds the message, written by the thread that maps a file before any byte of the
 * mapping is read (the tool is done with the previous mapping by then); the handler only reads
 * it. Process-wide state, as the outfile signals are. */
static char bus_text[2][1024];
static _Atomic int bus_slot = -1;

static void on_bus(int sig)
{
	(void)sig;
	int slot = atomic_load(&bus_slot);
	if (slot >= 0) {
		const char *t = bus_text[slot];
		ssize_t w = write(STDERR_FILENO, t, strlen(t));
		(void)w;
	}
	hamle_outfile_remove_armed();
	_exit(HAMLE_EXIT_ERROR);
}

void hamle_map_guard_arm(const hamle_msg *msg, const char *name)
{
	int slot = atomic_load(&bus_slot) == 0 ? 1 : 0;
	snprintf(bus_text[slot], sizeof(bus_text[slot]), "%s: %s: %s\n", msg->prog, name,
		hamle_msg_text(msg, "input_changed_mapped",
			"the file shrank or could not be read while it was being read; nothing after this is checked"));
	atomic_store(&bus_slot, slot);
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_bus;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, NULL);
}
