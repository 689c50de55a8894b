/* position.c: position handles, making moves, Polyglot keys. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	for (int sq = 0; sq < 64; sq++)
		if (p->board[sq] != PIECE_NONE)
			key ^= zobrist_piece(PIECE_TYPE(p->board[sq]), PIECE_COLOR(p->board[sq]), sq);
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
	int us = p->side, them = !us;
	if (__builtin_expect(m == HAMLE_MOVE_NULL, 0)) {
		p->ep = HAMLE_NO_SQUARE;
		p->halfmove++;
		pass_turn(p);
		return;
	}
	int from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m), kind = HAMLE_MOVE_KIND(m);
	if (__builtin_expect(kind == HAMLE_MOVE_CASTLING, 0)) {
		p->ep = HAMLE_NO_SQUARE;
		p->halfmove++;
		make_castling(p, m, us);
		pass_turn(p);
		return;
	}
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
	p->fullmove = (uint16_t)(p->fullmove + (us == HAMLE_BLACK));
	p->side = (uint8_t)them;
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
