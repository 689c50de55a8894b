/* writer.c: the writer object, its buffer, the helpers its forms share, and the choice of form.
 * PGN export (and its FIDE-form twin) is in writer_pgn.c, a failed game's rest in writer_failed.c,
 * the line forms in writer_line.c, JSON in json_game.c. See hamle/writer.h for the rules. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "notation/san_internal.h"
#include "error_internal.h"
#include "hamle/san.h"
#include "notation/locale_internal.h"
#include "write/writer_internal.h"
#include "replay/replay_internal.h"
#include "write/annotate_internal.h"

static const char *const format_names[] = { "pgn", "fide", "san", "lan", "uci", "spoken", "fen", "epd",
	"json" };

int hamle_write_format_parse(const char *name)
{
	for (int i = 0; name && i < (int)(sizeof(format_names) / sizeof(format_names[0])); i++)
		if (strcmp(name, format_names[i]) == 0)
			return i;
	return -1;
}

int hamle_writer_new(hamle_writer **out, const hamle_writer_options *opts)
{
	if (!out || !opts || (opts->version != HAMLE_WRITER_OPTIONS_VERSION && opts->version != 1) ||
	    opts->format < HAMLE_WRITE_PGN ||
	    opts->format > HAMLE_WRITE_JSON)
		return HAMLE_EUSAGE;
	int f = opts->format;
	if (!opts->locale && f != HAMLE_WRITE_UCI && f != HAMLE_WRITE_FEN && f != HAMLE_WRITE_EPD)
		return HAMLE_EUSAGE;
	hamle_writer *w = calloc(1, sizeof(*w));
	if (!w)
		return HAMLE_ENOMEM;
	if (opts->version == 1) { /* a caller built before shape and tag_order */
		memcpy(&w->opts, opts, offsetof(hamle_writer_options, shape));
		w->opts.version = HAMLE_WRITER_OPTIONS_VERSION;
	} else {
		w->opts = *opts;
	}
	if (!w->opts.line_width)
		w->opts.line_width = 80;
	if (w->opts.line_width > WR_LINE_MAX + 1)
		w->opts.line_width = WR_LINE_MAX + 1; /* PGN's longest line */
	switch (f) {
	case HAMLE_WRITE_FIDE: w->form = HAMLE_FORM_FIDE; break;
	case HAMLE_WRITE_LAN: w->form = HAMLE_FORM_LAN; break;
	case HAMLE_WRITE_UCI: w->form = HAMLE_FORM_UCI; break;
	case HAMLE_WRITE_SPOKEN: w->form = HAMLE_FORM_SPOKEN; break;
	default: w->form = HAMLE_FORM_SAN; break;
	}
	*out = w;
	return 0;
}

void hamle_writer_free(hamle_writer *w)
{
	if (!w)
		return;
	free(w->buf);
	free(w->stack);
	free(w);
}

const char *hamle_writer_output(const hamle_writer *w, size_t *len)
{
	if (len)
		*len = w ? w->len : 0;
	return w && w->buf ? w->buf : "";
}

void hamle_writer_reset(hamle_writer *w)
{
	if (!w)
		return;
	w->len = 0;
	w->oom = 0;
	w->col = 0;
	if (w->buf)
		w->buf[0] = '\0';
}

/* ---- buffer ---- */

int wr_grow(hamle_writer *w, size_t n)
{
	if (w->oom)
		return 0;
	size_t cap = w->cap ? w->cap : 4096;
	while (cap < w->len + n + 1)
		cap *= 2;
	char *b = realloc(w->buf, cap);
	if (!b) {
		w->oom = 1;
		return 0;
	}
	w->buf = b;
	w->cap = cap;
	return 1;
}

void wr_put(hamle_writer *w, const char *s, size_t n)
{
	if (!wr_reserve(w, n))
		return;
	memcpy(w->buf + w->len, s, n);
	w->len += n;
	w->buf[w->len] = '\0';
}

void wr_puts(hamle_writer *w, const char *s)
{
	wr_put(w, s, strlen(s));
}

void wr_putc(hamle_writer *w, char c)
{
	wr_put(w, &c, 1);
}

char *wr_decimal(char *end, unsigned long long v)
{
	do {
		*--end = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	return end;
}

void wr_uint(hamle_writer *w, unsigned long long v)
{
	char tmp[24];
	char *d = wr_decimal(tmp + sizeof(tmp), v);
	wr_put(w, d, (size_t)(tmp + sizeof(tmp) - d));
}

size_t wr_chars(const char *s, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			c++;
	return c;
}

wr_frame *wr_frame_at(hamle_writer *w, size_t d)
{
	if (d >= w->depth_cap) {
		size_t cap = w->depth_cap ? w->depth_cap * 2 : 8;
		while (cap <= d)
			cap *= 2;
		wr_frame *s = realloc(w->stack, cap * sizeof(*s));
		if (!s) {
			w->oom = 1;
			return NULL;
		}
		w->stack = s;
		w->depth_cap = cap;
	}
	return &w->stack[d];
}

int wr_start_ok(const hamle_replay *rp)
{
	return rp->start_ok;
}

size_t wr_stop_token(const hamle_game *g, const hamle_replay *rp)
{
	/* a game that could not be replayed (bad FEN, unsupported variant) has no start position to
	 * play its moves from: all of its movetext is written as the rest after the error */
	if (!wr_start_ok(rp))
		return 0;
	size_t n = hamle_game_token_count(g), first = hamle_replay_first_error(rp);
	return first < n ? first : n;
}

int wr_move(hamle_writer *w, const hamle_game *g, const hamle_replay *rp, size_t i,
	const struct hamle_position *pos, hamle_move *m)
{
	const hamle_replay_move *mv = hamle_replay_moves(rp);
	const hamle_token *t = &hamle_game_tokens(g)[i];
	if (mv && (mv[i].flags & HAMLE_RM_MOVE) && wr_move_fits(pos, mv[i].move)) {
		*m = mv[i].move;
		return 0;
	}
	hamle_error_clear(&w->stop_err);
	int rc = HAMLE_ERROR;
	const hamle_locale *loc = hamle_replay_locale(rp);
	if (loc && !(mv && (mv[i].flags & HAMLE_RM_ERROR)) && hamle_replay_first_error(rp) > i)
		rc = hamle_san_parse(m, pos, loc, t->text, t->value ? t->value : t->len, NULL, &w->stop_err);
	if (rc < 0) {
		w->stop_own = 1;
		w->stop_err.code = rc;
		w->stop_err.source = hamle_game_source(g);
		w->stop_err.game = hamle_game_index(g);
		w->stop_err.line = t->line;
		w->stop_err.column = t->column;
		w->stop_err.offset = t->offset;
		if (!w->stop_err.token[0]) {
			size_t k = t->len < sizeof(w->stop_err.token) - 1 ? t->len : sizeof(w->stop_err.token) - 1;
			memcpy(w->stop_err.token, t->text, k);
			w->stop_err.token[k] = '\0';
		}
	}
	return rc < 0 ? rc : 0;
}

void hamle_writer_annotate(hamle_writer *w, const hamle_annotator *a)
{
	if (w)
		w->annot = a;
}

const struct hamle_annotator *wr_annotations(const hamle_writer *w, const hamle_game *g)
{
	const hamle_annotator *a = w->annot;
	return a && a->active && a->game == g ? a : NULL;
}

const hamle_error *hamle_writer_stopped(const hamle_writer *w)
{
	return w && w->stop_own ? &w->stop_err : NULL;
}

const hamle_diagnostic *wr_stop_finding(const hamle_replay *rp, size_t stop)
{
	const hamle_diagnostic *any = NULL;
	for (size_t i = 0; i < hamle_replay_finding_count(rp); i++) {
		const hamle_diagnostic *d = hamle_replay_finding(rp, i);
		if (d->severity != HAMLE_SEVERITY_ERROR)
			continue;
		if (d->token == stop)
			return d;
		if (!any)
			any = d;
	}
	return any;
}

int hamle_writer_game(hamle_writer *w, const hamle_game *g, const hamle_replay *rp)
{
	if (!w || !g || !rp)
		return HAMLE_EUSAGE;
	switch (w->opts.format) {
	case HAMLE_WRITE_PGN:
	case HAMLE_WRITE_FIDE:
		return wr_pgn_game(w, g, rp);
	case HAMLE_WRITE_JSON:
		return wr_json_game(w, g, rp, 0);
	default:
		return wr_line_game(w, g, rp, 0);
	}
}

int hamle_writer_passthrough(hamle_writer *w, const hamle_game *g, const hamle_replay *rp)
{
	if (!w || !g)
		return HAMLE_EUSAGE;
	switch (w->opts.format) {
	case HAMLE_WRITE_PGN:
	case HAMLE_WRITE_FIDE: {
		size_t n;
		const char *text = hamle_game_text(g, &n);
		while (n > 0 && wr_is_space(text[n - 1]))
			n--;
		wr_put(w, text, n);
		wr_puts(w, "\n\n");
		return w->oom ? HAMLE_ENOMEM : 0;
	}
	case HAMLE_WRITE_JSON:
		return wr_json_game(w, g, rp, 1);
	default:
		return wr_line_game(w, g, rp, 1);
	}
}
