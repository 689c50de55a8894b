/* locale_fuzzer.c: the input as locale YAML through hamle_locale_load_buffer. A locale that loads
 * is used: its words and message templates are read and filled, and every legal move of a few
 * positions is written in every form with it and read back with it; a typed scoresheet is read
 * with its header patterns. Only UCI must read back as the same move: the loader does not require
 * a locale's output spellings (output.fide.promotion "({})", check "zz") to be among its input
 * spellings, so a fuzzed locale may write what it cannot read. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "hamle/san.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const fens[] = {
	NULL,
	"r3k2r/1P6/8/3pP3/8/2N3N1/8/R3K2R w KQkq d6 0 2",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
};
#define N_FENS (sizeof(fens) / sizeof(fens[0]))
static hamle_position *positions[N_FENS];

static const char *const message_keys[] = {
	"not_a_move", "no_piece_can_reach", "did_you_mean", "white", "black", "illegal_move",
	"ambiguous", "counts", "nonexistent-key",
};

static const char sheet[] =
	"Beyaz: K\xc3\xbc" "bra\nSiyah: Hatice\nWei\xc3\x9f: X\nEvent: Open\nRound: 3\n\n1. e4 e5\n2) Nf3 Nc6\n1-0\n";

static void use_locale(const hamle_locale *loc)
{
	size_t sum = strlen(hamle_locale_tag(loc)) + strlen(hamle_locale_name(loc));
	for (int p = -1; p <= HAMLE_NO_PIECE; p++)
		sum += strlen(hamle_locale_piece_letter(loc, p)) + strlen(hamle_locale_piece_noun(loc, p)) +
		       strlen(hamle_locale_piece_spoken(loc, p));
	int style = hamle_locale_default_style(loc);
	if (style != HAMLE_LOCALE_STYLE_PGN && style != HAMLE_LOCALE_STYLE_FIDE)
		abort();
	const char *args[3] = {"a", "%s", "c"};
	for (size_t k = 0; k < sizeof(message_keys) / sizeof(message_keys[0]); k++) {
		const char *msg = hamle_locale_message(loc, message_keys[k]);
		sum += msg ? strlen(msg) : 0;
		char buf[64];
		int n = hamle_locale_format(buf, sizeof(buf), loc, message_keys[k], k % 4, args);
		if (n >= 0 && strlen(buf) != ((size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1))
			abort();
	}
	const char *tag = hamle_locale_header_tag(loc, "White", 5);
	sum += tag ? strlen(tag) : 0;
	const char *key = hamle_locale_header_key(loc, "Result");
	sum += key ? strlen(key) : 0;
	(void)sum;

	for (size_t p = 0; p < N_FENS; p++) {
		const hamle_position *pos = positions[p];
		hamle_move moves[HAMLE_MAX_MOVES];
		int n = hamle_position_legal_moves(pos, moves);
		for (int i = 0; i < n; i++)
			for (int form = HAMLE_FORM_SAN; form <= HAMLE_FORM_SPOKEN; form++) {
				char text[512];
				int len = hamle_san_format(text, sizeof(text), pos, loc, moves[i], form);
				if (len <= 0 || (size_t)len >= sizeof(text))
					abort();
				if (form == HAMLE_FORM_SPOKEN)
					continue;
				hamle_move back = HAMLE_MOVE_NONE;
				hamle_error err;
				hamle_error_clear(&err);
				int rc = hamle_san_parse(&back, pos, loc, text, (size_t)len, NULL, &err);
				if (form == HAMLE_FORM_UCI && (rc != 0 || back != moves[i])) {
					fprintf(stderr, "form %d: '%s' reads back as %d (rc %d: %s), want %d\n", form, text, back,
						rc, err.message, moves[i]);
					abort();
				}
			}
		/* and a few tokens that are not moves */
		static const char *const junk[] = {"", "x", "Z9", "e9", "(=)", "O-O-O-O", "\xff"};
		for (size_t j = 0; j < sizeof(junk) / sizeof(junk[0]); j++) {
			hamle_move m;
			(void)hamle_san_parse(&m, pos, loc, junk[j], strlen(junk[j]), NULL, NULL);
		}
	}

	/* the sheet read with this locale's header patterns, keys and dates */
	const hamle_locale *const list[1] = {loc};
	hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
	o.sheet_locales = list;
	o.n_sheet_locales = 1;
	hamle_chunk in = fuzz_whole_chunk(sheet, sizeof(sheet) - 1);
	in.flags = HAMLE_CHUNK_SCORESHEET;
	hamle_game *g = NULL;
	if (hamle_game_parse(&g, &in, &o) != 0)
		abort();
	if (hamle_game_tag_count(g) > 10)
		abort(); /* five header lines, each a tag and perhaps its <Name>Original */
	hamle_game_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!positions[0])
		for (size_t i = 0; i < N_FENS; i++)
			if (hamle_position_new(&positions[i], fens[i], NULL) != 0)
				abort();
	if (size > 16384)
		return 0;
	hamle_locale *loc = NULL;
	hamle_error err;
	hamle_error_clear(&err);
	int rc = hamle_locale_load_buffer(&loc, (const char *)data, size, "fuzz.yaml", &err);
	if (rc != 0) {
		if (loc != NULL || err.message[0] == '\0' || !memchr(err.message, '\0', sizeof(err.message)))
			abort();
		return 0;
	}
	use_locale(loc);
	hamle_locale_free(loc);
	return 0;
}
