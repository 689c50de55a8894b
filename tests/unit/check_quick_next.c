/* One-pass reading tests (suite "quick_next"): a reader that takes each game through
 * hamle_replay_quick_next when it can hands out exactly the chunks of a reader that only splits
 * (bytes, game number, line, column, offset, total length, flags), from a buffer, a mapping cut in
 * slices of every size and a stream in small blocks; every game it takes is one the quick lane
 * judges clean on the split chunk, with the same plies; and on plain games it does take them. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/replay.h"
#include "pgn/reader_internal.h"
#include "suites_decl.h"
#include "testutil.h"

#define ROSTER(ev) "[Event \"" ev "\"]\n[Site \"s\"]\n[Date \"2026.01.01\"]\n[Round \"1\"]\n" \
	"[White \"w\"]\n[Black \"b\"]\n"

static hamle_replay *rp;

static void setup(void)
{
	ck_assert_int_eq(hamle_replay_new(&rp, NULL), HAMLE_OK);
}

static void teardown(void)
{
	hamle_replay_free(rp);
}

enum { BUFFER, MAPPED, STREAM };

static void on_done(void *payload, size_t offset)
{
	(void)payload;
	(void)offset;
}

/* A chunk's line in the dumps, numbers shifted by game_base and line_base. */
static void put_chunk(char **out, size_t *n, size_t *cap, const hamle_chunk *ch, size_t gb, size_t lb)
{
	size_t need = *n + ch->len + 200;
	if (need > *cap) {
		*cap = need * 2;
		*out = realloc(*out, *cap);
	}
	*n += (size_t)snprintf(*out + *n, *cap - *n, "#%zu %zu:%zu @%zu len %zu total %zu flags %x |", ch->game + gb,
		ch->line + lb, ch->column, ch->offset, ch->len, ch->total_len, ch->flags);
	memcpy(*out + *n, ch->data, ch->len);
	*n += ch->len;
	(*out)[(*n)++] = '\n';
	(*out)[*n] = '\0';
}

/* Every chunk of in, one line each (its fields and bytes), read as mode says (slice: the mapping's
 * slice or the stream's block). one_pass: hamle_replay_quick_next first each time; *taken counts
 * the games it took, each checked against the lane on its chunk. */
static char *dump(const char *in, int mode, size_t slice, int one_pass, size_t *taken)
{
	size_t len = strlen(in);
	hamle_reader *r = NULL;
	ck_assert_int_eq(hamle_reader_new(&r, NULL), HAMLE_OK);
	tu_feeder st = {in, len, 0, slice};
	if (mode == BUFFER) {
		hamle_reader_set_input_buffer(r, in, len, "t");
	} else if (mode == MAPPED) {
		hamle_reader_set_input_mapped(r, in, len, on_done, NULL, "t");
		r->map_slice = slice;
	} else {
		hamle_reader_set_input(r, tu_feed, &st, "t");
	}
	size_t cap = 1 << 16, n = 0;
	char *out = malloc(cap);
	out[0] = '\0';
	*taken = 0;
	hamle_game *g = NULL;
	for (;;) {
		hamle_chunk ch;
		int q = one_pass ? hamle_replay_quick_next(rp, r, NULL, &ch) : 0;
		ck_assert_int_ge(q, 0);
		if (q == 1) {
			unsigned plies = hamle_replay_plies(rp);
			++*taken;
			ck_assert_int_eq(hamle_replay_quick(rp, &g, &ch, NULL), 1);
			ck_assert_uint_eq(hamle_replay_plies(rp), plies);
		} else if (hamle_reader_next_chunk(r, &ch) != HAMLE_OK) {
			break;
		}
		put_chunk(&out, &n, &cap, &ch, 0, 0);
	}
	hamle_game_free(g);
	hamle_reader_free(r);
	return out;
}

static const char *const inputs[] = {
	/* plain games: LF, CR LF, CR, blank lines between tags, comments with tabs, a clock */
	ROSTER("a") "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
	ROSTER("b") "[Result \"1-0\"]\n\n1. Nc3 {\t[%clk 0:01:00]\t} d5 { [%eval 0.2] } 1-0\n"
	ROSTER("c") "[Result \"0-1\"]\n1. f3 e5 2. g4 Qh4# 0-1",
	"[Event \"a\"]\r\n[Site \"s\"]\r\n[Date \"?\"]\r\n[Round \"1\"]\r\n[White \"w\"]\r\n[Black \"b\"]\r\n"
	"[Result \"1-0\"]\r\n\r\n1. Nf3 e5\r\n2. Nf3 1-0\r\n\r\n"
	"[Event \"b\"]\r\n[Site \"s\"]\r\n\r\n[Date \"?\"]\r\n[Round \"1\"]\r\n[White \"w\"]\r\n[Black \"b\"]\r\n"
	"[Result \"1-0\"]\r\n\r\n1. Nc3 1-0\r\n",
	"[Event \"a\"]\r[Site \"s\"]\r[Date \"?\"]\r[Round \"1\"]\r[White \"w\"]\r[Black \"b\"]\r[Result \"1-0\"]\r\r"
	"1. Nf3 1-0\r\r[Event \"b\"]\r[Site \"s\"]\r[Date \"?\"]\r[Round \"1\"]\r[White \"w\"]\r[Black \"b\"]\r"
	"[Result \"1-0\"]\r1. Nh3\r*   \r",
	/* the result with blanks, then a comment or a line comment after it (the game goes on), the
	 1-0 whole movetext on the tags' line, moves after the result, a result in a comment */
	ROSTER("a") "[Result \"1-0\"]\n\n1. Nf3 1-0 \t {after}\n\n" ROSTER("b") "[Result \"1-0\"]\n\n1. Nf3 1-0;x\n"
	ROSTER("c") "[Result \"1-0\"]\n\n1. Nf3 1-0\t \n" ROSTER("d") "[Result \"1-0\"] 1. Nf3 1-0\n"
	ROSTER("e") "[Result \"1-0\"]\n1. Nf3 1-0 e5 1-0\n" ROSTER("f") "[Result \"1-0\"]\n1. Nf3 {1-0} e5 1-0\n",
	/* a blank line in the movetext, "1." after it (a game without tags), a comment over lines */
	ROSTER("a") "[Result \"1-0\"]\n\n1. Nf3\n\n1. Nc3 1-0\n" ROSTER("b") "[Result \"1-0\"]\n\n1\n\n1. Nf3 1-0\n"
	ROSTER("c") "[Result \"1-0\"]\n\n1. Nf3 {one\ntwo} e5 1-0\n" ROSTER("d") "[Result \"1-0\"]\n\n1. Nf3 {one\n\n[Event \"x\"]\n"
	ROSTER("e") "[Result \"1-0\"]\n\n1. Nf3 e5\n \n2. Nf3 1-0\n",
	/* tags without movetext run into the next game's; a byte order mark; bytes from 0x80; a game
	 1-0 cut by the input's end; a game with an error between plain ones */
	ROSTER("a") "[Result \"1-0\"]\n\n" ROSTER("b") "[Result \"1-0\"]\n\n1. Nf3 1-0\n"
	"\xEF\xBB\xBF" ROSTER("c") "[Result \"1-0\"]\n\n1. Nf3 1-0\n" ROSTER("G\xC3\xBCnter") "[Result \"1-0\"]\n\n1. Nf3 1-0\n"
	ROSTER("d") "[Result \"1-0\"]\n\n1. Nf3 {caf\xC3\xA9} 1-0\n" ROSTER("e") "[Result \"1-0\"]\n\n1. Nf3 Ke7 1-0\n"
	ROSTER("f") "[Result \"1-0\"]\n\n1. Nf3 e5 0-1\n" ROSTER("g") "[Result \"1-0\"]\n\n1. Nf3 e5 (1... Nf6) 1-0\n"
	ROSTER("h") "[Result \"1-0\"]\n\n1. Nf3 e5 2. Nf3",
	/* plain games after blank lines (forks join at each) */
	ROSTER("a") "[Result \"1-0\"]\n\n1. Nf3 Nf6\n2. Nc3 1-0\n\n" ROSTER("b") "[Result \"1-0\"]\n\n1. Nf3\nNf6 1-0\n\n"
	ROSTER("c") "[Result \"1-0\"]\n\n1. Nc3 Nf6 1-0\n\n" ROSTER("d") "[Result \"1-0\"]\n\n1. Nh3\n1-0\n",
	/* start positions: a FEN (taken), a second FEN tag (the first counts), a FEN that does not
	 * parse, one longer than any FEN, a FEN with a Variant tag, a FEN whose game breaks a rule */
	ROSTER("a") "[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\"]\n\n1. Ra8# 1-0\n\n"
	ROSTER("b") "[Result \"*\"]\n[FEN \"6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 30\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n30... h6 31. Ra8+ Kh7 *\n\n"
	ROSTER("c") "[Result \"*\"]\n[FEN \"6k1/5ppp/8 w - - 0 1\"]\n\n1. Ra8# *\n\n"
	ROSTER("d") "[Result \"*\"]\n[FEN \"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1                                                                                                                    \"]\n\n1. Ra8# *\n\n"
	ROSTER("e") "[Result \"*\"]\n[Variant \"Chess960\"]\n[FEN \"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\"]\n\n1. Ra8# *\n\n"
	ROSTER("f") "[Result \"1-0\"]\n[FEN \"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\"]\n\n1. Ra8+ 1-0\n\n"
	ROSTER("g") "[Result \"1-0\"]\n[FEN \"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\"]\n\n1. Ra8# 1-0\n",
	/* untagged games, typed sheets, % escapes */
	"1. Nf3 e5 1-0\n\n1. Nc3 d5 1-0\n\n" ROSTER("a") "[Result \"1-0\"]\n\n1. Nf3 1-0\n% x\n" ROSTER("b")
	"[Result \"1-0\"]\n\n1. Nh3 1-0\n\nWhite: a\nBlack: b\n1. Nf3 e5\n",
};

static void compare(const char *in, size_t *taken_all)
{
	size_t t0, t1;
	char *a = dump(in, BUFFER, 0, 0, &t0);
	char *b = dump(in, BUFFER, 0, 1, &t1);
	ck_assert_str_eq(a, b);
	*taken_all += t1;
	if (getenv("QUICK_NEXT_TRACE"))
		fprintf(stderr, "taken %zu:\n%s\n", t1, b);
	static const size_t slices[] = {3, 5, 16, 64, 100, 333, 4096};
	for (size_t k = 0; k < sizeof(slices) / sizeof(slices[0]); k++) {
		for (int mode = MAPPED; mode <= STREAM; mode++) {
			char *c = dump(in, mode, slices[k], 1, &t1);
			ck_assert_str_eq(a, c);
			free(c);
		}
	}
	free(a);
	free(b);
}

START_TEST(same_chunks_as_the_splitter)
{
	size_t taken = 0;
	for (size_t i = 0; i < sizeof(inputs) / sizeof(inputs[0]); i++)
		compare(inputs[i], &taken);
	ck_assert_uint_ge(taken, 8);
}
END_TEST

START_TEST(plain_games_are_taken)
{
	/* 50 plain games: all but the first (the reader starts on its own) are taken */
	size_t cap = 50 * 300, n = 0;
	char *in = malloc(cap);
	for (int i = 0; i < 50; i++)
		n += (size_t)snprintf(in + n, cap - n, ROSTER("e%d") "[Result \"1-0\"]\n\n1. e4 {[%%clk 0:0%d:00]} e5 2. Nf3 1-0\n\n",
			i, i % 10);
	size_t taken;
	char *a = dump(in, BUFFER, 0, 1, &taken);
	ck_assert_uint_eq(taken, 49);
	free(a);
	a = dump(in, MAPPED, 1 << 21, 1, &taken);
	ck_assert_uint_eq(taken, 49);
	free(a);
	free(in);
}
END_TEST

START_TEST(games_at_a_block_end_are_taken_from_a_stream)
{
	/* 60 games of 20 to 42 kB (a long comment each), read as a file is, in blocks: a game that starts
	 * near a block's end is taken too (the block refilled first), and the chunks are the splitter's */
	size_t cap = 60 * 43000, n = 0;
	char *in = malloc(cap);
	for (int i = 0; i < 60; i++) {
		n += (size_t)snprintf(in + n, cap - n, ROSTER("e%d") "[Result \"1-0\"]\n\n1. e4 {", i);
		for (int k = 0; k < 2000 + 37 * i; k++)
			memcpy(in + n + 10 * (size_t)k, "depth 23, ", 10);
		n += 10 * (size_t)(2000 + 37 * i);
		n += (size_t)snprintf(in + n, cap - n, "} e5 2. Nf3 1-0\n\n");
	}
	ck_assert_uint_gt(n, 4 * BLOCK_SIZE);
	size_t taken;
	char *a = dump(in, BUFFER, 0, 0, &taken);
	char *b = dump(in, STREAM, BLOCK_SIZE, 1, &taken);
	ck_assert_uint_eq(taken, 59);
	ck_assert_str_eq(a, b);
	free(b);
	b = dump(in, STREAM, 4096, 1, &taken);
	ck_assert_uint_eq(taken, 59);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	free(in);
}
END_TEST

START_TEST(fen_games_are_taken)
{
	/* games from a FEN tag, the lane setting the position up from the tag's bytes: all but the
	 * first are taken (a mate in one, a mate in four from a full-move number 0, Black to move; no
	 * R, which reads as a French king: such a move's language is the full path's to tell) */
	static const char *const games[] = {
		"[FEN \"6k1/5ppp/8/8/8/8/5PPP/Q5K1 w - - 0 1\"]\n\n1. Qa8# *\n\n",
		"[SetUp \"1\"]\n[FEN \"r5rk/2p1Nppp/3p3P/pp2p1P1/4P3/2qnPQK1/8/R6R w - - 1 0\"]\n\n"
		"1. hxg7+ Rxg7 2. Rxh7+ Rxh7 3. Qf6+ Rg7 4. Rh1# *\n\n",
		"[FEN \"6k1/5ppp/8/8/8/8/5PPP/Q5K1 b - - 0 30\"]\n\n30... h6 31. Qa8+ Kh7 *\n\n",
	};
	size_t cap = 30 * 400, n = 0;
	char *in = malloc(cap);
	for (int i = 0; i < 30; i++)
		n += (size_t)snprintf(in + n, cap - n, ROSTER("e%d") "[Result \"*\"]\n%s", i, games[i % 3]);
	size_t taken, t0;
	char *a = dump(in, BUFFER, 0, 1, &taken);
	char *b = dump(in, BUFFER, 0, 0, &t0);
	ck_assert_str_eq(a, b);
	ck_assert_uint_eq(taken, 29);
	free(a);
	free(b);
	free(in);
}
END_TEST

START_TEST(roster_missing_games_are_taken_with_their_findings)
{
	/* a game lacking Date, Round, White and Black (a lichess study's chapter), with a Variant tag
	 * naming standard chess and a FEN start: taken in one pass, 2 (its tags' findings to make);
	 * hamle_replay_quick_next leaves it, as a Chess960 one; the findings made from the chunk are
	 * hamle_replay_quick_findings' */
	const char *in = "[Event \"s\"]\n[Site \"s\"]\n[Result \"*\"]\n\n1. Nf3 *\n\n"
		"[Event \"s\"]\n[Site \"s\"]\n[Variant \"Standard\"]\n[Result \"*\"]\n"
		"[FEN \"6k1/5ppp/8/8/8/8/5PPP/Q5K1 w - - 0 1\"]\n\n1. Qa8# { mate } *\n\n"
		"[Event \"s\"]\n[Site \"s\"]\n[Variant \"Chess960\"]\n[Result \"*\"]\n\n1. Nf3 *\n\n";
	hamle_reader *r = NULL;
	ck_assert_int_eq(hamle_reader_new(&r, NULL), HAMLE_OK);
	hamle_reader_set_input_buffer(r, in, strlen(in), "t");
	hamle_chunk ch;
	hamle_game *g = NULL;
	ck_assert_int_eq(hamle_reader_next_chunk(r, &ch), HAMLE_OK); /* the reader starts on its own */
	ck_assert_int_eq(hamle_replay_quick_next(rp, r, NULL, &ch), 0);
	ck_assert_int_eq(hamle_replay_quick_next_findings(rp, r, NULL, &ch), 2);
	ck_assert_uint_eq(ch.game, 2);
	ck_assert_uint_eq(hamle_replay_plies(rp), 1);
	ck_assert_int_eq(hamle_replay_quick_findings(rp, &g, &ch, NULL), 2);
	ck_assert_uint_eq(hamle_replay_finding_count(rp), 1);
	char want[256];
	snprintf(want, sizeof(want), "%s", hamle_replay_finding(rp, 0)->error.message);
	ck_assert_int_eq(hamle_replay_quick_tag_findings(rp, &g, &ch, NULL, 1), 2);
	ck_assert_uint_eq(hamle_replay_finding_count(rp), 1);
	ck_assert_str_eq(hamle_replay_finding(rp, 0)->id, "missing-tag");
	ck_assert_str_eq(hamle_replay_finding(rp, 0)->error.message, want);
	ck_assert_str_eq(want, "missing tag Date, Round, White, Black");
	ck_assert_uint_eq(hamle_replay_plies(rp), 1);
	ck_assert_uint_eq(hamle_replay_error_count(rp), 0);
	ck_assert_str_eq(hamle_game_tag(g, "Variant"), "Standard");
	/* Chess960: the tag reader's (not taken), then the input's end */
	ck_assert_int_eq(hamle_replay_quick_next_findings(rp, r, NULL, &ch), 0);
	ck_assert_int_eq(hamle_reader_next_chunk(r, &ch), HAMLE_OK);
	ck_assert_uint_eq(ch.game, 3);
	ck_assert_int_eq(hamle_replay_quick_tag_findings(rp, &g, &ch, NULL, 1), 0);
	ck_assert_int_eq(hamle_replay_quick_next_findings(rp, r, NULL, &ch), 0);
	ck_assert_int_eq(hamle_reader_next_chunk(r, &ch), HAMLE_ITEROVER);
	hamle_game_free(g);
	hamle_reader_free(r);
}
END_TEST

START_TEST(over_the_game_limit_is_split)
{
	hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
	o.max_game_bytes = 130;
	const char *in = ROSTER("a") "[Result \"*\"]\n\n1. e4 *\n\n" ROSTER("a long name for the second game")
		"[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n";
	hamle_reader *r = NULL;
	ck_assert_int_eq(hamle_reader_new(&r, &o), HAMLE_OK);
	hamle_reader_set_input_buffer(r, in, strlen(in), "t");
	hamle_chunk ch;
	ck_assert_int_eq(hamle_reader_next_chunk(r, &ch), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_quick_next(rp, r, &o, &ch), 0);
	ck_assert_int_eq(hamle_reader_next_chunk(r, &ch), HAMLE_OK);
	ck_assert(ch.flags & HAMLE_CHUNK_OVERFLOW);
	hamle_reader_free(r);
}
END_TEST

/* in read by a reader that stops at `at`, a fork from `at` to the next game after a blank line
 * and the join, the reader reading on from there, or on itself where the join fails; *joined
 * says which. */
static char *dump_forked(const char *in, size_t at, size_t slice, int *joined)
{
	size_t len = strlen(in), cap = 1 << 16, n = 0;
	char *out = malloc(cap);
	out[0] = '\0';
	hamle_reader *r = NULL, *f = NULL;
	ck_assert_int_eq(hamle_reader_new(&r, NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_new(&f, NULL), HAMLE_OK);
	hamle_reader_set_input_mapped(r, in, len, on_done, NULL, "t");
	r->map_slice = slice;
	ck_assert_int_eq(hamle_reader_set_input_mapped_from(f, in, len, at, NULL, NULL, "t"), HAMLE_OK);
	f->map_slice = slice;
	/* the fork stops at the next game after a blank line, if any: the reader reads on after it */
	const char *next = strstr(in + at + 1, "\n\n[");
	hamle_reader_set_stop(f, next ? (size_t)(next - in) + 2 : SIZE_MAX);
	hamle_reader_set_stop(r, at);
	hamle_chunk ch;
	for (;;) {
		int q = hamle_replay_quick_next(rp, r, NULL, &ch);
		if (q != 1 && hamle_reader_next_chunk(r, &ch) != HAMLE_OK)
			break;
		put_chunk(&out, &n, &cap, &ch, 0, 0);
	}
	/* the fork's games, kept until the join says whether they count (their bytes copied: a chunk
	 * of the reader's own is gone at its next call) */
	hamle_chunk fch[64];
	size_t nf = 0;
	for (;;) {
		int q = hamle_replay_quick_next(rp, f, NULL, &ch);
		if (q != 1 && hamle_reader_next_chunk(f, &ch) != HAMLE_OK)
			break;
		ck_assert_uint_lt(nf, 64);
		unsigned char *copy = malloc(ch.len + 1);
		memcpy(copy, ch.data, ch.len);
		ch.data = copy;
		fch[nf++] = ch;
	}
	size_t gb = 0, lb = 0;
	*joined = hamle_reader_stopped(r) && hamle_reader_join(r, f, &gb, &lb) == 1;
	for (size_t i = 0; i < nf; i++) {
		if (*joined)
			put_chunk(&out, &n, &cap, &fch[i], gb, lb);
		free((void *)fch[i].data);
	}
	hamle_reader_set_stop(r, SIZE_MAX);
	while (hamle_reader_next_chunk(r, &ch) == HAMLE_OK)
		put_chunk(&out, &n, &cap, &ch, 0, 0);
	hamle_reader_free(f);
	hamle_reader_free(r);
	return out;
}

START_TEST(forks_join_as_one_reader)
{
	/* a fork at every offset of every input: where the join takes it, and where the reader reads
	 * on itself, the games are those of one reader alone */
	size_t joins = 0;
	for (size_t i = 0; i < sizeof(inputs) / sizeof(inputs[0]); i++) {
		size_t t, len = strlen(inputs[i]);
		char *a = dump(inputs[i], BUFFER, 0, 0, &t);
		static const size_t slices[] = {7, 64, 4096};
		for (size_t k = 0; k < sizeof(slices) / sizeof(slices[0]); k++)
			for (size_t at = 1; at < len; at++) {
				int joined;
				char *b = dump_forked(inputs[i], at, slices[k], &joined);
				if (strcmp(a, b) != 0)
					ck_abort_msg("input %zu, fork at %zu, slice %zu (%s):\n%s\n---\n%s", i, at, slices[k],
						joined ? "joined" : "not joined", a, b);
				joins += (size_t)joined;
				free(b);
			}
		free(a);
	}
	ck_assert_uint_ge(joins, 24); /* 8 games after a blank line, 3 slice sizes */
}
END_TEST

Suite *quick_next_suite(void)
{
	Suite *s = suite_create("quick_next");
	TCase *tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, same_chunks_as_the_splitter);
	tcase_add_test(tc, plain_games_are_taken);
	tcase_add_test(tc, games_at_a_block_end_are_taken_from_a_stream);
	tcase_add_test(tc, fen_games_are_taken);
	tcase_add_test(tc, roster_missing_games_are_taken_with_their_findings);
	tcase_add_test(tc, over_the_game_limit_is_split);
	tcase_add_test(tc, forks_join_as_one_reader);
	suite_add_tcase(s, tc);
	return s;
}
