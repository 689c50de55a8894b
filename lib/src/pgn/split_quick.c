/* split_quick.c: a game whose end a caller found by reading it (the quick lane reads a plain game
 * straight from the reader's view, replay/quick_next.c), taken as the next chunk without the
 * splitter's pass over its bytes. The reader is left as the splitter leaves it after that game:
 * the same chunk, game number, line, column, offset and flags, and the same line state for what
 * follows. The caller vouches that the splitter would have cut the game there (reader_quick.h). */
#include "pgn/reader_quick.h"
#include "pgn/split_internal.h"

/* A game that starts less than this before the end of a stream's block is read after the block
 * is refilled (a plain game is rarely longer: TCEC's games, an engine comment on every move, 29 kB
 * in the median and 88 kB at the 99th percentile). */
#define QUICK_VIEW_MIN (BLOCK_SIZE / 4)

int pgn_reader_quick_peek(hamle_reader *r, const unsigned char **s, size_t *n, int *eof)
{
	/* between two games, in the splitter's plain state: no mark or tag held back for the next */
	if (!r || r->kind == IN_NONE || !r->started || r->held_len || r->carry || r->state != S_NORMAL ||
	    (r->in_game && !r->pending))
		return 0;
	const unsigned char *v = r->view;
	size_t p = r->pos, vl = r->vlen;
	/* the blanks and line ends before a game, as the splitter takes them */
	for (; p < vl; p++) {
		unsigned k = kls[v[p]];
		if (k == K_EOL)
			newline(r, p);
		else if (k != K_BLANK)
			break;
	}
	r->pos = p;
	if (p >= vl || v[p] != '[' || r->view_base + p >= r->stop)
		return 0;
	if (vl - p < QUICK_VIEW_MIN && !r->eof && r->kind != IN_MAPPED && r->kind != IN_BUFFER) {
		/* near the block's end: what is left moves to its start and more is read after it, so that
		 * the game is in the view whole (else the splitter takes it, and copies it) */
		if (r->pending)
			pgn_split_clear(r); /* as the splitter does first: the game handed out is done with */
		if (pgn_reader_peek(r, p, BLOCK_SIZE) < 0)
			return 0; /* the splitter meets the error again and reports it */
		v = r->view;
		p = r->pos;
		vl = r->vlen;
	}
	*s = v + p;
	*n = vl - p;
	*eof = r->eof || r->kind == IN_BUFFER; /* a buffer is one view */
	return 1;
}

int pgn_reader_quick_take(hamle_reader *r, size_t len, size_t lines, size_t ls, hamle_chunk *out)
{
	const unsigned char *v = r->view;
	size_t a = r->pos, e = a + len;
	if (!len || len > r->lim.max_game_bytes || len > r->vlen - a || ls >= len)
		return 0; /* over the limit: the splitter reports it */
	if (r->pending)
		pgn_split_clear(r);
	pgn_split_start_game(r, r->line, pgn_col_at(r, a), r->view_base + a);
	/* the line state the splitter leaves at e: its line holds the marker (not blank); prev_blank
	 * is read only while line_blank is 1, which the next line end sets after setting prev_blank */
	r->line_blank = 0;
	if (lines) {
		r->line += lines;
		r->ls = a + ls;
		r->ls_col = 1;
	}
	r->has_tag = r->has_movetext = r->has_words = 1;
	r->vchunk = v + a;
	r->chunk_len = len;
	r->pos = r->span = e;
	r->pending = 1;
	out->data = r->vchunk;
	pgn_chunk_describe(r, out);
	return 1;
}
