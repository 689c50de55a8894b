/* html.c: a pair's section of hamle-reconcile's --html report (cmd/common/output/html.h): each
 * divergence with its message, what each sheet says and the board of the agreed game before its
 * ply, the move the agreed game takes there drawn as an arrow; then the agreed moves with the
 * divergences' plies highlighted. Written for each pair as it is reconciled. */
#include <stdio.h>
#include <string.h>

#include "finding.h"
#include "html.h"
#include "tool.h"

void rt_html_count(rt_html_counts *c, const char *id, int error)
{
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->id[i], id)) {
			c->count[i]++;
			c->errors[i] += error != 0;
			return;
		}
	if (c->n < RT_HTML_CODES) {
		c->id[c->n] = id;
		c->errors[c->n] = error != 0;
		c->count[c->n++] = 1;
	}
}

static void reading(hamle_buf *b, const rt_config *cfg, const char *key, const char *fallback, const char *text,
	int legal)
{
	hamle_buf_puts(b, "<span class=\"sheet\">");
	hamle_html_word(b, cfg->messages, key, fallback);
	hamle_buf_puts(b, ": <b>");
	hamle_html_text(b, text[0] ? text : "\xE2\x80\x94");
	hamle_buf_printf(b, "</b>%s</span> ", text[0] && !legal ? " \xE2\x9C\x97" : "");
}

static int divergence(hamle_buf *b, const rt_config *cfg, const hamle_reconcile *rc, const hamle_game *g,
	const hamle_divergence *d)
{
	hamle_buf_printf(b, "<li class=\"finding %s\" data-code=\"", d->stops ? "error" : "warning");
	hamle_html_text(b, d->id);
	hamle_buf_puts(b, "\"><span class=\"code\">");
	hamle_html_text(b, d->id);
	hamle_buf_puts(b, "</span><span class=\"msg\">");
	hamle_diagnostic f;
	rt_as_diagnostic(&f, d);
	hamle_buf line = HAMLE_BUF_INIT;
	hamle_finding_text(&line, cfg->messages, g, &f);
	if (line.len && line.data[line.len - 1] == '\n')
		line.len--;
	if (hamle_buf_failed(&line)) {
		hamle_buf_free(&line);
		return -1;
	}
	hamle_html_escape(b, line.data, line.len);
	hamle_buf_free(&line);
	hamle_buf_puts(b, "</span>\n<p class=\"sugg\">");
	reading(b, cfg, "html_sheet_a", "sheet A", d->a, d->a_legal);
	reading(b, cfg, "html_sheet_b", "sheet B", d->b, d->b_legal);
	hamle_buf_puts(b, "</p>\n");
	if (d->move_number) {
		hamle_position *pos = NULL;
		char last[HAMLE_SAN_MAX];
		if (rt_position_before(cfg, rc, d->ply, &pos, last, sizeof(last)) < 0)
			return -1;
		size_t n;
		const hamle_move *mv = hamle_reconcile_moves(rc, &n);
		hamle_html_arrow arrow[1];
		size_t na = 0;
		if (d->ply >= 1 && d->ply <= n) {
			hamle_diagram_squares(mv[d->ply - 1], &arrow[0].from, &arrow[0].to);
			na = arrow[0].from != HAMLE_NO_SQUARE;
		}
		hamle_html_board(b, cfg->messages, pos, arrow, na, last);
		hamle_position_free(pos);
	}
	hamle_buf_puts(b, "</li>\n");
	return 0;
}

/* The agreed moves as SAN in the output language, the plies of divergences marked. */
static int moves(hamle_buf *b, const rt_config *cfg, const hamle_reconcile *rc)
{
	size_t n, nd = hamle_reconcile_count(rc);
	const hamle_move *mv = hamle_reconcile_moves(rc, &n);
	hamle_position *pos = NULL;
	if (hamle_position_copy(&pos, hamle_reconcile_start(rc)) < 0)
		return -1;
	hamle_buf_puts(b, "<p class=\"moves\">");
	size_t k = 0; /* divergences are in the order of their plies */
	for (size_t p = 0; p < n; p++) {
		char san[HAMLE_SAN_MAX];
		bool white = hamle_position_side(pos) == HAMLE_WHITE;
		if (white || p == 0)
			hamle_buf_printf(b, "%s%d%s ", p ? " " : "", hamle_position_fullmove(pos), white ? "." : "...");
		else
			hamle_buf_putc(b, ' ');
		if (hamle_san_format(san, sizeof(san), pos, cfg->wopts.locale, mv[p], HAMLE_FORM_SAN) < 0)
			san[0] = '\0';
		while (k < nd && (hamle_reconcile_at(rc, k)->ply < p + 1 || !rt_kept(cfg, hamle_reconcile_at(rc, k))))
			k++;
		bool marked = k < nd && hamle_reconcile_at(rc, k)->ply == p + 1;
		hamle_buf_puts(b, marked ? "<mark class=\"fail\">" : "");
		hamle_html_text(b, san);
		hamle_buf_puts(b, marked ? "</mark>" : "");
		hamle_position_play(pos, mv[p]);
	}
	hamle_buf_printf(b, " %s</p>\n", hamle_result_string(hamle_reconcile_result(rc)));
	hamle_position_free(pos);
	return 0;
}

int rt_html_pair(const rt_config *cfg, const hamle_reconcile *rc, const hamle_game *a, const hamle_game *b,
	hamle_buf *out, rt_html_counts *counts)
{
	size_t nd = hamle_reconcile_count(rc);
	if (!rt_kept_count(cfg, rc))
		return 0;
	char codes[256] = "";
	size_t len = 0;
	for (size_t i = 0; i < nd; i++) {
		if (!rt_kept(cfg, hamle_reconcile_at(rc, i)))
			continue;
		const char *id = hamle_reconcile_at(rc, i)->id;
		rt_html_count(counts, id, hamle_reconcile_at(rc, i)->stops);
		char padded[64];
		snprintf(padded, sizeof(padded), " %s ", id);
		char have[sizeof(codes) + 2];
		snprintf(have, sizeof(have), " %s ", codes);
		if (strstr(have, padded))
			continue;
		int w = snprintf(codes + len, sizeof(codes) - len, "%s%s", len ? " " : "", id);
		if (w > 0 && (size_t)w < sizeof(codes) - len)
			len += (size_t)w;
	}
	hamle_html_game_open(out, cfg->messages, a, hamle_game_index(a), codes);
	const char *src = hamle_game_source(b);
	hamle_buf_puts(out, "<p class=\"tags\"><span>");
	hamle_html_word(out, cfg->messages, "html_sheet_b", "sheet B");
	hamle_buf_puts(out, ": ");
	hamle_html_text(out, src ? src : "<stdin>");
	hamle_buf_printf(out, " (%zu)</span></p>\n<ol class=\"findings\">\n", hamle_game_index(b));
	for (size_t i = 0; i < nd; i++) {
		const hamle_divergence *d = hamle_reconcile_at(rc, i);
		if (rt_kept(cfg, d) && divergence(out, cfg, rc, d->sheet == HAMLE_SHEET_B ? b : a, d) < 0)
			return -1;
	}
	hamle_buf_puts(out, "</ol>\n");
	if (moves(out, cfg, rc) < 0)
		return -1;
	hamle_html_game_close(out);
	return hamle_buf_failed(out) ? -1 : 0;
}
