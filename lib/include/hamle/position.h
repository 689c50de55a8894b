/* hamle/position.h: squares, moves and positions (the rules of chess, no notation). */
#ifndef HAMLE_POSITION_H
#define HAMLE_POSITION_H

#include "hamle/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Squares 0..63: a1 = 0, b1 = 1, ..., h8 = 63. */
#define HAMLE_SQ(file, rank) ((file) + 8 * (rank))
#define HAMLE_SQ_FILE(sq) ((sq) & 7)
#define HAMLE_SQ_RANK(sq) ((sq) >> 3)
#define HAMLE_NO_SQUARE 64

typedef enum { HAMLE_WHITE = 0, HAMLE_BLACK = 1 } hamle_color;
typedef enum {
	HAMLE_PAWN = 0, HAMLE_KNIGHT = 1, HAMLE_BISHOP = 2,
	HAMLE_ROOK = 3, HAMLE_QUEEN = 4, HAMLE_KING = 5, HAMLE_NO_PIECE = 6
} hamle_piece_type;

/* A move is a 16-bit value:
 *
 *   bit  0- 5  origin square
 *   bit  6-11  destination square; for castling, the square of the castling rook
 *              ("king takes rook", so Chess960 castling is unambiguous)
 *   bit 12-13  promotion piece: 0 knight, 1 bishop, 2 rook, 3 queen
 *   bit 14-15  kind: 0 normal, 1 promotion, 2 en passant, 3 castling
 *
 * HAMLE_MOVE_NONE (0, a1a1) is no move; HAMLE_MOVE_NULL (b1b1) is the null move "--" that
 * passes the turn. */
typedef uint16_t hamle_move;
#define HAMLE_MOVE_NONE ((hamle_move)0)
#define HAMLE_MOVE_NULL ((hamle_move)65)
#define HAMLE_MOVE_NORMAL 0
#define HAMLE_MOVE_PROMOTION 1
#define HAMLE_MOVE_EN_PASSANT 2
#define HAMLE_MOVE_CASTLING 3
#define HAMLE_MOVE_MAKE(from, to, kind, promo) \
	((hamle_move)((from) | ((to) << 6) | ((promo) << 12) | ((kind) << 14)))
#define HAMLE_MOVE_FROM(m) ((int)((m) & 63))
#define HAMLE_MOVE_TO(m) ((int)(((m) >> 6) & 63))
#define HAMLE_MOVE_KIND(m) ((int)(((m) >> 14) & 3))
/* Promotion piece as hamle_piece_type (knight..queen); meaningful for promotions only. */
#define HAMLE_MOVE_PROMO(m) ((int)((((m) >> 12) & 3) + HAMLE_KNIGHT))

/* Maximum number of legal moves in any position (218 is the known maximum). */
#define HAMLE_MAX_MOVES 256

typedef struct hamle_position hamle_position;

/* FEN output styles for the castling field. */
#define HAMLE_FEN_XFEN 0      /* KQkq; file letters where KQkq would be ambiguous (default) */
#define HAMLE_FEN_SHREDDER 1  /* rook files: HAha */
#define HAMLE_FEN_MAX 128     /* buffer size that holds any FEN */

/* Parses FEN, X-FEN or Shredder-FEN (NULL = the standard start position). Counters may be
 * missing (read as "0 1"). On failure returns HAMLE_EBADFEN and err->message names the field
 * and the problem. *out belongs to the caller. */
HAMLE_EXTERN int hamle_position_new(hamle_position **out, const char *fen, hamle_error *err);
HAMLE_EXTERN int hamle_position_copy(hamle_position **out, const hamle_position *pos);
HAMLE_EXTERN void hamle_position_free(hamle_position *pos);

/* Writes the FEN (snprintf contract: returns the length it needs). */
HAMLE_EXTERN int hamle_position_fen(char *buf, size_t size, const hamle_position *pos, int style);

HAMLE_EXTERN hamle_color hamle_position_side(const hamle_position *pos);
HAMLE_EXTERN int hamle_position_fullmove(const hamle_position *pos);
HAMLE_EXTERN int hamle_position_halfmove(const hamle_position *pos);
HAMLE_EXTERN int hamle_position_in_check(const hamle_position *pos);
HAMLE_EXTERN int hamle_position_is_chess960(const hamle_position *pos);
/* Piece on a square: type in *type, colour in *color; returns 0 when empty. */
HAMLE_EXTERN int hamle_position_piece_at(const hamle_position *pos, int sq, int *type, int *color);

/* Polyglot Zobrist key (equal to the Polyglot book format's hash). */
HAMLE_EXTERN uint64_t hamle_position_hash(const hamle_position *pos);

/* Legal moves; returns the count. */
HAMLE_EXTERN int hamle_position_legal_moves(const hamle_position *pos, hamle_move moves[HAMLE_MAX_MOVES]);
/* 1 when m is legal in pos. */
HAMLE_EXTERN int hamle_position_is_legal(const hamle_position *pos, hamle_move m);
/* Plays a legal move (or HAMLE_MOVE_NULL); the caller guarantees legality. */
HAMLE_EXTERN void hamle_position_play(hamle_position *pos, hamle_move m);

/* Leaf nodes at depth. */
HAMLE_EXTERN uint64_t hamle_perft(const hamle_position *pos, int depth);
/* Per root move: calls fn(move, nodes, payload) for each legal move; returns the total. */
HAMLE_EXTERN uint64_t hamle_perft_divide(const hamle_position *pos, int depth,
	void (*fn)(hamle_move m, uint64_t nodes, void *payload), void *payload);
/* Node count without bulk counting at the leaves (every leaf is made): for benchmarks. */
HAMLE_EXTERN uint64_t hamle_perft_full(const hamle_position *pos, int depth);

/* Writes a move in UCI form (e2e4, e7e8q; castling as e1g1, or king-takes-rook in Chess960). */
HAMLE_EXTERN int hamle_move_uci(char *buf, size_t size, const hamle_position *pos, hamle_move m);

#ifdef __cplusplus
}
#endif
#endif
