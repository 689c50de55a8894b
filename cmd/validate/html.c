/* html.c: a game's section of the --html report (cmd/common/output/html.h), made by the worker with
 * the game's findings: the findings that --format json would print (every one, in the messages
 * language, with its suggestions and the board before its move), then the movetext with the
 * moves the findings are about highlighted. The main thread writes the sections in input order;
 * the report holds no game. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "html.h"
#include "validate.h"

/* Whether f is shown in the report: as in JSON (every error; the warnings -q and the code
 * filters keep). */
static bool shown(const vd_config *cfg, const hamle_diagnostic *f)
{
	return hamle_code_filter_keeps(&cfg->codes, f->id, f->severity) && hamle_finding_shown(&cfg->view, f);
}

static const char *code_of(const hamle_diagnostic *f)
{
	return f->id ? f->id : hamle_status_id(f->error.code);
}

/* The bridges of a missing-moves finding, each as its numbered moves: "31... Kf8 32. Qh7". */
static void bridges(hamle_buf *b, const vd_config *cfg, const hamle_replay *rp, const hamle_diagnostic *f)
{
	size_t nb = 0;
	const hamle_bridge *br = f->id && strcmp(f->id, "missing-moves") == 0 ? hamle_replay_bridges(rp, &nb) : NULL;
	if (!br || !nb)
		return;
	char text[HAMLE_BRIDGES_MAX][HAMLE_BRIDGE_PLIES_MAX * (HAMLE_SAN_TEXT_MAX + 16)];
	const char *texts[HAMLE_BRIDGES_MAX];
	size_t n = 0;
	for (size_t i = 0; i < nb && i < HAMLE_BRIDGES_MAX; i++) {
		size_t len = 0;
		unsigned number = br[i].move_number;
		int side = br[i].side;
		text[n][0] = '\0';
		for (unsigned k = 0; k < br[i].n && k < HAMLE_BRIDGE_PLIES_MAX; k++) {
			size_t room = sizeof(text[n]) - len;
			int w;
			if (side == HAMLE_WHITE)
				w = snprintf(text[n] + len, room, "%s%u. %s", k ? " " : "", number, br[i].move[k].san);
			else if (k == 0)
				w = snprintf(text[n] + len, room, "%u... %s", number, br[i].move[k].san);
			else
				w = snprintf(text[n] + len, room, " %s", br[i].move[k].san);
			if (w < 0 || (size_t)w >= room)
				break;
			len += (size_t)w;
			if (side == HAMLE_BLACK)
				number++;
			side = side == HAMLE_WHITE ? HAMLE_BLACK : HAMLE_WHITE;
		}
		texts[n] = text[n];
		n++;
	}
	hamle_html_bridges(b, cfg->messages, texts, n);
}

/* The arrows of finding f's board into arrows (room for HAMLE_BRIDGE_PLIES_MAX +
 * HAMLE_MAX_SUGGESTIONS): a missing-moves finding's first bridge when it goes before f's move (the
 * board is the position before it), the first one the top arrow; then its suggestions. */
static size_t finding_arrows(const hamle_replay *rp, const hamle_diagnostic *f, hamle_html_arrow *arrows)
{
	size_t n = 0, nb = 0;
	const hamle_bridge *br = f->id && strcmp(f->id, "missing-moves") == 0 ? hamle_replay_bridges(rp, &nb) : NULL;
	for (unsigned k = 0; br && nb && br[0].token == f->token && k < br[0].n && k < HAMLE_BRIDGE_PLIES_MAX; k++) {
		int from, to;
		hamle_diagram_squares(br[0].move[k].move, &from, &to);
		if (from != HAMLE_NO_SQUARE && from != to)
			arrows[n++] = (hamle_html_arrow){from, to};
	}
	for (unsigned i = 0; i < f->n_suggestions && i < HAMLE_MAX_SUGGESTIONS; i++) {
		int from, to;
		hamle_diagram_squares(f->suggestion[i].move, &from, &to);
		if (from != HAMLE_NO_SQUARE && from != to)
			arrows[n++] = (hamle_html_arrow){from, to};
	}
	return n;
}

#define VD_BOARD_GROUP 4 /* findings whose arrows one shared board draws at most */

/* Finding f; its board is drawn for the findings grp[0..ngrp) at the same position, f the last of
 * them (ngrp 0: the board is drawn with a later finding's). */
static void finding(hamle_buf *b, const vd_config *cfg, const hamle_game *g, const hamle_replay *rp,
	const hamle_diagnostic *f, const hamle_diagnostic *const *grp, size_t ngrp)
{
	bool error = f->severity == HAMLE_SEVERITY_ERROR;
	hamle_buf_printf(b, "<li class=\"finding %s\" data-code=\"", error ? "error" : "warning");
	hamle_html_text(b, code_of(f));
	hamle_buf_puts(b, "\"><span class=\"code\">");
	hamle_html_text(b, code_of(f));
	hamle_buf_puts(b, "</span><span class=\"msg\">");
	hamle_buf line;
	hamle_buf_init(&line);
	hamle_finding_text(&line, cfg->messages, g, f);
	if (line.len && line.data[line.len - 1] == '\n')
		line.len--;
	if (!hamle_buf_failed(&line))
		hamle_html_escape(b, line.data, line.len);
	else
		b->oom = true;
	hamle_buf_free(&line);
	hamle_buf_puts(b, "</span>\n");
	if (f->n_suggestions) {
		hamle_buf_puts(b, "<p class=\"sugg\">");
		hamle_html_word(b, cfg->messages, "html_suggestions", "suggestions");
		hamle_buf_puts(b, ":");
		for (unsigned i = 0; i < f->n_suggestions && i < HAMLE_MAX_SUGGESTIONS; i++) {
			hamle_buf_puts(b, i ? ", <b>" : " <b>");
			hamle_html_text(b, f->suggestion[i].san);
			hamle_buf_puts(b, "</b> (");
			hamle_html_text(b, f->suggestion[i].uci);
			hamle_buf_putc(b, ')');
		}
		hamle_buf_puts(b, "</p>\n");
	}
	bridges(b, cfg, rp, f);
	hamle_position *pos = NULL;
	if (ngrp && f->fen[0] && hamle_position_new(&pos, f->fen, NULL) == HAMLE_OK) {
		/* the findings at this position share it, their arrows in their order: a missing-moves
		 * finding's bridge (before its error) is the top arrow, not the error's suggestion */
		hamle_html_arrow arrows[VD_BOARD_GROUP * (HAMLE_BRIDGE_PLIES_MAX + HAMLE_MAX_SUGGESTIONS)];
		size_t n = 0;
		for (size_t k = 0; k < ngrp; k++)
			n += finding_arrows(rp, grp[k], arrows + n);
		char last[HAMLE_SAN_TEXT_MAX] = "";
		if (f->token != (size_t)-1)
			hamle_diagram_last_move(last, sizeof(last), g, hamle_replay_moves(rp), f->token);
		if (ngrp > 1)
			hamle_buf_printf(b, "<div class=\"shared\" data-findings=\"%zu\">", ngrp);
		hamle_html_board(b, cfg->messages, pos, arrows, n, last);
		if (ngrp > 1)
			hamle_buf_puts(b, "</div>\n");
	}
	hamle_position_free(pos);
	hamle_buf_puts(b, "</li>\n");
}

/* The severity of the finding about token i that is shown (0 none, else the worst). */
static int token_mark(const vd_config *cfg, const hamle_replay *rp, size_t i)
{
	int mark = 0;
	for (size_t k = 0; k < hamle_replay_finding_count(rp); k++) {
		const hamle_diagnostic *f = hamle_replay_finding(rp, k);
		if (f->token == i && shown(cfg, f) && (int)f->severity > mark)
			mark = (int)f->severity;
	}
	return mark;
}

static void movetext(hamle_buf *b, const vd_config *cfg, const hamle_game *g, const hamle_replay *rp)
{
	size_t n = hamle_game_token_count(g);
	const hamle_token *t = hamle_game_tokens(g);
	const hamle_replay_move *mv = hamle_replay_moves(rp);
	/* the tokens findings are about: a mark per token, looked up once */
	size_t first = (size_t)-1, last = 0;
	for (size_t k = 0; k < hamle_replay_finding_count(rp); k++) {
		const hamle_diagnostic *f = hamle_replay_finding(rp, k);
		if (f->token != (size_t)-1 && f->token < n && shown(cfg, f)) {
			first = f->token < first ? f->token : first;
			last = f->token > last ? f->token : last;
		}
	}
	hamle_buf_puts(b, "<p class=\"moves\">");
	for (size_t i = 0; i < n; i++) {
		if (i)
			hamle_buf_putc(b, ' ');
		int mark = first != (size_t)-1 && i >= first && i <= last ? token_mark(cfg, rp, i) : 0;
		const char *open = "", *close = "";
		switch (t[i].kind) {
		case HAMLE_TOKEN_MOVE:
			if (mark) {
				open = mark == HAMLE_SEVERITY_ERROR ? "<mark class=\"fail\">" : "<mark class=\"warn\">";
				close = "</mark>";
			} else if (mv && (mv[i].flags & HAMLE_RM_SKIPPED)) {
				open = "<span class=\"skip\">";
				close = "</span>";
			}
			break;
		case HAMLE_TOKEN_COMMENT: open = "<span class=\"cm\">{"; close = "}</span>"; break;
		case HAMLE_TOKEN_VAR_START:
		case HAMLE_TOKEN_VAR_END: open = "<span class=\"var\">"; close = "</span>"; break;
		default: break;
		}
		hamle_buf_puts(b, open);
		hamle_html_escape(b, t[i].text, t[i].len);
		hamle_buf_puts(b, close);
	}
	hamle_buf_puts(b, "</p>\n");
}

void vd_format_html_valid(hamle_buf *b, const vd_config *cfg, const char *source, size_t first, size_t n)
{
	/* collapsed: a line per game inside, "SRC: game N: valid" */
	const char *src = source ? source : "<stdin>";
	hamle_buf_puts(b, "<details class=\"valid-games\" data-file=\"");
	hamle_html_text(b, src);
	hamle_buf_printf(b, "\" data-games=\"%zu\"><summary>", n);
	hamle_html_text(b, src);
	hamle_buf_puts(b, ": ");
	hamle_html_word(b, cfg->messages, "game", "game");
	hamle_buf_printf(b, n > 1 ? " %zu\xE2\x80\x93%zu: " : " %zu: ", first, first + n - 1);
	hamle_html_word(b, cfg->messages, "html_valid", "valid");
	hamle_buf_puts(b, "</summary><ol>");
	for (size_t k = 0; k < n; k++) {
		hamle_buf_printf(b, "<li class=\"valid-game\">");
		hamle_html_text(b, src);
		hamle_buf_puts(b, ": ");
		hamle_html_word(b, cfg->messages, "game", "game");
		hamle_buf_printf(b, " %zu</li>", first + k);
	}
	hamle_buf_puts(b, "</ol></details>\n");
}

void vd_format_html(hamle_buf *b, const vd_config *cfg, const hamle_game *g, const hamle_replay *rp,
	const hamle_diagnostic *undecided)
{
	size_t n = hamle_replay_finding_count(rp), count = undecided ? 1 : 0;
	char codes[HAMLE_CLI_MAX_CODES * 24] = "";
	size_t len = 0;
	uint64_t seen = 0;
	for (size_t i = 0; i <= n; i++) {
		const hamle_diagnostic *f = i < n ? hamle_replay_finding(rp, i) : undecided;
		if (!f || (i < n && !shown(cfg, f)))
			continue;
		count += i < n;
		int k = hamle_code_index(code_of(f));
		if (k >= 0 && (seen & ((uint64_t)1 << k)))
			continue;
		if (k >= 0)
			seen |= (uint64_t)1 << k;
		int w = snprintf(codes + len, sizeof(codes) - len, "%s%s", len ? " " : "", code_of(f));
		if (w > 0 && (size_t)w < sizeof(codes) - len)
			len += (size_t)w;
	}
	if (!count)
		return;
	hamle_html_game_open(b, cfg->messages, g, hamle_game_index(g), codes);
	hamle_buf_puts(b, "<ol class=\"findings\">\n");
	if (undecided)
		finding(b, cfg, g, rp, undecided, &undecided, 1);
	/* findings in a row at the same position share one board, drawn with the last of them */
	const hamle_diagnostic *grp[VD_BOARD_GROUP];
	size_t ngrp = 0;
	for (size_t i = 0; i < n; i++) {
		const hamle_diagnostic *f = hamle_replay_finding(rp, i);
		if (!shown(cfg, f))
			continue;
		const hamle_diagnostic *next = NULL;
		for (size_t j = i + 1; j < n && !next; j++)
			if (shown(cfg, hamle_replay_finding(rp, j)))
				next = hamle_replay_finding(rp, j);
		if (ngrp == VD_BOARD_GROUP)
			ngrp = 0; /* a long run: a board for every few */
		grp[ngrp++] = f;
		if (f->fen[0] && next && ngrp < VD_BOARD_GROUP && strcmp(next->fen, f->fen) == 0) {
			finding(b, cfg, g, rp, f, grp, 0);
			continue;
		}
		finding(b, cfg, g, rp, f, grp, ngrp);
		ngrp = 0;
	}
	hamle_buf_puts(b, "</ol>\n");
	movetext(b, cfg, g, rp);
	hamle_html_game_close(b);
}
