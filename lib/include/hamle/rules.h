/* hamle/rules.h: how a game ends under the FIDE Laws (Articles 5 and 9): checkmate, stalemate,
 * dead positions, repetitions, the 50- and 75-move rules, and which of them were in force when. */
#ifndef HAMLE_RULES_H
#define HAMLE_RULES_H

#include "hamle/position.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
	HAMLE_STATE_PLAYING = 0,
	HAMLE_STATE_CHECKMATE = 1, /* the side to move is checkmated (Art. 5.1.1) */
	HAMLE_STATE_STALEMATE = 2, /* the side to move has no legal move and is not in check (5.2.1) */
	HAMLE_STATE_DEAD = 3       /* no sequence of legal moves can mate (5.2.2): insufficient material */
} hamle_state;

/* Checkmate, stalemate or a dead position (in that order of precedence), else PLAYING. */
HAMLE_EXTERN hamle_state hamle_position_state(const hamle_position *pos);

/* 1 when neither side can ever mate: only kings and minor pieces with at most one minor piece
 * on the board, or only bishops, all on squares of one colour. */
HAMLE_EXTERN int hamle_position_dead(const hamle_position *pos);

/* A key equal for two positions exactly when FIDE counts them as the same position (Art. 9.2.3):
 * same pieces on the same squares, same side to move, same castling rights, and the same en
 * passant possibility (counted only when an en passant capture is legal). */
HAMLE_EXTERN uint64_t hamle_position_repetition_key(const hamle_position *pos);

/* Name of a state: "playing", "checkmate", "stalemate", "dead-position". */
HAMLE_EXTERN const char *hamle_state_id(hamle_state s);

/* The Laws of Chess by date. The FIDE Laws changed over the years; these are the rules hamle knows
 * whose force depends on the game's date (the others -- checkmate, stalemate, the dead position,
 * the threefold-repetition and 50-move claims -- hold for every date):
 *   FIVEFOLD_AUTOMATIC      9.6.1: a position appearing five times ends the game as a draw, with
 *                           no claim (Laws in force from 1 July 2014; before, only a claim);
 *   SEVENTY_FIVE_AUTOMATIC  9.6.2: 75 moves by each player without a capture or pawn move end the
 *                           game as a draw (from 1 July 2014);
 *   ELECTRONIC_SCORESHEET   8.1.1.2: the moves may be recorded on a FIDE-certified electronic
 *                           scoresheet (from 1 January 2023).
 * A date with unknown parts stands for every date it could be; a rule that was in force on some
 * of those dates and not on others (2014.??.??, 201?.??.??) is not decided by it, and so is every
 * rule for an unknown date: such a rule is applied as the current Laws have it (in force) and
 * its flag is also set in `uncertain`. */
#define HAMLE_LAW_FIVEFOLD_AUTOMATIC 0x1u
#define HAMLE_LAW_SEVENTY_FIVE_AUTOMATIC 0x2u
#define HAMLE_LAW_ELECTRONIC_SCORESHEET 0x4u
#define HAMLE_LAWS_CURRENT 0x7u /* every rule above: the Laws in force today */

typedef struct hamle_laws {
	unsigned int in_force;  /* HAMLE_LAW_* that apply to the game */
	unsigned int uncertain; /* HAMLE_LAW_* its date does not decide (applied: also in in_force) */
} hamle_laws;

/* The Laws on a date; 0 for a part that is unknown (year 0: an unknown date; month 0: any day of
 * the year; day 0: any day of the month). An impossible month or day is taken as unknown. */
HAMLE_EXTERN void hamle_laws_on(hamle_laws *out, unsigned year, unsigned month, unsigned day);
/* The Laws on a PGN date ("2014.07.01", "2010.??.??", "????.??.??", "199?.??.??"; "YYYY" and
 * "YYYY.MM" alone are read too; '?' for each unknown digit, 00 for an unknown month or day).
 * NULL or "" is an unknown date. Returns 0, or HAMLE_ESYNTAX when the text is not such a date
 * (then *out is as for an unknown date). */
HAMLE_EXTERN int hamle_laws_for_date(hamle_laws *out, const char *date);

/* Repetition tracking along one line of play. Keys are kept from the last capture or pawn move
 * (the only stretch in which positions can repeat). Owned by the caller. */
typedef struct hamle_history hamle_history;
HAMLE_EXTERN int hamle_history_new(hamle_history **out);
HAMLE_EXTERN void hamle_history_free(hamle_history *h);
HAMLE_EXTERN void hamle_history_clear(hamle_history *h);
/* Records the position reached (call once for the start position and after each move); returns how
 * many times this position has now occurred (1 for the first), or a negative status on ENOMEM. */
HAMLE_EXTERN int hamle_history_push(hamle_history *h, const hamle_position *pos);
/* Removes the last recorded position (for leaving a variation). */
HAMLE_EXTERN void hamle_history_pop(hamle_history *h);
/* Copies src into *out (a fresh history, for replaying a variation from a branch point). */
HAMLE_EXTERN int hamle_history_copy(hamle_history **out, const hamle_history *src);

#ifdef __cplusplus
}
#endif
#endif
