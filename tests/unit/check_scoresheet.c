/* check_scoresheet.c: typed scoresheets read by the reader itself (hamle_reader_next_chunk +
 * hamle_game_parse, as every tool reads them): one game per sheet, header lines (Beyaz:/Weiß:/
 * White:) as tags, the result line at the bottom, 8-bit keys, and positions of movetext tokens
 * kept exact (values in PGN form: check_sheet_values.c). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/locale.h"
#include "hamle/pgn.h"
#include "suites_decl.h"
#include "testutil.h"

static hamle_locale *locs[3];
static const hamle_locale *list[3];
static size_t nlist;

static void setup(void)
{
	const char *tags[] = { "en", "tr", "de" };
	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(hamle_locale_load_builtin(&locs[i], tags[i], NULL), 0);
		list[i] = locs[i];
	}
	nlist = 3;
}

static void teardown(void)
{
	for (int i = 0; i < 3; i++)
		hamle_locale_free(locs[i]);
}

/* Reads every game of text[0..len) (with the locales of list[0..nlist)); returns the count. */
static size_t read_len(const char *text, size_t len, hamle_game **g, size_t max)
{
	hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
	o.sheet_locales = list;
	o.n_sheet_locales = nlist;
	hamle_reader *r;
	ck_assert_int_eq(hamle_reader_new(&r, &o), 0);
	ck_assert_int_eq(hamle_reader_set_input_buffer(r, text, len, "t"), 0);
	hamle_chunk ch;
	size_t n = 0;
	int rc;
	while ((rc = hamle_reader_next_chunk(r, &ch)) == HAMLE_OK) {
		ck_assert_uint_lt(n, max);
		g[n] = NULL;
		ck_assert_int_eq(hamle_game_parse(&g[n], &ch, &o), 0);
		ck_assert_uint_eq(hamle_game_index(g[n]), n + 1);
		n++;
	}
	ck_assert_int_eq(rc, HAMLE_ITEROVER);
	hamle_reader_free(r);
	return n;
}

static size_t read_all(const char *text, hamle_game **g, size_t max)
{
	return read_len(text, strlen(text), g, max);
}

START_TEST(test_turkish_headers)
{
	const char *text = "Beyaz: Kübra Öztürk\nSiyah: Hatice \"Aslı\" Muştu\nSonuç: 1-0\nTarih: 2021.08.12\n"
			   "Turnuva: Türkiye Kadınlar Şampiyonası\n\n1. e4 e5\n2) Af3 Ac6\n3\tFc4\tFc5\n1-0\n";
	hamle_game *g[4];
	size_t n = read_all(text, g, 4);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(hamle_game_tag(g[0], "White"), "Kübra Öztürk");
	ck_assert_str_eq(hamle_game_tag(g[0], "Black"), "Hatice \"Aslı\" Muştu");
	ck_assert_str_eq(hamle_game_tag(g[0], "Result"), "1-0");
	ck_assert_str_eq(hamle_game_tag(g[0], "Date"), "2021.08.12");
	ck_assert_str_eq(hamle_game_tag(g[0], "Event"), "Türkiye Kadınlar Şampiyonası");
	ck_assert_uint_eq(hamle_game_tag_count(g[0]), 5); /* nothing to normalise: no Original tag */
	ck_assert_uint_eq(hamle_game_offset(g[0]), 0);
	ck_assert_uint_eq(hamle_game_tag_at(g[0], 2)->offset, (size_t)(strstr(text, "Sonuç") - text));
	ck_assert_uint_eq(hamle_game_tag_at(g[0], 2)->line, 3);
	ck_assert_uint_eq(hamle_game_tag_at(g[0], 2)->column, 1);
	ck_assert_uint_eq(hamle_game_error_count(g[0]), 0);
	ck_assert_uint_eq(hamle_game_finding_count(g[0]), 0);
	/* movetext positions are those of the input */
	const hamle_token *t = tu_find_token(g[0], "Af3");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->line, 8);
	ck_assert_uint_eq(t->column, 4);
	ck_assert_uint_eq(t->offset, (size_t)(strstr(text, "Af3") - text));
	t = tu_find_token(g[0], "Fc5");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->line, 9);
	ck_assert_uint_eq(t->column, 7);
	ck_assert_uint_eq(t->offset, (size_t)(strstr(text, "Fc5") - text));
	ck_assert_ptr_null(tu_find_token(g[0], "Beyaz:"));
	ck_assert_int_eq(hamle_game_result(g[0]), HAMLE_RESULT_WHITE);
	/* the game's text is the sheet as written (up to its result) */
	size_t len;
	ck_assert(strncmp(hamle_game_text(g[0], &len), text, strlen(text) - 1) == 0);
	ck_assert_uint_eq(len, strlen(text) - 1);
	tu_free_games(g, n);
}
END_TEST

START_TEST(test_two_german_sheets)
{
	/* "Ergebnis: 1:0" in the header block does not end the game; the result line does */
	const char *text = "Weiß: Anderssen\nSchwarz: Dufresne\nErgebnis: 1:0\nOrt: Berlin\n\n"
			   "1. e4 e5\n2. Sf3 Sc6\n1:0\n\nWeiss: A\nSchwarz: B\nErgebnis: 0:1\n\n1. f3 e5 2. g4 Dh4# 0:1\n";
	hamle_game *g[4];
	size_t n = read_all(text, g, 4);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(hamle_game_tag(g[0], "White"), "Anderssen");
	ck_assert_str_eq(hamle_game_tag(g[0], "Site"), "Berlin");
	ck_assert_str_eq(hamle_game_tag(g[0], "Result"), "1-0");
	ck_assert_str_eq(hamle_game_tag(g[0], "ResultOriginal"), "1:0");
	const hamle_token *t = tu_find_token(g[0], "Sf3");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->line, 7);
	ck_assert_uint_eq(t->column, 4);
	ck_assert_uint_eq(t->offset, (size_t)(strstr(text, "Sf3") - text));
	ck_assert_str_eq(hamle_game_tag(g[1], "White"), "A");
	ck_assert_str_eq(hamle_game_tag(g[1], "Black"), "B");
	ck_assert_uint_eq(hamle_game_line(g[1]), 10);
	t = tu_find_token(g[1], "Dh4#");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->line, 14);
	ck_assert_uint_eq(t->offset, (size_t)(strstr(text, "Dh4#") - text));
	ck_assert_int_eq(hamle_game_result(g[1]), HAMLE_RESULT_BLACK);
	tu_free_games(g, n);
}
END_TEST

START_TEST(test_pgn_untouched)
{
	/* tag pairs: no sheet; a "White:" comment line is a comment */
	const char *pgn = "[White \"X\"]\n\n1. e4 {White: Y} e5 *\n";
	hamle_game *g[2];
	size_t n = read_all(pgn, g, 2);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(hamle_game_tag_count(g[0]), 1);
	ck_assert_str_eq(hamle_game_tag(g[0], "White"), "X");
	tu_free_games(g, n);
	/* movetext only, no headers: no tags */
	n = read_all("1.e4 e5\n2.Af3 Ac6\n", g, 2);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(hamle_game_tag_count(g[0]), 0);
	ck_assert_uint_eq(hamle_game_token_count(g[0]), 6);
	tu_free_games(g, n);
	/* unknown keys alone are no scoresheet header (a label before moves) */
	n = read_all("de: 1.e4 e5 2.Sf3 Sc6\n", g, 2);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(hamle_game_tag_count(g[0]), 0);
	ck_assert_ptr_nonnull(tu_find_token(g[0], "de:"));
	tu_free_games(g, n);
}
END_TEST

START_TEST(test_unknown_keys)
{
	/* an unknown ASCII key becomes a tag of its name; a non-ASCII unknown key ends the headers */
	const char *text = "White: Tal\nECO: B20\nAçılış: Sicilya\n1. e4 c5 *\n";
	hamle_game *g[2];
	size_t n = read_all(text, g, 2);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(hamle_game_tag_count(g[0]), 2);
	ck_assert_str_eq(hamle_game_tag(g[0], "White"), "Tal");
	ck_assert_str_eq(hamle_game_tag(g[0], "ECO"), "B20");
	ck_assert_uint_eq(hamle_game_tag_at(g[0], 1)->offset, 11);
	ck_assert_uint_eq(hamle_game_tag_at(g[0], 1)->line, 2);
	const hamle_token *t = tu_find_token(g[0], "Açılış:");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->line, 3);
	ck_assert_uint_eq(t->offset, 20);
	tu_free_games(g, n);
}
END_TEST

/* Header blocks with no moves: one game each (a key the block has already starts the next). */
START_TEST(test_header_blocks_alone)
{
	const char *eols[] = { "\n", "\r\n" };
	for (int e = 0; e < 2; e++) {
		char text[400];
		const char *nl = eols[e];
		snprintf(text, sizeof(text), "Beyaz: A1%sSiyah: B1%sSonuç: 1-0%sBeyaz: A2%sSiyah: B2%sSonuç: 0-1%s%s"
			"Beyaz: A3%sSiyah: B3%sSonuç: 1/2-1/2%s", nl, nl, nl, nl, nl, nl, nl, nl, nl, nl);
		hamle_game *g[8];
		size_t n = read_all(text, g, 8);
		ck_assert_uint_eq(n, 3);
		const char *white[] = { "A1", "A2", "A3" }, *result[] = { "1-0", "0-1", "1/2-1/2" };
		const char *at[] = { "Beyaz: A1", "Beyaz: A2", "Beyaz: A3" };
		size_t line[] = { 1, 4, 8 };
		for (size_t i = 0; i < n; i++) {
			ck_assert_str_eq(hamle_game_tag(g[i], "White"), white[i]);
			ck_assert_str_eq(hamle_game_tag(g[i], "Result"), result[i]);
			ck_assert_uint_eq(hamle_game_tag_count(g[i]), 3);
			ck_assert_uint_eq(hamle_game_token_count(g[i]), 0);
			ck_assert_uint_eq(hamle_game_error_count(g[i]), 0);
			ck_assert_uint_eq(hamle_game_offset(g[i]), (size_t)(strstr(text, at[i]) - text));
			ck_assert_uint_eq(hamle_game_line(g[i]), line[i]);
			const hamle_tag *t = hamle_game_tag_at(g[i], 1);
			ck_assert_uint_eq(t->line, line[i] + 1);
			ck_assert_uint_eq(t->offset, (size_t)(strstr(text, at[i]) - text) + 9 + strlen(nl));
		}
		tu_free_games(g, n);
	}
}
END_TEST

/* A header block that starts with a key the block before has is the next sheet's, with or without
 * moves of its own; keys the block lacks stay in it. */
START_TEST(test_next_sheet)
{
	const char *text = "Beyaz: A\nSiyah: B\nSonuç: 1-0\n\nBeyaz: C\nSiyah: D\nSonuç: 0-1\nTarih: 2024.01.01\n"
			   "ECO: C20\n\n1. e4 e5\n2. Af3 0-1\nBeyaz: E\nSonuç: *\nSiyah: F\n\n1. d4 *\n"
			   "Beyaz: G\nSiyah: H\n\n1. c4 c5\nBeyaz: I\nSiyah: J\n1. Af3\n";
	hamle_game *g[8];
	size_t n = read_all(text, g, 8);
	ck_assert_uint_eq(n, 5);
	ck_assert_str_eq(hamle_game_tag(g[0], "White"), "A");
	ck_assert_ptr_null(hamle_game_tag(g[0], "Date"));
	ck_assert_uint_eq(hamle_game_token_count(g[0]), 0);
	ck_assert_str_eq(hamle_game_tag(g[1], "White"), "C");
	ck_assert_str_eq(hamle_game_tag(g[1], "Date"), "2024.01.01");
	ck_assert_str_eq(hamle_game_tag(g[1], "ECO"), "C20");
	ck_assert_uint_eq(hamle_game_offset(g[1]), (size_t)(strstr(text, "Beyaz: C") - text));
	const hamle_token *t = tu_find_token(g[1], "Af3");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->line, 12);
	ck_assert_uint_eq(t->column, 4);
	ck_assert_uint_eq(t->offset, (size_t)(strstr(text, "Af3") - text));
	ck_assert_int_eq(hamle_game_result(g[1]), HAMLE_RESULT_BLACK);
	ck_assert_str_eq(hamle_game_tag(g[2], "White"), "E");
	ck_assert_str_eq(hamle_game_tag(g[2], "Black"), "F");
	ck_assert_ptr_nonnull(tu_find_token(g[2], "d4"));
	/* no result at the bottom: the next sheet's header block still starts the next game */
	ck_assert_str_eq(hamle_game_tag(g[3], "White"), "G");
	ck_assert_ptr_nonnull(tu_find_token(g[3], "c5"));
	ck_assert_uint_eq(hamle_game_token_count(g[3]), 3);
	ck_assert_str_eq(hamle_game_tag(g[4], "White"), "I");
	ck_assert_str_eq(hamle_game_tag(g[4], "Black"), "J");
	for (size_t i = 0; i < n; i++)
		ck_assert_uint_eq(hamle_game_error_count(g[i]), 0);
	tu_free_games(g, n);
}
END_TEST

/* The result written at the bottom of a sheet is the game's result, in every locale and layout:
 * its value is the termination marker, and the Result tag when the header has none. */
START_TEST(test_result_line)
{
	static const char *const heads[] = { "White: A\nBlack: B\n", "Beyaz: A\nSiyah: B\n",
		"Weiß: A\nSchwarz: B\n", "" };
	static const char *const layouts[] = { "1. e4 e5\n2. Nf3 Nc6\n", "1 e4 e5\n2 Nf3 Nc6\n",
		"1) e4 e5\n2) Nf3 Nc6\n", "1\te4\te5\n2\tNf3\tNc6\n" };
	static const struct { const char *line, *tag, *original; hamle_result res; } results[] = {
		{ "Result: 1-0", "1-0", NULL, HAMLE_RESULT_WHITE },
		{ "Sonuç: ½-½", "1/2-1/2", "½-½", HAMLE_RESULT_DRAW },
		{ "Ergebnis: 1:0", "1-0", "1:0", HAMLE_RESULT_WHITE },
		{ "Sonuc: 0-1", "0-1", NULL, HAMLE_RESULT_BLACK },
		{ "  Result :  *", "*", NULL, HAMLE_RESULT_UNKNOWN },
	};
	for (size_t h = 0; h < 4; h++)
		for (size_t l = 0; l < 4; l++)
			for (size_t k = 0; k < sizeof(results) / sizeof(results[0]); k++) {
				char text[256];
				snprintf(text, sizeof(text), "%s\n%s\n%s\n", heads[h], layouts[l], results[k].line);
				hamle_game *g[4];
				size_t n = read_all(text, g, 4);
				ck_assert_msg(n == 1, "%s: %zu games", text, n);
				ck_assert_int_eq(hamle_game_result(g[0]), results[k].res);
				ck_assert_str_eq(hamle_game_tag(g[0], "Result"), results[k].tag);
				const char *orig = hamle_game_tag(g[0], "ResultOriginal");
				if (results[k].original)
					ck_assert_str_eq(orig, results[k].original);
				else
					ck_assert_ptr_null(orig);
				ck_assert_uint_eq(hamle_game_tag_count(g[0]), (h < 3 ? 2u : 0u) + 1 + !!results[k].original);
				ck_assert_msg(hamle_game_finding_count(g[0]) == 0, "%s: %s", text,
					hamle_game_finding_count(g[0]) ? hamle_game_finding_at(g[0], 0)->error.message : "");
				/* the marker is the value as written, where it is written */
				const hamle_token *t = &hamle_game_tokens(g[0])[hamle_game_token_count(g[0]) - 1];
				ck_assert_int_eq(t->kind, HAMLE_TOKEN_RESULT);
				ck_assert_uint_eq(t->line, (h < 3 ? 4u : 2u) + 3);
				const char *v = strrchr(results[k].line, ' ') + 1;
				ck_assert_uint_eq(t->offset, (size_t)(strstr(text, v) - text));
				ck_assert_ptr_nonnull(tu_find_token(g[0], "Nc6"));
				tu_free_games(g, n);
			}
	/* after a header with its own Result, the result line is only the marker (a mismatch is the
	 * replay's to report) */
	hamle_game *g[2];
	size_t n = read_all("Beyaz: A\nSonuç: 1-0\n\n1. e4 e5\n\nSonuç: 0-1\n", g, 2);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(hamle_game_tag(g[0], "Result"), "1-0");
	ck_assert_uint_eq(hamle_game_tag_count(g[0]), 2);
	ck_assert_int_eq(hamle_game_result(g[0]), HAMLE_RESULT_BLACK);
	tu_free_games(g, n);
}
END_TEST

/* Header names in legacy 8-bit files are matched once decoded: Weiß with 0xDF (Latin-1,
 * Windows-1252), Sonuç with 0xE7 and Ş with 0xDE (Windows-1254, ISO-8859-9). */
START_TEST(test_legacy_8bit)
{
	const char *de = "Wei\xdf: A\nSchwarz: B\nErgebnis: 1:0\n\n1. e4 e5\n2. Sf3 Sc6\n";
	hamle_game *g[2];
	size_t n = read_all(de, g, 2);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(hamle_game_tag(g[0], "White"), "A");
	ck_assert_str_eq(hamle_game_tag(g[0], "Black"), "B");
	ck_assert_str_eq(hamle_game_tag(g[0], "Result"), "1-0");
	ck_assert_int_eq(hamle_game_encoding(g[0]), HAMLE_ENCODING_CP1252);
	ck_assert_ptr_null(tu_find_token(g[0], "Weiß:"));
	const hamle_token *t = tu_find_token(g[0], "Sf3");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->offset, (size_t)(strstr(de, "Sf3") - de));
	tu_free_games(g, n);
	const char *tr = "Beyaz: Ay\xfe" "e Y\xfdlmaz\nSiyah: \xdeule\nSonu\xe7: 1-0\n\n1. e4 e5\n2. Af3 Ac6\nSonu\xe7: 1-0\n";
	n = read_all(tr, g, 2);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(hamle_game_tag(g[0], "White"), "Ayşe Yılmaz");
	ck_assert_str_eq(hamle_game_tag(g[0], "Black"), "Şule");
	ck_assert_str_eq(hamle_game_tag(g[0], "Result"), "1-0");
	ck_assert_int_eq(hamle_game_encoding(g[0]), HAMLE_ENCODING_CP1254);
	ck_assert_int_eq(hamle_game_result(g[0]), HAMLE_RESULT_WHITE);
	ck_assert_uint_eq(hamle_game_tag_at(g[0], 1)->offset, (size_t)(strstr(tr, "Siyah") - tr));
	t = tu_find_token(g[0], "Ac6");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->offset, (size_t)(strstr(tr, "Ac6") - tr));
	tu_free_games(g, n);
}
END_TEST

/* A long header line is read: the match limit grows with the line (two million blanks before the
 * end, where the header pattern backtracks once per blank). */
START_TEST(test_long_header_line)
{
	size_t blanks = 2u << 20;
	const char *head = "Beyaz: A\nSiyah: y", *tail = "\n1. e4 *\n";
	size_t len = strlen(head) + blanks + strlen(tail);
	char *text = malloc(len + 1);
	ck_assert_ptr_nonnull(text);
	memcpy(text, head, strlen(head));
	memset(text + strlen(head), ' ', blanks);
	memcpy(text + strlen(head) + blanks, tail, strlen(tail) + 1);
	hamle_game *g[4];
	size_t n = read_all(text, g, 4);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(hamle_game_tag(g[0], "Black"), "y");
	ck_assert_uint_eq(hamle_game_error_count(g[0]), 0);
	tu_free_games(g, n);
	free(text);
}
END_TEST

/* A header pattern that hits its match limit (a locale's pattern that backtracks without end) is
 * no "not a header" but a limit error of the game at that line, and no later locale decides the
 * line; the line stays as it was. */
START_TEST(test_header_pattern_limit)
{
	static const char yaml[] = "tag: xx\nname: X\nscoresheet:\n  patterns:\n"
		"    header: '^(?<key>Siyah): (?<value>(?:a+)+)$'\n";
	hamle_locale *xx = NULL;
	hamle_error err;
	ck_assert_int_eq(hamle_locale_load_buffer(&xx, yaml, strlen(yaml), "xx.yaml", &err), HAMLE_OK);
	list[0] = xx;
	list[1] = locs[1];
	list[2] = locs[0];
	const char *text = "Beyaz: A\nSiyah: aaaaaaaaaaaaaaaaaaaaaaaaaaaab\nTur: 3\n1. e4 *\n";
	hamle_game *g[4];
	size_t n = read_all(text, g, 4);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(hamle_game_tag(g[0], "White"), "A");
	ck_assert_ptr_null(hamle_game_tag(g[0], "Black")); /* tr would take it */
	/* the header block ended there; a known key after it is still read */
	ck_assert_str_eq(hamle_game_tag(g[0], "Round"), "3");
	ck_assert_uint_ge(hamle_game_error_count(g[0]), 1);
	const hamle_finding *f = hamle_game_finding_at(g[0], 0);
	ck_assert_ptr_nonnull(f);
	ck_assert_str_eq(f->id, "limit");
	ck_assert_int_eq(f->error.code, HAMLE_ELIMIT);
	ck_assert_int_eq(f->severity, HAMLE_SEVERITY_ERROR);
	ck_assert_msg(strstr(f->error.message, "match limit") != NULL, "%s", f->error.message);
	ck_assert_uint_eq(f->error.line, 2);
	ck_assert_uint_eq(f->error.column, 1);
	ck_assert_uint_eq(f->error.offset, 9);
	/* the line is the game's movetext as it was */
	ck_assert_ptr_nonnull(tu_find_token(g[0], "Siyah:"));
	tu_free_games(g, n);
	hamle_locale_free(xx);
}
END_TEST

struct pieces {
	const char *s;
	size_t len, at, step;
};

static int read_pieces(void *payload, unsigned char *buf, size_t size, size_t *got)
{
	struct pieces *p = payload;
	size_t n = p->len - p->at < p->step ? p->len - p->at : p->step;
	if (n > size)
		n = size;
	memcpy(buf, p->s + p->at, n);
	p->at += n;
	*got = n;
	return 0;
}

/* Input that comes a few bytes at a time (a pipe, a callback) splits into the same sheets: the
 * splitter reads a line's start across the blocks before it decides; hamle_reader_next reads
 * sheets with the built-in locales when the options name none. */
START_TEST(test_small_reads)
{
	const char *text = "Turnuva: Kulüp\nSonuç: 1-0\n\n1. e4 e5\n2. Af3 1-0\nTurnuva: Kulüp\nSonuç: 0-1\n"
			   "Beyaz: X\n\n1. d4 d5\nTurnuva: Kulüp\n1. c4\n";
	for (size_t step = 1; step <= 5; step++) {
		struct pieces p = { text, strlen(text), 0, step };
		hamle_reader *r;
		ck_assert_int_eq(hamle_reader_new(&r, NULL), 0);
		ck_assert_int_eq(hamle_reader_set_input(r, read_pieces, &p, "t"), 0);
		hamle_game *g = NULL;
		const char *event_line[] = { "1", "6", "11" };
		size_t n = 0;
		int rc;
		while ((rc = hamle_reader_next_reuse(r, &g)) == HAMLE_OK) {
			ck_assert_uint_lt(n, 3);
			ck_assert_str_eq(hamle_game_tag(g, "Event"), "Kulüp");
			ck_assert_uint_eq(hamle_game_line(g), (size_t)atoi(event_line[n]));
			n++;
		}
		ck_assert_int_eq(rc, HAMLE_ITEROVER);
		ck_assert_uint_eq(n, 3);
		hamle_game_free(g);
		hamle_reader_free(r);
	}
}
END_TEST

/* Options of version 2 (before sheet_locales) are still taken: sheets are read with the
 * built-in locales; so is a sheet chunk parsed with no options at all. */
START_TEST(test_options_v2)
{
	hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
	o.version = 2;
	o.sheet_locales = (const hamle_locale *const *)(void *)&o; /* not read: not in version 2 */
	o.n_sheet_locales = 99;
	hamle_reader *r;
	ck_assert_int_eq(hamle_reader_new(&r, &o), 0);
	const char *text = "Weiß: A\nDatum: 1.2.2024\n\n1. e4 *\n";
	ck_assert_int_eq(hamle_reader_set_input_buffer(r, text, strlen(text), "t"), 0);
	hamle_game *g = NULL;
	ck_assert_int_eq(hamle_reader_next(r, &g), HAMLE_OK);
	ck_assert_str_eq(hamle_game_tag(g, "White"), "A");
	ck_assert_str_eq(hamle_game_tag(g, "Date"), "2024.02.01");
	hamle_reader_free(r);
	hamle_chunk c = { .data = (const unsigned char *)text, .len = strlen(text), .source = "t", .game = 1,
		.line = 1, .column = 1, .offset = 0, .total_len = strlen(text), .flags = HAMLE_CHUNK_SCORESHEET };
	ck_assert_int_eq(hamle_game_parse(&g, &c, NULL), 0);
	ck_assert_str_eq(hamle_game_tag(g, "White"), "A");
	ck_assert_str_eq(hamle_game_tag(g, "DateOriginal"), "1.2.2024");
	/* without the flag (a chunk made by hand, not the reader's) the text is movetext */
	c.flags = 0;
	ck_assert_int_eq(hamle_game_parse(&g, &c, NULL), 0);
	ck_assert_uint_eq(hamle_game_tag_count(g), 0);
	hamle_game_free(g);
}
END_TEST

Suite *scoresheet_suite(void)
{
	Suite *s = suite_create("scoresheet");
	TCase *tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_turkish_headers);
	tcase_add_test(tc, test_two_german_sheets);
	tcase_add_test(tc, test_pgn_untouched);
	tcase_add_test(tc, test_unknown_keys);
	tcase_add_test(tc, test_header_blocks_alone);
	tcase_add_test(tc, test_next_sheet);
	tcase_add_test(tc, test_result_line);
	tcase_add_test(tc, test_legacy_8bit);
	tcase_add_test(tc, test_long_header_line);
	tcase_add_test(tc, test_header_pattern_limit);
	tcase_add_test(tc, test_small_reads);
	tcase_add_test(tc, test_options_v2);
	suite_add_tcase(s, tc);
	return s;
}
