/* check_cli_messages.c: cmd/common's messages for people: --ignore/--select over the library's
 * codes, the messages language the environment names, the finding lines a tool prints (a
 * warning code once per game with its count, -q, -v's FEN, the words of the messages locale),
 * and --help and usage errors in the messages language. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "codes.h"
#include "finding.h"
#include "locales.h"
#include "msg.h"
#include "opt.h"
#include "suites_decl.h"
#include "testutil.h"

/* ---------------- codes ---------------- */

START_TEST(test_code_table)
{
	/* every code named once, each with a severity; the ids the tools' summaries print */
	size_t n = 0;
	for (const hamle_code_info *c; (c = hamle_code_at(n)) != NULL; n++) {
		ck_assert_uint_ne(c->severities & (HAMLE_CODE_ERRORS | HAMLE_CODE_WARNINGS), 0);
		ck_assert_ptr_eq(hamle_code_find(c->id), c);
		ck_assert_int_eq(hamle_code_index(c->id), (int)n);
	}
	ck_assert_uint_ge(n, 14);
	ck_assert_uint_le(n, HAMLE_CLI_MAX_CODES);
	ck_assert_ptr_null(hamle_code_find("no-such-code"));
	ck_assert_int_eq(hamle_code_index("no-such-code"), -1);
	ck_assert_uint_eq(hamle_code_find("illegal-move")->severities, HAMLE_CODE_ERRORS);
	ck_assert_uint_eq(hamle_code_find("check-mark")->severities, HAMLE_CODE_WARNINGS);
	ck_assert_uint_eq(hamle_code_find("encoding")->severities, HAMLE_CODE_ERRORS | HAMLE_CODE_WARNINGS);
}
END_TEST

START_TEST(test_code_filter)
{
	hamle_code_filter f = HAMLE_CODE_FILTER_INIT;
	char why[160];
	const hamle_severity W = HAMLE_SEVERITY_WARNING, E = HAMLE_SEVERITY_ERROR;
	ck_assert(hamle_code_filter_keeps(&f, "check-mark", W));
	ck_assert(hamle_code_filter_keeps(NULL, "check-mark", W));
	ck_assert_int_eq(hamle_code_filter_add(&f, "check-mark,encoding", false, why, sizeof(why)), 0);
	ck_assert(!hamle_code_filter_keeps(&f, "check-mark", W));
	ck_assert(!hamle_code_filter_keeps(&f, "encoding", W));
	ck_assert(hamle_code_filter_keeps(&f, "encoding", E)); /* errors always count */
	ck_assert(hamle_code_filter_keeps(&f, "missing-tag", W));
	ck_assert(hamle_code_filter_keeps(&f, "some-new-code", W));

	/* --select: only those (--ignore still wins) */
	ck_assert_int_eq(hamle_code_filter_add(&f, "missing-tag,check-mark", true, why, sizeof(why)), 0);
	ck_assert(hamle_code_filter_keeps(&f, "missing-tag", W));
	ck_assert(!hamle_code_filter_keeps(&f, "check-mark", W));
	ck_assert(!hamle_code_filter_keeps(&f, "result-mismatch", W));
	ck_assert(!hamle_code_filter_keeps(&f, "some-new-code", W));
	ck_assert(hamle_code_filter_keeps(&f, "illegal-move", E));
	ck_assert(hamle_code_filter_keeps(&f, "some-new-code", E));

	/* usage errors: an error-only code, an unknown one, an empty name */
	hamle_code_filter g = HAMLE_CODE_FILTER_INIT;
	ck_assert_int_eq(hamle_code_filter_add(&g, "check-mark,illegal-move", false, why, sizeof(why)), -1);
	ck_assert_str_eq(why, "--ignore: 'illegal-move' is an error code, and errors always count");
	ck_assert_int_eq(hamle_code_filter_add(&g, "limit", true, why, sizeof(why)), -1);
	ck_assert_str_eq(why, "--select: 'limit' is an error code, and errors always count");
	ck_assert_int_eq(hamle_code_filter_add(&g, "check", false, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "unknown code 'check'"));
	ck_assert_int_eq(hamle_code_filter_add(&g, "check-mark,", false, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "an empty code"));
	ck_assert_int_eq(hamle_code_filter_add(&g, "", true, why, sizeof(why)), -1);
	ck_assert(!g.selecting);
}
END_TEST

/* ---------------- the environment ---------------- */

static const struct {
	const char *lc_all, *lc_messages, *lang, *want;
} env_cases[] = {
	{NULL, NULL, "tr_TR.UTF-8", "tr"},
	{NULL, "de_DE.UTF-8", "tr_TR.UTF-8", "de"},
	{"tr_TR", "de_DE", "en_US", "tr"},
	{"", "", "de_AT@euro", "de"},
	{"C", NULL, "tr_TR.UTF-8", ""},
	{"POSIX", NULL, NULL, ""},
	{NULL, NULL, "C.UTF-8", ""},
	{NULL, NULL, NULL, ""},
	{NULL, NULL, "pl_PL.UTF-8", "pl"},
	{NULL, NULL, "tr", "tr"},
};

static void set_or_unset(const char *name, const char *value)
{
	if (value)
		ck_assert_int_eq(setenv(name, value, 1), 0);
	else
		ck_assert_int_eq(unsetenv(name), 0);
}

START_TEST(test_env_language)
{
	set_or_unset("LC_ALL", env_cases[_i].lc_all);
	set_or_unset("LC_MESSAGES", env_cases[_i].lc_messages);
	set_or_unset("LANG", env_cases[_i].lang);
	char tag[16];
	hamle_cli_env_language(tag, sizeof(tag));
	ck_assert_str_eq(tag, env_cases[_i].want);

	/* the locale: the environment's when it is shipped, else en; --lang wins */
	hamle_cli_locales ls = HAMLE_CLI_LOCALES_INIT;
	hamle_msg m;
	hamle_msg_init(&m, "t");
	ck_assert_int_eq(hamle_cli_locales_load(&ls, NULL, 0, &m), 0);
	const char *want = !strcmp(env_cases[_i].want, "tr") || !strcmp(env_cases[_i].want, "de") ?
		env_cases[_i].want : "en";
	ck_assert_str_eq(hamle_locale_tag(hamle_cli_locales_messages(&ls, NULL)), want);
	ck_assert_str_eq(hamle_locale_tag(hamle_cli_locales_messages(&ls, "de")), "de");
	ck_assert_ptr_null(hamle_cli_locales_messages(&ls, "xx"));
	hamle_cli_locales_free(&ls);
}
END_TEST

/* ---------------- finding lines ---------------- */

/* The lines of game `game` (1-based) of the double-encoded Turkish samples under view v. */
static char *lines_of(size_t game, const hamle_finding_view *v)
{
	tu_games t;
	tu_games_open(&t, "validate/golden/DERIVED_turkish-samples.double-utf8.txt", 4, 1);
	ck_assert_uint_ge(t.ngames, game);
	ck_assert_int_eq(hamle_replay_run(t.rp, t.games[game - 1]), HAMLE_OK);
	hamle_buf b = HAMLE_BUF_INIT;
	hamle_findings_text(&b, v, t.games[game - 1], t.rp);
	hamle_buf_putc(&b, '\0');
	char *text = strdup(b.data);
	hamle_buf_free(&b);
	tu_games_close(&t);
	return text;
}

static size_t count_lines(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n;
}

START_TEST(test_repeated_once_per_game)
{
	hamle_finding_view v = {NULL, NULL, true, false, NULL, false};
	char *t = lines_of(2, &v);
	/* 16 encoding repairs, a missing tag and a move error: three lines, the repairs at the first */
	ck_assert_uint_eq(count_lines(t), 3);
	ck_assert_ptr_nonnull(strstr(t, "double-utf8.txt:9:8: game 2 (? - ?): warning: encoding 'Åž': doubly "
		"encoded UTF-8 'Åž' repaired as 'Ş' (16 times in this game)\n"));
	ck_assert_ptr_nonnull(strstr(t, "warning: missing tag Event"));
	ck_assert_ptr_null(strstr(t, "missing tag Event, Site, Date, Round, White, Black, Result ("));
	ck_assert_ptr_nonnull(strstr(t, "illegal move 'Ka7'"));
	ck_assert_ptr_null(strstr(t, "[FEN"));
	free(t);
	t = lines_of(1, &v); /* one repair: no count */
	ck_assert_ptr_nonnull(strstr(t, "repaired as 'Ş'\n"));
	free(t);
}
END_TEST

START_TEST(test_view)
{
	hamle_code_filter f = HAMLE_CODE_FILTER_INIT;
	char why[160];
	ck_assert_int_eq(hamle_code_filter_add(&f, "encoding", false, why, sizeof(why)), 0);
	hamle_finding_view v = {NULL, &f, true, true, NULL, false};
	char *t = lines_of(2, &v);
	ck_assert_uint_eq(count_lines(t), 2); /* no repairs */
	ck_assert_ptr_null(strstr(t, "encoding"));
	const char *err = strstr(t, "illegal move 'Ka7': ");
	ck_assert_ptr_nonnull(err); /* the line ends with the position before the move */
	ck_assert_ptr_nonnull(strstr(err, "? [FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n"));
	free(t);

	v.warnings = false; /* -q: the error alone */
	t = lines_of(2, &v);
	ck_assert_uint_eq(count_lines(t), 1);
	ck_assert_ptr_nonnull(strstr(t, "illegal move 'Ka7'"));
	free(t);
}
END_TEST

START_TEST(test_words_of_the_locale)
{
	hamle_locale *tr = NULL, *de = NULL;
	ck_assert_int_eq(hamle_locale_load_builtin(&tr, "tr", NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_locale_load_builtin(&de, "de", NULL), HAMLE_OK);
	hamle_finding_view v = {tr, NULL, true, false, NULL, false};
	char *t = lines_of(2, &v);
	ck_assert_ptr_nonnull(strstr(t, ": oyun 2 (? - ?): uyarı: kodlama 'Åž': "));
	ck_assert_ptr_nonnull(strstr(t, " (bu oyunda 16 kez)\n"));
	ck_assert_ptr_null(strstr(t, "warning"));
	free(t);
	v.messages = de;
	t = lines_of(2, &v);
	ck_assert_ptr_nonnull(strstr(t, ": Partie 2 (? - ?): Warnung: Kodierung 'Åž': "));
	ck_assert_ptr_nonnull(strstr(t, " (16-mal in dieser Partie)\n"));
	free(t);

	/* the language names of the messages' language */
	ck_assert_str_eq(hamle_locale_language_name(tr, "tr"), "Türkçe");
	ck_assert_str_eq(hamle_locale_language_name(de, "tr"), "Türkisch");
	ck_assert_str_eq(hamle_locale_language_name(de, "en"), "Englisch");
	ck_assert_ptr_null(hamle_locale_language_name(de, "pl"));
	ck_assert_ptr_null(hamle_locale_language_name(NULL, "tr"));

	/* the level words of hamle_msg */
	char *text = NULL;
	size_t len = 0;
	hamle_msg m;
	hamle_msg_init(&m, "hamle-test");
	m.color = false;
	m.messages = tr;
	m.stream = open_memstream(&text, &len);
	hamle_msg_at(&m, HAMLE_MSG_WARN, "a.pgn", 3, 1, "x");
	hamle_msg_at(&m, HAMLE_MSG_ERROR, "a.pgn", 4, 0, "y");
	hamle_msg_nomem(&m);
	fclose(m.stream);
	ck_assert_str_eq(text, "hamle-test: a.pgn:3:1: uyarı: x\nhamle-test: a.pgn:4: hata: y\n"
		"hamle-test: bellek yetersiz\n");
	free(text);
	hamle_locale_free(tr);
	hamle_locale_free(de);
}
END_TEST

/* ---------------- --help and usage errors in the messages language ---------------- */

static const hamle_cli_opt l10n_opts[] = {
	{"dry-run", 'n', HAMLE_OPT_NOARG, NULL, "change nothing", 1},
	{"jobs", 'j', HAMLE_OPT_ARG, "N", "run N threads", 2},
	{"format", 0, HAMLE_OPT_ARG, "FMT", "text or json", 3},
	HAMLE_OPT_STD_ENTRIES,
	{0}};

static char *help_of(const hamle_cli_info *info, const hamle_cli_opt *opts, const hamle_locale *loc)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(hamle_opt_help_in(f, info, opts, loc), 0);
	fclose(f);
	return text;
}

START_TEST(test_help_keys)
{
	static const char yaml[] =
		"tag: \"xx\"\nname: \"Test\"\nmessages:\n"
		"  help_usage: \"Kullanım:\"\n  help_options: \"Seçenekler:\"\n"
		"  help_test_usage: \"[seçenekler] DOSYA\"\n  help_test_summary: \"Oyunları denetler.\"\n"
		"  help_test_exit: \"Çıkış durumu: 0 tamam.\\n\"\n"
		"  help_test_dry_run: \"hiçbir şeyi değiştirmez\"\n" /* the tool's own, '-' as '_' */
		"  help_jobs: \"N iş parçacığı\"\n"                     /* shared by the tools */
		"  help_other_format: \"başka bir aracın\"\n";          /* another tool's: not used */
	hamle_locale *xx = NULL;
	hamle_error err;
	ck_assert_int_eq(hamle_locale_load_buffer(&xx, yaml, strlen(yaml), "xx.yaml", &err), HAMLE_OK);
	hamle_cli_info info = {"hamle-test", "1", "[options] FILE", "Checks games.", "Exit status: 0 fine.\n"};
	char *t = help_of(&info, l10n_opts, xx);
	ck_assert_str_eq(t, "Kullanım: hamle-test [seçenekler] DOSYA\n\nOyunları denetler.\n\nSeçenekler:\n"
		"  -n, --dry-run     hiçbir şeyi değiştirmez\n"
		"  -j, --jobs=N      N iş parçacığı\n"
		"      --format=FMT  text or json\n" /* no key: the table's English */
		"  -h, --help        show this help and exit\n"
		"      --version     show the version and exit\n"
		"\nÇıkış durumu: 0 tamam.\n");
	free(t);
	/* no locale: the table's English, as hamle_opt_help */
	t = help_of(&info, l10n_opts, NULL);
	ck_assert_ptr_nonnull(strstr(t, "Usage: hamle-test [options] FILE\n\nChecks games.\n\nOptions:\n"));
	ck_assert_ptr_nonnull(strstr(t, "  -n, --dry-run     change nothing\n"));
	free(t);
	/* usage alternatives line up under the first, after the (translated) word */
	hamle_cli_info two = {"hamle-test", "1", "[options] A\n[options] --batch", NULL, ""};
	t = help_of(&two, l10n_opts, NULL);
	ck_assert_ptr_nonnull(strstr(t, "Usage: hamle-test [options] A\n       hamle-test [options] --batch\n"));
	free(t);
	hamle_locale_free(xx);
}
END_TEST

START_TEST(test_help_wraps_by_characters)
{
	/* 40 words of 6 two-byte letters after "  -j, --jobs=N  ": the 63 columns left hold 9 of them
	 * (62 characters, 116 bytes); counting bytes broke after 4 */
	char help[600] = "";
	for (int i = 0; i < 40; i++)
		strcat(help, i ? " şğüöçı" : "şğüöçı");
	const hamle_cli_opt opts[] = {{"jobs", 'j', HAMLE_OPT_ARG, "N", help, 1}, {0}};
	hamle_cli_info info = {"hamle-test", "1", NULL, NULL, ""};
	char *t = help_of(&info, opts, NULL);
	size_t lines = 0, longest = 0;
	for (char *line = strstr(t, "  -j"), *nl; line && (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
		size_t chars = 0;
		for (char *c = line; c < nl; c++)
			chars += ((unsigned char)*c & 0xC0) != 0x80;
		ck_assert_uint_le(chars, 79);
		if (chars > longest)
			longest = chars;
		lines++;
	}
	ck_assert_uint_eq(longest, 16 + 9 * 7 - 1); /* "  -j, --jobs=N" and two blanks, 9 words */
	ck_assert_uint_eq(lines, 5);                /* 40 words, 9 a line */
	free(t);
}
END_TEST

START_TEST(test_usage_in_language)
{
	hamle_locale *tr = NULL, *de = NULL;
	ck_assert_int_eq(hamle_locale_load_builtin(&tr, "tr", NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_locale_load_builtin(&de, "de", NULL), HAMLE_OK);
	/* the parser's error, noted while parsing; only the first one is kept */
	char *argv[] = {"hamle-test", "--nope", "--jobs", NULL};
	hamle_opt_parser p;
	hamle_usage u = HAMLE_USAGE_INIT;
	hamle_opt_init(&p, l10n_opts, 3, argv);
	ck_assert_int_eq(hamle_opt_next(&p), HAMLE_OPT_FAIL);
	ck_assert_str_eq(p.error, "unknown option '--nope'");
	ck_assert_int_eq(hamle_opt_note_error(&p, &u), HAMLE_EXIT_ERROR);
	ck_assert_int_eq(hamle_opt_next(&p), HAMLE_OPT_FAIL);
	ck_assert_str_eq(p.error, "option '--jobs' requires a value");
	hamle_opt_note_error(&p, &u);
	char buf[256];
	hamle_msg m;
	hamle_msg_init(&m, "hamle-test");
	hamle_usage_text(&m, &u, buf, sizeof(buf));
	ck_assert_str_eq(buf, "unknown option '--nope'"); /* no locale: English */
	m.messages = de;
	hamle_usage_text(&m, &u, buf, sizeof(buf));
	ck_assert_str_eq(buf, "unbekannte Option '--nope'");
	/* the English template with numbered placeholders when the locale lacks the key */
	hamle_usage v = HAMLE_USAGE_INIT;
	const char *a[2] = {"b", "a"};
	hamle_usage_note(&v, "no_such_key", "%2$s then %1$s, 100%%", 2, a);
	hamle_usage_text(&m, &v, buf, sizeof(buf));
	ck_assert_str_eq(buf, "a then b, 100%");
	/* reported: the error and the hint, in the language */
	char *text = NULL;
	size_t len = 0;
	m.messages = tr;
	m.stream = open_memstream(&text, &len);
	ck_assert_int_eq(hamle_usage_report(&m, &u), HAMLE_EXIT_ERROR);
	const char *b[1] = {"x"};
	hamle_msg_usage_key(&m, "usage_validate_jobs", "--jobs: expected a number from 1 to 1024, not '%s'", 1, b);
	fclose(m.stream);
	ck_assert_str_eq(text, "hamle-test: bilinmeyen seçenek '--nope'\n"
		"hamle-test: daha fazla bilgi için 'hamle-test --help' yazın\n"
		"hamle-test: --jobs: 1 ile 1024 arasında bir sayı bekleniyordu, 'x' değil\n"
		"hamle-test: daha fazla bilgi için 'hamle-test --help' yazın\n");
	free(text);
	/* --ignore/--select errors noted with their key */
	hamle_code_filter f = HAMLE_CODE_FILTER_INIT;
	hamle_usage w = HAMLE_USAGE_INIT;
	ck_assert_int_eq(hamle_code_filter_note(&f, "no-such-code", false, &w), -1);
	m.messages = de;
	hamle_usage_text(&m, &w, buf, sizeof(buf));
	ck_assert_str_eq(buf, "--ignore: unbekannter Code 'no-such-code' (Codes: docs/tools.md, 'Finding codes')");
	hamle_locale_free(tr);
	hamle_locale_free(de);
}
END_TEST

Suite *cli_messages_suite(void)
{
	Suite *s = suite_create("cli_messages");
	TCase *t = tcase_create("codes");
	tcase_add_test(t, test_code_table);
	tcase_add_test(t, test_code_filter);
	suite_add_tcase(s, t);
	t = tcase_create("env");
	tcase_add_loop_test(t, test_env_language, 0, (int)(sizeof(env_cases) / sizeof(env_cases[0])));
	suite_add_tcase(s, t);
	t = tcase_create("lines");
	tcase_add_test(t, test_repeated_once_per_game);
	tcase_add_test(t, test_view);
	tcase_add_test(t, test_words_of_the_locale);
	suite_add_tcase(s, t);
	t = tcase_create("l10n");
	tcase_add_test(t, test_help_keys);
	tcase_add_test(t, test_help_wraps_by_characters);
	tcase_add_test(t, test_usage_in_language);
	suite_add_tcase(s, t);
	return s;
}
