/* writer_line.c: the one-line forms (san, lan, uci, spoken: the mainline's moves on one line) and
 * the position forms (fen, epd: the start, then the position after each mainline ply). */
#include <string.h>

#include "notation/san_internal.h"
#include "hamle/san.h"
#include "write/writer_internal.h"

/* Writes the FEN (epd: its first four fields) of pos and a newline. */
static void position_line(hamle_writer *w, const struct hamle_position *pos)
{
	char fen[HAMLE_FEN_MAX];
	int n = hamle_position_fen(fen, sizeof(fen), pos, pos->chess960 ? HAMLE_FEN_SHREDDER : HAMLE_FEN_XFEN);
	if (n < 0)
		return;
	size_t len = strlen(fen);
	if (w->opts.format == HAMLE_WRITE_EPD) {
		int spaces = 0;
		for (size_t i = 0; i < len; i++)
			if (fen[i] == ' ' && ++spaces == 4) {
				len = i;
				break;
			}
	}
	wr_put(w, fen, len);
	wr_putc(w, '\n');
}

int wr_line_game(hamle_writer *w, const hamle_game *g, const hamle_replay *rp, int passthrough)
{
	int positions = w->opts.format == HAMLE_WRITE_FEN || w->opts.format == HAMLE_WRITE_EPD;
	if (passthrough || !rp) {
		if (!positions)
			wr_putc(w, '\n');
		return w->oom ? HAMLE_ENOMEM : 0;
	}
	const hamle_token *t = hamle_game_tokens(g);
	size_t stop = wr_stop_token(g, rp);
	w->stop_own = 0;
	struct hamle_position pos = *hamle_replay_start(rp);
	const char *sep = w->opts.format == HAMLE_WRITE_SPOKEN ? " ; " : " ";
	char buf[512];
	int first = 1;
	if (positions && wr_start_ok(rp))
		position_line(w, &pos);
	for (size_t i = 0; i < stop && !w->oom; i++) {
		if (t[i].kind != HAMLE_TOKEN_MOVE || t[i].depth != 0)
			continue;
		hamle_move m;
		if (wr_move(w, g, rp, i, &pos, &m) < 0)
			break;
		if (!positions) {
			/* UCI needs no notation (and the replay's move is legal: no check again) */
			int n = w->form == HAMLE_FORM_UCI ? hamle_move_uci(buf, sizeof(buf), &pos, m)
							  : san_format_legal(buf, sizeof(buf), &pos, w->opts.locale, m, w->form);
			if (!first)
				wr_puts(w, sep);
			if (n >= 0 && (size_t)n < sizeof(buf))
				wr_put(w, buf, (size_t)n);
			else
				wr_put(w, t[i].text, t[i].len);
			first = 0;
		}
		hamle_position_play(&pos, m);
		if (positions)
			position_line(w, &pos);
	}
	wr_putc(w, '\n');
	return w->oom ? HAMLE_ENOMEM : 0;
}
