/* hamle/annotate.h: what the Laws of Chess say about a recorded game (FIDE Articles 5, 6.9 and 9,
 * with the Laws in force at the game's date), as events, and the comments and tags the writer adds
 * for them (hamle-annotate).
 *
 * Rules to events: hamle_annotate_game walks the MAINLINE of a game that a replay has just read
 * (variations never count: their positions are not in the mainline's history) and collects a flat
 * list of events, each holding after a ply (1-based along the mainline; 0 is the start position):
 *   checkmate, stalemate   after the last move (5.1.1, 5.2.1)
 *   dead-position          the first position from which neither side can mate (5.2.2): the game
 *                          ends there; any later move gets moves-after-end
 *   threefold-repetition   the first ply at which a claim (9.2.2) is possible: the position occurs
 *                          for the third time, "the same" per 9.2.3 (same side to move, pieces on
 *                          the same squares, same castling rights, an en passant square only when
 *                          the capture is legal); claim = HAMLE_CLAIM_BY_MOVE: the first ply after
 *                          which the player to move could claim by writing a move that makes the
 *                          position occur for the third time (9.2.1), the move in `move`
 *   fifty-move-rule        the first ply at which the half-move clock reaches 100 (9.3.2); with
 *                          HAMLE_CLAIM_BY_MOVE the ply after which it stands at 99 and a move that
 *                          is neither a capture nor a pawn move can be written (9.3.1)
 *   fivefold-repetition    the fifth occurrence (9.6.1); seventy-five-move-rule: the clock reaches
 *                          150 without checkmate on that move (9.6.2). `automatic` is 1 when the
 *                          Laws at the game's Date have them (from 1 July 2014): the game ends
 *                          there; else they are reported as a claim that was possible
 *   moves-after-end        the first move after an automatic end (dead position, fivefold, 75)
 *   flag-fall              6.9: the game was lost on time (Termination "time forfeit", or a
 *                          [%clk 0:00:00] of the side that lost) but the winner cannot mate
 *                          by any series of legal moves: a draw
 *   result-mismatch        the Result tag or the termination marker does not say what the board
 *                          decides (mate, stalemate, dead position, automatic draws, 6.9), or
 *                          the two say different results: the verdict of hamle/verdict.h, the
 *                          one hamle-validate's result-mismatch finding gives
 *   clock-backwards        a side's [%clk] rose by more than the TimeControl allows (warning)
 * The board decides the result only in those cases; hamle_annotate_result says what it decides.
 *
 * Events to comments: with the writer given the annotator (hamle_writer_annotate), PGN and FIDE
 * output get a {} comment after the ply of each event (in the locale's `annotations:` words, English
 * where the locale has none), the FEN / Polyglot key / [%emt] comments asked for, the tags
 * (PlyCount, Zobrist) and, with HAMLE_ANNOTATE_FIX_RESULT, the Result tag and termination marker
 * the board decides. Games with an error finding get none of this (they are written so that they
 * fail again).
 *
 * Lifecycle: hamle_annotator_new -> (hamle_annotate_game, reading events)... -> hamle_annotator_free.
 * One annotator per thread; results valid until the next hamle_annotate_game. No recursion. */
#ifndef HAMLE_ANNOTATE_H
#define HAMLE_ANNOTATE_H

#include "hamle/common.h"
#include "hamle/locale.h"
#include "hamle/pgn.h"
#include "hamle/position.h"
#include "hamle/replay.h"
#include "hamle/san.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What to annotate (hamle_annotate_options.flags). */
#define HAMLE_ANNOTATE_END 0x1u         /* checkmate, stalemate, dead position */
#define HAMLE_ANNOTATE_CLAIMS 0x2u      /* threefold repetition and 50 moves on the board */
#define HAMLE_ANNOTATE_CLAIM_MOVES 0x4u /* the claims by writing the next move (9.2.1, 9.3.1) */
#define HAMLE_ANNOTATE_AUTOMATIC 0x8u   /* fivefold, 75 moves, moves after an automatic end */
#define HAMLE_ANNOTATE_FLAG 0x10u       /* 6.9 flag fall */
#define HAMLE_ANNOTATE_RESULT 0x20u     /* the result against the board (comment) */
#define HAMLE_ANNOTATE_FIX_RESULT 0x40u /* write the result the board decides */
#define HAMLE_ANNOTATE_PLYCOUNT 0x80u   /* PlyCount tag: mainline plies */
#define HAMLE_ANNOTATE_FEN 0x100u       /* FEN comment after every mainline move */
#define HAMLE_ANNOTATE_FEN_END 0x200u   /* FEN comment after the last mainline move only */
#define HAMLE_ANNOTATE_ZOBRIST 0x400u   /* Polyglot key comment after every move, Zobrist tag */
#define HAMLE_ANNOTATE_EMT 0x800u       /* [%emt] from the clocks and the TimeControl */
#define HAMLE_ANNOTATE_CLOCKS 0x1000u   /* clock warnings (clock-backwards) */
#define HAMLE_ANNOTATE_ECO 0x2000u      /* ECO, Opening and Variation tags (needs options.eco) */
#define HAMLE_ANNOTATE_MARKS 0x4000u    /* check, mate and capture marks as the position says (off:
                                         * as written) */
#define HAMLE_ANNOTATE_DEFAULT 0x503Fu  /* END CLAIMS CLAIM_MOVES AUTOMATIC FLAG RESULT CLOCKS MARKS */

#define HAMLE_ANNOTATE_OPTIONS_VERSION 1
typedef struct hamle_annotate_options {
	unsigned int version;       /* HAMLE_ANNOTATE_OPTIONS_VERSION */
	unsigned int flags;         /* HAMLE_ANNOTATE_* */
	const hamle_locale *locale; /* language of the comments (its `annotations:`, else English);
	                             * NULL: English */
	const hamle_locale *messages; /* language of event messages; NULL: as locale */
	const struct hamle_eco *eco;  /* the opening table for HAMLE_ANNOTATE_ECO (hamle/eco.h); borrowed */
	unsigned long mate_budget;    /* nodes per side the unwinnability analysis may search (the 6.9
	                               * flag fall, the dead final position); 0: 200000 for a flag
	                               * fall, the static arguments alone for a dead position (as
	                               * hamle_replay_options.mate_budget) */
} hamle_annotate_options;
#define HAMLE_ANNOTATE_OPTIONS_INIT { HAMLE_ANNOTATE_OPTIONS_VERSION, HAMLE_ANNOTATE_DEFAULT, NULL, NULL, NULL, 0 }

#define HAMLE_CLAIM_NONE 0
#define HAMLE_CLAIM_BOARD 1   /* the position on the board allows the claim */
#define HAMLE_CLAIM_BY_MOVE 2 /* writing the next move first allows it (9.2.1, 9.3.1) */

typedef struct hamle_annot_event {
	const char *code;        /* "threefold-repetition", ... static */
	hamle_severity severity; /* WARNING for result-mismatch, moves-after-end, clock-backwards;
	                          * 0 for a note */
	unsigned ply;            /* the event holds after this mainline ply (0: the start position) */
	unsigned move_number;    /* of the move at ply (0 for ply 0) */
	int side;                /* HAMLE_WHITE / HAMLE_BLACK: who played the move at ply; -1 none */
	size_t token;            /* token index of that move, or (size_t)-1 */
	size_t line, column;     /* of that token (else of the game) */
	char fen[HAMLE_FEN_MAX]; /* the position after ply */
	int claim;               /* HAMLE_CLAIM_* */
	int automatic;           /* the event ends the game by itself (dead, fivefold, 75 in force) */
	unsigned count;          /* occurrences (repetitions), half-move clock (50/75 moves) */
	unsigned plies[5];       /* repetitions: the plies of the earlier occurrences (up to 5);
	                          * moves-after-end: the ply the game ended at */
	unsigned nplies;
	unsigned plies_number[5];/* the move number of each of plies (0: the start position) */
	int plies_side[5];       /* who played it (HAMLE_WHITE / HAMLE_BLACK; -1: the start position) */
	char plies_move[5][HAMLE_SAN_MAX]; /* the move played, in the comment locale ("" at the start) */
	char move[HAMLE_SAN_MAX];/* the move to write first (claims by move), in the comment locale */
	hamle_result result;     /* result-mismatch: the result written (the Result tag where it and
	                          * the marker differ: move ""); flag-fall: the result given */
	hamle_result board;      /* result-mismatch / flag-fall: what the board decides (the marker
	                          * where the tag and it differ) */
	char message[HAMLE_ERROR_MESSAGE_MAX]; /* in the messages language */
} hamle_annot_event;

typedef struct hamle_annotator hamle_annotator;

HAMLE_EXTERN int hamle_annotator_new(hamle_annotator **out, const hamle_annotate_options *opts);
HAMLE_EXTERN void hamle_annotator_free(hamle_annotator *a); /* NULL-safe */

/* Annotates game g, which rp has just replayed (hamle_replay_run). Returns 0 or HAMLE_ENOMEM. A
 * game whose replay has an error finding, or could not start, gets no events. */
HAMLE_EXTERN int hamle_annotate_game(hamle_annotator *a, const hamle_game *g, const hamle_replay *rp);

HAMLE_EXTERN size_t hamle_annotate_event_count(const hamle_annotator *a);
HAMLE_EXTERN const hamle_annot_event *hamle_annotate_event(const hamle_annotator *a, size_t i);
/* The result the board decides for the last game (HAMLE_RESULT_NONE when it decides nothing),
 * and the one the game gives (its termination marker, else its Result tag). */
HAMLE_EXTERN hamle_result hamle_annotate_result(const hamle_annotator *a, hamle_result *written);
/* The opening of the last game (HAMLE_ANNOTATE_ECO): the table's entry for the position of its
 * mainline reached last (the deepest: a transposition counts), NULL when none; *ply: where. */
struct hamle_eco_entry;
HAMLE_EXTERN const struct hamle_eco_entry *hamle_annotate_opening(const hamle_annotator *a, unsigned *ply);
/* Mainline plies of the last game (as far as they could be played). */
HAMLE_EXTERN unsigned hamle_annotate_plies(const hamle_annotator *a);

/* hamle_replay_filter_check (hamle/replay.h) with Has and ComputedECO from annotating g (which rp
 * has just replayed) with a: Has from its threefold-repetition and fifty-move-rule events on the
 * board and its fivefold and seventy-five-move events (a wants HAMLE_ANNOTATE_CLAIMS and
 * HAMLE_ANNOTATE_AUTOMATIC), ComputedECO from hamle_annotate_opening (a wants HAMLE_ANNOTATE_ECO
 * and the table; "" when no opening is found). A game with an error has neither (conditions on them
 * are false). Annotates only when the filter needs it (HAMLE_FILTER_NEEDS_ANNOTATE). */
HAMLE_EXTERN int hamle_annotate_filter_check(const hamle_filter *f, hamle_annotator *a, const hamle_game *g,
	const hamle_replay *rp, hamle_error *err);

/* The annotation ids, in the order tools list them: the i-th, NULL past the end. Static. */
HAMLE_EXTERN const char *hamle_annotate_code_at(size_t i);

/* Has the writer add the last game's annotations (a borrowed; NULL: none) to what it writes next,
 * in pgn, fide and json. The annotator must have annotated the game the writer is given. */
struct hamle_writer;
HAMLE_EXTERN void hamle_writer_annotate(struct hamle_writer *w, const hamle_annotator *a);

#ifdef __cplusplus
}
#endif
#endif
