/* analysis_internal.h: the state of an analysis (analysis.c), read by the writer
 * (write/writer_engine.c), which writes the evaluations, judgements and best lines into the game. */
#ifndef HAMLE_ENGINE_ANALYSIS_INTERNAL_H
#define HAMLE_ENGINE_ANALYSIS_INTERNAL_H

#include "hamle/analysis.h"

/* One mainline ply: the move that reaches it and the search of the position after it. */
struct an_ply {
	hamle_move move;        /* the move of this ply (ply 0: none) */
	size_t token;           /* its token ((size_t)-1 for ply 0) */
	hamle_eval eval;        /* of the position after it */
	int judge, mate;        /* of the move: HAMLE_JUDGE_*, HAMLE_MATE_* */
	hamle_move line[HAMLE_UCI_PV_MAX]; /* the best line from the position after it */
	unsigned nline;
};

struct hamle_analysis {
	hamle_analysis_options opts;
	const hamle_game *game; /* the game analysed last (the writer checks it is the one it writes) */
	int active;             /* the last game was analysed (it had no error) */
	struct an_ply *ply;     /* ply[0]: the start position */
	size_t cap;
	unsigned plies, first;
	unsigned searched, cached, missing;
	uint64_t engine_ms;
	hamle_engine_fault *faults;
	size_t nfaults, fcap;
	int has_acc;            /* the accuracy tags */
	double acc[2], acpl[2];
};

#endif
