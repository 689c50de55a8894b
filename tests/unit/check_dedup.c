/* check_dedup.c: cmd/common/select/dedup.c, the table of --unique: a hash match is confirmed by the keys
 * (with a 1- or 2-bit hash every key collides, and different games are still all kept), the keys
 * of real games (moves from the start, final positions, a FEN start), and games without a key. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "dedup.h"
#include "hamle/replay.h"
#include "suites_decl.h"

/* The key of the one game of text (moves: positions 0) into b; the replay's return. */
static int key_of(hamle_buf *b, const char *text, int positions)
{
	hamle_reader_options ro = HAMLE_READER_OPTIONS_INIT;
	hamle_replay_options po = HAMLE_REPLAY_OPTIONS_INIT;
	hamle_reader *r = NULL;
	hamle_replay *rp = NULL;
	hamle_game *g = NULL;
	hamle_locale *en = NULL;
	ck_assert_int_eq(hamle_locale_load_builtin(&en, "en", NULL), HAMLE_OK);
	po.from = en;
	po.messages = en;
	ck_assert_int_eq(hamle_reader_new(&r, &ro), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_new(&rp, &po), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_set_input_buffer(r, text, strlen(text), "t.pgn"), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_next(r, &g), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_run(rp, g), HAMLE_OK);
	int k = hamle_dedup_key(b, g, rp, positions);
	hamle_game_free(g);
	hamle_replay_free(rp);
	hamle_reader_free(r);
	hamle_locale_free(en);
	return k;
}

START_TEST(test_dedup_collisions_confirmed)
{
	/* 1 bit of hash: 500 different keys share two hash values; none is taken for another */
	for (unsigned bits = 1; bits <= 64; bits += 63) {
		hamle_dedup *d = NULL;
		ck_assert_int_eq(hamle_dedup_new(&d, bits), 0);
		char key[32];
		for (int i = 0; i < 500; i++) {
			int n = snprintf(key, sizeof(key), "game %d", i);
			ck_assert_int_eq(hamle_dedup_add(d, key, (size_t)n), 0);
		}
		ck_assert_uint_eq(hamle_dedup_count(d), 500);
		for (int i = 0; i < 500; i++) {
			int n = snprintf(key, sizeof(key), "game %d", i);
			ck_assert_int_eq(hamle_dedup_add(d, key, (size_t)n), 1); /* the same key again */
		}
		ck_assert_int_eq(hamle_dedup_add(d, "game 500", 8), 0);
		ck_assert_uint_eq(hamle_dedup_count(d), 501);
		if (bits == 1)
			ck_assert_uint_gt(hamle_dedup_collisions(d), 1000); /* they did collide */
		else
			ck_assert_uint_eq(hamle_dedup_collisions(d), 0);
		ck_assert_uint_gt(hamle_dedup_bytes(d), 501 * 8);
		hamle_dedup_free(d);
	}
	hamle_dedup_free(NULL);
}
END_TEST

/* hamle_dedup_keep_values: each key keeps the value it came with (the first game's number), also
 * through hash collisions and the table's growth */
START_TEST(test_dedup_values)
{
	for (unsigned bits = 1; bits <= 64; bits += 63) {
		hamle_dedup *d = NULL;
		ck_assert_int_eq(hamle_dedup_new(&d, bits), 0);
		hamle_dedup_keep_values(d);
		char key[32];
		for (int i = 0; i < 3000; i++) {
			int n = snprintf(key, sizeof(key), "game %d", i % 1000);
			uint64_t first = 7;
			int rc = hamle_dedup_add_value(d, key, (size_t)n, 100000u + (uint64_t)i, &first);
			ck_assert_int_eq(rc, i >= 1000);
			if (i >= 1000)
				ck_assert_uint_eq(first, 100000u + (uint64_t)(i % 1000));
			else
				ck_assert_uint_eq(first, 7); /* a new key: untouched */
		}
		ck_assert_uint_eq(hamle_dedup_count(d), 1000);
		hamle_dedup_free(d);
	}
	/* without keep_values: 0 */
	hamle_dedup *d = NULL;
	uint64_t first = 7;
	ck_assert_int_eq(hamle_dedup_new(&d, 64), 0);
	ck_assert_int_eq(hamle_dedup_add_value(d, "k", 1, 5, &first), 0);
	ck_assert_int_eq(hamle_dedup_add_value(d, "k", 1, 6, &first), 1);
	ck_assert_uint_eq(first, 0);
	hamle_dedup_free(d);
}
END_TEST

START_TEST(test_dedup_game_keys)
{
	hamle_buf a = HAMLE_BUF_INIT, b = HAMLE_BUF_INIT, c = HAMLE_BUF_INIT;
	/* the same moves, other tags, comments, variations, NAGs: the same key */
	ck_assert_int_eq(key_of(&a, "[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n", 0), 0);
	ck_assert_int_eq(key_of(&b, "[White \"B\"]\n\n1. e4 {x} e5 (1... c5) 2. Nf3 $1 Nc6 3. Bb5 a6 *\n", 0), 0);
	ck_assert_uint_eq(a.len, 1 + 1 + 9); /* the standard start, 6 plies, 12 bits a ply */
	ck_assert(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
	/* a transposition: another key of moves, the same final position */
	ck_assert_int_eq(key_of(&c, "1. Nf3 Nc6 2. e4 e5 3. Bb5 a6 *\n", 0), 0);
	ck_assert(!(a.len == c.len && memcmp(a.data, c.data, a.len) == 0));
	ck_assert_int_eq(key_of(&a, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n", 1), 0);
	ck_assert_int_eq(key_of(&c, "1. Nf3 Nc6 2. e4 e5 3. Bb5 a6 *\n", 1), 0);
	ck_assert_str_eq(a.data, "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq -");
	ck_assert(a.len == c.len && memcmp(a.data, c.data, a.len) == 0);
	/* the same moves from another start: another key */
	ck_assert_int_eq(key_of(&a, "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *\n", 0), 0);
	ck_assert_int_eq(key_of(&b, "[SetUp \"1\"]\n[FEN \"3k4/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *\n", 0), 0);
	ck_assert(!(a.len == b.len && memcmp(a.data, b.data, a.len) == 0));
	ck_assert_str_eq(a.data, "4k3/8/8/8/8/8/4P3/4K3 w - -");
	/* the same squares, another promotion piece: another key */
	ck_assert_int_eq(key_of(&a, "[SetUp \"1\"]\n[FEN \"8/P7/8/8/8/8/8/k1K5 w - - 0 1\"]\n\n1. a8=Q *\n", 0), 0);
	ck_assert_int_eq(key_of(&b, "[SetUp \"1\"]\n[FEN \"8/P7/8/8/8/8/8/k1K5 w - - 0 1\"]\n\n1. a8=N *\n", 0), 0);
	ck_assert(!(a.len == b.len && memcmp(a.data, b.data, a.len) == 0));
	/* a move that did not resolve: no key (such a game is never left out) */
	ck_assert_int_eq(key_of(&a, "1. e4 e5 2. Nf6 *\n", 0), -1);
	hamle_buf_free(&a);
	hamle_buf_free(&b);
	hamle_buf_free(&c);
}
END_TEST

/* Forced collisions with real games: every key in one 2-bit hash space; equal games are found
 * equal, and a game that differs by one move at the end is kept. */
START_TEST(test_dedup_collision_games)
{
	static const char *const games[] = {
		"1. e4 e5 2. Nf3 Nc6 *\n", "1. e4 e5 2. Nf3 Nf6 *\n", "1. d4 d5 *\n", "1. e4 e5 2. Nf3 Nc6 1-0\n",
		"1. e4 e5 2. Nf3 *\n", "1. d4 d5 2. c4 *\n", "1. d4 {again} d5 *\n",
	};
	static const int dup[] = {0, 0, 0, 1, 0, 0, 1};
	hamle_dedup *d = NULL;
	hamle_buf k = HAMLE_BUF_INIT;
	ck_assert_int_eq(hamle_dedup_new(&d, 2), 0);
	for (size_t i = 0; i < sizeof(games) / sizeof(games[0]); i++) {
		ck_assert_int_eq(key_of(&k, games[i], 0), 0);
		ck_assert_msg(hamle_dedup_add(d, k.data, k.len) == dup[i], "game %zu", i);
	}
	ck_assert_uint_eq(hamle_dedup_count(d), 5);
	ck_assert_uint_gt(hamle_dedup_collisions(d), 0);
	hamle_buf_free(&k);
	hamle_dedup_free(d);
}
END_TEST

Suite *dedup_suite(void)
{
	Suite *s = suite_create("dedup");
	TCase *t = tcase_create("dedup");
	tcase_add_test(t, test_dedup_collisions_confirmed);
	tcase_add_test(t, test_dedup_values);
	tcase_add_test(t, test_dedup_game_keys);
	tcase_add_test(t, test_dedup_collision_games);
	suite_add_tcase(s, t);
	return s;
}
