/* reconcile.c: two scoresheets of one game aligned move by move (see hamle/reconcile.h).
 *
 * Both sheets' mainline moves are read against the agreed position. Where they part, each way of
 * explaining it is tried from there: the sheets have different moves at this ply (A's taken, or
 * B's), or one sheet lacks 1 to max_gap plies that the other has. Each hypothesis is scored by how
 * far the two sheets then go on agreeing (a bounded lookahead, two points a ply both sheets read
 * alike, one where only one sheet is left); the best is taken. When A's and B's moves both explain
 * it equally well, the later moves do not decide and the agreed game stops there. Loops only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/reconcile_internal.h"

#define RC_LOOKAHEAD 48
#define RC_MAX_GAP 8
#define RC_BUDGET 400000ul
#define RC_MAX_GAP_LIMIT 64

enum { C_SUB_A, C_SUB_B, C_LACK_B, C_LACK_A };

struct cand {
	int kind;
	unsigned k;   /* plies lacking (1 for a substitution) */
	long score;
};

int rc_side_of(const hamle_reconcile *rc, size_t p)
{
	return (int)((hamle_position_side(&rc->start) + p) & 1u);
}

unsigned rc_number_of(const hamle_reconcile *rc, size_t p)
{
	return (unsigned)hamle_position_fullmove(&rc->start) + (unsigned)((hamle_position_side(&rc->start) + p) / 2);
}

int hamle_reconcile_new(hamle_reconcile **out, const hamle_reconcile_options *opts)
{
	if (!out)
		return HAMLE_EUSAGE;
	*out = NULL;
	if (opts && opts->version != HAMLE_RECONCILE_OPTIONS_VERSION)
		return HAMLE_EUSAGE;
	hamle_reconcile *rc = calloc(1, sizeof(*rc));
	if (!rc)
		return HAMLE_ENOMEM;
	if (opts)
		rc->opts = *opts;
	rc->opts.version = HAMLE_RECONCILE_OPTIONS_VERSION;
	if (!rc->opts.lookahead)
		rc->opts.lookahead = RC_LOOKAHEAD;
	if (!rc->opts.max_gap)
		rc->opts.max_gap = RC_MAX_GAP;
	if (rc->opts.max_gap > RC_MAX_GAP_LIMIT)
		rc->opts.max_gap = RC_MAX_GAP_LIMIT;
	if (!rc->opts.budget)
		rc->opts.budget = RC_BUDGET;
	if (!rc->opts.messages) {
		if (hamle_locale_load_builtin(&rc->en, "en", NULL) < 0) {
			free(rc);
			return HAMLE_ENOMEM;
		}
		rc->opts.messages = rc->en;
	}
	*out = rc;
	return HAMLE_OK;
}

void hamle_reconcile_free(hamle_reconcile *rc)
{
	if (!rc)
		return;
	free(rc->s[0].m);
	free(rc->s[1].m);
	free(rc->moves);
	free(rc->div);
	hamle_locale_free(rc->en);
	free(rc);
}

/* The mainline moves of g into sheet s, each with the number written just before it. */
static int rc_collect(struct rc_sheet *s, const hamle_game *g, const hamle_replay *rp)
{
	const hamle_token *t = hamle_game_tokens(g);
	size_t n = hamle_game_token_count(g);
	unsigned num = 0;
	unsigned char black = 0;
	s->g = g;
	s->loc = hamle_replay_locale(rp);
	s->n = 0;
	for (size_t i = 0; i < n; i++) {
		if (t[i].depth != 0)
			continue;
		if (t[i].kind == HAMLE_TOKEN_MOVE_NUMBER) {
			num = t[i].value ? t[i].value : 1;
			black = (t[i].flags & HAMLE_TOKEN_BLACK) != 0;
			continue;
		}
		if (t[i].kind == HAMLE_TOKEN_COMMENT || t[i].kind == HAMLE_TOKEN_VAR_END) {
			num = 0; /* a number after a comment may stand before either side */
			continue;
		}
		if (t[i].kind != HAMLE_TOKEN_MOVE)
			continue;
		if (s->n == s->cap) {
			size_t cap = s->cap ? s->cap * 2 : 128;
			struct rc_move *m = realloc(s->m, cap * sizeof(*m));
			if (!m)
				return HAMLE_ENOMEM;
			s->m = m;
			s->cap = cap;
		}
		struct rc_move *m = &s->m[s->n++];
		m->text = t[i].text;
		m->len = t[i].len;
		m->tok = i;
		m->num = num;
		m->black = black;
		num = 0;
		black = 0;
	}
	/* where the numbers stand in their columns again, for either parity, from the end back */
	for (size_t k = s->n; k-- > 0;)
		for (int o = 0; o < 2; o++) {
			const struct rc_move *m = &s->m[k];
			int black_ply = (int)((o + k) & 1u);
			int ok = m->num && (m->black ? black_ply : !black_ply);
			s->m[k].next_ok[o] = ok ? k : k + 1 < s->n ? s->m[k + 1].next_ok[o] : s->n;
		}
	hamle_result r = hamle_game_result(g);
	if (r == HAMLE_RESULT_NONE) {
		const char *tag = hamle_game_tag(g, "Result");
		r = tag ? hamle_result_parse(tag, strlen(tag)) : HAMLE_RESULT_NONE;
	}
	s->result = r == HAMLE_RESULT_UNKNOWN ? HAMLE_RESULT_NONE : r;
	return HAMLE_OK;
}

/* Marks written that the move contradicts (a capture mark on a move that captures nothing, a
 * check mark on one that gives none): the reading fits, but weakly. */
#define RC_MARKS_WRONG (HAMLE_SAN_W_CAPTURE_WRONG | HAMLE_SAN_W_CHECK_WRONG | HAMLE_SAN_W_MATE_WRONG | \
	HAMLE_SAN_W_EP_WRONG)

/* Reads move k of sheet s in pos; 1 when it is one legal move (2 when its marks are wrong). */
static int rc_read(hamle_reconcile *rc, int s, size_t k, const struct hamle_position *pos, hamle_move *m)
{
	const struct rc_move *mv = &rc->s[s].m[k];
	hamle_san_info info;
	memset(&info, 0, sizeof(info));
	info.request = HAMLE_SAN_LAZY_CHECK;
	rc->spent++;
	if (hamle_san_parse(m, pos, rc->s[s].loc, mv->text, mv->len, &info, NULL) != HAMLE_OK)
		return 0;
	return info.warnings & RC_MARKS_WRONG ? 2 : 1;
}

static int rc_push(hamle_reconcile *rc, hamle_move m)
{
	if (rc->n_moves == rc->cap_moves) {
		size_t cap = rc->cap_moves ? rc->cap_moves * 2 : 256;
		hamle_move *v = realloc(rc->moves, cap * sizeof(*v));
		if (!v)
			return HAMLE_ENOMEM;
		rc->moves = v;
		rc->cap_moves = cap;
	}
	rc->moves[rc->n_moves++] = m;
	hamle_position_play(&rc->pos, m);
	return HAMLE_OK;
}

/* How far the sheets go on agreeing from pos, A at move i and B at move j. */
static long rc_follow(hamle_reconcile *rc, const struct hamle_position *pos, size_t i, size_t j)
{
	struct hamle_position cur = *pos;
	const struct rc_sheet *a = &rc->s[0], *b = &rc->s[1];
	unsigned limit = rc->spent >= rc->opts.budget ? 2 : rc->opts.lookahead;
	long score = 0;
	for (unsigned step = 0; step < limit; step++) {
		int ha = i < a->n, hb = j < b->n;
		hamle_move ma, mb;
		if (!ha && !hb)
			return score + 2L * (long)(limit - step); /* both end here: as far as can be */
		if (ha && hb) {
			if (!rc_read(rc, 0, i, &cur, &ma) || !rc_read(rc, 1, j, &cur, &mb) || ma != mb)
				break;
			i++;
			j++;
			score += 2;
		} else if (ha) {
			if (!rc_read(rc, 0, i++, &cur, &ma))
				break;
			score++;
		} else {
			if (!rc_read(rc, 1, j++, &cur, &ma))
				break;
			score++;
		}
		hamle_position_play(&cur, ma);
	}
	return score;
}

/* After sheet s lacked an odd number of plies, its move k is read at agreed ply p0: when the
 * numbers written after the gap put its moves in the wrong column, the last ply (0-based) of that
 * stretch (up to the first number in the right column again); else (size_t)-1. */
static size_t rc_shift_end(const hamle_reconcile *rc, int s, size_t k, size_t p0)
{
	const struct rc_sheet *sh = &rc->s[s];
	/* move x is read at ply p0 + x - k, Black's when (side0 + p0 + x - k) is odd */
	int o = (int)((hamle_position_side(&rc->start) + p0 + 2 * sh->n - k) & 1u);
	for (size_t t = 0; t < 4 && k + t < sh->n; t++) {
		const struct rc_move *m = &sh->m[k + t];
		if (!m->num)
			continue;
		if (m->next_ok[o] == k + t)
			return (size_t)-1; /* its first number stands right: no shift */
		size_t e = k + t + 1 < sh->n ? sh->m[k + t + 1].next_ok[o] : sh->n;
		return p0 + (e - k) - 1;
	}
	return (size_t)-1;
}

/* The agreed game stops at this divergence: the sheets say different things that nothing
 * decides (key: the message). */
static int rc_stop(hamle_reconcile *rc, size_t i, size_t j, int oka, int okb, const char *key)
{
	hamle_divergence *d = rc_add(rc, "sheets-differ", rc->n_moves);
	if (!d)
		return HAMLE_ENOMEM;
	d->stops = 1;
	d->sheet = HAMLE_SHEET_NONE;
	d->taken = HAMLE_SHEET_NONE;
	rc_reading(rc, d, 0, i, oka);
	rc_reading(rc, d, 1, j, okb);
	rc_locate(rc, d, 0, i);
	char last[64];
	if (rc->n_moves) {
		size_t p = rc->n_moves - 1;
		struct hamle_position before = rc->start;
		for (size_t t = 0; t < p; t++)
			hamle_position_play(&before, rc->moves[t]);
		char san[HAMLE_SAN_MAX];
		if (hamle_san_format(san, sizeof(san), &before, rc->s[0].loc, rc->moves[p], HAMLE_FORM_SAN) < 0)
			san[0] = '\0';
		snprintf(last, sizeof(last), "%u%s %s", rc_number_of(rc, p), rc_side_of(rc, p) == HAMLE_BLACK ? "..." : ".", san);
	} else {
		const char *w = hamle_locale_message(rc->opts.messages, "reconcile_the_start");
		snprintf(last, sizeof(last), "%s", w ? w : "the start");
	}
	const char *args[3] = {d->a[0] ? d->a : "-", d->b[0] ? d->b : "-", last};
	if (!oka && !okb && d->a[0] && !strcmp(d->a, d->b)) {
		/* the sheets agree on a move that cannot be played: no divergence of theirs */
		d->id = "illegal-move";
		key = "reconcile_both_illegal";
	}
	rc_message(rc, d, key, 3, args);
	return 0;
}

/* One sheet (s) goes on after the other ended: its moves are taken while they are legal. */
static int rc_take_rest(hamle_reconcile *rc, int s, size_t k)
{
	size_t p0 = rc->n_moves, k0 = k;
	int other = 1 - s;
	const struct rc_sheet *sh = &rc->s[s];
	hamle_move m;
	while (k < sh->n && rc_read(rc, s, k, &rc->pos, &m)) {
		if (rc_push(rc, m) < 0)
			return HAMLE_ENOMEM;
		k++;
	}
	if (k > k0) {
		hamle_divergence *d = rc_add(rc, "move-missing", p0);
		if (!d)
			return HAMLE_ENOMEM;
		d->sheet = other;
		d->taken = s;
		d->plies = (unsigned)(k - k0);
		rc_reading(rc, d, s, k0, 1);
		rc_locate(rc, d, other, rc->s[other].n);
		char moves[160], count[24];
		rc_moves_text(rc, moves, sizeof(moves), s, k0, k - k0, p0);
		snprintf(count, sizeof(count), "%u", d->plies);
		const char *args[4] = {other ? "B" : "A", moves, count, s ? "B" : "A"};
		rc_message(rc, d, "reconcile_missing_end", 4, args);
	}
	if (k == sh->n) {
		rc->complete = 1;
		return 0;
	}
	/* a move that is not legal, and nothing on the other sheet to take instead */
	hamle_divergence *d = rc_add(rc, "sheets-differ", rc->n_moves);
	if (!d)
		return HAMLE_ENOMEM;
	d->stops = 1;
	d->sheet = s;
	d->taken = HAMLE_SHEET_NONE;
	rc_reading(rc, d, s, k, 0);
	rc_locate(rc, d, s, k);
	const char *args[2] = {s ? "B" : "A", s ? d->b : d->a};
	rc_message(rc, d, "reconcile_illegal_alone", 2, args);
	return 0;
}

/* The message of column-shift d from its fields. */
static void rc_shift_message(hamle_reconcile *rc, hamle_divergence *d)
{
	char move[HAMLE_SAN_TEXT_MAX + 16], upto[32];
	size_t end = d->shift_end - 1;
	snprintf(move, sizeof(move), "%u%s %s", d->move_number, d->side == HAMLE_BLACK ? "..." : ".",
		d->taken == HAMLE_SHEET_B ? d->b : d->a);
	snprintf(upto, sizeof(upto), "%u%s", rc_number_of(rc, end), rc_side_of(rc, end) == HAMLE_BLACK ? "..." : ".");
	const char *args[4] = {d->sheet ? "B" : "A", move, upto, d->taken ? "B" : "A"};
	rc_message(rc, d, "reconcile_shift", 4, args);
}

/* Sheet `lacks` lacks k plies that sheet s has from its move ks on: take them. */
static int rc_take_gap(hamle_reconcile *rc, int s, size_t ks, unsigned k, size_t k_lacking)
{
	int lacks = 1 - s;
	size_t p0 = rc->n_moves;
	for (unsigned t = 0; t < k; t++) {
		hamle_move m;
		if (!rc_read(rc, s, ks + t, &rc->pos, &m) || rc_push(rc, m) < 0)
			return HAMLE_ENOMEM; /* read before: cannot fail but for memory */
	}
	size_t end = k & 1u ? rc_shift_end(rc, lacks, k_lacking, rc->n_moves) : (size_t)-1;
	size_t open = rc->shift[lacks];
	if (open && (k & 1u) && rc->div[open - 1].shift_end >= p0) {
		/* the half-move that puts the sheet's moves back in their columns: the stretch ends here */
		rc->div[open - 1].shift_end = (unsigned)p0;
		rc_shift_message(rc, &rc->div[open - 1]);
		end = (size_t)-1;
	}
	rc->shift[lacks] = 0;
	hamle_divergence *d = rc_add(rc, end != (size_t)-1 ? "column-shift" : "move-missing", p0);
	if (!d)
		return HAMLE_ENOMEM;
	d->sheet = lacks;
	d->taken = s;
	d->plies = k;
	rc_reading(rc, d, s, ks, 1);
	rc_locate(rc, d, lacks, k_lacking);
	if (end == (size_t)-1) {
		char moves[160];
		rc_moves_text(rc, moves, sizeof(moves), s, ks, k, p0);
		const char *args[3] = {lacks ? "B" : "A", moves, s ? "B" : "A"};
		rc_message(rc, d, "reconcile_missing", 3, args);
		return 1;
	}
	d->shift_end = (unsigned)end + 1;
	rc->shift[lacks] = rc->n_div; /* open until the sheet lacks another half-move */
	rc_shift_message(rc, d);
	return 1;
}

/* The sheets part at A's move *i and B's move *j. Returns 1 to go on, 0 when the agreed game
 * stops here, HAMLE_ENOMEM. */
static int rc_diverge(hamle_reconcile *rc, size_t *i, size_t *j, int oka, hamle_move ma, int okb, hamle_move mb)
{
	struct cand c[2 + 2 * RC_MAX_GAP_LIMIT];
	size_t nc = 0;
	struct hamle_position p1;
	if (oka) {
		p1 = rc->pos;
		hamle_position_play(&p1, ma);
		c[nc++] = (struct cand){C_SUB_A, 1, 1 + rc_follow(rc, &p1, *i + 1, *j + 1)};
	}
	if (okb) {
		p1 = rc->pos;
		hamle_position_play(&p1, mb);
		c[nc++] = (struct cand){C_SUB_B, 1, 1 + rc_follow(rc, &p1, *i + 1, *j + 1)};
	}
	for (int s = 0; s < 2; s++) {
		size_t ks = s ? *j : *i;
		p1 = rc->pos;
		for (unsigned k = 1; k <= rc->opts.max_gap && ks + k - 1 < rc->s[s].n; k++) {
			hamle_move m;
			if (!rc_read(rc, s, ks + k - 1, &p1, &m))
				break;
			hamle_position_play(&p1, m);
			size_t ni = s ? *i : *i + k, nj = s ? *j + k : *j;
			c[nc++] = (struct cand){s ? C_LACK_A : C_LACK_B, k, 1 + rc_follow(rc, &p1, ni, nj)};
		}
	}
	if (!nc)
		return rc_stop(rc, *i, *j, oka, okb, "reconcile_none_legal");
	long best = -1;
	for (size_t n = 0; n < nc; n++)
		if (c[n].score > best)
			best = c[n].score;
	size_t ntied = 0, pick = nc;
	int tied_a = 0, tied_b = 0;
	for (size_t n = 0; n < nc; n++) {
		if (c[n].score != best)
			continue;
		ntied++;
		tied_a |= c[n].kind == C_SUB_A;
		tied_b |= c[n].kind == C_SUB_B;
		unsigned rank = c[n].kind <= C_SUB_B ? 0 : c[n].k;
		if (pick == nc || rank < (c[pick].kind <= C_SUB_B ? 0 : c[pick].k))
			pick = n;
	}
	if (tied_a && tied_b)
		return rc_stop(rc, *i, *j, oka, okb, "reconcile_undecided");
	if (best == 1 && ntied > 1)
		return rc_stop(rc, *i, *j, oka, okb, "reconcile_unaligned");
	const struct cand *w = &c[pick];
	if (w->kind == C_LACK_B || w->kind == C_LACK_A) {
		int s = w->kind == C_LACK_A;
		int r = rc_take_gap(rc, s, s ? *j : *i, w->k, s ? *i : *j);
		if (s)
			*j += w->k;
		else
			*i += w->k;
		return r;
	}
	int s = w->kind == C_SUB_B;
	hamle_divergence *d = rc_add(rc, "sheets-differ", rc->n_moves);
	if (!d)
		return HAMLE_ENOMEM;
	d->sheet = 1 - s;
	d->taken = s;
	rc_reading(rc, d, 0, *i, oka);
	rc_reading(rc, d, 1, *j, okb);
	rc_locate(rc, d, 1 - s, 1 - s ? *j : *i);
	const char *args[3] = {d->a, d->b, s ? d->b : d->a};
	rc_message(rc, d, oka && okb ? "reconcile_borne_out" : "reconcile_one_legal", 3, args);
	if (rc_push(rc, s ? mb : ma) < 0)
		return HAMLE_ENOMEM;
	(*i)++;
	(*j)++;
	return 1;
}

/* When the sheets read the same move m at A's move i and B's move j but one of them with wrong
 * marks: 1 when a sheet lacking plies there explains the later moves better than agreeing. */
static int rc_gap_better(hamle_reconcile *rc, size_t i, size_t j, hamle_move m)
{
	struct hamle_position p1 = rc->pos;
	hamle_position_play(&p1, m);
	long agree = 1 + rc_follow(rc, &p1, i + 1, j + 1);
	for (int s = 0; s < 2; s++) {
		size_t ks = s ? j : i;
		p1 = rc->pos;
		for (unsigned k = 1; k <= rc->opts.max_gap && ks + k - 1 < rc->s[s].n; k++) {
			hamle_move g;
			if (!rc_read(rc, s, ks + k - 1, &p1, &g))
				break;
			hamle_position_play(&p1, g);
			if (1 + rc_follow(rc, &p1, s ? i : i + k, s ? j + k : j) > agree)
				return 1;
		}
	}
	return 0;
}

static int rc_align(hamle_reconcile *rc)
{
	size_t i = 0, j = 0;
	for (;;) {
		int ha = i < rc->s[0].n, hb = j < rc->s[1].n;
		if (!ha && !hb) {
			rc->complete = 1;
			return 0;
		}
		if (!ha || !hb)
			return rc_take_rest(rc, ha ? 0 : 1, ha ? i : j);
		hamle_move ma = HAMLE_MOVE_NONE, mb = HAMLE_MOVE_NONE;
		int oka = rc_read(rc, 0, i, &rc->pos, &ma), okb = rc_read(rc, 1, j, &rc->pos, &mb);
		if (oka && okb && ma == mb && (oka == 2 || okb == 2) && rc_gap_better(rc, i, j, ma)) {
			/* the same move, but one sheet's marks say it is another: a gap explains it better */
			oka = okb = 0;
			mb = HAMLE_MOVE_NONE;
		}
		if (oka && okb && ma == mb) {
			if (rc_push(rc, ma) < 0)
				return HAMLE_ENOMEM;
			i++;
			j++;
			continue;
		}
		int r = rc_diverge(rc, &i, &j, oka, ma, okb, mb);
		if (r <= 0)
			return r;
	}
}

int hamle_reconcile_run(hamle_reconcile *rc, const hamle_game *a, const hamle_replay *rpa,
	const hamle_game *b, const hamle_replay *rpb)
{
	if (!rc || !a || !b || !rpa || !rpb)
		return HAMLE_EUSAGE;
	rc->n_moves = 0;
	rc->n_div = 0;
	rc->shift[0] = rc->shift[1] = 0;
	rc->complete = 0;
	rc->spent = 0;
	rc->result = HAMLE_RESULT_UNKNOWN;
	if (rc_collect(&rc->s[0], a, rpa) < 0 || rc_collect(&rc->s[1], b, rpb) < 0)
		return HAMLE_ENOMEM;
	rc->start = *hamle_replay_start(rpa);
	rc->pos = rc->start;
	if (hamle_position_hash(hamle_replay_start(rpa)) != hamle_position_hash(hamle_replay_start(rpb))) {
		hamle_divergence *d = rc_add(rc, "sheets-differ", 0);
		if (!d)
			return HAMLE_ENOMEM;
		d->stops = 1;
		d->sheet = HAMLE_SHEET_NONE;
		d->taken = HAMLE_SHEET_NONE;
		d->move_number = 0;
		d->side = -1;
		rc_message(rc, d, "reconcile_start_differs", 0, NULL);
		return HAMLE_OK;
	}
	int r = rc_align(rc);
	if (r < 0)
		return r;
	return rc_results(rc);
}

const hamle_position *hamle_reconcile_start(const hamle_reconcile *rc)
{
	return rc ? &rc->start : NULL;
}

const hamle_move *hamle_reconcile_moves(const hamle_reconcile *rc, size_t *n)
{
	if (n)
		*n = rc ? rc->n_moves : 0;
	return rc ? rc->moves : NULL;
}

hamle_result hamle_reconcile_result(const hamle_reconcile *rc)
{
	return rc ? rc->result : HAMLE_RESULT_UNKNOWN;
}

int hamle_reconcile_complete(const hamle_reconcile *rc)
{
	return rc ? rc->complete : 0;
}

size_t hamle_reconcile_count(const hamle_reconcile *rc)
{
	return rc ? rc->n_div : 0;
}

const hamle_divergence *hamle_reconcile_at(const hamle_reconcile *rc, size_t i)
{
	return rc && i < rc->n_div ? &rc->div[i] : NULL;
}
