/* check_annotate.c: the annotator: the Laws of Chess as events on constructed games.
 * "Same position" per 9.2.3 (an en passant square that cannot be taken does not count, lost
 * castling rights do), repetitions in variations do not count, the automatic draws by date,
 * the claims by writing the next move, the 6.9 flag fall, dead positions (a locked pawn wall
 * too, and --mate-budget), the result, marks on and off; every game also from a replay that keeps
 * its positions (the annotator's other path), with the same events. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/annotate.h"
#include "hamle/replay.h"
#include "hamle/writer.h"
#include "suites_decl.h"
#include "testutil.h"

static hamle_locale *locs[3]; /* en tr de */

static void setup(void)
{
	static const char *const tags[3] = {"en", "tr", "de"};
	tu_load_locales(locs, tags, 3);
}

static void teardown(void)
{
	tu_free_locales(locs, 3);
}

typedef struct {
	hamle_reader *r;
	hamle_replay *rp;
	hamle_game *g;
	hamle_annotator *a;
} ann;

/* The same game annotated again from a replay that keeps its positions (as hamle-annotate's):
 * the annotator then takes them instead of playing the moves itself; every event must be the same. */
static void same_with_kept_positions(const ann *x, const char *text, const hamle_replay_options *po,
	const hamle_annotate_options *ao)
{
	hamle_replay_options kp = *po;
	kp.flags |= HAMLE_REPLAY_KEEP_POSITIONS;
	ann y;
	ck_assert_int_eq(hamle_reader_new(&y.r, NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_new(&y.rp, &kp), HAMLE_OK);
	ck_assert_int_eq(hamle_annotator_new(&y.a, ao), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_set_input_buffer(y.r, text, strlen(text), "t.pgn"), HAMLE_OK);
	y.g = NULL;
	ck_assert_int_eq(hamle_reader_next(y.r, &y.g), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_run(y.rp, y.g), HAMLE_OK);
	ck_assert_ptr_nonnull(hamle_replay_moves(y.rp));
	ck_assert_int_eq(hamle_annotate_game(y.a, y.g, y.rp), HAMLE_OK);
	ck_assert_uint_eq(hamle_annotate_event_count(y.a), hamle_annotate_event_count(x->a));
	ck_assert_uint_eq(hamle_annotate_plies(y.a), hamle_annotate_plies(x->a));
	ck_assert_int_eq(hamle_annotate_result(y.a, NULL), hamle_annotate_result(x->a, NULL));
	for (size_t i = 0; i < hamle_annotate_event_count(x->a); i++) {
		const hamle_annot_event *e = hamle_annotate_event(x->a, i), *f = hamle_annotate_event(y.a, i);
		ck_assert_str_eq(f->code, e->code);
		ck_assert_uint_eq(f->ply, e->ply);
		ck_assert_str_eq(f->fen, e->fen);
		ck_assert_str_eq(f->message, e->message);
	}
	hamle_annotator_free(y.a);
	hamle_game_free(y.g);
	hamle_replay_free(y.rp);
	hamle_reader_free(y.r);
}

/* Reads, replays and annotates the first game of text (flags: HAMLE_ANNOTATE_*; 0: default;
 * budget: the unwinnability analysis's nodes, 0 the default), and checks that a replay keeping
 * its positions gives the same events. */
static void annotate_budget(ann *x, const char *text, unsigned flags, const hamle_locale *loc,
	unsigned long budget)
{
	hamle_replay_options po = HAMLE_REPLAY_OPTIONS_INIT;
	po.candidates = (const hamle_locale *const *)locs;
	po.n_candidates = 3;
	po.messages = locs[0];
	po.mate_budget = budget;
	hamle_annotate_options ao = HAMLE_ANNOTATE_OPTIONS_INIT;
	if (flags)
		ao.flags = flags;
	ao.locale = loc;
	ao.mate_budget = budget;
	ck_assert_int_eq(hamle_reader_new(&x->r, NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_new(&x->rp, &po), HAMLE_OK);
	ck_assert_int_eq(hamle_annotator_new(&x->a, &ao), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_set_input_buffer(x->r, text, strlen(text), "t.pgn"), HAMLE_OK);
	x->g = NULL;
	ck_assert_int_eq(hamle_reader_next(x->r, &x->g), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_run(x->rp, x->g), HAMLE_OK);
	ck_assert_uint_eq(hamle_replay_error_count(x->rp), 0);
	ck_assert_int_eq(hamle_annotate_game(x->a, x->g, x->rp), HAMLE_OK);
	same_with_kept_positions(x, text, &po, &ao);
}

static void annotate(ann *x, const char *text, unsigned flags, const hamle_locale *loc)
{
	annotate_budget(x, text, flags, loc, 0);
}

static void done(ann *x)
{
	hamle_annotator_free(x->a);
	hamle_game_free(x->g);
	hamle_replay_free(x->rp);
	hamle_reader_free(x->r);
}

/* The first event with code (and claim, when >= 0), or NULL. */
static const hamle_annot_event *find(const ann *x, const char *code, int claim)
{
	for (size_t i = 0; i < hamle_annotate_event_count(x->a); i++) {
		const hamle_annot_event *e = hamle_annotate_event(x->a, i);
		if (strcmp(e->code, code) == 0 && (claim < 0 || e->claim == claim))
			return e;
	}
	return NULL;
}

/* The game written as PGN with the annotations; malloc'd. */
static char *written(ann *x, const hamle_locale *loc)
{
	hamle_writer_options wo = HAMLE_WRITER_OPTIONS_INIT;
	wo.locale = loc;
	hamle_writer *w = NULL;
	ck_assert_int_eq(hamle_writer_new(&w, &wo), HAMLE_OK);
	hamle_writer_annotate(w, x->a);
	ck_assert_int_eq(hamle_writer_game(w, x->g, x->rp), HAMLE_OK);
	size_t n;
	char *s = strdup(hamle_writer_output(w, &n));
	hamle_writer_free(w);
	return s;
}

/* 1. e4 sets an en passant square no black pawn can use: the position after it is the same as
 * the one after 3. Ke1 (9.2.3), so the third occurrence is at ply 9. */
START_TEST(test_ep_square_not_capturable_same)
{
	ann x;
	annotate(&x, "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n"
		"1. e4 Ke7 2. Kd2 Ke8 3. Ke1 Ke7 4. Kd2 Ke8 5. Ke1 *\n", 0, locs[0]);
	const hamle_annot_event *e = find(&x, "threefold-repetition", HAMLE_CLAIM_BOARD);
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(e->ply, 9);
	ck_assert_uint_eq(e->nplies, 2);
	ck_assert_uint_eq(e->plies[0], 1);
	ck_assert_uint_eq(e->plies[1], 5);
	ck_assert_uint_eq(e->move_number, 5);
	ck_assert_int_eq(e->side, HAMLE_WHITE);
	done(&x);
}
END_TEST

/* The same with a black pawn on d4 that can take en passant: the position after 1. e4 is another
 * one, and the first position to occur three times is the one after 1... Ke7 (plies 2, 6, 10). */
START_TEST(test_ep_square_capturable_differs)
{
	ann x;
	annotate(&x, "[FEN \"4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1\"]\n\n"
		"1. e4 Ke7 2. Kd2 Ke8 3. Ke1 Ke7 4. Kd2 Ke8 5. Ke1 Ke7 6. Kd2 Ke8 7. Ke1 *\n", 0, locs[0]);
	const hamle_annot_event *e = find(&x, "threefold-repetition", HAMLE_CLAIM_BOARD);
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(e->ply, 10);
	ck_assert_uint_eq(e->plies[0], 2);
	ck_assert_uint_eq(e->plies[1], 6);
	done(&x);
}
END_TEST

/* Castling rights lost by the king's move make the start position another one: without rights
 * it recurs at plies 4 and 8 (threefold at 8); with them the first threefold is the position
 * after 1... Ke7 (plies 2, 6, 10). */
START_TEST(test_castling_rights_differ)
{
	static const char moves[] = "1. Ke2 Ke7 2. Ke1 Ke8 3. Ke2 Ke7 4. Ke1 Ke8 5. Ke2 Ke7 6. Ke1 Ke8 *\n";
	char text[256];
	ann x, y;
	snprintf(text, sizeof(text), "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1\"]\n\n%s", moves);
	annotate(&x, text, 0, locs[0]);
	const hamle_annot_event *e = find(&x, "threefold-repetition", HAMLE_CLAIM_BOARD);
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(e->ply, 8);
	ck_assert_uint_eq(e->plies[0], 0);
	snprintf(text, sizeof(text), "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n%s", moves);
	annotate(&y, text, 0, locs[0]);
	e = find(&y, "threefold-repetition", HAMLE_CLAIM_BOARD);
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(e->ply, 10);
	ck_assert_uint_eq(e->plies[0], 2);
	ck_assert_uint_eq(e->plies[1], 6);
	done(&x);
	done(&y);
}
END_TEST

/* A variation that repeats the mainline's positions (itself three times) adds nothing to the
 * mainline's history: no threefold repetition, no claim. */
START_TEST(test_variation_does_not_count)
{
	ann x;
	annotate(&x, "1. Nf3 (1. Nc3 Nc6 2. Nb1 Nb8 3. Nc3 Nc6 4. Nb1 Nb8) 1... Nf6 "
		"(1... Nc6 2. Ng1 Nb8 3. Nf3 Nc6 4. Ng1 Nb8 5. Nf3) 2. Ng1 Ng8 3. Nf3 *\n", 0, locs[0]);
	ck_assert_ptr_null(find(&x, "threefold-repetition", -1));
	ck_assert_uint_eq(hamle_annotate_plies(x.a), 5);
	done(&x);
	/* the same moves in the mainline do repeat */
	annotate(&x, "1. Nf3 Nc6 2. Ng1 Nb8 3. Nf3 Nc6 4. Ng1 Nb8 5. Nf3 *\n", 0, locs[0]);
	const hamle_annot_event *e = find(&x, "threefold-repetition", HAMLE_CLAIM_BOARD);
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(e->ply, 8);
	done(&x);
}
END_TEST

static const char knights5[] = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 "
	"7. Nf3 Nf6 8. Ng1 Ng8 9. e4 1-0\n";

/* Fivefold repetition: an automatic draw from 1 July 2014 (moves after it flagged, a decisive
 * result contradicts the board); in a 2010 game a claim only. */
START_TEST(test_fivefold_by_date)
{
	char text[512];
	ann x;
	snprintf(text, sizeof(text), "[Date \"2010.05.01\"]\n[Result \"1-0\"]\n\n%s", knights5);
	annotate(&x, text, 0, locs[0]);
	const hamle_annot_event *e = find(&x, "fivefold-repetition", -1);
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(e->ply, 16);
	ck_assert_int_eq(e->automatic, 0);
	ck_assert_ptr_null(find(&x, "moves-after-end", -1));
	ck_assert_ptr_null(find(&x, "result-mismatch", -1));
	ck_assert_int_eq(hamle_annotate_result(x.a, NULL), HAMLE_RESULT_NONE);
	done(&x);
	snprintf(text, sizeof(text), "[Date \"2014.07.01\"]\n[Result \"1-0\"]\n\n%s", knights5);
	annotate(&x, text, 0, locs[0]);
	e = find(&x, "fivefold-repetition", -1);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->automatic, 1);
	e = find(&x, "moves-after-end", -1);
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(e->ply, 17);
	ck_assert_str_eq(e->move, "fivefold-repetition");
	hamle_result w;
	ck_assert_int_eq(hamle_annotate_result(x.a, &w), HAMLE_RESULT_DRAW);
	ck_assert_int_eq(w, HAMLE_RESULT_WHITE);
	e = find(&x, "result-mismatch", -1);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->result, HAMLE_RESULT_WHITE);
	done(&x);
}
END_TEST

/* 9.2.1: the claim by writing the move that repeats the position a third time is possible one
 * ply before the repetition is on the board, and names the move. */
START_TEST(test_threefold_claim_by_move)
{
	ann x;
	annotate(&x, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n", 0, locs[0]);
	const hamle_annot_event *m = find(&x, "threefold-repetition", HAMLE_CLAIM_BY_MOVE);
	const hamle_annot_event *b = find(&x, "threefold-repetition", HAMLE_CLAIM_BOARD);
	ck_assert_ptr_nonnull(m);
	ck_assert_ptr_nonnull(b);
	ck_assert_uint_eq(m->ply, 7);
	ck_assert_str_eq(m->move, "Ng8");
	ck_assert_uint_eq(b->ply, 8);
	done(&x);
	/* a claim by a move not played: 4... Nc6 instead of Ng8 leaves the claim at ply 7 */
	annotate(&x, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Nc6 *\n", 0, locs[0]);
	m = find(&x, "threefold-repetition", HAMLE_CLAIM_BY_MOVE);
	ck_assert_ptr_nonnull(m);
	ck_assert_uint_eq(m->ply, 7);
	ck_assert_ptr_null(find(&x, "threefold-repetition", HAMLE_CLAIM_BOARD));
	done(&x);
}
END_TEST

/* The same claim where no side may castle (the walk then knows a move's key from the piece's two
 * squares): found by the same move at the same ply; a rook's move that repeats nothing is no
 * claim, and neither is one whose key is the filter's only by the turn (a repetition with the
 * other side to move). */
START_TEST(test_threefold_claim_by_move_no_castling)
{
	ann x;
	const char *fen = "[SetUp \"1\"]\n[FEN \"r3k3/8/8/8/8/8/8/4K2R w - - 0 1\"]\n\n";
	char text[256];
	snprintf(text, sizeof(text), "%s1. Rh2 Ra7 2. Rh1 Ra8 3. Rh2 Ra7 4. Rh1 Ra8 *\n", fen);
	annotate(&x, text, 0, locs[0]);
	const hamle_annot_event *m = find(&x, "threefold-repetition", HAMLE_CLAIM_BY_MOVE);
	ck_assert_ptr_nonnull(m);
	ck_assert_uint_eq(m->ply, 7);
	ck_assert_str_eq(m->move, "Ra8");
	ck_assert_uint_eq(m->count, 3);
	ck_assert_ptr_nonnull(find(&x, "threefold-repetition", HAMLE_CLAIM_BOARD));
	done(&x);
	/* the positions repeat only twice: no claim, by a move or on the board */
	snprintf(text, sizeof(text), "%s1. Rh2 Ra7 2. Rh1 Ra8 3. Rh3 Ra6 *\n", fen);
	annotate(&x, text, 0, locs[0]);
	ck_assert_ptr_null(find(&x, "threefold-repetition", -1));
	done(&x);
	/* a king walk: 1. Kf1 Kd8 2. Ke1 Ke8 3. Kf1 Kd8 4. Ke1: Black claims by writing 4... Ke8 */
	snprintf(text, sizeof(text), "%s1. Kf1 Kd8 2. Ke1 Ke8 3. Kf1 Kd8 4. Ke1 *\n", fen);
	annotate(&x, text, 0, locs[0]);
	m = find(&x, "threefold-repetition", HAMLE_CLAIM_BY_MOVE);
	ck_assert_ptr_nonnull(m);
	ck_assert_uint_eq(m->ply, 7);
	ck_assert_str_eq(m->move, "Ke8");
	done(&x);
}
END_TEST

/* 9.3: the clock at 99 allows the claim by writing a move; at 100 on the board; 75 moves (150)
 * end a 2015 game. */
START_TEST(test_fifty_and_seventy_five)
{
	ann x;
	annotate(&x, "[FEN \"8/8/8/8/8/8/k7/4K2R w - - 97 80\"]\n\n80. Kd1 Ka3 81. Kd2 Ka2 *\n", 0, locs[0]);
	const hamle_annot_event *m = find(&x, "fifty-move-rule", HAMLE_CLAIM_BY_MOVE);
	const hamle_annot_event *b = find(&x, "fifty-move-rule", HAMLE_CLAIM_BOARD);
	ck_assert_ptr_nonnull(m);
	ck_assert_ptr_nonnull(b);
	ck_assert_uint_eq(m->ply, 2);
	ck_assert_uint_eq(b->ply, 3);
	ck_assert_uint_eq(b->count, 100);
	done(&x);
	annotate(&x, "[Date \"2015.01.01\"]\n[FEN \"8/8/8/8/8/8/k7/4K2R w - - 147 80\"]\n\n"
		"80. Kd1 Ka3 81. Kd2 Ka2 82. Kd3 1-0\n", 0, locs[0]);
	b = find(&x, "seventy-five-move-rule", -1);
	ck_assert_ptr_nonnull(b);
	ck_assert_uint_eq(b->ply, 3);
	ck_assert_int_eq(b->automatic, 1);
	ck_assert_ptr_nonnull(find(&x, "moves-after-end", -1));
	ck_assert_int_eq(hamle_annotate_result(x.a, NULL), HAMLE_RESULT_DRAW);
	done(&x);
	annotate(&x, "[Date \"2010.01.01\"]\n[FEN \"8/8/8/8/8/8/k7/4K2R w - - 147 80\"]\n\n"
		"80. Kd1 Ka3 81. Kd2 Ka2 82. Kd3 1-0\n", 0, locs[0]);
	b = find(&x, "seventy-five-move-rule", -1);
	ck_assert_ptr_nonnull(b);
	ck_assert_int_eq(b->automatic, 0);
	ck_assert_ptr_null(find(&x, "moves-after-end", -1));
	ck_assert_int_eq(hamle_annotate_result(x.a, NULL), HAMLE_RESULT_NONE);
	done(&x);
}
END_TEST

/* 6.9: White's flag fell (Termination, or a zero clock) but Black has a bare king, or only pawns
 * behind a locked wall: a draw. With a rook Black could mate: the loss stands. */
START_TEST(test_flag_fall)
{
	ann x;
	annotate(&x, "[Result \"0-1\"]\n[Termination \"time forfeit\"]\n[FEN \"8/8/8/8/8/2k5/8/K6Q w - - 0 60\"]\n\n"
		"60. Qh2 Kb3 0-1\n", 0, locs[0]);
	const hamle_annot_event *e = find(&x, "flag-fall", -1);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->side, HAMLE_WHITE);
	ck_assert_int_eq(hamle_annotate_result(x.a, NULL), HAMLE_RESULT_DRAW);
	ck_assert_ptr_nonnull(find(&x, "result-mismatch", -1));
	done(&x);
	annotate(&x, "[Result \"0-1\"]\n[FEN \"8/8/8/8/8/2k5/8/K6Q w - - 0 60\"]\n\n"
		"60. Qh2 {[%clk 0:00:00]} 60... Kb3 {[%clk 0:00:12]} 0-1\n", 0, locs[0]);
	ck_assert_ptr_nonnull(find(&x, "flag-fall", -1));
	done(&x);
	annotate(&x, "[Result \"0-1\"]\n[Termination \"time forfeit\"]\n[FEN \"7r/8/8/8/8/2k5/8/K6Q w - - 0 60\"]\n\n"
		"60. Qh2 Kb3 0-1\n", 0, locs[0]);
	ck_assert_ptr_null(find(&x, "flag-fall", -1));
	ck_assert_int_eq(hamle_annotate_result(x.a, NULL), HAMLE_RESULT_NONE);
	done(&x);
	/* a locked pawn wall: Black has pawns but can never mate (the unwinnability analysis); nor
	 * can White, so the game had ended before the flag fell, in a dead position (5.2.2): a
	 * draw all the same. (A wall that blocks the winner alone leaves the loser a piece that can
	 * free the winner's pawns: the winner could mate.) */
	annotate(&x, "[Result \"0-1\"]\n[Termination \"time forfeit\"]\n"
		"[FEN \"4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 60\"]\n\n60. Kd2 Kd7 0-1\n", 0, locs[0]);
	ck_assert_ptr_nonnull(find(&x, "dead-position", -1));
	ck_assert_ptr_null(find(&x, "flag-fall", -1));
	ck_assert_int_eq(hamle_annotate_result(x.a, NULL), HAMLE_RESULT_DRAW);
	done(&x);

}
END_TEST

/* 6.9 by a zero clock wherever it stands in the comment: after 0 to 40 other bytes (the lexer looks
 * for a '%' 16 bytes at a time), after another '%' command, in a comment over two lines (the
 * lexer's general path); a comment without one is no flag fall. */
START_TEST(test_flag_fall_clock_anywhere)
{
	static const char head[] = "[Result \"0-1\"]\n[FEN \"8/8/8/8/8/2k5/8/K6Q w - - 0 60\"]\n\n60. Qh2 {";
	char text[256], pad[64];
	for (size_t k = 0; k <= 40; k++) {
		memset(pad, k % 2 ? '~' : 'x', k); /* '~' too: the lexer's scan stops there and reads on */
		pad[k] = '\0';
		for (int form = 0; form < 3; form++) {
			snprintf(text, sizeof(text), "%s%s%s[%%clk 0:00:00]} 60... Kb3 0-1\n", head, pad,
				form == 0 ? " " : form == 1 ? " [%eval 0.3] " : "\n");
			ann x;
			annotate(&x, text, 0, locs[0]);
			const hamle_annot_event *e = find(&x, "flag-fall", -1);
			if (!e)
				ck_abort_msg("no flag fall: %s", text);
			ck_assert_int_eq(e->side, HAMLE_WHITE);
			done(&x);
		}
	}
	ann x;
	annotate(&x, "[Result \"0-1\"]\n[FEN \"8/8/8/8/8/2k5/8/K6Q w - - 0 60\"]\n\n60. Qh2 {clk 0:00:00} 60... Kb3 0-1\n",
		0, locs[0]);
	ck_assert_ptr_null(find(&x, "flag-fall", -1));
	done(&x);
}
END_TEST

/* Mate, stalemate and a dead position (which ends the game: the moves after it flagged). */
START_TEST(test_ends)
{
	ann x;
	annotate(&x, "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n", 0, locs[0]);
	const hamle_annot_event *e = find(&x, "checkmate", -1);
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(e->ply, 4);
	ck_assert_int_eq(hamle_annotate_result(x.a, NULL), HAMLE_RESULT_BLACK);
	e = find(&x, "result-mismatch", -1);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->board, HAMLE_RESULT_BLACK);
	done(&x);
	annotate(&x, "[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n\n1. Qf7 1/2-1/2\n", 0, locs[0]);
	ck_assert_ptr_nonnull(find(&x, "stalemate", -1));
	ck_assert_ptr_null(find(&x, "result-mismatch", -1));
	done(&x);
	annotate(&x, "[FEN \"4k3/8/8/8/8/8/3q4/4K3 w - - 0 1\"]\n\n1. Kxd2 Ke7 2. Ke3 0-1\n", 0, locs[0]);
	e = find(&x, "dead-position", -1);
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(e->ply, 1);
	e = find(&x, "moves-after-end", -1);
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(e->ply, 2);
	ck_assert_int_eq(hamle_annotate_result(x.a, NULL), HAMLE_RESULT_DRAW);
	ck_assert_uint_eq(hamle_annotate_plies(x.a), 3);
	done(&x);
	/* a locked pawn wall (5.2.2 beyond material, the analysis hamle-validate asks too): dead from
	 * the first position a move reaches; the moves after it flagged, no claim after it */
	annotate(&x, "[Result \"1-0\"]\n[FEN \"4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 60\"]\n\n"
		"60. Kd2 Kd7 61. Ke1 Ke8 62. Kd2 Kd7 63. Ke1 Ke8 1-0\n", 0, locs[0]);
	e = find(&x, "dead-position", -1);
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(e->ply, 1);
	ck_assert_int_eq(e->automatic, 1);
	e = find(&x, "moves-after-end", -1);
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(e->ply, 2);
	ck_assert_ptr_null(find(&x, "threefold-repetition", -1));
	ck_assert_int_eq(hamle_annotate_result(x.a, NULL), HAMLE_RESULT_DRAW);
	e = find(&x, "result-mismatch", -1);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->board, HAMLE_RESULT_DRAW);
	done(&x);
	/* a gap in the wall (h6): White's h-pawn can run, nothing is dead */
	annotate(&x, "[Result \"1-0\"]\n[FEN \"4k3/8/1p1p1p2/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 60\"]\n\n"
		"60. Kd2 Kd7 61. h6 Ke8 1-0\n", 0, locs[0]);
	ck_assert_ptr_null(find(&x, "dead-position", -1));
	ck_assert_ptr_null(find(&x, "moves-after-end", -1));
	ck_assert_int_eq(hamle_annotate_result(x.a, NULL), HAMLE_RESULT_NONE);
	done(&x);
}
END_TEST

/* --mate-budget: a wall whose deadness only a search proves (the static arguments leave it
 * undecided) is dead with the nodes for it, not without. */
START_TEST(test_mate_budget)
{
	static const char game[] = "[Result \"1-0\"]\n[FEN \"6k1/8/8/8/8/1p1p4/1P1P4/1KB5 w - - 0 1\"]\n\n"
		"1. Ka1 Kf8 1-0\n";
	ann x;
	annotate_budget(&x, game, 0, locs[0], 0);
	ck_assert_ptr_null(find(&x, "dead-position", -1));
	ck_assert_int_eq(hamle_annotate_result(x.a, NULL), HAMLE_RESULT_NONE);
	done(&x);
	annotate_budget(&x, game, 0, locs[0], 20000);
	const hamle_annot_event *e = find(&x, "dead-position", -1);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(hamle_annotate_result(x.a, NULL), HAMLE_RESULT_DRAW);
	ck_assert_ptr_nonnull(find(&x, "result-mismatch", -1));
	done(&x);
}
END_TEST

/* The comments come after the move they are about, in the output language (English for a
 * language without its own words); --fix-result writes the board's result in tag and marker. */
START_TEST(test_written)
{
	ann x;
	annotate(&x, "[Result \"1-0\"]\n\n1. f3 e5 2. g4 {hm} Qh4# 1-0\n",
		HAMLE_ANNOTATE_DEFAULT | HAMLE_ANNOTATE_FIX_RESULT | HAMLE_ANNOTATE_PLYCOUNT, locs[1]);
	char *s = written(&x, locs[1]);
	ck_assert_ptr_nonnull(strstr(s, "[Result \"0-1\"]"));
	ck_assert_ptr_nonnull(strstr(s, "[PlyCount \"4\"]"));
	ck_assert_ptr_nonnull(strstr(s, "Vh4# {mat: Siyah kazanır}"));
	ck_assert_ptr_nonnull(strstr(s, "} 0-1\n"));
	ck_assert_ptr_null(strstr(s, "[Result \"1-0\"]"));
	free(s);
	done(&x);
	/* French has no annotations: English words */
	hamle_locale *fr = NULL;
	ck_assert_int_eq(hamle_locale_load_builtin(&fr, "fr", NULL), HAMLE_OK);
	annotate(&x, "1. f3 e5 2. g4 Qh4# 0-1\n", 0, fr);
	s = written(&x, fr);
	ck_assert_ptr_nonnull(strstr(s, "Dh4# {checkmate: "));
	free(s);
	done(&x);
	hamle_locale_free(fr);
	/* marks off: check, mate and capture marks as written, not as the position says */
	static const char marks[] = "1. e4+ e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. ed5 Nxd5 6. Nxf7 Kxf7 7. Qf3 *\n";
	annotate(&x, marks, HAMLE_ANNOTATE_DEFAULT & ~HAMLE_ANNOTATE_MARKS, locs[0]);
	s = written(&x, locs[0]);
	ck_assert_ptr_nonnull(strstr(s, "1. e4+ e5 "));
	ck_assert_ptr_nonnull(strstr(s, " 5. ed5 "));
	ck_assert_ptr_nonnull(strstr(s, " 7. Qf3 *"));
	free(s);
	done(&x);
	annotate(&x, marks, 0, locs[0]);
	s = written(&x, locs[0]);
	ck_assert_ptr_nonnull(strstr(s, "1. e4 e5 "));
	ck_assert_ptr_nonnull(strstr(s, " 5. exd5 "));
	ck_assert_ptr_nonnull(strstr(s, " 7. Qf3+ *"));
	free(s);
	done(&x);
}
END_TEST

/* [%emt] from the clocks and the TimeControl's increment; a clock that rises is a warning. */
START_TEST(test_clocks)
{
	ann x;
	annotate(&x, "[TimeControl \"300+2\"]\n\n1. e4 {[%clk 0:04:58]} 1... e5 {[%clk 0:05:01]} "
		"2. Nf3 {[%clk 0:04:50]} 2... Nc6 {[%clk 0:05:10]} *\n",
		HAMLE_ANNOTATE_DEFAULT | HAMLE_ANNOTATE_EMT, locs[0]);
	char *s = written(&x, locs[0]);
	ck_assert_ptr_nonnull(strstr(s, "e4 {[%clk 0:04:58]} {[%emt 0:00:04]}"));
	ck_assert_ptr_nonnull(strstr(s, "Nf3 {[%clk 0:04:50]} {[%emt 0:00:10]}"));
	const hamle_annot_event *e = find(&x, "clock-backwards", -1);
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(e->ply, 4);
	ck_assert_int_eq(e->side, HAMLE_BLACK);
	free(s);
	done(&x);
}
END_TEST

Suite *annotate_suite(void)
{
	Suite *s = suite_create("annotate");
	TCase *tc = tcase_create("rules");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_ep_square_not_capturable_same);
	tcase_add_test(tc, test_ep_square_capturable_differs);
	tcase_add_test(tc, test_castling_rights_differ);
	tcase_add_test(tc, test_variation_does_not_count);
	tcase_add_test(tc, test_fivefold_by_date);
	tcase_add_test(tc, test_threefold_claim_by_move);
	tcase_add_test(tc, test_threefold_claim_by_move_no_castling);
	tcase_add_test(tc, test_fifty_and_seventy_five);
	tcase_add_test(tc, test_flag_fall);
	tcase_add_test(tc, test_flag_fall_clock_anywhere);
	tcase_add_test(tc, test_ends);
	tcase_add_test(tc, test_mate_budget);
	tcase_add_test(tc, test_written);
	tcase_add_test(tc, test_clocks);
	suite_add_tcase(s, tc);
	return s;
}
