/* position_internal.h: the board representation shared by the chess modules and, read-only,
 * by the notation and replay modules. */
#ifndef HAMLE_POSITION_INTERNAL_H
#define HAMLE_POSITION_INTERNAL_H

#include "chess/bitboard.h"
#include "hamle/position.h"

#define PIECE_NONE 12 /* board[] value of an empty square; otherwise color * 6 + type */
#define PIECE_CODE(color, type) ((color) * 6 + (type))
#define PIECE_TYPE(code) ((code) % 6)
#define PIECE_COLOR(code) ((code) / 6)

/* Castling right index: color * 2 + side, side 0 = king side (h-side), 1 = queen side (a-side). */
#define CASTLE_INDEX(color, side) ((color) * 2 + (side))

struct hamle_position {
	bitboard pieces[2][6]; /* by color, then type (pawn..king) */
	bitboard occupied[2];  /* by color */
	uint8_t board[64];     /* PIECE_NONE or color * 6 + type */
	uint8_t castle_rook[4];/* square of the rook for each castling right, or HAMLE_NO_SQUARE */
	uint8_t side;          /* hamle_color to move */
	uint8_t ep;            /* en passant target square (behind a double-pushed pawn) or NO_SQUARE */
	uint8_t chess960;      /* castling written in Chess960 style (X-FEN letters, king takes rook) */
	uint8_t pad;
	uint16_t halfmove;     /* plies since the last capture or pawn move */
	uint32_t fullmove;     /* starts at 1, incremented after Black's move */
	uint64_t key;          /* Polyglot key without the en passant term */
};

static inline bitboard pos_all(const struct hamle_position *p) { return p->occupied[0] | p->occupied[1]; }
static inline int pos_king(const struct hamle_position *p, int color) { return bb_lsb(p->pieces[color][HAMLE_KING]); }

/* Squares of pieces of color `by` that attack sq, given occupancy occ. */
bitboard hamle_attackers(const struct hamle_position *p, int sq, int by, bitboard occ);
/* 1 when sq is attacked by color `by`. */
int hamle_attacked(const struct hamle_position *p, int sq, int by, bitboard occ);

/* Legal moves of the side to move whose piece type is in type_mask (bit per hamle_piece_type)
 * and whose destination is in `targets` (castling: the king's destination g/c file counts, and so
 * does the rook square). Returns the count written to out (at most HAMLE_MAX_MOVES). */
int hamle_gen_legal(const struct hamle_position *p, unsigned type_mask, bitboard targets, hamle_move *out);
#define GEN_ALL_TYPES 0x3Fu
#define GEN_ALL_SQUARES (~(bitboard)0)

/* The piece placement of the positions last written, rank by rank, for FEN after FEN along a
 * game (a move changes one to four ranks): owned by its writer, zeroed before the first use. */
struct fen_cache {
	uint64_t row[8];   /* the rank's board[] bytes */
	char text[8][9];   /* its FEN text (fen_rank may write one byte past it) */
	uint8_t len[8];
	unsigned valid;    /* bit per rank */
};
/* hamle_position_fen (X-FEN castling) through the cache. */
int pos_fen_cached(char *buf, size_t size, const struct hamle_position *p, struct fen_cache *c);

/* Legality of a move that has the shape of a move in this position (any 16-bit value is safe). */
int hamle_move_legal(const struct hamle_position *p, hamle_move m);
/* Legality of a pseudo-legal move (the piece on `from` can move to `to` by its own rules, the
 * destination holds no piece of the mover): a few attack lookups instead of a generation. */
int hamle_pseudo_legal_ok(const struct hamle_position *p, hamle_move m);
/* 1 when legal move m (not castling, not en passant) gives check, 0 when it does not, -1 for
 * castling and en passant (not decided here): without making the move. */
int hamle_gives_check_fast(const struct hamle_position *p, hamle_move m);
/* 1 when the side to move has a legal move (stops at the first group of piece types that has one). */
int hamle_any_legal(const struct hamle_position *p);
/* Make a legal move (or HAMLE_MOVE_NULL) in place. */
void hamle_make_move(struct hamle_position *p, hamle_move m);
/* Destination square of the king for a castling move. */
int hamle_castle_king_to(hamle_move m);
int hamle_castle_rook_to(hamle_move m);
/* 1 when a pawn of the side to move could capture en passant (pseudo-legal, Polyglot's rule). */
int hamle_ep_capturable(const struct hamle_position *p);
/* Recomputes the Polyglot key from scratch (without the en passant term). */
uint64_t hamle_compute_key(const struct hamle_position *p);
/* Initialises p as an empty board. */
void hamle_position_clear(struct hamle_position *p);
/* Parses a FEN into p (no allocation). */
int hamle_position_parse(struct hamle_position *p, const char *fen, hamle_error *err);
/* Puts a piece on an empty square, keeping bitboards and key in step. */
void hamle_put_piece(struct hamle_position *p, int color, int type, int sq);

#endif
