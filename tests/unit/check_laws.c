/* Laws by date (suite "laws"): hamle_laws_on, hamle_laws_for_date and hamle_game_laws -- which
 * date-dependent rules of the FIDE Laws apply, at the boundaries and with unknown parts. */
#include <check.h>
#include <string.h>

#include "hamle/replay.h"
#include "hamle/rules.h"
#include "suites_decl.h"

#define AUTO (HAMLE_LAW_FIVEFOLD_AUTOMATIC | HAMLE_LAW_SEVENTY_FIVE_AUTOMATIC)
#define ESHEET HAMLE_LAW_ELECTRONIC_SCORESHEET

static const struct date_case {
	const char *date;
	int rc;
	unsigned in_force, uncertain;
} date_cases[] = {
	/* the automatic draws: from 1 July 2014 */
	{"2014.06.30", HAMLE_OK, 0, 0},
	{"2014.07.01", HAMLE_OK, AUTO, 0},
	{"2014.07.02", HAMLE_OK, AUTO, 0},
	{"1851.??.??", HAMLE_OK, 0, 0},
	{"2010.??.??", HAMLE_OK, 0, 0},
	{"2013.12.31", HAMLE_OK, 0, 0},
	{"2015.01.01", HAMLE_OK, AUTO, 0},
	/* the electronic scoresheet: from 1 January 2023 */
	{"2022.12.31", HAMLE_OK, AUTO, 0},
	{"2023.01.01", HAMLE_OK, AUTO | ESHEET, 0},
	{"2026.05.17", HAMLE_OK, AUTO | ESHEET, 0},
	/* unknown parts that decide nothing near a boundary, or that do */
	{"2014.??.??", HAMLE_OK, AUTO, AUTO},       /* January or December: undecided */
	{"2014.06.??", HAMLE_OK, 0, 0},             /* all of June is before */
	{"2014.07.??", HAMLE_OK, AUTO, 0},          /* all of July is after */
	{"2014.??.01", HAMLE_OK, AUTO, AUTO},
	{"2014.0?.??", HAMLE_OK, AUTO, AUTO},       /* January to September */
	{"2014.1?.??", HAMLE_OK, AUTO, 0},          /* October to December */
	{"201?.??.??", HAMLE_OK, AUTO, AUTO},
	{"199?.??.??", HAMLE_OK, 0, 0},
	{"202?.??.??", HAMLE_OK, AUTO | ESHEET, ESHEET},
	{"2014", HAMLE_OK, AUTO, AUTO},
	{"2014.08", HAMLE_OK, AUTO, 0},
	{"2014.00.00", HAMLE_OK, AUTO, AUTO},       /* 00: unknown month and day */
	/* an unknown date: the current Laws, every rule undecided */
	{"????.??.??", HAMLE_OK, HAMLE_LAWS_CURRENT, HAMLE_LAWS_CURRENT},
	{"", HAMLE_OK, HAMLE_LAWS_CURRENT, HAMLE_LAWS_CURRENT},
	{"0000.00.00", HAMLE_OK, HAMLE_LAWS_CURRENT, HAMLE_LAWS_CURRENT},
	/* not a date: as unknown, and said so */
	{"2014-07-01", HAMLE_ESYNTAX, HAMLE_LAWS_CURRENT, HAMLE_LAWS_CURRENT},
	{"2014.13.01", HAMLE_ESYNTAX, HAMLE_LAWS_CURRENT, HAMLE_LAWS_CURRENT},
	{"2014.07.32", HAMLE_ESYNTAX, HAMLE_LAWS_CURRENT, HAMLE_LAWS_CURRENT},
	{"2014.07.01 ", HAMLE_ESYNTAX, HAMLE_LAWS_CURRENT, HAMLE_LAWS_CURRENT},
	{"July 2014", HAMLE_ESYNTAX, HAMLE_LAWS_CURRENT, HAMLE_LAWS_CURRENT},
	{"14.07.01", HAMLE_ESYNTAX, HAMLE_LAWS_CURRENT, HAMLE_LAWS_CURRENT},
};

START_TEST(laws_for_date_table)
{
	const struct date_case *c = &date_cases[_i];
	hamle_laws l = {99, 99};
	ck_assert_msg(hamle_laws_for_date(&l, c->date) == c->rc, "%s: status", c->date);
	ck_assert_msg(l.in_force == c->in_force, "%s: in force %#x, want %#x", c->date, l.in_force, c->in_force);
	ck_assert_msg(l.uncertain == c->uncertain, "%s: uncertain %#x, want %#x", c->date, l.uncertain,
		c->uncertain);
}
END_TEST

START_TEST(laws_on_numbers)
{
	hamle_laws l;
	hamle_laws_on(&l, 2014, 6, 30);
	ck_assert_uint_eq(l.in_force, 0);
	hamle_laws_on(&l, 2014, 7, 1);
	ck_assert_uint_eq(l.in_force, AUTO);
	ck_assert_uint_eq(l.uncertain, 0);
	hamle_laws_on(&l, 2014, 0, 0); /* any day of 2014 */
	ck_assert_uint_eq(l.in_force, AUTO);
	ck_assert_uint_eq(l.uncertain, AUTO);
	hamle_laws_on(&l, 2014, 7, 0); /* any day of July 2014 */
	ck_assert_uint_eq(l.in_force, AUTO);
	ck_assert_uint_eq(l.uncertain, 0);
	hamle_laws_on(&l, 2014, 6, 0);
	ck_assert_uint_eq(l.in_force, 0);
	hamle_laws_on(&l, 0, 0, 0); /* unknown: today's Laws, none decided */
	ck_assert_uint_eq(l.in_force, HAMLE_LAWS_CURRENT);
	ck_assert_uint_eq(l.uncertain, HAMLE_LAWS_CURRENT);
	hamle_laws_on(&l, 1990, 13, 40); /* impossible month and day: any day of 1990 */
	ck_assert_uint_eq(l.in_force, 0);
	hamle_laws_on(&l, 100000, 1, 1);
	ck_assert_uint_eq(l.in_force, HAMLE_LAWS_CURRENT);
	ck_assert_uint_eq(l.uncertain, 0);
	hamle_laws_on(NULL, 2014, 7, 1); /* NULL-safe */
	ck_assert_int_eq(hamle_laws_for_date(NULL, "2014.07.01"), HAMLE_EUSAGE);
	ck_assert_int_eq(hamle_laws_for_date(&l, NULL), HAMLE_OK);
	ck_assert_uint_eq(l.in_force, HAMLE_LAWS_CURRENT);
}
END_TEST

/* hamle_game_laws reads the game's (first) Date tag. */
START_TEST(game_laws_from_date_tag)
{
	static const char text[] = "[Event \"a\"]\n[Date \"2013.05.04\"]\n[Date \"2020.01.01\"]\n\n1. e4 *\n\n"
		"[Event \"b\"]\n\n1. e4 *\n";
	hamle_reader *r = NULL;
	ck_assert_int_eq(hamle_reader_new(&r, NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_set_input_buffer(r, text, strlen(text), "t"), HAMLE_OK);
	hamle_game *g = NULL;
	hamle_laws l;
	ck_assert_int_eq(hamle_reader_next(r, &g), HAMLE_OK);
	ck_assert_int_eq(hamle_game_laws(&l, g), HAMLE_OK);
	ck_assert_uint_eq(l.in_force, 0);
	hamle_game_free(g);
	g = NULL;
	ck_assert_int_eq(hamle_reader_next(r, &g), HAMLE_OK);
	ck_assert_int_eq(hamle_game_laws(&l, g), HAMLE_OK); /* no Date: the current Laws */
	ck_assert_uint_eq(l.in_force, HAMLE_LAWS_CURRENT);
	ck_assert_uint_eq(l.uncertain, HAMLE_LAWS_CURRENT);
	hamle_game_free(g);
	hamle_reader_free(r);
}
END_TEST

Suite *laws_suite(void)
{
	Suite *s = suite_create("laws");
	TCase *tc = tcase_create("dates");
	tcase_add_loop_test(tc, laws_for_date_table, 0, (int)(sizeof(date_cases) / sizeof(date_cases[0])));
	tcase_add_test(tc, laws_on_numbers);
	tcase_add_test(tc, game_laws_from_date_tag);
	suite_add_tcase(s, tc);
	return s;
}
