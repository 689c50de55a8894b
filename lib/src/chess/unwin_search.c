/* unwin_search.c: the helpmate search of the unwinnability analysis, depth first on an explicit
 * stack of at most UNWIN_MAX_PLY frames (no recursion).
 *
 * Both sides cooperate: the search looks for any line that ends with the loser checkmated.
 * With heuristics on (after CHA, Ambrona 2022), the depth a move costs depends on whether it
 * heads for a mate: the winner's captures, advanced pawn pushes, and king and knight moves
 * toward a mating corner cost nothing, as do the loser's king and knight moves toward that
 * corner (its king into it, a piece beside it to block); the loser's captures cost three plies,
 * and when the winner's material can only mate with help from a promoted loser piece, so do
 * the loser's moves other than pawn moves. Rewarded moves are tried first. A search may instead
 * steer every piece toward the square where the loser's king stands (a king at home among its
 * own men is often mated there in a few moves); the winner's queen, rook and bishop moves that
 * then bear on that square come right after the rewarded ones (they cost what a normal move does),
 * and the loser's moves that open such a piece's line to it are rewarded.
 *
 * A search that ends with no node cut by its depth limit or by the node limits has seen every
 * position reachable from the root (the transposition table only skips positions already
 * searched in the same iteration with at least as many moves left), so when it found no mate
 * there is none: the verdict is then sound, whatever the heuristics did to the depths. An
 * iterative deepening may also skip what its earlier iterations searched (reuse_from, as CHA
 * does): much faster at finding mates, but a search that did so proves nothing. */
#include <stdlib.h>
#include <string.h>

#include "chess/unwin_internal.h"
#include "chess/zobrist.h"

/* What a move costs (the rewarded none, the punished three plies) and, for the normal ones,
 * whether it is tried early: KIND_AIMED costs what a normal move does and comes right after the
 * rewarded ones. */
enum { KIND_REWARD = 0, KIND_NORMAL = 1, KIND_PUNISH = 2, KIND_AIMED = 3 };

static uint64_t node_key(const struct hamle_position *p)
{
	uint64_t key = p->key;
	if (p->ep != HAMLE_NO_SQUARE)
		key ^= ZOBRIST_EP_FILE(HAMLE_SQ_FILE(p->ep)) ^ ((uint64_t)p->ep << 1);
	return key;
}

static int chebyshev(int a, int b)
{
	int df = abs(HAMLE_SQ_FILE(a) - HAMLE_SQ_FILE(b)), dr = abs(HAMLE_SQ_RANK(a) - HAMLE_SQ_RANK(b));
	return df > dr ? df : dr;
}

/* Knight distance, bounded: 0 on the square, 1 a jump away, 2 two jumps, else 3 + rough. */
static int knight_distance(int a, int b)
{
	if (a == b)
		return 0;
	if (hamle_knight_attacks[a] & BB(b))
		return 1;
	bitboard two = 0;
	for (bitboard s = hamle_knight_attacks[a]; s;)
		two |= hamle_knight_attacks[bb_pop(&s)];
	if (two & BB(b))
		return 2;
	return 3 + chebyshev(a, b) / 2;
}

/* The mating corner: on the loser's back rank, dark when the winner has a dark bishop (or no
 * bishop and the loser a light one, which could block there), else light. The square wanted:
 * for the winner's king two ranks out of the corner, for its other pieces the corner; for the
 * loser's king the corner, for its other pieces the square beside it on the back rank. */
struct corner {
	int corner, beside, front;
};

static void set_corner(struct corner *c, const struct hamle_position *p, int winner)
{
	const bitboard *w = p->pieces[winner], *l = p->pieces[!winner];
	int dark = (w[HAMLE_BISHOP] & DARK_SQUARES)
		|| (!w[HAMLE_BISHOP] && (l[HAMLE_BISHOP] & ~DARK_SQUARES));
	/* for White: dark h8 (beside g8, front h6), light a8 (b8, a6); for Black mirrored */
	int file = dark ? 7 : 0, side = dark ? 6 : 1;
	int back = winner == HAMLE_WHITE ? 7 : 0, front = winner == HAMLE_WHITE ? 5 : 2;
	if (winner == HAMLE_BLACK) {
		file = 7 - file;
		side = 7 - side;
	}
	c->corner = HAMLE_SQ(file, back);
	c->beside = HAMLE_SQ(side, back);
	c->front = HAMLE_SQ(file, front);
}

/* The winner cannot mate without a piece the loser promotes to block for it: a lone knight
 * against no minor piece or rook, or bishops of one colour against no knight and no bishop of
 * the other colour. */
static int needs_loser_promotion(const struct hamle_position *p, int winner)
{
	const bitboard *w = p->pieces[winner], *l = p->pieces[!winner];
	bitboard wmen = p->occupied[winner] & ~w[HAMLE_KING];
	if (wmen == w[HAMLE_KNIGHT] && wmen && !bb_more_than_one(wmen))
		return !(l[HAMLE_KNIGHT] | l[HAMLE_BISHOP] | l[HAMLE_ROOK]);
	if (wmen && wmen == w[HAMLE_BISHOP]) {
		bitboard colour = (wmen & DARK_SQUARES) ? DARK_SQUARES : ~DARK_SQUARES;
		return !((w[HAMLE_BISHOP] | l[HAMLE_BISHOP]) & ~colour) && !l[HAMLE_KNIGHT];
	}
	return 0;
}

/* The kinds of p's n moves m[]: for the winner, its captures, advanced pawn pushes, and king and
 * knight moves closer to their targets are rewarded; for the loser, king and knight moves closer
 * to theirs, its captures punished, and where it must promote for the winner (loser_promotes)
 * its pawn moves rewarded and the rest punished. Toward a square where the loser's king stands
 * (target: 1 + that square, else 0) the winner's queen, rook and bishop moves that then bear on
 * it are aimed: tried first among the normal ones; and the loser's moves of a man that alone
 * stands between it and such a piece on its line are rewarded. The squares that bring the king
 * closer are one mask a node. */
static void classify_all(const struct hamle_unwin *u, const struct hamle_position *p, const hamle_move *m, int n,
	int winner, const struct corner *c, int loser_promotes, int target, uint8_t *kinds)
{
	int us = p->side, ksq = pos_king(p, us);
	int wins = us == winner;
	/* the king's and the knights' targets: for the winner the front and the corner, for the
	 * loser the corner and the square beside it */
	int kt = wins ? c->front : c->corner, nt = wins ? c->corner : c->beside;
	bitboard kcloser = u->near[kt][chebyshev(ksq, kt)];
	bitboard advanced = winner == HAMLE_WHITE ? 0xFFFFFFFF00000000ull : 0x00000000FFFFFFFFull;
	bitboard occ = pos_all(p);
	/* toward the target, the loser's men that stand alone between it and a winner's queen, rook
	 * or bishop on one line with it: moving one away opens the line (rewarded) */
	bitboard opener = 0;
	if (target && !wins) {
		int t = target - 1;
		const bitboard *w = p->pieces[winner];
		bitboard sliders = ((w[HAMLE_ROOK] | w[HAMLE_QUEEN]) & bb_rook_rays(t))
			| ((w[HAMLE_BISHOP] | w[HAMLE_QUEEN]) & bb_bishop_rays(t));
		while (sliders) {
			bitboard between = bb_between(t, bb_pop(&sliders)) & occ;
			if (between && !bb_more_than_one(between) && (between & p->occupied[us]))
				opener |= between;
		}
	}
	for (int i = 0; i < n; i++) {
		int from = HAMLE_MOVE_FROM(m[i]), to = HAMLE_MOVE_TO(m[i]), kind = HAMLE_MOVE_KIND(m[i]);
		int type = PIECE_TYPE(p->board[from]);
		int capture = kind == HAMLE_MOVE_EN_PASSANT || (kind != HAMLE_MOVE_CASTLING && p->board[to] != PIECE_NONE);
		int closer = type == HAMLE_KING ? (int)((kcloser >> to) & 1)
			: type == HAMLE_KNIGHT ? u->kdist[to][nt] < u->kdist[from][nt] : 0;
		int k;
		if (wins) {
			k = capture || closer || (type == HAMLE_PAWN && ((advanced >> to) & 1)) ? KIND_REWARD : KIND_NORMAL;
			if (k == KIND_NORMAL && target && type >= HAMLE_BISHOP && type <= HAMLE_QUEEN) {
				bitboard o = occ & ~BB(from);
				bitboard a = (type != HAMLE_BISHOP ? bb_rook_attacks(to, o) : 0)
					| (type != HAMLE_ROOK ? bb_bishop_attacks(to, o) : 0);
				if ((a >> (target - 1)) & 1)
					k = KIND_AIMED;
			}
		} else if (closer) {
			k = KIND_REWARD;
		} else if (capture) {
			k = KIND_PUNISH;
		} else if (loser_promotes) {
			int heavy = kind == HAMLE_MOVE_PROMOTION && HAMLE_MOVE_PROMO(m[i]) >= HAMLE_ROOK;
			k = type == HAMLE_PAWN && !heavy ? KIND_REWARD : KIND_PUNISH;
		} else {
			k = (opener >> from) & 1 ? KIND_REWARD : KIND_NORMAL;
		}
		kinds[i] = (uint8_t)k;
	}
}

/* Fills f's move list (rewarded moves first when heuristics are on): only for a node the search
 * goes into, after the cheaper tests of hamle_any_legal, the table and the depth. */
static void expand_node(struct unwin_frame *f, const struct unwin_search *s, const struct hamle_unwin *u)
{
	f->next = 0;
	if (!s->heuristics) {
		f->n = hamle_gen_legal(&f->pos, GEN_ALL_TYPES, GEN_ALL_SQUARES, f->moves);
		memset(f->kind, KIND_NORMAL, (size_t)f->n);
		return;
	}
	hamle_move all[HAMLE_MAX_MOVES];
	int n = hamle_gen_legal(&f->pos, GEN_ALL_TYPES, GEN_ALL_SQUARES, all);
	struct corner c;
	set_corner(&c, &f->pos, s->winner);
	if (s->target) /* the mate where the loser's king stands: every piece heads there */
		c.corner = c.beside = c.front = s->target - 1;
	int promo = f->pos.side != s->winner && needs_loser_promotion(&f->pos, s->winner);
	/* one pass: each move goes to the end of its kind's run (counted first) */
	uint8_t kinds[HAMLE_MAX_MOVES];
	int count[4] = {0, 0, 0, 0};
	classify_all(u, &f->pos, all, n, s->winner, &c, promo, s->target, kinds);
	for (int i = 0; i < n; i++)
		count[kinds[i]]++;
	int at[4] = {0, count[KIND_REWARD] + count[KIND_AIMED], count[KIND_REWARD] + count[KIND_AIMED] + count[KIND_NORMAL],
		count[KIND_REWARD]};
	for (int i = 0; i < n; i++) {
		int k = at[kinds[i]]++;
		f->moves[k] = all[i];
		f->kind[k] = kinds[i];
	}
	f->n = n;
}

/* 1 when the node may be skipped: searched this iteration (or, with reuse_from, since then)
 * with at least `left` moves left; else records it. */
static int tt_seen(struct hamle_unwin *u, struct unwin_tt_entry *tt, uint64_t mask, const struct hamle_position *p,
	int left, uint32_t reuse_from)
{
	uint64_t key = node_key(p);
	struct unwin_tt_entry *e = &tt[key & mask];
	if (e->key == key && e->left >= left && (e->stamp == u->stamp
	    || (reuse_from && e->stamp >= reuse_from && e->stamp < u->stamp))) {
		if (e->stamp != u->stamp)
			u->reused = 1;
		return 1;
	}
	e->key = key;
	e->stamp = u->stamp;
	e->left = left;
	return 0;
}

int unwin_search_run(struct hamle_unwin *u, const struct hamle_position *root, const struct unwin_search *s,
	hamle_unwin_result *r)
{
	/* the table of this search: the small one for a search of few nodes that reuses nothing */
	const int small = s->local_limit && s->local_limit <= UNWIN_TT_SMALL_NODES && !s->reuse_from;
	struct unwin_tt_entry **table = small ? &u->tt_small : &u->tt;
	const size_t entries = (size_t)1 << (small ? UNWIN_TT_SMALL_BITS : UNWIN_TT_BITS);
	if (s->use_tt && !*table) {
		*table = unwin_zeroed(entries * sizeof(**table));
		if (!*table)
			return SEARCH_NOMEM;
	}
	if (s->use_tt && ++u->stamp == 0) { /* every entry of both tables is stale then */
		if (u->tt)
			memset(u->tt, 0, ((size_t)1 << UNWIN_TT_BITS) * sizeof(*u->tt));
		if (u->tt_small)
			memset(u->tt_small, 0, ((size_t)1 << UNWIN_TT_SMALL_BITS) * sizeof(*u->tt_small));
		u->stamp = 1;
	}
	struct unwin_tt_entry *tt = *table;
	const uint64_t mask = entries - 1;
	if (s->heuristics && !u->kdist_ready) {
		for (int a = 0; a < 64; a++)
			for (int b = 0; b < 64; b++)
				u->kdist[a][b] = (uint8_t)knight_distance(a, b);
		memset(u->near, 0, sizeof(u->near));
		for (int t = 0; t < 64; t++)
			for (int sq = 0; sq < 64; sq++)
				for (int d = chebyshev(sq, t) + 1; d < 8; d++)
					u->near[t][d] |= BB(sq);
		u->kdist_ready = 1;
	}
	unsigned long start = u->nodes;
	u->reused = 0;
	int cut = 0, top = 0;
	struct unwin_frame *f = &u->stack[0];
	f->pos = *root;
	f->depth = 0;
	f->progress = 0;
	f->played = HAMLE_MOVE_NONE;
	f->n = -1;
	for (;;) {
		f = &u->stack[top];
		if (f->n < 0) {
			/* entering the node */
			if (u->nodes >= u->budget)
				return SEARCH_BUDGET;
			u->nodes++;
			if (s->local_limit && u->nodes - start > s->local_limit) {
				cut = 1;
				break;
			}
			/* a node is skipped when searched before, else at the depth limit cut unless it
			 * has no legal move, else expanded; one without a legal move ends the line (the
			 * loser mated: found) */
			int done = 0, leaf = f->depth >= s->max_depth || top >= UNWIN_MAX_PLY, over = 0;
			if (unwin_material_impossible(&f->pos, s->winner)) {
				done = 1;
			} else if (s->use_tt && tt_seen(u, tt, mask, &f->pos, s->max_depth - f->depth, s->reuse_from)) {
				done = 1; /* (a mate ends the search the first time it is reached) */
			} else if (leaf) {
				if (!hamle_any_legal(&f->pos)) {
					over = 1;
				} else {
					cut = 1;
					if (s->stop_at_cut)
						break;
					done = 1;
				}
			} else {
				expand_node(f, s, u);
				over = f->n == 0;
			}
			if (over) {
				if (f->pos.side != s->winner && hamle_position_in_check(&f->pos)) {
					r->line_len = top;
					for (int i = 1; i <= top; i++)
						r->line[i - 1] = u->stack[i].played;
					return SEARCH_MATE;
				}
				done = 1;
			}
			if (done) {
				if (top == 0)
					break;
				top--;
				continue;
			}
		}
		if (f->next >= f->n) {
			if (top == 0)
				break;
			top--;
			continue;
		}
		int i = f->next++;
		hamle_move m = f->moves[i];
		int kind = f->kind[i], depth = f->depth + 1;
		if (s->heuristics) {
			if (kind == KIND_REWARD)
				depth--;
			else if (kind == KIND_PUNISH)
				depth = depth + 2 < s->max_depth ? depth + 2 : s->max_depth;
			else if (f->progress)
				depth--;
		}
		struct unwin_frame *c = &u->stack[top + 1];
		c->pos = f->pos;
		hamle_make_move(&c->pos, m);
		c->depth = depth;
		c->progress = s->heuristics && kind == KIND_REWARD;
		c->played = m;
		c->n = -1;
		top++;
	}
	return cut || u->reused ? SEARCH_CUT : SEARCH_EXHAUSTED;
}
