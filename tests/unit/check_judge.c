/* check_judge.c: the judgement model (lib/src/engine/judge.c) on constructed evaluations: the
 * winning chances, the thresholds 0.1 0.2 0.3 on both sides of each (for White and Black), the
 * 1000 cp ceiling, the mate sequences (created, lost, kept) with lichess's 700/999 cp steps, a game
 * over on the board, the move accuracy and the game accuracy and ACPL. */
#include <check.h>
#include <math.h>

#include "hamle/engine.h"
#include "suites_decl.h"

static hamle_eval cp(int v) { return (hamle_eval){ HAMLE_EVAL_CP, v }; }
static hamle_eval mate(int v) { return (hamle_eval){ HAMLE_EVAL_MATE, v }; }

static int judge(hamle_eval a, hamle_eval b, int mover, int *seq)
{
	return hamle_judge_move(&a, &b, mover, seq);
}

START_TEST(test_chances)
{
	hamle_eval e = cp(0);
	ck_assert_double_eq_tol(hamle_winning_chances(&e), 0.0, 1e-12);
	e = cp(100);
	ck_assert_double_eq_tol(hamle_winning_chances(&e), 2 / (1 + exp(-0.368208)) - 1, 1e-12);
	e = cp(-100);
	ck_assert_double_eq_tol(hamle_winning_chances(&e), -(2 / (1 + exp(-0.368208)) - 1), 1e-12);
	/* cut at 1000 cp; a mate is 1000 cp */
	hamle_eval big = cp(5000), k = cp(1000), m = mate(3), mm = mate(-1);
	ck_assert_double_eq_tol(hamle_winning_chances(&big), hamle_winning_chances(&k), 1e-12);
	ck_assert_double_eq_tol(hamle_winning_chances(&m), hamle_winning_chances(&k), 1e-12);
	ck_assert_double_eq_tol(hamle_winning_chances(&mm), -hamle_winning_chances(&k), 1e-12);
	ck_assert_double_eq_tol(hamle_win_percent(&k), 50 + 50 * (2 / (1 + exp(-3.68208)) - 1), 1e-9);
}
END_TEST

/* From an equal position, a drop to -x cp: winning chances 0.1 at 54.5 cp, 0.2 at 110.1, 0.3 at
 * 168.1 (ln((1 + c) / (1 - c)) / 0.00368208). */
START_TEST(test_thresholds)
{
	ck_assert_int_eq(judge(cp(0), cp(-54), HAMLE_WHITE, NULL), HAMLE_JUDGE_NONE);
	ck_assert_int_eq(judge(cp(0), cp(-55), HAMLE_WHITE, NULL), HAMLE_JUDGE_INACCURACY);
	ck_assert_int_eq(judge(cp(0), cp(-110), HAMLE_WHITE, NULL), HAMLE_JUDGE_INACCURACY);
	ck_assert_int_eq(judge(cp(0), cp(-111), HAMLE_WHITE, NULL), HAMLE_JUDGE_MISTAKE);
	ck_assert_int_eq(judge(cp(0), cp(-168), HAMLE_WHITE, NULL), HAMLE_JUDGE_MISTAKE);
	ck_assert_int_eq(judge(cp(0), cp(-169), HAMLE_WHITE, NULL), HAMLE_JUDGE_BLUNDER);
	/* Black: the same drops the other way */
	ck_assert_int_eq(judge(cp(0), cp(54), HAMLE_BLACK, NULL), HAMLE_JUDGE_NONE);
	ck_assert_int_eq(judge(cp(0), cp(55), HAMLE_BLACK, NULL), HAMLE_JUDGE_INACCURACY);
	ck_assert_int_eq(judge(cp(0), cp(111), HAMLE_BLACK, NULL), HAMLE_JUDGE_MISTAKE);
	ck_assert_int_eq(judge(cp(0), cp(169), HAMLE_BLACK, NULL), HAMLE_JUDGE_BLUNDER);
	/* a gain is never a mistake; the other side's loss is not the mover's */
	ck_assert_int_eq(judge(cp(0), cp(500), HAMLE_WHITE, NULL), HAMLE_JUDGE_NONE);
	ck_assert_int_eq(judge(cp(0), cp(-500), HAMLE_BLACK, NULL), HAMLE_JUDGE_NONE);
	/* the same 300 cp lost matter less far from equality */
	ck_assert_int_eq(judge(cp(900), cp(600), HAMLE_WHITE, NULL), HAMLE_JUDGE_INACCURACY);
	ck_assert_int_eq(judge(cp(700), cp(400), HAMLE_WHITE, NULL), HAMLE_JUDGE_MISTAKE);
	ck_assert_int_eq(judge(cp(150), cp(-150), HAMLE_WHITE, NULL), HAMLE_JUDGE_BLUNDER);
	/* beyond 1000 cp nothing changes */
	ck_assert_int_eq(judge(cp(3000), cp(1000), HAMLE_WHITE, NULL), HAMLE_JUDGE_NONE);
	/* no evaluation, no judgement */
	hamle_eval none = { HAMLE_EVAL_NONE, 0 };
	ck_assert_int_eq(judge(none, cp(-900), HAMLE_WHITE, NULL), HAMLE_JUDGE_NONE);
	ck_assert_int_eq(judge(cp(900), none, HAMLE_WHITE, NULL), HAMLE_JUDGE_NONE);
}
END_TEST

START_TEST(test_mates)
{
	int seq;
	/* mate created: none before, the other side mates after; by how lost the mover was */
	ck_assert_int_eq(judge(cp(50), mate(-3), HAMLE_WHITE, &seq), HAMLE_JUDGE_BLUNDER);
	ck_assert_int_eq(seq, HAMLE_MATE_CREATED);
	ck_assert_int_eq(judge(cp(-701), mate(-3), HAMLE_WHITE, &seq), HAMLE_JUDGE_MISTAKE);
	ck_assert_int_eq(judge(cp(-700), mate(-3), HAMLE_WHITE, &seq), HAMLE_JUDGE_BLUNDER);
	ck_assert_int_eq(judge(cp(-1000), mate(-3), HAMLE_WHITE, &seq), HAMLE_JUDGE_INACCURACY);
	ck_assert_int_eq(judge(cp(-50), mate(2), HAMLE_BLACK, &seq), HAMLE_JUDGE_BLUNDER);
	ck_assert_int_eq(judge(cp(1000), mate(2), HAMLE_BLACK, &seq), HAMLE_JUDGE_INACCURACY);
	ck_assert_int_eq(seq, HAMLE_MATE_CREATED);
	/* mate lost: the mover's mate is gone; by how much is left */
	ck_assert_int_eq(judge(mate(2), cp(300), HAMLE_WHITE, &seq), HAMLE_JUDGE_BLUNDER);
	ck_assert_int_eq(seq, HAMLE_MATE_LOST);
	ck_assert_int_eq(judge(mate(2), cp(701), HAMLE_WHITE, &seq), HAMLE_JUDGE_MISTAKE);
	ck_assert_int_eq(judge(mate(2), cp(1000), HAMLE_WHITE, &seq), HAMLE_JUDGE_INACCURACY);
	ck_assert_int_eq(judge(mate(-4), cp(-200), HAMLE_BLACK, &seq), HAMLE_JUDGE_BLUNDER);
	ck_assert_int_eq(judge(mate(2), mate(-1), HAMLE_WHITE, &seq), HAMLE_JUDGE_BLUNDER);
	ck_assert_int_eq(seq, HAMLE_MATE_LOST);
	/* a mate kept (even a slower one), a mate that was already against the mover: nothing */
	ck_assert_int_eq(judge(mate(2), mate(5), HAMLE_WHITE, &seq), HAMLE_JUDGE_NONE);
	ck_assert_int_eq(seq, HAMLE_MATE_NONE);
	ck_assert_int_eq(judge(mate(-2), mate(-1), HAMLE_WHITE, &seq), HAMLE_JUDGE_NONE);
	/* the mating move: the game over on the board, won by the mover */
	hamle_eval won = { HAMLE_EVAL_OVER, 1 }, wonb = { HAMLE_EVAL_OVER, -1 }, drawn = { HAMLE_EVAL_OVER, 0 };
	ck_assert_int_eq(judge(mate(1), won, HAMLE_WHITE, &seq), HAMLE_JUDGE_NONE);
	ck_assert_int_eq(judge(mate(-1), wonb, HAMLE_BLACK, &seq), HAMLE_JUDGE_NONE);
	/* stalemating a won position: the mate is lost */
	ck_assert_int_eq(judge(mate(3), drawn, HAMLE_WHITE, &seq), HAMLE_JUDGE_BLUNDER);
	ck_assert_int_eq(seq, HAMLE_MATE_LOST);
	ck_assert_int_eq(judge(cp(600), drawn, HAMLE_WHITE, &seq), HAMLE_JUDGE_BLUNDER);
}
END_TEST

START_TEST(test_accuracy)
{
	ck_assert_double_eq_tol(hamle_move_accuracy(50, 60), 100, 1e-12);
	ck_assert_double_eq_tol(hamle_move_accuracy(50, 50), 100, 1e-12);
	ck_assert_double_eq_tol(hamle_move_accuracy(60, 50), 64.5798284537, 1e-6);
	ck_assert_double_eq_tol(hamle_move_accuracy(100, 0), 0, 1e-12);
	/* a game without a loss: 100 and 0 for both */
	hamle_eval flat[6] = { cp(20), cp(20), cp(20), cp(20), cp(20), cp(20) };
	double acc[2], acpl[2];
	ck_assert_int_eq(hamle_game_accuracy(flat, 6, HAMLE_WHITE, acc, acpl), 0);
	ck_assert_double_eq_tol(acc[0], 100, 1e-9);
	ck_assert_double_eq_tol(acc[1], 100, 1e-9);
	ck_assert_double_eq_tol(acpl[0], 0, 1e-9);
	/* White throws 320 cp away on its second move: ACPL (0 + 320) / 2 for White, 0 for Black */
	hamle_eval one[5] = { cp(20), cp(20), cp(20), cp(-300), cp(-300) };
	ck_assert_int_eq(hamle_game_accuracy(one, 5, HAMLE_WHITE, acc, acpl), 0);
	ck_assert_double_eq_tol(acpl[HAMLE_WHITE], 160, 1e-9);
	ck_assert_double_eq_tol(acpl[HAMLE_BLACK], 0, 1e-9);
	ck_assert_double_eq_tol(acc[HAMLE_BLACK], 100, 1e-9);
	/* White's moves: 100 and the drop from win% of +20 cp to -300 cp, weights 0.5 and the window's
	 * deviation; the mean of the weighted mean and the harmonic mean */
	hamle_eval a = cp(20), b = cp(-300);
	double w0 = hamle_win_percent(&a), w1 = hamle_win_percent(&b);
	double m2 = hamle_move_accuracy(w0, w1);
	double sd = fabs(w0 - w1) / 2; /* the window of move 3: {w0, w1}, 13.5, cut to 12 */
	ck_assert(sd > 12);
	sd = 12;
	double weighted = (100 * 0.5 + m2 * sd) / (0.5 + sd), harmonic = 2 / (1 / 100.0 + 1 / m2);
	ck_assert_double_eq_tol(acc[HAMLE_WHITE], (weighted + harmonic) / 2, 1e-9);
	/* started by Black (a game from a position): the same drop is Black's gain; mirrored, its loss */
	ck_assert_int_eq(hamle_game_accuracy(one, 5, HAMLE_BLACK, acc, acpl), 0);
	ck_assert_double_eq_tol(acpl[HAMLE_BLACK], 0, 1e-9);
	ck_assert_double_eq_tol(acc[HAMLE_BLACK], 100, 1e-9);
	hamle_eval mirror[5] = { cp(-20), cp(-20), cp(-20), cp(300), cp(300) };
	double acc2[2];
	ck_assert_int_eq(hamle_game_accuracy(mirror, 5, HAMLE_BLACK, acc2, acpl), 0);
	ck_assert_double_eq_tol(acpl[HAMLE_BLACK], 160, 1e-9);
	ck_assert_double_eq_tol(acpl[HAMLE_WHITE], 0, 1e-9);
	ck_assert_double_eq_tol(acc2[HAMLE_BLACK], (weighted + harmonic) / 2, 1e-9);
	/* a mate counts 1000 cp */
	hamle_eval m[3] = { cp(0), mate(-2), mate(-1) };
	ck_assert_int_eq(hamle_game_accuracy(m, 3, HAMLE_WHITE, acc, acpl), 0);
	ck_assert_double_eq_tol(acpl[HAMLE_WHITE], 1000, 1e-9);
	/* a missing evaluation, too few moves */
	hamle_eval gap[3] = { cp(0), { HAMLE_EVAL_NONE, 0 }, cp(0) };
	ck_assert_int_eq(hamle_game_accuracy(gap, 3, HAMLE_WHITE, acc, acpl), HAMLE_EUSAGE);
	ck_assert_int_eq(hamle_game_accuracy(flat, 2, HAMLE_WHITE, acc, acpl), HAMLE_EUSAGE);
}
END_TEST

Suite *judge_suite(void)
{
	Suite *s = suite_create("judge");
	TCase *tc = tcase_create("judge");
	tcase_add_test(tc, test_chances);
	tcase_add_test(tc, test_thresholds);
	tcase_add_test(tc, test_mates);
	tcase_add_test(tc, test_accuracy);
	suite_add_tcase(s, tc);
	return s;
}
