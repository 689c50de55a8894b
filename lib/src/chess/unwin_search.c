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

#include "chess/make_move.h"
#include "chess/unwin_internal.h"
#include "chess/zobrist.h"
#include "compiler.h"

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
 * stands between it and such a piece on its line are rewarded. Each man of the side to move gets
 * its masks first (the squares its moves are rewarded on, those of the other kind, aimed or
 * punished, and the kind of the rest), so a move costs two bit tests. Returns the count of each
 * kind, a byte each. */
static uint32_t classify_all(const struct hamle_unwin *u, const struct hamle_position *p, const hamle_move *m, int n,
	int winner, const struct corner *c, int loser_promotes, int target, uint8_t *kinds)
{
	int us = p->side, ksq = pos_king(p, us);
	int wins = us == winner;
	/* the king's and the knights' targets: for the winner the front and the corner, for the
	 * loser the corner and the square beside it */
	int kt = wins ? c->front : c->corner, nt = wins ? c->corner : c->beside;
	bitboard kcloser = u->near[kt][chebyshev(ksq, kt)];
	bitboard advanced = winner == HAMLE_WHITE ? 0xFFFFFFFF00000000ull : 0x00000000FFFFFFFFull;
	bitboard occ = pos_all(p), enemy = p->occupied[!us];
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
	/* per man: rewarded on rew, of kind alt (aimed for the winner, punished for the loser) on
	 * other, else of kind rest; an en passant capture is the winner's reward, the loser's
	 * punishment */
	bitboard rew[64], other[64];
	uint8_t rest[64];
	const int alt = wins ? KIND_AIMED : KIND_PUNISH;
	for (bitboard men = p->occupied[us]; men;) {
		int sq = bb_pop(&men), type = PIECE_TYPE(p->board[sq]);
		bitboard closer = type == HAMLE_KING ? kcloser
			: type == HAMLE_KNIGHT ? u->knear[nt][u->kdist[sq][nt]] : 0;
		if (wins) {
			rew[sq] = enemy | closer | (type == HAMLE_PAWN ? advanced : 0);
			other[sq] = 0;
			if (target && type >= HAMLE_BISHOP && type <= HAMLE_QUEEN) {
				/* from `to` the piece bears on the target just when `to` is on one of the
				 * target's open lines, the piece gone from sq */
				bitboard o = occ & ~BB(sq);
				other[sq] = (type != HAMLE_BISHOP ? bb_rook_attacks(target - 1, o) : 0)
					| (type != HAMLE_ROOK ? bb_bishop_attacks(target - 1, o) : 0);
			}
			rest[sq] = KIND_NORMAL;
		} else {
			rew[sq] = closer;
			other[sq] = enemy;
			rest[sq] = loser_promotes ? (type == HAMLE_PAWN ? KIND_REWARD : KIND_PUNISH)
				: (opener >> sq) & 1 ? KIND_REWARD : KIND_NORMAL;
		}
	}
	uint32_t counts = 0; /* byte k: the moves of kind k (n < 256) */
	for (int i = 0; i < n; i++) {
		int from = HAMLE_MOVE_FROM(m[i]), to = HAMLE_MOVE_TO(m[i]), kind = HAMLE_MOVE_KIND(m[i]);
		int k = (rew[from] >> to) & 1 ? KIND_REWARD : (other[from] >> to) & 1 ? alt : rest[from];
		if (UNLIKELY(kind >= HAMLE_MOVE_PROMOTION)) {
			if (kind == HAMLE_MOVE_EN_PASSANT)
				k = wins ? KIND_REWARD : KIND_PUNISH;
			else if (kind == HAMLE_MOVE_PROMOTION && !wins && loser_promotes && k == KIND_REWARD
			    && HAMLE_MOVE_PROMO(m[i]) >= HAMLE_ROOK)
				k = KIND_PUNISH; /* a heavy piece the winner cannot use to mate */
		}
		kinds[i] = (uint8_t)k;
		counts += 1u << (8 * k);
	}
	return counts;
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
	/* one pass: each move goes to the end of its kind's run (counted first); the runs' next
	 * places are a byte each of one word, kept in a register */
	uint8_t kinds[HAMLE_MAX_MOVES];
	uint32_t counts = classify_all(u, &f->pos, all, n, s->winner, &c, promo, s->target, kinds);
	uint32_t reward = counts & 0xFF, aimed = counts >> 24, normal = counts >> 8 & 0xFF;
	uint32_t at = (reward + aimed) << 8 | (reward + aimed + normal) << 16 | reward << 24;
	for (int i = 0; i < n; i++) {
		int kd = kinds[i], k = (int)(at >> (8 * kd) & 0xFF);
		at += 1u << (8 * kd);
		f->moves[k] = all[i];
		f->kind[k] = (uint8_t)kd;
	}
	f->n = n;
}

/* 1 when the node may be skipped: searched this iteration (or, with reuse_from, since then)
 * with at least `left` moves left; else records it. */
static int tt_key_seen(struct hamle_unwin *u, struct unwin_tt_entry *tt, uint64_t mask, uint64_t key, int left,
	uint32_t reuse_from)
{
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

static int tt_seen(struct hamle_unwin *u, struct unwin_tt_entry *tt, uint64_t mask, const struct hamle_position *p,
	int left, uint32_t reuse_from)
{
	return tt_key_seen(u, tt, mask, node_key(p), left, reuse_from);
}

/* The key node_key gives the position after m, a quiet move (no capture, no promotion) of p's
 * side, when the move leaves every castling right as it is and sets no en passant square; else 0
 * (the caller then makes the move). */
static uint64_t quiet_child_key(const struct hamle_position *p, hamle_move m, int type)
{
	int from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m), us = p->side;
	if (any_castle(p)) {
		if (type == HAMLE_KING)
			return 0;
		for (int i = 0; i < 4; i++)
			if (p->castle_rook[i] == from)
				return 0;
	}
	if (type == HAMLE_PAWN && (to - from == 16 || from - to == 16))
		return 0;
	return p->key ^ ZOBRIST_WHITE_TO_MOVE ^ zobrist_piece(type, us, from) ^ zobrist_piece(type, us, to);
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
		memset(u->knear, 0, sizeof(u->knear));
		for (int t = 0; t < 64; t++)
			for (int sq = 0; sq < 64; sq++) {
				for (int d = chebyshev(sq, t) + 1; d < 8; d++)
					u->near[t][d] |= BB(sq);
				for (int d = u->kdist[sq][t] + 1; d < 8; d++)
					u->knear[t][d] |= BB(sq);
			}
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
				/* once a leaf has been cut, only a mate here would change the outcome */
				if (cut && (f->pos.side == s->winner || !hamle_position_in_check(&f->pos)))
					done = 1;
				else if (!hamle_any_legal(&f->pos)) {
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
		/* A quiet move into a leaf once a leaf has been cut: the child could only matter as a
		 * mate, so where it cannot be one (the loser moved, or the winner's move gives no
		 * check) it is counted and stored in the table as entering it would, and not made. */
		if (cut && (depth >= s->max_depth || top + 1 >= UNWIN_MAX_PLY) && HAMLE_MOVE_KIND(m) == HAMLE_MOVE_NORMAL
		    && f->pos.board[HAMLE_MOVE_TO(m)] == PIECE_NONE) {
			int type = PIECE_TYPE(f->pos.board[HAMLE_MOVE_FROM(m)]);
			uint64_t key = quiet_child_key(&f->pos, m, type);
			if (key && (f->pos.side != s->winner || !hamle_gives_check_fast(&f->pos, m))) {
				if (u->nodes >= u->budget)
					return SEARCH_BUDGET;
				u->nodes++;
				if (s->local_limit && u->nodes - start > s->local_limit)
					break;
				if (s->use_tt)
					tt_key_seen(u, tt, mask, key, s->max_depth - depth, s->reuse_from);
				continue;
			}
		}
		struct unwin_frame *c = &u->stack[top + 1];
		c->pos = f->pos;
		pos_make_move(&c->pos, m);
		c->depth = depth;
		c->progress = s->heuristics && kind == KIND_REWARD;
		c->played = m;
		c->n = -1;
		top++;
	}
	return cut || u->reused ? SEARCH_CUT : SEARCH_EXHAUSTED;
}
