/* Replay tests (suite "replay"): language detection, variations, findings with positions and
 * suggestions, result checks. Games in testdata/replay/games.pgn. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/replay.h"
#include "suites_decl.h"
#include "testutil.h"

static hamle_locale *locs[7];
static hamle_replay *rp;
static hamle_reader *reader;
static hamle_game *games[8];
static size_t ngames;
static char *data;

static void setup(void)
{
	static const char *const tags[] = {"en", "tr", "de", "fr", "es", "it", "nl"};
	for (int i = 0; i < 7; i++)
		ck_assert_int_eq(hamle_locale_load_builtin(&locs[i], tags[i], NULL), HAMLE_OK);
	hamle_replay_options o = HAMLE_REPLAY_OPTIONS_INIT;
	o.candidates = (const hamle_locale *const *)locs;
	o.n_candidates = 7;
	ck_assert_int_eq(hamle_replay_new(&rp, &o), HAMLE_OK);
	char path[1024];
	size_t len;
	data = tu_read_file(tu_testdata(path, sizeof(path), "replay/games.pgn"), &len);
	ck_assert_ptr_nonnull(data);
	ck_assert_int_eq(hamle_reader_new(&reader, NULL), HAMLE_OK);
	hamle_reader_set_input_buffer(reader, data, len, "games.pgn");
	ngames = 0;
	while (ngames < 8 && hamle_reader_next(reader, &games[ngames]) == HAMLE_OK)
		ngames++;
}

static void teardown(void)
{
	for (size_t i = 0; i < ngames; i++)
		hamle_game_free(games[i]);
	hamle_reader_free(reader);
	hamle_replay_free(rp);
	for (int i = 0; i < 7; i++)
		hamle_locale_free(locs[i]);
	free(data);
}

static const hamle_diagnostic *find(const char *id)
{
	for (size_t i = 0; i < hamle_replay_finding_count(rp); i++)
		if (!strcmp(hamle_replay_finding(rp, i)->id, id))
			return hamle_replay_finding(rp, i);
	return NULL;
}

START_TEST(clean_english_game)
{
	ck_assert_uint_eq(ngames, 5);
	ck_assert_int_eq(hamle_replay_run(rp, games[0]), HAMLE_OK);
	ck_assert_str_eq(hamle_locale_tag(hamle_replay_locale(rp)), "en");
	ck_assert_uint_eq(hamle_replay_finding_count(rp), 0);
	ck_assert_uint_eq(hamle_replay_plies(rp), 7);
	ck_assert_int_eq(hamle_position_state(hamle_replay_final(rp)), HAMLE_STATE_CHECKMATE);
}
END_TEST

START_TEST(turkish_typo_located_with_suggestion)
{
	ck_assert_int_eq(hamle_replay_run(rp, games[1]), HAMLE_OK);
	ck_assert_str_eq(hamle_locale_tag(hamle_replay_locale(rp)), "tr");
	ck_assert_uint_eq(hamle_replay_error_count(rp), 1);
	/* "A6" names no square: not a move */
	const hamle_diagnostic *d = find("syntax");
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
	ck_assert_int_eq(hamle_replay_run(rp, games[2]), HAMLE_OK);
	ck_assert_str_eq(hamle_locale_tag(hamle_replay_locale(rp)), "de");
	ck_assert_uint_eq(hamle_replay_error_count(rp), 0);
	ck_assert_uint_eq(hamle_replay_plies(rp), 9);
	/* every move token resolved, variations included */
	const hamle_token *t = hamle_game_tokens(games[2]);
	const hamle_replay_move *m = hamle_replay_moves(rp);
	size_t moves = 0;
	for (size_t i = 0; i < hamle_game_token_count(games[2]); i++) {
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
	ck_assert_int_eq(hamle_replay_run(rp, games[3]), HAMLE_OK);
	const hamle_diagnostic *d = find("result-mismatch");
	ck_assert_ptr_nonnull(d);
	ck_assert_uint_eq(hamle_replay_error_count(rp), 0);
	/* both the tag/marker disagreement and the checkmate on the board */
	size_t n = 0;
	for (size_t i = 0; i < hamle_replay_finding_count(rp); i++)
		n += !strcmp(hamle_replay_finding(rp, i)->id, "result-mismatch");
	ck_assert_uint_eq(n, 2);
}
END_TEST

START_TEST(ambiguous_knight_move)
{
	ck_assert_int_eq(hamle_replay_run(rp, games[4]), HAMLE_OK);
	const hamle_diagnostic *d = find("ambiguous-move");
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
