/* Reconciliation tests (suite "reconcile"): two sheets of one game built from text (PGN and typed
 * scoresheets, Turkish, German and English letters), replayed with detection among en tr de, and
 * reconciled: the agreed game (its moves as English SAN), each divergence's code, ply, sheet and
 * readings, the result. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/hamle.h"
#include "suites_decl.h"

/* The Italian game of the fixtures, in English: 20 plies. */
#define GAME_EN "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Bd2 Bxd2+ " \
	"8. Nbxd2 d5 9. exd5 Nxd5 10. Qb3 Nce7"
#define GAME_TR "1. e4 e5 2. Af3 Ac6 3. Fc4 Fc5 4. c3 Af6 5. d4 exd4 6. cxd4 Fb4+ 7. Fd2 Fxd2+ " \
	"8. Abxd2 d5 9. exd5 Axd5 10. Vb3 Ace7"
#define AGREED "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+ Bd2 Bxd2+ Nbxd2 d5 exd5 Nxd5 Qb3 Nce7"

static hamle_locale *locs[3];
static hamle_replay *rpa, *rpb;
static hamle_reconcile *rc;
static hamle_game *ga, *gb;

static void setup(void)
{
	const char *tags[3] = {"en", "tr", "de"};
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(hamle_locale_load_builtin(&locs[i], tags[i], NULL), HAMLE_OK);
	hamle_replay_options po = HAMLE_REPLAY_OPTIONS_INIT;
	po.candidates = (const hamle_locale *const *)locs;
	po.n_candidates = 3;
	po.flags = HAMLE_REPLAY_NO_SUGGEST;
	ck_assert_int_eq(hamle_replay_new(&rpa, &po), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_new(&rpb, &po), HAMLE_OK);
	ck_assert_int_eq(hamle_reconcile_new(&rc, NULL), HAMLE_OK);
	ga = gb = NULL;
}

static void teardown(void)
{
	hamle_game_free(ga);
	hamle_game_free(gb);
	hamle_reconcile_free(rc);
	hamle_replay_free(rpa);
	hamle_replay_free(rpb);
	for (int i = 0; i < 3; i++)
		hamle_locale_free(locs[i]);
}

static hamle_game *read_game(const char *text, const char *name)
{
	hamle_reader_options ro = HAMLE_READER_OPTIONS_INIT;
	ro.sheet_locales = (const hamle_locale *const *)locs;
	ro.n_sheet_locales = 3;
	hamle_reader *r = NULL;
	hamle_game *g = NULL;
	ck_assert_int_eq(hamle_reader_new(&r, &ro), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_set_input_buffer(r, text, strlen(text), name), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_next(r, &g), HAMLE_OK);
	hamle_reader_free(r);
	return g;
}

/* Reads, replays and reconciles sheets a and b. */
static void run(const char *a, const char *b)
{
	ga = read_game(a, "a.txt");
	gb = read_game(b, "b.txt");
	ck_assert_int_eq(hamle_replay_run(rpa, ga), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_run(rpb, gb), HAMLE_OK);
	ck_assert_int_eq(hamle_reconcile_run(rc, ga, rpa, gb, rpb), HAMLE_OK);
}

/* The agreed moves as English SAN separated by spaces. */
static const char *agreed(char *buf, size_t size)
{
	size_t n, len = 0;
	const hamle_move *m = hamle_reconcile_moves(rc, &n);
	hamle_position *pos = NULL;
	ck_assert_int_eq(hamle_position_copy(&pos, hamle_reconcile_start(rc)), HAMLE_OK);
	buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		char san[HAMLE_SAN_MAX];
		ck_assert_int_ge(hamle_san_format(san, sizeof(san), pos, locs[0], m[i], HAMLE_FORM_SAN), 0);
		len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", san);
		ck_assert_uint_lt(len, size);
		hamle_position_play(pos, m[i]);
	}
	hamle_position_free(pos);
	return buf;
}

static const hamle_divergence *nth(size_t i, const char *id, unsigned ply)
{
	const hamle_divergence *d = hamle_reconcile_at(rc, i);
	ck_assert_msg(d != NULL, "no divergence %zu (of %zu)", i, hamle_reconcile_count(rc));
	ck_assert_str_eq(d->id, id);
	ck_assert_uint_eq(d->ply, ply);
	ck_assert_msg(d->error.message[0], "divergence %zu has no message", i);
	return d;
}

START_TEST(turkish_and_german_agree)
{
	char buf[512];
	run("Beyaz: Ayşe\nSiyah: Anna\n\n" GAME_TR "\nSonuç: 1-0\n",
		"1. e4 e5 2. Sf3 Sc6 3. Lc4 Lc5 4. c3 Sf6 5. d4 exd4 6. cxd4 Lb4+ 7. Ld2 Lxd2+ 8. Sbxd2 d5 "
		"9. exd5 Sxd5 10. Db3 Sce7 1:0\n");
	ck_assert_str_eq(hamle_locale_tag(hamle_replay_locale(rpa)), "tr");
	ck_assert_str_eq(hamle_locale_tag(hamle_replay_locale(rpb)), "de");
	ck_assert_uint_eq(hamle_reconcile_count(rc), 0);
	ck_assert_int_eq(hamle_reconcile_complete(rc), 1);
	ck_assert_int_eq(hamle_reconcile_result(rc), HAMLE_RESULT_WHITE);
	ck_assert_str_eq(agreed(buf, sizeof(buf)), AGREED);
}
END_TEST

/* What a case checks of a divergence; 0 (or NULL) leaves a field unchecked. */
#define ANY 0
enum { A_ = 1, B_, NONE_ };    /* a sheet: HAMLE_SHEET_A, _B, _NONE */
enum { NO_ = 1, YES_ };        /* a flag */
static int sheet_of(int w)
{
	return w == A_ ? HAMLE_SHEET_A : w == B_ ? HAMLE_SHEET_B : HAMLE_SHEET_NONE;
}

struct want {
	const char *id;
	unsigned ply;
	int sheet, taken;          /* A_, B_, NONE_ */
	int stops, a_legal, b_legal; /* NO_, YES_ */
	unsigned plies, shift_end, move_number;
	int black;                 /* its side: YES_ Black, NO_ White */
	const char *a, *b;         /* what each sheet says ("" for nothing) */
	const char *says;          /* in its message */
};

/* Two sheets, the divergences they give, in order, and the agreed game. */
static const struct rc_case {
	const char *name, *a, *b;
	size_t count;
	struct want d[2];
	const char *agreed;
	int result;                /* 1 + hamle_result; ANY */
	int complete;              /* NO_, YES_ */
} cases[] = {
	{"stopped recording", GAME_TR " 1-0", "1. e4 e5 2. Sf3 Sc6 3. Lc4 Lc5 4. c3 Sf6 5. d4 exd4 6. cxd4", 2,
		{{.id = "move-missing", .ply = 12, .sheet = B_, .taken = A_, .plies = 9, .move_number = 6, .black = YES_,
			.a = "Fb4+"},
			{.id = "result-differs", .ply = 21}}, /* B has no result: A's is taken */
		AGREED, 1 + HAMLE_RESULT_WHITE, ANY},
	{"dropped move mid-game", GAME_EN " 1-0", "1. e4 e5 2. Sf3 Sc6 3. Lc4 Lc5 4. c3 Sf6 6. cxd4 Lb4+ 7. Ld2 "
		"Lxd2+ 8. Sbxd2 d5 9. exd5 Sxd5 10. Db3 Sce7 1-0", 1,
		{{.id = "move-missing", .ply = 9, .sheet = B_, .plies = 2, .a = "d4", .b = ""}}, AGREED, ANY, ANY},
	/* B misses 4... Nf6 and writes Black's moves in White's column until it misses 6... Bb4+ */
	{"column shift realigned", GAME_EN " 1-0", "Weiß: A\nSchwarz: B\n\n1. e4 e5\n2. Sf3 Sc6\n3. Lc4 Lc5\n"
		"4. c3 d4\n5. exd4 cxd4\n6. Ld2 Lxd2+\n7. Sbxd2 d5\n8. exd5 Sxd5\n9. Db3 Sce7\nErgebnis: 1:0\n", 2,
		{{.id = "column-shift", .ply = 8, .sheet = B_, .taken = A_,
			.shift_end = 11, /* 6. cxd4 is the last move in the wrong column */ .a = "Nf6"},
			{.id = "move-missing", .ply = 12, .a = "Bb4+"}}, AGREED, ANY, ANY},
	/* B lacks 4... Nd4; its 5. Sxd4, read a ply early, is Black's Nd4 with a capture mark that
	 * captures nothing: the gap at ply 8 explains the later moves, not agreeing there */
	{"a wrong mark is no agreement", "1. e4 e5 2. Nc3 Nf6 3. Nf3 Nc6 4. d3 Nd4 5. Nxd4 exd4 6. Ne2 d5 7. exd5 "
		"Nxd5 *", "1. e4 e5 2. Sc3 Sf6 3. Sf3 Sc6 4. d3 Sxd4 5. exd4 Se2 6. d5 exd5 7. Sxd5 *", 1,
		{{.id = "column-shift", .ply = 8, .a = "Nd4"}},
		"e4 e5 Nc3 Nf6 Nf3 Nc6 d3 Nd4 Nxd4 exd4 Ne2 d5 exd5 Nxd5", ANY, ANY},
	/* B's 8. Sd2 fits no knight (both can go there: ambiguous): A's Nbxd2 is taken */
	{"only one legal", GAME_EN " 1-0", "1. e4 e5 2. Sf3 Sc6 3. Lc4 Lc5 4. c3 Sf6 5. d4 exd4 6. cxd4 Lb4+ "
		"7. Ld2 Lxd2+ 8. Sxd2 d5 9. exd5 Sxd5 10. Db3 Sce7 1-0", 1,
		{{.id = "sheets-differ", .ply = 15, .sheet = B_, .taken = A_, .stops = NO_, .a_legal = YES_,
			.b_legal = NO_, .b = "Sxd2"}}, AGREED, ANY, ANY},
	/* A's 7. Nc3 is legal too, but 7... Bxd2+ then is not: B's 7. Bd2 is borne out */
	{"both legal, borne out", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Nc3 "
		"Bxd2+ 8. Nbxd2 d5 9. exd5 Nxd5 10. Qb3 Nce7 1-0", "Beyaz: X\nSiyah: Y\n\n" GAME_TR "\nSonuç: 1-0\n", 1,
		{{.id = "sheets-differ", .ply = 13, .taken = B_, .a_legal = YES_, .b_legal = YES_, .a = "Nc3",
			.b = "Fd2"}}, AGREED, ANY, ANY},
	/* 10. Qb3 or 10. Qc2: the later 10... Nce7 fits both: the game stops at 9... Nxd5 */
	{"both legal, undecided", GAME_EN " 1-0", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 "
		"Bb4+ 7. Bd2 Bxd2+ 8. Nbxd2 d5 9. exd5 Nxd5 10. Qc2 Nce7 1-0", 1,
		{{.id = "sheets-differ", .ply = 19, .taken = NONE_, .stops = YES_, .says = "9... Nxd5"}},
		"e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+ Bd2 Bxd2+ Nbxd2 d5 exd5 Nxd5",
		1 + HAMLE_RESULT_UNKNOWN, NO_},
	/* both sheets have the same move, and no king reaches e3: no divergence of theirs, an illegal
	 * move where the agreed game stops */
	{"both sheets illegal", "1. e4 e5 2. Ke3 Nc6 *", "White: A\nBlack: B\n\n1. e4 e5\n2. Ke3 Nc6\n", 1,
		{{.id = "illegal-move", .ply = 3, .taken = NONE_, .stops = YES_, .a_legal = NO_, .b_legal = NO_,
			.a = "Ke3", .b = "Ke3", .says = "both sheets have Ke3"}},
		"e4 e5", 1 + HAMLE_RESULT_UNKNOWN, NO_},
};

static void check_yes(int want, int got, const char *what, const char *name)
{
	if (want != ANY)
		ck_assert_msg((got != 0) == (want == YES_), "%s: %s is %d", name, what, got);
}

START_TEST(reconciled)
{
	const struct rc_case *c = &cases[_i];
	char buf[512];
	run(c->a, c->b);
	for (size_t i = 0; i < c->count; i++) {
		const struct want *w = &c->d[i];
		const hamle_divergence *d = nth(i, w->id, w->ply);
		if (w->sheet)
			ck_assert_msg(d->sheet == sheet_of(w->sheet), "%s: sheet %d", c->name, d->sheet);
		if (w->taken)
			ck_assert_msg(d->taken == sheet_of(w->taken), "%s: taken %d", c->name, d->taken);
		check_yes(w->stops, d->stops, "stops", c->name);
		check_yes(w->a_legal, d->a_legal, "a_legal", c->name);
		check_yes(w->b_legal, d->b_legal, "b_legal", c->name);
		check_yes(w->black, d->side == HAMLE_BLACK, "its side Black", c->name);
		if (w->plies)
			ck_assert_uint_eq(d->plies, w->plies);
		if (w->shift_end)
			ck_assert_uint_eq(d->shift_end, w->shift_end);
		if (w->move_number)
			ck_assert_uint_eq(d->move_number, w->move_number);
		if (w->a)
			ck_assert_str_eq(d->a, w->a);
		if (w->b)
			ck_assert_str_eq(d->b, w->b);
		if (w->says)
			ck_assert_msg(strstr(d->error.message, w->says) != NULL, "%s: %s", c->name, d->error.message);
	}
	ck_assert_uint_eq(hamle_reconcile_count(rc), c->count);
	if (c->result)
		ck_assert_int_eq(hamle_reconcile_result(rc), c->result - 1);
	check_yes(c->complete, hamle_reconcile_complete(rc), "complete", c->name);
	ck_assert_str_eq(agreed(buf, sizeof(buf)), c->agreed);
}
END_TEST

START_TEST(results_against_the_board)
{
	char buf[64];
	/* the fool's mate: A says 1-0, B 0-1, the board mates White */
	run("1. f3 e5 2. g4 Qh4# 1-0", "1. f3 e5 2. g4 Dh4# 0-1");
	const hamle_divergence *d = nth(0, "result-differs", 5);
	ck_assert_int_eq(d->sheet, HAMLE_SHEET_A);
	ck_assert_int_eq(d->taken, HAMLE_SHEET_B);
	ck_assert_str_eq(d->a, "1-0");
	ck_assert_str_eq(d->b, "0-1");
	ck_assert_int_eq(hamle_reconcile_result(rc), HAMLE_RESULT_BLACK);
	ck_assert_str_eq(agreed(buf, sizeof(buf)), "f3 e5 g4 Qh4#");
	hamle_game_free(ga);
	hamle_game_free(gb);
	/* both sign 1/2-1/2 on a mate: the signed result stands (8.7), with a divergence */
	run("1. f3 e5 2. g4 Qh4# 1/2-1/2", "1. f3 e5 2. g4 Dh4# ½-½");
	nth(0, "result-differs", 5);
	ck_assert_int_eq(hamle_reconcile_result(rc), HAMLE_RESULT_DRAW);
}
END_TEST

START_TEST(different_starts)
{
	run("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O *", "1. e4 *");
	const hamle_divergence *d = nth(0, "sheets-differ", 1);
	ck_assert_int_eq(d->stops, 1);
	size_t n;
	hamle_reconcile_moves(rc, &n);
	ck_assert_uint_eq(n, 0);
}
END_TEST

START_TEST(null_safe_and_options)
{
	hamle_reconcile_free(NULL);
	ck_assert_int_eq(hamle_reconcile_run(rc, NULL, rpa, NULL, rpb), HAMLE_EUSAGE);
	ck_assert_int_eq(hamle_reconcile_count(NULL), 0);
	ck_assert_ptr_null(hamle_reconcile_at(rc, 0));
	hamle_reconcile_options o = HAMLE_RECONCILE_OPTIONS_INIT;
	o.version = 99;
	hamle_reconcile *bad = NULL;
	ck_assert_int_eq(hamle_reconcile_new(&bad, &o), HAMLE_EUSAGE);
	ck_assert_ptr_null(bad);
	/* a spent budget still reconciles: two plies are looked ahead then */
	hamle_reconcile *tight = NULL;
	o = (hamle_reconcile_options)HAMLE_RECONCILE_OPTIONS_INIT;
	o.budget = 1;
	o.messages = locs[1];
	ck_assert_int_eq(hamle_reconcile_new(&tight, &o), HAMLE_OK);
	hamle_reconcile_free(rc);
	rc = tight;
	char buf[512];
	run(GAME_EN " 1-0", "1. e4 e5 2. Sf3 Sc6 3. Lc4 Lc5 4. c3 Sf6 6. cxd4 Lb4+ 7. Ld2 Lxd2+ 8. Sbxd2 d5 "
		"9. exd5 Sxd5 10. Db3 Sce7 1-0");
	const hamle_divergence *d = nth(0, "move-missing", 9);
	ck_assert_ptr_nonnull(strstr(d->error.message, "kâğıdında")); /* Turkish messages */
	ck_assert_str_eq(agreed(buf, sizeof(buf)), AGREED);
}
END_TEST

Suite *reconcile_suite(void)
{
	Suite *s = suite_create("reconcile");
	TCase *tc = tcase_create("reconcile");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, turkish_and_german_agree);
	tcase_add_loop_test(tc, reconciled, 0, (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, results_against_the_board);
	tcase_add_test(tc, different_starts);
	tcase_add_test(tc, null_safe_and_options);
	suite_add_tcase(s, tc);
	return s;
}
