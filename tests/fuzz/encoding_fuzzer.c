/* encoding_fuzzer.c: the input as the raw bytes of one game, decoded by hamle_game_parse under
 * every hamle_encoding (auto-detection, UTF-8, the single-byte ones), with and without the Turkish
 * repair; the input also as an encoding name. Checks: the decoded text is valid UTF-8 with no NUL,
 * tokens and tags lie inside it and inside the input, the repair keeps it valid and a second repair
 * finds nothing; the decoded text (what the writer writes), read again, has no encoding error (no
 * repair made a control character); a name that parses names an encoding whose own name parses
 * back to it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "hamle/pgn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Strict UTF-8 check of our own (no overlongs, surrogates or code points past U+10FFFF). */
static int valid_utf8(const unsigned char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		unsigned c = s[i];
		size_t len;
		unsigned long cp, min;
		if (c == 0)
			return 0;
		if (c < 0x80) {
			i++;
			continue;
		} else if ((c & 0xE0) == 0xC0) {
			len = 2, cp = c & 0x1F, min = 0x80;
		} else if ((c & 0xF0) == 0xE0) {
			len = 3, cp = c & 0x0F, min = 0x800;
		} else if ((c & 0xF8) == 0xF0) {
			len = 4, cp = c & 0x07, min = 0x10000;
		} else {
			return 0;
		}
		if (i + len > n)
			return 0;
		for (size_t k = 1; k < len; k++) {
			if ((s[i + k] & 0xC0) != 0x80)
				return 0;
			cp = (cp << 6) | (s[i + k] & 0x3F);
		}
		if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return 0;
		i += len;
	}
	return 1;
}

static void check_game(const hamle_game *g, size_t size)
{
	size_t tlen, rlen;
	const char *text = hamle_game_text(g, &tlen);
	const unsigned char *raw = hamle_game_raw(g, &rlen);
	if (!text || !raw || rlen > size)
		abort();
	if (!valid_utf8((const unsigned char *)text, tlen)) {
		fprintf(stderr, "decoded text is not valid UTF-8 (encoding %s)\n",
			hamle_encoding_name(hamle_game_encoding(g)));
		abort();
	}
	const hamle_token *t = hamle_game_tokens(g);
	for (size_t i = 0; i < hamle_game_token_count(g); i++)
		if (t[i].text < text || t[i].text + t[i].len > text + tlen || t[i].offset > size ||
		    t[i].line == 0 || t[i].column == 0)
			abort();
	for (size_t i = 0; i < hamle_game_tag_count(g); i++) {
		const hamle_tag *tag = hamle_game_tag_at(g, i);
		if (strlen(tag->value) != tag->value_len || tag->offset > size ||
		    !valid_utf8((const unsigned char *)tag->name, strlen(tag->name)) ||
		    !valid_utf8((const unsigned char *)tag->value, tag->value_len))
			abort();
	}
	for (size_t i = 0; i < hamle_game_finding_count(g); i++) {
		const hamle_finding *f = hamle_game_finding_at(g, i);
		if (!f->id || !memchr(f->error.message, '\0', sizeof(f->error.message)) ||
		    !memchr(f->error.token, '\0', sizeof(f->error.token)) || f->error.offset > size)
			abort();
	}
}

/* The decoded text of g read again as a game of its own: no "encoding" error. */
static void check_reads_back(const hamle_game *g)
{
	size_t tlen;
	const char *text = hamle_game_text(g, &tlen);
	hamle_game *again = NULL;
	hamle_chunk c = fuzz_whole_chunk((const uint8_t *)text, tlen);
	if (hamle_game_parse(&again, &c, NULL) != 0)
		abort();
	for (size_t i = 0; i < hamle_game_finding_count(again); i++) {
		const hamle_finding *f = hamle_game_finding_at(again, i);
		if (f->severity == HAMLE_SEVERITY_ERROR && strcmp(f->id, "encoding") == 0) {
			fprintf(stderr, "decoded text reads back with: %s\n", f->error.message);
			abort();
		}
	}
	hamle_game_free(again);
}

static const hamle_encoding encodings[] = {
	HAMLE_ENCODING_AUTO, HAMLE_ENCODING_UTF8, HAMLE_ENCODING_CP1254,
	HAMLE_ENCODING_ISO8859_9, HAMLE_ENCODING_LATIN1, HAMLE_ENCODING_CP1252,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const hamle_locale *tr = fuzz_locale("tr"); /* loaded once: its alphabet decides the repair */
	hamle_game *g = NULL;
	for (size_t e = 0; e < sizeof(encodings) / sizeof(encodings[0]); e++) {
		hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
		o.encoding = encodings[e];
		o.flags = size && (data[size - 1] & 1) ? HAMLE_READ_REPAIR_TR : 0;
		o.repair = tr;
		hamle_chunk c = fuzz_whole_chunk(data, size);
		if (hamle_game_parse(&g, &c, &o) != 0)
			abort();
		check_game(g, size);
		check_reads_back(g);
		hamle_encoding got = hamle_game_encoding(g);
		if (e != 0 && got != encodings[e] && got != HAMLE_ENCODING_UTF8)
			abort();
		hamle_game_repair_mojibake(g, tr);
		check_game(g, size);
		check_reads_back(g);
		if (hamle_game_repair_mojibake(g, tr) != 0)
			abort();
	}
	hamle_game_free(g);

	char name[64];
	if (size < sizeof(name)) {
		memcpy(name, data, size);
		name[size] = '\0';
		hamle_encoding enc;
		if (hamle_encoding_parse(&enc, name) == 0) {
			hamle_encoding back;
			if (hamle_encoding_parse(&back, hamle_encoding_name(enc)) != 0 || back != enc)
				abort();
		}
	}
	return 0;
}
