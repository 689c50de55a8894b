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
 * do not fit, then by length, then by the marks they contradict.
 *
 * Search: for each insertion point (the failing move and the WINDOW recorded moves before it)
 * and each length, every sequence of legal moves of that length, depth first with an explicit
 * stack; positions already searched at the same depth (move orders that transpose) are skipped
 * through a table of keys. The groups (misfit, length) are searched best first, and the search
 * stops once three complete bridges are found or the budget of nodes (moves played, recorded
 * moves read) is spent. Work is bounded by the budget, memory by the window: no recursion over
 * the input, and all state lives in the replay. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/bridge.h"
#include "notation/san_internal.h"
#include "replay/replay_internal.h"

#define WINDOW 8   /* insertion points looked at before the failing move */
#define GAP_MAX 48 /* how far back a gap in the numbering is looked at */
#define REC_MAX (GAP_MAX + 1 + HAMLE_BRIDGE_HORIZON)
#define TT_BITS 15
#define MARK_WRONG 3   /* a recorded "+" that is no check, an "x" that takes nothing */
#define MARK_MISSING 2 /* a check or capture not marked */
#define USED 1         /* a bridge move whose piece is used again */
#define CAPTURE 1      /* a bridge move that takes (exchanges are what gets lost in time trouble) */
#define HANGING 1      /* a bridge move that leaves its piece to be taken */

/* One recorded mainline move of the window. */
struct rec {
	size_t token;
	struct san_tok t;
	int lexed;               /* t holds the token (else it never replays) */
	long long first, last;   /* the plies its move number can stand for; first 0: no number */
};

struct cand {
	hamle_move m[HAMLE_BRIDGE_PLIES_MAX];
	unsigned n;
	int at;                  /* rec index of the recorded move it goes before */
	int reach;               /* rec index of the first recorded move that fails after it */
	int misfit;              /* move numbers that do not fit */
	int cost;                /* marks contradicted, less the hints that it is the move played */
	unsigned long order;
};

struct frame {
	struct hamle_position pos;
	hamle_move list[HAMLE_MAX_MOVES];
	int n, i;
};

struct bridge_work {
	struct rec rec[REC_MAX];
	int nrec, fail;          /* rec index of the move that cannot be played */
	int ends;                /* the window holds the mainline's last move */
	long long ply0;          /* the ply rec[0] takes in the numbering (2 * number - white) */
	size_t count0;           /* mainline plies before rec[0] */
	const hamle_locale *loc; /* the game's */
	int gap;                 /* rec index of the last gap in the numbering, -1 none */
	int near;                /* rec index of the first of the WINDOW before the failing move */
	struct hamle_position before[GAP_MAX + 1]; /* the position before rec[i], i <= fail */
	struct frame fr[HAMLE_BRIDGE_PLIES_MAX + 1];
	hamle_move path[HAMLE_BRIDGE_PLIES_MAX];
	uint8_t from[REC_MAX], to[REC_MAX]; /* the recorded moves replay_recs played (with cost) */
	int nmoved;
	struct cand best[HAMLE_BRIDGES_MAX];
	int nbest;
	unsigned long order;
	uint64_t tt[1u << TT_BITS];
	uint64_t salt;
};

void hamle_replay_set_bridge(hamle_replay *rp, unsigned plies, unsigned long max_nodes)
{
	if (!rp)
		return;
	rp->bridge_plies = plies > HAMLE_BRIDGE_PLIES_MAX ? HAMLE_BRIDGE_PLIES_MAX : plies;
	rp->bridge_budget = max_nodes ? max_nodes : HAMLE_BRIDGE_NODES;
}

const hamle_bridge *hamle_replay_bridges(const hamle_replay *rp, size_t *n)
{
	size_t k = rp ? rp->nbridges : 0;
	if (n)
		*n = k;
	return k ? rp->bridges : NULL;
}

unsigned long hamle_replay_bridge_nodes(const hamle_replay *rp)
{
	return rp ? rp->bridge_nodes : 0;
}

int hamle_replay_bridge_san(const hamle_replay *rp, size_t b, size_t i, const hamle_locale *loc,
	char *buf, size_t size)
{
	if (!rp || !loc || b >= rp->nbridges || i >= rp->bridges[b].n)
		return HAMLE_EUSAGE;
	struct hamle_position p = rp->bridge_before[b];
	for (size_t k = 0; k < i; k++)
		hamle_make_move(&p, rp->bridges[b].move[k].move);
	return hamle_san_format(buf, size, &p, loc, rp->bridges[b].move[i].move, HAMLE_FORM_SAN);
}

void replay_bridge_free(hamle_replay *rp)
{
	free(rp->bridge_work);
	rp->bridge_work = NULL;
}

/* 1 when the budget is spent (counts one node). */
static int spend(hamle_replay *rp)
{
	return ++rp->bridge_nodes > rp->bridge_budget;
}

/* Reads rec r in p (one node). 1 with *m set when it is a legal move there. */
static int read_rec(hamle_replay *rp, const struct bridge_work *w, const struct rec *r, const struct hamle_position *p, hamle_move *m)
{
	rp->bridge_nodes++;
	if (!r->lexed)
		return 0;
	struct san_tok t = r->t;
	int before = 0;
	if (t.castle < 0 && !t.null_move && san_fast_resolve(p, &t, m, &before))
		return 1;
	t = r->t;
	if (t.castle < 0 && !t.null_move) {
		/* the general path only where a piece of the kind could get there at all */
		int type = t.piece >= 0 ? t.piece : HAMLE_PAWN;
		if (type != HAMLE_PAWN && type != HAMLE_KING && t.to >= 0 && t.to < 64 &&
		    !(hamle_attackers(p, t.to, p->side, pos_all(p)) & p->pieces[p->side][type]))
			return 0;
	}
	return san_resolve(m, p, w->loc, w->loc, &t, NULL) == 0;
}

/* The recorded moves from rec[at] on, played from p: the index of the first that fails (nrec
 * when all replay). With cost, the marks they contradict are added to *cost. */
static int replay_recs(hamle_replay *rp, struct bridge_work *w, const struct hamle_position *p0,
	int at, int *cost)
{
	w->nmoved = 0;
	struct hamle_position p = *p0;
	int i;
	for (i = at; i < w->nrec; i++) {
		hamle_move m;
		if (!read_rec(rp, w, &w->rec[i], &p, &m))
			break;
		if (cost && m != HAMLE_MOVE_NULL) {
			const struct san_tok *t = &w->rec[i].t;
			w->from[w->nmoved] = (uint8_t)HAMLE_MOVE_FROM(m);
			w->to[w->nmoved++] = (uint8_t)HAMLE_MOVE_TO(m);
			int takes = p.board[HAMLE_MOVE_TO(m)] != PIECE_NONE && HAMLE_MOVE_KIND(m) != HAMLE_MOVE_CASTLING;
			takes |= HAMLE_MOVE_KIND(m) == HAMLE_MOVE_EN_PASSANT;
			if (t->capture && !takes)
				*cost += MARK_WRONG;
			else if (!t->capture && takes)
				*cost += MARK_MISSING;
			int gives = t->mark ? san_gives_check(&p, m) : san_fast_check(&p, m);
			if (t->mark && gives == 0)
				*cost += MARK_WRONG;
			else if (t->mark == HAMLE_LOC_MATE && gives != 2)
				*cost += MARK_WRONG;
			else if (!t->mark && gives == 1)
				*cost += MARK_MISSING;
		}
		hamle_make_move(&p, m);
	}
	return i;
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
	if (a->cost != b->cost)
		return a->cost < b->cost;
	return a->order < b->order;
}

/* What says that bridge c (played from p) is the move played, beyond the marks: each of its
 * moves whose piece is used again (a later move of the bridge or of the record, up to the
 * horizon, leaves its square or lands on it: it moves on, or is taken), and each that the next
 * move of the other side answers (it gets out of its check, or moves away the piece it now
 * attacks). A move that nothing later touches is the filler any quiet move could be. from[] and
 * to[] hold the squares of the n recorded moves that replayed after it. */
static int hints(const struct cand *c, const struct hamle_position *p0, const uint8_t *from,
	const uint8_t *to, int n)
{
	int score = 0;
	struct hamle_position p = *p0;
	for (unsigned i = 0; i < c->n; i++) {
		int sq = HAMLE_MOVE_TO(c->m[i]), hit = 0;
		for (unsigned k = i + 1; k < c->n && !hit; k++)
			hit = HAMLE_MOVE_FROM(c->m[k]) == sq || HAMLE_MOVE_TO(c->m[k]) == sq;
		for (int k = 0; k < n && !hit; k++)
			hit = from[k] == sq || to[k] == sq;
		score += hit;
		int mover = p.side, moved = PIECE_TYPE(p.board[HAMLE_MOVE_FROM(c->m[i])]);
		if (p.board[sq] != PIECE_NONE && HAMLE_MOVE_KIND(c->m[i]) != HAMLE_MOVE_CASTLING)
			score += CAPTURE;
		hamle_make_move(&p, c->m[i]);
		/* a piece left where a cheaper one takes it, or where it is attacked and not defended:
		 * not what a player does */
		if (HAMLE_MOVE_KIND(c->m[i]) != HAMLE_MOVE_CASTLING && moved != HAMLE_KING) {
			bitboard occ = pos_all(&p), att = hamle_attackers(&p, sq, !mover, occ);
			int cheaper = 0;
			for (int t = HAMLE_PAWN; t < moved && !cheaper; t++)
				cheaper = (att & p.pieces[!mover][t]) != 0;
			if (cheaper || (att && !hamle_attackers(&p, sq, mover, occ)))
				score -= HANGING;
		}
		int reply = i + 1 < c->n ? HAMLE_MOVE_FROM(c->m[i + 1]) : n > 0 ? from[0] : -1;
		if (reply >= 0 && p.board[reply] != PIECE_NONE && HAMLE_MOVE_KIND(c->m[i]) != HAMLE_MOVE_CASTLING &&
		    PIECE_TYPE(p.board[reply]) != HAMLE_KING &&
		    (hamle_attackers(&p, reply, mover, pos_all(&p)) & BB(sq)))
			score++;
		else if (reply >= 0 && hamle_position_in_check(&p))
			score++;
	}
	return score;
}

/* Offers the bridge w->path[0..n) before rec[at], ending in position p. */
static void offer(hamle_replay *rp, struct bridge_work *w, int at, unsigned n, int fit,
	const struct hamle_position *p)
{
	struct cand c;
	c.reach = replay_recs(rp, w, p, at, NULL);
	if (c.reach <= w->fail)
		return; /* the move that could not be played still cannot */
	c.at = at;
	c.n = n;
	c.misfit = fit;
	c.cost = -1000000;
	c.order = w->order++;
	if (w->nbest == HAMLE_BRIDGES_MAX && !better(&c, &w->best[HAMLE_BRIDGES_MAX - 1]))
		return;
	c.cost = 0;
	replay_recs(rp, w, p, at, &c.cost);
	memcpy(c.m, w->path, n * sizeof(c.m[0]));
	c.cost -= USED * hints(&c, &w->before[at], w->from, w->to, w->nmoved);
	int k;
	if (w->nbest < HAMLE_BRIDGES_MAX)
		k = w->nbest++;
	else if (better(&c, &w->best[HAMLE_BRIDGES_MAX - 1]))
		k = HAMLE_BRIDGES_MAX - 1;
	else
		return;
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
	key |= 1; /* never 0, the empty slot */
	uint64_t *slot = &w->tt[(key >> 17) & ((1u << TT_BITS) - 1)];
	if (*slot == key)
		return 1;
	*slot = key;
	return 0;
}

/* Every bridge of n plies before rec[at], depth first. 0, or -1 when the budget ran out. */
static int search(hamle_replay *rp, struct bridge_work *w, int at, unsigned n, int fit)
{
	w->salt = (w->salt + 0xD1B54A32D192ED03ull) * 0x2545F4914F6CDD1Dull;
	w->fr[0].pos = w->before[at];
	w->fr[0].n = hamle_gen_legal(&w->fr[0].pos, GEN_ALL_TYPES, GEN_ALL_SQUARES, w->fr[0].list);
	w->fr[0].i = 0;
	int d = 0;
	while (d >= 0) {
		struct frame *f = &w->fr[d];
		if (f->i >= f->n) {
			d--;
			continue;
		}
		if (spend(rp))
			return -1;
		hamle_move m = f->list[f->i++];
		struct frame *c = &w->fr[d + 1];
		c->pos = f->pos;
		hamle_make_move(&c->pos, m);
		w->path[d] = m;
		if ((unsigned)d + 1 < n) {
			if (d + 1 >= 3 && seen(w, &c->pos, (unsigned)d + 1))
				continue;
			c->n = hamle_gen_legal(&c->pos, GEN_ALL_TYPES, GEN_ALL_SQUARES, c->list);
			c->i = 0;
			d++;
			continue;
		}
		if (n >= 3 && seen(w, &c->pos, n))
			continue;
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
	/* a FEN's full-move number 0 counts as 1, as the walk has it */
	long long full = rp->start.fullmove + (rp->start.fullmove == 0);
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
			hamle_make_move(&p, rp->moves[i].move);
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
			if (q < count)
				hamle_make_move(&p, rp->moves[i].move);
		}
		w->nrec++;
		q++;
	}
	return 0;
}

/* "31..." or "31." for the position p. */
static void number_text(char *buf, size_t size, const struct hamle_position *p)
{
	snprintf(buf, size, "%u%s", (unsigned)p->fullmove, p->side == HAMLE_WHITE ? "." : "...");
}

/* The bridges into rp->bridges, the finding after the error finding fi. */
static void report(hamle_replay *rp, struct bridge_work *w, size_t fi)
{
	const hamle_locale *msg = replay_msg_locale(rp);
	char text[HAMLE_ERROR_MESSAGE_MAX];
	size_t len = 0;
	text[0] = '\0';
	for (int b = 0; b < w->nbest; b++) {
		const struct cand *c = &w->best[b];
		hamle_bridge *out = &rp->bridges[b];
		memset(out, 0, sizeof(*out));
		struct hamle_position p = w->before[c->at];
		rp->bridge_before[b] = p;
		out->n = c->n;
		out->ply = (unsigned)(w->count0 + (size_t)c->at + 1);
		out->move_number = p.fullmove;
		out->side = p.side;
		out->token = w->rec[c->at].token;
		out->replayed = (unsigned)(c->reach - c->at);
		out->complete = c->reach == w->nrec && w->ends;
		char where[24], list[HAMLE_ERROR_MESSAGE_MAX];
		size_t ll = 0;
		number_text(where, sizeof(where), &p);
		list[0] = '\0';
		for (unsigned k = 0; k < c->n; k++) {
			hamle_suggestion *s = &out->move[k];
			s->move = c->m[k];
			hamle_san_format(s->san, sizeof(s->san), &p, msg, c->m[k], HAMLE_FORM_SAN);
			hamle_move_uci(s->uci, sizeof(s->uci), &p, c->m[k]);
			char num[24] = "";
			if (k > 0 && p.side == HAMLE_WHITE)
				number_text(num, sizeof(num), &p);
			int wr = snprintf(list + ll, sizeof(list) - ll, "%s%s%s%s", k ? " " : "", num, num[0] ? " " : "",
				s->san);
			if (wr > 0 && (size_t)wr < sizeof(list) - ll)
				ll += (size_t)wr;
			hamle_make_move(&p, c->m[k]);
		}
		const char *args[2] = {where, list};
		char one[HAMLE_ERROR_MESSAGE_MAX];
		if (!msg || hamle_locale_format(one, sizeof(one), msg, b ? "moves_missing_or" : "moves_missing", 2, args) < 0)
			snprintf(one, sizeof(one), b ? "or before %s: %s" : "moves missing before %s: %s", where, list);
		int wr = snprintf(text + len, sizeof(text) - len, "%s%s", b ? "; " : "", one);
		if (wr > 0 && (size_t)wr < sizeof(text) - len)
			len += (size_t)wr;
	}
	rp->nbridges = (size_t)w->nbest;
	const struct rec *fr = &w->rec[w->fail];
	hamle_diagnostic *f = replay_add_finding(rp, "missing-moves", HAMLE_SEVERITY_WARNING, HAMLE_OK, fr->token);
	if (!f)
		return;
	replay_finding_at_move(f, &w->before[w->fail], (unsigned)(w->count0 + (size_t)w->fail + 1), rp->stack, 0);
	f->error.token[0] = '\0';
	snprintf(f->error.message, sizeof(f->error.message), "%s", text);
	/* right after the error it explains */
	hamle_diagnostic d = *f;
	size_t at = fi + 1, last = rp->nfindings - 1;
	memmove(&rp->findings[at + 1], &rp->findings[at], (last - at) * sizeof(d));
	rp->findings[at] = d;
}

int replay_bridge(hamle_replay *rp)
{
	rp->nbridges = 0;
	rp->bridge_nodes = 0;
	if (!rp->bridge_plies || !rp->start_ok || !rp->main_failed || rp->amb_at != (size_t)-1 || !rp->loc)
		return HAMLE_OK;
	/* the mainline's move error, when it is a move that cannot be played */
	size_t fi = (size_t)-1;
	for (size_t i = 0; i < rp->nfindings && fi == (size_t)-1; i++) {
		const hamle_diagnostic *f = &rp->findings[i];
		if (f->error.code == HAMLE_EILLEGAL && f->path_len == 0 && f->token != (size_t)-1 &&
		    (rp->moves[f->token].flags & HAMLE_RM_ERROR) && hamle_game_tokens(rp->game)[f->token].depth == 0)
			fi = i;
	}
	if (fi == (size_t)-1)
		return HAMLE_OK;
	if (!rp->bridge_work && !(rp->bridge_work = calloc(1, sizeof(*rp->bridge_work))))
		return HAMLE_ENOMEM;
	struct bridge_work *w = rp->bridge_work;
	w->loc = rp->loc;
	if (collect(rp, w, rp->findings[fi].token) < 0)
		return HAMLE_OK;
	w->nbest = 0;
	w->order = 0;
	/* the groups (misfit, length) at every insertion point, best first */
	struct group {
		int fit, at;
		unsigned n;
	} g[(WINDOW + 2) * HAMLE_BRIDGE_PLIES_MAX];
	int ng = 0;
	for (int at = w->fail; at >= 0; at--)
		for (unsigned n = 1; n <= rp->bridge_plies && (at >= w->near || at == w->gap); n++) {
			g[ng].fit = misfit(w, at, n);
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
			if (complete == HAMLE_BRIDGES_MAX || g[i].fit > w->best[0].misfit || g[i].n > w->best[0].n + 1)
				break;
		}
		if (search(rp, w, g[i].at, g[i].n, g[i].fit) < 0)
			break;
	}
	if (rp->bridge_nodes > rp->bridge_budget)
		rp->bridge_nodes = rp->bridge_budget;
	if (w->nbest)
		report(rp, w, fi);
	return HAMLE_OK;
}
