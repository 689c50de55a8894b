/* emit.c: what hamle-reconcile writes for a pair: each divergence as a finding (hamle-validate's
 * GNU line, or its JSON Lines keys with the two readings) and the agreed game, written first as
 * PGN in English with a comment at each divergence, then read back and written by the writer of
 * hamle-convert in the form (--to) and language (--lang) asked for. */
#include <stdio.h>
#include <string.h>

#include "finding.h"
#include "json.h"
#include "tool.h"

static const char *sheet_name(int s)
{
	return s == HAMLE_SHEET_A ? "a" : s == HAMLE_SHEET_B ? "b" : NULL;
}

void rt_as_diagnostic(hamle_diagnostic *f, const hamle_divergence *d)
{
	memset(f, 0, sizeof(*f));
	f->error = d->error;
	f->id = d->id;
	f->severity = d->stops ? HAMLE_SEVERITY_ERROR : HAMLE_SEVERITY_WARNING;
	f->token = (size_t)-1;
	f->move_number = d->move_number;
	f->side = d->side;
}

bool rt_kept(const rt_config *cfg, const hamle_divergence *d)
{
	return hamle_code_filter_keeps(&cfg->codes, d->id, d->stops ? HAMLE_SEVERITY_ERROR : HAMLE_SEVERITY_WARNING);
}

size_t rt_kept_count(const rt_config *cfg, const hamle_reconcile *rc)
{
	size_t n = 0;
	for (size_t i = 0; i < hamle_reconcile_count(rc); i++)
		n += rt_kept(cfg, hamle_reconcile_at(rc, i));
	return n;
}

static void finding_json(hamle_buf *b, const hamle_game *g, const hamle_divergence *d)
{
	const hamle_error *e = &d->error;
	hamle_json j;
	hamle_json_init(&j, b);
	hamle_json_object_begin(&j);
	hamle_json_kv_string(&j, "kind", "finding");
	hamle_json_kv_string(&j, "source", e->source ? e->source : "<stdin>");
	hamle_json_kv_uint(&j, "game", e->game);
	hamle_json_kv_string(&j, "white", hamle_game_tag(g, "White"));
	hamle_json_kv_string(&j, "black", hamle_game_tag(g, "Black"));
	hamle_json_kv_uint(&j, "line", e->line);
	hamle_json_kv_uint(&j, "column", e->column);
	hamle_json_kv_uint(&j, "offset", e->offset);
	hamle_json_kv_uint(&j, "ply", d->ply);
	hamle_json_key(&j, "move_number");
	if (d->move_number)
		hamle_json_uint(&j, d->move_number);
	else
		hamle_json_null(&j);
	hamle_json_kv_string(&j, "side", d->side == HAMLE_WHITE ? "white" : d->side == HAMLE_BLACK ? "black" : NULL);
	hamle_json_kv_string(&j, "token", e->token[0] ? e->token : NULL);
	hamle_json_kv_string(&j, "code", d->id);
	hamle_json_kv_string(&j, "severity", d->stops ? "error" : "warning");
	hamle_json_kv_string(&j, "message", e->message);
	hamle_json_kv_string(&j, "a", d->a[0] ? d->a : NULL);
	hamle_json_kv_string(&j, "b", d->b[0] ? d->b : NULL);
	hamle_json_kv_bool(&j, "a_legal", d->a_legal != 0);
	hamle_json_kv_bool(&j, "b_legal", d->b_legal != 0);
	hamle_json_kv_string(&j, "sheet", sheet_name(d->sheet));
	hamle_json_kv_string(&j, "taken", sheet_name(d->taken));
	hamle_json_kv_uint(&j, "plies", d->plies);
	hamle_json_kv_bool(&j, "stops", d->stops != 0);
	hamle_json_object_end(&j);
	hamle_json_newline(&j);
}

static void put_tag(hamle_buf *b, const char *name, const char *value)
{
	hamle_buf_printf(b, "[%s \"", name);
	for (const char *s = value; *s; s++) {
		if (*s == '"' || *s == '\\')
			hamle_buf_putc(b, '\\');
		hamle_buf_putc(b, *s);
	}
	hamle_buf_puts(b, "\"]\n");
}

/* True when name ends in "Original" (the value as a sheet wrote it, beside its own tag). */
static bool original_tag(const char *name)
{
	size_t n = strlen(name);
	return n > 8 && !strcmp(name + n - 8, "Original");
}

/* The tags of a, then those of b that a lacks (not b's values as written: a's own stand); Result
 * the agreed one. */
static void put_tags(hamle_buf *b, const hamle_game *ga, const hamle_game *gb, hamle_result res)
{
	const hamle_game *g[2] = {ga, gb};
	for (int s = 0; s < 2; s++)
		for (size_t i = 0; i < hamle_game_tag_count(g[s]); i++) {
			const hamle_tag *t = hamle_game_tag_at(g[s], i);
			if (!strcmp(t->name, "Result") || (s && (hamle_game_tag(ga, t->name) || original_tag(t->name))))
				continue;
			if (hamle_game_tag(g[s], t->name) != t->value)
				continue; /* a repeated tag: its first value */
			put_tag(b, t->name, t->value);
		}
	put_tag(b, "Result", hamle_result_string(res));
}

/* The divergences at agreed ply `ply` as comments. */
static void put_comments(hamle_buf *b, const hamle_reconcile *rc, unsigned ply, bool *after_comment)
{
	for (size_t i = 0; i < hamle_reconcile_count(rc); i++) {
		const hamle_divergence *d = hamle_reconcile_at(rc, i);
		if (d->ply != ply)
			continue;
		hamle_buf_printf(b, " {%s: ", d->id);
		for (const char *s = d->error.message; *s; s++)
			hamle_buf_putc(b, *s == '}' ? ')' : *s);
		hamle_buf_putc(b, '}');
		*after_comment = true;
	}
}

/* The agreed game as PGN in English, comments at the divergences. */
static void agreed_pgn(const rt_config *cfg, const hamle_reconcile *rc, const hamle_game *a,
	const hamle_game *b, hamle_buf *out)
{
	size_t n;
	const hamle_move *mv = hamle_reconcile_moves(rc, &n);
	hamle_position *pos = NULL;
	put_tags(out, a, b, hamle_reconcile_result(rc));
	hamle_buf_putc(out, '\n');
	if (hamle_position_copy(&pos, hamle_reconcile_start(rc)) < 0) {
		out->oom = true;
		return;
	}
	bool after_comment = true;
	for (size_t p = 0; p < n; p++) {
		char san[HAMLE_SAN_MAX];
		int white = hamle_position_side(pos) == HAMLE_WHITE;
		if (white || after_comment)
			hamle_buf_printf(out, "%s%d%s ", p ? " " : "", hamle_position_fullmove(pos), white ? "." : "...");
		else
			hamle_buf_putc(out, ' ');
		if (hamle_san_format(san, sizeof(san), pos, cfg->en, mv[p], HAMLE_FORM_SAN) < 0)
			san[0] = '\0';
		hamle_buf_puts(out, san);
		after_comment = false;
		put_comments(out, rc, (unsigned)p + 1, &after_comment);
		hamle_position_play(pos, mv[p]);
	}
	/* what stops the game and the results, after the last move */
	for (size_t i = 0; i < hamle_reconcile_count(rc); i++) {
		const hamle_divergence *d = hamle_reconcile_at(rc, i);
		if (d->ply == n + 1) {
			put_comments(out, rc, (unsigned)n + 1, &after_comment);
			break;
		}
	}
	hamle_buf_printf(out, " %s\n", hamle_result_string(hamle_reconcile_result(rc)));
	hamle_position_free(pos);
}

/* The position of the agreed game before ply ply (1-based) into *pos (new), and the last move
 * before it as SAN in the output language into last. -1 when out of memory. */
int rt_position_before(const rt_config *cfg, const hamle_reconcile *rc, unsigned ply, hamle_position **pos,
	char *last, size_t size)
{
	size_t n;
	const hamle_move *mv = hamle_reconcile_moves(rc, &n);
	last[0] = '\0';
	if (hamle_position_copy(pos, hamle_reconcile_start(rc)) < 0)
		return -1;
	for (size_t p = 0; p + 1 < ply && p < n; p++) {
		if (p + 2 == ply && hamle_san_format(last, size, *pos, cfg->wopts.locale, mv[p], HAMLE_FORM_SAN) < 0)
			last[0] = '\0';
		hamle_position_play(*pos, mv[p]);
	}
	return 0;
}

/* --diagram: the agreed board before the divergence's ply, the move the agreed game takes there
 * marked (none when it stops there). */
static int diagram(const rt_config *cfg, const hamle_reconcile *rc, const hamle_divergence *d, hamle_buf *b)
{
	hamle_position *pos = NULL;
	char last[HAMLE_SAN_MAX], san[HAMLE_SAN_MAX], marked[HAMLE_SAN_MAX + 16] = "";
	if (rt_position_before(cfg, rc, d->ply, &pos, last, sizeof(last)) < 0)
		return -1;
	size_t n;
	const hamle_move *mv = hamle_reconcile_moves(rc, &n);
	int from = HAMLE_NO_SQUARE, to = HAMLE_NO_SQUARE;
	if (d->ply >= 1 && d->ply <= n &&
		hamle_san_format(san, sizeof(san), pos, cfg->wopts.locale, mv[d->ply - 1], HAMLE_FORM_SAN) >= 0) {
		hamle_diagram_squares(mv[d->ply - 1], &from, &to);
		snprintf(marked, sizeof(marked), "%s (%c%c-%c%c)", san, 'a' + HAMLE_SQ_FILE(from),
			'1' + HAMLE_SQ_RANK(from), 'a' + HAMLE_SQ_FILE(to), '1' + HAMLE_SQ_RANK(to));
	}
	hamle_diagram_text(b, &cfg->diagram, cfg->messages, pos, last, marked, from, to);
	hamle_position_free(pos);
	return 0;
}

int rt_emit(const rt_config *cfg, rt_worker *wk, const hamle_game *a, const hamle_game *b,
	hamle_buf *err, hamle_buf *out)
{
	const hamle_reconcile *rc = wk->rc;
	for (size_t i = 0; i < hamle_reconcile_count(rc); i++) {
		const hamle_divergence *d = hamle_reconcile_at(rc, i);
		const hamle_game *g = d->sheet == HAMLE_SHEET_B ? b : a;
		if ((cfg->msg->verbosity < 0 && !d->stops) || !rt_kept(cfg, d))
			continue; /* -q: what stops the game only */
		if (cfg->json) {
			finding_json(err, g, d);
		} else {
			hamle_diagnostic f;
			rt_as_diagnostic(&f, d);
			hamle_finding_text(err, cfg->messages, g, &f);
			if (cfg->diagram.on && d->move_number && diagram(cfg, rc, d, err) < 0)
				return -1;
		}
	}
	hamle_buf_clear(&wk->pgn);
	agreed_pgn(cfg, rc, a, b, &wk->pgn);
	if (hamle_buf_failed(&wk->pgn))
		return -1;
	/* read back and written in the form asked for */
	hamle_reader *r = NULL;
	hamle_game *g = NULL;
	int status = -1;
	hamle_reader_options ro = cfg->ropts;
	ro.sheet_locales = &cfg->en;
	ro.n_sheet_locales = 1;
	if (hamle_reader_new(&r, &ro) < 0 ||
		hamle_reader_set_input_buffer(r, wk->pgn.data, wk->pgn.len, hamle_game_source(a)) < 0 ||
		hamle_reader_next(r, &g) != HAMLE_OK || hamle_replay_run(wk->rp_en, g) < 0)
		goto cleanup;
	hamle_writer_reset(wk->w);
	if (hamle_writer_game(wk->w, g, wk->rp_en) < 0)
		goto cleanup;
	size_t len;
	const char *text = hamle_writer_output(wk->w, &len);
	if (hamle_buf_append(out, text, len) < 0)
		goto cleanup;
	status = 0;
cleanup:
	hamle_game_free(g);
	hamle_reader_free(r);
	return status;
}
