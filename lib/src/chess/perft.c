/* perft.c: leaf-node counts, the move generator's test oracle. The recursion depth is the
 * requested perft depth, never anything read from input. */
#include "chess/position_internal.h"

static uint64_t perft_bulk(const struct hamle_position *p, int depth)
{
	hamle_move moves[HAMLE_MAX_MOVES];
	int n = hamle_gen_legal(p, GEN_ALL_TYPES, GEN_ALL_SQUARES, moves);
	if (depth == 1)
		return (uint64_t)n;
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		struct hamle_position next = *p;
		hamle_make_move(&next, moves[i]);
		total += perft_bulk(&next, depth - 1);
	}
	return total;
}

uint64_t hamle_perft(const hamle_position *pos, int depth)
{
	if (depth <= 0)
		return 1;
	return perft_bulk(pos, depth);
}

uint64_t hamle_perft_divide(const hamle_position *pos, int depth,
	void (*fn)(hamle_move m, uint64_t nodes, void *payload), void *payload)
{
	if (depth <= 0)
		return 1;
	hamle_move moves[HAMLE_MAX_MOVES];
	int n = hamle_gen_legal(pos, GEN_ALL_TYPES, GEN_ALL_SQUARES, moves);
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		struct hamle_position next = *pos;
		hamle_make_move(&next, moves[i]);
		uint64_t nodes = hamle_perft(&next, depth - 1);
		if (fn)
			fn(moves[i], nodes, payload);
		total += nodes;
	}
	return total;
}

static uint64_t perft_full(const struct hamle_position *p, int depth)
{
	if (depth == 0)
		return 1;
	hamle_move moves[HAMLE_MAX_MOVES];
	int n = hamle_gen_legal(p, GEN_ALL_TYPES, GEN_ALL_SQUARES, moves);
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		struct hamle_position next = *p;
		hamle_make_move(&next, moves[i]);
		total += perft_full(&next, depth - 1);
	}
	return total;
}

uint64_t hamle_perft_full(const hamle_position *pos, int depth)
{
	return perft_full(pos, depth < 0 ? 0 : depth);
}
