/* reader.c: the reader's life, its input read in blocks, the chunk of the game being split (the
 * splitter itself is split.c), and the games handed out. Memory: one input block plus one game
 * (capped). */
#include <stdlib.h>
#include <string.h>

#include "error_internal.h"
#include "pgn/reader_internal.h"

int hamle_reader_new(hamle_reader **out, const hamle_reader_options *opts)
{
	if (!out)
		return HAMLE_EUSAGE;
	*out = NULL;
	if (opts && opts->version != HAMLE_READER_OPTIONS_VERSION && opts->version != 2)
		return HAMLE_EUSAGE;
	hamle_reader *r = calloc(1, sizeof(*r));
	if (!r)
		return HAMLE_ENOMEM;
	pgn_limits_resolve(&r->lim, opts);
	if ((r->lim.flags & HAMLE_READ_REPAIR_TR) && !r->lim.repair) {
		int rc = hamle_locale_load_builtin(&r->repair, "tr", NULL);
		if (rc < 0) {
			free(r);
			return rc;
		}
		r->lim.repair = r->repair;
	}
	r->line = r->ls_col = 1;
	r->line_blank = 1;
	r->stop = SIZE_MAX;
	*out = r;
	return HAMLE_OK;
}

void hamle_reader_free(hamle_reader *r)
{
	if (!r)
		return;
	free(r->source);
	free(r->block);
	free(r->chunk);
	hamle_locale_free(r->repair);
	for (size_t i = 0; i < r->n_sheet; i++)
		hamle_locale_free(r->sheet_owned[i]);
	free(r);
}

const hamle_error *hamle_reader_error(const hamle_reader *r)
{
	return r ? &r->err : NULL;
}

static int set_source(hamle_reader *r, const char *source, int kind)
{
	if (r->kind != IN_NONE)
		return hamle_error_set(&r->err, HAMLE_EUSAGE, "the reader already has an input");
	size_t n = strlen(source ? source : "<input>");
	r->source = malloc(n + 1);
	if (!r->source)
		return HAMLE_ENOMEM;
	memcpy(r->source, source ? source : "<input>", n + 1);
	r->err.source = r->source;
	r->kind = kind;
	if (kind != IN_BUFFER && kind != IN_MAPPED && !(r->block = malloc(BLOCK_SIZE)))
		return HAMLE_ENOMEM;
	return 0;
}

int hamle_reader_set_input_file(hamle_reader *r, FILE *f, const char *source)
{
	if (!r || !f)
		return HAMLE_EUSAGE;
	int rc = set_source(r, source, IN_FILE);
	r->f = f;
	return rc;
}

int hamle_reader_set_input_buffer(hamle_reader *r, const void *data, size_t len, const char *source)
{
	if (!r || (!data && len))
		return HAMLE_EUSAGE;
	int rc = set_source(r, source, IN_BUFFER);
	r->view = data ? data : (const void *)"";
	r->vlen = len;
	r->eof = 1;
	return rc;
}

int hamle_reader_set_input(hamle_reader *r, hamle_read_fn fn, void *payload, const char *source)
{
	if (!r || !fn)
		return HAMLE_EUSAGE;
	int rc = set_source(r, source, IN_FN);
	r->fn = fn;
	r->payload = payload;
	return rc;
}

int hamle_reader_set_input_mapped(hamle_reader *r, const void *data, size_t len, hamle_done_fn done,
	void *payload, const char *source)
{
	if (!r || (!data && len))
		return HAMLE_EUSAGE;
	int rc = set_source(r, source, IN_MAPPED);
	r->map = data ? data : (const void *)"";
	r->map_len = len;
	r->map_slice = MAP_SLICE;
	r->done = done;
	r->payload = payload;
	return rc;
}

/* The next slice of a mapped input: it follows the view in memory, so a chunk in the view goes on
 * into it uncopied. */
static void map_slice(hamle_reader *r)
{
	size_t at = r->view_base, n = r->map_len - at;
	r->view = r->map + at;
	r->vlen = n < r->map_slice ? n : r->map_slice;
	if (r->vlen == n)
		r->eof = 1;
	if (r->done)
		r->done(r->payload, r->vchunk ? (size_t)(r->vchunk - r->map) : at);
}

static int read_some(hamle_reader *r, unsigned char *buf, size_t size, size_t *got)
{
	*got = 0;
	if (r->kind == IN_FILE) {
		*got = fread(buf, 1, size, r->f);
		if (*got == 0 && ferror(r->f))
			return hamle_error_set(&r->err, HAMLE_EIO, "reading %s failed", r->source);
		return 0;
	}
	if (r->fn(r->payload, buf, size, got) < 0 || *got > size)
		return hamle_error_set(&r->err, HAMLE_EIO, "reading %s failed", r->source);
	return 0;
}

int pgn_reader_refill(hamle_reader *r)
{
	if (r->kind != IN_MAPPED)
		pgn_chunk_own(r);
	if (r->vlen) {
		r->ls_col = pgn_col_at(r, r->vlen);
		r->ls = 0;
		r->last_cr = r->view[r->vlen - 1] == '\r';
	}
	r->view_base += r->vlen;
	r->vlen = r->pos = r->span = 0;
	if (r->kind == IN_BUFFER) {
		r->eof = 1;
		return 0;
	}
	if (r->kind == IN_MAPPED) {
		map_slice(r);
		return 0;
	}
	size_t got = 0;
	do {
		size_t n;
		int rc = read_some(r, r->block + got, BLOCK_SIZE - got, &n);
		if (rc < 0)
			return rc;
		if (n == 0) {
			r->eof = 1;
			break;
		}
		got += n;
	} while (!r->started && got < 3);
	r->view = r->block;
	r->vlen = got;
	return 0;
}

int pgn_reader_peek(hamle_reader *r, size_t p, size_t need)
{
	r->pos = p;
	pgn_chunk_flush(r);
	if (r->kind == IN_BUFFER || r->eof)
		return 0;
	if (r->kind == IN_MAPPED) { /* the view grows over the mapping */
		size_t rest = r->map_len - r->view_base, want = p + need < rest ? p + need : rest;
		if (want > r->vlen)
			r->vlen = want;
		if (r->vlen == rest)
			r->eof = 1;
		return 0;
	}
	pgn_chunk_own(r);
	size_t keep = r->vlen - p;
	if (p) {
		/* p is on the current line: its column is known from the line's start */
		r->ls_col = pgn_col_at(r, p);
		r->ls = 0;
		r->last_cr = r->view[p - 1] == '\r';
		memmove(r->block, r->view + p, keep);
	}
	r->view = r->block;
	r->view_base += p;
	r->vlen = keep;
	r->pos = r->span = 0;
	while (r->vlen < need && r->vlen < BLOCK_SIZE) {
		size_t got;
		int rc = read_some(r, r->block + r->vlen, BLOCK_SIZE - r->vlen, &got);
		if (rc < 0)
			return rc;
		if (got == 0) {
			r->eof = 1;
			break;
		}
		r->vlen += got;
	}
	return 0;
}

void pgn_chunk_append(hamle_reader *r, const unsigned char *p, size_t n)
{
	pgn_chunk_own(r);
	size_t room = r->lim.max_game_bytes > r->chunk_len ? r->lim.max_game_bytes - r->chunk_len : 0;
	if (n > room) {
		n = room;
		r->chunk_flags |= HAMLE_CHUNK_OVERFLOW;
	}
	if (n == 0)
		return;
	if (r->chunk_len + n + 1 > r->chunk_cap) {
		size_t cap = r->chunk_cap ? r->chunk_cap : 4096;
		while (cap < r->chunk_len + n + 1)
			cap *= 2;
		unsigned char *c = realloc(r->chunk, cap);
		if (!c) { /* keep what we have; the game is reported over its limit */
			r->chunk_flags |= HAMLE_CHUNK_OVERFLOW;
			return;
		}
		r->chunk = c;
		r->chunk_cap = cap;
	}
	memcpy(r->chunk + r->chunk_len, p, n);
	r->chunk_len += n;
}

void pgn_chunk_own(hamle_reader *r)
{
	const unsigned char *v = r->vchunk;
	if (!v)
		return;
	size_t n = r->chunk_len;
	r->vchunk = NULL;
	r->chunk_len = 0;
	pgn_chunk_append(r, v, n); /* within max_game_bytes: flush took no more */
}

void pgn_chunk_flush(hamle_reader *r)
{
	if (r->in_game && r->pos > r->span) {
		const unsigned char *p = r->view + r->span;
		size_t n = r->pos - r->span;
		/* bytes that go on from the chunk's in the view (or start it): no copy */
		if ((r->vchunk ? r->vchunk + r->chunk_len == p : r->chunk_len == 0 && !r->chunk_flags) &&
		    n <= r->lim.max_game_bytes - r->chunk_len) {
			if (!r->vchunk)
				r->vchunk = p;
			r->chunk_len += n;
		} else {
			pgn_chunk_append(r, p, n);
		}
	}
	r->span = r->pos;
}

int hamle_reader_next_chunk(hamle_reader *r, hamle_chunk *out)
{
	if (!r || !out)
		return HAMLE_EUSAGE;
	if (r->kind == IN_NONE)
		return hamle_error_set(&r->err, HAMLE_EUSAGE, "the reader has no input");
	int rc = pgn_split(r);
	if (rc <= 0)
		return rc == 0 ? HAMLE_ITEROVER : rc;
	if (r->vchunk) {
		out->data = r->vchunk;
	} else {
		if (!r->chunk && !(r->chunk = malloc(r->chunk_cap = 4096)))
			return hamle_error_set(&r->err, HAMLE_ENOMEM, "out of memory");
		r->chunk[r->chunk_len] = '\0';
		out->data = r->chunk;
	}
	pgn_chunk_describe(r, out);
	return HAMLE_OK;
}

void pgn_chunk_describe(const hamle_reader *r, hamle_chunk *out)
{
	out->len = r->chunk_len;
	out->source = r->source;
	out->game = r->g_index;
	out->line = r->g_line;
	out->column = r->g_col;
	out->offset = r->g_offset;
	out->total_len = (r->carry ? r->cand_offset : r->held_len ? r->held_offset : r->view_base + r->pos) -
		r->g_offset;
	out->flags = r->chunk_flags | (r->bom_count ? HAMLE_CHUNK_BOM : 0) | (r->has_tag ? 0 : HAMLE_CHUNK_SCORESHEET) |
		(r->comment_odd ? 0 : HAMLE_CHUNK_PLAIN_COMMENTS) |
		(r->comment_odd || r->text_odd || r->bom_count || (r->chunk_flags & HAMLE_CHUNK_OVERFLOW) ? 0 : HAMLE_CHUNK_ASCII);
}

int hamle_reader_next_reuse(hamle_reader *r, hamle_game **inout)
{
	if (!r || !inout)
		return HAMLE_EUSAGE;
	hamle_chunk ch;
	int rc = hamle_reader_next_chunk(r, &ch);
	if (rc != HAMLE_OK)
		return rc;
	hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
	o.encoding = r->lim.encoding;
	o.flags = r->lim.flags;
	o.max_game_bytes = r->lim.max_game_bytes;
	o.max_comment_bytes = r->lim.max_comment_bytes;
	o.max_tag_bytes = r->lim.max_tag_bytes;
	o.max_depth = r->lim.max_depth;
	o.max_tokens = r->lim.max_tokens;
	o.max_findings = r->lim.max_findings;
	o.repair = r->lim.repair;
	o.messages = r->lim.messages;
	o.sheet_locales = r->lim.sheet_locales;
	o.n_sheet_locales = r->lim.n_sheet_locales;
	if ((ch.flags & HAMLE_CHUNK_SCORESHEET) && !o.sheet_locales) {
		/* every built-in locale, loaded once, at the first sheet */
		if (!r->n_sheet) {
			const char *tag;
			while (r->n_sheet < PGN_MAX_SHEET_LOCALES && (tag = hamle_locale_builtin_tag(r->n_sheet))) {
				if ((rc = hamle_locale_load_builtin(&r->sheet_owned[r->n_sheet], tag, NULL)) < 0)
					return hamle_error_set(&r->err, rc, "loading the built-in locale %s failed", tag);
				r->n_sheet++;
			}
		}
		o.sheet_locales = (const hamle_locale *const *)r->sheet_owned;
		o.n_sheet_locales = r->n_sheet;
	}
	rc = hamle_game_parse(inout, &ch, &o);
	if (rc < 0)
		return hamle_error_set(&r->err, rc, "out of memory");
	return HAMLE_OK;
}

int hamle_reader_next(hamle_reader *r, hamle_game **out)
{
	if (!out)
		return HAMLE_EUSAGE;
	*out = NULL;
	int rc = hamle_reader_next_reuse(r, out);
	if (rc != HAMLE_OK) {
		hamle_game_free(*out);
		*out = NULL;
	}
	return rc;
}

