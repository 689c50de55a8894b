/* check_filter.c: --where expressions (hamle/filter.h) over games read by the PGN reader. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "hamle/filter.h"
#include "hamle/pgn.h"
#include "suites_decl.h"

static hamle_game *read_one(const char *text)
{
	hamle_reader *r;
	hamle_game *g = NULL;
	ck_assert_int_eq(hamle_reader_new(&r, NULL), 0);
	ck_assert_int_eq(hamle_reader_set_input_buffer(r, text, strlen(text), "t"), 0);
	ck_assert_int_eq(hamle_reader_next(r, &g), HAMLE_OK);
	hamle_reader_free(r);
	return g;
}

static const char *game_text =
	"[Event \"Türkiye Şampiyonası\"]\n[Site \"İstanbul\"]\n[White \"Kasparov, Garry\"]\n"
	"[Black \"Öztürk, Kübra\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n";

static int check(const char *const *exprs, size_t n)
{
	hamle_filter *f;
	hamle_error err;
	ck_assert_int_eq(hamle_filter_new(&f), 0);
	for (size_t i = 0; i < n; i++)
		ck_assert_msg(hamle_filter_add(f, exprs[i], &err) == 0, "%s: %s", exprs[i], err.message);
	hamle_game *g = read_one(game_text);
	int rc = hamle_filter_match(f, g);
	hamle_game_free(g);
	hamle_filter_free(f);
	return rc;
}

static const struct {
	const char *expr;
	int want;
} cases[] = {
	{ "White~/Kasparov/", 1 },
	{ "White~/kasparov/", 0 },
	{ "White~/kasparov/i", 1 },
	{ "White~Kasp", 1 },
	{ "White!~/Karpov/", 1 },
	{ "White!~/Kasparov/", 0 },
	{ "Result=1-0", 1 },
	{ "Result=1-", 0 },
	{ "Result!=0-1", 1 },
	{ "Black~/^Öztürk/", 1 },
	{ "Black~/^öztürk/i", 1 },        /* Unicode case folding: Ö ~ ö */
	{ "Event~/\\bŞampiyonası$/", 1 }, /* UCP: \b around Turkish letters */
	{ "Event~/^\\w+ \\w+$/", 1 },     /* \w matches ü, Ş, ı */
	{ "Site~/istanbul/i", 0 },        /* İ does not fold to i under Unicode simple folding */
	{ "Site~/[iİ]stanbul/", 1 },
	{ "Annotator~/./", 0 },           /* missing tag: no match */
	{ "Annotator!~/./", 1 },          /* missing tag: "does not match" holds */
	{ "Annotator!=x", 1 },
	{ "Annotator=", 0 },
};

START_TEST(test_single)
{
	const char *e = cases[_i].expr;
	ck_assert_msg(check(&e, 1) == cases[_i].want, "%s should give %d", e, cases[_i].want);
}
END_TEST

START_TEST(test_all_must_hold)
{
	const char *both[] = { "White~/Kasparov/i", "Result=1-0" };
	ck_assert_int_eq(check(both, 2), 1);
	const char *one_fails[] = { "White~/Kasparov/i", "Result=0-1" };
	ck_assert_int_eq(check(one_fails, 2), 0);
	ck_assert_int_eq(check(NULL, 0), 1);
	ck_assert_int_eq(hamle_filter_match(NULL, NULL), 1);
}
END_TEST

START_TEST(test_errors)
{
	hamle_filter *f;
	hamle_error err;
	ck_assert_int_eq(hamle_filter_new(&f), 0);
	/* PCRE2's own message and the position of the problem in the expression */
	ck_assert_int_eq(hamle_filter_add(f, "White~/Kas(parov/", &err), HAMLE_EUSAGE);
	ck_assert_msg(strstr(err.message, "missing closing parenthesis") != NULL, "%s", err.message);
	ck_assert_uint_eq(err.column, 17); /* where the pattern ends: the closing slash */
	ck_assert_int_eq(hamle_filter_add(f, "White~/a[/", &err), HAMLE_EUSAGE);
	ck_assert_msg(strstr(err.message, "missing terminating ]") != NULL, "%s", err.message);
	ck_assert_int_eq(hamle_filter_add(f, "Şehir~/x/", &err), HAMLE_EUSAGE);
	ck_assert_uint_eq(err.column, 1);
	ck_assert_int_eq(hamle_filter_add(f, "White", &err), HAMLE_EUSAGE);
	ck_assert_uint_eq(err.column, 6);
	ck_assert_int_eq(hamle_filter_add(f, "White~/x/q", &err), HAMLE_EUSAGE);
	ck_assert_uint_eq(err.column, 10);
	ck_assert_int_eq(hamle_filter_add(f, "White~/x", &err), HAMLE_EUSAGE);
	ck_assert_uint_eq(hamle_filter_count(f), 0);
	/* column counts characters: the error after "Ö" is at character 9, byte 9 */
	ck_assert_int_eq(hamle_filter_add(f, "White~/Ö(/", &err), HAMLE_EUSAGE);
	ck_assert_uint_eq(err.column, 10);
	ck_assert_uint_eq(err.offset, 10);
	hamle_filter_free(f);
	hamle_filter_free(NULL);
}
END_TEST

/* A pattern that backtracks without end on a value: neither match nor no match, but an error with
 * the tag's position (before, PCRE2's limit error read as "no match": ~ left the game out and !~
 * took it). */
START_TEST(test_match_limit)
{
	const char *text = "[Event \"x\"]\n[White \"aaaaaaaaaaaaaaaaaaaaaaaaaaaab Z\"]\n\n1. e4 *\n";
	hamle_game *g = read_one(text);
	const char *ops[] = { "White~/(a+)+$|Z/", "White!~/(a+)+$|Z/" };
	for (int i = 0; i < 2; i++) {
		hamle_filter *f;
		hamle_error err;
		ck_assert_int_eq(hamle_filter_new(&f), 0);
		ck_assert_int_eq(hamle_filter_add(f, ops[i], &err), 0);
		ck_assert_int_eq(hamle_filter_match(f, g), HAMLE_ELIMIT);
		memset(&err, 0x55, sizeof(err));
		ck_assert_int_eq(hamle_filter_check(f, g, &err), HAMLE_ELIMIT);
		ck_assert_int_eq(err.code, HAMLE_ELIMIT);
		ck_assert_msg(strstr(err.message, "match limit") && strstr(err.message, "tag White"), "%s", err.message);
		ck_assert_str_eq(err.token, ops[i]);
		ck_assert_uint_eq(err.line, 2);
		ck_assert_uint_eq(err.column, 1);
		ck_assert_uint_eq(err.offset, (size_t)(strstr(text, "[White") - text));
		ck_assert_uint_eq(err.game, 1);
		ck_assert_uint_eq(err.ply, 0);
		/* another expression that does not hold decides, whatever its order */
		ck_assert_int_eq(hamle_filter_add(f, "Event=y", &err), 0);
		ck_assert_int_eq(hamle_filter_check(f, g, &err), 0);
		hamle_filter_free(f);
	}
	hamle_filter *f;
	ck_assert_int_eq(hamle_filter_new(&f), 0);
	ck_assert_int_eq(hamle_filter_add(f, "Event=x", NULL), 0);
	ck_assert_int_eq(hamle_filter_add(f, "White~/(a+)+$|Z/", NULL), 0);
	ck_assert_int_eq(hamle_filter_check(f, g, NULL), HAMLE_ELIMIT);
	hamle_filter_free(f);
	hamle_game_free(g);
}
END_TEST

/* The limits leave room for plain patterns on the longest tag value the reader takes (64 KB). */
START_TEST(test_limit_room)
{
	static char text[70000];
	size_t n = (size_t)snprintf(text, sizeof(text), "[White \"");
	memset(text + n, 'x', 65000);
	n += 65000;
	snprintf(text + n, sizeof(text) - n, "son\"]\n\n1. e4 *\n");
	hamle_game *g = read_one(text);
	const char *exprs[] = { "White~/^.*son$/", "White~/x+son/", "White~/^(?:\\w+\\s?)+$/i", "White!~/Kasparov/" };
	for (size_t i = 0; i < sizeof(exprs) / sizeof(exprs[0]); i++) {
		hamle_filter *f;
		ck_assert_int_eq(hamle_filter_new(&f), 0);
		ck_assert_int_eq(hamle_filter_add(f, exprs[i], NULL), 0);
		ck_assert_msg(hamle_filter_match(f, g) == 1, "%s", exprs[i]);
		hamle_filter_free(f);
	}
	hamle_game_free(g);
}
END_TEST

Suite *filter_suite(void)
{
	Suite *s = suite_create("filter");
	TCase *tc = tcase_create("core");
	tcase_add_loop_test(tc, test_single, 0, (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, test_all_must_hold);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_match_limit);
	tcase_add_test(tc, test_limit_room);
	suite_add_tcase(s, tc);
	return s;
}
