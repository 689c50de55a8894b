/* Suggestion tests (suite "suggest"): hand-made games with one bad move each
 * (testdata/suggest/cases.pgn: tags SuggestPly, SuggestTop, SuggestLang), replayed with
 * --from auto among en tr de fr es it nl. Checks the first bad ply, the language, the top
 * suggestion, and that every suggestion is a legal move of the position before the bad move
 * written in the game's language. The reading of bad tokens (suggest_text.c) is tested directly. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/replay.h"
#include "hamle/san.h"
#include "replay/suggest_internal.h"
#include "suites_decl.h"
#include "testutil.h"

#define MAX_CASES 32

static tu_games fx;

static void setup(void)
{
	tu_games_open(&fx, "suggest/cases.pgn", MAX_CASES, HAMLE_MAX_SUGGESTIONS);
}

static void teardown(void)
{
	tu_games_close(&fx);
}

START_TEST(cases)
{
	ck_assert_uint_ge(fx.ngames, 9);
	for (size_t g = 0; g < fx.ngames; g++) {
		const char *name = hamle_game_tag(fx.games[g], "Event");
		const char *want_ply = hamle_game_tag(fx.games[g], "SuggestPly");
		const char *want_top = hamle_game_tag(fx.games[g], "SuggestTop");
		const char *want_lang = hamle_game_tag(fx.games[g], "SuggestLang");
		ck_assert_msg(want_ply && want_top && want_lang, "case %zu lacks its Suggest tags", g + 1);
		ck_assert_int_eq(hamle_replay_run(fx.rp, fx.games[g]), HAMLE_OK);
		ck_assert_msg(!strcmp(hamle_locale_tag(hamle_replay_locale(fx.rp)), want_lang),
			"%s: read as %s", name, hamle_locale_tag(hamle_replay_locale(fx.rp)));
		const hamle_diagnostic *d = tu_finding(fx.rp, NULL);
		ck_assert_msg(d != NULL, "%s: no error found", name);
		ck_assert_msg(d->error.ply == (size_t)atoi(want_ply), "%s: error at ply %zu", name,
			(size_t)d->error.ply);
		ck_assert_msg(d->n_suggestions >= 1, "%s: no suggestion", name);
		ck_assert_msg(!strcmp(d->suggestion[0].uci, want_top), "%s: top suggestion %s (%s), want %s",
			name, d->suggestion[0].uci, d->suggestion[0].san, want_top);
		/* every suggestion is legal before the bad move, written in the game's language */
		hamle_position *pos = NULL;
		ck_assert_int_eq(hamle_position_new(&pos, d->fen, NULL), HAMLE_OK);
		for (unsigned s = 0; s < d->n_suggestions; s++) {
			ck_assert_msg(hamle_position_is_legal(pos, d->suggestion[s].move), "%s: %s illegal", name,
				d->suggestion[s].uci);
			hamle_move m;
			ck_assert_int_eq(hamle_san_parse(&m, pos, hamle_replay_locale(fx.rp), d->suggestion[s].san,
				strlen(d->suggestion[s].san), NULL, NULL), HAMLE_OK);
			ck_assert_uint_eq(m, d->suggestion[s].move);
			for (unsigned t = 0; t < s; t++)
				ck_assert_uint_ne(d->suggestion[t].move, d->suggestion[s].move);
		}
		hamle_position_free(pos);
	}
}
END_TEST

START_TEST(max_suggestions_respected)
{
	hamle_replay *one = tu_games_replay(&fx, 1);
	ck_assert_int_eq(hamle_replay_run(one, fx.games[0]), HAMLE_OK);
	const hamle_diagnostic *d = tu_finding(one, NULL);
	ck_assert_ptr_nonnull(d);
	ck_assert_uint_eq(d->n_suggestions, 1);
	hamle_replay_free(one);
}
END_TEST

START_TEST(token_reading)
{
	struct tok_feat f;
	suggest_read_token(&f, fx.locs[0], "Nbd7+", 5);
	ck_assert_int_eq(f.piece, HAMLE_KNIGHT);
	ck_assert_int_eq(f.from_file, 1);
	ck_assert_int_eq(f.to_file, 3);
	ck_assert_int_eq(f.to_rank, 6);
	ck_assert_int_eq(f.check, 1);
	suggest_read_token(&f, fx.locs[1], "A6", 2); /* Turkish: knight, file left out */
	ck_assert_int_eq(f.piece, HAMLE_KNIGHT);
	ck_assert_int_eq(f.to_file, -1);
	ck_assert_int_eq(f.to_rank, 5);
	suggest_read_token(&f, fx.locs[0], "exd8=Q#", 7);
	ck_assert_int_eq(f.piece, HAMLE_PAWN);
	ck_assert_int_eq(f.capture, 1);
	ck_assert_int_eq(f.promo, HAMLE_QUEEN);
	ck_assert_int_eq(f.check, 2);
	suggest_read_token(&f, fx.locs[0], "N3f", 3); /* file and rank swapped */
	ck_assert_int_eq(f.to_file, 5);
	ck_assert_int_eq(f.to_rank, 2);
	suggest_read_token(&f, fx.locs[1], "Adb35", 5); /* a stray digit (real typo for Adb3) */
	ck_assert_int_eq(f.from_file, 3);
	ck_assert_int_eq(f.to_file, 1);
	ck_assert_int_eq(f.alt_rank, 2);
	ck_assert_int_eq(f.to_rank, 4);
	ck_assert_int_eq(f.from_rank, -1);
	suggest_read_token(&f, fx.locs[0], "O-O-O", 5);
	ck_assert_int_eq(f.castle, 2);
	suggest_read_token(&f, fx.locs[1], "Şe2", strlen("Şe2"));
	ck_assert_int_eq(f.piece, HAMLE_KING);
	suggest_read_token(&f, fx.locs[0], "exd6e.p.", 8); /* an e.p. word is a mark, not junk */
	ck_assert_int_eq(f.capture, 1);
	ck_assert_int_eq(f.from_file, 4);
	ck_assert_int_eq(f.to_file, 3);
	ck_assert_int_eq(f.to_rank, 5);
	ck_assert_int_eq(f.junk, 0);
	suggest_read_token(&f, fx.locs[0], "Qh5++", 5); /* "++" is a mate mark in en.yaml */
	ck_assert_int_eq(f.check, 2);
	suggest_read_token(&f, fx.locs[0], "O-O++", 5);
	ck_assert_int_eq(f.check, 2);
	suggest_read_token(&f, fx.locs[0], "Ne:d4!?", 7);
	ck_assert_int_eq(f.capture, 1);
	ck_assert_int_eq(f.junk, 0);
}
END_TEST

/* The marks are the locale's: a locale that lists other ones reads the same token otherwise. */
START_TEST(token_marks_from_locale)
{
	static const char yaml[] = "tag: \"xx\"\n"
		"input:\n"
		"  capture: [\"*\"]\n"
		"  check: [\"ch\"]\n"
		"  mate: [\"mt\"]\n"
		"  promotion: [\"{}\", \"<{}>\"]\n"
		"  en_passant: [\"ep\"]\n"
		/* what it writes must be what it reads (checked at load) */
		"output:\n"
		"  pgn:\n"
		"    promotion: \"{}\"\n"
		"    capture: \"*\"\n"
		"    check: \"ch\"\n"
		"    mate: \"mt\"\n"
		"  fide:\n"
		"    capture: \"*\"\n"
		"    check: \"ch\"\n"
		"    mate: \"mt\"\n"
		"    en_passant: \" ep\"\n";
	hamle_locale *xx = NULL;
	hamle_error err;
	ck_assert_int_eq(hamle_locale_load_buffer(&xx, yaml, sizeof(yaml) - 1, "xx.yaml", &err), HAMLE_OK);
	struct tok_feat f;
	suggest_read_token(&f, xx, "Ne*d4ch", 7);
	ck_assert_int_eq(f.capture, 1);
	ck_assert_int_eq(f.check, 1);
	ck_assert_int_eq(f.junk, 0);
	suggest_read_token(&f, xx, "Nexd4+", 6); /* en's marks mean nothing here */
	ck_assert_int_eq(f.capture, 0);
	ck_assert_int_eq(f.check, 0);
	ck_assert_int_eq(f.junk, 2);
	suggest_read_token(&f, xx, "exd8<Q>mt", 9);
	ck_assert_int_eq(f.promo, HAMLE_QUEEN);
	ck_assert_int_eq(f.check, 2);
	ck_assert_int_eq(f.junk, 1); /* the x */
	suggest_read_token(&f, xx, "exd8=Q#", 7);
	ck_assert_int_eq(f.promo, HAMLE_QUEEN);
	ck_assert_int_eq(f.check, 0);
	ck_assert_int_eq(f.junk, 3); /* x = # */
	hamle_locale_free(xx);
}
END_TEST

Suite *suggest_suite(void)
{
	Suite *s = suite_create("suggest");
	TCase *tc = tcase_create("suggest");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, cases);
	tcase_add_test(tc, max_suggestions_respected);
	tcase_add_test(tc, token_reading);
	tcase_add_test(tc, token_marks_from_locale);
	suite_add_tcase(s, tc);
	return s;
}
