/* check_sheet_values.c: the values of typed scoresheet headers in PGN form, read by the reader:
 * dates as people write them (the order of day and month and the month names of the key's
 * locale), the value as written in <Name>Original, and what cannot be read kept as written with
 * a header-value warning at the value. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "hamle/locale.h"
#include "hamle/pgn.h"
#include "suites_decl.h"
#include "testutil.h"

static hamle_locale *locs[3];

static void setup(void)
{
	const char *tags[] = { "en", "tr", "de" };
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(hamle_locale_load_builtin(&locs[i], tags[i], NULL), 0);
}

static void teardown(void)
{
	for (int i = 0; i < 3; i++)
		hamle_locale_free(locs[i]);
}

/* Reads every game of text with the locales en, tr, de; returns the count. */
static size_t read_all(const char *text, hamle_game **g, size_t max)
{
	hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
	const hamle_locale *list[3] = { locs[0], locs[1], locs[2] };
	o.sheet_locales = list;
	o.n_sheet_locales = 3;
	hamle_reader *r;
	ck_assert_int_eq(hamle_reader_new(&r, &o), 0);
	ck_assert_int_eq(hamle_reader_set_input_buffer(r, text, strlen(text), "t"), 0);
	size_t n = 0;
	while (n < max && (g[n] = NULL, hamle_reader_next(r, &g[n])) == HAMLE_OK)
		n++;
	hamle_reader_free(r);
	return n;
}

static const hamle_finding *find_finding(const hamle_game *g, const char *id)
{
	for (size_t i = 0; i < hamle_game_finding_count(g); i++)
		if (strcmp(hamle_game_finding_at(g, i)->id, id) == 0)
			return hamle_game_finding_at(g, i);
	return NULL;
}

/* A header value that is no result stays as written, with a warning at the value. */
START_TEST(test_header_value_kept)
{
	const char *text = "Beyaz: A\nSonuç: 1-0 (hükmen) 1-0\nTur: 3\n\n1. e4 1-0\n";
	hamle_game *g[4];
	size_t n = read_all(text, g, 4);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(hamle_game_tag(g[0], "Result"), "1-0 (hükmen) 1-0");
	ck_assert_ptr_null(hamle_game_tag(g[0], "ResultOriginal"));
	ck_assert_str_eq(hamle_game_tag(g[0], "Round"), "3");
	const hamle_finding *f = find_finding(g[0], "header-value");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(f->severity, HAMLE_SEVERITY_WARNING);
	ck_assert_uint_eq(f->error.line, 2);
	ck_assert_uint_eq(f->error.column, 8);
	ck_assert_uint_eq(f->error.offset, 17);
	ck_assert_str_eq(f->error.token, "1-0 (hükmen) 1-0");
	ck_assert_uint_eq(hamle_game_error_count(g[0]), 0);
	const hamle_token *t = tu_find_token(g[0], "e4");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->line, 5);
	ck_assert_uint_eq(t->offset, (size_t)(strstr(text, "e4") - text));
	tu_free_games(g, n);
}
END_TEST

/* Dates as people write them, in PGN form; the value as written in DateOriginal; what cannot be
 * read (or whose day and month could be either way in the key's locale) as written, warned. */
START_TEST(test_dates)
{
	static const struct { const char *key, *written, *want; int warned; } dates[] = {
		{ "Tarih", "12.03.2024", "2024.03.12", 0 },
		{ "Tarih", "12/03/2024", "2024.03.12", 0 },
		{ "Tarih", "2024-03-12", "2024.03.12", 0 },
		{ "Tarih", "12 Mart 2024", "2024.03.12", 0 },
		{ "Tarih", "12 mart 2024", "2024.03.12", 0 },
		{ "Tarih", "1 Şubat 2024", "2024.02.01", 0 },
		{ "Tarih", "03/04/2024", "2024.04.03", 0 },
		{ "Datum", "12. März 2024", "2024.03.12", 0 },
		{ "Datum", "12.03.2024", "2024.03.12", 0 },
		{ "Datum", "3. Okt. 2023", "2023.10.03", 0 },
		{ "Date", "2024/03/12", "2024.03.12", 0 },
		{ "Date", "March 12, 2024", "2024.03.12", 0 },
		{ "Date", "12 Mar 2024", "2024.03.12", 0 },
		{ "Date", "13/04/2024", "2024.04.13", 0 },
		{ "Date", "04/13/2024", "2024.04.13", 0 },
		{ "Date", "04/04/2024", "2024.04.04", 0 },
		{ "Date", "2024.03.12", "2024.03.12", 0 },
		{ "Date", "2024.??.??", "2024.??.??", 0 },
		{ "Date", "03/04/2024", "03/04/2024", 1 }, /* English fixes no order */
		{ "Tarih", "31.02.2024", "31.02.2024", 1 },
		{ "Tarih", "12.03.24", "12.03.24", 1 },
		{ "Tarih", "12 March 2024", "12 March 2024", 1 }, /* no Turkish month */
		{ "Date", "sometime in spring", "sometime in spring", 1 },
		{ "Datum", "29.02.2023", "29.02.2023", 1 },
		{ "Datum", "29.02.2024", "2024.02.29", 0 },
	};
	for (size_t i = 0; i < sizeof(dates) / sizeof(dates[0]); i++) {
		char text[200];
		snprintf(text, sizeof(text), "White: A\n%s: %s\n\n1. e4 *\n", dates[i].key, dates[i].written);
		hamle_game *g[2];
		size_t n = read_all(text, g, 2);
		ck_assert_uint_eq(n, 1);
		ck_assert_msg(strcmp(hamle_game_tag(g[0], "Date"), dates[i].want) == 0, "%s: %s", dates[i].written,
			hamle_game_tag(g[0], "Date"));
		const char *orig = hamle_game_tag(g[0], "DateOriginal");
		if (strcmp(dates[i].want, dates[i].written) != 0)
			ck_assert_str_eq(orig, dates[i].written);
		else
			ck_assert_ptr_null(orig);
		const hamle_finding *f = find_finding(g[0], "header-value");
		ck_assert_msg((f != NULL) == dates[i].warned, "%s: %s", dates[i].written, f ? f->error.message : "no warning");
		if (f) {
			ck_assert_uint_eq(f->error.line, 2);
			ck_assert_uint_eq(f->error.column, strlen(dates[i].key) + 3);
			ck_assert_str_eq(f->error.token, dates[i].written);
		}
		ck_assert_uint_eq(hamle_game_error_count(g[0]), 0);
		tu_free_games(g, n);
	}
	/* ambiguity is said with both readings */
	hamle_game *g[2];
	size_t n = read_all("Date: 03/04/2024\n\n1. e4 *\n", g, 2);
	const hamle_finding *f = find_finding(g[0], "header-value");
	ck_assert_ptr_nonnull(f);
	ck_assert_msg(strstr(f->error.message, "2024.04.03 or 2024.03.04") != NULL, "%s", f->error.message);
	tu_free_games(g, n);
}
END_TEST

Suite *sheet_values_suite(void)
{
	Suite *s = suite_create("sheet_values");
	TCase *tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_header_value_kept);
	tcase_add_test(tc, test_dates);
	suite_add_tcase(s, tc);
	return s;
}
