/* check_eco.c: the opening table (hamle/eco.h) and --eco's tags: openings by position (a
 * transposition finds the same), the deepest position of the game wins, the game's own tags
 * replaced, errors with their line. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/annotate.h"
#include "hamle/eco.h"
#include "hamle/replay.h"
#include "hamle/san.h"
#include "hamle/writer.h"
#include "suites_decl.h"

static hamle_locale *en;
static hamle_eco *eco;

static void setup(void)
{
	ck_assert_int_eq(hamle_locale_load_builtin(&en, "en", NULL), HAMLE_OK);
	hamle_error err;
	ck_assert_int_eq(hamle_eco_load_builtin(&eco, &err), HAMLE_OK);
}

static void teardown(void)
{
	hamle_eco_free(eco);
	hamle_locale_free(en);
}

/* The opening of the position after the moves, in table t. */
static const hamle_eco_entry *after_in(const hamle_eco *t, const char *const *moves)
{
	hamle_position *p = NULL;
	ck_assert_int_eq(hamle_position_new(&p, NULL, NULL), HAMLE_OK);
	for (size_t i = 0; moves[i]; i++) {
		hamle_move m;
		ck_assert_int_eq(hamle_san_parse(&m, p, en, moves[i], strlen(moves[i]), NULL, NULL), HAMLE_OK);
		hamle_position_play(p, m);
	}
	const hamle_eco_entry *e = hamle_eco_find(t, p);
	hamle_position_free(p);
	return e;
}

static const hamle_eco_entry *after(const char *const *moves) { return after_in(eco, moves); }

START_TEST(test_builtin_by_position)
{
	ck_assert_uint_ge(hamle_eco_count(eco), 3000);
	static const char *const najdorf[] = {"e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", NULL};
	const hamle_eco_entry *e = after(najdorf);
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(e->eco, "B90");
	ck_assert_str_eq(e->name, "Sicilian Defense: Najdorf Variation");
	/* the Queen's Gambit Declined by two move orders */
	static const char *const a[] = {"d4", "d5", "c4", "e6", "Nc3", NULL};
	static const char *const b[] = {"c4", "e6", "Nc3", "d5", "d4", NULL};
	const hamle_eco_entry *ea = after(a), *eb = after(b);
	ck_assert_ptr_nonnull(ea);
	ck_assert_ptr_eq(ea, eb);
	ck_assert_str_eq(ea->eco, "D31");
}
END_TEST

/* Lines replayed after the moves they share with the line before: one that ends inside the line
 * before, one that leaves it, one that shares nothing, one as long as the line before; each finds
 * its own position and plies. */
START_TEST(test_buffer_shared_moves)
{
	hamle_eco *t = NULL;
	hamle_error err;
	static const char lines[] = "eco\tname\tpgn\n"
		"A1\tlong\t1. e4 e5 2. Nf3 Nc6\n"
		"A2\tinside\t1. e4 e5\n"
		"A3\tleaves\t1. e4 c5 2. Nf3\n"
		"A4\tnothing\t1. d4 d5\n"
		"A5\tsame length\t1. d4 Nf6\n";
	ck_assert_int_eq(hamle_eco_load_buffer(&t, lines, strlen(lines), &err), HAMLE_OK);
	ck_assert_uint_eq(hamle_eco_count(t), 5);
	static const char *const m1[] = { "e4", "e5", "Nf3", "Nc6", NULL }, *const m2[] = { "e4", "e5", NULL },
		*const m3[] = { "e4", "c5", "Nf3", NULL }, *const m4[] = { "d4", "d5", NULL },
		*const m5[] = { "d4", "Nf6", NULL }, *const none[] = { "e4", "c5", NULL };
	const char *const *m[] = { m1, m2, m3, m4, m5 };
	static const char *const want[] = { "A1", "A2", "A3", "A4", "A5" };
	static const unsigned plies[] = { 4, 2, 3, 2, 2 };
	for (int i = 0; i < 5; i++) {
		const hamle_eco_entry *e = after_in(t, m[i]);
		ck_assert_ptr_nonnull(e);
		ck_assert_str_eq(e->eco, want[i]);
		ck_assert_uint_eq(e->plies, plies[i]);
	}
	ck_assert_ptr_null(after_in(t, none));
	ck_assert_uint_eq(hamle_eco_max_plies(t), 4);
	hamle_eco_free(t);
}
END_TEST

START_TEST(test_buffer_errors)
{
	hamle_eco *t = NULL;
	hamle_error err;
	static const char good[] = "eco\tname\tpgn\nC20\tKing's Pawn Game\t1. e4 e5\n";
	ck_assert_int_eq(hamle_eco_load_buffer(&t, good, strlen(good), &err), HAMLE_OK);
	ck_assert_uint_eq(hamle_eco_count(t), 1);
	hamle_eco_free(t);
	static const char bad[] = "eco\tname\tpgn\nC20\tKing's Pawn Game\t1. e4 e5\nC21\tCenter Game\t1. e4 e5 2. d5\n";
	ck_assert_int_eq(hamle_eco_load_buffer(&t, bad, strlen(bad), &err), HAMLE_ESYNTAX);
	ck_assert_ptr_null(t);
	ck_assert_uint_eq(err.line, 3);
	static const char cols[] = "C20 King's Pawn Game 1. e4 e5\n";
	ck_assert_int_eq(hamle_eco_load_buffer(&t, cols, strlen(cols), &err), HAMLE_ESYNTAX);
	ck_assert_uint_eq(err.line, 1);
}
END_TEST

/* --eco: the position reached last wins (a Najdorf game is B90, not B50 or B20), the game's own
 * ECO, Opening and Variation replaced; a game from a set-up position gets none. */
START_TEST(test_tags)
{
	static const char text[] = "[ECO \"A00\"]\n[Opening \"Wrong\"]\n[Variation \"Old\"]\n\n"
		"1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. h3 e5 *\n";
	hamle_reader *r = NULL;
	hamle_replay *rp = NULL;
	hamle_annotator *a = NULL;
	hamle_writer *w = NULL;
	hamle_game *g = NULL;
	hamle_replay_options po = HAMLE_REPLAY_OPTIONS_INIT;
	po.from = en;
	hamle_annotate_options ao = HAMLE_ANNOTATE_OPTIONS_INIT;
	ao.flags |= HAMLE_ANNOTATE_ECO;
	ao.locale = en;
	ao.eco = eco;
	hamle_writer_options wo = HAMLE_WRITER_OPTIONS_INIT;
	wo.locale = en;
	ck_assert_int_eq(hamle_reader_new(&r, NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_new(&rp, &po), HAMLE_OK);
	ck_assert_int_eq(hamle_annotator_new(&a, &ao), HAMLE_OK);
	ck_assert_int_eq(hamle_writer_new(&w, &wo), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_set_input_buffer(r, text, strlen(text), "t.pgn"), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_next(r, &g), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_run(rp, g), HAMLE_OK);
	ck_assert_int_eq(hamle_annotate_game(a, g, rp), HAMLE_OK);
	unsigned ply;
	const hamle_eco_entry *e = hamle_annotate_opening(a, &ply);
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(e->eco, "B90");
	ck_assert_uint_ge(ply, 10);
	hamle_writer_annotate(w, a);
	ck_assert_int_eq(hamle_writer_game(w, g, rp), HAMLE_OK);
	const char *out = hamle_writer_output(w, NULL);
	ck_assert_ptr_nonnull(strstr(out, "[ECO \"B90\"]\n"));
	ck_assert_ptr_nonnull(strstr(out, "[Opening \"Sicilian Defense\"]\n"));
	ck_assert_ptr_nonnull(strstr(out, "[Variation \"Najdorf Variation"));
	ck_assert_ptr_null(strstr(out, "A00"));
	ck_assert_ptr_null(strstr(out, "Wrong"));
	ck_assert_ptr_null(strstr(out, "Old"));
	hamle_game_free(g);
	hamle_writer_free(w);
	hamle_annotator_free(a);
	hamle_replay_free(rp);
	hamle_reader_free(r);
}
END_TEST

Suite *eco_suite(void)
{
	Suite *s = suite_create("eco");
	TCase *tc = tcase_create("eco");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_builtin_by_position);
	tcase_add_test(tc, test_buffer_errors);
	tcase_add_test(tc, test_buffer_shared_moves);
	tcase_add_test(tc, test_tags);
	suite_add_tcase(s, tc);
	return s;
}
