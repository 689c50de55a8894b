/* check_cli_common.c: cmd/common's option table, messages, JSON and buffers (the pool, the inputs
 * and the output: check_cli_io.c). */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "capture.h"
#include "json.h"
#include "msg.h"
#include "opt.h"

/* ---------------- opt ---------------- */

enum { O_JOBS = 1, O_FORMAT, O_QUIET, O_VERBOSE, O_COLOR, O_LONGONLY };

static const hamle_cli_opt test_opts[] = {
	{"jobs", 'j', HAMLE_OPT_ARG, "N", "run N threads (default: all cores)", O_JOBS},
	{"format", 0, HAMLE_OPT_ARG, "FMT", "output format: text or json", O_FORMAT},
	{"quiet", 'q', HAMLE_OPT_NOARG, NULL, "no warnings and no summary", O_QUIET},
	{"verbose", 'v', HAMLE_OPT_NOARG, NULL, "more notes", O_VERBOSE},
	{"color", 0, HAMLE_OPT_OPTARG, "WHEN", "color output: always, never or auto; this help text "
		"is long on purpose so that it has to wrap onto a second line of the help output", O_COLOR},
	{"a-very-long-option-name-indeed", 0, HAMLE_OPT_ARG, "SOMETHING", "long left column", O_LONGONLY},
	HAMLE_OPT_STD_ENTRIES,
	{0}};

/* Runs the parser over argv and renders what it returned as "id:arg" words. */
static void parse_all(char *out, size_t size, int argc, char **argv)
{
	hamle_opt_parser p;
	size_t len = 0;
	out[0] = '\0';
	hamle_opt_init(&p, test_opts, argc, argv);
	for (int guard = 0; guard < 100; guard++) {
		int id = hamle_opt_next(&p);
		if (id == HAMLE_OPT_END)
			break;
		if (id == HAMLE_OPT_FAIL) {
			len += (size_t)snprintf(out + len, size - len, "FAIL(%s)", p.error);
			break;
		}
		if (id == HAMLE_OPT_OPERAND)
			len += (size_t)snprintf(out + len, size - len, "op:%s ", p.arg);
		else
			len += (size_t)snprintf(out + len, size - len, "%d:%s ", id, p.arg ? p.arg : "-");
	}
}

static const struct {
	const char *argv[14];
	const char *expected;
} opt_cases[] = {
	{{"x", NULL}, ""},
	{{"x", "a.pgn", "b.pgn", NULL}, "op:a.pgn op:b.pgn "},
	{{"x", "--jobs=4", "--jobs", "2", "-j3", "-j", "5", NULL}, "1:4 1:2 1:3 1:5 "},
	{{"x", "-qv", "-vqj7", "-q", "--quiet", NULL}, "3:- 4:- 4:- 3:- 1:7 3:- 3:- "},
	{{"x", "-", "--format", "json", "in.pgn", "-q", NULL}, "op:- 2:json op:in.pgn 3:- "},
	{{"x", "--", "-q", "--jobs", "-", NULL}, "op:-q op:--jobs op:- "},
	{{"x", "a", "--", NULL}, "op:a "},
	{{"x", "--jobs=", "--format=a=b", NULL}, "1: 2:a=b "},
	{{"x", "--color", "--color=never", NULL}, "5:- 5:never "},
	{{"x", "-j", "-q", NULL}, "1:-q "}, /* a required value is taken as is */
	{{"x", "--help", "-h", "--version", NULL}, "10000:- 10000:- 10001:- "},
	{{"x", "--nope", NULL}, "FAIL(unknown option '--nope')"},
	/* a prefix that names one shown option is that option (getopt_long's abbreviations) */
	{{"x", "--job=3", "--form", "json", "--qu", "--col", "--a-very", "v", NULL}, "1:3 2:json 3:- 5:- 6:v "},
	{{"x", "--ver", NULL}, "FAIL(option '--ver' is ambiguous; possibilities: '--verbose' '--version')"},
	{{"x", "--help-t", NULL}, "FAIL(unknown option '--help-t'; did you mean '--help'?)"}, /* hidden: in full */
	{{"x", "--help-tables", "--h", NULL}, "10002:- 10000:- "},
	/* an unknown name: the closest option by edit distance, when a slip of the keyboard away */
	{{"x", "--formt", NULL}, "FAIL(unknown option '--formt'; did you mean '--format'?)"},
	{{"x", "--fromat=x", NULL}, "FAIL(unknown option '--fromat'; did you mean '--format'?)"},
	{{"x", "--qiuet", NULL}, "FAIL(unknown option '--qiuet'; did you mean '--quiet'?)"},
	{{"x", "--jbos", NULL}, "FAIL(unknown option '--jbos'; did you mean '--jobs'?)"},
	{{"x", "--colour", NULL}, "FAIL(unknown option '--colour'; did you mean '--color'?)"},
	{{"x", "--no-such-option-here", NULL}, "FAIL(unknown option '--no-such-option-here')"},
	{{"x", "--jx", NULL}, "FAIL(unknown option '--jx')"},
	{{"x", "-qx", NULL}, "3:- FAIL(unknown option '-x')"},
	{{"x", "a", "--jobs", NULL}, "op:a FAIL(option '--jobs' requires a value)"},
	{{"x", "-j", NULL}, "FAIL(option '-j' requires a value)"},
	{{"x", "-qj", NULL}, "3:- FAIL(option '-j' requires a value)"},
	{{"x", "--quiet=yes", NULL}, "FAIL(option '--quiet' takes no value)"},
	{{"x", "--=", NULL}, "FAIL(unknown option '--')"},
};

START_TEST(test_opt_cases)
{
	char *argv[16];
	char got[512];
	int argc = 0;
	while (opt_cases[_i].argv[argc]) {
		argv[argc] = (char *)opt_cases[_i].argv[argc];
		argc++;
	}
	argv[argc] = NULL;
	parse_all(got, sizeof(got), argc, argv);
	ck_assert_str_eq(got, opt_cases[_i].expected);
}
END_TEST

static char *capture_help(const hamle_cli_info *info)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(hamle_opt_help(f, info, test_opts), 0);
	fclose(f);
	return text;
}

START_TEST(test_opt_help)
{
	hamle_cli_info info = {"hamle-test", "1.2.3", "[options] [FILE|-]...", "Does things to games.", NULL};
	char *text = capture_help(&info);
	ck_assert_ptr_nonnull(strstr(text, "Usage: hamle-test [options] [FILE|-]...\n\nDoes things to games.\n\nOptions:\n"));
	ck_assert_ptr_nonnull(strstr(text, "\n  -j, --jobs=N        run N threads (default: all cores)\n"));
	ck_assert_ptr_nonnull(strstr(text, "\n      --format=FMT    output format: text or json\n"));
	ck_assert_ptr_nonnull(strstr(text, "\n  -q, --quiet         no warnings and no summary\n"));
	ck_assert_ptr_nonnull(strstr(text, "\n      --color[=WHEN]  color output"));
	/* too long for the left column: the help goes on the next line, aligned */
	ck_assert_ptr_nonnull(strstr(text, "\n      --a-very-long-option-name-indeed=SOMETHING\n                      long left column\n"));
	ck_assert_ptr_nonnull(strstr(text, "\n  -h, --help          show this help and exit\n"));
	ck_assert_ptr_nonnull(strstr(text, "\nExit status: 0 every input valid"));
	/* every line fits in 79 columns except the unbreakable long option, and wrapped lines align */
	int wrapped = 0;
	for (char *line = text, *nl; (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
		size_t len = (size_t)(nl - line);
		if (strncmp(line, "      --a-very-long", 19) != 0)
			ck_assert_uint_le(len, 79);
		if (len > 22 && strncmp(line, "                      ", 22) == 0 && line[22] != ' ')
			wrapped++;
	}
	ck_assert_int_eq(wrapped, 3); /* the color help's two continuations, the long option's help */
	free(text);

	/* a summary is reflowed: its single newlines are spaces (no short line in the middle of a
	 * sentence), an empty line ends a paragraph */
	hamle_cli_info reflow = {"hamle-test", "1", NULL,
		"A summary written in the source with short lines,\nwhich the help reflows into lines of up to\n"
		"eighty columns whatever the source's own breaks are.\n\nA second paragraph.", NULL};
	text = capture_help(&reflow);
	ck_assert_ptr_nonnull(strstr(text, "\n\nA summary written in the source with short lines, which the help reflows into\n"
		"lines of up to eighty columns whatever the source's own breaks are.\n\nA second paragraph.\n\nOptions:\n"));
	free(text);

	char *v = NULL;
	size_t vlen = 0;
	FILE *f = open_memstream(&v, &vlen);
	ck_assert_int_eq(hamle_opt_version(f, &info), 0);
	fclose(f);
	ck_assert_str_eq(v, "hamle-test 1.2.3\n");
	free(v);
}
END_TEST

START_TEST(test_opt_parse_ulong)
{
	unsigned long v = 99;
	ck_assert_int_eq(hamle_opt_parse_ulong("4", 1, 1024, &v), 0);
	ck_assert_uint_eq(v, 4);
	ck_assert_int_eq(hamle_opt_parse_ulong("1024", 1, 1024, &v), 0);
	ck_assert_uint_eq(v, 1024);
	v = 99;
	ck_assert_int_eq(hamle_opt_parse_ulong("0", 1, 1024, &v), -1);
	ck_assert_int_eq(hamle_opt_parse_ulong("1025", 1, 1024, &v), -1);
	ck_assert_int_eq(hamle_opt_parse_ulong("-1", 0, 1024, &v), -1);
	ck_assert_int_eq(hamle_opt_parse_ulong("+1", 0, 1024, &v), -1);
	ck_assert_int_eq(hamle_opt_parse_ulong(" 1", 0, 1024, &v), -1);
	ck_assert_int_eq(hamle_opt_parse_ulong("1x", 0, 1024, &v), -1);
	ck_assert_int_eq(hamle_opt_parse_ulong("", 0, 1024, &v), -1);
	ck_assert_int_eq(hamle_opt_parse_ulong("99999999999999999999999", 0, 1024, &v), -1);
	ck_assert_uint_eq(v, 99);
}
END_TEST

/* ---------------- msg ---------------- */

static void say_all(const hamle_msg *m)
{
	hamle_msg_note(m, "note %d", 1);
	hamle_msg_warn(m, "warn %d", 2);
	hamle_msg_error(m, "error %d", 3);
	hamle_msg_at(m, HAMLE_MSG_WARN, "a.pgn", 12, 7, "check mark '%s'", "+");
	hamle_msg_at(m, HAMLE_MSG_ERROR, NULL, 3, 0, "bad");
}

START_TEST(test_msg_gates)
{
	capture c;
	char *t;
	cap_open(&c, 0);
	say_all(&c.m);
	t = cap_close(&c);
	ck_assert_str_eq(t, "hamle-test: warning: warn 2\nhamle-test: error 3\n"
		"hamle-test: a.pgn:12:7: warning: check mark '+'\nhamle-test: <stdin>:3: error: bad\n");
	free(t);

	cap_open(&c, -1); /* -q: errors only */
	say_all(&c.m);
	t = cap_close(&c);
	ck_assert_str_eq(t, "hamle-test: error 3\nhamle-test: <stdin>:3: error: bad\n");
	free(t);

	cap_open(&c, 1); /* -v: notes too */
	say_all(&c.m);
	hamle_msg_at(&c.m, HAMLE_MSG_NOTE, "b.txt", 0, 0, "n");
	t = cap_close(&c);
	ck_assert_str_eq(t, "hamle-test: note 1\nhamle-test: warning: warn 2\nhamle-test: error 3\n"
		"hamle-test: a.pgn:12:7: warning: check mark '+'\nhamle-test: <stdin>:3: error: bad\n"
		"hamle-test: b.txt: note: n\n");
	free(t);
}
END_TEST

START_TEST(test_msg_usage_and_color)
{
	capture c;
	cap_open(&c, -1);
	ck_assert_int_eq(hamle_msg_usage(&c.m, "unknown option '%s'", "--x"), 2);
	ck_assert_int_eq(hamle_msg_syserr(&c.m, "nope.pgn", ENOENT), 2);
	c.m.color = true;
	hamle_msg_at(&c.m, HAMLE_MSG_ERROR, "f", 1, 2, "x");
	char *t = cap_close(&c);
	ck_assert_str_eq(t, "hamle-test: unknown option '--x'\n"
		"hamle-test: try 'hamle-test --help' for more information\n"
		"hamle-test: nope.pgn: No such file or directory\n"
		"hamle-test: f:1:2: \033[1;31merror:\033[0m x\n");
	free(t);

	FILE *f = tmpfile(); /* never a terminal */
	ck_assert_ptr_nonnull(f);
	ck_assert(!hamle_color_wanted(f));
	fclose(f);
	setenv("NO_COLOR", "1", 1);
	ck_assert(!hamle_color_wanted(stderr));
	unsetenv("NO_COLOR");
}
END_TEST

/* ---------------- json ---------------- */

static const struct {
	const char *in;
	size_t len; /* 0: strlen */
	const char *out;
} esc_cases[] = {
	{"plain", 0, "\"plain\""},
	{"", 0, "\"\""},
	{"a\"b\\c/d", 0, "\"a\\\"b\\\\c/d\""},
	{"\b\f\n\r\t", 0, "\"\\b\\f\\n\\r\\t\""},
	{"\x01\x1f\x7f", 0, "\"\\u0001\\u001f\\u007f\""},
	{"a\0b", 3, "\"a\\u0000b\""},
	{"\xc5\x9e" "ah \xc4\xb1 \xc4\xb0", 0, "\"\xc5\x9e" "ah \xc4\xb1 \xc4\xb0\""}, /* Şah ı İ */
	{"\xe2\x99\x94 \xf0\x9f\x98\x80", 0, "\"\xe2\x99\x94 \xf0\x9f\x98\x80\""},       /* ♔ 😀 */
	{"\xde", 0, "\"\\ufffd\""},                      /* Latin-1 Þ: a lone lead byte */
	{"x\xc3", 0, "\"x\\ufffd\""},                    /* truncated at the end */
	{"\xc3(", 0, "\"\\ufffd(\""},                    /* bad continuation */
	{"\x80\xbf", 0, "\"\\ufffd\\ufffd\""},           /* stray continuations */
	{"\xc0\xaf", 0, "\"\\ufffd\\ufffd\""},           /* overlong '/' */
	{"\xe0\x80\xaf", 0, "\"\\ufffd\\ufffd\\ufffd\""}, /* overlong, 3 bytes */
	{"\xed\xa0\x80", 0, "\"\\ufffd\\ufffd\\ufffd\""}, /* surrogate U+D800 */
	{"\xf4\x90\x80\x80", 0, "\"\\ufffd\\ufffd\\ufffd\\ufffd\""}, /* above U+10FFFF */
	{"\xf4\x8f\xbf\xbf", 0, "\"\xf4\x8f\xbf\xbf\""},  /* U+10FFFF itself */
	{"\xef\xbf\xbd", 0, "\"\xef\xbf\xbd\""},          /* U+FFFD itself */
	{"\xe2\x80\xa8|\xe2\x80\xa9", 0, "\"\\u2028|\\u2029\""},
	{"\xc3\x9c" "berl\xc3\xa4" "nder", 0, "\"\xc3\x9c" "berl\xc3\xa4" "nder\""},
};

START_TEST(test_json_escape)
{
	hamle_buf b = HAMLE_BUF_INIT;
	size_t len = esc_cases[_i].len ? esc_cases[_i].len : strlen(esc_cases[_i].in);
	ck_assert_int_eq(hamle_json_escape(&b, esc_cases[_i].in, len), 0);
	ck_assert_str_eq(b.data, esc_cases[_i].out);
	ck_assert_uint_eq(b.len, strlen(esc_cases[_i].out));
	hamle_buf_free(&b);
}
END_TEST

START_TEST(test_json_structure)
{
	hamle_buf b = HAMLE_BUF_INIT;
	hamle_json j;
	hamle_json_init(&j, &b);
	for (int rec = 0; rec < 2; rec++) {
		hamle_json_object_begin(&j);
		hamle_json_kv_string(&j, "kind", "finding");
		hamle_json_kv_uint(&j, "game", 3 + (unsigned)rec);
		hamle_json_kv_int(&j, "delta", -42);
		hamle_json_kv_bool(&j, "ok", rec == 1);
		hamle_json_kv_string(&j, "white", NULL);
		hamle_json_key(&j, "path");
		hamle_json_array_begin(&j);
		hamle_json_array_end(&j);
		hamle_json_key(&j, "s");
		hamle_json_array_begin(&j);
		hamle_json_object_begin(&j);
		hamle_json_kv_string(&j, "san", "Af3");
		hamle_json_object_end(&j);
		hamle_json_object_begin(&j);
		hamle_json_object_end(&j);
		hamle_json_uint(&j, 18446744073709551615ull);
		hamle_json_int(&j, -9223372036854775807ll - 1);
		hamle_json_double(&j, 0.1);
		hamle_json_double(&j, 1.0 / 3.0);
		hamle_json_double(&j, 1e300 * 1e300);
		hamle_json_null(&j);
		hamle_json_array_end(&j);
		hamle_json_object_end(&j);
		hamle_json_newline(&j);
	}
	ck_assert_int_eq(hamle_json_error(&j), HAMLE_JSON_OK);
	const char *line0 = "{\"kind\":\"finding\",\"game\":3,\"delta\":-42,\"ok\":false,\"white\":null,\"path\":[],"
		"\"s\":[{\"san\":\"Af3\"},{},18446744073709551615,-9223372036854775808,0.1,0.33333333333333331,"
		"null,null]}\n";
	ck_assert_uint_eq(b.len, 2 * strlen(line0) - 1); /* "true" is one shorter than "false" */
	ck_assert_int_eq(strncmp(b.data, line0, strlen(line0)), 0);
	ck_assert_int_eq(strncmp(b.data + strlen(line0), "{\"kind\":\"finding\",\"game\":4,", 26), 0);
	hamle_buf_free(&b);
}
END_TEST

START_TEST(test_json_misuse)
{
	hamle_buf b = HAMLE_BUF_INIT;
	hamle_json j;

	hamle_json_init(&j, &b); /* value without key in an object */
	hamle_json_object_begin(&j);
	hamle_json_uint(&j, 1);
	ck_assert_int_eq(hamle_json_error(&j), HAMLE_JSON_EMISUSE);

	hamle_json_init(&j, &b); /* key in an array */
	hamle_json_array_begin(&j);
	hamle_json_key(&j, "k");
	ck_assert_int_eq(hamle_json_error(&j), HAMLE_JSON_EMISUSE);

	hamle_json_init(&j, &b); /* mismatched close */
	hamle_json_array_begin(&j);
	hamle_json_object_end(&j);
	ck_assert_int_eq(hamle_json_error(&j), HAMLE_JSON_EMISUSE);

	hamle_json_init(&j, &b); /* newline inside an object */
	hamle_json_object_begin(&j);
	hamle_json_newline(&j);
	ck_assert_int_eq(hamle_json_error(&j), HAMLE_JSON_EMISUSE);

	hamle_json_init(&j, &b); /* key without value, then close */
	hamle_json_object_begin(&j);
	hamle_json_key(&j, "k");
	hamle_json_object_end(&j);
	ck_assert_int_eq(hamle_json_error(&j), HAMLE_JSON_EMISUSE);

	hamle_json_init(&j, &b); /* too deep */
	for (int i = 0; i <= HAMLE_JSON_MAX_DEPTH; i++)
		hamle_json_array_begin(&j);
	ck_assert_int_eq(hamle_json_error(&j), HAMLE_JSON_EMISUSE);

	hamle_json_init(&j, &b); /* exactly the maximum depth is fine */
	hamle_buf_clear(&b);
	for (int i = 0; i < HAMLE_JSON_MAX_DEPTH; i++)
		hamle_json_array_begin(&j);
	for (int i = 0; i < HAMLE_JSON_MAX_DEPTH; i++)
		hamle_json_array_end(&j);
	ck_assert_int_eq(hamle_json_error(&j), HAMLE_JSON_OK);
	ck_assert_uint_eq(b.len, 2 * HAMLE_JSON_MAX_DEPTH);
	hamle_buf_free(&b);
}
END_TEST

START_TEST(test_buf)
{
	hamle_buf b = HAMLE_BUF_INIT;
	for (int i = 0; i < 1000; i++)
		ck_assert_int_eq(hamle_buf_printf(&b, "%d,", i), 0);
	ck_assert_uint_eq(b.len, strlen(b.data));
	ck_assert_int_eq(strncmp(b.data, "0,1,2,", 6), 0);
	ck_assert_int_eq(strcmp(b.data + b.len - 4, "999,"), 0);
	hamle_buf_clear(&b);
	ck_assert_uint_eq(b.len, 0);
	ck_assert_str_eq(b.data, "");
	ck_assert(!hamle_buf_failed(&b));
	hamle_buf_free(&b);
	hamle_buf_free(NULL);
}
END_TEST

Suite *cli_common_suite(void);
Suite *cli_common_suite(void)
{
	Suite *s = suite_create("cli_common");
	TCase *t = tcase_create("opt");
	tcase_add_loop_test(t, test_opt_cases, 0, (int)(sizeof(opt_cases) / sizeof(opt_cases[0])));
	tcase_add_test(t, test_opt_help);
	tcase_add_test(t, test_opt_parse_ulong);
	suite_add_tcase(s, t);

	t = tcase_create("msg");
	tcase_add_test(t, test_msg_gates);
	tcase_add_test(t, test_msg_usage_and_color);
	suite_add_tcase(s, t);

	t = tcase_create("json");
	tcase_add_loop_test(t, test_json_escape, 0, (int)(sizeof(esc_cases) / sizeof(esc_cases[0])));
	tcase_add_test(t, test_json_structure);
	tcase_add_test(t, test_json_misuse);
	tcase_add_test(t, test_buf);
	suite_add_tcase(s, t);
	return s;
}
