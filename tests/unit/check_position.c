/* Position tests (suite "position"): FEN errors, Polyglot keys, moves, perft sanity. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/position_internal.h"
#include "hamle/rules.h"
#include "suites_decl.h"
#include "testutil.h"

/* Finds the legal move written in UCI form; HAMLE_MOVE_NONE if there is none. */
static hamle_move find_uci(const hamle_position *p, const char *uci)
{
	hamle_move moves[HAMLE_MAX_MOVES];
	int n = hamle_position_legal_moves(p, moves);
	for (int i = 0; i < n; i++) {
		char buf[8];
		hamle_move_uci(buf, sizeof(buf), p, moves[i]);
		if (!strcmp(buf, uci))
			return moves[i];
	}
	return HAMLE_MOVE_NONE;
}

START_TEST(start_position_perft)
{
	hamle_position *p;
	ck_assert_int_eq(hamle_position_new(&p, NULL, NULL), HAMLE_OK);
	ck_assert_uint_eq(hamle_perft(p, 1), 20);
	ck_assert_uint_eq(hamle_perft(p, 3), 8902);
	ck_assert_uint_eq(hamle_perft_full(p, 3), 8902);
	hamle_position_free(p);
	hamle_position_free(NULL);
}
END_TEST

START_TEST(malformed_fens_rejected_with_message)
{
	char path[1024];
	char *data = tu_read_file(tu_testdata(path, sizeof(path), "fen/bad.tsv"), NULL);
	ck_assert_ptr_nonnull(data);
	int cases = 0;
	for (char *line = strtok(data, "\n"); line; line = strtok(NULL, "\n")) {
		if (line[0] == '#')
			continue;
		char *tab = strchr(line, '\t');
		ck_assert_ptr_nonnull(tab);
		*tab = '\0';
		hamle_error err;
		hamle_error_clear(&err);
		hamle_position *p = NULL;
		int rc = hamle_position_new(&p, line, &err);
		ck_assert_msg(rc == HAMLE_EBADFEN, "accepted: %s", line);
		ck_assert_ptr_null(p);
		ck_assert_str_eq(err.message, tab + 1);
		ck_assert_str_eq(hamle_status_id(err.code), "bad-fen");
		cases++;
	}
	free(data);
	ck_assert_int_ge(cases, 30);
}
END_TEST

/* Published Polyglot keys (../shared/polyglot/README.md). */
static const struct { const char *moves; uint64_t key; } polyglot_cases[] = {
	{"", 0x463b96181691fc9cull},
	{"e2e4", 0x823c9b50fd114196ull},
	{"e2e4 d7d5", 0x0756b94461c50fb0ull},
	{"e2e4 d7d5 e4e5", 0x662fafb965db29d4ull},
	{"e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78ull},
	{"e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1ull},
	{"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9ull},
	{"a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637ull},
	{"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560ull},
};

START_TEST(polyglot_keys)
{
	hamle_position *p;
	ck_assert_int_eq(hamle_position_new(&p, NULL, NULL), HAMLE_OK);
	char moves[128];
	snprintf(moves, sizeof(moves), "%s", polyglot_cases[_i].moves);
	for (char *t = strtok(moves, " "); t; t = strtok(NULL, " ")) {
		hamle_move m = find_uci(p, t);
		ck_assert_msg(m != HAMLE_MOVE_NONE, "no move %s", t);
		hamle_position_play(p, m);
	}
	ck_assert_msg(hamle_position_hash(p) == polyglot_cases[_i].key, "%s: %016llx", polyglot_cases[_i].moves,
		(unsigned long long)hamle_position_hash(p));
	/* the incremental key equals a fresh computation */
	char fen[HAMLE_FEN_MAX];
	hamle_position_fen(fen, sizeof(fen), p, HAMLE_FEN_XFEN);
	hamle_position *q;
	ck_assert_int_eq(hamle_position_new(&q, fen, NULL), HAMLE_OK);
	ck_assert(hamle_position_hash(q) == hamle_position_hash(p));
	hamle_position_free(q);
	hamle_position_free(p);
}
END_TEST

START_TEST(pinned_piece_and_ep_pin)
{
	hamle_position *p;
	/* knight on e2 pinned by the bishop on a6? no: rook e8 pins Ne2 against Ke1 */
	ck_assert_int_eq(hamle_position_new(&p, "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", NULL), HAMLE_OK);
	ck_assert(find_uci(p, "e2c3") == HAMLE_MOVE_NONE);
	ck_assert(find_uci(p, "e1d1") != HAMLE_MOVE_NONE);
	hamle_position_free(p);
	/* en passant would expose the king along the rank: illegal */
	ck_assert_int_eq(hamle_position_new(&p, "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", NULL), HAMLE_OK);
	ck_assert(find_uci(p, "e5d6") == HAMLE_MOVE_NONE);
	ck_assert(find_uci(p, "e5e6") != HAMLE_MOVE_NONE);
	hamle_position_free(p);
}
END_TEST

START_TEST(chess960_castling_is_king_takes_rook)
{
	hamle_position *p;
	/* X-FEN with the king on b1 and rooks a1/h1 */
	ck_assert_int_eq(hamle_position_new(&p, "1k5r/8/8/8/8/8/8/RK5R w KQk - 0 1", NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_position_is_chess960(p), 1);
	hamle_move m = find_uci(p, "b1h1");
	ck_assert(m != HAMLE_MOVE_NONE);
	ck_assert_int_eq(HAMLE_MOVE_KIND(m), HAMLE_MOVE_CASTLING);
	hamle_position_play(p, m);
	char fen[HAMLE_FEN_MAX];
	hamle_position_fen(fen, sizeof(fen), p, HAMLE_FEN_XFEN);
	ck_assert_str_eq(fen, "1k5r/8/8/8/8/8/8/R4RK1 b k - 1 1");
	hamle_position_free(p);
	ck_assert_int_eq(hamle_position_new(&p, "1k5r/8/8/8/8/8/8/RK5R w KQk - 0 1", NULL), HAMLE_OK);
	hamle_position_fen(fen, sizeof(fen), p, HAMLE_FEN_SHREDDER);
	ck_assert_str_eq(fen, "1k5r/8/8/8/8/8/8/RK5R w HAh - 0 1");
	hamle_position_free(p);
}
END_TEST

START_TEST(null_move_passes_turn)
{
	hamle_position *p;
	ck_assert_int_eq(hamle_position_new(&p, NULL, NULL), HAMLE_OK);
	hamle_position_play(p, HAMLE_MOVE_NULL);
	ck_assert_int_eq(hamle_position_side(p), HAMLE_BLACK);
	ck_assert_int_eq(hamle_position_is_legal(p, HAMLE_MOVE_NULL), 0);
	hamle_position_free(p);
}
END_TEST


static const struct { const char *fen; hamle_state state; } state_cases[] = {
	{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", HAMLE_STATE_CHECKMATE}, /* fool's mate */
	{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", HAMLE_STATE_STALEMATE},
	{"8/8/4k3/8/8/3K4/8/8 w - - 0 1", HAMLE_STATE_DEAD},
	{"8/8/4k3/8/8/3K4/5N2/8 w - - 0 1", HAMLE_STATE_DEAD},
	{"8/8/4kb2/8/8/3K4/5B2/8 w - - 0 1", HAMLE_STATE_DEAD},  /* bishops both on light squares? f6 dark, f2 dark */
	{"8/8/4k1b1/8/8/3K4/5B2/8 w - - 0 1", HAMLE_STATE_PLAYING}, /* g6 light, f2 dark */
	{"8/8/4kn2/8/8/3K4/5N2/8 w - - 0 1", HAMLE_STATE_PLAYING},
	{"8/8/4k3/8/8/3K4/5P2/8 w - - 0 1", HAMLE_STATE_PLAYING},
};

START_TEST(end_states)
{
	hamle_position *p;
	ck_assert_int_eq(hamle_position_new(&p, state_cases[_i].fen, NULL), HAMLE_OK);
	ck_assert_str_eq(hamle_state_id(hamle_position_state(p)), hamle_state_id(state_cases[_i].state));
	hamle_position_free(p);
}
END_TEST

START_TEST(threefold_by_knight_shuffle)
{
	hamle_position *p;
	hamle_history *h;
	ck_assert_int_eq(hamle_position_new(&p, NULL, NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_history_new(&h), HAMLE_OK);
	ck_assert_int_eq(hamle_history_push(h, p), 1);
	static const char *const line[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"};
	int counts[8];
	for (int i = 0; i < 8; i++) {
		hamle_position_play(p, find_uci(p, line[i]));
		counts[i] = hamle_history_push(h, p);
	}
	ck_assert_int_eq(counts[3], 2); /* start position again */
	ck_assert_int_eq(counts[7], 3); /* third time */
	ck_assert_int_eq(counts[5], 2);
	hamle_history_free(h);
	hamle_history_free(NULL);
	hamle_position_free(p);
}
END_TEST

START_TEST(repetition_key_ignores_uncapturable_ep)
{
	hamle_position *a, *b;
	/* e3 set but no black pawn can take: the same position as without it */
	ck_assert_int_eq(hamle_position_new(&a, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_position_new(&b, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", NULL), HAMLE_OK);
	ck_assert(hamle_position_repetition_key(a) == hamle_position_repetition_key(b));
	hamle_position_free(a);
	hamle_position_free(b);
	/* a black pawn on d4 pinned to its king on a4? h4 rook pins along the rank: ep illegal */
	ck_assert_int_eq(hamle_position_new(&a, "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_position_new(&b, "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1", NULL), HAMLE_OK);
	ck_assert(hamle_position_repetition_key(a) == hamle_position_repetition_key(b));
	ck_assert(hamle_position_hash(a) != hamle_position_hash(b)); /* Polyglot counts it */
	hamle_position_free(a);
	hamle_position_free(b);
}
END_TEST


/* hamle_move_legal answers for any 16-bit value exactly as membership in the generated list. */
START_TEST(move_legal_equals_generation)
{
	char path[1024];
	char *data = tu_read_file(tu_testdata(path, sizeof(path), "perft/standard.epd"), NULL);
	ck_assert_ptr_nonnull(data);
	int positions = 0;
	for (char *line = strtok(data, "\n"); line && positions < 40; line = strtok(NULL, "\n")) {
		char *semi = strchr(line, ';');
		if (!semi)
			continue;
		*semi = '\0';
		hamle_position *p;
		ck_assert_int_eq(hamle_position_new(&p, line, NULL), HAMLE_OK);
		hamle_move list[HAMLE_MAX_MOVES];
		int n = hamle_position_legal_moves(p, list);
		static unsigned char in_list[65536];
		memset(in_list, 0, sizeof(in_list));
		for (int i = 0; i < n; i++)
			in_list[list[i]] = 1;
		unsigned wrong = 0, first = 0;
		for (unsigned m = 0; m < 65536; m++) {
			if (hamle_position_is_legal(p, (hamle_move)m) != in_list[m] && !wrong++)
				first = m;
		}
		ck_assert_msg(wrong == 0, "%s: %u wrong answers, first move %04x", line, wrong, first);
		hamle_position_free(p);
		positions++;
	}
	free(data);
	ck_assert_int_eq(positions, 40);
}
END_TEST

/* hamle_any_legal (which stops at the first legal move) against full generation, in every
 * position two plies deep from each perft position and in some mates and stalemates. */
START_TEST(any_legal_equals_generation)
{
	char path[1024];
	char *data = tu_read_file(tu_testdata(path, sizeof(path), "perft/standard.epd"), NULL);
	ck_assert_ptr_nonnull(data);
	static const char *const extra[] = {
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",              /* stalemate */
		"6rk/6pp/8/8/8/8/8/4K2R w K - 0 1",            /* castling available */
		"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4", /* mate */
		"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",       /* mate */
		"8/8/8/8/8/5k2/4p3/4K3 w - - 0 1",             /* king moves only */
		"4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2",           /* en passant */
		"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",          /* en passant out of check */
	};
	int positions = 0, ended = 0;
	char *line = strtok(data, "\n");
	for (size_t e = 0; line || e < sizeof(extra) / sizeof(extra[0]);) {
		char fen[256];
		if (line) {
			snprintf(fen, sizeof(fen), "%s", line);
			line = strtok(NULL, "\n");
		} else {
			snprintf(fen, sizeof(fen), "%s", extra[e++]);
		}
		char *semi = strchr(fen, ';');
		if (semi)
			*semi = '\0';
		hamle_position *root;
		ck_assert_int_eq(hamle_position_new(&root, fen, NULL), HAMLE_OK);
		hamle_move l1[HAMLE_MAX_MOVES], l2[HAMLE_MAX_MOVES];
		int n1 = hamle_position_legal_moves(root, l1);
		ck_assert_int_eq(hamle_any_legal(root), n1 > 0);
		for (int i = 0; i < n1; i++) {
			struct hamle_position a = *root;
			hamle_make_move(&a, l1[i]);
			int n2 = hamle_position_legal_moves(&a, l2);
			ck_assert_msg(hamle_any_legal(&a) == (n2 > 0), "%s after move %d", fen, i);
			ended += n2 == 0;
			for (int j = 0; j < n2; j++) {
				struct hamle_position b = a;
				hamle_make_move(&b, l2[j]);
				hamle_move l3[HAMLE_MAX_MOVES];
				int n3 = hamle_position_legal_moves(&b, l3);
				ck_assert_msg(hamle_any_legal(&b) == (n3 > 0), "%s after moves %d %d", fen, i, j);
				ended += n3 == 0;
				positions++;
			}
		}
		hamle_position_free(root);
	}
	free(data);
	ck_assert_int_gt(positions, 10000);
	ck_assert_int_gt(ended, 0);
}
END_TEST

Suite *position_suite(void)
{
	Suite *s = suite_create("position");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, start_position_perft);
	tcase_add_test(tc, malformed_fens_rejected_with_message);
	tcase_add_loop_test(tc, polyglot_keys, 0, (int)(sizeof(polyglot_cases) / sizeof(polyglot_cases[0])));
	tcase_add_test(tc, pinned_piece_and_ep_pin);
	tcase_add_test(tc, chess960_castling_is_king_takes_rook);
	tcase_add_test(tc, null_move_passes_turn);
	tcase_add_test(tc, move_legal_equals_generation);
	tcase_add_test(tc, any_legal_equals_generation);
	tcase_add_loop_test(tc, end_states, 0, (int)(sizeof(state_cases) / sizeof(state_cases[0])));
	tcase_add_test(tc, threefold_by_knight_shuffle);
	tcase_add_test(tc, repetition_key_ignores_uncapturable_ep);
	suite_add_tcase(s, tc);
	return s;
}
