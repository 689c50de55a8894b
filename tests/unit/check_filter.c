/* check_filter.c: --where expressions (hamle/filter.h) over games read by the PGN reader. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "hamle/filter.h"
#include "hamle/pgn.h"
#include "hamle/replay.h"
#include "suites_decl.h"
#include "testutil.h"


static const char *game_text =
	"[Event \"Türkiye Şampiyonası\"]\n[Site \"İstanbul\"]\n[White \"Kasparov, Garry\"]\n"
	"[Black \"Öztürk, Kübra\"]\n[Result \"1-0\"]\n[Date \"1990.??.??\"]\n[EventDate \"1990.05.??\"]\n"
	"[UTCDate \"????.??.??\"]\n[WhiteElo \"2800\"]\n[BlackElo \"2450\"]\n[Round \"3.1\"]\n"
	"[Variation \"x && y || (z)\"]\n\n1. e4 e5 1-0\n";

static int check(const char *const *exprs, size_t n)
{
	hamle_filter *f;
	hamle_error err;
	ck_assert_int_eq(hamle_filter_new(&f), 0);
	for (size_t i = 0; i < n; i++)
		ck_assert_msg(hamle_filter_add(f, exprs[i], &err) == 0, "%s: %s", exprs[i], err.message);
	hamle_game *g = tu_read_one(game_text);
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
	/* numbers: decimals of any length; a missing or non-numeric value is false */
	{ "WhiteElo>=2800", 1 }, { "WhiteElo>2800", 0 }, { "WhiteElo<=2800", 1 }, { "WhiteElo<2800", 0 },
	{ "WhiteElo>2799.5", 1 }, { "WhiteElo<+2800.01", 1 }, { "WhiteElo>=02800", 1 }, { "WhiteElo>-1", 1 },
	{ "BlackElo<2500", 1 }, { "WhiteElo >= 2800", 1 }, { "WhiteElo>=99999999999999999999999", 0 },
	{ "Round>3", 1 }, { "Round<3.10", 0 }, { "Round>=3.10", 1 }, { "Round<3.2", 1 },
	{ "Annotator>0", 0 }, { "Annotator<0", 0 }, { "!(Annotator>0)", 1 }, { "White>0", 0 }, { "White<0", 0 },
	/* dates: Date is 1990.??.??, EventDate 1990.05.??, UTCDate ????.??.?? */
	{ "Date>=1990", 1 }, { "Date<=1990", 1 }, { "Date>1990", 0 }, { "Date<1990", 0 }, { "Date<1991", 1 },
	{ "Date>1989.12.31", 1 }, { "Date>=1990.01", 0 }, { "Date<1990.06", 0 }, { "Date<1991.03.01", 1 },
	{ "Date<1990.??.??", 0 }, { "Date>=1990.??.??", 1 }, { "Date>=1990.??", 1 },
	{ "EventDate>=1990.05", 1 }, { "EventDate<1990.05.15", 0 }, { "EventDate>=1990.05.15", 0 },
	{ "EventDate<1990.06.01", 1 }, { "EventDate>1990.04.30", 1 }, { "EventDate>1990", 0 },
	{ "UTCDate>=1000", 0 }, { "UTCDate<3000", 0 }, { "White<3000", 0 }, { "Annotator>=1990", 0 },
	/* results, from White's side: 0-1 < 1/2-1/2 < 1-0 */
	{ "Result>=1/2-1/2", 1 }, { "Result>1-0", 0 }, { "Result<=0-1", 0 }, { "Result>0-1", 1 },
	{ "Result<1/2-1/2", 0 }, { "Result>=1-0", 1 },
	/* precedence: ! binds tighter than &&, && than || */
	{ "Result=1-0 || White=nobody && Black=nobody", 1 }, /* a || (b && c), not (a || b) && c */
	{ "White=nobody && Black=x || Result=1-0", 1 },      /* (a && b) || c, not a && (b || c) */
	{ "!White=nobody && Result=0-1", 0 },                /* (!a) && b, not !(a && b) */
	{ "!White=nobody || Result=0-1", 1 },
	{ "White=nobody || Black=nobody || Result=1-0", 1 }, { "Result=1-0 && Site~/stanbul/ && WhiteElo>2000", 1 },
	/* parentheses and ! */
	{ "(Result=1-0 || White=nobody) && Black=nobody", 0 }, { "Result=1-0 || (White=nobody && Black=nobody)", 1 },
	{ "((Result=1-0))", 1 }, { "( Result=1-0 )&&(WhiteElo>2000)", 1 }, { "(White=Kasparov, Garry)", 1 },
	{ "!Result=1-0", 0 }, { "!!Result=1-0", 1 }, { "! Result = 1-0", 0 }, { "!(White=nobody || Result=0-1)", 1 },
	{ "!(Result=1-0) || !(WhiteElo>=2800)", 0 },
	/* values: quoted ones hold blanks and operators; a bare one runs to && || or an unmatched ) */
	{ "Event='Türkiye Şampiyonası'", 1 }, { "Event=\"Türkiye Şampiyonası\"", 1 }, { "Event=Türkiye Şampiyonası", 1 },
	{ "White='Kasparov, Garry' && Result=1-0", 1 }, { "Event~'^Türkiye Ş'", 1 }, { "Event~'^türkiye'", 0 },
	{ "Variation='x && y || (z)'", 1 }, { "Variation=\"x && y || (z)\" && Result=1-0", 1 },
	{ "Variation=x", 0 }, { "Variation~'\\(z\\)$'", 1 }, { "Annotator=''", 0 }, { "Annotator!=''", 1 },
	{ "White~/^Kas/ && Black~/Kübra$/", 1 }, { "White~/^kas/i&&Black~/^Ö/", 1 }, { "Date~/^1990/ || Result=0-1", 1 },
	{ "White~/, G/ && Black~Kübra", 1 }, { "White~(Kasparov|Karpov) && Result=1-0", 1 },
	/* Player: either White or Black; Elo: WhiteElo or BlackElo; != and !~ hold when neither does */
	{ "Player~/Öztürk/", 1 }, { "Player~/Kasparov/", 1 }, { "Player~/Karpov/", 0 }, { "Player=Kasparov, Garry", 1 },
	{ "Player!~/Karpov/", 1 }, { "Player!~/Kasparov/", 0 }, { "Player!=Kasparov, Garry", 0 }, { "Player!=Tal", 1 },
	{ "Elo>=2800", 1 }, { "Elo<2500", 1 }, { "Elo>2800", 0 }, { "Elo<2400", 0 }, { "Elo=2450", 1 },
	{ "Elo!=2450", 0 }, { "Elo!=2000", 1 }, { "Elo~/^24/", 1 }, { "Player~/Kasparov/ && Elo<2500", 1 },
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

/* Every parse error of the expression language, with the character it points at. */
static const struct {
	const char *expr;
	size_t column;
	const char *says;
} bad_cases[] = {
	{ "", 1, "expected a tag name" },
	{ "  ", 3, "expected a tag name" },
	{ "White", 6, "expected '=', '!='" },
	{ "White~/x/q", 10, "unknown regular expression flag 'q'" },
	{ "White~/x", 7, "without its closing '/'" },
	{ "White='x", 7, "quote ' without its closing '" },
	{ "White=\"x && Black=y", 7, "quote \" without its closing \"" },
	{ "WhiteElo>=abc", 11, "'>=' wants a number" },
	{ "WhiteElo>1.", 10, "'>' wants a number" },
	{ "Date>=1990.13", 7, "on a date" },
	{ "Date<1990.??.15", 6, "on a date" },
	{ "Date<????", 6, "on a date" },
	{ "Date<90", 6, "on a date" },
	{ "Result>=2-0", 9, "on Result" },
	{ "Player<x", 8, "Player takes =, !=, ~ or !~, not '<'" },
	{ "WhiteElo>=", 11, "expected a value" },
	{ "White=x &&", 11, "expected a tag name" },
	{ "White=x ||| Black=y", 11, "expected a tag name" },
	{ "White=x && && Black=y", 12, "expected a tag name" },
	{ "(White=x", 1, "'(' without its ')'" },
	{ "((White=x) || (Black=y)", 1, "'(' without its ')'" },
	{ "White=x)", 8, "')' without its '('" },
	{ "(White=x))", 10, "')' without its '('" },
	{ "White='x' y", 11, "expected '&&', '||', ')' or the end" },
	{ "WhiteElo>1 Black=y", 12, "expected '&&', '||', ')' or the end" },
	{ "White~/x/ Black=y", 11, "expected '&&', '||', ')' or the end" },
	{ "!", 2, "expected a tag name" },
	{ "!=x", 1, "expected a tag name" },
	{ "()", 2, "expected a tag name" },
	{ "White=x && (Black~/a(/)", 22, "missing closing parenthesis" },
	{ "Event=Şampiyon )", 16, "')' without its '('" }, /* columns count characters: byte 16 */
	{ "Final<8", 6, "Final takes = or !=" },
	{ "Final=8/8/8", 12, "a board has 8 ranks" },
	{ "Final=8/8/8/8/8/8/8/8/8", 22, "a board has 8 ranks" },
	{ "Final=8/8/7/8/8/8/8/8", 11, "a rank has 8 squares" },
	{ "Final=8/8/8/8/8/8/8/ppppppppp*", 21, "a rank has 8 squares" },
	{ "Final=8/8/8/8/x/8/8/8", 15, "a board pattern has pieces" },
	{ "Final=", 7, "a rank has 8 squares" },
	{ "Plies>=x", 8, "'>=' wants a number" },
};

START_TEST(test_parse_errors)
{
	hamle_filter *f;
	hamle_error err;
	ck_assert_int_eq(hamle_filter_new(&f), 0);
	const char *e = bad_cases[_i].expr;
	memset(&err, 0, sizeof(err));
	ck_assert_msg(hamle_filter_add(f, e, &err) == HAMLE_EUSAGE, "%s accepted", e);
	ck_assert_msg(strstr(err.message, bad_cases[_i].says) != NULL, "%s: %s", e, err.message);
	ck_assert_msg(err.column == bad_cases[_i].column, "%s: column %zu, not %zu", e, err.column, bad_cases[_i].column);
	if (!strstr(e, "  ")) /* the token has its runs of blanks as one */
		ck_assert_str_eq(err.token, e);
	ck_assert_uint_eq(hamle_filter_count(f), 0);
	hamle_filter_free(f);
}
END_TEST

/* Bounded: at most 256 conditions and operators, and as many nested parentheses. */
START_TEST(test_parse_bounds)
{
	static char text[4000];
	hamle_filter *f;
	hamle_error err;
	ck_assert_int_eq(hamle_filter_new(&f), 0);
	size_t n = 0;
	for (int i = 0; i < 128; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%sa=1", i ? "||" : "");
	ck_assert_int_eq(hamle_filter_add(f, text, &err), 0); /* 128 conditions, 127 operators */
	snprintf(text + n, sizeof(text) - n, "||a=1");
	ck_assert_int_eq(hamle_filter_add(f, text, &err), HAMLE_EUSAGE);
	ck_assert_msg(strstr(err.message, "too long") != NULL, "%s", err.message);
	memset(text, '(', 300);
	snprintf(text + 300, sizeof(text) - 300, "a=1");
	ck_assert_int_eq(hamle_filter_add(f, text, &err), HAMLE_EUSAGE);
	ck_assert_msg(strstr(err.message, "nested too deeply") != NULL, "%s", err.message);
	ck_assert_uint_eq(err.column, 257);
	memset(text, '(', 200);
	n = 200 + (size_t)snprintf(text + 200, sizeof(text) - 200, "Result=1-0");
	memset(text + n, ')', 200);
	text[n + 200] = '\0';
	ck_assert_int_eq(hamle_filter_add(f, text, &err), 0);
	hamle_game *g = tu_read_one(game_text);
	ck_assert_int_eq(hamle_filter_match(f, g), 0); /* the 128 a=1 fail */
	hamle_game_free(g);
	hamle_filter_free(f);
}
END_TEST

/* A pattern that backtracks without end on a value: neither match nor no match, but an error with
 * the tag's position (before, PCRE2's limit error read as "no match": ~ left the game out and !~
 * took it). */
START_TEST(test_match_limit)
{
	const char *text = "[Event \"x\"]\n[White \"aaaaaaaaaaaaaaaaaaaaaaaaaaaab Z\"]\n\n1. e4 *\n";
	hamle_game *g = tu_read_one(text);
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

/* A condition that cannot be decided (a pattern at its match limit) is neither true nor false:
 * false && it is false, true || it is true (and the pattern is not even run), ! of it stays
 * undecided, and Player tries the other side. */
START_TEST(test_undecided_logic)
{
	const char *text = "[Event \"x\"]\n[White \"aaaaaaaaaaaaaaaaaaaaaaaaaaaab Z\"]\n[Black \"Tal\"]\n\n1. e4 *\n";
	hamle_game *g = tu_read_one(text);
	static const struct {
		const char *expr;
		int want;
	} logic[] = {
		{ "Event=y && White~/(a+)+$|Z/", 0 }, { "White~/(a+)+$|Z/ && Event=y", 0 },
		{ "Event=x || White~/(a+)+$|Z/", 1 }, { "White~/(a+)+$|Z/ || Event=x", 1 },
		{ "Event=x && White~/(a+)+$|Z/", HAMLE_ELIMIT }, { "Event=y || White~/(a+)+$|Z/", HAMLE_ELIMIT },
		{ "!White~/(a+)+$|Z/", HAMLE_ELIMIT }, { "!(Event=y && White~/(a+)+$|Z/)", 1 },
		{ "Player~/(a+)+$|Tal/", 1 }, { "Player~/(a+)+$|Z/", HAMLE_ELIMIT }, { "Player!~/(a+)+$|Tal/", 0 },
	};
	for (size_t i = 0; i < sizeof(logic) / sizeof(logic[0]); i++) {
		hamle_filter *f;
		hamle_error err;
		ck_assert_int_eq(hamle_filter_new(&f), 0);
		ck_assert_int_eq(hamle_filter_add(f, logic[i].expr, &err), 0);
		memset(&err, 0, sizeof(err));
		int rc = hamle_filter_check(f, g, &err);
		ck_assert_msg(rc == logic[i].want, "%s: %d, not %d", logic[i].expr, rc, logic[i].want);
		if (rc == HAMLE_ELIMIT) {
			ck_assert_str_eq(err.token, logic[i].expr);
			ck_assert_uint_eq(err.line, 2); /* the White tag */
		}
		hamle_filter_free(f);
	}
	hamle_game_free(g);
}
END_TEST

/* A lookup that counts the tags asked for: all are "v" but Event, which is "e". */
static const char *counting_value(void *payload, const char *name)
{
	++*(int *)payload;
	return strcmp(name, "Event") == 0 ? "e" : "v";
}

/* && and || do not look at their right operand once the left one decides. */
START_TEST(test_short_circuit)
{
	static const struct {
		const char *expr;
		int want, lookups;
	} sc[] = {
		{ "Event=x && White=v", 0, 1 }, { "Event=e || White=v", 1, 1 }, { "Event=e && White=v", 1, 2 },
		{ "Event=x && (White=v || Black=v) && Site=v", 0, 1 }, { "(Event=e || White=v) && Black=x", 0, 2 },
		{ "!Event=e && White=v", 0, 1 }, { "Event=x || Event=x || Event=e || White=v", 1, 3 },
		{ "Player=v", 1, 1 }, { "Player=x", 0, 2 }, { "Event=x && Player=v || Site=v", 1, 2 },
	};
	for (size_t i = 0; i < sizeof(sc) / sizeof(sc[0]); i++) {
		hamle_filter *f;
		ck_assert_int_eq(hamle_filter_new(&f), 0);
		ck_assert_int_eq(hamle_filter_add(f, sc[i].expr, NULL), 0);
		int n = 0;
		ck_assert_msg(hamle_filter_match_fn(f, counting_value, &n) == sc[i].want, "%s", sc[i].expr);
		ck_assert_msg(n == sc[i].lookups, "%s: %d lookups, not %d", sc[i].expr, n, sc[i].lookups);
		hamle_filter_free(f);
	}
}
END_TEST

/* Plies and Final: facts of the replayed game, given by the caller; unknown without them. */
START_TEST(test_facts)
{
	static const char *after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
	static const struct {
		const char *expr;
		int want;
	} fc[] = {
		{ "Plies=1", 1 }, { "Plies>=1", 1 }, { "Plies>1", 0 }, { "Plies<2 && Result=1-0", 1 }, { "Plies!=1", 0 },
		{ "Final=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", 1 },
		{ "Final='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'", 1 }, /* a whole FEN */
		{ "Final=rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR", 0 },
		{ "Final=*/*/*/*/4P3/*/*/*", 1 }, { "Final=*/*/*/*/*P*/*/*/*", 1 }, { "Final=*/*/*/*/*p*/*/*/*", 0 },
		{ "Final=*/*/*/*/????P??\?/*/*/*", 1 }, { "Final=*/*/*/*/???P???\?/*/*/*", 0 },
		{ "Final=!!!!!!!!/*/*/*/*/*/*/*", 1 }, { "Final=*/*/!*/*/*/*/*/*", 0 }, { "Final=*/*/*/*/*A*/*/*/*", 1 },
		{ "Final=*/*/*/*/*a*/*/*/*", 0 }, { "Final=aaaaaaaa/*/*/*/*/*/*/AAAAAAAA", 1 }, { "Final=*/*/*/*/*/*/*/*", 1 },
		{ "Final=*r/*/*/*/*/*/*/*", 1 }, { "Final=r*r/*/*/*/*/*/*/*", 1 }, { "Final=*rr/*/*/*/*/*/*/*", 0 },
		{ "Final!=*/*/*/*/4P3/*/*/*", 0 }, { "!Final=*/*/*/*/8/*/*/*", 1 },
		{ "Final=*/*/*/*/????[Pp]*/*/*/*", 1 }, { "Final=*/*/*/*/????[^P]*/*/*/*", 0 },
		{ "Final=*/*/*/*/[^Pp]*/*/*/*", 1 }, { "Final=*/*/*/*/*[AB]??\?/*/*/*", 1 },
		{ "Final=*/*/*/*/*/*/*/m*", 1 }, { "Final=*/*/*/*/*/*/m*/*", 0 },
		{ "Ends=checkmate", 1 }, { "Ends=stalemate", 0 }, { "Ends!=dead", 1 }, { "Ends~/mate$/", 1 },
	};
	hamle_game *g = tu_read_one(game_text);
	hamle_filter_facts facts = { 1, after_e4, "checkmate", NULL, NULL, 0, 0, NULL };
	for (size_t i = 0; i < sizeof(fc) / sizeof(fc[0]); i++) {
		hamle_filter *f;
		hamle_error err;
		ck_assert_int_eq(hamle_filter_new(&f), 0);
		ck_assert_msg(hamle_filter_add(f, fc[i].expr, &err) == 0, "%s: %s", fc[i].expr, err.message);
		ck_assert_uint_eq(hamle_filter_needs(f), HAMLE_FILTER_NEEDS_REPLAY);
		ck_assert_msg(hamle_filter_check_facts(f, g, &facts, NULL) == fc[i].want, "%s", fc[i].expr);
		/* unknown facts: the positive conditions are false */
		int unknown = hamle_filter_check(f, g, NULL);
		ck_assert_int_eq(unknown, hamle_filter_check_facts(f, g, NULL, NULL));
		if (strstr(fc[i].expr, "!=") == NULL && fc[i].expr[0] != '!')
			ck_assert_msg(unknown == 0, "%s without facts", fc[i].expr);
		hamle_filter_free(f);
	}
	hamle_filter *f;
	ck_assert_int_eq(hamle_filter_new(&f), 0);
	ck_assert_int_eq(hamle_filter_add(f, "Player~/Kasparov/ && Elo>2000", NULL), 0);
	ck_assert_uint_eq(hamle_filter_needs(f), 0);
	ck_assert_uint_eq(hamle_filter_needs(NULL), 0);
	/* from a replay: the game has 2 plies (1. e4 e5) */
	hamle_replay *rp;
	ck_assert_int_eq(hamle_replay_new(&rp, NULL), 0);
	ck_assert_int_eq(hamle_replay_run(rp, g), 0);
	ck_assert_int_eq(hamle_filter_add(f, "Plies=2 && Final=*/*/*/4p3/4P3/*/*/*", NULL), 0);
	ck_assert_int_eq(hamle_replay_filter_check(f, rp, g, NULL), 1);
	ck_assert_int_eq(hamle_filter_add(f, "Plies>2", NULL), 0);
	ck_assert_int_eq(hamle_replay_filter_check(f, rp, g, NULL), 0);
	hamle_replay_free(rp);
	hamle_filter_free(f);
	hamle_game_free(g);
}
END_TEST

/* Ends from a replay: checkmate, stalemate, dead, fivefold, seventyfive, none, and nowhere for a game with
 * an error. */
START_TEST(test_ends)
{
	static const struct {
		const char *text, *ends;
	} games[] = {
		{ "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n", "checkmate" },
		{ "[SetUp \"1\"]\n[FEN \"k7/8/8/2Q5/8/8/8/7K w - - 0 1\"]\n\n1. Qc7 1/2-1/2\n", "stalemate" },
		{ "[SetUp \"1\"]\n[FEN \"k7/7r/8/8/8/8/8/KB6 w - - 0 1\"]\n\n1. Bxh7 1/2-1/2\n", "dead" },
		{ "[SetUp \"1\"]\n[FEN \"k7/8/8/8/8/8/8/K6R w - - 149 80\"]\n\n80. Rh2 1/2-1/2\n", "seventyfive" },
		{ "[Result \"*\"]\n\n1. e4 e5 *\n", "" },
		/* the start position for the fifth time after 8... Ng8; four times only after 6... Ng8 */
		{ "[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 "
		  "7. Nf3 Nf6 8. Ng1 Ng8 1/2-1/2\n", "fivefold" },
		{ "[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 *\n", "" },
		{ "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh5 3. Kf2 Qh4# 0-1\n", NULL }, /* 3. Kf2 is illegal */
	};
	static const char *const names[] = { "checkmate", "stalemate", "dead", "fivefold", "seventyfive" };
	hamle_replay *rp;
	ck_assert_int_eq(hamle_replay_new(&rp, NULL), 0);
	for (size_t i = 0; i < sizeof(games) / sizeof(games[0]); i++) {
		hamle_game *g = tu_read_one(games[i].text);
		ck_assert_int_eq(hamle_replay_run(rp, g), 0);
		for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
			char expr[40];
			snprintf(expr, sizeof(expr), "Ends=%s", names[k]);
			hamle_filter *f;
			ck_assert_int_eq(hamle_filter_new(&f), 0);
			ck_assert_int_eq(hamle_filter_add(f, expr, NULL), 0);
			int want = games[i].ends && strcmp(games[i].ends, names[k]) == 0;
			ck_assert_msg(hamle_replay_filter_check(f, rp, g, NULL) == want, "game %zu: %s", i, expr);
			hamle_filter_free(f);
		}
		hamle_game_free(g);
	}
	hamle_replay_free(rp);
	hamle_filter *f;
	hamle_error err;
	ck_assert_int_eq(hamle_filter_new(&f), 0);
	ck_assert_int_eq(hamle_filter_add(f, "Ends=mate", &err), HAMLE_EUSAGE);
	ck_assert_uint_eq(err.column, 6);
	ck_assert_int_eq(hamle_filter_add(f, "Ends<checkmate", &err), HAMLE_EUSAGE);
	ck_assert_uint_eq(err.column, 5);
	hamle_filter_free(f);
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
	hamle_game *g = tu_read_one(text);
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
	tcase_add_loop_test(tc, test_parse_errors, 0, (int)(sizeof(bad_cases) / sizeof(bad_cases[0])));
	tcase_add_test(tc, test_parse_bounds);
	tcase_add_test(tc, test_match_limit);
	tcase_add_test(tc, test_limit_room);
	tcase_add_test(tc, test_undecided_logic);
	tcase_add_test(tc, test_short_circuit);
	tcase_add_test(tc, test_facts);
	tcase_add_test(tc, test_ends);
	suite_add_tcase(s, tc);
	return s;
}
