/* quick_internal.h: the quick lane's walk (quick.c) for its entry points (quick_lane.c). */
#ifndef HAMLE_REPLAY_QUICK_INTERNAL_H
#define HAMLE_REPLAY_QUICK_INTERNAL_H

#include <stddef.h>

#include "pgn/game_internal.h"
#include "replay/replay_internal.h"

/* Reading a game in one pass (hamle_replay_quick_next): s[..n) is the reader's view from the
 * game's first byte, and the game ends where the splitter would cut it after its termination
 * marker; the lane finds that end (and gives up on anything that could make the splitter cut
 * elsewhere: a blank line in the movetext, a comment over a line end). */
struct quick_open {
	int eof;      /* the view ends the input */
	size_t end;   /* where the game ends (0 until found) */
	size_t lines; /* its line ends as the splitter counts them: a CR, an LF not after a CR */
	size_t ls;    /* where its last line starts (after its last line end; 0: none) */
};

/* Replays the movetext s[at..n) from rp->start in loc and checks what the full path checks after
 * it (the language, the results against tag_res): 1 when all is clean, 0 to give up, -1 when out of
 * memory. raw: the comments' bytes are the input's own, not vouched for; forfeit: the Termination
 * tag says "time forfeit"; open: one pass (NULL: a chunk). */
int replay_quick_judge(hamle_replay *rp, const hamle_locale *loc, const char *s, size_t at, size_t n,
	const pgn_limits *lim, int raw, hamle_result tag_res, int forfeit, struct quick_open *open);

#endif
