/* Replay tests (suite "replay"): language detection, variations, findings with positions and
 * suggestions, result checks. Games in testdata/replay/games.pgn. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/replay.h"
#include "suites_decl.h"
#include "testutil.h"

static tu_games fx;

static void setup(void)
{
	tu_games_open(&fx, "replay/games.pgn", 8, 0);
}

static void teardown(void)
{
	tu_games_close(&fx);
}

START_TEST(clean_english_game)
{
	ck_assert_uint_eq(fx.ngames, 5);
	ck_assert_int_eq(hamle_replay_run(fx.rp, fx.games[0]), HAMLE_OK);
	ck_assert_str_eq(hamle_locale_tag(hamle_replay_locale(fx.rp)), "en");
	ck_assert_uint_eq(hamle_replay_finding_count(fx.rp), 0);
	ck_assert_uint_eq(hamle_replay_plies(fx.rp), 7);
	ck_assert_int_eq(hamle_position_state(hamle_replay_final(fx.rp)), HAMLE_STATE_CHECKMATE);
}
END_TEST

START_TEST(turkish_typo_located_with_suggestion)
{
	ck_assert_int_eq(hamle_replay_run(fx.rp, fx.games[1]), HAMLE_OK);
	ck_assert_str_eq(hamle_locale_tag(hamle_replay_locale(fx.rp)), "tr");
	ck_assert_uint_eq(hamle_replay_error_count(fx.rp), 1);
	/* "A6" names no square: not a move */
	const hamle_diagnostic *d = tu_finding(fx.rp, "syntax");
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d->error.token, "A6");
	ck_assert_uint_eq(d->error.line, 19);
	ck_assert_uint_eq(d->error.column, 38);
	ck_assert_uint_eq(d->error.ply, 8);
	ck_assert_uint_eq(d->move_number, 4);
	ck_assert_int_eq(d->side, HAMLE_BLACK);
	ck_assert_uint_eq(d->path_len, 0);
	ck_assert_uint_ge(d->n_suggestions, 1);
	ck_assert_str_eq(d->suggestion[0].uci, "g8f6");
	ck_assert_str_eq(d->suggestion[0].san, "Af6");
}
END_TEST

START_TEST(german_with_nested_variations)
{
	ck_assert_int_eq(hamle_replay_run(fx.rp, fx.games[2]), HAMLE_OK);
	ck_assert_str_eq(hamle_locale_tag(hamle_replay_locale(fx.rp)), "de");
	ck_assert_uint_eq(hamle_replay_error_count(fx.rp), 0);
	ck_assert_uint_eq(hamle_replay_plies(fx.rp), 9);
	/* every move token resolved, variations included */
	const hamle_token *t = hamle_game_tokens(fx.games[2]);
	const hamle_replay_move *m = hamle_replay_moves(fx.rp);
	size_t moves = 0;
	for (size_t i = 0; i < hamle_game_token_count(fx.games[2]); i++) {
		if (t[i].kind == HAMLE_TOKEN_MOVE) {
			ck_assert_msg(m[i].flags & HAMLE_RM_MOVE, "token %zu unresolved", i);
			moves++;
		}
	}
	ck_assert_uint_eq(moves, 13);
}
END_TEST

START_TEST(result_contradicts_mate)
{
	ck_assert_int_eq(hamle_replay_run(fx.rp, fx.games[3]), HAMLE_OK);
	const hamle_diagnostic *d = tu_finding(fx.rp, "result-mismatch");
	ck_assert_ptr_nonnull(d);
	ck_assert_uint_eq(hamle_replay_error_count(fx.rp), 0);
	/* both the tag/marker disagreement and the checkmate on the board */
	size_t n = 0;
	for (size_t i = 0; i < hamle_replay_finding_count(fx.rp); i++)
		n += !strcmp(hamle_replay_finding(fx.rp, i)->id, "result-mismatch");
	ck_assert_uint_eq(n, 2);
}
END_TEST

START_TEST(ambiguous_knight_move)
{
	ck_assert_int_eq(hamle_replay_run(fx.rp, fx.games[4]), HAMLE_OK);
	const hamle_diagnostic *d = tu_finding(fx.rp, "ambiguous-move");
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d->error.token, "Nd2");
	ck_assert_uint_eq(d->n_suggestions, 2);
	ck_assert(strstr(d->error.message, "Nbd2") && strstr(d->error.message, "Nfd2"));
}
END_TEST

Suite *replay_suite(void)
{
	Suite *s = suite_create("replay");
	TCase *tc = tcase_create("games");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, clean_english_game);
	tcase_add_test(tc, turkish_typo_located_with_suggestion);
	tcase_add_test(tc, german_with_nested_variations);
	tcase_add_test(tc, result_contradicts_mate);
	tcase_add_test(tc, ambiguous_knight_move);
	suite_add_tcase(s, tc);
	return s;
}
