/* rules.c: end states per the FIDE Laws (checkmate, stalemate, dead positions) and the
 * "same position" key used for repetitions. */
#include "chess/position_internal.h"
#include "chess/zobrist.h"
#include "hamle/rules.h"

#define LIGHT_SQUARES 0x55AA55AA55AA55AAull

int hamle_position_dead(const hamle_position *p)
{
	bitboard heavy = 0, knights = 0, bishops = 0;
	for (int c = 0; c < 2; c++) {
		heavy |= p->pieces[c][HAMLE_PAWN] | p->pieces[c][HAMLE_ROOK] | p->pieces[c][HAMLE_QUEEN];
		knights |= p->pieces[c][HAMLE_KNIGHT];
		bishops |= p->pieces[c][HAMLE_BISHOP];
	}
	if (heavy)
		return 0;
	int minors = bb_count(knights | bishops);
	if (minors <= 1)
		return 1;
	/* only bishops, every one on the same colour of square */
	return !knights && (!(bishops & LIGHT_SQUARES) || !(bishops & ~LIGHT_SQUARES));
}

hamle_state hamle_position_state(const hamle_position *p)
{
	if (!hamle_any_legal(p))
		return hamle_position_in_check(p) ? HAMLE_STATE_CHECKMATE : HAMLE_STATE_STALEMATE;
	return hamle_position_dead(p) ? HAMLE_STATE_DEAD : HAMLE_STATE_PLAYING;
}

uint64_t hamle_position_repetition_key(const hamle_position *p)
{
	uint64_t key = p->key;
	if (hamle_ep_capturable(p)) {
		hamle_move moves[HAMLE_MAX_MOVES];
		int n = hamle_gen_legal(p, 1u << HAMLE_PAWN, BB(p->ep), moves);
		for (int i = 0; i < n; i++)
			if (HAMLE_MOVE_KIND(moves[i]) == HAMLE_MOVE_EN_PASSANT)
				return key ^ ZOBRIST_EP_FILE(HAMLE_SQ_FILE(p->ep));
	}
	return key;
}

const char *hamle_state_id(hamle_state s)
{
	switch (s) {
	case HAMLE_STATE_CHECKMATE: return "checkmate";
	case HAMLE_STATE_STALEMATE: return "stalemate";
	case HAMLE_STATE_DEAD: return "dead-position";
	default: return "playing";
	}
}
