/* unwinnable.c: can a side still mate? The order of the arguments (hamle/unwinnable.h), cheap
 * ones first: the game already over; material; the blockade, after the moves that are forced; a
 * short helpmate search toward the loser's king where it stands, then a quick one with CHA's
 * heuristics toward a mating corner; a full-width attempt to show that every line
 * ends within a few plies; the first depth of the helpmate search by iterative deepening; every
 * reachable position, where there are few (a small world closes); the deepening on until the
 * budget is spent; every reachable position again, up to many more; last, the blockade after
 * each legal move. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/unwin_internal.h"
#include "hamle/rules.h"

/* Iterative deepening: each depth gets this many nodes (CHA's empirical choice), and the
 * depths go up to this bound. */
#define ID_LOCAL_LIMIT 30000ul
#define ID_FIRST_DEPTH 3
#define ID_MAX_DEPTH 100
#define QUICK_LIMIT 3000ul
#define LOCAL_LIMIT 300ul  /* nodes of each search toward the loser's king where it stands */
#define LOCAL_MAX_DEPTH 4
#define PROOF_DEPTH 9
#define PROOF_LIMIT 3000ul
#define FORCED_MAX 100
/* The closure of every reachable position: first, where the side to move has at most
 * CLOSURE_FIRST_MOVES legal moves, up to CLOSURE_FIRST positions (the small worlds of a blockade
 * close well within it; an open position would fill it for nothing), and after
 * the deepening up to UNWIN_CLOSURE_MAX, visiting as many nodes again as the budget, at most
 * CLOSURE_NODES. */
#define CLOSURE_FIRST 20000
#define CLOSURE_FIRST_MOVES 12
#define CLOSURE_NODES 400000ul

int hamle_unwin_new(hamle_unwin **out)
{
	if (!out)
		return HAMLE_EUSAGE;
	/* every member but the stack: its frames are written before they are read, and a search
	 * that goes a few plies deep touches a few of its pages, not the 136 KiB */
	hamle_unwin *u = malloc(sizeof(*u));
	*out = u;
	if (!u)
		return HAMLE_ENOMEM;
	memset(u, 0, offsetof(struct hamle_unwin, stack));
	return HAMLE_OK;
}

void *unwin_zeroed(size_t n)
{
	/* calloc's block, a byte of each page written (a memset after malloc the compiler makes a
	 * calloc again); 4 KiB is the smallest page there is */
	unsigned char *p = calloc(1, n);
	for (size_t i = 0; p && i < n; i += 4096)
		((volatile unsigned char *)p)[i] = 0;
	return p;
}

void hamle_unwin_free(hamle_unwin *u)
{
	if (!u)
		return;
	free(u->tt);
	free(u->tt_small);
	free(u->queue);
	free(u->seen);
	free(u);
}

static void decide(hamle_unwin_result *r, hamle_unwin_verdict v, hamle_unwin_reason why)
{
	r->verdict = v;
	r->reason = why;
	if (v != HAMLE_UNWIN_CAN_MATE)
		r->line_len = 0;
}

/* A search result that decides: 1 (with r filled), 0 when it does not, negative on ENOMEM. */
static int searched(int rc, hamle_unwin_result *r)
{
	switch (rc) {
	case SEARCH_MATE: decide(r, HAMLE_UNWIN_CAN_MATE, HAMLE_UNWIN_BY_HELPMATE); return 1;
	case SEARCH_EXHAUSTED: decide(r, HAMLE_UNWIN_CANNOT_MATE, HAMLE_UNWIN_BY_SEARCH); return 1;
	case SEARCH_NOMEM: return HAMLE_ENOMEM;
	default: return 0;
	}
}

/* The game over at p: 1 with the verdict in r (the winner mated p's side: CAN_MATE with the
 * `plies` moves already in r->line; otherwise CANNOT_MATE), 0 when p has legal moves. */
static int game_over(const struct hamle_position *p, int winner, hamle_unwin_result *r, int plies)
{
	if (hamle_any_legal(p))
		return 0;
	if (p->side != winner && hamle_position_in_check(p)) {
		r->line_len = plies;
		decide(r, HAMLE_UNWIN_CAN_MATE, HAMLE_UNWIN_BY_HELPMATE);
	} else {
		decide(r, HAMLE_UNWIN_CANNOT_MATE, HAMLE_UNWIN_BY_GAME_OVER);
	}
	return 1;
}

/* 1 when an en passant capture is legal in p (the blockade does not model it). */
static int ep_legal_now(const struct hamle_position *p)
{
	if (!hamle_ep_capturable(p))
		return 0;
	hamle_move list[HAMLE_MAX_MOVES];
	int n = hamle_gen_legal(p, 1u << HAMLE_PAWN, BB(p->ep), list);
	for (int i = 0; i < n; i++)
		if (HAMLE_MOVE_KIND(list[i]) == HAMLE_MOVE_EN_PASSANT)
			return 1;
	return 0;
}

/* Plays the forced moves from p (each side with a single legal move), recording them in r's
 * line; then the blockade. 1 decided (r filled: a mate or game end on the way, or a blockade),
 * 0 not. */
static int forced_then_blockade(struct hamle_position p, int winner, hamle_unwin_result *r, int plies)
{
	hamle_move list[HAMLE_MAX_MOVES];
	for (int k = 0; k < FORCED_MAX; k++) {
		int n = hamle_gen_legal(&p, GEN_ALL_TYPES, GEN_ALL_SQUARES, list);
		if (n == 0)
			return game_over(&p, winner, r, plies);
		if (n > 1)
			break;
		if (plies < HAMLE_UNWIN_MAX_LINE)
			r->line[plies] = list[0];
		plies++;
		hamle_make_move(&p, list[0]);
	}
	if (plies > HAMLE_UNWIN_MAX_LINE || ep_legal_now(&p) || !unwin_blockade(&p, winner))
		return 0;
	decide(r, HAMLE_UNWIN_CANNOT_MATE, HAMLE_UNWIN_BY_BLOCKADE);
	return 1;
}

/* The blockade after every legal move of p (a move that ends the game in the winner's favour
 * is a mate found). */
static int blockade_after_each(const struct hamle_position *p, int winner, hamle_unwin_result *r)
{
	hamle_move list[HAMLE_MAX_MOVES];
	int n = hamle_gen_legal(p, GEN_ALL_TYPES, GEN_ALL_SQUARES, list);
	for (int i = 0; i < n; i++) {
		struct hamle_position next = *p;
		hamle_make_move(&next, list[i]);
		hamle_unwin_result sub;
		sub.verdict = HAMLE_UNWIN_UNDECIDED;
		sub.line_len = 0;
		sub.line[0] = list[i];
		if (!forced_then_blockade(next, winner, &sub, 1) || sub.verdict == HAMLE_UNWIN_CAN_MATE) {
			if (sub.verdict == HAMLE_UNWIN_CAN_MATE && sub.line_len > 0) {
				memcpy(r->line, sub.line, (size_t)sub.line_len * sizeof(sub.line[0]));
				r->line_len = sub.line_len;
				decide(r, HAMLE_UNWIN_CAN_MATE, HAMLE_UNWIN_BY_HELPMATE);
				return 1;
			}
			return 0;
		}
	}
	decide(r, HAMLE_UNWIN_CANNOT_MATE, HAMLE_UNWIN_BY_BLOCKADE);
	return 1;
}

/* 1 when the side to move has few legal moves: the mark of a small world (kings behind a locked
 * wall, a piece shut in), worth a closure before the deepening. */
static int few_moves(const struct hamle_position *p)
{
	hamle_move list[HAMLE_MAX_MOVES];
	return hamle_gen_legal(p, GEN_ALL_TYPES, GEN_ALL_SQUARES, list) <= CLOSURE_FIRST_MOVES;
}

/* The helpmate search by iterative deepening, depths from..to while the budget lasts, each
 * iteration skipping what those since stamp first searched: 1 decided (r filled), 0 not,
 * negative on ENOMEM. */
static int deepen(hamle_unwin *u, const struct hamle_position *p, int winner, hamle_unwin_result *r,
	int from, int to, uint32_t first)
{
	for (int depth = from; depth <= to && u->nodes < u->budget; depth++) {
		struct unwin_search id = {winner, depth, ID_LOCAL_LIMIT, 1, 1, 0, first, 0};
		int rc = searched(unwin_search_run(u, p, &id, r), r);
		if (rc)
			return rc;
	}
	return 0;
}

static int analyze(hamle_unwin *u, hamle_unwin_result *r, const struct hamle_position *p, int winner)
{
	if (game_over(p, winner, r, 0))
		return 0;
	if (unwin_material_impossible(p, winner)) {
		decide(r, HAMLE_UNWIN_CANNOT_MATE, HAMLE_UNWIN_BY_MATERIAL);
		return 0;
	}
	if (forced_then_blockade(*p, winner, r, 0))
		return 0;
	r->line_len = 0;
	/* a short deepening toward the loser's king where it stands (a king among its own men is
	 * mated there in a few moves), then the quick search toward a mating corner */
	int rc;
	for (int depth = 3; depth <= LOCAL_MAX_DEPTH; depth++) {
		struct unwin_search local = {winner, depth, LOCAL_LIMIT, 1, 1, 0, 0, pos_king(p, !winner) + 1};
		rc = searched(unwin_search_run(u, p, &local, r), r);
		if (rc)
			return rc < 0 ? rc : 0;
	}
	struct unwin_search quick = {winner, 2, QUICK_LIMIT, 1, 0, 0, 0, 0};
	rc = searched(unwin_search_run(u, p, &quick, r), r);
	if (rc)
		return rc < 0 ? rc : 0;
	struct unwin_search proof = {winner, PROOF_DEPTH, PROOF_LIMIT, 0, 0, 1, 0, 0};
	rc = searched(unwin_search_run(u, p, &proof, r), r);
	if (rc)
		return rc < 0 ? rc : 0;
	/* the deepening's first depth, then a small world's closure, then the deepening on: a king
	 * and pawn ending has few moves but a world too large to close, and its helpmate (a pawn
	 * queens) is mostly found at the first depth, for a few thousand nodes */
	uint32_t first = u->stamp + 1 ? u->stamp + 1 : 1; /* the first iteration's stamp */
	rc = deepen(u, p, winner, r, ID_FIRST_DEPTH, ID_FIRST_DEPTH, first);
	if (rc)
		return rc < 0 ? rc : 0;
	if (few_moves(p)) {
		rc = searched(unwin_closure_run(u, p, winner, r, CLOSURE_FIRST), r);
		if (rc)
			return rc < 0 ? rc : 0;
	}
	rc = deepen(u, p, winner, r, ID_FIRST_DEPTH + 1, ID_MAX_DEPTH, first);
	if (rc)
		return rc < 0 ? rc : 0;
	/* a world too large for the first closure, with its own allowance once the deepening has
	 * spent the budget: as many nodes again, at most CLOSURE_NODES */
	unsigned long budget = u->budget;
	u->budget = u->nodes + (budget < CLOSURE_NODES ? budget : CLOSURE_NODES);
	rc = searched(unwin_closure_run(u, p, winner, r, UNWIN_CLOSURE_MAX), r);
	u->budget = budget;
	if (rc)
		return rc < 0 ? rc : 0;
	if (blockade_after_each(p, winner, r))
		return 0;

	decide(r, HAMLE_UNWIN_UNDECIDED, HAMLE_UNWIN_BY_BUDGET);
	return 0;
}

int hamle_unwin_analyze(hamle_unwin *u, hamle_unwin_result *out, const hamle_position *pos,
	hamle_color side, unsigned long budget)
{
	if (!u || !out || !pos || (side != HAMLE_WHITE && side != HAMLE_BLACK))
		return HAMLE_EUSAGE;
	out->verdict = HAMLE_UNWIN_UNDECIDED;
	out->reason = HAMLE_UNWIN_BY_BUDGET;
	out->line_len = 0;
	u->nodes = 0;
	u->budget = budget ? budget : HAMLE_UNWIN_DEFAULT_BUDGET;
	int rc = analyze(u, out, pos, (int)side);
	out->nodes = u->nodes;
	return rc;
}

int hamle_unwinnable_analyze(hamle_unwin_result *out, const hamle_position *pos, hamle_color side,
	unsigned long budget)
{
	hamle_unwin *u = NULL;
	int rc = hamle_unwin_new(&u);
	if (rc == 0)
		rc = hamle_unwin_analyze(u, out, pos, side, budget);
	hamle_unwin_free(u);
	return rc;
}

int hamle_unwin_dead(hamle_unwin *u, const hamle_position *pos, unsigned long budget, int *undecided)
{
	hamle_unwin_result r;
	int dead = 1, open = 0;
	if (undecided)
		*undecided = 0;
	if (!u || !pos || !hamle_any_legal(pos))
		return 0;
	for (int side = 0; side < 2 && dead; side++) {
		if (hamle_unwin_analyze(u, &r, pos, (hamle_color)side, budget) < 0)
			return 0;
		if (r.verdict != HAMLE_UNWIN_CANNOT_MATE)
			dead = 0;
		if (r.verdict == HAMLE_UNWIN_UNDECIDED)
			open = 1;
	}
	if (undecided)
		*undecided = open;
	return dead;
}

int hamle_unwin_line_uci(char *buf, size_t size, const hamle_position *pos, const hamle_unwin_result *r)
{
	struct hamle_position p = *pos;
	size_t len = 0;
	if (size)
		buf[0] = '\0';
	for (int i = 0; r && i < r->line_len; i++) {
		char mv[8];
		int n = hamle_move_uci(mv, sizeof(mv), &p, r->line[i]);
		size_t sep = i ? 1 : 0;
		if (len + sep + (size_t)n < size) { /* the word, its space before and the NUL fit */
			if (sep)
				buf[len] = ' ';
			memcpy(buf + len + sep, mv, (size_t)n + 1);
		}
		len += sep + (size_t)n;
		hamle_make_move(&p, r->line[i]);
	}
	if (size && len >= size)
		buf[size - 1] = '\0';
	return (int)len;
}

const char *hamle_unwin_verdict_id(hamle_unwin_verdict v)
{
	switch (v) {
	case HAMLE_UNWIN_CAN_MATE: return "can-mate";
	case HAMLE_UNWIN_CANNOT_MATE: return "cannot-mate";
	default: return "undecided";
	}
}

const char *hamle_unwin_reason_id(hamle_unwin_reason r)
{
	switch (r) {
	case HAMLE_UNWIN_BY_HELPMATE: return "helpmate";
	case HAMLE_UNWIN_BY_GAME_OVER: return "game-over";
	case HAMLE_UNWIN_BY_MATERIAL: return "material";
	case HAMLE_UNWIN_BY_BLOCKADE: return "blockade";
	case HAMLE_UNWIN_BY_SEARCH: return "search";
	default: return "budget";
	}
}
