/* hamle/verdict.h: how a replayed game ended by the Laws of Chess and whether the result written
 * says so. One analysis for every tool: hamle-validate's result-mismatch finding, hamle-annotate's
 * result-mismatch event and --fix-result, the filter's Ends and the HTML report all read it.
 *
 * The board ends a game by checkmate (5.1.1), stalemate (5.2.1), a dead position (5.2.2: by
 * material, or a locked position the unwinnability analysis proves), and, where the game's Date
 * has them in force (from 1 July 2014, hamle_laws_for_date), the automatic draws of 9.6: a
 * fivefold repetition and 75 moves by each player without a capture or a pawn move (a checkmate on
 * the last of them stands, 9.6.2). The first of these along the mainline is the end. Where none is
 * reached and a flag fell (6.9: the Termination tag "time forfeit" with a decisive result, or a
 * side's last [%clk] 0:00:00), a winner who cannot checkmate by any series of legal moves makes
 * the game a draw.
 *
 * The result written is the termination marker and the Result tag. They contradict each other
 * when both are given and differ; the board contradicts the marker (else the tag) when it decides
 * another result. "*" and no result contradict nothing. */
#ifndef HAMLE_VERDICT_H
#define HAMLE_VERDICT_H

#include "hamle/common.h"
#include "hamle/pgn.h"
#include "hamle/replay.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hamle_end {
	HAMLE_END_NONE = 0,       /* the board decides nothing (or the mainline failed) */
	HAMLE_END_CHECKMATE,
	HAMLE_END_STALEMATE,
	HAMLE_END_DEAD,           /* a dead position */
	HAMLE_END_FIVEFOLD,       /* fivefold repetition, 9.6.1 */
	HAMLE_END_SEVENTY_FIVE,   /* 75 moves, 9.6.2 */
	HAMLE_END_FLAG_FALL       /* a loss on time where the winner cannot mate: a draw, 6.9 */
} hamle_end;

typedef struct hamle_verdict {
	hamle_end end;
	hamle_result board;       /* the result the board decides; HAMLE_RESULT_NONE with END_NONE */
	int flag_side;            /* END_FLAG_FALL: the side whose flag fell (HAMLE_WHITE, HAMLE_BLACK); -1 */
	hamle_result tag;         /* the Result tag's value (HAMLE_RESULT_NONE: none) */
	hamle_result marker;      /* the termination marker (HAMLE_RESULT_NONE: none) */
	int tag_marker_differ;    /* 1 when the tag and the marker are both given and differ */
	hamle_result wrong;       /* the result written that the board contradicts (the marker first,
	                           * then the tag); HAMLE_RESULT_NONE when none does */
} hamle_verdict;

/* The verdict on g as rp replayed it (hamle_replay_run; rp's own unwinnability analysis, with its
 * options' mate_budget for dead positions and at least 200000 nodes a side for a flag fall).
 * HAMLE_OK or HAMLE_EUSAGE (a NULL argument; a game rp did not replay last). */
HAMLE_EXTERN int hamle_replay_verdict(hamle_replay *rp, const hamle_game *g, hamle_verdict *out);
/* 1 when v holds a result mismatch: the tag and the marker differ, or the board contradicts one. */
HAMLE_EXTERN int hamle_verdict_mismatch(const hamle_verdict *v);
/* The end's word: "checkmate", "stalemate", "dead", "fivefold", "seventyfive", "flagfall"; "" for
 * HAMLE_END_NONE (the filter's Ends values). */
HAMLE_EXTERN const char *hamle_end_name(hamle_end e);

#ifdef __cplusplus
}
#endif
#endif
