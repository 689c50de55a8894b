/* position.c: position handles, making moves, Polyglot keys. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/make_move.h"
#include "chess/position_internal.h"
#include "chess/zobrist.h"

void hamle_position_clear(struct hamle_position *p)
{
	memset(p, 0, sizeof(*p));
	memset(p->board, PIECE_NONE, sizeof(p->board));
	memset(p->castle_rook, HAMLE_NO_SQUARE, sizeof(p->castle_rook));
	p->ep = HAMLE_NO_SQUARE;
	p->fullmove = 1;
}

void hamle_put_piece(struct hamle_position *p, int color, int type, int sq)
{
	p->pieces[color][type] |= BB(sq);
	p->occupied[color] |= BB(sq);
	p->board[sq] = (uint8_t)PIECE_CODE(color, type);
	p->key ^= zobrist_piece(type, color, sq);
}

static void remove_piece(struct hamle_position *p, int sq)
{
	int code = p->board[sq], color = PIECE_COLOR(code), type = PIECE_TYPE(code);
	p->pieces[color][type] ^= BB(sq);
	p->occupied[color] ^= BB(sq);
	p->board[sq] = PIECE_NONE;
	p->key ^= zobrist_piece(type, color, sq);
}

static void clear_castle(struct hamle_position *p, int idx)
{
	if (p->castle_rook[idx] != HAMLE_NO_SQUARE) {
		p->castle_rook[idx] = HAMLE_NO_SQUARE;
		p->key ^= ZOBRIST_CASTLE(idx);
	}
}

uint64_t hamle_compute_key(const struct hamle_position *p)
{
	uint64_t key = 0;
	/* piece by piece from the bitboards (a FEN's start: a loop over 64 squares was most of it) */
	for (int color = 0; color < 2; color++)
		for (int type = 0; type < 6; type++)
			for (bitboard b = p->pieces[color][type]; b;)
				key ^= zobrist_piece(type, color, bb_pop(&b));
	for (int i = 0; i < 4; i++)
		if (p->castle_rook[i] != HAMLE_NO_SQUARE)
			key ^= ZOBRIST_CASTLE(i);
	if (p->side == HAMLE_WHITE)
		key ^= ZOBRIST_WHITE_TO_MOVE;
	return key;
}

static void pass_turn(struct hamle_position *p)
{
	if (p->side == HAMLE_BLACK)
		p->fullmove++;
	p->side = !p->side;
	p->key ^= ZOBRIST_WHITE_TO_MOVE;
}

static void make_castling(struct hamle_position *p, hamle_move m, int us)
{
	int from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m);
	int kto = hamle_castle_king_to(m), rto = hamle_castle_rook_to(m);
	remove_piece(p, from);
	remove_piece(p, to);
	hamle_put_piece(p, us, HAMLE_KING, kto);
	hamle_put_piece(p, us, HAMLE_ROOK, rto);
	clear_castle(p, CASTLE_INDEX(us, 0));
	clear_castle(p, CASTLE_INDEX(us, 1));
}

void hamle_make_move(struct hamle_position *p, hamle_move m)
{
	int us = p->side;
	if (__builtin_expect(m == HAMLE_MOVE_NULL, 0)) {
		p->ep = HAMLE_NO_SQUARE;
		p->halfmove++;
		pass_turn(p);
		return;
	}
	if (__builtin_expect(HAMLE_MOVE_KIND(m) == HAMLE_MOVE_CASTLING, 0)) {
		p->ep = HAMLE_NO_SQUARE;
		p->halfmove++;
		make_castling(p, m, us);
		pass_turn(p);
		return;
	}
	pos_make_ordinary(p, m);
}

int hamle_position_copy(hamle_position **out, const hamle_position *pos)
{
	*out = NULL;
	hamle_position *p = malloc(sizeof(*p));
	if (!p)
		return HAMLE_ENOMEM;
	*p = *pos;
	*out = p;
	return HAMLE_OK;
}

void hamle_position_free(hamle_position *pos) { free(pos); }

hamle_color hamle_position_side(const hamle_position *pos) { return (hamle_color)pos->side; }
int hamle_position_fullmove(const hamle_position *pos) { return pos->fullmove; }
int hamle_position_halfmove(const hamle_position *pos) { return pos->halfmove; }
int hamle_position_is_chess960(const hamle_position *pos) { return pos->chess960; }

int hamle_position_in_check(const hamle_position *pos)
{
	return hamle_attacked(pos, pos_king(pos, pos->side), !pos->side, pos_all(pos));
}

int hamle_position_piece_at(const hamle_position *pos, int sq, int *type, int *color)
{
	if (sq < 0 || sq > 63 || pos->board[sq] == PIECE_NONE)
		return 0;
	if (type)
		*type = PIECE_TYPE(pos->board[sq]);
	if (color)
		*color = PIECE_COLOR(pos->board[sq]);
	return 1;
}

uint64_t hamle_position_hash(const hamle_position *pos)
{
	uint64_t key = pos->key;
	if (hamle_ep_capturable(pos))
		key ^= ZOBRIST_EP_FILE(HAMLE_SQ_FILE(pos->ep));
	return key;
}

int hamle_position_legal_moves(const hamle_position *pos, hamle_move moves[HAMLE_MAX_MOVES])
{
	return hamle_gen_legal(pos, GEN_ALL_TYPES, GEN_ALL_SQUARES, moves);
}

int hamle_position_is_legal(const hamle_position *pos, hamle_move m)
{
	return hamle_move_legal(pos, m);
}

void hamle_position_play(hamle_position *pos, hamle_move m)
{
	hamle_make_move(pos, m);
}

int hamle_move_uci(char *buf, size_t size, const hamle_position *pos, hamle_move m)
{
	/* written by hand, not with snprintf: writers call this once per move */
	char out[6];
	int n = 0;
	if (m == HAMLE_MOVE_NULL) {
		memcpy(out, "0000", 4);
		n = 4;
	} else {
		int from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m);
		if (HAMLE_MOVE_KIND(m) == HAMLE_MOVE_CASTLING && !(pos && pos->chess960))
			to = hamle_castle_king_to(m);
		out[n++] = (char)('a' + HAMLE_SQ_FILE(from));
		out[n++] = (char)('1' + HAMLE_SQ_RANK(from));
		out[n++] = (char)('a' + HAMLE_SQ_FILE(to));
		out[n++] = (char)('1' + HAMLE_SQ_RANK(to));
		if (HAMLE_MOVE_KIND(m) == HAMLE_MOVE_PROMOTION)
			out[n++] = "nbrq"[HAMLE_MOVE_PROMO(m) - HAMLE_KNIGHT];
	}
	if (size) {
		size_t k = (size_t)n < size - 1 ? (size_t)n : size - 1;
		memcpy(buf, out, k);
		buf[k] = '\0';
	}
	return n;
}
