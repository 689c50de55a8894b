/* zobrist.h: Polyglot-compatible Zobrist keys. */
#ifndef HAMLE_ZOBRIST_H
#define HAMLE_ZOBRIST_H

#include <stdint.h>

extern const uint64_t hamle_polyglot_keys[781];

/* Key of a piece (type 0..5 pawn..king, color 0 white / 1 black) on a square. */
static inline uint64_t zobrist_piece(int type, int color, int sq)
{
	return hamle_polyglot_keys[64 * (2 * type + (color == 0 ? 1 : 0)) + sq];
}
#define ZOBRIST_CASTLE(i) (hamle_polyglot_keys[768 + (i)])
#define ZOBRIST_EP_FILE(f) (hamle_polyglot_keys[772 + (f)])
#define ZOBRIST_WHITE_TO_MOVE (hamle_polyglot_keys[780])

#endif
