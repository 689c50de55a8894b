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

static hamle_locale *locs[7];
static hamle_replay *rp;
static hamle_reader *reader;
static hamle_game *games[MAX_CASES];
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
	o.max_suggestions = HAMLE_MAX_SUGGESTIONS;
	ck_assert_int_eq(hamle_replay_new(&rp, &o), HAMLE_OK);
	char path[1024];
	size_t len;
	data = tu_read_file(tu_testdata(path, sizeof(path), "suggest/cases.pgn"), &len);
	ck_assert_ptr_nonnull(data);
	ck_assert_int_eq(hamle_reader_new(&reader, NULL), HAMLE_OK);
	hamle_reader_set_input_buffer(reader, data, len, "cases.pgn");
	ngames = 0;
	while (ngames < MAX_CASES && hamle_reader_next(reader, &games[ngames]) == HAMLE_OK)
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

START_TEST(cases)
{
	ck_assert_uint_ge(ngames, 9);
	for (size_t g = 0; g < ngames; g++) {
		const char *name = hamle_game_tag(games[g], "Event");
		const char *want_ply = hamle_game_tag(games[g], "SuggestPly");
		const char *want_top = hamle_game_tag(games[g], "SuggestTop");
		const char *want_lang = hamle_game_tag(games[g], "SuggestLang");
		ck_assert_msg(want_ply && want_top && want_lang, "case %zu lacks its Suggest tags", g + 1);
		ck_assert_int_eq(hamle_replay_run(rp, games[g]), HAMLE_OK);
		ck_assert_msg(!strcmp(hamle_locale_tag(hamle_replay_locale(rp)), want_lang),
			"%s: read as %s", name, hamle_locale_tag(hamle_replay_locale(rp)));
		const hamle_diagnostic *d = NULL;
		for (size_t i = 0; i < hamle_replay_finding_count(rp) && !d; i++)
			if (hamle_replay_finding(rp, i)->severity == HAMLE_SEVERITY_ERROR)
				d = hamle_replay_finding(rp, i);
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
			ck_assert_int_eq(hamle_san_parse(&m, pos, hamle_replay_locale(rp), d->suggestion[s].san,
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
	hamle_replay *one = NULL;
	hamle_replay_options o = HAMLE_REPLAY_OPTIONS_INIT;
	o.candidates = (const hamle_locale *const *)locs;
	o.n_candidates = 7;
	o.max_suggestions = 1;
	ck_assert_int_eq(hamle_replay_new(&one, &o), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_run(one, games[0]), HAMLE_OK);
	const hamle_diagnostic *d = NULL;
	for (size_t i = 0; i < hamle_replay_finding_count(one) && !d; i++)
		if (hamle_replay_finding(one, i)->severity == HAMLE_SEVERITY_ERROR)
			d = hamle_replay_finding(one, i);
	ck_assert_ptr_nonnull(d);
	ck_assert_uint_eq(d->n_suggestions, 1);
	hamle_replay_free(one);
}
END_TEST

START_TEST(token_reading)
{
	struct tok_feat f;
	suggest_read_token(&f, locs[0], "Nbd7+", 5);
	ck_assert_int_eq(f.piece, HAMLE_KNIGHT);
	ck_assert_int_eq(f.from_file, 1);
	ck_assert_int_eq(f.to_file, 3);
	ck_assert_int_eq(f.to_rank, 6);
	ck_assert_int_eq(f.check, 1);
	suggest_read_token(&f, locs[1], "A6", 2); /* Turkish: knight, file left out */
	ck_assert_int_eq(f.piece, HAMLE_KNIGHT);
	ck_assert_int_eq(f.to_file, -1);
	ck_assert_int_eq(f.to_rank, 5);
	suggest_read_token(&f, locs[0], "exd8=Q#", 7);
	ck_assert_int_eq(f.piece, HAMLE_PAWN);
	ck_assert_int_eq(f.capture, 1);
	ck_assert_int_eq(f.promo, HAMLE_QUEEN);
	ck_assert_int_eq(f.check, 2);
	suggest_read_token(&f, locs[0], "N3f", 3); /* file and rank swapped */
	ck_assert_int_eq(f.to_file, 5);
	ck_assert_int_eq(f.to_rank, 2);
	suggest_read_token(&f, locs[1], "Adb35", 5); /* a stray digit (real typo for Adb3) */
	ck_assert_int_eq(f.from_file, 3);
	ck_assert_int_eq(f.to_file, 1);
	ck_assert_int_eq(f.alt_rank, 2);
	ck_assert_int_eq(f.to_rank, 4);
	ck_assert_int_eq(f.from_rank, -1);
	suggest_read_token(&f, locs[0], "O-O-O", 5);
	ck_assert_int_eq(f.castle, 2);
	suggest_read_token(&f, locs[1], "Şe2", strlen("Şe2"));
	ck_assert_int_eq(f.piece, HAMLE_KING);
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
	suite_add_tcase(s, tc);
	return s;
}
