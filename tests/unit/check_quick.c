/* Quick lane tests (suite "quick"): hamle_replay_quick judges plain clean games alone, gives up (0)
 * on everything else, and where it answers 1, hamle_replay_run agrees: no finding, same plies,
 * same final position. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/replay.h"
#include "suites_decl.h"
#include "testutil.h"

#define ROSTER "[Event \"e\"]\n[Site \"s\"]\n[Date \"2026.01.01\"]\n[Round \"1\"]\n" \
	"[White \"w\"]\n[Black \"b\"]\n"

static hamle_locale *locs[3];
static hamle_replay *rp;

static void setup(void)
{
	static const char *const tags[3] = {"en", "tr", "de"};
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(hamle_locale_load_builtin(&locs[i], tags[i], NULL), HAMLE_OK);
	hamle_replay_options o = HAMLE_REPLAY_OPTIONS_INIT;
	o.candidates = (const hamle_locale *const *)locs;
	o.n_candidates = 3;
	ck_assert_int_eq(hamle_replay_new(&rp, &o), HAMLE_OK);
}

static void teardown(void)
{
	hamle_replay_free(rp);
	for (int i = 0; i < 3; i++)
		hamle_locale_free(locs[i]);
}

/* Runs the quick lane on the first game of text (tag_findings: hamle_replay_quick_findings, which
 * must answer 1 where hamle_replay_quick does); when it answers 1 or 2, checks the full path
 * agrees: the same findings (none for 1; code, message, line, column), plies and final position.
 * Returns the lane's answer. */
static int quick_with(const char *text, int tag_findings, unsigned *plies)
{
	hamle_reader *r = NULL;
	ck_assert_int_eq(hamle_reader_new(&r, NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_set_input_buffer(r, text, strlen(text), "t"), HAMLE_OK);
	hamle_chunk c;
	ck_assert_int_eq(hamle_reader_next_chunk(r, &c), HAMLE_OK);
	hamle_game *g = NULL;
	int q = hamle_replay_quick(rp, &g, &c, NULL);
	ck_assert_int_ge(q, 0);
	if (tag_findings) {
		int t = hamle_replay_quick_findings(rp, &g, &c, NULL);
		ck_assert_int_ge(t, 0);
		ck_assert_int_eq(t == 1, q == 1); /* the same lane */
		q = t;
	}
	if (q >= 1) {
		size_t nf = hamle_replay_finding_count(rp);
		ck_assert_uint_eq(nf > 0, q == 2);
		ck_assert_uint_eq(hamle_replay_error_count(rp), 0);
		hamle_diagnostic d[4];
		ck_assert_uint_le(nf, 4);
		for (size_t i = 0; i < nf; i++)
			d[i] = *hamle_replay_finding(rp, i);
		if (q == 2) /* what a finding's text names comes from the tags read */
			ck_assert_str_eq(hamle_game_tag(g, "White"), "w");
		unsigned n = hamle_replay_plies(rp);
		char fin[128], fin2[128];
		ck_assert_int_gt(hamle_position_fen(fin, sizeof(fin), hamle_replay_final(rp), 0), 0);
		if (plies)
			*plies = n;
		ck_assert_int_eq(hamle_game_parse(&g, &c, NULL), HAMLE_OK);
		ck_assert_int_eq(hamle_replay_run(rp, g), HAMLE_OK);
		ck_assert_uint_eq(hamle_replay_finding_count(rp), nf);
		for (size_t i = 0; i < nf; i++) {
			const hamle_diagnostic *f = hamle_replay_finding(rp, i);
			ck_assert_str_eq(f->id, d[i].id);
			ck_assert_str_eq(f->error.message, d[i].error.message);
			ck_assert_uint_eq(f->error.line, d[i].error.line);
			ck_assert_uint_eq(f->error.column, d[i].error.column);
		}
		ck_assert_uint_eq(hamle_replay_plies(rp), n);
		ck_assert_int_gt(hamle_position_fen(fin2, sizeof(fin2), hamle_replay_final(rp), 0), 0);
		ck_assert_str_eq(fin, fin2);
	}
	hamle_game_free(g);
	hamle_reader_free(r);
	return q;
}

static int quick(const char *text, unsigned *plies)
{
	return quick_with(text, 0, plies);
}

START_TEST(plain_games_are_judged)
{
	unsigned plies = 0;
	ck_assert_int_eq(quick(ROSTER "[Result \"1-0\"]\n\n1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7# 1-0\n", &plies), 1);
	ck_assert_uint_eq(plies, 7);
	ck_assert_int_eq(hamle_position_state(hamle_replay_final(rp)), HAMLE_STATE_CHECKMATE);
	ck_assert_int_eq(quick(ROSTER "[Result \"*\"]\n\n1. e4 1... e5 2 Nf3 2...d6 3.Bb5+ c6 *\n", &plies), 1);
	ck_assert_uint_eq(plies, 6);
	/* castling, en passant, promotions */
	ck_assert_int_eq(quick(ROSTER "[Result \"*\"]\n\n1.e4 Nf6 2.e5 d5 3.exd6 cxd6 4.Nf3 g6 5.Bc4 Bg7 "
		"6.O-O O-O 7.d4 b5 8.Bxb5 a5 9.a4 Ba6 10.c4 Bxb5 11.axb5 a4 12.b6 a3 13.b7 axb2 "
		"14.bxa8=Q bxa1=Q *\n", &plies), 1);
	ck_assert_uint_eq(plies, 28);
	/* a FEN start */
	ck_assert_int_eq(quick(ROSTER "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K1N1 w - - 0 1\"]\n\n"
		"1.Nf3 Kd7 *\n", &plies), 1); /* K alone would fit three languages */
	ck_assert_uint_eq(plies, 2);
}
END_TEST

START_TEST(anything_else_goes_to_the_full_path)
{
	static const char *const moves[] = {
		"1.e4 {a comment} e5 *",       /* comment */
		"1.e4 (1.d4) e5 *",            /* variation */
		"1.e4 $1 e5 *",                /* NAG */
		"1.e4! e5 *",                  /* glyph */
		"1.e4 e5 2.Ke3 *",             /* illegal */
		"1.e4+ e5 *",                  /* check mark, no check */
		"1.exe4 *",                    /* capture mark, no capture */
		"1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7+ 1-0", /* mate marked as check */
		"1.e4 f5 2.Qh5# *",            /* check marked as mate */
		"1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7# Ke7 1-0", /* moves after mate */
		"1.e4 e5 2.Sf3 *",             /* German letters: the language is not the lane's */
		"1.e4 e5 1-0 2.Nf3",           /* text after the result */
		"1.e4 e5 0-1",                 /* result mismatch with the tag (1-0) */
		"1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1 Ng8 5.Nf3 Nf6 6.Ng1 Ng8 7.Nf3 Nf6 8.Ng1 Ng8 *", /* fivefold */
		"1.e4 e5 2.Nf3 \xC5\x9E *",    /* not ASCII */
		"1.e4 e5 2.--",                /* null move */
	};
	for (size_t i = 0; i < sizeof(moves) / sizeof(moves[0]); i++) {
		char text[512];
		snprintf(text, sizeof(text), ROSTER "[Result \"1-0\"]\n\n%s\n", moves[i]);
		ck_assert_msg(quick(text, NULL) == 0, "the lane judged \"%s\"", moves[i]);
	}
	/* a missing roster tag, an unsupported variant, a bad FEN */
	ck_assert_int_eq(quick("[Event \"e\"]\n\n1.e4 *\n", NULL), 0);
	ck_assert_int_eq(quick(ROSTER "[Result \"*\"]\n[Variant \"crazyhouse\"]\n\n1.e4 *\n", NULL), 0);
	ck_assert_int_eq(quick(ROSTER "[Result \"*\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n1.e4 *\n", NULL), 0);
}
END_TEST

/* Tags with bytes from 0x80 (UTF-8 names, a Windows-1254 byte, mojibake): the tags are decoded
 * alone and the movetext read raw; the lane answers 1 only where the full path finds nothing
 * (quick checks it), and gives up at a byte of the movetext that is not ASCII. */
START_TEST(wide_tags_are_decoded_alone)
{
	static const char *const tags[] = {
		"[Opening \"Gr\xC3\xBCnfeld: Smyslov Defence\"]\n",
		"[Opening \"Gr\xFCnfeld\"]\n",
		"[Opening \"Gr\xC3\x83\xC2\xBCnfeld\"]\n",
		"[Annotator \"\xC5\x9E" "ahin \xC3\x87" "elik\"]\n[Opening \"Gr\xC3\xBCnfeld\"]\n",
		"[Opening \"x\xC3\"]\n",
	};
	for (size_t i = 0; i < sizeof(tags) / sizeof(tags[0]); i++) {
		char text[512];
		unsigned plies = 0;
		snprintf(text, sizeof(text), ROSTER "[Result \"1-0\"]\n%s\n1.e4 {d=23, pv=e4 e5} e5 {a\nb} "
			"2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7# 1-0\n", tags[i]);
		int q = quick(text, &plies);
		if (i == 0 || i == 3) {
			ck_assert_msg(q == 1, "the lane gave up on %s", tags[i]);
			ck_assert_uint_eq(plies, 7);
		}
		snprintf(text, sizeof(text), ROSTER "[Result \"1-0\"]\n%s\n1.e4 {\xC3\xA9} e5 2.Bc4 Nc6 "
			"3.Qh5 Nf6 4.Qxf7# 1-0\n", tags[i]);
		ck_assert_int_eq(quick(text, NULL), 0);
		snprintf(text, sizeof(text), ROSTER "[Result \"1-0\"]\n%s\n1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7+ 1-0\n",
			tags[i]);
		ck_assert_int_eq(quick(text, NULL), 0); /* mate marked as check */
	}
}
END_TEST

/* The full path's move-number findings for the first game of text. */
static size_t full_move_numbers(const char *text)
{
	hamle_reader *r = NULL;
	ck_assert_int_eq(hamle_reader_new(&r, NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_set_input_buffer(r, text, strlen(text), "t"), HAMLE_OK);
	hamle_game *g = NULL;
	ck_assert_int_eq(hamle_reader_next(r, &g), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_run(rp, g), HAMLE_OK);
	size_t n = 0;
	for (size_t i = 0; i < hamle_replay_finding_count(rp); i++)
		n += !strcmp(hamle_replay_finding(rp, i)->id, "move-number");
	hamle_game_free(g);
	hamle_reader_free(r);
	return n;
}

/* The lane gives up on a move number that does not fit the move (the full path reports it) and
 * judges the forms that fit, from the FEN's full-move number too. */
START_TEST(move_numbers_must_fit)
{
	static const char *const wrong[] = {
		"1.e4 e5 5.Nf3 *",        /* skipped */
		"1.e4 e5 2.Nf3 Nc6 2.Bb5 *", /* repeated */
		"1.e4 2.e5 *",            /* Black's 1st numbered as White's 2nd */
		"1...e4 *",               /* White's move numbered as Black's */
		"1.e4 e5 2.Nf3 3...Nc6 *",
		"0.e4 *",
		"1.e4 e5 99999999999.Nf3 *",
	};
	for (size_t i = 0; i < sizeof(wrong) / sizeof(wrong[0]); i++) {
		char text[512];
		snprintf(text, sizeof(text), ROSTER "[Result \"*\"]\n\n%s\n", wrong[i]);
		ck_assert_msg(quick(text, NULL) == 0, "the lane judged \"%s\"", wrong[i]);
		ck_assert_msg(full_move_numbers(text) == 1, "\"%s\": no move-number finding", wrong[i]);
	}
	unsigned plies = 0;
	ck_assert_int_eq(quick(ROSTER "[Result \"*\"]\n\n1. e4 1. e5 2 Nf3 2.. Nc6 3 Bb5 *\n", &plies), 1);
	ck_assert_uint_eq(plies, 5);
	ck_assert_int_eq(quick(ROSTER "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K1N1 b - - 0 12\"]\n\n"
		"12...Kd7 13.Nf3 Ke6 *\n", &plies), 1);
	ck_assert_uint_eq(plies, 3);
	/* a full-move number 0 in the FEN (it starts at 1) is taken as 1 */
	ck_assert_int_eq(quick(ROSTER "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K1N1 w - - 0 0\"]\n\n"
		"1.Nf3 Kd7 2.Ng5 *\n", &plies), 1);
	ck_assert_int_eq(quick(ROSTER "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K1N1 b - - 0 12\"]\n\n"
		"1...Kd7 *\n", NULL), 0);
}
END_TEST

START_TEST(strict_and_kept_positions_are_not_the_lanes)
{
	hamle_replay_free(rp);
	hamle_replay_options o = HAMLE_REPLAY_OPTIONS_INIT;
	o.from = locs[0];
	o.flags = HAMLE_REPLAY_STRICT;
	ck_assert_int_eq(hamle_replay_new(&rp, &o), HAMLE_OK);
	ck_assert_int_eq(quick(ROSTER "[Result \"*\"]\n\n1.e4 e5 *\n", NULL), 0);
	hamle_replay_free(rp);
	o.flags = 0;
	ck_assert_int_eq(hamle_replay_new(&rp, &o), HAMLE_OK);
	ck_assert_int_eq(quick(ROSTER "[Result \"*\"]\n\n1.e4 e5 *\n", NULL), 1);
}
END_TEST

/* A game that cannot start (bad FEN) reports it and hands out no half-read position. */
START_TEST(bad_fen_game_is_not_started)
{
	const char *text = ROSTER "[Result \"*\"]\n[FEN \"rnbqkbnr/pppppppp/8/8 w KQkq - 0 1\"]\n\n1.e4 *\n";
	hamle_reader *r = NULL;
	ck_assert_int_eq(hamle_reader_new(&r, NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_set_input_buffer(r, text, strlen(text), "t"), HAMLE_OK);
	hamle_game *g = NULL;
	ck_assert_int_eq(hamle_reader_next(r, &g), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_run(rp, g), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_started(rp), 0);
	ck_assert_ptr_nonnull(tu_finding(rp, "bad-fen"));
	char fen[128];
	ck_assert_int_gt(hamle_position_fen(fen, sizeof(fen), hamle_replay_final(rp), 0), 0);
	ck_assert_str_eq(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
	hamle_game_free(g);
	hamle_reader_free(r);
}
END_TEST

static int quick_findings(const char *text)
{
	return quick_with(text, 1, NULL);
}

START_TEST(tag_findings_alone_are_reported_by_the_lane)
{
	/* Date and Round missing: one warning, the movetext clean (a variation and a NAG too) */
	const char *partial = "[Event \"e\"]\n[Site \"s\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n";
	char text[512];
	snprintf(text, sizeof(text), "%s1.e4 e5 (1...c5 2.Nf3) 2.Bc4 Nc6 3.Qh5 Nf6 $4 4.Qxf7# 1-0\n", partial);
	ck_assert_int_eq(quick_findings(text), 2);
	ck_assert_str_eq(hamle_replay_finding(rp, 0)->id, "missing-tag");
	/* with a UTF-8 name and a FEN: the tags are read by the tag reader all the same */
	snprintf(text, sizeof(text), "[Event \"G\xc3\xbczel\"]\n[White \"w\"]\n[SetUp \"1\"]\n"
		"[FEN \"6k1/5ppp/8/8/8/8/5PPP/Q5K1 w - - 0 1\"]\n\n1.Qa8# 1-0\n");
	ck_assert_int_eq(quick_findings(text), 2);
	/* a finding of the movetext: the full path */
	snprintf(text, sizeof(text), "%s1.e4 e5 2.Ke3 *\n", partial);
	ck_assert_int_eq(quick_findings(text), 0);
	snprintf(text, sizeof(text), "%s1.e4 e5 0-1\n", partial);
	ck_assert_int_eq(quick_findings(text), 0); /* the result tag disagrees */
	/* every tag: clean, 1 as hamle_replay_quick */
	snprintf(text, sizeof(text), ROSTER "[Result \"*\"]\n\n1.e4 e5 2.Nf3 *\n");
	ck_assert_int_eq(quick_findings(text), 1);
}
END_TEST

Suite *quick_suite(void)
{
	Suite *s = suite_create("quick");
	TCase *tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, plain_games_are_judged);
	tcase_add_test(tc, anything_else_goes_to_the_full_path);
	tcase_add_test(tc, move_numbers_must_fit);
	tcase_add_test(tc, strict_and_kept_positions_are_not_the_lanes);
	tcase_add_test(tc, bad_fen_game_is_not_started);
	tcase_add_test(tc, wide_tags_are_decoded_alone);
	tcase_add_test(tc, tag_findings_alone_are_reported_by_the_lane);
	suite_add_tcase(s, tc);
	return s;
}
