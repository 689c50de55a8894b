/* reconcile_note.c: the divergences of a reconciliation (where, what each sheet says, the
 * message in the messages language), and the results of the sheets compared with each other and
 * with the final position (FIDE 8.7: the signed result stands, even when the board says
 * otherwise; the divergence says so). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error_internal.h"
#include "replay/reconcile_internal.h"

hamle_divergence *rc_add(hamle_reconcile *rc, const char *id, size_t ply0)
{
	if (rc->n_div == rc->cap_div) {
		size_t cap = rc->cap_div ? rc->cap_div * 2 : 16;
		hamle_divergence *v = realloc(rc->div, cap * sizeof(*v));
		if (!v)
			return NULL;
		rc->div = v;
		rc->cap_div = cap;
	}
	hamle_divergence *d = &rc->div[rc->n_div++];
	memset(d, 0, sizeof(*d));
	d->id = id;
	d->ply = (unsigned)ply0 + 1;
	d->move_number = rc_number_of(rc, ply0);
	d->side = rc_side_of(rc, ply0);
	d->sheet = HAMLE_SHEET_NONE;
	d->taken = HAMLE_SHEET_NONE;
	d->a_token = d->b_token = (size_t)-1;
	d->error.code = HAMLE_ERROR;
	d->error.ply = d->ply;
	d->error.source = hamle_game_source(rc->s[0].g);
	d->error.game = hamle_game_index(rc->s[0].g);
	d->error.line = hamle_game_line(rc->s[0].g);
	d->error.offset = hamle_game_offset(rc->s[0].g);
	return d;
}

void rc_reading(hamle_reconcile *rc, hamle_divergence *d, int s, size_t k, int legal)
{
	const struct rc_sheet *sh = &rc->s[s];
	char *text = s ? d->b : d->a;
	if (k >= sh->n) {
		text[0] = '\0';
		return;
	}
	hamle_error_text_line(text, HAMLE_SAN_TEXT_MAX, sh->m[k].text, sh->m[k].len);
	if (s) {
		d->b_token = sh->m[k].tok;
		d->b_legal = legal;
	} else {
		d->a_token = sh->m[k].tok;
		d->a_legal = legal;
	}
}

/* d's location: token tok of sheet s's game, or the game's start when tok is none. */
static void rc_locate_token(hamle_reconcile *rc, hamle_divergence *d, int s, size_t tok)
{
	const hamle_game *g = rc->s[s].g;
	d->error.source = hamle_game_source(g);
	d->error.game = hamle_game_index(g);
	d->error.line = hamle_game_line(g);
	d->error.column = 0;
	d->error.offset = hamle_game_offset(g);
	d->error.token[0] = '\0';
	if (tok == (size_t)-1 || tok >= hamle_game_token_count(g))
		return;
	const hamle_token *t = &hamle_game_tokens(g)[tok];
	d->error.line = t->line;
	d->error.column = t->column;
	d->error.offset = t->offset;
	hamle_error_set_token(&d->error, t->text, t->len);
}

void rc_locate(hamle_reconcile *rc, hamle_divergence *d, int s, size_t k)
{
	const struct rc_sheet *sh = &rc->s[s];
	if (k >= sh->n)
		k = sh->n ? sh->n - 1 : (size_t)-1;
	rc_locate_token(rc, d, s, k == (size_t)-1 ? (size_t)-1 : sh->m[k].tok);
}

void rc_moves_text(const hamle_reconcile *rc, char *buf, size_t size, int s, size_t k, size_t n, size_t p0)
{
	const struct rc_sheet *sh = &rc->s[s];
	size_t len = 0;
	buf[0] = '\0';
	for (size_t t = 0; t < n && k + t < sh->n && len + 1 < size; t++) {
		size_t p = p0 + t;
		char move[HAMLE_SAN_TEXT_MAX];
		int w;
		if (t == 6) {
			snprintf(buf + len, size - len, " ...");
			return;
		}
		hamle_error_text_line(move, sizeof(move), sh->m[k + t].text, sh->m[k + t].len);
		if (t == 0 || rc_side_of(rc, p) == HAMLE_WHITE)
			w = snprintf(buf + len, size - len, "%s%u%s %s", t ? " " : "", rc_number_of(rc, p),
				rc_side_of(rc, p) == HAMLE_BLACK ? "..." : ".", move);
		else
			w = snprintf(buf + len, size - len, " %s", move);
		if (w < 0 || (size_t)w >= size - len)
			return;
		len += (size_t)w;
	}
}

void rc_message(const hamle_reconcile *rc, hamle_divergence *d, const char *key, size_t nargs,
	const char *const *args)
{
	if (hamle_locale_format(d->error.message, sizeof(d->error.message), rc->opts.messages, key, nargs, args) < 0)
		snprintf(d->error.message, sizeof(d->error.message), "%s", key);
}

/* The token of sheet s's termination marker (the last at depth 0), or (size_t)-1. */
static size_t rc_result_token(const hamle_reconcile *rc, int s)
{
	const hamle_game *g = rc->s[s].g;
	const hamle_token *t = hamle_game_tokens(g);
	for (size_t i = hamle_game_token_count(g); i-- > 0;)
		if (t[i].depth == 0 && t[i].kind == HAMLE_TOKEN_RESULT)
			return i;
	return (size_t)-1;
}

/* The result the final position has, or NONE when the game goes on there. */
static hamle_result rc_board_result(const hamle_reconcile *rc, const char **why)
{
	hamle_state st = hamle_position_state(&rc->pos);
	*why = hamle_state_id(st);
	if (st == HAMLE_STATE_CHECKMATE) {
		*why = "checkmate";
		return hamle_position_side(&rc->pos) == HAMLE_WHITE ? HAMLE_RESULT_BLACK : HAMLE_RESULT_WHITE;
	}
	if (st == HAMLE_STATE_STALEMATE || st == HAMLE_STATE_DEAD) {
		*why = st == HAMLE_STATE_STALEMATE ? "stalemate" : "dead_position";
		return HAMLE_RESULT_DRAW;
	}
	return HAMLE_RESULT_NONE;
}

static const char *rc_result_text(hamle_result r)
{
	return r == HAMLE_RESULT_NONE ? "-" : hamle_result_string(r);
}

/* A result-differs divergence located at sheet s's result (A's when s is NONE). */
static hamle_divergence *rc_add_result(hamle_reconcile *rc, int s)
{
	hamle_divergence *d = rc_add(rc, "result-differs", rc->n_moves);
	if (!d)
		return NULL;
	d->move_number = 0;
	d->side = -1;
	d->error.ply = 0;
	d->sheet = s;
	int at = s == HAMLE_SHEET_NONE ? 0 : s;
	rc_locate_token(rc, d, at, rc_result_token(rc, at));
	if (rc->s[0].result != HAMLE_RESULT_NONE)
		snprintf(d->a, sizeof(d->a), "%s", hamle_result_string(rc->s[0].result));
	if (rc->s[1].result != HAMLE_RESULT_NONE)
		snprintf(d->b, sizeof(d->b), "%s", hamle_result_string(rc->s[1].result));
	d->a_legal = d->b_legal = 1;
	return d;
}

int rc_results(hamle_reconcile *rc)
{
	hamle_result ra = rc->s[0].result, rb = rc->s[1].result;
	const char *why = "";
	hamle_result board = rc->complete ? rc_board_result(rc, &why) : HAMLE_RESULT_NONE;
	const char *word = hamle_locale_message(rc->opts.messages, why);
	const char *args[4] = {rc_result_text(ra), rc_result_text(rb), word ? word : why, ""};
	hamle_divergence *d;
	if (!rc->complete) {
		rc->result = HAMLE_RESULT_UNKNOWN;
		if (ra != rb) {
			if (!(d = rc_add_result(rc, HAMLE_SHEET_NONE)))
				return HAMLE_ENOMEM;
			rc_message(rc, d, "reconcile_result_differs", 2, args);
		}
		return HAMLE_OK;
	}
	if (ra == rb) {
		rc->result = ra != HAMLE_RESULT_NONE ? ra : board != HAMLE_RESULT_NONE ? board : HAMLE_RESULT_UNKNOWN;
		if (ra != HAMLE_RESULT_NONE && board != HAMLE_RESULT_NONE && ra != board) {
			if (!(d = rc_add_result(rc, HAMLE_SHEET_NONE)))
				return HAMLE_ENOMEM;
			d->taken = HAMLE_SHEET_A;
			args[1] = hamle_result_string(board);
			rc_message(rc, d, "reconcile_result_board", 3, (const char *const[]){args[0], args[1], args[2]});
		}
		return HAMLE_OK;
	}
	if (ra == HAMLE_RESULT_NONE || rb == HAMLE_RESULT_NONE) {
		int has = ra == HAMLE_RESULT_NONE ? HAMLE_SHEET_B : HAMLE_SHEET_A;
		rc->result = has ? rb : ra;
		if (!(d = rc_add_result(rc, 1 - has)))
			return HAMLE_ENOMEM;
		d->taken = has;
		const char *margs[3] = {has ? "A" : "B", has ? "B" : "A", hamle_result_string(rc->result)};
		rc_message(rc, d, "reconcile_result_missing", 3, margs);
		if (board != HAMLE_RESULT_NONE && board != rc->result) {
			if (!(d = rc_add_result(rc, has)))
				return HAMLE_ENOMEM;
			d->taken = has;
			rc_message(rc, d, "reconcile_result_board", 3,
				(const char *const[]){hamle_result_string(rc->result), hamle_result_string(board), args[2]});
		}
		return HAMLE_OK;
	}
	int wrong = board == ra ? HAMLE_SHEET_B : board == rb ? HAMLE_SHEET_A : HAMLE_SHEET_NONE;
	if (!(d = rc_add_result(rc, wrong)))
		return HAMLE_ENOMEM;
	if (wrong == HAMLE_SHEET_NONE) {
		rc->result = HAMLE_RESULT_UNKNOWN;
		rc_message(rc, d, board == HAMLE_RESULT_NONE ? "reconcile_result_differs" : "reconcile_result_neither",
			3, args);
		return HAMLE_OK;
	}
	d->taken = 1 - wrong;
	rc->result = board;
	args[3] = hamle_result_string(board);
	rc_message(rc, d, "reconcile_result_borne_out", 4, args);
	return HAMLE_OK;
}
