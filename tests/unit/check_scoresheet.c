/* check_scoresheet.c: typed scoresheet headers (Beyaz:/Weiß:/White:) to tags, chunk joining,
 * positions of movetext tokens kept exact. */
#include <check.h>
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
	hamle_chunk in = { (const unsigned char *)pgn, strlen(pgn), "t", 1, 1, 1, 0, strlen(pgn), 0 }, out;
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
	hamle_chunk in = { (const unsigned char *)text, strlen(text), "t", 1, 1, 1, 100, strlen(text), 0 }, out;
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

Suite *scoresheet_suite(void)
{
	Suite *s = suite_create("scoresheet");
	TCase *tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_turkish_headers);
	tcase_add_test(tc, test_two_german_sheets);
	tcase_add_test(tc, test_pgn_untouched);
	tcase_add_test(tc, test_unknown_keys);
	suite_add_tcase(s, tc);
	return s;
}
