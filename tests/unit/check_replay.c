/* Replay tests (suite "replay"): language detection, variations, findings with positions and
 * suggestions, result checks. Games in testdata/replay/games.pgn, languages.pgn and letters.pgn. */
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

/* Language detection where several languages read the game's letters (replay/languages.pgn). */
static tu_games lx;

static void lang_setup(void)
{
	tu_games_open(&lx, "replay/languages.pgn", 8, 0);
	ck_assert_uint_eq(lx.ngames, 6);
}

static void lang_teardown(void)
{
	tu_games_close(&lx);
}

/* Index of the first move token spelled text. */
static size_t token_at(const hamle_game *g, const char *text)
{
	const hamle_token *t = hamle_game_tokens(g);
	for (size_t i = 0; i < hamle_game_token_count(g); i++)
		if (t[i].kind == HAMLE_TOKEN_MOVE && t[i].len == strlen(text) && !memcmp(t[i].text, text, t[i].len))
			return i;
	ck_abort_msg("no move token %s", text);
	return 0;
}

/* Both readings legal, different moves: an error at the first move they differ in, and the replay
 * stops there (nothing after it is read in either language). */
START_TEST(dutch_p_is_ambiguous)
{
	hamle_game *g = lx.games[0];
	ck_assert_int_eq(hamle_replay_run(lx.rp, g), HAMLE_OK);
	ck_assert_uint_eq(hamle_replay_error_count(lx.rp), 1);
	const hamle_diagnostic *d = tu_finding(lx.rp, NULL);
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d->id, "ambiguous-language");
	ck_assert_int_eq(d->severity, HAMLE_SEVERITY_ERROR);
	size_t at = token_at(g, "Pf3");
	ck_assert_uint_eq(d->token, at);
	ck_assert_str_eq(d->error.token, "Pf3");
	ck_assert_uint_eq(d->error.line, 4);
	ck_assert_uint_eq(d->error.column, 13);
	ck_assert_uint_eq(d->error.ply, 3);
	ck_assert_uint_eq(d->move_number, 2);
	ck_assert_int_eq(d->side, HAMLE_WHITE);
	/* the languages and their readings, each reading once */
	ck_assert_msg(strstr(d->error.message, "from move 2. on") && strstr(d->error.message, "f3 (en, fr, es, it)") &&
		strstr(d->error.message, "Nf3 (nl)"), "%s", d->error.message);
	ck_assert_uint_eq(hamle_replay_first_error(lx.rp), at);
	const hamle_replay_move *m = hamle_replay_moves(lx.rp);
	ck_assert_uint_eq(m[at].flags, HAMLE_RM_ERROR);
	ck_assert_uint_eq(m[token_at(g, "Pc6")].flags, HAMLE_RM_SKIPPED);
	ck_assert_uint_eq(m[token_at(g, "d4")].flags, HAMLE_RM_SKIPPED);
	ck_assert_uint_eq(hamle_replay_plies(lx.rp), 2);
}
END_TEST

/* A declared language decides: no finding, the game read whole in it. */
START_TEST(declared_language_decides)
{
	hamle_replay *rp = NULL;
	hamle_replay_options o = HAMLE_REPLAY_OPTIONS_INIT;
	o.from = lx.locs[6];
	ck_assert_str_eq(hamle_locale_tag(o.from), "nl");
	ck_assert_int_eq(hamle_replay_new(&rp, &o), HAMLE_OK);
	hamle_game *g = lx.games[0];
	ck_assert_int_eq(hamle_replay_run(rp, g), HAMLE_OK);
	ck_assert_uint_eq(hamle_replay_error_count(rp), 0);
	ck_assert_ptr_null(tu_finding(rp, "ambiguous-language"));
	ck_assert_uint_eq(hamle_replay_plies(rp), 5);
	const hamle_replay_move *m = hamle_replay_moves(rp);
	ck_assert_int_eq(HAMLE_MOVE_FROM(m[token_at(g, "Pf3")].move), 6); /* g1: the knight */
	hamle_replay_free(rp);
}
END_TEST

/* Languages that read the same moves are no ambiguity: nothing is said. */
START_TEST(same_moves_no_finding)
{
	ck_assert_int_eq(hamle_replay_run(lx.rp, lx.games[1]), HAMLE_OK);
	ck_assert_uint_eq(hamle_replay_finding_count(lx.rp), 1); /* missing-tag only */
	ck_assert_ptr_nonnull(tu_finding(lx.rp, "missing-tag"));
	ck_assert_str_eq(hamle_locale_tag(hamle_replay_locale(lx.rp)), "es");
	ck_assert_uint_eq(hamle_replay_plies(lx.rp), 6);
}
END_TEST

/* Readings that differ only where one of them fails: the one that goes on wins, nothing said. */
START_TEST(difference_where_one_fails)
{
	ck_assert_int_eq(hamle_replay_run(lx.rp, lx.games[2]), HAMLE_OK);
	ck_assert_uint_eq(hamle_replay_error_count(lx.rp), 0);
	ck_assert_ptr_null(tu_finding(lx.rp, "ambiguous-language"));
	ck_assert_str_eq(hamle_locale_tag(hamle_replay_locale(lx.rp)), "en");
	ck_assert_uint_eq(hamle_replay_plies(lx.rp), 3);
}
END_TEST

/* An earlier difference, but one reading fails later: the reading of the whole game wins. */
START_TEST(furthest_reading_wins)
{
	ck_assert_int_eq(hamle_replay_run(lx.rp, lx.games[3]), HAMLE_OK);
	ck_assert_uint_eq(hamle_replay_error_count(lx.rp), 0);
	ck_assert_ptr_null(tu_finding(lx.rp, "ambiguous-language"));
	ck_assert_str_eq(hamle_locale_tag(hamle_replay_locale(lx.rp)), "nl");
	ck_assert_uint_eq(hamle_replay_plies(lx.rp), 5);
}
END_TEST

/* Readings that stop at the same bad token, with different moves before it: ambiguous there. */
START_TEST(equally_far_is_ambiguous)
{
	hamle_game *g = lx.games[4];
	ck_assert_int_eq(hamle_replay_run(lx.rp, g), HAMLE_OK);
	ck_assert_uint_eq(hamle_replay_error_count(lx.rp), 1);
	const hamle_diagnostic *d = tu_finding(lx.rp, NULL);
	ck_assert_str_eq(d->id, "ambiguous-language");
	ck_assert_uint_eq(d->token, token_at(g, "Pf3"));
}
END_TEST

/* A difference inside a variation: located with its path; the mainline after it is not read. */
START_TEST(ambiguous_in_variation)
{
	hamle_game *g = lx.games[5];
	ck_assert_int_eq(hamle_replay_run(lx.rp, g), HAMLE_OK);
	const hamle_diagnostic *d = tu_finding(lx.rp, NULL);
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d->id, "ambiguous-language");
	ck_assert_uint_eq(d->token, token_at(g, "Pf3"));
	ck_assert_uint_eq(d->error.ply, 3);
	ck_assert_uint_eq(d->path_len, 1);
	ck_assert_uint_eq(d->path[0], 1);
	ck_assert_uint_eq(hamle_replay_moves(lx.rp)[token_at(g, "d4")].flags, HAMLE_RM_SKIPPED);
}
END_TEST

/* Detection by the game's letters first (replay/letters.pgn, the shapes of Turkish scoresheet
 * fragments): a spelling that no language reads ("mat.", "|") rules nobody out, so a game with a
 * letter only Turkish has is read as Turkish even when its first move fails in every language. */
static tu_games tx;

static void letters_setup(void)
{
	tu_games_open(&tx, "replay/letters.pgn", 8, 0);
	ck_assert_uint_eq(tx.ngames, 4);
}

static void letters_teardown(void)
{
	tu_games_close(&tx);
}

/* "1. Ka7 Şg8 ... mat.": K is a rook in Turkish (none reaches a7), a king in English (none
 * either); Ş is Turkish only: the error is the Turkish reading's, its suggestions in Turkish. */
START_TEST(turkish_letters_first_move_wrong)
{
	hamle_game *g = tx.games[0];
	ck_assert_int_eq(hamle_replay_run(tx.rp, g), HAMLE_OK);
	ck_assert_str_eq(hamle_locale_tag(hamle_replay_locale(tx.rp)), "tr");
	ck_assert_uint_eq(hamle_replay_error_count(tx.rp), 1);
	const hamle_diagnostic *d = tu_finding(tx.rp, NULL);
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d->id, "illegal-move");
	ck_assert_str_eq(d->error.token, "Ka7");
	ck_assert_uint_eq(d->error.ply, 1);
	ck_assert_str_eq(d->error.message, "no rook can reach a7");
	ck_assert_uint_ge(d->n_suggestions, 1);
	ck_assert_str_eq(d->suggestion[0].san, "Aa3");
}
END_TEST

/* "1.Fc2 | ...": F (a bishop in Turkish and French) with Ş and V: Turkish, not an English syntax
 * error ("'F' is not a piece letter"). */
START_TEST(turkish_letters_with_stray_signs)
{
	ck_assert_int_eq(hamle_replay_run(tx.rp, tx.games[1]), HAMLE_OK);
	ck_assert_str_eq(hamle_locale_tag(hamle_replay_locale(tx.rp)), "tr");
	const hamle_diagnostic *d = tu_finding(tx.rp, NULL);
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d->id, "illegal-move");
	ck_assert_str_eq(d->error.token, "Fc2");
	ck_assert_uint_eq(d->error.ply, 1);
	ck_assert_str_eq(d->error.message, "no bishop can reach c2");
}
END_TEST

/* Letters of two languages (German S, English B): no language reads them all, so the one that
 * replays furthest is kept; a game with no letter any language reads is English. */
START_TEST(mixed_or_unknown_letters_fall_back)
{
	ck_assert_int_eq(hamle_replay_run(tx.rp, tx.games[2]), HAMLE_OK);
	ck_assert_str_eq(hamle_locale_tag(hamle_replay_locale(tx.rp)), "de");
	const hamle_diagnostic *d = tu_finding(tx.rp, NULL);
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d->id, "syntax");
	ck_assert_str_eq(d->error.token, "Bb5");
	ck_assert_int_eq(hamle_replay_run(tx.rp, tx.games[3]), HAMLE_OK);
	ck_assert_str_eq(hamle_locale_tag(hamle_replay_locale(tx.rp)), "en");
	d = tu_finding(tx.rp, NULL);
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d->error.token, "|");
	ck_assert_uint_eq(d->error.ply, 3);
}
END_TEST

/* ---- the whole story (testdata/replay/story.pgn): move numbers, errors per variation, the Laws
 * by date ---- */
static tu_games story;

static void story_setup(void)
{
	tu_games_open(&story, "replay/story.pgn", 8, 3);
}

static void story_teardown(void)
{
	tu_games_close(&story);
}

static size_t count_id(const hamle_replay *rp, const char *id)
{
	size_t n = 0;
	for (size_t i = 0; i < hamle_replay_finding_count(rp); i++)
		n += !strcmp(hamle_replay_finding(rp, i)->id, id);
	return n;
}

/* "1. e4 e5 5. Nf3 Nc6 6. Bb5": one warning, at the number, for the move it numbers; the numbers
 * after it follow on from it and are not reported again */
START_TEST(move_number_mismatch_at_its_token)
{
	ck_assert_int_eq(hamle_replay_run(story.rp, story.games[0]), HAMLE_OK);
	ck_assert_uint_eq(hamle_replay_error_count(story.rp), 0);
	ck_assert_uint_eq(count_id(story.rp, "move-number"), 1);
	const hamle_diagnostic *d = tu_finding(story.rp, "move-number");
	ck_assert_int_eq(d->severity, HAMLE_SEVERITY_WARNING);
	ck_assert_str_eq(d->error.token, "5.");
	ck_assert_uint_eq(d->error.line, 9);
	ck_assert_uint_eq(d->error.column, 10);
	ck_assert_uint_eq(d->error.ply, 3);
	ck_assert_uint_eq(d->move_number, 2);
	ck_assert_int_eq(d->side, HAMLE_WHITE);
	const hamle_token *num = &hamle_game_tokens(story.games[0])[d->token];
	ck_assert_uint_eq(num->kind, HAMLE_TOKEN_MOVE_NUMBER);
	ck_assert_uint_eq(num->value, 5);
	ck_assert_str_eq(d->error.message, "expected 2. here");
	ck_assert_uint_eq(hamle_replay_plies(story.rp), 5);
}
END_TEST

/* "1. e4 (1. d4 d5 2. Bf5) 1... e5 2. Ke3": the variation's error ends the variation only */
START_TEST(variation_error_ends_the_variation_only)
{
	hamle_game *g = story.games[1];
	ck_assert_int_eq(hamle_replay_run(story.rp, g), HAMLE_OK);
	ck_assert_uint_eq(hamle_replay_error_count(story.rp), 2);
	const hamle_diagnostic *a = hamle_replay_finding(story.rp, 0), *b = hamle_replay_finding(story.rp, 1);
	ck_assert_str_eq(a->error.token, "Bf5");
	ck_assert_uint_eq(a->path_len, 1);
	ck_assert_str_eq(b->error.token, "Ke3");
	ck_assert_uint_eq(b->path_len, 0);
	ck_assert_uint_eq(b->error.ply, 3);
	ck_assert_uint_ge(b->n_suggestions, 1); /* each line's first error gets its suggestions */
	/* the first error in token order; both marked; e5 after the variation resolved */
	const hamle_token *t = hamle_game_tokens(g);
	const hamle_replay_move *m = hamle_replay_moves(story.rp);
	ck_assert_uint_eq(hamle_replay_first_error(story.rp), a->token);
	ck_assert(m[a->token].flags & HAMLE_RM_ERROR);
	ck_assert(m[b->token].flags & HAMLE_RM_ERROR);
	for (size_t i = 0; i < hamle_game_token_count(g); i++)
		if (t[i].kind == HAMLE_TOKEN_MOVE && t[i].len == 2 && !memcmp(t[i].text, "e5", 2))
			ck_assert(m[i].flags & HAMLE_RM_MOVE);
	ck_assert_uint_eq(hamle_replay_plies(story.rp), 2);
}
END_TEST

/* An error in a variation skips the rest of it, the variations inside it after the error too;
 * the next variation and the mainline are replayed to their ends. */
START_TEST(errors_in_two_variations)
{
	hamle_game *g = story.games[2];
	ck_assert_int_eq(hamle_replay_run(story.rp, g), HAMLE_OK);
	ck_assert_uint_eq(hamle_replay_error_count(story.rp), 2);
	ck_assert_str_eq(hamle_replay_finding(story.rp, 0)->error.token, "Ke3");
	ck_assert_str_eq(hamle_replay_finding(story.rp, 1)->error.token, "Qxf7");
	ck_assert_uint_eq(hamle_replay_finding(story.rp, 1)->path[0], 2);
	const hamle_token *t = hamle_game_tokens(g);
	const hamle_replay_move *m = hamle_replay_moves(story.rp);
	size_t skipped = 0, resolved = 0;
	for (size_t i = 0; i < hamle_game_token_count(g); i++) {
		if (t[i].kind != HAMLE_TOKEN_MOVE)
			continue;
		skipped += (m[i].flags & HAMLE_RM_SKIPPED) != 0;
		resolved += (m[i].flags & HAMLE_RM_MOVE) != 0;
	}
	ck_assert_uint_eq(skipped, 3); /* Nf3 d6 (inside the failed line), Nc6 after Ke3 */
	ck_assert_uint_eq(resolved, 8); /* e4 e5 c5, Nf3 Bc4 Nc6, Nc6 Bb5 */
	ck_assert_uint_eq(hamle_replay_plies(story.rp), 5);
}
END_TEST

/* Fivefold repetition ends the game from 1 July 2014 only; 75 moves likewise. */
START_TEST(automatic_draws_by_date)
{
	ck_assert_int_eq(hamle_replay_run(story.rp, story.games[3]), HAMLE_OK); /* 2010 */
	ck_assert_uint_eq(hamle_replay_finding_count(story.rp), 0);
	ck_assert_uint_eq(hamle_replay_plies(story.rp), 18);
	ck_assert_int_eq(hamle_replay_run(story.rp, story.games[4]), HAMLE_OK); /* 2014.07.01 */
	ck_assert_uint_eq(count_id(story.rp, "moves-after-end"), 1);
	ck_assert_uint_eq(hamle_replay_plies(story.rp), 16);
	ck_assert_int_eq(hamle_replay_run(story.rp, story.games[5]), HAMLE_OK); /* 75 moves, 2013 */
	ck_assert_uint_eq(hamle_replay_finding_count(story.rp), 0);
	ck_assert_uint_eq(hamle_replay_plies(story.rp), 4);
}
END_TEST

/* A move missing before "7. Bd2" (Black's 6th is due): the number written says so, and the
 * missing move comes first among the suggestions; without the numbers it does not. */
START_TEST(move_number_evidence_for_a_missing_move)
{
	ck_assert_int_eq(hamle_replay_run(story.rp, story.games[6]), HAMLE_OK);
	const hamle_diagnostic *d = tu_finding(story.rp, NULL);
	ck_assert_str_eq(d->error.token, "Bd2");
	ck_assert_uint_ge(d->n_suggestions, 1);
	ck_assert_str_eq(d->suggestion[0].uci, "c5b4"); /* Bb4+, the move the game had */
	ck_assert_uint_eq(count_id(story.rp, "move-number"), 1);
	ck_assert_int_eq(hamle_replay_run(story.rp, story.games[7]), HAMLE_OK);
	d = tu_finding(story.rp, NULL);
	ck_assert_str_eq(d->error.token, "Bd2");
	ck_assert_str_ne(d->suggestion[0].uci, "c5b4");
}
END_TEST

/* NULL options (as libhamle(3) and examples/ use them): the replay detects among the built-in
 * locales; it crashed on the first move error with no locale at all. */
START_TEST(null_options_detect_among_builtins)
{
	hamle_replay *rp = NULL;
	ck_assert_int_eq(hamle_replay_new(&rp, NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_run(rp, fx.games[0]), HAMLE_OK);
	ck_assert_str_eq(hamle_locale_tag(hamle_replay_locale(rp)), "en");
	ck_assert_uint_eq(hamle_replay_plies(rp), 7);
	ck_assert_int_eq(hamle_replay_run(rp, fx.games[1]), HAMLE_OK); /* Turkish, with a typo */
	ck_assert_str_eq(hamle_locale_tag(hamle_replay_locale(rp)), "tr");
	ck_assert_uint_ge(hamle_replay_error_count(rp), 1);
	const hamle_diagnostic *d = tu_finding(rp, NULL);
	ck_assert_ptr_nonnull(d);
	ck_assert_uint_gt(d->error.line, 0);
	hamle_replay_free(rp);
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
	tcase_add_test(tc, null_options_detect_among_builtins);
	suite_add_tcase(s, tc);
	tc = tcase_create("languages");
	tcase_add_checked_fixture(tc, lang_setup, lang_teardown);
	tcase_add_test(tc, dutch_p_is_ambiguous);
	tcase_add_test(tc, declared_language_decides);
	tcase_add_test(tc, same_moves_no_finding);
	tcase_add_test(tc, difference_where_one_fails);
	tcase_add_test(tc, furthest_reading_wins);
	tcase_add_test(tc, equally_far_is_ambiguous);
	tcase_add_test(tc, ambiguous_in_variation);
	suite_add_tcase(s, tc);
	tc = tcase_create("letters");
	tcase_add_checked_fixture(tc, letters_setup, letters_teardown);
	tcase_add_test(tc, turkish_letters_first_move_wrong);
	tcase_add_test(tc, turkish_letters_with_stray_signs);
	tcase_add_test(tc, mixed_or_unknown_letters_fall_back);
	suite_add_tcase(s, tc);
	tc = tcase_create("story");
	tcase_add_checked_fixture(tc, story_setup, story_teardown);
	tcase_add_test(tc, move_number_mismatch_at_its_token);
	tcase_add_test(tc, variation_error_ends_the_variation_only);
	tcase_add_test(tc, errors_in_two_variations);
	tcase_add_test(tc, automatic_draws_by_date);
	tcase_add_test(tc, move_number_evidence_for_a_missing_move);
	suite_add_tcase(s, tc);
	return s;
}
