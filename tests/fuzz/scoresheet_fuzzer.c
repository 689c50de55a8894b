/* scoresheet_fuzzer.c: the input as a typed scoresheet file through the scoresheet front end with
 * every shipped locale (header patterns and keys), the way hamle-validate reads one: chunks from
 * hamle_scoresheet_next_chunk, parsed, offsets fixed. Checks: a rewritten chunk keeps its number
 * of lines; the whole input rewritten as one chunk keeps its lines and starts with one tag line per
 * header line; every token and tag of every game lies inside the input. abort() otherwise. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "hamle/scoresheet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t lines_of(const unsigned char *d, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		n += d[i] == '\n' || (d[i] == '\r' && !(i + 1 < len && d[i + 1] == '\n'));
	return n;
}

/* Rewriting one chunk: same number of lines; n header lines became n tag lines. */
static void check_rewrite(hamle_scoresheet *sc, const hamle_chunk *in)
{
	hamle_chunk out;
	int n = hamle_scoresheet_rewrite(sc, &out, in);
	if (n < 0)
		return;
	if (n == 0) {
		if (out.data != in->data || out.len != in->len)
			abort();
		return;
	}
	if (lines_of(out.data, out.len) != lines_of(in->data, in->len))
		abort();
	size_t tags = 0;
	for (size_t i = 0; i < out.len; i++) {
		size_t j = i;
		/* a byte order mark at a line start (files joined with cat) stays before its tag line */
		if (j >= 3 && out.data[j - 3] == 0xEF && out.data[j - 2] == 0xBB && out.data[j - 1] == 0xBF)
			j -= 3;
		if (out.data[i] == '[' && (j == 0 || out.data[j - 1] == '\n' || out.data[j - 1] == '\r' ||
		                           out.data[j - 1] == ' ' || out.data[j - 1] == '\t'))
			tags++;
	}
	if (tags < (size_t)n)
		abort();
	const size_t *offs = NULL;
	size_t game_off = 0;
	size_t k = hamle_scoresheet_last_offsets(sc, &game_off, &offs);
	if (k != (size_t)n || game_off != in->offset)
		abort();
	for (size_t i = 0; i < k; i++)
		if (offs[i] < in->offset || offs[i] >= in->offset + in->len)
			abort();
}

static void check_game(const hamle_game *g, size_t size)
{
	size_t tlen;
	const char *text = hamle_game_text(g, &tlen);
	const hamle_token *t = hamle_game_tokens(g);
	for (size_t i = 0; i < hamle_game_token_count(g); i++) {
		if (t[i].text < text || t[i].text + t[i].len > text + tlen)
			abort();
		if (t[i].offset > size || t[i].line == 0 || t[i].column == 0)
			abort();
	}
	for (size_t i = 0; i < hamle_game_tag_count(g); i++) {
		const hamle_tag *tag = hamle_game_tag_at(g, i);
		if (strlen(tag->value) != tag->value_len || tag->offset >= size + 1)
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t n_locales;
	const hamle_locale *const *locales = fuzz_locales(&n_locales);
	hamle_scoresheet *sc = NULL;
	if (hamle_scoresheet_new(&sc, locales, n_locales) != 0)
		abort();

	int only = 0;
	size_t nh = hamle_scoresheet_headers(sc, data, size, &only);
	if (nh > size)
		abort();
	hamle_chunk whole = fuzz_whole_chunk(data, size);
	check_rewrite(sc, &whole);

	hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
	o.max_game_bytes = size && (data[0] & 1) ? 128 : 0;
	hamle_reader *r = NULL;
	if (hamle_reader_new(&r, &o) != 0)
		abort();
	hamle_reader_set_input_buffer(r, data, size, "fuzz");
	hamle_game *g = NULL;
	hamle_chunk c;
	size_t games = 0;
	while (hamle_scoresheet_next_chunk(sc, r, &c) == HAMLE_OK) {
		if (c.game != ++games || !c.data)
			abort();
		if (hamle_game_parse(&g, &c, &o) != 0)
			break;
		hamle_scoresheet_fix_offsets(sc, &c, g);
		check_game(g, size);
	}
	hamle_game_free(g);
	hamle_reader_free(r);
	hamle_scoresheet_free(sc);
	return 0;
}
