/* check_where.c: --where on the command line (cmd/common/select/where.h): the usage error of a bad
 * expression, its caret under the character of the problem, and its text in every language. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "msg.h"
#include "where.h"
#include "suites_decl.h"

START_TEST(test_caret)
{
	char buf[HAMLE_USAGE_ARG_MAX];
	hamle_where_caret(buf, sizeof(buf), "White=x )", 8);
	ck_assert_str_eq(buf, "  White=x )\n          ^");
	/* the caret counts characters, and a tab is shown as a space */
	hamle_where_caret(buf, sizeof(buf), "Event=Şa\t)", 10);
	ck_assert_str_eq(buf, "  Event=Şa )\n           ^");
	/* at the end of the expression */
	hamle_where_caret(buf, sizeof(buf), "a=1 &&", 6);
	ck_assert_str_eq(buf, "  a=1 &&\n        ^");
	/* a long expression is shown around the problem, cut with "..." */
	char expr[400];
	memset(expr, 'x', 300);
	memcpy(expr, "White=", 6);
	strcpy(expr + 300, " )");
	size_t n = hamle_where_caret(buf, sizeof(buf), expr, 301);
	ck_assert_uint_lt(n, sizeof(buf));
	char *nl = strchr(buf, '\n');
	ck_assert_ptr_nonnull(nl);
	ck_assert_msg(strncmp(buf, "  ...", 5) == 0, "%s", buf);
	ck_assert_msg(strchr(buf, ')') != NULL, "%s", buf);
	/* the caret sits under the ')' */
	size_t col = (size_t)(strchr(buf, ')') - buf);
	ck_assert_uint_eq(strlen(nl + 1), col + 1);
	ck_assert_int_eq(nl[1 + col], '^');
}
END_TEST

START_TEST(test_usage)
{
	hamle_filter *f = NULL;
	hamle_usage u = HAMLE_USAGE_INIT;
	ck_assert_int_eq(hamle_where_add(&f, "Elo>=2600 && Date>=2000", &u), 0);
	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_null(u.key);
	ck_assert_int_eq(hamle_where_add(&f, "WhiteElo>2700 Black=x", &u), HAMLE_EUSAGE);
	ck_assert_str_eq(u.key, "usage_where");
	ck_assert_uint_eq(hamle_filter_count(f), 1);
	hamle_msg m;
	hamle_msg_init(&m, "hamle-test");
	char text[1024];
	hamle_usage_text(&m, &u, text, sizeof(text));
	ck_assert_str_eq(text, "--where: expected '&&', '||', ')' or the end of the expression at character 15\n"
		"  WhiteElo>2700 Black=x\n"
		"                ^");
	hamle_filter_free(f);
}
END_TEST

Suite *where_suite(void)
{
	Suite *s = suite_create("where");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_caret);
	tcase_add_test(tc, test_usage);
	suite_add_tcase(s, tc);
	return s;
}
