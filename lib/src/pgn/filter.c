/* filter.c: --where tag filters (see hamle/filter.h). PCRE2 in UTF + UCP mode, every match under
 * the limits of pgn/pattern.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error_internal.h"
#include "hamle/filter.h"
#include "pgn/filter_internal.h"

struct hamle_filter {
	filter_prog *v; /* each --where expression: all must hold */
	size_t n, cap;
	pcre2_match_context *mc; /* the match limits; only read while matching */
};

int hamle_filter_new(hamle_filter **out)
{
	if (!out)
		return HAMLE_EUSAGE;
	hamle_filter *f = calloc(1, sizeof(*f));
	if (f && !(f->mc = hamle_pattern_context())) {
		free(f);
		f = NULL;
	}
	*out = f;
	return f ? 0 : HAMLE_ENOMEM;
}

void hamle_filter_free(hamle_filter *f)
{
	if (!f)
		return;
	for (size_t i = 0; i < f->n; i++)
		hamle_filter_prog_free(&f->v[i]);
	free(f->v);
	pcre2_match_context_free(f->mc);
	free(f);
}

size_t hamle_filter_count(const hamle_filter *f)
{
	return f ? f->n : 0;
}

int hamle_filter_add(hamle_filter *f, const char *expr, hamle_error *err)
{
	if (!f || !expr)
		return HAMLE_EUSAGE;
	if (f->n == f->cap) {
		size_t cap = f->cap ? f->cap * 2 : 4;
		filter_prog *v = realloc(f->v, cap * sizeof(*v));
		if (!v)
			return HAMLE_ENOMEM;
		f->v = v;
		f->cap = cap;
	}
	int rc = hamle_filter_prog_parse(&f->v[f->n], expr, err);
	if (rc == 0)
		f->n++;
	return rc;
}

/* Where the first tag named name is in g's input (nothing when g is NULL or has none). */
static void tag_position(const hamle_game *g, const char *name, hamle_error *err)
{
	size_t n = hamle_game_tag_count(g);
	for (size_t i = 0; i < n; i++) {
		const hamle_tag *t = hamle_game_tag_at(g, i);
		if (t && t->name && strcmp(t->name, name) == 0) {
			err->line = t->line;
			err->column = t->column;
			err->offset = t->offset;
			return;
		}
	}
}

/* A condition that cannot be decided on the value of tag: returns HAMLE_ELIMIT (a limit of
 * pgn/pattern.h), HAMLE_EENCODING (a value that is not UTF-8) or HAMLE_ERROR (another PCRE2
 * failure), with err set. */
static int undecided(const char *expr, const char *tag, int m, const hamle_game *g, hamle_error *err)
{
	const char *limit = hamle_pattern_limit(m);
	int utf = m <= PCRE2_ERROR_UTF8_ERR1 && m >= PCRE2_ERROR_UTF8_ERR21;
	int code = limit ? HAMLE_ELIMIT : utf ? HAMLE_EENCODING : HAMLE_ERROR;
	if (!err)
		return code;
	hamle_error_clear(err);
	if (limit) {
		hamle_error_set(err, code, "pattern hit its %s on the value of tag %s (too much backtracking), so "
			"the filter cannot decide on this game", limit, tag);
	} else {
		PCRE2_UCHAR msg[160];
		if (pcre2_get_error_message(m, msg, sizeof(msg)) < 0)
			strcpy((char *)msg, "matching failed");
		hamle_error_set(err, code, "pattern cannot be matched against the value of tag %s: %s", tag,
			(const char *)msg);
	}
	hamle_error_set_token(err, expr, strlen(expr));
	if (g) {
		err->source = hamle_game_source(g);
		err->game = hamle_game_index(g);
		tag_position(g, tag, err);
	}
	return code;
}

/* What one evaluation needs: the tag lookup, the game (for error positions), the match data
 * (made on the first regular expression, freed at the end), the first undecided error. */
typedef struct eval {
	const hamle_filter *f;
	const char *(*value)(void *payload, const char *name);
	void *payload;
	const hamle_game *g;
	hamle_error *err;
	const hamle_filter_facts *facts; /* the replayed game's (NULL: none) */
	pcre2_match_data *md;
	int failed;
} eval;

/* c's positive test (=, ~, < <= > >=) on value v (of tag, for messages): 1, 0, -1 undecided
 * (e->failed set on the first), HAMLE_ENOMEM. */
static int test_value(eval *e, const filter_prog *p, const filter_cond *c, const char *tag, const char *v)
{
	if (!v)
		return 0;
	switch (c->op) {
	case FOP_EQ:
	case FOP_NE:
		return strcmp(v, c->text) == 0;
	case FOP_MATCH:
	case FOP_NOMATCH:
		break;
	default:
		return hamle_filter_relation(c->kind, c->op, v, c->text);
	}
	if (!e->md && !(e->md = pcre2_match_data_create(1, NULL)))
		return HAMLE_ENOMEM;
	/* the shared context holds the limit for short values; a longer one (over 62 KB) gets a
	 * context of its own with a limit for its length */
	size_t len = strlen(v);
	pcre2_match_context *mc = e->f->mc, *own = NULL;
	if (hamle_pattern_match_limit(len) > HAMLE_PATTERN_MATCH_LIMIT) {
		if (!(mc = own = pcre2_match_context_copy(e->f->mc)))
			return HAMLE_ENOMEM;
		pcre2_set_match_limit(own, hamle_pattern_match_limit(len));
	}
	int m = pcre2_match(c->re, (PCRE2_SPTR)v, len, 0, 0, e->md, mc);
	pcre2_match_context_free(own);
	if (m == PCRE2_ERROR_NOMEMORY)
		return HAMLE_ENOMEM;
	if (m < 0 && m != PCRE2_ERROR_NOMATCH) {
		if (!e->failed)
			e->failed = undecided(p->expr, tag, m, e->g, e->err);
		return -1;
	}
	return m >= 0;
}

static int test_tag(eval *e, const filter_prog *p, const filter_cond *c, const char *tag)
{
	return test_value(e, p, c, tag, e->value(e->payload, tag));
}

/* A condition: 1, 0, -1 undecided, HAMLE_ENOMEM. Player and Elo hold when either side's tag
 * does; != and !~ are the negations of = and ~ (for Player and Elo: neither side). */
static int test_cond(eval *e, const filter_prog *p, const filter_cond *c)
{
	static const char *const player[] = { "White", "Black" }, *const elo[] = { "WhiteElo", "BlackElo" };
	const char *const *tags = c->field == FFIELD_PLAYER ? player : c->field == FFIELD_ELO ? elo : NULL;
	int r;
	if (c->field == FFIELD_PLIES) {
		char n[24];
		if (e->facts)
			snprintf(n, sizeof(n), "%u", e->facts->plies);
		r = test_value(e, p, c, "Plies", e->facts ? n : NULL);
	} else if (c->field == FFIELD_ENDS) {
		r = test_value(e, p, c, "Ends", e->facts ? e->facts->ends : NULL);
	} else if (c->field == FFIELD_FINAL) {
		r = e->facts && e->facts->board && hamle_filter_board_match(c->text, e->facts->board);
	} else if (c->field >= FFIELD_POSITION && c->field <= FFIELD_MOVES) {
		r = hamle_filter_mainline_test(c, e->facts);
	} else if (c->field == FFIELD_HAS) {
		r = e->facts && (e->facts->has & HAMLE_FILTER_HAS_KNOWN) && (e->facts->has & c->has);
	} else if (c->field == FFIELD_ECO) {
		r = test_value(e, p, c, "ComputedECO", e->facts ? e->facts->eco : NULL);
	} else if (!tags) {
		r = test_tag(e, p, c, c->tag);
	} else {
		r = test_tag(e, p, c, tags[0]);
		if (r == 0 || r == -1) {
			int r2 = test_tag(e, p, c, tags[1]);
			r = r2 == HAMLE_ENOMEM || r2 == 1 ? r2 : r == -1 || r2 == -1 ? -1 : 0;
		}
	}
	if (r == HAMLE_ENOMEM || r == -1)
		return r;
	return c->op == FOP_NE || c->op == FOP_NOMATCH ? !r : r;
}

/* One expression's code with a stack of 1 / 0 / -1 (undecided, as three-valued logic: false &&
 * undecided is false, true || undecided is true); && and || skip their right operand when the
 * left one decides. Returns 1, 0, -1 or HAMLE_ENOMEM. */
static int run(eval *e, const filter_prog *p)
{
	signed char st[FILTER_MAX_CODE];
	size_t sp = 0;
	for (size_t pc = 0; pc < p->ncode; pc++) {
		const filter_ins *in = &p->code[pc];
		switch (in->op) {
		case FI_COND: {
			int r = test_cond(e, p, &p->conds[in->cond]);
			if (r == HAMLE_ENOMEM)
				return r;
			st[sp++] = (signed char)r;
			break;
		}
		case FI_NOT:
			st[sp - 1] = st[sp - 1] < 0 ? -1 : !st[sp - 1];
			break;
		case FI_AND: {
			signed char a = st[sp - 2], b = st[--sp];
			st[sp - 1] = a == 0 || b == 0 ? 0 : a < 0 || b < 0 ? -1 : 1;
			break;
		}
		default: {
			signed char a = st[sp - 2], b = st[--sp];
			st[sp - 1] = a == 1 || b == 1 ? 1 : a < 0 || b < 0 ? -1 : 0;
			break;
		}
		}
		/* the left operand of an operator ends here: when it decides, so is the operator */
		while (p->code[pc].jump) {
			size_t k = p->code[pc].jump;
			if (!(p->code[k].op == FI_AND ? st[sp - 1] == 0 : st[sp - 1] == 1))
				break;
			pc = k;
		}
	}
	return st[0];
}

/* Every expression in turn: 1, 0, or the first condition that cannot be decided (unless the
 * expressions decide without it). */
static int evaluate(const hamle_filter *f, const char *(*value)(void *payload, const char *name),
	void *payload, const hamle_game *g, const hamle_filter_facts *facts, hamle_error *err)
{
	if (!f || f->n == 0)
		return 1;
	eval e = { f, value, payload, g, err, facts, NULL, 0 };
	int rc = 1;
	for (size_t i = 0; i < f->n && rc != 0 && rc != HAMLE_ENOMEM; i++) {
		int r = run(&e, &f->v[i]);
		rc = r == HAMLE_ENOMEM || r == 0 ? r : r < 0 ? -1 : rc;
	}
	pcre2_match_data_free(e.md);
	return rc == -1 ? e.failed : rc;
}

int hamle_filter_match_fn(const hamle_filter *f, const char *(*value)(void *payload, const char *name),
	void *payload)
{
	return evaluate(f, value, payload, NULL, NULL, NULL);
}

static const char *game_value(void *payload, const char *name)
{
	return hamle_game_tag((const hamle_game *)payload, name);
}

int hamle_filter_match(const hamle_filter *f, const hamle_game *g)
{
	return evaluate(f, game_value, (void *)g, g, NULL, NULL);
}

int hamle_filter_check(const hamle_filter *f, const hamle_game *g, hamle_error *err)
{
	return evaluate(f, game_value, (void *)g, g, NULL, err);
}

int hamle_filter_check_facts(const hamle_filter *f, const hamle_game *g, const hamle_filter_facts *facts,
	hamle_error *err)
{
	return evaluate(f, game_value, (void *)g, g, facts, err);
}

unsigned hamle_filter_needs(const hamle_filter *f)
{
	unsigned needs = 0;
	for (size_t i = 0; f && i < f->n; i++)
		for (size_t k = 0; k < f->v[i].nconds; k++) {
			int field = f->v[i].conds[k].field;
			if (field >= FFIELD_PLIES)
				needs |= HAMLE_FILTER_NEEDS_REPLAY;
			if (field >= FFIELD_POSITION && field <= FFIELD_MOVES)
				needs |= HAMLE_FILTER_NEEDS_MAINLINE;
			if (field == FFIELD_HAS || field == FFIELD_ECO)
				needs |= HAMLE_FILTER_NEEDS_ANNOTATE;
			if (field == FFIELD_ECO)
				needs |= HAMLE_FILTER_NEEDS_ECO;
		}
	return needs;
}
