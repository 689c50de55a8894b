/* Bridge tests (suite "bridge"): hand-made games with plies left out, replayed with
 * hamle_replay_set_bridge (hamle/bridge.h). Checks where the missing-moves finding stands and
 * what it says, that the move numbers place the bridge and size it, that the best bridge makes
 * the game replay (it is written back into the text and replayed again), the SAN in another
 * language, the move prior that weighs bridges (data/move-prior/), no search without the setting, the search where the record shows a gap
 * (hamle_replay_set_bridge_gaps: a number ahead, or no suggestion that lets the rest replay, and
 * none where a one-move slip explains the error), and a hostile game that stays inside its
 * budget. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hamle/bridge.h"
#include "hamle/replay.h"
#include "hamle/san.h"
#include "replay/bridge_internal.h"
#include "replay/move_prior.h"
#include "suites_decl.h"
#include "testutil.h"

static const char *const tags[] = {"en", "de"};
static hamle_locale *locs[2];
static hamle_replay *rp;
static hamle_game *game;

static void setup(void)
{
	tu_load_locales(locs, tags, 2);
	hamle_replay_options o = HAMLE_REPLAY_OPTIONS_INIT;
	o.from = locs[0];
	o.messages = locs[0];
	ck_assert_int_eq(hamle_replay_new(&rp, &o), HAMLE_OK);
	hamle_replay_set_bridge(rp, HAMLE_BRIDGE_DEFAULT, 0);
	game = NULL;
}

static void teardown(void)
{
	hamle_game_free(game);
	hamle_replay_free(rp);
	tu_free_locales(locs, 2);
}

/* Parses text into game and replays it with rp. */
static void run(const char *text)
{
	hamle_chunk ch;
	memset(&ch, 0, sizeof(ch));
	ch.data = (const unsigned char *)text;
	ch.len = ch.total_len = strlen(text);
	ch.game = ch.line = ch.column = 1;
	ck_assert_int_eq(hamle_game_parse(&game, &ch, NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_run(rp, game), HAMLE_OK);
}

/* The index of the finding with id, or -1. */
static long finding_index(const char *id)
{
	for (size_t i = 0; i < hamle_replay_finding_count(rp); i++)
		if (!strcmp(hamle_replay_finding(rp, i)->id, id))
			return (long)i;
	return -1;
}

/* The game text with bridge 0 written before its token (and that token's number), replayed:
 * returns the replay's error count. */
static size_t replay_bridged(const char *text, int *complete)
{
	size_t n;
	const hamle_bridge *b = hamle_replay_bridges(rp, &n);
	ck_assert_ptr_nonnull(b);
	*complete = b[0].complete;
	const hamle_token *t = &hamle_game_tokens(game)[b[0].token];
	if (b[0].token > 0 && t[-1].kind == HAMLE_TOKEN_MOVE_NUMBER)
		t--;
	size_t cut = (size_t)(t->text - hamle_game_text(game, NULL));
	char buf[4096];
	size_t len = cut;
	ck_assert_uint_lt(strlen(text), sizeof(buf) / 2);
	memcpy(buf, hamle_game_text(game, NULL), cut);
	for (unsigned i = 0; i < b[0].n; i++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s ", b[0].move[i].san);
	snprintf(buf + len, sizeof(buf) - len, "%s", hamle_game_text(game, NULL) + cut);
	hamle_replay_set_bridge(rp, 0, 0);
	run(buf);
	hamle_replay_set_bridge(rp, HAMLE_BRIDGE_DEFAULT, 0);
	return hamle_replay_error_count(rp);
}

/* 4. Nxd4 left out: Black's 4... Nf6 is read as White's move and cannot be played. */
static const char *const missing_one =
	"[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n"
	"1. e4 e5 2. Nf3 Nc6 3. d4 exd4 4... Nf6 5. Nxc6 bxc6 6. e5 Qe7 7. Qe2 Nd5 8. c4 Ba6 9. b3 g6 "
	"10. f4 f6 11. Ba3 Qe6 *\n";

START_TEST(finding_before_error)
{
	run(missing_one);
	long e = finding_index("illegal-move"), m = finding_index("missing-moves");
	ck_assert_int_ge(m, 0);
	ck_assert_int_eq(e, m + 1); /* right before the error: its bridge lets the rest replay */
	const hamle_diagnostic *err = hamle_replay_finding(rp, (size_t)e), *d = hamle_replay_finding(rp, (size_t)m);
	ck_assert_int_eq(d->severity, HAMLE_SEVERITY_WARNING);
	ck_assert_uint_eq(d->error.ply, err->error.ply); /* the ply of the move that cannot be played */
	ck_assert_uint_eq(d->error.ply, 7);
	ck_assert_uint_eq(d->move_number, 4);
	ck_assert_int_eq(d->side, HAMLE_WHITE);
	size_t n;
	const hamle_bridge *b = hamle_replay_bridges(rp, &n);
	ck_assert_uint_ge(n, 1);
	ck_assert_uint_le(n, HAMLE_BRIDGES_MAX);
	ck_assert_uint_eq(b[0].n, 1);
	ck_assert_uint_eq(b[0].ply, 7);
	ck_assert_int_eq(b[0].complete, 1);
	ck_assert_str_eq(b[0].move[0].san, "Nxd4"); /* the capture the recapture Nxc6 needs */
	ck_assert_str_eq(b[0].move[0].uci, "f3d4");
	/* the recorded move's number once the bridge is in, then the bridge numbered */
	ck_assert_msg(!strncmp(d->error.message, "moves missing before 4...: 4. Nxd4;", 35), "message: %s",
		d->error.message);
	ck_assert_ptr_nonnull(hamle_code_find("missing-moves"));
	int complete;
	ck_assert_uint_eq(replay_bridged(missing_one, &complete), 0);
}
END_TEST

/* 5. O-O Be7 left out, the numbers jump from 4 to 6: the bridge goes there, two plies long,
 * although the record goes on replaying (with the wrong pieces) until 7. Re1. */
static const char *const missing_two =
	"[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n"
	"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 "
	"11. Nbd2 Bb7 12. Bc2 Re8 *\n";

START_TEST(numbers_place_the_bridge)
{
	run(missing_two);
	const hamle_diagnostic *err = tu_finding(rp, "illegal-move");
	ck_assert_ptr_nonnull(err);
	size_t n;
	const hamle_bridge *b = hamle_replay_bridges(rp, &n);
	ck_assert_uint_ge(n, 1);
	ck_assert_uint_eq(b[0].n, 2);
	ck_assert_uint_eq(b[0].ply, 9); /* before "6. Re1", where the numbers jump */
	ck_assert_uint_eq(b[0].move_number, 5);
	ck_assert_int_eq(b[0].side, HAMLE_WHITE);
	int found = 0;
	for (size_t i = 0; i < n; i++)
		found |= b[i].n == 2 && !strcmp(b[i].move[0].san, "O-O") && !strcmp(b[i].move[1].san, "Be7");
	ck_assert_msg(found, "O-O Be7 is not among the bridges (first: %s %s)", b[0].move[0].san, b[0].move[1].san);
	int complete;
	ck_assert_uint_eq(replay_bridged(missing_two, &complete), 0);
	ck_assert_int_eq(complete, 1);
}
END_TEST

/* A bridge after which the record still fails (a second slip later) comes after the error. */
START_TEST(partial_bridge_after_error)
{
	run("[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n"
		"1. e4 e5 2. Nf3 Nc6 3. d4 exd4 4... Nf6 5. Nxc6 bxc6 6. e5 Qe7 7. Qe2 Nd5 8. Qh8 *\n");
	long e = finding_index("illegal-move"), m = finding_index("missing-moves");
	ck_assert_int_ge(e, 0);
	ck_assert_int_eq(m, e + 1);
	size_t n;
	const hamle_bridge *b = hamle_replay_bridges(rp, &n);
	ck_assert_uint_ge(n, 1);
	ck_assert_int_eq(b[0].complete, 0);
}
END_TEST

/* The sheet of the issue: Black's 6th move not written, the rows numbered on ("6. Re1 7. Bb3"). */
static const char *const gap_sheet =
	"[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n"
	"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 7. Bb3 O-O 8. c3 d6 *\n";

/* Where the record shows a gap, the tools' default search (2 plies) finds the bridge, and puts it
 * before the error's one-move suggestions (which it keeps: the sheet is evidence). */
START_TEST(gaps_number_ahead)
{
	hamle_replay_set_bridge_gaps(rp, HAMLE_BRIDGE_GAP_PLIES, 0);
	run(gap_sheet);
	long e = finding_index("illegal-move"), m = finding_index("missing-moves");
	ck_assert_int_ge(m, 0);
	ck_assert_int_eq(e, m + 1);
	const hamle_diagnostic *d = hamle_replay_finding(rp, (size_t)m);
	ck_assert_msg(!strncmp(d->error.message, "moves missing before 7.: 6... b5;", 33), "message: %s",
		d->error.message);
	ck_assert_uint_gt(hamle_replay_finding(rp, (size_t)e)->n_suggestions, 0);
	ck_assert_uint_le(hamle_replay_bridge_nodes(rp), HAMLE_BRIDGE_GAP_NODES);
	/* set_bridge undoes the gaps setting: the search then runs on any illegal move */
	hamle_replay_set_bridge(rp, 0, 0);
	run(gap_sheet);
	ck_assert_int_lt(finding_index("missing-moves"), 0);
}
END_TEST

/* No number says so, but no suggestion lets the rest replay: a gap all the same (a player who
 * left 7. Bb3 out and wrote the next move in the next row, the colours swapped). */
START_TEST(gaps_no_suggestion_fits)
{
	hamle_replay_set_bridge_gaps(rp, HAMLE_BRIDGE_GAP_PLIES, 0);
	run("[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n"
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. O-O c3 8. d6 h3 *\n");
	size_t n;
	const hamle_bridge *b = hamle_replay_bridges(rp, &n);
	ck_assert_uint_ge(n, 1);
	ck_assert_str_eq(b[0].move[0].san, "Bb3");
	ck_assert_int_eq(b[0].complete, 1);
}
END_TEST

/* A one-move slip whose suggestion lets the rest replay ("Nf4" for Nf3), numbers in order: no
 * gap, no search. */
START_TEST(gaps_slip_no_search)
{
	hamle_replay_set_bridge_gaps(rp, HAMLE_BRIDGE_GAP_PLIES, 0);
	run("[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n"
		"1. e4 e5 2. Nf4 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n");
	ck_assert_ptr_nonnull(tu_finding(rp, "illegal-move"));
	ck_assert_int_lt(finding_index("missing-moves"), 0);
	size_t n = 9;
	ck_assert_ptr_null(hamle_replay_bridges(rp, &n));
	/* and without suggestions there is no slip to explain it: the search runs */
	hamle_replay_options o = HAMLE_REPLAY_OPTIONS_INIT;
	o.from = locs[0];
	o.flags = HAMLE_REPLAY_NO_SUGGEST;
	hamle_replay *plain = NULL;
	ck_assert_int_eq(hamle_replay_new(&plain, &o), HAMLE_OK);
	hamle_replay_set_bridge_gaps(plain, HAMLE_BRIDGE_GAP_PLIES, 0);
	ck_assert_int_eq(hamle_replay_run(plain, game), HAMLE_OK);
	ck_assert_ptr_nonnull(hamle_replay_bridges(plain, &n));
	hamle_replay_free(plain);
	hamle_replay_set_bridge_gaps(NULL, 2, 0); /* NULL-safe */
}
END_TEST

/* 3. Nc3 e6 left out, the rows numbered on: "3. Nd2" is then ambiguous (the knights of b1 and f3),
 * a move that cannot be played all the same, which a bridge makes one. */
START_TEST(ambiguous_move_bridged)
{
	run("[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n"
		"1. d4 d5 2. Nf3 Nf6 3. Nd2 c5 4. e3 Nc6 5. Bd3 Be7 6. O-O O-O *\n");
	ck_assert_ptr_nonnull(tu_finding(rp, "ambiguous-move"));
	size_t n;
	const hamle_bridge *b = hamle_replay_bridges(rp, &n);
	ck_assert_uint_ge(n, 1);
	ck_assert_uint_eq(b[0].ply, 5);
	ck_assert_int_eq(b[0].complete, 1);
	ck_assert_ptr_nonnull(tu_finding(rp, "missing-moves"));
}
END_TEST

/* The move prior is the table of data/move-prior/, seen from the side that moves: the moves
 * masters play most from the start are more natural than the rarest, for Black as for White. */
START_TEST(move_prior)
{
	ck_assert_uint_eq(hamle_embedded_move_prior_size, HAMLE_MOVE_PRIOR_SIZE);
	struct hamle_position p;
	ck_assert_int_eq(hamle_position_parse(&p, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", NULL),
		HAMLE_OK);
	hamle_move e4 = HAMLE_MOVE_MAKE(12, 28, HAMLE_MOVE_NORMAL, 0), a4 = HAMLE_MOVE_MAKE(8, 24, HAMLE_MOVE_NORMAL, 0);
	hamle_move nf3 = HAMLE_MOVE_MAKE(6, 21, HAMLE_MOVE_NORMAL, 0), nh3 = HAMLE_MOVE_MAKE(6, 23, HAMLE_MOVE_NORMAL, 0);
	ck_assert_int_gt(bridge_prior(&p, e4), bridge_prior(&p, a4));
	ck_assert_int_gt(bridge_prior(&p, nf3), bridge_prior(&p, nh3));
	ck_assert_int_le(bridge_prior(&p, a4), 0);
	hamle_make_move(&p, e4);
	/* Black's e5 and c5 (the mirror of White's e4 and c4) against h5 */
	hamle_move e5 = HAMLE_MOVE_MAKE(52, 36, HAMLE_MOVE_NORMAL, 0), c5 = HAMLE_MOVE_MAKE(50, 34, HAMLE_MOVE_NORMAL, 0);
	hamle_move h5 = HAMLE_MOVE_MAKE(55, 39, HAMLE_MOVE_NORMAL, 0);
	ck_assert_int_gt(bridge_prior(&p, e5), bridge_prior(&p, h5));
	ck_assert_int_gt(bridge_prior(&p, c5), bridge_prior(&p, h5));
	ck_assert_int_ge(bridge_prior(&p, h5), -255);
}
END_TEST

START_TEST(san_in_other_language)
{
	run(missing_one);
	char san[HAMLE_SAN_MAX];
	ck_assert_int_ge(hamle_replay_bridge_san(rp, 0, 0, locs[1], san, sizeof(san)), 0);
	ck_assert_str_eq(san, "Sxd4");
	ck_assert_int_eq(hamle_replay_bridge_san(rp, 0, 5, locs[1], san, sizeof(san)), HAMLE_EUSAGE);
	ck_assert_int_eq(hamle_replay_bridge_san(rp, 7, 0, locs[1], san, sizeof(san)), HAMLE_EUSAGE);
	ck_assert_int_eq(hamle_replay_bridge_san(rp, 0, 0, NULL, san, sizeof(san)), HAMLE_EUSAGE);
}
END_TEST

START_TEST(off_by_default)
{
	hamle_replay_set_bridge(rp, 0, 0);
	run(missing_one);
	ck_assert_ptr_nonnull(tu_finding(rp, "illegal-move"));
	ck_assert_int_lt(finding_index("missing-moves"), 0);
	size_t n = 9;
	ck_assert_ptr_null(hamle_replay_bridges(rp, &n));
	ck_assert_uint_eq(n, 0);
	ck_assert_uint_eq(hamle_replay_bridge_nodes(rp), 0);
	hamle_replay_set_bridge(NULL, 4, 0); /* NULL-safe */
	ck_assert_ptr_null(hamle_replay_bridges(NULL, &n));
}
END_TEST

/* A legal game needs no bridge; nor gets a game whose error is no illegal move. */
START_TEST(nothing_to_bridge)
{
	run("[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n");
	ck_assert_int_lt(finding_index("missing-moves"), 0);
	run("[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. N5 *\n");
	ck_assert_int_lt(finding_index("missing-moves"), 0);
}
END_TEST

/* A start position from a FEN: the plies count from it, the move numbers from its number. */
START_TEST(from_fen)
{
	run("[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n[SetUp \"1\"]\n"
		"[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"]\n\n"
		"3. d4 exd4 4... Nf6 5. Nxc6 bxc6 6. e5 Qe7 7. Qe2 Nd5 8. c4 Ba6 *\n");
	size_t n;
	const hamle_bridge *b = hamle_replay_bridges(rp, &n);
	ck_assert_uint_ge(n, 1);
	ck_assert_uint_eq(b[0].ply, 3);
	ck_assert_uint_eq(b[0].move_number, 4);
	ck_assert_str_eq(b[0].move[0].san, "Nxd4");
	ck_assert_uint_eq(tu_finding(rp, "missing-moves")->error.ply, 3);
}
END_TEST

static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Hostile: four queens a side facing each other (60 and more moves a ply), and a move no bridge
 * can make legal (a pawn to h1 without a promotion piece): sequences of up to 8 plies are tried
 * until the budget says stop. */
START_TEST(hostile_budget)
{
	hamle_replay_set_bridge(rp, HAMLE_BRIDGE_PLIES_MAX, 0);
	const char *text = "[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n[SetUp \"1\"]\n"
		"[FEN \"k7/pp6/8/2qqqq2/2QQQQ2/8/PP6/K7 w - - 0 1\"]\n\n1. a3 a6 2. h1 *\n";
	double t0 = cpu_now();
	run(text);
	double t = cpu_now() - t0;
	ck_assert_ptr_nonnull(tu_finding(rp, "illegal-move"));
	ck_assert_int_lt(finding_index("missing-moves"), 0);
	ck_assert_uint_eq(hamle_replay_bridge_nodes(rp), HAMLE_BRIDGE_NODES); /* spent, not more */
	ck_assert_msg(t < 10.0, "the bridge search took %.2f s", t);
	/* a small budget is kept too */
	hamle_replay_set_bridge(rp, HAMLE_BRIDGE_PLIES_MAX, 5000);
	run("[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. e1 *\n");
	ck_assert_uint_le(hamle_replay_bridge_nodes(rp), 5000);
	ck_assert_uint_gt(hamle_replay_bridge_nodes(rp), 0);
}
END_TEST

Suite *bridge_suite(void)
{
	Suite *s = suite_create("bridge");
	TCase *tc = tcase_create("bridge");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, finding_before_error);
	tcase_add_test(tc, partial_bridge_after_error);
	tcase_add_test(tc, gaps_number_ahead);
	tcase_add_test(tc, gaps_no_suggestion_fits);
	tcase_add_test(tc, gaps_slip_no_search);
	tcase_add_test(tc, ambiguous_move_bridged);
	tcase_add_test(tc, numbers_place_the_bridge);
	tcase_add_test(tc, san_in_other_language);
	tcase_add_test(tc, move_prior);
	tcase_add_test(tc, off_by_default);
	tcase_add_test(tc, nothing_to_bridge);
	tcase_add_test(tc, from_fen);
	tcase_add_test(tc, hostile_budget);
	suite_add_tcase(s, tc);
	return s;
}
