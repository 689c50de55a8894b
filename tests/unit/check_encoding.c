/* check_encoding.c: per-game decoding and repairs against the real samples copied into
 * testdata/pgn/encoding (from ../shared/corpus/lang/encodings). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/pgn.h"
#include "suites_decl.h"
#include "testutil.h"

static char *slurp(const char *rel, size_t *len)
{
	char path[1024];
	tu_testdata(path, sizeof(path), rel);
	char *d = tu_read_file(path, len);
	ck_assert_msg(d != NULL, "cannot read %s", path);
	return d;
}

static hamle_game *read_first(hamle_reader **r, const char *data, size_t len, hamle_encoding enc, unsigned flags)
{
	hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
	o.encoding = enc;
	o.flags = flags;
	ck_assert_int_eq(hamle_reader_new(r, &o), HAMLE_OK);
	hamle_reader_set_input_buffer(*r, data, len, "enc");
	hamle_game *g = NULL;
	ck_assert_int_eq(hamle_reader_next(*r, &g), HAMLE_OK);
	return g;
}

static size_t count_id(const hamle_game *g, const char *id)
{
	size_t n = 0;
	for (size_t i = 0; i < hamle_game_finding_count(g); i++)
		n += strcmp(hamle_game_finding_at(g, i)->id, id) == 0;
	return n;
}

/* Every derived re-encoding of the Turkish samples reads as the UTF-8 original. */
static const struct { const char *file; hamle_encoding enc; unsigned flags; hamle_encoding used; } derived[] = {
	{ "turkish-samples.utf8.txt", HAMLE_ENCODING_AUTO, 0, HAMLE_ENCODING_UTF8 },
	{ "turkish-samples.cp1254.txt", HAMLE_ENCODING_AUTO, 0, HAMLE_ENCODING_CP1254 },
	{ "turkish-samples.iso-8859-9.txt", HAMLE_ENCODING_AUTO, 0, HAMLE_ENCODING_CP1254 },
	{ "turkish-samples.iso-8859-9.txt", HAMLE_ENCODING_ISO8859_9, 0, HAMLE_ENCODING_ISO8859_9 },
	{ "turkish-samples.double-utf8.txt", HAMLE_ENCODING_AUTO, 0, HAMLE_ENCODING_UTF8 },
	{ "turkish-samples.mojibake-latin1-as-utf8.txt", HAMLE_ENCODING_AUTO, HAMLE_READ_REPAIR_TR, HAMLE_ENCODING_UTF8 },
};

START_TEST(test_derived)
{
	size_t elen, len;
	char *expect = slurp("pgn/encoding/turkish-samples.utf8.txt", &elen);
	char rel[256];
	snprintf(rel, sizeof(rel), "pgn/encoding/%s", derived[_i].file);
	char *data = slurp(rel, &len);
	/* the samples are fragments separated by blank lines: each is a game of its own, and their
	 * decoded texts joined give the UTF-8 original */
	hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
	o.encoding = derived[_i].enc;
	o.flags = derived[_i].flags;
	hamle_reader *r;
	ck_assert_int_eq(hamle_reader_new(&r, &o), HAMLE_OK);
	hamle_reader_set_input_buffer(r, data, len, "enc");
	hamle_game *games[8];
	size_t ng = 0, errors = 0, encodings = 0, findings = 0;
	char *joined = calloc(1, 4 * elen + 1);
	size_t jl = 0;
	while (ng < 8 && hamle_reader_next(r, &games[ng]) == HAMLE_OK) {
		size_t tlen;
		const char *text = hamle_game_text(games[ng], &tlen);
		ck_assert_uint_le(jl + tlen, 4 * elen);
		memcpy(joined + jl, text, tlen);
		jl += tlen;
		ck_assert_int_eq(hamle_game_encoding(games[ng]), derived[_i].used);
		errors += hamle_game_error_count(games[ng]);
		encodings += count_id(games[ng], "encoding");
		findings += hamle_game_finding_count(games[ng]);
		ng++;
	}
	ck_assert_uint_eq(ng, 2);
	ck_assert_uint_eq(jl, elen);
	ck_assert_str_eq(joined, expect);
	ck_assert_uint_eq(errors, 0);
	if (_i > 0 && derived[_i].enc == HAMLE_ENCODING_AUTO)
		ck_assert_uint_ge(encodings, 1);
	else if (_i == 0)
		ck_assert_uint_eq(findings, 0);
	/* offsets stay in the original bytes: the 17th token (Şe7) is at byte 57 in every single-byte form */
	const hamle_token *t = hamle_game_tokens(games[0]);
	ck_assert_uint_eq(t[17].line, 6);
	ck_assert_uint_eq(t[17].column, 9);
	ck_assert_uint_eq(t[17].offset, 57);
	/* Şg8 on line 9 (second game): after the first multi-byte characters, offsets follow the
	 * original bytes */
	size_t wide = strstr(derived[_i].file, "double") ? 4 : strstr(derived[_i].file, "utf8") ? 2 :
		strstr(derived[_i].file, "mojibake") ? 2 : 1;
	t = hamle_game_tokens(games[1]);
	ck_assert_uint_eq(t[2].line, 9);
	ck_assert_uint_eq(t[2].column, 8);
	ck_assert_uint_eq(t[2].offset, 76 + wide - 1);
	for (size_t k = 0; k < ng; k++)
		hamle_game_free(games[k]);
	free(joined);
	hamle_reader_free(r);
	free(data);
	free(expect);
}
END_TEST

/* Words of s (runs between ASCII non-letters) holding one of Þ þ Ý ý Ð ð. */
static size_t moji_words(const char *s)
{
	size_t n = 0;
	int in = 0, hit = 0;
	for (const unsigned char *p = (const unsigned char *)s;; p++) {
		int letter = *p >= 0x80 || ((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z');
		if (!letter) {
			n += in && hit;
			in = hit = 0;
			if (!*p)
				return n;
			continue;
		}
		in = 1;
		if (p[0] == 0xC3 && (p[1] == 0x9E || p[1] == 0xBE || p[1] == 0x9D || p[1] == 0xBD || p[1] == 0x90 ||
		    p[1] == 0xB0))
			hit = 1;
	}
}

/* The 29 real mojibake strings: as 8-bit bytes they decode (Turkish detected) to the repaired form;
 * as UTF-8 mojibake, hamle_game_repair_turkish gives the repaired form, one warning per word. */
START_TEST(test_mojibake_samples)
{
	size_t len;
	char *tsv = slurp("pgn/encoding/turkish-mojibake-samples.tsv", &len);
	size_t rows = 0;
	char *line = strchr(tsv, '\n') + 1; /* header */
	while (line && *line) {
		char *end = strchr(line, '\n');
		if (end)
			*end = '\0';
		char *c1 = strchr(line, '\t'), *c2 = c1 ? strchr(c1 + 1, '\t') : NULL;
		ck_assert_ptr_nonnull(c2);
		*c2 = '\0';
		const char *found = c1 + 1, *repaired = c2 + 1;
		/* UTF-8 mojibake in a tag, with the repair function */
		char pgn[1024];
		snprintf(pgn, sizeof(pgn), "[Event \"%s\"]\n1. e4 *\n", found);
		hamle_reader *r;
		hamle_game *g = read_first(&r, pgn, strlen(pgn), HAMLE_ENCODING_AUTO, 0);
		ck_assert_str_eq(hamle_game_tag(g, "Event"), found); /* never repaired by default */
		size_t n = hamle_game_repair_turkish(g);
		ck_assert_str_eq(hamle_game_tag(g, "Event"), repaired);
		ck_assert_uint_eq(count_id(g, "encoding"), moji_words(found));
		ck_assert_uint_eq(n ? 1 : 0, moji_words(found) ? 1 : 0);
		hamle_game_free(g);
		hamle_reader_free(r);
		/* the same text as 8-bit bytes (every character is in Latin-1) */
		char raw[1024];
		size_t k = 0;
		k += (size_t)sprintf(raw, "[Event \"");
		for (const unsigned char *p = (const unsigned char *)found; *p;) {
			if (*p < 0x80) {
				raw[k++] = (char)*p++;
			} else {
				ck_assert_uint_eq(*p & 0xE0, 0xC0);
				raw[k++] = (char)(((p[0] & 0x1F) << 6) | (p[1] & 0x3F));
				p += 2;
			}
		}
		k += (size_t)sprintf(raw + k, "\"]\n1. e4 *\n");
		g = read_first(&r, raw, k, HAMLE_ENCODING_AUTO, 0);
		if (strcmp(found, repaired) != 0)
			ck_assert_int_eq(hamle_game_encoding(g), HAMLE_ENCODING_CP1254);
		ck_assert_str_eq(hamle_game_tag(g, "Event"), repaired);
		hamle_game_free(g);
		hamle_reader_free(r);
		rows++;
		line = end ? end + 1 : NULL;
	}
	ck_assert_uint_eq(rows, 29);
	free(tsv);
}
END_TEST

/* scid's Latin-1 test game reads with the tags of its UTF-8 twin. */
START_TEST(test_latin1_game)
{
	size_t l1, l2;
	char *a = slurp("pgn/encoding/scid-4.7.4_gtest_res_gameLatin1.pgn", &l1);
	char *b = slurp("pgn/encoding/scid-4.7.4_gtest_res_gameLatin1expected-utf8.pgn", &l2);
	hamle_reader *ra, *rb;
	hamle_game *ga = read_first(&ra, a, l1, HAMLE_ENCODING_AUTO, 0);
	hamle_game *gb = read_first(&rb, b, l2, HAMLE_ENCODING_AUTO, 0);
	ck_assert_int_eq(hamle_game_encoding(ga), HAMLE_ENCODING_CP1252);
	ck_assert_uint_eq(hamle_game_tag_count(ga), hamle_game_tag_count(gb));
	for (size_t i = 0; i < hamle_game_tag_count(ga); i++)
		ck_assert_str_eq(hamle_game_tag_at(ga, i)->value, hamle_game_tag_at(gb, i)->value);
	ck_assert_str_eq(hamle_game_tag(ga, "White"), "Kr\xC3\xA0mn\xC3\xACk, Vl\xC3\xA3\xC3\x9a" "dimir");
	const hamle_finding *f = hamle_game_finding_at(ga, 0);
	ck_assert_str_eq(f->id, "encoding");
	ck_assert_uint_eq(f->error.line, 2);
	ck_assert_uint_eq(f->error.column, 16);
	ck_assert_uint_eq(f->error.offset, 29);
	hamle_game_free(ga);
	hamle_game_free(gb);
	hamle_reader_free(ra);
	hamle_reader_free(rb);
	free(a);
	free(b);
}
END_TEST

START_TEST(test_controls_and_icelandic)
{
	const char in[] = "[White \"\xDE\xF3rhallsson\"]\n1. e4 e5\x00 2. Nf3 \x07 *";
	hamle_reader *r;
	hamle_game *g = read_first(&r, in, sizeof(in) - 1, HAMLE_ENCODING_AUTO, 0);
	ck_assert_str_eq(hamle_game_tag(g, "White"), "\xC3\x9E\xC3\xB3rhallsson"); /* Þórhallsson kept */
	ck_assert_int_eq(hamle_game_encoding(g), HAMLE_ENCODING_CP1252);
	ck_assert_uint_eq(hamle_game_error_count(g), 2);
	const hamle_finding *f = hamle_game_finding_at(g, 1);
	ck_assert_str_eq(f->id, "encoding");
	ck_assert_uint_eq(f->error.line, 2);
	ck_assert_uint_eq(f->error.column, 9);
	ck_assert_uint_eq(f->error.offset, 30);
	ck_assert_ptr_nonnull(strstr(f->error.message, "NUL"));
	ck_assert_uint_eq(hamle_game_token_count(g), 6);
	hamle_game_free(g);
	hamle_reader_free(r);
}
END_TEST

/* The clean-ASCII test that lets a game skip decoding (32, then 8, then 1 byte at a time): every
 * byte value at every place of a comment 0..80 bytes into the game either keeps the text as it is
 * (printable ASCII, HT LF VT FF CR) or makes an encoding finding (NUL, the other controls, DEL,
 * every byte from 0x80: never valid UTF-8 alone). */
START_TEST(test_clean_ascii_bytes)
{
	char in[128];
	hamle_game *g = NULL;
	for (int b = 0; b < 256; b++) {
		int clean = (b >= 0x20 && b < 0x7F) || (b >= 9 && b <= 13);
		for (size_t at = 0; at < 80; at++) {
			memset(in, 'a', sizeof(in));
			memcpy(in, "1. e4 {", 7);
			in[7 + at] = (char)b;
			memcpy(in + 100, "} e5 *\n", 7);
			size_t len = 107;
			hamle_chunk ch = {(const unsigned char *)in, len, "enc", 1, 1, 1, 0, len, 0};
			ck_assert_int_eq(hamle_game_parse(&g, &ch, NULL), HAMLE_OK);
			size_t tl;
			const char *text = hamle_game_text(g, &tl);
			size_t enc = count_id(g, "encoding");
			if (clean)
				ck_assert_msg(enc == 0 && tl == len && memcmp(text, in, len) == 0, "byte %02x at %zu", b, at);
			else
				ck_assert_msg(enc > 0, "byte %02x at %zu: no encoding finding", b, at);
		}
	}
	hamle_game_free(g);
}
END_TEST

START_TEST(test_double_encoded)
{
	/* "Özgür Ş" written as UTF-8 bytes read as Windows-1252, then saved as UTF-8 */
	const char *in = "[White \"\xC3\x83\xE2\x80\x93zg\xC3\x83\xC2\xBCr \xC3\x85\xC5\xBE\"]\n1. e4 *";
	hamle_reader *r;
	hamle_game *g = read_first(&r, in, strlen(in), HAMLE_ENCODING_AUTO, 0);
	ck_assert_str_eq(hamle_game_tag(g, "White"), "\xC3\x96zg\xC3\xBCr \xC5\x9E");
	ck_assert_uint_eq(count_id(g, "encoding"), 3);
	ck_assert_uint_eq(hamle_game_finding_at(g, 1)->error.column, 12);
	ck_assert_uint_eq(hamle_game_tokens(g)[0].offset, strlen(in) - 7);
	hamle_game_free(g);
	hamle_reader_free(r);
	hamle_encoding e;
	ck_assert_int_eq(hamle_encoding_parse(&e, "ISO-8859-9"), HAMLE_OK);
	ck_assert_int_eq(e, HAMLE_ENCODING_ISO8859_9);
	ck_assert_int_eq(hamle_encoding_parse(&e, "klingon"), HAMLE_EUSAGE);
}
END_TEST

/* Decoding is per character run. Valid UTF-8 stays as written (a name with Ł and
 * Ð, an emoji); only the byte that is not UTF-8 takes the fallback code page, and it is reported
 * where it is. */
START_TEST(test_per_run_decoding)
{
	const char in[] = "[Event \"x\"]\n[White \"\xC5\x81ukasz \xC3\x90\"]\n[Black \"\xF0\x9F\x98\x80\"]\n"
		"[Result \"*\"]\n\n1. e4 {\xFF} e5 *\n";
	hamle_reader *r;
	hamle_game *g = read_first(&r, in, sizeof(in) - 1, HAMLE_ENCODING_AUTO, 0);
	ck_assert_str_eq(hamle_game_tag(g, "White"), "\xC5\x81ukasz \xC3\x90");
	ck_assert_str_eq(hamle_game_tag(g, "Black"), "\xF0\x9F\x98\x80");
	ck_assert_int_eq(hamle_game_encoding(g), HAMLE_ENCODING_CP1252);
	const hamle_token *t = hamle_game_tokens(g);
	ck_assert_uint_eq(t[2].kind, HAMLE_TOKEN_COMMENT);
	ck_assert_uint_eq(t[2].len, 2);
	ck_assert_int_eq(memcmp(t[2].text, "\xC3\xBF", 2), 0); /* ÿ */
	ck_assert_uint_eq(hamle_game_error_count(g), 0);
	ck_assert_uint_eq(hamle_game_finding_count(g), 1);
	const hamle_finding *f = hamle_game_finding_at(g, 0);
	ck_assert_str_eq(f->id, "encoding");
	ck_assert_int_eq(f->severity, HAMLE_SEVERITY_WARNING);
	ck_assert_uint_eq(f->error.line, 6);
	ck_assert_uint_eq(f->error.column, 8);
	ck_assert_uint_eq(f->error.offset, 69);
	ck_assert_ptr_nonnull(strstr(f->error.message, "0xFF"));
	ck_assert_ptr_nonnull(strstr(f->error.message, "Windows-1252"));
	ck_assert_uint_eq(t[3].offset, 72); /* e5: offsets stay those of the input */
	hamle_game_free(g);
	hamle_reader_free(r);

	/* the only damage inside a tag, next to an emoji: the emoji is kept, the byte reported */
	const char tag[] = "[Black \"\xF0\x9F\x98\x80\xFF\"]\n1. e4 *\n";
	g = read_first(&r, tag, sizeof(tag) - 1, HAMLE_ENCODING_AUTO, 0);
	ck_assert_str_eq(hamle_game_tag(g, "Black"), "\xF0\x9F\x98\x80\xC3\xBF");
	ck_assert_uint_eq(count_id(g, "encoding"), 1);
	ck_assert_uint_eq(hamle_game_finding_at(g, 0)->error.column, 10);
	ck_assert_uint_eq(hamle_game_finding_at(g, 0)->error.offset, 12);
	hamle_game_free(g);
	hamle_reader_free(r);

	/* Turkish bytes next to UTF-8 Turkish: the fallback is Windows-1254, the UTF-8 Ş is kept (no
	 * doubly-encoded detour); two bad bytes on one line are one finding, one on another line another */
	const char tr[] = "[White \"\xC5\x9E" "ahin Y\xFDlmaz K\xFDl\xFD\xE7\"]\n[Black \"Do\xF0" "an\"]\n1. e4 *\n";
	g = read_first(&r, tr, sizeof(tr) - 1, HAMLE_ENCODING_AUTO, 0);
	ck_assert_str_eq(hamle_game_tag(g, "White"), "\xC5\x9E" "ahin Y\xC4\xB1lmaz K\xC4\xB1l\xC4\xB1\xC3\xA7");
	ck_assert_str_eq(hamle_game_tag(g, "Black"), "Do\xC4\x9F" "an");
	ck_assert_int_eq(hamle_game_encoding(g), HAMLE_ENCODING_CP1254);
	ck_assert_uint_eq(hamle_game_finding_count(g), 2);
	f = hamle_game_finding_at(g, 0);
	ck_assert_uint_eq(f->error.line, 1);
	ck_assert_uint_eq(f->error.column, 16);
	ck_assert_ptr_nonnull(strstr(f->error.message, "4 invalid UTF-8 bytes"));
	ck_assert_ptr_nonnull(strstr(f->error.message, "0xFD '\xC4\xB1'"));
	ck_assert_uint_eq(hamle_game_finding_at(g, 1)->error.line, 2);
	hamle_game_free(g);
	hamle_reader_free(r);

	/* an explicit encoding still decodes the whole input as that code page */
	const char cp[] = "[White \"\xC5\x81ukasz\"]\n1. e4 *\n";
	g = read_first(&r, cp, sizeof(cp) - 1, HAMLE_ENCODING_CP1252, 0);
	ck_assert_str_eq(hamle_game_tag(g, "White"), "\xC3\x85\xEF\xBF\xBDukasz"); /* Å, U+FFFD */
	ck_assert_uint_eq(hamle_game_error_count(g), 1);
	hamle_game_free(g);
	hamle_reader_free(r);
}
END_TEST

/* Whether s holds a C0 (but HT LF VT FF CR) or C1 control character, or DEL. */
static int has_control(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if ((c < 0x20 && !(c >= '\t' && c <= '\r')) || c == 0x7F)
			return 1;
		if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] >= 0x80 && (unsigned char)s[i + 1] <= 0x9F)
			return 1;
	}
	return 0;
}

/* The doubly-encoded repair never makes a control character
 * ("Â„" is not repaired into U+0084), so the decoded text, which the writer writes, reads back
 * without an encoding error. */
START_TEST(test_double_never_control)
{
	static const struct { const char *in; hamle_encoding enc; const char *event; size_t errors; } cases[] = {
		/* "Â„" in UTF-8: kept as written */
		{ "[Event \"\xC3\x82\xE2\x80\x9E\"]\n1. e4 *\n", HAMLE_ENCODING_AUTO, "\xC3\x82\xE2\x80\x9E", 0 },
		/* these bytes read as Windows-1252: "„Â„" */
		{ "[Event \"\x84\xC2\x84\"]\n1. e4 *\n", HAMLE_ENCODING_CP1252, "\xE2\x80\x9E\xC3\x82\xE2\x80\x9E", 0 },
		/* the same bytes read per run: the stray 0x84 is '„', C2 84 is U+0084 itself: an error,
		 * turned into a space */
		{ "[Event \"\x84\xC2\x84\"]\n1. e4 *\n", HAMLE_ENCODING_AUTO, "\xE2\x80\x9E ", 1 },
		/* "Â€" .. "ÂŸ" (C1 controls once repaired) stay; "Ã¼" still becomes ü */
		{ "[Event \"\xC3\x82\xE2\x82\xAC \xC3\x82\xC5\xB8 \xC3\x83\xC2\xBC\"]\n1. e4 *\n", HAMLE_ENCODING_AUTO,
		  "\xC3\x82\xE2\x82\xAC \xC3\x82\xC5\xB8 \xC3\xBC", 0 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		hamle_reader *r;
		hamle_game *g = read_first(&r, cases[i].in, strlen(cases[i].in), cases[i].enc, 0);
		ck_assert_str_eq(hamle_game_tag(g, "Event"), cases[i].event);
		ck_assert_uint_eq(hamle_game_error_count(g), cases[i].errors);
		size_t tl;
		const char *text = hamle_game_text(g, &tl);
		ck_assert_msg(!has_control(text, tl), "case %zu: control character in the decoded text", i);
		/* the decoded text read again: no error, and the same tag */
		hamle_reader *r2;
		hamle_game *g2 = read_first(&r2, text, tl, HAMLE_ENCODING_AUTO, 0);
		ck_assert_uint_eq(hamle_game_error_count(g2), 0);
		ck_assert_str_eq(hamle_game_tag(g2, "Event"), cases[i].event);
		hamle_game_free(g2);
		hamle_reader_free(r2);
		hamle_game_free(g);
		hamle_reader_free(r);
	}
}
END_TEST

/* The Turkish repair goes word by word and only where the game's words are
 * Turkish (every letter, once repaired, in tr.yaml's alphabet); each repaired word is reported. */
START_TEST(test_mojibake_words)
{
	hamle_locale *tr = NULL, *en = NULL;
	ck_assert_int_eq(hamle_locale_load_builtin(&tr, "tr", NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_locale_load_builtin(&en, "en", NULL), HAMLE_OK);
	static const struct { const char *in, *white, *black, *comment; size_t repaired; } cases[] = {
		/* Icelandic names: Þórhallsson has ó, which Turkish lacks: nothing in the game changes
		 * (Þröstur and Guðmundsson alone would be all Turkish letters) */
		{ "[White \"\xC3\x9E\xC3\xB3rhallsson, \xC3\x9Er\xC3\xB6stur\"]\n[Black \"Gu\xC3\xB0mundsson\"]\n"
		  "1. e4 {\xC3\x9Er\xC3\xB6stur} *\n",
		  "\xC3\x9E\xC3\xB3rhallsson, \xC3\x9Er\xC3\xB6stur", "Gu\xC3\xB0mundsson", "\xC3\x9Er\xC3\xB6stur", 0 },
		/* Turkish mojibake: every word repaired, the initial with them */
		{ "[White \"Y\xC3\xBDlmaz, \xC3\x9E.\"]\n[Black \"Do\xC3\xB0" "an\"]\n1. e4 {de\xC3\xB0il} *\n",
		  "Y\xC4\xB1lmaz, \xC5\x9E.", "Do\xC4\x9F" "an", "de\xC4\x9Fil", 4 },
		/* a list of single letters (scid's Latin-1 test game) proves nothing: kept */
		{ "[White \"A\"]\n[Black \"B\"]\n1. e4 {\xC3\x90 \xC3\x9D \xC3\x9E \xC3\xB0 \xC3\xBD \xC3\xBE} *\n",
		  "A", "B", "\xC3\x90 \xC3\x9D \xC3\x9E \xC3\xB0 \xC3\xBD \xC3\xBE", 0 },
		/* a word with a letter outside the alphabet (w) keeps the game as written */
		{ "[White \"\xC3\x9Ewarz\"]\n[Black \"Y\xC3\xBDlmaz\"]\n1. e4 {x} *\n", "\xC3\x9Ewarz", "Y\xC3\xBDlmaz", "x", 0 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		hamle_reader *r;
		hamle_game *g = read_first(&r, cases[i].in, strlen(cases[i].in), HAMLE_ENCODING_AUTO, 0);
		ck_assert_uint_eq(hamle_game_repair_mojibake(g, en), 0); /* no alphabet, no repair */
		size_t before = hamle_game_finding_count(g);
		size_t n = hamle_game_repair_mojibake(g, tr);
		ck_assert_msg(n == cases[i].repaired, "case %zu: %zu letters repaired", i, n);
		ck_assert_str_eq(hamle_game_tag(g, "White"), cases[i].white);
		ck_assert_str_eq(hamle_game_tag(g, "Black"), cases[i].black);
		const hamle_token *t = hamle_game_tokens(g);
		ck_assert_uint_eq(t[2].kind, HAMLE_TOKEN_COMMENT);
		ck_assert_uint_eq(t[2].len, strlen(cases[i].comment));
		ck_assert_int_eq(memcmp(t[2].text, cases[i].comment, t[2].len), 0);
		/* the text the writer passes through agrees with the tags */
		const char *text = hamle_game_text(g, NULL);
		ck_assert_ptr_nonnull(strstr(text, cases[i].white));
		if (i == 1) { /* one warning per word: Yýlmaz, Þ, Doðan, deðil; where each is */
			ck_assert_uint_eq(hamle_game_finding_count(g) - before, 4);
			const hamle_finding *f = hamle_game_finding_at(g, before);
			ck_assert_str_eq(f->id, "encoding");
			ck_assert_int_eq(f->severity, HAMLE_SEVERITY_WARNING);
			ck_assert_uint_eq(f->error.line, 1);
			ck_assert_uint_eq(f->error.column, 9);
			ck_assert_uint_eq(f->error.offset, 8);
			ck_assert_str_eq(f->error.token, "Y\xC3\xBDlmaz");
			ck_assert_str_eq(f->error.message, "Turkish mojibake repaired: 'Y\xC3\xBDlmaz' reads 'Y\xC4\xB1lmaz'");
			f = hamle_game_finding_at(g, before + 3);
			ck_assert_uint_eq(f->error.line, 3);
			ck_assert_uint_eq(f->error.column, 8);
			ck_assert_uint_eq(f->error.offset, strlen(cases[i].in) - 10);
		} else {
			ck_assert_uint_eq(hamle_game_finding_count(g), before);
		}
		ck_assert_uint_eq(hamle_game_repair_mojibake(g, tr), 0); /* a second call finds nothing */
		hamle_game_free(g);
		hamle_reader_free(r);
	}
	/* move tokens alone (Þ is the Turkish king either way) are repaired, each token once */
	const char mv[] = "1. e4 e5 2. \xC3\x9E" "e2 *\n";
	hamle_reader *r;
	hamle_game *g = read_first(&r, mv, sizeof(mv) - 1, HAMLE_ENCODING_AUTO, 0);
	ck_assert_uint_eq(hamle_game_repair_mojibake(g, tr), 1);
	ck_assert_int_eq(memcmp(hamle_game_tokens(g)[4].text, "\xC5\x9E" "e2", 4), 0);
	ck_assert_uint_eq(count_id(g, "encoding"), 1);
	ck_assert_str_eq(hamle_game_finding_at(g, 0)->error.token, "\xC3\x9E" "e2");
	hamle_game_free(g);
	hamle_reader_free(r);
	hamle_locale_free(tr);
	hamle_locale_free(en);
}
END_TEST

Suite *encoding_suite(void)
{
	Suite *s = suite_create("encoding");
	TCase *tc = tcase_create("core");
	tcase_add_loop_test(tc, test_derived, 0, (int)(sizeof(derived) / sizeof(derived[0])));
	tcase_add_test(tc, test_mojibake_samples);
	tcase_add_test(tc, test_latin1_game);
	tcase_add_test(tc, test_controls_and_icelandic);
	tcase_add_test(tc, test_clean_ascii_bytes);
	tcase_add_test(tc, test_double_encoded);
	tcase_add_test(tc, test_per_run_decoding);
	tcase_add_test(tc, test_double_never_control);
	tcase_add_test(tc, test_mojibake_words);
	suite_add_tcase(s, tc);
	return s;
}
