/* unwin_closure.c: every position reachable from the root, breadth first, with a set of those
 * seen (no depth limit, no heuristics). When the set closes -- every reachable position seen and
 * none is a mate of the loser -- the winner can never mate: the exhausted search of small worlds
 * (kings walking behind a locked wall, a rook shut in with its king) that no depth-limited search
 * finishes. Breadth first, the first mate found is a shortest helpmate; its line is read back
 * through each node's parent. Positions are queued packed (a nibble per square, 64 bytes a
 * node); the queue and the set are made on first use and kept by the analyzer (26 MB for
 * UNWIN_CLOSURE_MAX positions, and 8 MB, of which a run writes as much as it fills), and the set
 * is emptied slot by slot after each run. */
#include <stdlib.h>
#include <string.h>

#include "chess/make_move.h"
#include "chess/unwin_internal.h"
#include "chess/zobrist.h"

#define SET_BITS 20 /* more than twice UNWIN_CLOSURE_MAX slots */

struct unwin_node {
	uint64_t key;          /* the position's key (without the en passant term) */
	uint8_t board[32];     /* two squares a byte, PIECE_NONE for empty */
	uint8_t castle_rook[4];
	uint8_t side, ep, chess960, pad;
	uint32_t slot;         /* where its key is in the set */
	int32_t parent;
	hamle_move move;
};

static void pack(struct unwin_node *n, const struct hamle_position *p)
{
	for (int sq = 0; sq < 64; sq += 2)
		n->board[sq / 2] = (uint8_t)(p->board[sq] | (p->board[sq + 1] << 4));
	memcpy(n->castle_rook, p->castle_rook, 4);
	n->key = p->key;
	n->side = p->side;
	n->ep = p->ep;
	n->chess960 = p->chess960;
}

static void unpack(struct hamle_position *p, const struct unwin_node *n)
{
	memset(p, 0, sizeof(*p));
	memset(p->board, PIECE_NONE, sizeof(p->board));
	/* sixteen squares a word: the nibbles other than PIECE_NONE found at once, then only the
	 * men placed (an ending has a few) */
	for (int w = 0; w < 4; w++) {
		uint64_t x;
		memcpy(&x, n->board + 8 * w, sizeof(x));
		uint64_t t = x ^ (0x1111111111111111ull * PIECE_NONE);
		uint64_t men = (t | t >> 1 | t >> 2 | t >> 3) & 0x1111111111111111ull;
		while (men) {
			int bit = bb_pop(&men);
			int sq = 16 * w + bit / 4, code = (int)(x >> bit & 15);
			p->board[sq] = (uint8_t)code;
			p->pieces[PIECE_COLOR(code)][PIECE_TYPE(code)] |= BB(sq);
			p->occupied[PIECE_COLOR(code)] |= BB(sq);
		}
	}
	memcpy(p->castle_rook, n->castle_rook, 4);
	p->key = n->key;
	p->side = n->side;
	p->fullmove = 1;
	p->ep = n->ep;
	p->chess960 = n->chess960;
}

static uint64_t closure_key_of(uint64_t key, int ep)
{
	if (ep != HAMLE_NO_SQUARE)
		key ^= ZOBRIST_EP_FILE(HAMLE_SQ_FILE(ep)) ^ ((uint64_t)ep << 1);
	return key | 1; /* 0 marks an empty slot */
}

static uint64_t closure_key(const struct hamle_position *p)
{
	return closure_key_of(p->key, p->ep);
}

/* The slot of key, which was new (and is now in the set of mask + 1 slots), or -1 when it was
 * there. */
static long set_add(uint64_t *set, size_t mask, uint64_t key)
{
	size_t i = (size_t)(key >> 20) & mask;
	while (set[i]) {
		if (set[i] == key)
			return -1;
		i = (i + 1) & mask;
	}
	set[i] = key;
	return (long)i;
}

/* The set's slots up to mask written zero (unwin_zeroed says why). */
static void set_ready(struct hamle_unwin *u, size_t mask)
{
	if (mask + 1 > u->seen_ready) {
		memset(u->seen + u->seen_ready, 0, (mask + 1 - u->seen_ready) * sizeof(*u->seen));
		u->seen_ready = mask + 1;
	}
}

/* The set twice as large, the tail queued positions' keys in it again (the set holds just them):
 * a run touches only as much of it as it fills. */
static void set_grow(struct hamle_unwin *u, size_t *mask, size_t tail)
{
	struct unwin_node *q = u->queue;
	size_t m = *mask * 2 + 1;
	set_ready(u, m);
	for (size_t k = 0; k < tail; k++)
		u->seen[q[k].slot] = 0;
	for (size_t k = 0; k < tail; k++)
		q[k].slot = (uint32_t)set_add(u->seen, m, closure_key_of(q[k].key, q[k].ep));
	*mask = m;
}

static int closure(struct hamle_unwin *u, const struct hamle_position *root, int winner,
	hamle_unwin_result *r, size_t limit, size_t *used)
{
	struct unwin_node *q = u->queue;
	/* the set at most a quarter full (then made larger, up to SET_BITS): a small run touches
	 * only the start of it */
	const size_t max_mask = ((size_t)1 << SET_BITS) - 1;
	size_t mask = 0xffff;
	set_ready(u, mask);
	size_t head = 0, tail = 0;
	pack(&q[0], root);
	q[0].parent = -1;
	q[0].move = HAMLE_MOVE_NONE;
	q[0].slot = (uint32_t)set_add(u->seen, mask, closure_key(root));
	*used = tail = 1;
	hamle_move moves[HAMLE_MAX_MOVES];
	uint64_t keys[HAMLE_MAX_MOVES];
	while (head < tail) {
		if (u->nodes >= u->budget)
			return SEARCH_BUDGET;
		u->nodes++;
		size_t at = head++;
		struct hamle_position p;
		if (at == 0)
			p = *root;
		else
			unpack(&p, &q[at]);
		if (unwin_material_impossible(&p, winner))
			continue;
		int n = hamle_gen_legal(&p, GEN_ALL_TYPES, GEN_ALL_SQUARES, moves);
		while (tail + (size_t)n > (mask + 1) / 4 && mask < max_mask)
			set_grow(u, &mask, tail);
		if (n == 0) {
			if (p.side == winner || !hamle_position_in_check(&p))
				continue;
			int len = 0;
			for (int32_t k = (int32_t)at; q[k].parent >= 0; k = q[k].parent)
				len++;
			if (len > HAMLE_UNWIN_MAX_LINE)
				return SEARCH_CUT;
			r->line_len = len;
			for (int32_t k = (int32_t)at; q[k].parent >= 0; k = q[k].parent)
				r->line[--len] = q[k].move;
			return SEARCH_MATE;
		}
		/* the children's keys first, their slots of the set asked for ahead (a set of this size
		 * is mostly out of the cache), then each looked up in order; a new child is made again
		 * to be queued */
		for (int i = 0; i < n; i++) {
			struct hamle_position next = p;
			pos_make_move(&next, moves[i]);
			keys[i] = closure_key(&next);
			__builtin_prefetch(&u->seen[(size_t)(keys[i] >> 20) & mask], 1);
		}
		for (int i = 0; i < n; i++) {
			long slot = set_add(u->seen, mask, keys[i]);
			if (slot < 0)
				continue;
			struct hamle_position next = p;
			pos_make_move(&next, moves[i]);
			if (tail == limit) {
				u->seen[slot] = 0;
				return SEARCH_CUT;
			}
			pack(&q[tail], &next);
			q[tail].slot = (uint32_t)slot;
			q[tail].parent = (int32_t)at;
			q[tail].move = moves[i];
			*used = ++tail;
		}
	}
	return SEARCH_EXHAUSTED;
}

int unwin_closure_run(struct hamle_unwin *u, const struct hamle_position *root, int winner,
	hamle_unwin_result *r, size_t limit)
{
	if (limit > UNWIN_CLOSURE_MAX)
		limit = UNWIN_CLOSURE_MAX;
	if (u->nodes >= u->budget)
		return SEARCH_BUDGET;
	if (!u->queue) {
		u->queue = malloc(UNWIN_CLOSURE_MAX * sizeof(*u->queue));
		u->seen = malloc(((size_t)1 << SET_BITS) * sizeof(*u->seen)); /* zeroed as used */
		u->seen_ready = 0;
		if (!u->queue || !u->seen) {
			free(u->queue);
			free(u->seen);
			u->queue = NULL;
			u->seen = NULL;
			return SEARCH_NOMEM;
		}
	}
	size_t used = 0;
	int rc = closure(u, root, winner, r, limit, &used);
	for (size_t i = 0; i < used; i++)
		u->seen[u->queue[i].slot] = 0;
	return rc;
}
