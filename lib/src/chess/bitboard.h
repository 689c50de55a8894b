/* bitboard.h: 64-bit square sets and the const attack tables (generated at build time). */
#ifndef HAMLE_BITBOARD_H
#define HAMLE_BITBOARD_H

#include <stdint.h>

typedef uint64_t bitboard;

#define BB(sq) ((bitboard)1 << (sq))
#define FILE_A_BB 0x0101010101010101ull
#define RANK_1_BB 0xFFull

struct hamle_magic {
	uint64_t mask, magic;
	unsigned shift, offset;
};

extern const uint64_t hamle_knight_attacks[64];
extern const uint64_t hamle_king_attacks[64];
extern const uint64_t hamle_pawn_attacks_flat[128]; /* [color * 64 + sq] */
extern const uint64_t hamle_rook_rays[64];   /* rook moves from sq on an empty board (1 KB, hot) */
extern const uint64_t hamle_bishop_rays[64]; /* bishop moves from sq on an empty board */
extern const uint64_t hamle_between_flat[64 * 64];  /* squares strictly between, aligned only */
extern const uint64_t hamle_line_flat[64 * 64];     /* whole line through both, aligned only */
extern const struct hamle_magic hamle_rook_magics[64];
extern const struct hamle_magic hamle_bishop_magics[64];
extern const uint64_t hamle_rook_table[];
extern const uint64_t hamle_bishop_table[];

static inline int bb_lsb(bitboard b) { return __builtin_ctzll(b); }
static inline int bb_count(bitboard b) { return __builtin_popcountll(b); }
static inline int bb_pop(bitboard *b)
{
	int sq = __builtin_ctzll(*b);
	*b &= *b - 1;
	return sq;
}
static inline int bb_more_than_one(bitboard b) { return (b & (b - 1)) != 0; }

static inline bitboard bb_rook_attacks(int sq, bitboard occ)
{
	const struct hamle_magic *m = &hamle_rook_magics[sq];
	return hamle_rook_table[m->offset + (((occ & m->mask) * m->magic) >> m->shift)];
}

static inline bitboard bb_bishop_attacks(int sq, bitboard occ)
{
	const struct hamle_magic *m = &hamle_bishop_magics[sq];
	return hamle_bishop_table[m->offset + (((occ & m->mask) * m->magic) >> m->shift)];
}

static inline bitboard bb_rook_rays(int sq) { return hamle_rook_rays[sq]; }
static inline bitboard bb_bishop_rays(int sq) { return hamle_bishop_rays[sq]; }
static inline bitboard bb_pawn_attacks(int color, int sq) { return hamle_pawn_attacks_flat[color * 64 + sq]; }
/* The squares the pawns of `color` on b attack, all at once. */
static inline bitboard bb_pawns_attacks(int color, bitboard b)
{
	const bitboard not_a = ~FILE_A_BB, not_h = ~(FILE_A_BB << 7);
	if (color == 0) /* HAMLE_WHITE */
		return ((b << 9) & not_a) | ((b << 7) & not_h);
	return ((b >> 7) & not_a) | ((b >> 9) & not_h);
}
static inline bitboard bb_between(int a, int b) { return hamle_between_flat[a * 64 + b]; }
static inline bitboard bb_line(int a, int b) { return hamle_line_flat[a * 64 + b]; }

/* Sliding pieces among `rooks` (moving along ranks and files) and `bishops` (along diagonals)
 * that see square sq along a free line, given occupancy occ. The empty-board rays of sq pick the
 * pieces on a line with it and the between table tells whether the line is free: a few entries
 * of small tables, where the magic attack tables spread over 800 KB (a cache miss each). */
static inline bitboard bb_sliders_to(bitboard rooks, bitboard bishops, int sq, bitboard occ)
{
	bitboard found = 0;
	bitboard cand = (rooks & bb_rook_rays(sq)) | (bishops & bb_bishop_rays(sq));
	while (cand) {
		int s = __builtin_ctzll(cand);
		cand &= cand - 1;
		if (!(bb_between(sq, s) & occ))
			found |= (bitboard)1 << s;
	}
	return found;
}

#endif
