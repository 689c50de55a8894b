/* bridge.c: moves missing from the record (see hamle/bridge.h). It extends the one-move "a move
 * missing" hypothesis of suggest.c to sequences of up to N plies, inserted before the move that
 * cannot be played or a few plies before it.
 *
 * The evidence is the record itself. A bridge of k plies followed by the recorded moves must
 * replay them (a missing ply shifts every later move to the other colour, so a wrong bridge
 * fails soon); the move numbers written before the moves must fit the plies they then take (a
 * gap in the numbering says where moves are missing, and how many); and the check and capture
 * marks of the recorded moves must be true. Bridges are ranked by how far the record replays
 * after them (up to HAMLE_BRIDGE_HORIZON plies past the failing move), then by the numbers that
 * do not fit, then by length, then by a score: the marks they contradict, less what says they are
 * the moves played (bridge_score.c: their pieces used again or answered by the record, captures;
 * pieces left to be lost, by them or by the record's moves under them, count against), weighed
 * with how natural the bridge's moves and the recorded moves after it look (how often players
 * choose such a move where it is legal: move_prior.h). Where the move numbers all fit
 * the record as written, bridges after which it replays as far to the same position are one.
 *
 * Move numbers that all fit the record as written (a writer who left moves out and numbered the
 * rows on, "30. Qd2 Kf8 31. Qh7" where 31. Kg8 was left out) say nothing of where moves are
 * missing: they are then not counted, and every insertion point of a length is searched. The
 * cost of a bridge counts the recorded moves before its insertion point as the record plays them,
 * so that bridges at different points pay for the same moves. A move that cannot be played is
 * an illegal move or an ambiguous one (a missing move can decide which piece moved).
 *
 * Search: for each insertion point (the failing move and the WINDOW recorded moves before it)
 * and each length, every sequence of legal moves of that length, depth first with an explicit
 * stack; positions already searched at the same depth (move orders that transpose) are skipped
 * through a table of keys. The groups (misfit, length) are searched best first, and the search
 * stops once three complete bridges are found or the budget of nodes (moves played, recorded
 * moves read) is spent. Work is bounded by the budget, memory by the window: no recursion over
 * the input, and all state lives in the replay. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "replay/bridge_internal.h"

/* 1 when the budget is spent (counts one node). */
static int spend(hamle_replay *rp)
{
	return ++rp->bridge_nodes > rp->bridge_budget;
}

/* Reads rec r in p (one node). 1 with *m set when it is a legal move there; *over (when not
 * NULL) says whether its origin hint was more than the move needed. */
static int read_rec(hamle_replay *rp, const struct bridge_work *w, const struct rec *r,
	const struct hamle_position *p, hamle_move *m, int *over)
{
	rp->bridge_nodes++;
	if (!r->lexed)
		return 0;
	struct san_tok t = r->t;
	int before = 0;
	if (over)
		*over = 0;
	if (t.castle < 0 && !t.null_move && san_fast_resolve(p, &t, m, &before)) {
		if (over)
			*over = before == 1 && (t.from_file >= 0 || t.from_rank >= 0) && !(t.warn & HAMLE_SAN_W_LONG_FORM) &&
				PIECE_TYPE(p->board[HAMLE_MOVE_FROM(*m)]) != HAMLE_PAWN;
		return 1;
	}
	t = r->t;
	if (t.castle < 0 && !t.null_move) {
		/* the general path only where a piece of the kind could get there at all */
		int type = t.piece >= 0 ? t.piece : HAMLE_PAWN;
		if (type != HAMLE_PAWN && type != HAMLE_KING && t.to >= 0 && t.to < 64 &&
		    !(hamle_attackers(p, t.to, p->side, pos_all(p)) & p->pieces[p->side][type]))
			return 0;
	}
	if (san_resolve(m, p, w->loc, w->loc, &t, NULL) != 0)
		return 0;
	if (over)
		*over = (t.warn & HAMLE_SAN_W_OVER_DISAMBIGUATED) != 0;
	return 1;
}

/* What recorded move r, move m in p, contradicts (its marks, an origin hint more than the move
 * needs: over) and how implausible it is (a piece left to be lost, looked at up to PLAUSIBLE
 * and PLAUSIBLE_ALL plies after the insertion point: rel plies after it), added to f with its
 * prior; m is then played. */
static void move_cost(const struct rec *r, struct hamle_position *p, hamle_move m, int over, int rel, int *f)
{
	const struct san_tok *t = &r->t;
	int cost = 0;
	f[BF_REST] += bridge_prior(p, m);
	int takes = p->board[HAMLE_MOVE_TO(m)] != PIECE_NONE && HAMLE_MOVE_KIND(m) != HAMLE_MOVE_CASTLING;
	takes |= HAMLE_MOVE_KIND(m) == HAMLE_MOVE_EN_PASSANT;
	if (t->capture && !takes)
		cost += MARK_WRONG;
	else if (!t->capture && takes)
		cost += MARK_MISSING;
	int gives = t->mark ? san_gives_check(p, m) : hamle_gives_check_fast(p, m);
	if (t->mark && gives == 0)
		cost += MARK_WRONG;
	else if (t->mark == HAMLE_LOC_MATE && gives != 2)
		cost += MARK_WRONG;
	else if (!t->mark && gives == 1)
		cost += MARK_MISSING;
	if (over)
		cost += MARK_MISSING; /* "Nbd2" where one knight can go */
	int gain = takes ? (HAMLE_MOVE_KIND(m) == HAMLE_MOVE_EN_PASSANT ? 1 :
		bridge_worth[PIECE_TYPE(p->board[HAMLE_MOVE_TO(m)])]) : 0;
	f[BF_MARKS] += cost;
	hamle_make_move(p, m);
	if (rel < PLAUSIBLE && bridge_left_en_prise(p, HAMLE_MOVE_TO(m), gain))
		f[BF_REC_HANG]++;
	if (rel < PLAUSIBLE_ALL)
		f[BF_REC_SIDE] += bridge_side_en_prise(p);
}

/* The recorded moves from rec[at] on, played from p: the index of the first that fails (nrec
 * when all replay). With f, their evidence (move_cost) is added to it. */
static int replay_recs(hamle_replay *rp, struct bridge_work *w, const struct hamle_position *p0,
	int at, int *f)
{
	w->nmoved = 0;
	struct hamle_position p = *p0;
	int i;
	for (i = at; i < w->nrec; i++) {
		hamle_move m;
		int over = 0;
		if (!read_rec(rp, w, &w->rec[i], &p, &m, f ? &over : NULL))
			break;
		if (f && m != HAMLE_MOVE_NULL) {
			w->from[w->nmoved] = (uint8_t)HAMLE_MOVE_FROM(m);
			w->to[w->nmoved++] = (uint8_t)HAMLE_MOVE_TO(m);
			move_cost(&w->rec[i], &p, m, over, i - at, f);
			continue;
		}
		hamle_make_move(&p, m);
	}
	w->end = p.key;
	return i;
}

/* w->pre[i]: the evidence (move_cost) of the recorded moves before rec[i] as the record plays
 * them, i <= fail, so that bridges at different insertion points pay for the same moves. */
static void prefix_costs(hamle_replay *rp, struct bridge_work *w)
{
	memset(w->pre[0], 0, sizeof(w->pre[0]));
	for (int i = 0; i < w->fail; i++) {
		struct hamle_position p = w->before[i];
		hamle_move m;
		int over = 0;
		memcpy(w->pre[i + 1], w->pre[i], sizeof(w->pre[0]));
		if (read_rec(rp, w, &w->rec[i], &p, &m, &over) && m != HAMLE_MOVE_NULL)
			move_cost(&w->rec[i], &p, m, over, 0, w->pre[i + 1]);
	}
}

/* The move numbers of the window that do not fit once n plies are inserted before rec[at]. */
static int misfit(const struct bridge_work *w, int at, unsigned n)
{
	int bad = 0;
	for (int i = 0; i < w->nrec; i++) {
		const struct rec *r = &w->rec[i];
		long long ply = w->ply0 + i + (i >= at ? (long long)n : 0);
		if (r->first && (ply < r->first || ply > r->last))
			bad++;
	}
	return bad;
}

/* a before b in the ranking */
static int better(const struct cand *a, const struct cand *b)
{
	if (a->reach != b->reach)
		return a->reach > b->reach;
	if (a->misfit != b->misfit)
		return a->misfit < b->misfit;
	if (a->n != b->n)
		return a->n < b->n;
	if (a->score != b->score)
		return a->score < b->score;
	return a->order < b->order;
}

/* Offers the bridge w->path[0..n) before rec[at], ending in position p. */
static void offer(hamle_replay *rp, struct bridge_work *w, int at, unsigned n, int fit,
	const struct hamle_position *p)
{
	struct cand c;
	c.reach = replay_recs(rp, w, p, at, NULL);
	if (c.reach <= w->fail)
		return; /* the move that could not be played still cannot */
	c.end = w->end;
	c.at = at;
	c.n = n;
	c.misfit = fit;
	c.score = LLONG_MIN; /* the best it could be */
	c.order = w->order++;
	if (w->nbest == HAMLE_BRIDGES_MAX && !better(&c, &w->best[HAMLE_BRIDGES_MAX - 1]))
		return;
	memcpy(c.f, w->pre[at], sizeof(c.f));
	replay_recs(rp, w, p, at, c.f);
	memcpy(c.m, w->path, n * sizeof(c.m[0]));
	bridge_hints(c.m, c.n, &w->before[at], w->last[at], w->from, w->to, w->nmoved, c.f);
	struct hamle_position q = w->before[at];
	for (unsigned i = 0; i < n; i++) {
		c.f[BF_PRIOR] += bridge_prior(&q, c.m[i]);
		hamle_make_move(&q, c.m[i]);
	}
	c.score = 0;
	for (int i = 0; i < BF_COUNT; i++)
		c.score += (long long)w->weight[i] * c.f[i];
	/* where the numbers all fit as written, bridges after which the record replays as far to the
	 * same position are one reading of the sheet (moves in another order, or inserted a row
	 * apart): the better stands for both, and the three are three readings */
	int k = -1;
	for (int j = 0; j < w->nbest && k < 0; j++)
		if (!w->numbered && w->best[j].end == c.end && w->best[j].reach == c.reach) {
			if (!better(&c, &w->best[j]))
				return;
			k = j;
		}
	if (k < 0) {
		if (w->nbest < HAMLE_BRIDGES_MAX)
			k = w->nbest++;
		else if (better(&c, &w->best[HAMLE_BRIDGES_MAX - 1]))
			k = HAMLE_BRIDGES_MAX - 1;
		else
			return;
	}
	w->best[k] = c;
	for (; k > 0 && better(&w->best[k], &w->best[k - 1]); k--) {
		struct cand t = w->best[k];
		w->best[k] = w->best[k - 1];
		w->best[k - 1] = t;
	}
}

/* 1 when p was searched before at this depth in this search (then skipped), else notes it. */
static int seen(struct bridge_work *w, const struct hamle_position *p, unsigned depth)
{
	uint64_t key = (p->key ^ ((uint64_t)p->ep * 0x9E3779B97F4A7C15ull) ^ ((uint64_t)depth << 56)) + w->salt;
	uint64_t tag = (key ^ (w->gen * 0xC2B2AE3D27D4EB4Full)) | 1; /* never 0, the empty slot */
	uint64_t *slot = &w->tt[(key >> 17) & ((1u << TT_BITS) - 1)];
	if (*slot == tag)
		return 1;
	*slot = tag;
	return 0;
}

/* Before the last ply of a bridge (position q, the other side to move, then rec[at]): the squares
 * a last move must leave or land on for rec[at] to become legal, when it is not legal after a
 * pass (a Y move elsewhere cannot unblock its line, lift a pin or a check, give it a piece to take
 * or an en passant square). 0: no last move makes it legal; ~0: every last move is tried (the
 * record's move is legal after a pass, or it is one this test does not cover: castling, a king
 * move, a null move; or the side to move is in check). */
static bitboard last_ply_squares(hamle_replay *rp, const struct bridge_work *w, int at,
	const struct hamle_position *q)
{
	const struct rec *r = &w->rec[at];
	if (!r->lexed)
		return 0;
	if (r->t.castle >= 0 || r->t.null_move || r->t.piece == HAMLE_KING || r->t.to < 0 || r->t.to >= 64 ||
	    hamle_position_in_check(q))
		return ~(bitboard)0;
	struct hamle_position pass = *q;
	hamle_make_move(&pass, HAMLE_MOVE_NULL);
	hamle_move m;
	if (read_rec(rp, w, r, &pass, &m, NULL))
		return ~(bitboard)0;
	int t = r->t.to, k = pos_king(&pass, pass.side);
	return bb_rook_rays(t) | bb_bishop_rays(t) | BB(t) | bb_rook_rays(k) | bb_bishop_rays(k) |
		hamle_knight_attacks[k] | hamle_king_attacks[k];
}

/* 1 when last move m can be what makes the record's move legal (see last_ply_squares). */
static int may_enable(const struct hamle_position *q, hamle_move m, bitboard squares)
{
	int from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m);
	if ((squares & (BB(from) | BB(to))) || HAMLE_MOVE_KIND(m) == HAMLE_MOVE_CASTLING)
		return 1;
	/* a double pawn push gives an en passant capture */
	return PIECE_TYPE(q->board[from]) == HAMLE_PAWN && (from - to == 16 || to - from == 16);
}

/* Every bridge of n plies before rec[at], depth first. 0, or -1 when the budget ran out. */
static int search(hamle_replay *rp, struct bridge_work *w, int at, unsigned n, int fit)
{
	w->salt = (w->salt + 0xD1B54A32D192ED03ull) * 0x2545F4914F6CDD1Dull;
	w->fr[0].pos = w->before[at];
	w->fr[0].n = hamle_gen_legal(&w->fr[0].pos, GEN_ALL_TYPES, GEN_ALL_SQUARES, w->fr[0].list);
	w->fr[0].i = 0;
	bitboard squares = n == 1 ? last_ply_squares(rp, w, at, &w->fr[0].pos) : ~(bitboard)0;
	int d = 0;
	while (d >= 0) {
		struct frame *f = &w->fr[d];
		if (f->i >= f->n) {
			d--;
			continue;
		}
		hamle_move m = f->list[f->i++];
		if ((unsigned)d + 1 == n && squares != ~(bitboard)0 && !may_enable(&f->pos, m, squares))
			continue; /* a bit test: no node */
		if (spend(rp))
			return -1;
		struct frame *c = &w->fr[d + 1];
		c->pos = f->pos;
		hamle_make_move(&c->pos, m);
		w->path[d] = m;
		if ((unsigned)d + 1 < n) {
			/* transpositions: only before the last two plies (the orders of the moves
			 * next to the record are its evidence, and all of them are ranked), or
			 * before the last one where the numbers all fit as written (the orders
			 * are then one reading, offer) */
			if (d + 1 >= 3 && ((unsigned)d + 2 < n || !w->numbered) && seen(w, &c->pos, (unsigned)d + 1))
				continue;
			c->n = hamle_gen_legal(&c->pos, GEN_ALL_TYPES, GEN_ALL_SQUARES, c->list);
			c->i = 0;
			d++;
			if ((unsigned)d + 1 == n) {
				squares = last_ply_squares(rp, w, at, &c->pos);
				if (!squares)
					d--; /* no last ply can help */
			}
			continue;
		}
		offer(rp, w, at, n, fit, &c->pos);
	}
	return 0;
}

/* The plies the move number token nt can stand for, into r (first 0: none). */
static void number_plies(struct rec *r, const hamle_token *nt)
{
	long long v = nt->value;
	r->first = v == 0 ? 0 : (nt->flags & HAMLE_TOKEN_BLACK) ? 2 * v : 2 * v - 1;
	r->last = 2 * v;
}

/* The plies to insert before a move that takes ply `ply` for its number to fit: 0 when it fits,
 * -1 when no insertion can make it fit (the number is behind). */
static long long number_shift(const struct rec *r, long long ply)
{
	if (!r->first || (ply >= r->first && ply <= r->last))
		return 0;
	return ply < r->first ? r->first - ply : -1;
}

/* The window: the failing mainline move, the WINDOW before it (and back to the last gap in the
 * numbering, at most GAP_MAX), and the HORIZON after it, with their move numbers and the
 * positions before them. 0, or -1 when there is none. */
static int collect(hamle_replay *rp, struct bridge_work *w, size_t fail_tok)
{
	const hamle_token *toks = hamle_game_tokens(rp->game);
	size_t n = hamle_game_token_count(rp->game);
	long long full = rp->start.fullmove;
	long long ply0 = 2 * full - (rp->start.side == HAMLE_WHITE);
	/* first pass: where the failing move is, and the last gap in the numbering before it */
	size_t count = 0, gap = (size_t)-1, number = 0;
	long long last_shift = 0;
	int met = 0;
	for (size_t i = 0; i < n && !met; i++) {
		const hamle_token *t = &toks[i];
		if (t->depth != 0)
			continue;
		if (t->kind == HAMLE_TOKEN_MOVE_NUMBER)
			number = i + 1;
		if (t->kind != HAMLE_TOKEN_MOVE)
			continue;
		if (number) {
			struct rec r;
			number_plies(&r, &toks[number - 1]);
			long long sh = number_shift(&r, ply0 + (long long)count);
			if (sh > 0 && sh != last_shift)
				gap = count;
			last_shift = sh;
			number = 0;
		}
		if (i == fail_tok)
			met = 1;
		else if (!(rp->moves[i].flags & HAMLE_RM_MOVE))
			return -1; /* not the mainline's failing move after all */
		else
			count++;
	}
	if (!met)
		return -1;
	size_t from = count > WINDOW ? count - WINDOW : 0;
	if (gap != (size_t)-1 && gap < from && count - gap <= GAP_MAX)
		from = gap;
	w->gap = gap != (size_t)-1 && gap >= from ? (int)(gap - from) : -1;
	w->fail = (int)(count - from);
	w->near = count > WINDOW ? (int)(count - WINDOW - from) : 0;
	w->ply0 = ply0 + (long long)from;
	w->count0 = from;
	w->nrec = 0;
	w->ends = 1;
	/* second pass: the window */
	struct hamle_position p = rp->start;
	hamle_move last = HAMLE_MOVE_NULL;
	size_t q = 0;
	number = 0;
	for (size_t i = 0; i < n; i++) {
		const hamle_token *t = &toks[i];
		if (t->depth != 0)
			continue;
		if (t->kind == HAMLE_TOKEN_MOVE_NUMBER)
			number = i + 1;
		if (t->kind != HAMLE_TOKEN_MOVE)
			continue;
		if (q < from) {
			hamle_make_move(&p, last = rp->moves[i].move);
			q++;
			number = 0;
			continue;
		}
		if (w->nrec == REC_MAX || q > count + HAMLE_BRIDGE_HORIZON) {
			w->ends = 0;
			break;
		}
		struct rec *r = &w->rec[w->nrec];
		memset(r, 0, sizeof(*r));
		r->token = i;
		r->lexed = san_lex(&r->t, w->loc, w->loc, t->text, t->len, NULL) == 0;
		if (number)
			number_plies(r, &toks[number - 1]);
		number = 0;
		if (q <= count) {
			w->before[w->nrec] = p;
			w->last[w->nrec] = last;
			if (q < count)
				hamle_make_move(&p, last = rp->moves[i].move);
		}
		w->nrec++;
		q++;
	}
	return 0;
}

/* 1 when move m, then the recorded moves rec[order[0..n)], then those from rec[from] on, replay
 * from the position before the move that cannot be played to the end of the window. */
static int slip_fits(hamle_replay *rp, struct bridge_work *w, hamle_move m, const int *order, int n, int from)
{
	struct hamle_position p = w->before[w->fail];
	hamle_make_move(&p, m);
	for (int i = 0; i < n; i++) {
		hamle_move r;
		if (order[i] >= w->nrec || !read_rec(rp, w, &w->rec[order[i]], &p, &r, NULL))
			return 0;
		hamle_make_move(&p, r);
	}
	return from >= w->nrec || replay_recs(rp, w, &p, from, NULL) == w->nrec;
}

/* 1 when the record shows a gap before the move that cannot be played (rec[fail], error finding
 * f): a move number up to the next row's ahead of the ply it stands before, or no suggestion of
 * f is a slip after which the rest of the window replays: played instead of the move, or as the
 * move swapped with the next ply or with the same side's next move (a suggestion that needs the
 * recorded move after it is a move missing: a gap). */
static int shows_gap(hamle_replay *rp, struct bridge_work *w, const hamle_diagnostic *f)
{
	for (int i = 0; i < w->nrec && i <= w->fail + 2; i++)
		if (number_shift(&w->rec[i], w->ply0 + i) > 0)
			return 1;
	int at = w->fail;
	const int next[1] = {at}, same[2] = {at + 1, at};
	for (unsigned i = 0; i < f->n_suggestions && i < HAMLE_MAX_SUGGESTIONS; i++) {
		hamle_move m = f->suggestion[i].move; /* a legal move before rec[fail] */
		if (slip_fits(rp, w, m, NULL, 0, at + 1) || slip_fits(rp, w, m, next, 1, at + 2) ||
		    slip_fits(rp, w, m, same, 2, at + 3))
			return 0;
	}
	return 1;
}

int replay_bridge(hamle_replay *rp)
{
	rp->nbridges = 0;
	rp->bridge_nodes = 0;
	if (!rp->bridge_plies || !rp->start_ok || !rp->main_failed || rp->amb_at != (size_t)-1 || !rp->loc)
		return HAMLE_OK;
	/* the mainline's move error, when it is a move that cannot be played (illegal or ambiguous) */
	size_t fi = (size_t)-1;
	for (size_t i = 0; i < rp->nfindings && fi == (size_t)-1; i++) {
		const hamle_diagnostic *f = &rp->findings[i];
		int unplayable = f->error.code == HAMLE_EILLEGAL || f->error.code == HAMLE_EAMBIGUOUS;
		if (unplayable && f->path_len == 0 && f->token != (size_t)-1 &&
		    (rp->moves[f->token].flags & HAMLE_RM_ERROR) && hamle_game_tokens(rp->game)[f->token].depth == 0)
			fi = i;
	}
	if (fi == (size_t)-1)
		return HAMLE_OK;
	if (!rp->bridge_work && !(rp->bridge_work = calloc(1, sizeof(*rp->bridge_work))))
		return HAMLE_ENOMEM;
	struct bridge_work *w = rp->bridge_work;
	if (!w->weighted)
		memcpy(w->weight, bridge_default_weight, sizeof(w->weight));
	w->loc = rp->loc;
	if (collect(rp, w, rp->findings[fi].token) < 0)
		return HAMLE_OK;
	if (rp->bridge_gaps && !shows_gap(rp, w, &rp->findings[fi]))
		return HAMLE_OK;
	w->nbest = 0;
	w->order = 0;
	/* the table's slots follow from this game alone (its result never depends on the games
	 * replayed before); the generation tells this game's entries from theirs */
	w->salt = 0;
	w->gen++;
	/* the groups (misfit, length) at every insertion point, best first */
	struct group {
		int fit, at;
		unsigned n;
	} g[(WINDOW + 2) * HAMLE_BRIDGE_PLIES_MAX];
	int ng = 0;
	/* numbers that all fit the record as written say nothing of where moves are missing: the
	 * writer numbered the rows on (a sheet with moves left out and no jump) */
	int numbered = w->numbered = misfit(w, 0, 0) > 0;
	prefix_costs(rp, w);
	for (int at = w->fail; at >= 0; at--)
		for (unsigned n = 1; n <= rp->bridge_plies && (at >= w->near || at == w->gap); n++) {
			g[ng].fit = numbered ? misfit(w, at, n) : 0;
			g[ng].at = at;
			g[ng++].n = n;
		}
	for (int i = 1; i < ng; i++) { /* insertion sort, stable: by misfit, then length */
		struct group t = g[i];
		int k = i;
		for (; k > 0 && (g[k - 1].fit > t.fit || (g[k - 1].fit == t.fit && g[k - 1].n > t.n)); k--)
			g[k] = g[k - 1];
		g[k] = t;
	}
	for (int i = 0; i < ng; i++) {
		if (w->nbest > 0 && w->best[0].reach == w->nrec) {
			/* a bridge replays the whole window: only its group's kin can still rank near it */
			int complete = 0;
			for (int b = 0; b < w->nbest; b++)
				complete += w->best[b].reach == w->nrec;
			if ((complete == HAMLE_BRIDGES_MAX && numbered) || g[i].fit > w->best[0].misfit ||
			    g[i].n > w->best[0].n + (numbered ? 1 : 0))
				break;
		}
		if (search(rp, w, g[i].at, g[i].n, g[i].fit) < 0)
			break;
	}
	if (rp->bridge_nodes > rp->bridge_budget)
		rp->bridge_nodes = rp->bridge_budget;
	if (w->nbest)
		bridge_report(rp, w, fi);
	return HAMLE_OK;
}
