/* hamle/rules.h: how a game ends under the FIDE Laws (Articles 5 and 9): checkmate, stalemate,
 * dead positions, repetitions, the 50- and 75-move rules. */
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
