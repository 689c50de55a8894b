/* Unwinnability (suite "unwinnable"): hamle_unwin_analyze on constructed positions -- bare and
 * insufficient material, bishops of one colour and of both, a blocked pawn wall, a fortress,
 * a middlegame, a full board lost on time, king and pawn endings -- with every helpmate replayed
 * to mate by the move generator; and the closure's set as it grows. */
#include <check.h>
#include <string.h>

#include "chess/unwin_internal.h"
#include "hamle/hamle.h"
#include "suites_decl.h"

enum { NO = HAMLE_UNWIN_CANNOT_MATE, YES = HAMLE_UNWIN_CAN_MATE };

/* Replays r's line from fen: legal throughout, ending with `side`'s opponent checkmated. */
static void assert_replays(const char *fen, const hamle_unwin_result *r, int side)
{
	hamle_position *p = NULL;
	ck_assert_int_eq(hamle_position_new(&p, fen, NULL), 0);
	for (int i = 0; i < r->line_len; i++) {
		ck_assert_msg(hamle_position_is_legal(p, r->line[i]), "%s: ply %d of the helpmate is illegal", fen, i + 1);
		hamle_position_play(p, r->line[i]);
	}
	ck_assert_int_eq(hamle_position_state(p), HAMLE_STATE_CHECKMATE);
	ck_assert_int_eq((int)hamle_position_side(p), !side);
	hamle_position_free(p);
}

/* Both sides' verdicts and reasons (reason -1: any). */
static void check_position(const char *fen, int white, int why_white, int black, int why_black)
{
	hamle_position *p = NULL;
	ck_assert_int_eq(hamle_position_new(&p, fen, NULL), 0);
	int want[2] = {white, black}, why[2] = {why_white, why_black};
	for (int side = 0; side < 2; side++) {
		hamle_unwin_result r;
		ck_assert_int_eq(hamle_unwinnable_analyze(&r, p, (hamle_color)side, 0), 0);
		ck_assert_msg((int)r.verdict == want[side], "%s: %s: %s (%s), expected %s", fen, side ? "Black" : "White",
			hamle_unwin_verdict_id(r.verdict), hamle_unwin_reason_id(r.reason),
			hamle_unwin_verdict_id((hamle_unwin_verdict)want[side]));
		if (why[side] >= 0)
			ck_assert_msg((int)r.reason == why[side], "%s: %s: reason %s", fen, side ? "Black" : "White",
				hamle_unwin_reason_id(r.reason));
		if (r.verdict == HAMLE_UNWIN_CAN_MATE)
			assert_replays(fen, &r, side);
	}
	hamle_position_free(p);
}

START_TEST(bare_kings)
{
	check_position("8/8/8/4k3/8/8/8/4K3 w - - 0 1", NO, HAMLE_UNWIN_BY_MATERIAL, NO, HAMLE_UNWIN_BY_MATERIAL);
}
END_TEST

START_TEST(knight_alone)
{
	/* a knight mates only when the other side blocks its king in: against a bare king never */
	check_position("8/8/8/4k3/8/8/8/3NK3 w - - 0 1", NO, HAMLE_UNWIN_BY_MATERIAL, NO, HAMLE_UNWIN_BY_MATERIAL);
	/* but a rook of the other side can block: K+N against K+R can mate (and the rook too) */
	check_position("8/8/8/4k3/8/8/8/r2NK3 w - - 0 1", YES, HAMLE_UNWIN_BY_HELPMATE, YES, HAMLE_UNWIN_BY_HELPMATE);
}
END_TEST

START_TEST(bishops_same_colour)
{
	/* c1 and f8 are both dark squares */
	check_position("5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", NO, HAMLE_UNWIN_BY_MATERIAL, NO, HAMLE_UNWIN_BY_MATERIAL);
}
END_TEST

START_TEST(bishops_opposite_colour)
{
	/* c1 dark, c8 light: each bishop's side can mate with the other bishop blocking */
	check_position("2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1", YES, HAMLE_UNWIN_BY_HELPMATE, YES, HAMLE_UNWIN_BY_HELPMATE);
}
END_TEST

START_TEST(pawn_wall)
{
	/* the pawns can never move and each king stays on its side of the wall */
	check_position("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1", NO, HAMLE_UNWIN_BY_BLOCKADE, NO, HAMLE_UNWIN_BY_BLOCKADE);
	/* pawns that can still advance until they meet the wall (facing pawns never pass) */
	check_position("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1", NO, HAMLE_UNWIN_BY_BLOCKADE, NO,
		HAMLE_UNWIN_BY_BLOCKADE);
	/* a gap in the wall (the g-pawns gone): both can mate */
	check_position("4k3/8/8/p1p1p3/P1P1P3/8/8/4K3 w - - 0 1", YES, -1, YES, -1);
}
END_TEST

START_TEST(fortress)
{
	/* Black's only move takes the last pawn, leaving bare kings */
	check_position("k7/P1K5/8/8/8/8/8/8 b - - 0 1", NO, -1, NO, -1);
	/* from CHA's test vectors: every line ends without mate (a capture stalemates or leaves
	 * too little) */
	check_position("8/8/8/6p1/6P1/4p1PK/4Pp1p/3bRnkr w - - 0 1", NO, -1, NO, -1);
}
END_TEST

START_TEST(middlegame)
{
	check_position("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", YES,
		HAMLE_UNWIN_BY_HELPMATE, YES, HAMLE_UNWIN_BY_HELPMATE);
	check_position(NULL, YES, HAMLE_UNWIN_BY_HELPMATE, YES, HAMLE_UNWIN_BY_HELPMATE);
}
END_TEST

START_TEST(game_over)
{
	/* fool's mate: Black has mated (an empty helpmate), White cannot any more */
	const char *fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
	check_position(fen, NO, HAMLE_UNWIN_BY_GAME_OVER, YES, HAMLE_UNWIN_BY_HELPMATE);
	hamle_position *p = NULL;
	hamle_unwin_result r;
	ck_assert_int_eq(hamle_position_new(&p, fen, NULL), 0);
	ck_assert_int_eq(hamle_unwinnable_analyze(&r, p, HAMLE_BLACK, 0), 0);
	ck_assert_int_eq(r.line_len, 0);
	hamle_position_free(p);
}
END_TEST

/* A full board lost on time by White (chess.js's benchmark.pgn): White's king castled long among
 * its own men is mated where it stands, found by the short search toward it in a few thousand
 * nodes (the corner-bound deepening alone takes over 23,000), and the line replays to mate. */
/* King and pawn endings from real games (resigned): few moves, so a small world by its look, but
 * one too large to close, and the helpmate (a pawn queens, then mates) is found at the deepening's
 * first depth. The deepening comes before the closure: each is found in a few thousand nodes, not
 * the twenty thousand and more of a closure that fills up first. */
START_TEST(pawn_ending_deepened_first)
{
	static const struct {
		const char *fen;
		int side;
	} cases[] = {
		{"8/8/8/6Kp/7P/5k2/8/8 w - - 6 64", HAMLE_BLACK},
		{"8/8/6p1/1p6/1P5k/8/6K1/8 w - - 0 53", HAMLE_WHITE},
		{"8/8/6p1/1p6/1P5k/8/6K1/8 w - - 0 53", HAMLE_BLACK},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		hamle_position *p = NULL;
		hamle_unwin_result r;
		ck_assert_int_eq(hamle_position_new(&p, cases[i].fen, NULL), 0);
		ck_assert_int_eq(hamle_unwinnable_analyze(&r, p, (hamle_color)cases[i].side, 0), 0);
		ck_assert_int_eq(r.verdict, HAMLE_UNWIN_CAN_MATE);
		ck_assert_msg(r.nodes < 15000, "%s: %lu nodes", cases[i].fen, (unsigned long)r.nodes);
		assert_replays(cases[i].fen, &r, cases[i].side);
		hamle_position_free(p);
	}
}
END_TEST

START_TEST(castled_king_mated_at_home)
{
	const char *fen = "r2q1rk1/4ppbp/2bp2p1/p7/1p2PP2/PBN1Q2P/1PP3P1/2KRR3 w - - 0 18";
	hamle_position *p = NULL;
	hamle_unwin_result r;
	ck_assert_int_eq(hamle_position_new(&p, fen, NULL), 0);
	ck_assert_int_eq(hamle_unwinnable_analyze(&r, p, HAMLE_BLACK, 0), 0);
	ck_assert_int_eq(r.verdict, HAMLE_UNWIN_CAN_MATE);
	ck_assert_msg(r.nodes < 8000, "%lu nodes", (unsigned long)r.nodes);
	assert_replays(fen, &r, HAMLE_BLACK);
	hamle_position_free(p);
}
END_TEST

/* A mate in one for the side to move: the certificate is that move, written whole into a
 * buffer of exactly the size the sizing call asks for. */
START_TEST(mate_in_one_line)
{
	const char *fen = "B7/8/8/8/4r3/8/7p/5K1k w - - 0 1";
	check_position(fen, YES, HAMLE_UNWIN_BY_HELPMATE, NO, -1);
	hamle_position *p = NULL;
	hamle_unwin_result r;
	ck_assert_int_eq(hamle_position_new(&p, fen, NULL), 0);
	ck_assert_int_eq(hamle_unwinnable_analyze(&r, p, HAMLE_WHITE, 0), 0);
	ck_assert_int_eq(r.line_len, 1);
	int n = hamle_unwin_line_uci(NULL, 0, p, &r);
	ck_assert_int_eq(n, 4);
	char exact[5];
	ck_assert_int_eq(hamle_unwin_line_uci(exact, sizeof(exact), p, &r), n);
	ck_assert_str_eq(exact, "a8e4");
	char short_buf[4];
	ck_assert_int_eq(hamle_unwin_line_uci(short_buf, sizeof(short_buf), p, &r), n);
	ck_assert_uint_lt(strlen(short_buf), sizeof(short_buf));
	hamle_position_free(p);
}
END_TEST

START_TEST(budget_and_api)
{
	hamle_position *p = NULL;
	hamle_unwin *u = NULL;
	hamle_unwin_result r;
	ck_assert_int_eq(hamle_position_new(&p, NULL, NULL), 0);
	ck_assert_int_eq(hamle_unwin_new(&u), 0);
	/* one node is not enough to find a mate from the start position (the searches visit one, the
	 * last walk through the reachable positions one more) */
	ck_assert_int_eq(hamle_unwin_analyze(u, &r, p, HAMLE_WHITE, 1), 0);
	ck_assert_int_eq(r.verdict, HAMLE_UNWIN_UNDECIDED);
	ck_assert_uint_le(r.nodes, 2);
	ck_assert_int_eq(hamle_unwin_analyze(u, &r, p, HAMLE_WHITE, 0), 0);
	ck_assert_int_eq(r.verdict, HAMLE_UNWIN_CAN_MATE);
	/* the UCI line: as many words as plies, and the snprintf contract */
	char buf[4096], small[8];
	int n = hamle_unwin_line_uci(buf, sizeof(buf), p, &r);
	ck_assert_int_eq(n, (int)strlen(buf));
	int words = 1;
	for (int i = 0; buf[i]; i++)
		words += buf[i] == ' ';
	ck_assert_int_eq(words, r.line_len);
	ck_assert_int_eq(hamle_unwin_line_uci(small, sizeof(small), p, &r), n);
	ck_assert_uint_lt(strlen(small), sizeof(small));
	ck_assert_int_eq(strncmp(small, buf, strlen(small)), 0);
	/* the start position is not dead; a bare-king position is */
	int undecided = -1;
	ck_assert_int_eq(hamle_unwin_dead(u, p, 0, &undecided), 0);
	ck_assert_int_eq(undecided, 0);
	hamle_position_free(p);
	ck_assert_int_eq(hamle_position_new(&p, "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 b - - 0 1", NULL), 0);
	ck_assert_int_eq(hamle_unwin_dead(u, p, 0, &undecided), 1);
	ck_assert_int_eq(hamle_unwin_analyze(NULL, &r, p, HAMLE_WHITE, 0), HAMLE_EUSAGE);
	ck_assert_int_eq(hamle_unwin_analyze(u, NULL, p, HAMLE_WHITE, 0), HAMLE_EUSAGE);
	ck_assert_int_eq(hamle_unwin_analyze(u, &r, NULL, HAMLE_WHITE, 0), HAMLE_EUSAGE);
	hamle_position_free(p);
	hamle_unwin_free(u);
	hamle_unwin_free(NULL);
}
END_TEST

/* The closure's set grows as it fills (a breadth-first walk of rook and king against king passes
 * its first 65,536 slots): the shortest helpmate is found and replays, the set is left empty for
 * the next run, and a second run finds the same line; an analysis after it still finds the
 * blockade of a pawn wall (no key of the first run left behind). */
START_TEST(closure_set_grows)
{
	const char *fen = "8/8/8/3k4/8/8/8/R3K3 w - - 0 1";
	hamle_position *p = NULL;
	hamle_unwin *u = NULL;
	ck_assert_int_eq(hamle_position_new(&p, fen, NULL), 0);
	ck_assert_int_eq(hamle_unwin_new(&u), 0);
	hamle_unwin_result r1, r2;
	for (int run = 0; run < 2; run++) {
		hamle_unwin_result *r = run ? &r2 : &r1;
		memset(r, 0, sizeof(*r));
		u->nodes = 0;
		u->budget = 4000000;
		ck_assert_int_eq(unwin_closure_run(u, p, HAMLE_WHITE, r, UNWIN_CLOSURE_MAX), SEARCH_MATE);
		ck_assert_uint_gt(u->seen_ready, 65536);
		for (size_t i = 0; i < u->seen_ready; i++)
			ck_assert_msg(u->seen[i] == 0, "slot %zu of the set left full", i);
		assert_replays(fen, r, HAMLE_WHITE);
	}
	ck_assert_int_eq(r1.line_len, r2.line_len);
	ck_assert_int_eq(memcmp(r1.line, r2.line, (size_t)r1.line_len * sizeof(r1.line[0])), 0);
	hamle_position_free(p);
	p = NULL;
	const char *wall = "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1";
	ck_assert_int_eq(hamle_position_new(&p, wall, NULL), 0);
	ck_assert_int_eq(hamle_unwin_analyze(u, &r1, p, HAMLE_WHITE, 0), 0);
	ck_assert_int_eq(r1.verdict, NO);
	ck_assert_int_eq(r1.reason, HAMLE_UNWIN_BY_BLOCKADE);
	hamle_position_free(p);
	hamle_unwin_free(u);
}
END_TEST

Suite *unwinnable_suite(void)
{
	Suite *s = suite_create("unwinnable");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, bare_kings);
	tcase_add_test(tc, knight_alone);
	tcase_add_test(tc, bishops_same_colour);
	tcase_add_test(tc, bishops_opposite_colour);
	tcase_add_test(tc, pawn_wall);
	tcase_add_test(tc, fortress);
	tcase_add_test(tc, middlegame);
	tcase_add_test(tc, game_over);
	tcase_add_test(tc, budget_and_api);
	tcase_add_test(tc, mate_in_one_line);
	tcase_add_test(tc, castled_king_mated_at_home);
	tcase_add_test(tc, pawn_ending_deepened_first);
	tcase_add_test(tc, closure_set_grows);
	suite_add_tcase(s, tc);
	return s;
}
