/* ending.h: the verdict on how a game ended (ending.c, hamle/verdict.h) for the replay's result
 * check, the quick lane and the annotator, and the pieces of it they share. */
#ifndef HAMLE_REPLAY_ENDING_H
#define HAMLE_REPLAY_ENDING_H

#include <stddef.h>

#include "hamle/verdict.h"

struct hamle_position;
struct hamle_unwin;

/* The verdict on g as rp replayed it; *u: the unwinnability analysis for a flag fall (made on
 * first use, owned by the caller), budget its nodes per side (0: 200000). HAMLE_OK. */
int replay_verdict(const hamle_replay *rp, const hamle_game *g, struct hamle_unwin **u, unsigned long budget,
	hamle_verdict *v);
/* 1 when side can checkmate by some series of legal moves from p as far as the analysis proves
 * otherwise (an undecided side can); budget as replay_verdict's. */
int replay_can_mate(struct hamle_unwin **u, const struct hamle_position *p, int side, unsigned long budget);
/* The clock of the first [%clk H:MM:SS(.d)] in s[0..n), in tenths of a second; -1 when none. */
long replay_clock(const char *s, size_t n);
/* 1 when s[0..n) is "time forfeit" in any ASCII case (a Termination tag's value). */
int replay_time_forfeit(const char *s, size_t n);
/* 1 when some [%clk] in s[0..n) (a movetext, or a comment) has digits that are all 0 (a flag that
 * may have fallen): a cheap test, true wherever replay_clock reads a clock as 0. */
int replay_any_zero_clock(const char *s, size_t n);

#endif
