/* reader_fork.c: reading one mapped input with several readers at once. A fork reads the input
 * from a later game's first byte; the reader that reads up to that point then takes on the fork's
 * end state (hamle_reader_join) when it stops exactly where the fork started, in the state the fork
 * assumed there, so that every game, line and column comes out as one reader alone would give
 * them. */
#include <string.h>

#include "error_internal.h"
#include "pgn/reader_internal.h"

int hamle_reader_set_input_mapped_from(hamle_reader *r, const void *data, size_t len, size_t start,
	hamle_done_fn done, void *payload, const char *source)
{
	if (!r || !data || start == 0 || start >= len)
		return HAMLE_EUSAGE;
	int rc = hamle_reader_set_input_mapped(r, data, len, done, payload, source);
	if (rc < 0)
		return rc;
	/* as after a blank line: the splitter's state at a game's first byte there */
	r->view_base = r->fork_start = start;
	r->line_blank = r->prev_blank = 1;
	r->last_cr = ((const unsigned char *)data)[start - 1] == '\r';
	return HAMLE_OK;
}

int hamle_reader_set_stop(hamle_reader *r, size_t stop)
{
	if (!r)
		return HAMLE_EUSAGE;
	r->stop = stop;
	r->stopped = 0;
	return HAMLE_OK;
}

int hamle_reader_stopped(const hamle_reader *r)
{
	return r && r->stopped;
}

int hamle_reader_join(hamle_reader *r, const hamle_reader *f, size_t *game_base, size_t *line_base)
{
	if (!r || !f || !game_base || !line_base)
		return HAMLE_EUSAGE;
	/* r stopped at a game's first byte, in the state a fork starts from: between games, at a
	 * line's start after a blank line, nothing held for the game */
	if (!r->stopped || !f->fork_start || r->kind != IN_MAPPED || f->map != r->map || r->in_game || r->pending ||
	    r->view_base + r->pos != f->fork_start || r->state != S_NORMAL || !r->line_blank || !r->prev_blank ||
	    r->ls != r->pos || r->ls_col != 1 || r->held_len || r->carry || r->bom_end == f->fork_start ||
	    f->kind != IN_MAPPED || !f->started)
		return 0;
	size_t lb = r->line - 1, gb = r->g_index;
	*game_base = gb;
	*line_base = lb;
	r->view = f->view;
	r->vlen = f->vlen;
	r->pos = f->pos;
	r->span = f->span;
	r->view_base = f->view_base;
	r->eof = f->eof;
	r->line = f->line + lb;
	r->ls = f->ls;
	r->ls_col = f->ls_col;
	r->last_cr = f->last_cr;
	r->line_blank = f->line_blank;
	r->prev_blank = f->prev_blank;
	r->fast_wait = f->fast_wait;
	r->state = f->state;
	r->ret_state = f->ret_state;
	r->in_game = f->in_game;
	r->pending = f->pending;
	r->has_movetext = f->has_movetext;
	r->tag_string = f->tag_string;
	r->has_words = f->has_words;
	r->has_tag = f->has_tag;
	r->ended = f->ended;
	r->bom_ret = f->bom_ret;
	r->bom_got = f->bom_got;
	r->bom_count = f->bom_count;
	r->bom_end = f->bom_end;
	r->bom_line = f->bom_line + lb;
	memcpy(r->held, f->held, sizeof(r->held));
	r->held_len = f->held_len;
	r->held_line = f->held_line + lb;
	r->held_offset = f->held_offset;
	r->depth = f->depth;
	r->word_len = f->word_len;
	memcpy(r->word, f->word, sizeof(r->word));
	r->g_line = f->g_line + lb;
	r->g_col = f->g_col;
	r->g_offset = f->g_offset;
	r->g_index = f->g_index + gb;
	r->chunk_len = 0;
	r->vchunk = NULL;
	r->chunk_flags = 0;
	r->cand_line = f->cand_line + lb;
	r->cand_col = f->cand_col;
	r->cand_offset = f->cand_offset;
	r->carry = f->carry;
	r->comment_odd = f->comment_odd;
	r->text_odd = f->text_odd;
	r->sheet = f->sheet;
	r->nkeys = f->nkeys;
	memcpy(r->keys, f->keys, sizeof(r->keys));
	r->stopped = f->stopped;
	if (r->done) /* a view of the fork's: nothing before it is read again */
		r->done(r->payload, r->view_base);
	return 1;
}
