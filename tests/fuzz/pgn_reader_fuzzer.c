/* pgn_reader_fuzzer.c: the whole input as one buffer through the reader, with small limits so the
 * limit paths are reached too; every token and finding is touched. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common.h"
#include "hamle/pgn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const hamle_locale *tr = fuzz_locale("tr");
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
