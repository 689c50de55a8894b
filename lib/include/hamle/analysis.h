/* hamle/analysis.h: a UCI engine's word on the mainline of a game (hamle-annotate --engine).
 *
 * hamle_analysis_run searches every mainline position of a replayed game from a start (the
 * position after ply start_ply, or after the last book move), through an evaluation cache that
 * the threads of a run may share, and judges each move after it by lichess's model (hamle/engine.h):
 * the evaluation after each move, the ?! ? ?? of each move, the engine's best line where a move
 * is a mistake or a blunder, and each side's accuracy and average centipawn loss. A search that
 * fails (the engine could not start, exited, hung, wrote garbage) is a fault with its ply: that
 * evaluation is missing (and the judgements beside it, and the accuracy tags); the engine is
 * started again for the next position (after 3 faults in a row, or a failed start, the rest of
 * the game is left unsearched).
 *
 * The writer (pgn and fide) then writes, with hamle_writer_analysis: [%eval 0.42] / [%eval #-3]
 * in the comment after each move (in the move's first comment when it has one, beside a [%clk];
 * an [%eval] that was there is replaced), the judgement NAG ($6 $2 $4, unless the move has it),
 * for a mistake or blunder a comment in the output language ("Mistake. Nf3 was best.") and the
 * best line as a variation, and the tags WhiteAccuracy, BlackAccuracy, WhiteACPL, BlackACPL.
 * Games with an error get none of this. One analysis per thread. */
#ifndef HAMLE_ANALYSIS_H
#define HAMLE_ANALYSIS_H

#include "hamle/engine.h"

#ifdef __cplusplus
extern "C" {
#endif

struct hamle_eco;
struct hamle_writer;

#define HAMLE_ANALYSIS_OPTIONS_VERSION 1
typedef struct hamle_analysis_options {
	unsigned int version;          /* HAMLE_ANALYSIS_OPTIONS_VERSION */
	hamle_engine_limit limit;
	int clear_hash;                /* ucinewgame and isready before each search (deterministic) */
	unsigned start_ply;            /* the first position searched is the one after this ply */
	const struct hamle_eco *book;  /* non-NULL: start after the last mainline position in this
	                                * opening table, when that is later (--skip-book) */
	unsigned line_plies;           /* the best line's length for a mistake or blunder */
	hamle_eval_cache *cache;       /* shared by threads; NULL: none */
} hamle_analysis_options;
#define HAMLE_ANALYSIS_OPTIONS_INIT { HAMLE_ANALYSIS_OPTIONS_VERSION, { HAMLE_LIMIT_NODES, 20000 }, 1, 0, NULL, 10, NULL }

typedef struct hamle_engine_fault {
	unsigned ply;           /* the position searched is the one after this ply */
	unsigned move_number;   /* of the move at ply (0 for ply 0) */
	int side;               /* who played it, -1 for ply 0 */
	size_t token;           /* the token of that move, (size_t)-1 for ply 0 */
	int start;              /* 1: the engine could not start (the rest of the game unsearched) */
	char message[HAMLE_ERROR_MESSAGE_MAX]; /* English: what the engine did */
} hamle_engine_fault;

typedef struct hamle_analysis hamle_analysis;

HAMLE_EXTERN int hamle_analysis_new(hamle_analysis **out, const hamle_analysis_options *opts);
HAMLE_EXTERN void hamle_analysis_free(hamle_analysis *an); /* NULL-safe */

/* Analyses g, which rp has just replayed, with engine e. Returns 0 or HAMLE_ENOMEM (engine faults
 * are faults, not failures). A game with an error finding, or that could not start, gets none. */
HAMLE_EXTERN int hamle_analysis_run(hamle_analysis *an, hamle_engine *e, const hamle_game *g, const hamle_replay *rp);

HAMLE_EXTERN size_t hamle_analysis_fault_count(const hamle_analysis *an);
HAMLE_EXTERN const hamle_engine_fault *hamle_analysis_fault(const hamle_analysis *an, size_t i);
/* Of the last game: mainline plies, the first position searched (a ply), the positions evaluated
 * by a search of the engine and by the cache, the evaluations missing, and the engine's reported
 * search time of its searches (milliseconds). */
HAMLE_EXTERN unsigned hamle_analysis_plies(const hamle_analysis *an);
HAMLE_EXTERN unsigned hamle_analysis_first(const hamle_analysis *an);
HAMLE_EXTERN unsigned hamle_analysis_searched(const hamle_analysis *an);
HAMLE_EXTERN unsigned hamle_analysis_cached(const hamle_analysis *an);
HAMLE_EXTERN unsigned hamle_analysis_missing(const hamle_analysis *an);
HAMLE_EXTERN uint64_t hamle_analysis_engine_ms(const hamle_analysis *an);
/* The evaluation of the position after ply (White's view; kind NONE when not searched), and the
 * judgement of the move at ply (HAMLE_JUDGE_*; *mate the mate sequence; NULL allowed). */
HAMLE_EXTERN const hamle_eval *hamle_analysis_eval(const hamle_analysis *an, unsigned ply);
HAMLE_EXTERN int hamle_analysis_judgement(const hamle_analysis *an, unsigned ply, int *mate);
/* The i-th tag the analysis adds (0..3: WhiteAccuracy BlackAccuracy WhiteACPL BlackACPL): 1 and
 * its name and value when the game has it (every position of the range evaluated), else 0. */
HAMLE_EXTERN int hamle_analysis_tag(const hamle_analysis *an, int i, const char **name, char *value, size_t size);

/* Has the writer add the last game's analysis (an borrowed; NULL: none) to what it writes next
 * (pgn, fide). The analysis must be of the game the writer is given. */
HAMLE_EXTERN void hamle_writer_analysis(struct hamle_writer *w, const hamle_analysis *an);

#ifdef __cplusplus
}
#endif
#endif
