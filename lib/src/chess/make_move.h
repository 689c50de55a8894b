/* make_move.h: making an ordinary move (not castling, not the null move), inline for the loops
 * that play move after move (the replay's walk, the quick lane); hamle_make_move (position.c) is
 * the same for every move. */
#ifndef HAMLE_CHESS_MAKE_MOVE_H
#define HAMLE_CHESS_MAKE_MOVE_H

#include <stdint.h>
#include <string.h>

#include "chess/bitboard.h"
#include "chess/position_internal.h"
#include "chess/zobrist.h"
#include "compiler.h"

/* Castling rights a move touching square sq (from or to) takes away: a rook leaving or captured
 * on its square. Both colours' rights are looked at (a capture takes the other side's). The key
 * change goes to *key (make_move keeps the key in a register). */
static inline void clear_castle_on(struct hamle_position *p, int sq, uint64_t *key)
{
	/* the four rook squares compared at once first: most moves touch none of them */
	uint32_t all, x;
	memcpy(&all, p->castle_rook, sizeof(all));
	x = all ^ (0x01010101u * (uint32_t)sq);
	if (!((x - 0x01010101u) & ~x & 0x80808080u))
		return;
	for (int idx = 0; idx < 4; idx++)
		if (p->castle_rook[idx] == sq) {
			p->castle_rook[idx] = HAMLE_NO_SQUARE;
			*key ^= ZOBRIST_CASTLE(idx);
		}
}

/* 1 when some castling right remains (castle_rook[] not all HAMLE_NO_SQUARE). */
static inline int any_castle(const struct hamle_position *p)
{
	uint32_t all;
	memcpy(&all, p->castle_rook, sizeof(all));
	return all != 0x01010101u * (uint32_t)HAMLE_NO_SQUARE;
}

/* Move m (no castling, no null move) in p. */
static inline void pos_make_ordinary(struct hamle_position *p, hamle_move m)
{
	int us = p->side, them = !us;
	int from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m), kind = HAMLE_MOVE_KIND(m);
	/* read the board once, and keep the key and the counters in locals written back at the end:
	 * the byte stores to board[] may alias any field as far as the compiler knows */
	int code = p->board[from];
	int type = code - 6 * us; /* our piece: code is us * 6 + type */
	int captured = p->board[to];
	uint64_t key = p->key ^ ZOBRIST_WHITE_TO_MOVE;
	unsigned halfmove = p->halfmove + 1u;
	int ep = HAMLE_NO_SQUARE;
	if (__builtin_expect(kind == HAMLE_MOVE_EN_PASSANT, 0)) {
		int csq = to + (us == HAMLE_WHITE ? -8 : 8);
		p->pieces[them][HAMLE_PAWN] ^= BB(csq);
		p->occupied[them] ^= BB(csq);
		p->board[csq] = PIECE_NONE;
		key ^= zobrist_piece(HAMLE_PAWN, them, csq);
	} else if (captured != PIECE_NONE) {
		/* the captured piece is the opponent's: its type is captured - 6 * them */
		int ctype = captured - 6 * them;
		p->pieces[them][ctype] ^= BB(to);
		p->occupied[them] ^= BB(to);
		key ^= zobrist_piece(ctype, them, to);
		halfmove = 0;
	}
	bitboard both = BB(from) | BB(to);
	if (__builtin_expect(kind == HAMLE_MOVE_PROMOTION, 0)) {
		int promo = HAMLE_MOVE_PROMO(m);
		p->pieces[us][HAMLE_PAWN] ^= BB(from);
		p->pieces[us][promo] |= BB(to);
		p->board[to] = (uint8_t)PIECE_CODE(us, promo);
		key ^= zobrist_piece(HAMLE_PAWN, us, from) ^ zobrist_piece(promo, us, to);
	} else {
		p->pieces[us][type] ^= both;
		p->board[to] = (uint8_t)code;
		key ^= zobrist_piece(type, us, from) ^ zobrist_piece(type, us, to);
	}
	p->occupied[us] ^= both;
	p->board[from] = PIECE_NONE;
	if (any_castle(p)) {
		if (type == HAMLE_KING) {
			for (int side = 0; side < 2; side++)
				if (p->castle_rook[CASTLE_INDEX(us, side)] != HAMLE_NO_SQUARE) {
					p->castle_rook[CASTLE_INDEX(us, side)] = HAMLE_NO_SQUARE;
					key ^= ZOBRIST_CASTLE(CASTLE_INDEX(us, side));
				}
		}
		/* a rook leaving its corner, or one captured there */
		clear_castle_on(p, from, &key);
		if (captured != PIECE_NONE)
			clear_castle_on(p, to, &key);
	}
	if (type == HAMLE_PAWN) {
		halfmove = 0;
		if (to - from == 16 || from - to == 16) {
			int sq = (from + to) / 2;
			if (bb_pawn_attacks(us, sq) & p->pieces[them][HAMLE_PAWN])
				ep = sq;
		}
	}
	p->key = key;
	p->halfmove = (uint16_t)halfmove;
	p->ep = (uint8_t)ep;
	p->fullmove += us == HAMLE_BLACK;
	p->side = (uint8_t)them;
}

/* hamle_make_move, the ordinary move inline. */
static inline void pos_make_move(struct hamle_position *p, hamle_move m)
{
	if (UNLIKELY(m == HAMLE_MOVE_NULL || HAMLE_MOVE_KIND(m) == HAMLE_MOVE_CASTLING))
		hamle_make_move(p, m);
	else
		pos_make_ordinary(p, m);
}

#endif
