/* pgn_reader_fuzzer.c: the whole input as one buffer through the reader, with small limits so the
 * limit paths are reached too; every token and finding is touched. The lexer's inline paths give
 * the tokens and tags of its general path (PGN_READ_NO_INLINE_LEX), field by field. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common.h"
#include "hamle/pgn.h"
#include "pgn/game_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void same_tokens(const hamle_game *a, const hamle_game *b)
{
	size_t n = hamle_game_token_count(a);
	if (n != hamle_game_token_count(b) || hamle_game_tag_count(a) != hamle_game_tag_count(b) ||
	    hamle_game_finding_count(a) != hamle_game_finding_count(b))
		__builtin_trap();
	const char *ba = hamle_game_text(a, NULL), *bb = hamle_game_text(b, NULL);
	const hamle_token *x = hamle_game_tokens(a), *y = hamle_game_tokens(b);
	for (size_t i = 0; i < n; i++)
		if (x[i].text - ba != y[i].text - bb || x[i].len != y[i].len || x[i].line != y[i].line ||
		    x[i].column != y[i].column || x[i].offset != y[i].offset || x[i].depth != y[i].depth ||
		    x[i].kind != y[i].kind || x[i].flags != y[i].flags || x[i].value != y[i].value)
			__builtin_trap();
	for (size_t i = 0; i < hamle_game_tag_count(a); i++) {
		const hamle_tag *p = hamle_game_tag_at(a, i), *q = hamle_game_tag_at(b, i);
		if (strcmp(p->name, q->name) || p->value_len != q->value_len ||
		    memcmp(p->value, q->value, p->value_len) || p->line != q->line || p->column != q->column ||
		    p->offset != q->offset)
			__builtin_trap();
	}
}

/* The games read with the lexer's inline paths and without them, in step. */
static void compare_inline(const uint8_t *data, size_t size, unsigned flags, size_t max_tag)
{
	hamle_reader *r[2] = {NULL, NULL};
	hamle_game *g[2] = {NULL, NULL};
	for (int k = 0; k < 2; k++) {
		hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
		o.flags = flags | (k ? PGN_READ_NO_INLINE_LEX : 0);
		o.max_tag_bytes = max_tag;
		if (hamle_reader_new(&r[k], &o) != HAMLE_OK)
			goto out;
		hamle_reader_set_input_buffer(r[k], data, size, "fuzz");
	}
	for (;;) {
		int a = hamle_reader_next_reuse(r[0], &g[0]), b = hamle_reader_next_reuse(r[1], &g[1]);
		if (a != b)
			__builtin_trap();
		if (a != HAMLE_OK)
			break;
		same_tokens(g[0], g[1]);
	}
out:
	for (int k = 0; k < 2; k++) {
		hamle_game_free(g[k]);
		hamle_reader_free(r[k]);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const hamle_locale *tr = fuzz_locale("tr");
	compare_inline(data, size, 0, size && (data[0] & 4) ? 8 : 0);
	for (int pass = 0; pass < 2; pass++) {
		hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
		if (pass == 1) {
			o.max_game_bytes = 256;
			o.max_comment_bytes = 16;
			o.max_tag_bytes = 16;
			o.max_depth = 4;
			o.max_tokens = 32;
			o.flags = HAMLE_READ_REPAIR_TR;
			o.repair = pass == 1 && size && (data[0] & 2) ? NULL : tr; /* NULL: the reader's own */
			o.encoding = size && (data[0] & 1) ? HAMLE_ENCODING_UTF8 : HAMLE_ENCODING_AUTO;
		}
		hamle_reader *r = NULL;
		if (hamle_reader_new(&r, &o) != HAMLE_OK)
			return 0;
		hamle_reader_set_input_buffer(r, data, size, "fuzz");
		hamle_game *g = NULL;
		size_t sum = 0;
		while (hamle_reader_next_reuse(r, &g) == HAMLE_OK) {
			size_t len;
			const char *text = hamle_game_text(g, &len);
			const hamle_token *t = hamle_game_tokens(g);
			for (size_t i = 0; i < hamle_game_token_count(g); i++) {
				if (t[i].text < text || t[i].text + t[i].len > text + len)
					__builtin_trap();
				for (size_t k = 0; k < t[i].len; k++)
					sum += (unsigned char)t[i].text[k];
			}
			for (size_t i = 0; i < hamle_game_tag_count(g); i++)
				sum += strlen(hamle_game_tag_at(g, i)->value);
			for (size_t i = 0; i < hamle_game_finding_count(g); i++)
				sum += strlen(hamle_game_finding_at(g, i)->error.message);
			hamle_game_repair_mojibake(g, tr);
		}
		hamle_game_free(g);
		hamle_reader_free(r);
		(void)sum;
	}
	return 0;
}
