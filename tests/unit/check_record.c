/* check_record.c: a game as a flat record (hamle_writer_record) and the batch readers over it
 * (hamle_writer_records, hamle_writer_verdicts), which the Python package reads games through. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/replay.h"
#include "hamle/writer.h"
#include "suites_decl.h"

static const char three[] =
	"[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n"
	"[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
	"[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.02\"]\n[Round \"2\"]\n[White \"W\"]\n[Black \"B\"]\n"
	"[Result \"*\"]\n\n1. e4 e5 2. Nf9 *\n\n"
	"[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.02\"]\n[Round \"3\"]\n[White \"W\"]\n[Black \"B\"]\n"
	"[Result \"*\"]\n\n1. d4 d5 2. O-O *\n";

struct fx {
	hamle_reader_options ro;
	hamle_reader *r;
	hamle_replay *rp;
	hamle_writer *w;
	hamle_game *g;
};

static void fx_open(struct fx *f, const char *text)
{
	hamle_reader_options ro = HAMLE_READER_OPTIONS_INIT;
	hamle_replay_options po = HAMLE_REPLAY_OPTIONS_INIT;
	hamle_writer_options wo = HAMLE_WRITER_OPTIONS_INIT;
	wo.format = HAMLE_WRITE_UCI;
	f->ro = ro;
	f->g = NULL;
	ck_assert_int_eq(hamle_reader_new(&f->r, &f->ro), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_set_input_buffer(f->r, text, strlen(text), "t.pgn"), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_new(&f->rp, &po), HAMLE_OK);
	ck_assert_int_eq(hamle_writer_new(&f->w, &wo), HAMLE_OK);
}

static void fx_close(struct fx *f)
{
	hamle_game_free(f->g);
	hamle_writer_free(f->w);
	hamle_replay_free(f->rp);
	hamle_reader_free(f->r);
}

/* The fields of the n-th record (0-based) of out, split at 0x1E: count, into fields (copies). */
static size_t fields_of(const char *out, size_t n, char fields[8][1024])
{
	const char *p = out;
	for (size_t i = 0; i < n; i++) {
		p = strchr(p, '\x1c');
		ck_assert_ptr_nonnull(p);
		p++;
	}
	const char *end = strchr(p, '\x1c');
	ck_assert_ptr_nonnull(end);
	size_t k = 0;
	while (k < 8) {
		const char *q = memchr(p, '\x1e', (size_t)(end - p));
		size_t len = q ? (size_t)(q - p) : (size_t)(end - p);
		ck_assert_uint_lt(len, 1024);
		memcpy(fields[k], p, len);
		fields[k][len] = '\0';
		k++;
		if (!q)
			break;
		p = q + 1;
	}
	return k;
}

START_TEST(test_record_fields)
{
	struct fx f;
	fx_open(&f, three);
	ck_assert_int_eq(hamle_reader_next_reuse(f.r, &f.g), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_run(f.rp, f.g), HAMLE_OK);
	ck_assert_int_eq(hamle_writer_record(f.w, f.g, f.rp, HAMLE_RECORD_TAGS | HAMLE_RECORD_MOVES | HAMLE_RECORD_TEXT), 0);
	char fl[8][1024];
	ck_assert_uint_eq(fields_of(hamle_writer_output(f.w, NULL), 0, fl), 7);
	ck_assert_str_eq(fl[0], "1 1 0 1 0 7 0 0 1 en");
	ck_assert_str_eq(fl[1], "Event\x1f" "E\x1fSite\x1fS\x1f" "Date\x1f" "2024.01.02\x1fRound\x1f" "1\x1fWhite\x1fW\x1f"
		"Black\x1f" "B\x1fResult\x1f" "1-0");
	ck_assert_str_eq(fl[2], "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7");
	ck_assert_str_eq(fl[3], "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
	ck_assert_str_eq(fl[4], "");
	ck_assert_str_eq(fl[5], "");
	ck_assert_ptr_nonnull(strstr(fl[6], "4. Qxf7# 1-0"));
	/* the second game: its syntax error with its place and suggestions; nothing asked but it */
	hamle_writer_reset(f.w);
	ck_assert_int_eq(hamle_reader_next_reuse(f.r, &f.g), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_run(f.rp, f.g), HAMLE_OK);
	ck_assert_int_eq(hamle_writer_record(f.w, f.g, f.rp, 0), 0);
	ck_assert_uint_eq(fields_of(hamle_writer_output(f.w, NULL), 0, fl), 7);
	ck_assert_str_eq(fl[0], "2 11 140 1 0 2 1 0 4 en");
	ck_assert_str_eq(fl[1], "");
	ck_assert_str_eq(fl[2], "");
	ck_assert_str_eq(fl[4], "syntax\x1f" "2\x1f" "19\x1f" "13\x1f" "245\x1f" "3\x1f" "2\x1f" "0\x1fNf9\x1fnot a move: Nf9\x1f"
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\x1f\x1fNf3 g1f3 Na3 b1a3 Nc3 b1c3");
	ck_assert_str_eq(fl[6], "");
	ck_assert_int_eq(hamle_writer_record(NULL, f.g, f.rp, 0), HAMLE_EUSAGE);
	fx_close(&f);
}
END_TEST

static size_t count_records(const char *out)
{
	size_t n = 0;
	for (; *out; out++)
		n += *out == '\x1c';
	return n;
}

START_TEST(test_records_batches)
{
	struct fx f;
	fx_open(&f, three);
	size_t n = 99;
	ck_assert_int_eq(hamle_writer_records(f.w, f.r, f.rp, &f.g, HAMLE_RECORD_MOVES, 2, &n), 0);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(count_records(hamle_writer_output(f.w, NULL)), 2);
	hamle_writer_reset(f.w);
	ck_assert_int_eq(hamle_writer_records(f.w, f.r, f.rp, &f.g, HAMLE_RECORD_MOVES, 2, &n), HAMLE_ITEROVER);
	ck_assert_uint_eq(n, 1);
	char fl[8][1024];
	ck_assert_uint_eq(fields_of(hamle_writer_output(f.w, NULL), 0, fl), 7);
	ck_assert_str_eq(fl[2], "d2d4 d7d5");
	ck_assert_ptr_nonnull(strstr(fl[4], "illegal-move"));
	fx_close(&f);
}
END_TEST

START_TEST(test_verdicts_only_games_with_findings)
{
	struct fx f;
	fx_open(&f, three);
	size_t n = 0;
	ck_assert_int_eq(hamle_writer_verdicts(f.w, f.r, f.rp, &f.ro, &f.g, 100, &n), HAMLE_ITEROVER);
	ck_assert_uint_eq(n, 3);
	const char *out = hamle_writer_output(f.w, NULL);
	ck_assert_uint_eq(count_records(out), 2); /* the clean first game gives none */
	char fl[8][1024];
	fields_of(out, 0, fl);
	ck_assert_str_eq(fl[1], ""); /* no tags */
	ck_assert_ptr_eq(strstr(fl[0], "2 11 140 "), fl[0]);
	ck_assert_ptr_eq(strstr(fl[4], "syntax\x1f"), fl[4]);
	fields_of(out, 1, fl);
	ck_assert_ptr_eq(strstr(fl[4], "illegal-move\x1f"), fl[4]);
	fx_close(&f);
}
END_TEST

Suite *record_suite(void)
{
	Suite *s = suite_create("record");
	TCase *tc = tcase_create("record");
	tcase_add_test(tc, test_record_fields);
	tcase_add_test(tc, test_records_batches);
	tcase_add_test(tc, test_verdicts_only_games_with_findings);
	suite_add_tcase(s, tc);
	return s;
}
