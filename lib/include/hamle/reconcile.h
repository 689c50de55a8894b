/* hamle/reconcile.h: two records of one game (the two players' scoresheets, FIDE Laws 8.1, 8.5,
 * 8.7), aligned move by move like a diff of moves, replayed from the start position.
 *
 * Each sheet is a game as the reader reads it (PGN, a typed scoresheet, any encoding) that a
 * replay has run over (hamle_replay_run), which gives its language (declared or detected, so one
 * sheet may be Turkish and the other German) and its start position. The mainline moves of the
 * two are read against the agreed position, one ply after the other; where they differ, a
 * bounded lookahead on each hypothesis decides, and each divergence is recorded with its move
 * number and side, what each sheet says, which reading is legal and which one the rest of the
 * game bears out:
 *   move-missing   one sheet lacks plies the other has (a player who stopped recording under 8.4,
 *                  or a gap): they are taken from the other sheet;
 *   column-shift   one sheet lacks a half-move and its move numbers after it put White's moves
 *                  in Black's column for a stretch (the sheet is realigned: its moves are read
 *                  one ply later);
 *   sheets-differ  the sheets have different moves at one ply: when only one is legal it is
 *                  taken; when both are, the reading whose line the later moves replay further
 *                  is taken; when the later moves cannot decide (or neither is legal, or the
 *                  sheets cannot be aligned), the agreed game stops there: the last agreed move
 *                  is where the game stands, as in the 1997 blind-play appendix;
 *   result-differs the results on the two sheets differ (one may lack it), or the agreed one
 *                  contradicts the final position (checkmate, stalemate);
 *   illegal-move   both sheets have the same move, and it cannot be played: the agreed game
 *                  stops there (an error, as sheets-differ where it stops).
 *
 * Lifecycle: hamle_reconcile_new -> hamle_reconcile_run per pair (results valid until the next
 * run; the games and replays are only read during the run) -> hamle_reconcile_free. No globals,
 * no recursion, nothing printed; the lookahead is bounded per divergence (plies) and per pair
 * (a budget of move readings, after which divergences are no longer looked ahead on). */
#ifndef HAMLE_RECONCILE_H
#define HAMLE_RECONCILE_H

#include "hamle/common.h"
#include "hamle/locale.h"
#include "hamle/pgn.h"
#include "hamle/position.h"
#include "hamle/replay.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hamle_reconcile hamle_reconcile;

#define HAMLE_RECONCILE_OPTIONS_VERSION 1
typedef struct hamle_reconcile_options {
	unsigned int version;         /* HAMLE_RECONCILE_OPTIONS_VERSION */
	const hamle_locale *messages; /* language of the messages; NULL = English */
	unsigned int lookahead;       /* plies looked ahead on each hypothesis; 0 = 48 */
	unsigned int max_gap;         /* plies one sheet may lack in a row before the other goes on;
	                               * 0 = 8 (a sheet that ends early may lack any number) */
	unsigned long budget;         /* move readings per pair for the lookahead; 0 = 400000 */
} hamle_reconcile_options;
#define HAMLE_RECONCILE_OPTIONS_INIT { HAMLE_RECONCILE_OPTIONS_VERSION, NULL, 0, 0, 0 }

/* Which sheet (hamle_divergence.sheet, .taken). */
#define HAMLE_SHEET_A 0
#define HAMLE_SHEET_B 1
#define HAMLE_SHEET_NONE (-1)

/* One divergence. */
typedef struct hamle_divergence {
	const char *id;          /* "move-missing", "column-shift", "sheets-differ", "result-differs",
	                          * "illegal-move"; static */
	unsigned ply;            /* the agreed game's ply (1-based) where it is; for a result, the plies
	                          * of the agreed game + 1 */
	unsigned plies;          /* move-missing, column-shift: plies taken from the other sheet (a
	                          * column-shift: 1); else 0 */
	unsigned shift_end;      /* column-shift: the last ply of the stretch in the wrong column */
	unsigned move_number;    /* of that ply; 0 for a result */
	int side;                /* HAMLE_WHITE, HAMLE_BLACK; -1 for a result */
	int sheet;               /* HAMLE_SHEET_*: the sheet that lacks moves or is wrong (NONE: undecided) */
	int taken;               /* HAMLE_SHEET_*: whose reading the agreed game takes (NONE: it stops here) */
	int stops;               /* 1 when the agreed game ends here (undecided, unreadable) */
	int a_legal, b_legal;    /* whether each sheet's reading is legal at that ply (0 when absent) */
	char a[HAMLE_SAN_TEXT_MAX]; /* what each sheet says there, as written ("" when it has nothing:
	                          * for a result, the result written, "" when none) */
	char b[HAMLE_SAN_TEXT_MAX];
	size_t a_token, b_token; /* token index of that move in each game, (size_t)-1 when none */
	hamle_error error;       /* message (in the messages language); line, column, offset of the
	                          * token of the sheet named by `sheet` (A's when NONE); ply as above */
} hamle_divergence;

HAMLE_EXTERN int hamle_reconcile_new(hamle_reconcile **out, const hamle_reconcile_options *opts);
HAMLE_EXTERN void hamle_reconcile_free(hamle_reconcile *rc); /* NULL-safe */

/* Reconciles sheet a (replayed by rpa) with sheet b (replayed by rpb). Returns HAMLE_OK
 * (whatever the sheets say), HAMLE_ENOMEM, or HAMLE_EUSAGE for a NULL argument. */
HAMLE_EXTERN int hamle_reconcile_run(hamle_reconcile *rc, const hamle_game *a, const hamle_replay *rpa,
	const hamle_game *b, const hamle_replay *rpb);

/* The agreed game: its start position (sheet A's), its moves (legal in order from the start),
 * its result (HAMLE_RESULT_UNKNOWN when it stops early or the sheets leave it open). */
HAMLE_EXTERN const hamle_position *hamle_reconcile_start(const hamle_reconcile *rc);
HAMLE_EXTERN const hamle_move *hamle_reconcile_moves(const hamle_reconcile *rc, size_t *n);
HAMLE_EXTERN hamle_result hamle_reconcile_result(const hamle_reconcile *rc);
/* 1 when both sheets were read to their end (the agreed game is the whole game). */
HAMLE_EXTERN int hamle_reconcile_complete(const hamle_reconcile *rc);

/* The divergences, in the order of their plies (the result's last). */
HAMLE_EXTERN size_t hamle_reconcile_count(const hamle_reconcile *rc);
HAMLE_EXTERN const hamle_divergence *hamle_reconcile_at(const hamle_reconcile *rc, size_t i);

#ifdef __cplusplus
}
#endif
#endif
