/* san_spoken.c: a move in words, for announcing moves to blind players (FIDE Laws, Appendix
 * D.2.1): "Springer Felix drei", "Bauer Eva nimmt David fuenf"... Files, ranks, castling and the
 * words come from the locale (spoken: section), piece names too ("At", "Vezir" in tr). */
#include <stdio.h>
#include <string.h>

#include "notation/san_internal.h"

struct words {
	char *buf;
	size_t size, len;
};

static void word(struct words *w, const char *s)
{
	size_t n = strlen(s);
	if (n == 0)
		return;
	if (w->len > 0) {
		if (w->len < w->size)
			w->buf[w->len] = ' ';
		w->len++;
	}
	if (w->len < w->size) {
		size_t room = w->size - w->len;
		memcpy(w->buf + w->len, s, n < room ? n : room);
	}
	w->len += n;
}

int san_format_spoken(char *buf, size_t size, const struct hamle_position *p,
	const struct hamle_locale *loc, hamle_move m)
{
	const struct hamle_loc_spoken *sp = &loc->spoken;
	struct words w = {buf, size, 0};
	int from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m), kind = HAMLE_MOVE_KIND(m);
	if (kind == HAMLE_MOVE_CASTLING) {
		word(&w, to > from ? sp->castle_short : sp->castle_long);
	} else {
		int type = PIECE_TYPE(p->board[from]);
		int captures = kind == HAMLE_MOVE_EN_PASSANT || p->board[to] != PIECE_NONE;
		int dis = type == HAMLE_PAWN ? (captures ? 1 : 0) : san_disambiguation(p, m);
		word(&w, sp->piece[type]);
		if (dis & 1)
			word(&w, sp->file[HAMLE_SQ_FILE(from)]);
		if (dis & 2)
			word(&w, sp->rank[HAMLE_SQ_RANK(from)]);
		if (captures)
			word(&w, sp->takes);
		word(&w, sp->file[HAMLE_SQ_FILE(to)]);
		word(&w, sp->rank[HAMLE_SQ_RANK(to)]);
		if (kind == HAMLE_MOVE_EN_PASSANT)
			word(&w, sp->en_passant);
		if (kind == HAMLE_MOVE_PROMOTION) {
			word(&w, sp->promotes);
			word(&w, sp->piece[HAMLE_MOVE_PROMO(m)]);
		}
	}
	int gives = san_gives_check(p, m);
	if (gives)
		word(&w, gives == 2 ? sp->mate : sp->check);
	if (size > 0)
		buf[w.len < size ? w.len : size - 1] = '\0';
	return (int)w.len;
}
