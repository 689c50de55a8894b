/* check_pgn_writer.c: PGN export of games that failed: written in their own language up
 * to the error, a {hamle: error ...} note, then the rest as read, so that they read back as one
 * game that fails again; the note read as the error when nothing else is; lines under 255
 * characters; what is written reads back as what was read. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

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

/* One read game and its replay (language detected among en tr de). */
typedef struct {
	hamle_reader *r;
	hamle_replay *rp;
	hamle_game *g;
	size_t ngames; /* games in the text */
} one;

static void read1(one *x, const char *text, size_t len, const hamle_reader_options *ro)
{
	hamle_replay_options po = HAMLE_REPLAY_OPTIONS_INIT;
	po.candidates = (const hamle_locale *const *)locs;
	po.n_candidates = 3;
	po.messages = locs[0];
	ck_assert_int_eq(hamle_reader_new(&x->r, ro), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_new(&x->rp, &po), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_set_input_buffer(x->r, text, len, "t.pgn"), HAMLE_OK);
	x->g = NULL;
	ck_assert_int_eq(hamle_reader_next(x->r, &x->g), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_run(x->rp, x->g), HAMLE_OK);
	x->ngames = 1;
	hamle_game *more = NULL;
	while (hamle_reader_next(x->r, &more) == HAMLE_OK) {
		x->ngames++;
		hamle_game_free(more);
		more = NULL;
	}
}

static void done(one *x)
{
	hamle_game_free(x->g);
	hamle_replay_free(x->rp);
	hamle_reader_free(x->r);
}

/* x's game written as PGN (line width 0: the default) in locale loc; malloc'd. */
static char *write1(const one *x, const hamle_locale *loc, unsigned width)
{
	hamle_writer_options wo = HAMLE_WRITER_OPTIONS_INIT;
	wo.locale = loc;
	wo.line_width = width;
	hamle_writer *w = NULL;
	ck_assert_int_eq(hamle_writer_new(&w, &wo), HAMLE_OK);
	ck_assert_int_eq(hamle_writer_game(w, x->g, x->rp), HAMLE_OK);
	size_t len;
	const char *out = hamle_writer_output(w, &len);
	char *copy = malloc(len + 1);
	ck_assert_ptr_nonnull(copy);
	memcpy(copy, out, len + 1);
	hamle_writer_free(w);
	return copy;
}

/* The error finding of rp at the move token tok (NULL: the first error finding). */
static const hamle_diagnostic *error_at(const hamle_replay *rp, const char *tok)
{
	for (size_t i = 0; i < hamle_replay_finding_count(rp); i++) {
		const hamle_diagnostic *d = hamle_replay_finding(rp, i);
		if (d->severity == HAMLE_SEVERITY_ERROR && (!tok || !strcmp(d->error.token, tok)))
			return d;
	}
	return NULL;
}

/* Each failed game, written, reads back as one game with an error: at the same move with the same
 * error (move errors), the same code (the error is in what is written again: a bad FEN, a limit),
 * or the note's (what was lost in the writing: a structure error). */
static const struct {
	const char *in;
	size_t max_depth, max_comment; /* reader limits, 0 = default */
	char how;                      /* 'm' at the move again, 'i' with the code again, 'n' by the
	                                * note, 'v' valid (no error, no note) */
	const char *again;             /* the move token, the id */
} failed[] = {
	{"[White \"Tal\"]\n\n1. e4 e5 2. Af3 Ac6 3. Fb5 a6 4. Fa4 A6 {c} 5. O-O Fe7 1-0\n", 0, 0, 'm', "A6"},
	{"1. e4 e5 2. Nf3 Nc6 3. Bxx5 a6 {a } 4. Ba4 ( 4. Bc4 { unclosed ) 1-0\n", 0, 0, 'm', "Bxx5"},
	{"1. e4 e5 ( 1... d5 2. exd5 ( 2. e5 *\n", 0, 0, 'n', NULL},
	{"1. e4 e5 } 2. Nf3 ) Nc6 < 3. Bb5 *\n", 0, 0, 'n', NULL},
	{"1. e4 e5 2. Nf3 {never closed [Event \"x\"] 2... Nc6 1-0\n", 0, 0, 'n', NULL},
	{"[White \"Kasparov]\n\n1. e4 e5 *\n", 0, 0, 'n', NULL},
	{"[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 e5 (1... c5) *\n", 0, 0, 'i', "bad-fen"},
	{"1. e4 e5 [Foo \"bar\"] 2. Nf3 *\n", 0, 0, 'n', NULL},
	{"1. e4 (1. d4 (1. c4 (1. Nf3 (1. g3) ) ) ) e5 *\n", 2, 0, 'i', "limit"},
	{"1. e4 {a comment longer than the limit} e5 2. Nf3 *\n", 0, 8, 'i', "limit"},
	{"1. e4 (1. d4 (1. c4 (1. Nf3 (1. g3) ) ) ) e5 *\n", 0, 0, 'v', NULL}, /* (valid: the control) */
	/* the unclosed variation only counted, past the findings of 100 control characters */
	{"1. e4 e5 ( 1... c5 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01"
	 " \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01"
	 " \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01"
	 " \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01"
	 " \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01 \x01"
	 " \x01 \x01 \x01 \x01 \x01 \x01 2. Nf3 *\n", 0, 0, 'n', NULL},
	{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 $1-0\n", 0, 0, 'm', "-0"},
	{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Bxx 12) d6 1/2-1/2. 13. Kc8. ...Ng4 *\n", 0, 0, 'm', "Bxx"},
};

START_TEST(test_failed_reads_back_failing)
{
	hamle_reader_options ro = HAMLE_READER_OPTIONS_INIT;
	ro.max_depth = failed[_i].max_depth;
	ro.max_comment_bytes = failed[_i].max_comment;
	const char *again = failed[_i].again;
	char how = failed[_i].how;
	one x, y;
	read1(&x, failed[_i].in, strlen(failed[_i].in), &ro);
	ck_assert_uint_eq(hamle_replay_error_count(x.rp) > 0, how != 'v');
	char *out = write1(&x, locs[0], 0);
	ck_assert_msg((strstr(out, "{hamle: error") != NULL) == (how != 'v'), "note?\n%s", out);
	read1(&y, out, strlen(out), &ro);
	ck_assert_msg(y.ngames == 1, "%zu games in:\n%s", y.ngames, out);
	const hamle_diagnostic *d = error_at(y.rp, NULL);
	if (how == 'v') {
		ck_assert_ptr_null(d);
	} else if (how == 'm') {
		ck_assert_msg(d != NULL, "reads back without an error:\n%s", out);
		const hamle_diagnostic *was = error_at(x.rp, again);
		ck_assert_ptr_nonnull(was);
		ck_assert_str_eq(d->error.token, again);
		ck_assert_str_eq(d->id, was->id);
		ck_assert_str_eq(d->error.message, was->error.message);
	} else if (how == 'n') {
		ck_assert_msg(d != NULL, "reads back without an error:\n%s", out);
		ck_assert_msg(hamle_replay_error_count(y.rp) == 1 && strstr(d->error.message, "as noted in the game"),
			"%s\n%s", d->error.message, out);
	} else {
		ck_assert_msg(d != NULL, "reads back without an error:\n%s", out);
		ck_assert_str_eq(d->id, again);
	}
	/* converting it again writes it again as it is */
	char *twice = write1(&y, locs[0], 0);
	if (!failed[_i].max_comment) /* (under a tiny comment limit the note itself is too long) */
		ck_assert_str_eq(twice, out);
	free(twice);
	done(&y);
	free(out);
	done(&x);
}
END_TEST

/* A failed game is written in its own language whatever the output language: it is not mixed. */
START_TEST(test_failed_in_own_language)
{
	static const char in[] = "1. e4 e5 2. Af3 Ac6 3. Fb5 a6 4. Fa4 A6 5. O-O *\n";
	one x;
	read1(&x, in, strlen(in), NULL);
	char *out = write1(&x, locs[2], 0);
	ck_assert_msg(strstr(out, "2. Af3 Ac6 3. Fb5 a6 4. Fa4 {hamle: error: syntax 'A6'") != NULL, "%s", out);
	ck_assert_msg(strstr(out, "} A6 5. O-O *") != NULL, "%s", out);
	free(out);
	done(&x);
	/* a game without error is written in the output language */
	static const char ok[] = "1. e4 e5 2. Af3 Ac6 *\n";
	read1(&x, ok, strlen(ok), NULL);
	out = write1(&x, locs[2], 0);
	ck_assert_msg(strstr(out, "2. Sf3 Sc6 *") != NULL, "%s", out);
	free(out);
	done(&x);
}
END_TEST

/* The note is the game's error when nothing else is: its code, token and message. */
START_TEST(test_note_is_the_error_alone)
{
	static const char alone[] = "1. e4 {hamle: error: illegal-move 'Ke2': no king can reach e2} e5 *\n";
	one x;
	read1(&x, alone, strlen(alone), NULL);
	ck_assert_uint_eq(hamle_replay_error_count(x.rp), 1);
	const hamle_diagnostic *d = error_at(x.rp, NULL);
	ck_assert_str_eq(d->id, "illegal-move");
	ck_assert_int_eq(d->error.code, HAMLE_EILLEGAL);
	ck_assert_str_eq(d->error.token, "Ke2");
	ck_assert_uint_eq(d->error.column, 7);
	ck_assert_ptr_nonnull(strstr(d->error.message, "no king can reach e2 (as noted in the game"));
	done(&x);
	static const char live[] = "1. e4 {hamle: error: syntax 'A6': not a move} A6 *\n";
	read1(&x, live, strlen(live), NULL);
	ck_assert_uint_eq(hamle_replay_error_count(x.rp), 1);
	d = error_at(x.rp, NULL);
	ck_assert_str_eq(d->error.token, "A6");
	ck_assert_ptr_null(strstr(d->error.message, "as noted"));
	done(&x);
	static const char brace[] = "1. e4 e5 {hamle: error: syntax 'U+007D': stray 'U+007D' in\nmovetext} *\n";
	read1(&x, brace, strlen(brace), NULL);
	d = error_at(x.rp, NULL);
	ck_assert_str_eq(d->error.token, "}"); /* the '}' a comment cannot hold, given back */
	ck_assert_ptr_nonnull(strstr(d->error.message, "stray '}' in movetext (as noted"));
	done(&x);
	static const char bare[] = "1. e4 e5 { hamle:\n error } *\n";
	read1(&x, bare, strlen(bare), NULL);
	ck_assert_uint_eq(hamle_replay_error_count(x.rp), 1);
	ck_assert_str_eq(error_at(x.rp, NULL)->id, "syntax");
	done(&x);
}
END_TEST

/* Movetext and comment lines hold at most 255 characters (split at spaces; a longer word alone);
 * a word starting with '%' never starts a line (it would be an escape line). */
START_TEST(test_line_limits)
{
	char in[4096];
	size_t n = (size_t)snprintf(in, sizeof(in), "1. e4 ;");
	for (int i = 0; i < 100; i++)
		n += (size_t)snprintf(in + n, sizeof(in) - n, " word%d", i);
	n += (size_t)snprintf(in + n, sizeof(in) - n, "\n1... e5 {");
	for (int i = 0; i < 300; i++)
		in[n++] = 'x';
	n += (size_t)snprintf(in + n, sizeof(in) - n, " a %%b c} 2. Nf3 *\n");
	one x;
	read1(&x, in, n, NULL);
	char *out = write1(&x, locs[0], 1000);
	size_t longest = 0, lines = 0;
	for (char *line = out; *line;) {
		char *e = strchr(line, '\n');
		size_t len = (size_t)(e - line);
		ck_assert_msg(line[0] != '%', "an escape line written: %.*s", (int)len, line);
		if (line[0] != '[' && len > 255)
			ck_assert_msg(memchr(line, ' ', len) == NULL, "a long line with spaces: %.*s", (int)len, line);
		else if (line[0] != '[' && len > longest)
			longest = len;
		lines++;
		line = e + 1;
	}
	ck_assert_uint_gt(longest, 200); /* the ';' lines are filled up to the limit, not to 80 */
	ck_assert_ptr_nonnull(strstr(out, "\n;word"));
	free(out);
	out = write1(&x, locs[0], 8);
	for (char *p = out; (p = strchr(p, '\n')) != NULL; p++)
		ck_assert_msg(p[1] != '%', "%s", out);
	free(out);
	done(&x);
}
END_TEST

/* "Â„" is no doubly encoded U+0084 (a control character that reads back as an error): written
 * and read back, the game is the same (../shared/repro/replay-roundtrip.pgn, also a replay
 * fuzz seed). */
START_TEST(test_double_encoded_control_kept)
{
	static const char in[] = "[White \"Ren\xE9 \xC3\x82\xE2\x80\x9E\"]\n\n1. e4 e5 *\n";
	one x, y;
	read1(&x, in, strlen(in), NULL);
	ck_assert_str_eq(hamle_game_tag(x.g, "White"), "Ren\xC3\xA9 \xC3\x82\xE2\x80\x9E");
	char *out = write1(&x, locs[0], 0);
	read1(&y, out, strlen(out), NULL);
	ck_assert_str_eq(hamle_game_tag(y.g, "White"), hamle_game_tag(x.g, "White"));
	ck_assert_uint_eq(hamle_replay_error_count(y.rp), 0);
	ck_assert_uint_eq(hamle_game_error_count(y.g), 0);
	free(out);
	done(&y);
	done(&x);
}
END_TEST

Suite *pgn_writer_suite(void)
{
	Suite *s = suite_create("pgn_writer");
	TCase *tc = tcase_create("failed");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, test_failed_reads_back_failing, 0, (int)(sizeof(failed) / sizeof(failed[0])));
	tcase_add_test(tc, test_failed_in_own_language);
	tcase_add_test(tc, test_note_is_the_error_alone);
	tcase_add_test(tc, test_line_limits);
	tcase_add_test(tc, test_double_encoded_control_kept);
	suite_add_tcase(s, tc);
	return s;
}
