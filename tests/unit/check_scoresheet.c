/* check_scoresheet.c: typed scoresheet headers (Beyaz:/Weiß:/White:) to tags, chunk joining,
 * positions of movetext tokens kept exact. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/locale.h"
#include "hamle/pgn.h"
#include "hamle/scoresheet.h"
#include "suites_decl.h"

static hamle_locale *locs[3];
static hamle_scoresheet *sc;

static void setup(void)
{
	const char *tags[] = { "en", "tr", "de" };
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(hamle_locale_load_builtin(&locs[i], tags[i], NULL), 0);
	ck_assert_int_eq(hamle_scoresheet_new(&sc, (const hamle_locale *const *)locs, 3), 0);
}

static void teardown(void)
{
	hamle_scoresheet_free(sc);
	for (int i = 0; i < 3; i++)
		hamle_locale_free(locs[i]);
}

/* Reads every game of text through the scoresheet wrapper; returns the count, the games in g[]. */
static size_t read_all(const char *text, hamle_game **g, size_t max)
{
	hamle_reader *r;
	ck_assert_int_eq(hamle_reader_new(&r, NULL), 0);
	ck_assert_int_eq(hamle_reader_set_input_buffer(r, text, strlen(text), "t"), 0);
	hamle_chunk ch;
	size_t n = 0;
	int rc;
	while ((rc = hamle_scoresheet_next_chunk(sc, r, &ch)) == HAMLE_OK) {
		ck_assert_uint_lt(n, max);
		g[n] = NULL;
		ck_assert_int_eq(hamle_game_parse(&g[n], &ch, NULL), 0);
		hamle_scoresheet_fix_offsets(sc, &ch, g[n]);
		ck_assert_uint_eq(hamle_game_index(g[n]), n + 1);
		n++;
	}
	ck_assert_int_eq(rc, HAMLE_ITEROVER);
	hamle_reader_free(r);
	return n;
}

static const hamle_token *find_token(const hamle_game *g, const char *text)
{
	const hamle_token *t = hamle_game_tokens(g);
	for (size_t i = 0; i < hamle_game_token_count(g); i++)
		if (t[i].len == strlen(text) && memcmp(t[i].text, text, t[i].len) == 0)
			return &t[i];
	return NULL;
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
	ck_assert_uint_eq(hamle_game_offset(g[0]), 0);
	ck_assert_uint_eq(hamle_game_tag_at(g[0], 2)->offset, (size_t)(strstr(text, "Sonuç") - text));
	ck_assert_uint_eq(hamle_game_error_count(g[0]), 0);
	/* movetext positions are those of the input */
	const hamle_token *t = find_token(g[0], "Af3");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->line, 8);
	ck_assert_uint_eq(t->column, 4);
	ck_assert_uint_eq(t->offset, (size_t)(strstr(text, "Af3") - text));
	t = find_token(g[0], "Fc5");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->line, 9);
	ck_assert_uint_eq(t->column, 7);
	ck_assert_uint_eq(t->offset, (size_t)(strstr(text, "Fc5") - text));
	ck_assert_int_eq(hamle_game_result(g[0]), HAMLE_RESULT_WHITE);
	hamle_game_free(g[0]);
}
END_TEST

START_TEST(test_two_german_sheets)
{
	/* "Ergebnis: 1:0" ends the reader's game after the header: the wrapper joins it again */
	const char *text = "Weiß: Anderssen\nSchwarz: Dufresne\nErgebnis: 1:0\nOrt: Berlin\n\n"
			   "1. e4 e5\n2. Sf3 Sc6\n1:0\n\nWeiss: A\nSchwarz: B\nErgebnis: 0:1\n\n1. f3 e5 2. g4 Dh4# 0:1\n";
	hamle_game *g[4];
	size_t n = read_all(text, g, 4);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(hamle_game_tag(g[0], "White"), "Anderssen");
	ck_assert_str_eq(hamle_game_tag(g[0], "Site"), "Berlin");
	ck_assert_str_eq(hamle_game_tag(g[0], "Result"), "1:0");
	const hamle_token *t = find_token(g[0], "Sf3");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->line, 7);
	ck_assert_uint_eq(t->column, 4);
	ck_assert_uint_eq(t->offset, (size_t)(strstr(text, "Sf3") - text));
	ck_assert_str_eq(hamle_game_tag(g[1], "White"), "A");
	ck_assert_str_eq(hamle_game_tag(g[1], "Black"), "B");
	t = find_token(g[1], "Dh4#");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->line, 14);
	ck_assert_uint_eq(t->offset, (size_t)(strstr(text, "Dh4#") - text));
	ck_assert_int_eq(hamle_game_result(g[1]), HAMLE_RESULT_BLACK);
	hamle_game_free(g[0]);
	hamle_game_free(g[1]);
}
END_TEST

START_TEST(test_pgn_untouched)
{
	const char *pgn = "[White \"X\"]\n\n1. e4 e5 *\n";
	hamle_chunk in = { .data = (const unsigned char *)pgn, .len = strlen(pgn), .source = "t", .game = 1,
		.line = 1, .column = 1, .offset = 0, .total_len = strlen(pgn) }, out;
	ck_assert_int_eq(hamle_scoresheet_rewrite(sc, &out, &in), 0);
	ck_assert_ptr_eq(out.data, in.data);
	/* movetext only, no headers: untouched */
	const char *moves = "1.e4 e5\n2.Af3 Ac6\n";
	in.data = (const unsigned char *)moves;
	in.len = strlen(moves);
	ck_assert_int_eq(hamle_scoresheet_rewrite(sc, &out, &in), 0);
	int only = 0;
	ck_assert_uint_eq(hamle_scoresheet_headers(sc, in.data, in.len, &only), 0);
	ck_assert_int_eq(only, 0);
	/* unknown keys alone are no scoresheet header (a label before moves) */
	const char *label = "de: 1.e4 e5 2.Sf3 Sc6\n";
	in.data = (const unsigned char *)label;
	in.len = strlen(label);
	ck_assert_int_eq(hamle_scoresheet_rewrite(sc, &out, &in), 0);
}
END_TEST

START_TEST(test_unknown_keys)
{
	/* an unknown ASCII key becomes a tag of its name; a non-ASCII unknown key ends the headers */
	const char *text = "White: Tal\nECO: B20\nAçılış: Sicilya\n1. e4 c5 *\n";
	hamle_chunk in = { .data = (const unsigned char *)text, .len = strlen(text), .source = "t", .game = 1,
		.line = 1, .column = 1, .offset = 100, .total_len = strlen(text) }, out;
	ck_assert_int_eq(hamle_scoresheet_rewrite(sc, &out, &in), 2);
	const char *want = "[White \"Tal\"]\n[ECO \"B20\"]\nAçılış: Sicilya\n1. e4 c5 *\n";
	ck_assert_uint_eq(out.len, strlen(want));
	ck_assert(memcmp(out.data, want, out.len) == 0);
	/* the header block grew by 6 bytes: the base offset moves back by 6 */
	ck_assert_uint_eq(out.offset, 94);
	hamle_game *g = NULL;
	ck_assert_int_eq(hamle_game_parse(&g, &out, NULL), 0);
	hamle_scoresheet_fix_offsets(sc, &out, g);
	ck_assert_uint_eq(hamle_game_offset(g), 100);
	ck_assert_uint_eq(hamle_game_tag_at(g, 1)->offset, 111);
	hamle_game_free(g);
	ck_assert_uint_eq(out.line, 1);
}
END_TEST

/* Header blocks with no moves: one game each (the block after a complete one used to be joined
 * to it, one game for the whole file, in time quadratic in its length). */
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
			hamle_game_free(g[i]);
		}
		hamle_scoresheet_free(sc); /* games are numbered per wrapper */
		ck_assert_int_eq(hamle_scoresheet_new(&sc, (const hamle_locale *const *)locs, 3), 0);
	}
}
END_TEST

/* A header block that starts with a key the block before has is the next sheet's, with or without
 * moves of its own; keys the block lacks still join it ("Sonuç: 1-0" ended the reader's game). */
START_TEST(test_next_sheet)
{
	const char *text = "Beyaz: A\nSiyah: B\nSonuç: 1-0\n\nBeyaz: C\nSiyah: D\nSonuç: 0-1\nTarih: 2024.01.01\n"
			   "ECO: C20\n\n1. e4 e5\n2. Af3 0-1\nBeyaz: E\nSonuç: *\nSiyah: F\n\n1. d4 *\n";
	hamle_game *g[8];
	size_t n = read_all(text, g, 8);
	ck_assert_uint_eq(n, 3);
	ck_assert_str_eq(hamle_game_tag(g[0], "White"), "A");
	ck_assert_ptr_null(hamle_game_tag(g[0], "Date"));
	ck_assert_uint_eq(hamle_game_token_count(g[0]), 0);
	ck_assert_str_eq(hamle_game_tag(g[1], "White"), "C");
	ck_assert_str_eq(hamle_game_tag(g[1], "Date"), "2024.01.01");
	ck_assert_str_eq(hamle_game_tag(g[1], "ECO"), "C20");
	ck_assert_uint_eq(hamle_game_offset(g[1]), (size_t)(strstr(text, "Beyaz: C") - text));
	const hamle_token *t = find_token(g[1], "Af3");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->line, 12);
	ck_assert_uint_eq(t->column, 4);
	ck_assert_uint_eq(t->offset, (size_t)(strstr(text, "Af3") - text));
	ck_assert_int_eq(hamle_game_result(g[1]), HAMLE_RESULT_BLACK);
	ck_assert_str_eq(hamle_game_tag(g[2], "White"), "E");
	ck_assert_str_eq(hamle_game_tag(g[2], "Black"), "F");
	ck_assert_ptr_nonnull(find_token(g[2], "d4"));
	for (size_t i = 0; i < n; i++) {
		ck_assert_uint_eq(hamle_game_error_count(g[i]), 0);
		hamle_game_free(g[i]);
	}
}
END_TEST

/* A header line that a result word cut in two is one line again: "Sonuç: 1-0 (hükmen)". */
START_TEST(test_header_line_continued)
{
	const char *text = "Beyaz: A\nSonuç: 1-0 (hükmen) 1-0\nTur: 3\n\n1. e4 1-0\n";
	hamle_game *g[4];
	size_t n = read_all(text, g, 4);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(hamle_game_tag(g[0], "Result"), "1-0 (hükmen) 1-0");
	ck_assert_str_eq(hamle_game_tag(g[0], "Round"), "3");
	const hamle_token *t = find_token(g[0], "e4");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->line, 5);
	ck_assert_uint_eq(t->offset, (size_t)(strstr(text, "e4") - text));
	hamle_game_free(g[0]);
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
	hamle_game_free(g[0]);
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
	hamle_scoresheet_free(sc);
	const hamle_locale *list[] = { xx, locs[1], locs[0] };
	ck_assert_int_eq(hamle_scoresheet_new(&sc, list, 3), 0);
	const char *text = "Beyaz: A\nSiyah: aaaaaaaaaaaaaaaaaaaaaaaaaaaab\nTur: 3\n1. e4 *\n";
	hamle_game *g[4];
	size_t n = read_all(text, g, 4);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(hamle_game_tag(g[0], "White"), "A");
	ck_assert_ptr_null(hamle_game_tag(g[0], "Black")); /* tr would take it */
	ck_assert_ptr_null(hamle_game_tag(g[0], "Round"));
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
	/* the line is the game's text as it was */
	size_t tlen;
	ck_assert_ptr_nonnull(strstr(hamle_game_text(g[0], &tlen), "Siyah: aaaa"));
	hamle_game_free(g[0]);
	hamle_locale_free(xx);
}
END_TEST

Suite *scoresheet_suite(void)
{
	Suite *s = suite_create("scoresheet");
	TCase *tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_turkish_headers);
	tcase_add_test(tc, test_two_german_sheets);
	tcase_add_test(tc, test_pgn_untouched);
	tcase_add_test(tc, test_unknown_keys);
	tcase_add_test(tc, test_header_blocks_alone);
	tcase_add_test(tc, test_next_sheet);
	tcase_add_test(tc, test_header_line_continued);
	tcase_add_test(tc, test_long_header_line);
	tcase_add_test(tc, test_header_pattern_limit);
	suite_add_tcase(s, tc);
	return s;
}
