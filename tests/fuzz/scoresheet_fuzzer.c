/* scoresheet_fuzzer.c: the input as a file of typed scoresheets through the reader, with every
 * shipped locale's header patterns, keys and dates, the way every tool reads one. Checks: every
 * token and tag of every game lies inside the input and inside its game; no token starts inside
 * a header line the lexer skipped (a tag's line holds no token before its value); hamle_reader_next
 * (the reader's own built-in locales) reads the same games; and, for input without 0xEF (a byte
 * order mark's first byte), the chunks are the same whether the input comes as one buffer or a
 * few bytes at a time (the splitter peeks at a sheet line's start across blocks). abort()
 * otherwise. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_game(const hamle_game *g, const hamle_chunk *c, size_t size)
{
	size_t tlen;
	const char *text = hamle_game_text(g, &tlen);
	const hamle_token *t = hamle_game_tokens(g);
	for (size_t i = 0; i < hamle_game_token_count(g); i++) {
		if (t[i].text < text || t[i].text + t[i].len > text + tlen)
			abort();
		if (t[i].offset > size || t[i].offset < c->offset || t[i].line < c->line || t[i].column == 0)
			abort();
	}
	for (size_t i = 0; i < hamle_game_tag_count(g); i++) {
		const hamle_tag *tag = hamle_game_tag_at(g, i);
		if (strlen(tag->value) != tag->value_len || tag->offset >= size + 1 || tag->line < c->line)
			abort();
		if (!(c->flags & HAMLE_CHUNK_SCORESHEET))
			continue;
		/* a header line: no token on it but the value of a result line (which gives the tags
		 * Result and ResultOriginal, the result as written) */
		for (size_t k = 0; k < hamle_game_token_count(g); k++)
			if (t[k].line == tag->line && t[k].kind != HAMLE_TOKEN_RESULT && t[k].offset >= tag->offset &&
			    strcmp(tag->name, "Result") != 0 && strcmp(tag->name, "ResultOriginal") != 0)
				abort();
	}
}

struct pieces {
	const uint8_t *data;
	size_t size, at, step;
};

static int read_pieces(void *payload, unsigned char *buf, size_t size, size_t *got)
{
	struct pieces *p = payload;
	size_t n = p->size - p->at;
	if (n > p->step)
		n = p->step;
	if (n > size)
		n = size;
	memcpy(buf, p->data + p->at, n);
	p->at += n;
	*got = n;
	return 0;
}

#define MAX_CHUNKS 64
struct chunk_copy {
	size_t len, line, column, offset, game;
	unsigned flags;
	uint64_t hash;
};

static uint64_t hash_of(const unsigned char *d, size_t n)
{
	uint64_t h = 14695981039346656037ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ d[i]) * 1099511628211ull;
	return h;
}

/* The first MAX_CHUNKS chunks of r; returns their count. */
static size_t chunks_of(hamle_reader *r, struct chunk_copy *out)
{
	size_t n = 0;
	hamle_chunk c;
	while (n < MAX_CHUNKS && hamle_reader_next_chunk(r, &c) == HAMLE_OK)
		out[n++] = (struct chunk_copy){ c.len, c.line, c.column, c.offset, c.game, c.flags, hash_of(c.data, c.len) };
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
	o.sheet_locales = fuzz_locales(&o.n_sheet_locales);
	o.max_game_bytes = size && (data[0] & 1) ? 128 : 0;
	hamle_reader *r = NULL, *r2 = NULL;
	if (hamle_reader_new(&r, &o) != 0)
		abort();
	hamle_reader_options o2 = o;
	o2.sheet_locales = NULL;
	o2.n_sheet_locales = 0;
	if (hamle_reader_new(&r2, &o2) != 0)
		abort();
	hamle_reader_set_input_buffer(r, data, size, "fuzz");
	hamle_reader_set_input_buffer(r2, data, size, "fuzz");
	hamle_game *g = NULL, *g2 = NULL;
	hamle_chunk c;
	while (hamle_reader_next_chunk(r, &c) == HAMLE_OK) {
		if (hamle_game_parse(&g, &c, &o) != 0)
			break;
		check_game(g, &c, size);
		if (hamle_reader_next_reuse(r2, &g2) != HAMLE_OK)
			abort();
		if (hamle_game_tag_count(g2) != hamle_game_tag_count(g) ||
		    hamle_game_token_count(g2) != hamle_game_token_count(g) ||
		    hamle_game_finding_count(g2) != hamle_game_finding_count(g))
			abort();
	}
	hamle_game_free(g);
	hamle_game_free(g2);
	hamle_reader_free(r);
	hamle_reader_free(r2);

	if (!memchr(data, 0xEF, size)) {
		static struct chunk_copy whole[MAX_CHUNKS], cut[MAX_CHUNKS];
		struct pieces p = { data, size, 0, size ? (size_t)(data[size - 1] % 7) + 1 : 1 };
		if (hamle_reader_new(&r, &o) != 0 || hamle_reader_new(&r2, &o) != 0)
			abort();
		hamle_reader_set_input_buffer(r, data, size, "fuzz");
		hamle_reader_set_input(r2, read_pieces, &p, "fuzz");
		size_t n = chunks_of(r, whole);
		if (chunks_of(r2, cut) != n)
			abort();
		for (size_t i = 0; i < n; i++)
			if (whole[i].len != cut[i].len || whole[i].line != cut[i].line || whole[i].column != cut[i].column ||
			    whole[i].offset != cut[i].offset || whole[i].game != cut[i].game ||
			    whole[i].flags != cut[i].flags || whole[i].hash != cut[i].hash)
				abort();
		hamle_reader_free(r);
		hamle_reader_free(r2);
	}
	return 0;
}
