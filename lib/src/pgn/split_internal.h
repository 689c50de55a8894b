/* split_internal.h: what the game splitter's files share (split.c: the byte loop; split_fast.c:
 * the 64-byte runs over words and comments). */
#ifndef HAMLE_SPLIT_INTERNAL_H
#define HAMLE_SPLIT_INTERNAL_H

#include <stddef.h>

#include "pgn/reader_internal.h"
#include "pgn/scan.h"

/* A line end (LF or CR) at view[p]: CR LF counts as one line end. */
static inline void newline(hamle_reader *r, size_t p)
{
	const unsigned char *v = r->view;
	r->ls = p + 1;
	r->ls_col = 1;
	if (v[p] == '\n' && (p ? v[p - 1] == '\r' : r->last_cr))
		return; /* the LF of a CR LF: the line already ended at the CR */
	r->line++;
	r->prev_blank = r->line_blank;
	r->line_blank = 1;
}
/* A game starts at line, col (offset in the input). */
static inline void pgn_split_start_game(hamle_reader *r, size_t line, size_t col, size_t offset)
{
	r->in_game = 1;
	r->g_line = line;
	r->g_col = col;
	r->g_offset = offset;
	r->g_index++;
}

/* The state of the game just handed out, cleared for the next one (r->pending). */
static inline void pgn_split_clear(hamle_reader *r)
{
	r->pending = 0;
	r->chunk_len = 0;
	r->vchunk = NULL;
	r->chunk_flags = 0;
	r->has_movetext = 0;
	r->has_words = 0;
	r->has_tag = 0;
	r->ended = 0;
	r->bom_count = 0;
	r->depth = 0;
	r->tag_string = 0;
	r->in_game = 0;
	r->state = S_NORMAL;
	r->sheet = SH_NONE;
	r->nkeys = 0;
	r->comment_odd = 0;
	r->text_odd = 0;
}

#ifdef PGN_SCAN_SSE2
/* A run shorter than this (in bytes) makes the byte loop take the next FAST_RUN_WAIT words. */
#define FAST_RUN_MIN 24
#define FAST_RUN_WAIT 8

/* S_NORMAL over the windows of 64 bytes that follow one another from view[p0] while only a
 * window's end stops the run (view[p0] on a word, in a game; 64 bytes readable). Returns the bytes
 * consumed. */
size_t pgn_split_fast_run(hamle_reader *r, const unsigned char *v, size_t p0);
#endif

#endif
