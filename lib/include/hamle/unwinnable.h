/* hamle/unwinnable.h: can a side still checkmate? (FIDE Laws 5.2.2 and 6.9: "no series of legal
 * moves can lead to checkmate"). For a position and a side the analysis answers
 *   CAN_MATE     with a helpmate line as its certificate: legal moves from the position, both
 *                sides cooperating, that end with the other side checkmated;
 *   CANNOT_MATE  with a sound argument: the material (a lone king, a knight or bishops of one
 *                colour against what cannot block), a blockade (the pieces that could give
 *                check can never reach the squares the other king can reach, or bishops of one
 *                colour can never cover the other colour's flight squares), or an exhausted
 *                search (every line ends, by stalemate, mate of the side or such material);
 *   UNDECIDED    when neither is found within the node budget.
 * The approach follows the Chess Unwinnability Analyzer (Ambrona, FUN 2022): a helpmate search
 * by iterative deepening that steers the side's pieces toward a mating corner and the other
 * side's away, and a saturated over-approximation of where each piece can ever go.
 * An analyzer handle keeps its search stack and tables between calls (one per thread). On CHA's
 * 1,803 test vectors, at the default budget, it contradicts none of CHA's 3,606 side verdicts
 * and decides 97% of them (tests/corpus/unwin_vectors.c). */
#ifndef HAMLE_UNWINNABLE_H
#define HAMLE_UNWINNABLE_H

#include "hamle/position.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
	HAMLE_UNWIN_UNDECIDED = 0,
	HAMLE_UNWIN_CAN_MATE = 1,
	HAMLE_UNWIN_CANNOT_MATE = 2
} hamle_unwin_verdict;

/* Why: the argument behind the verdict. */
typedef enum {
	HAMLE_UNWIN_BY_BUDGET = 0,    /* UNDECIDED: the node budget ran out */
	HAMLE_UNWIN_BY_HELPMATE = 1,  /* CAN_MATE: `line` */
	HAMLE_UNWIN_BY_GAME_OVER = 2, /* CANNOT_MATE: the position is already checkmate or stalemate */
	HAMLE_UNWIN_BY_MATERIAL = 3,  /* CANNOT_MATE: insufficient material */
	HAMLE_UNWIN_BY_BLOCKADE = 4,  /* CANNOT_MATE: the pieces' reachable squares */
	HAMLE_UNWIN_BY_SEARCH = 5     /* CANNOT_MATE: every line of play ends without mate */
} hamle_unwin_reason;

/* The longest helpmate line the analysis looks for (plies). */
#define HAMLE_UNWIN_MAX_LINE 128
/* Nodes (positions visited) allowed by default, per side. */
#define HAMLE_UNWIN_DEFAULT_BUDGET 1000000ul

typedef struct hamle_unwin_result {
	hamle_unwin_verdict verdict;
	hamle_unwin_reason reason;
	unsigned long nodes;                   /* positions the search visited */
	int line_len;                          /* CAN_MATE: plies of `line` (0: already mate) */
	hamle_move line[HAMLE_UNWIN_MAX_LINE]; /* CAN_MATE: the helpmate, from the position */
} hamle_unwin_result;

typedef struct hamle_unwin hamle_unwin;

/* An analyzer: its search stack (130 KB); the transposition table (512 KB) and the closure's
 * queue and set (30 MB: every reachable position, breadth first, for small worlds such as kings
 * behind a locked wall) are made on first use, only when a search gets that far. *out belongs to
 * the caller. */
HAMLE_EXTERN int hamle_unwin_new(hamle_unwin **out);
HAMLE_EXTERN void hamle_unwin_free(hamle_unwin *u);

/* Can `side` checkmate from pos by some series of legal moves? budget: nodes the searches visit
 * at most (0: the default); when they decide nothing, a last walk through every reachable
 * position may visit as many again (at most 400,000). Fills *out; returns 0, or HAMLE_EUSAGE for
 * a NULL argument. */
HAMLE_EXTERN int hamle_unwin_analyze(hamle_unwin *u, hamle_unwin_result *out, const hamle_position *pos,
	hamle_color side, unsigned long budget);

/* The same with an analyzer of its own (HAMLE_ENOMEM when none can be made). */
HAMLE_EXTERN int hamle_unwinnable_analyze(hamle_unwin_result *out, const hamle_position *pos,
	hamle_color side, unsigned long budget);

/* 1 when neither side can mate (a dead position, FIDE 5.2.2), 0 when one can or it is undecided
 * within budget (per side); *undecided (may be NULL) says whether a side was undecided. A
 * checkmate or stalemate is not a dead position here (hamle_position_state tells those). */
HAMLE_EXTERN int hamle_unwin_dead(hamle_unwin *u, const hamle_position *pos, unsigned long budget,
	int *undecided);

/* Writes r's helpmate line from pos as UCI moves separated by spaces (snprintf contract). */
HAMLE_EXTERN int hamle_unwin_line_uci(char *buf, size_t size, const hamle_position *pos,
	const hamle_unwin_result *r);

/* Name of a verdict and of a reason: "can-mate", "cannot-mate", "undecided"; "budget",
 * "helpmate", "game-over", "material", "blockade", "search". */
HAMLE_EXTERN const char *hamle_unwin_verdict_id(hamle_unwin_verdict v);
HAMLE_EXTERN const char *hamle_unwin_reason_id(hamle_unwin_reason r);

#ifdef __cplusplus
}
#endif
#endif
