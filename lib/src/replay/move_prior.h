/* move_prior.h: how often players choose each kind of move (data/move-prior/, made by
 * tools/gen_move_prior.c from master games, embedded at build time). A kind of move is its piece
 * type, origin and destination seen from the side that moves (ranks mirrored for Black), in one
 * of three stretches of the game (plies 0-15, 16-49, 50 on); its byte is
 * round(20 * -ln((chosen + 0.5) / (legal + 5))), at most 255: 0 for a move nearly always played
 * where it can be, 255 for one almost never played. */
#ifndef HAMLE_MOVE_PRIOR_H
#define HAMLE_MOVE_PRIOR_H

#include <stddef.h>

#include "chess/position_internal.h"

#define HAMLE_MOVE_PRIOR_SIZE ((size_t)3 * 6 * 64 * 64)

/* The embedded table (HAMLE_MOVE_PRIOR_SIZE bytes) and its size as embedded. */
extern const unsigned char hamle_embedded_move_prior[];
extern const size_t hamle_embedded_move_prior_size;

/* The index of legal move m of p in the table. */
static inline size_t hamle_move_prior_index(const struct hamle_position *p, hamle_move m)
{
	int ply = 2 * (p->fullmove - 1) + (p->side != HAMLE_WHITE);
	size_t stretch = ply < 16 ? 0 : ply < 50 ? 1 : 2;
	size_t type = (size_t)PIECE_TYPE(p->board[HAMLE_MOVE_FROM(m)]);
	int flip = p->side == HAMLE_WHITE ? 0 : 56;
	size_t from = (size_t)(HAMLE_MOVE_FROM(m) ^ flip), to = (size_t)(HAMLE_MOVE_TO(m) ^ flip);
	return ((stretch * 6 + type) * 64 + from) * 64 + to;
}

#endif
