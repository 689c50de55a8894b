/* check_writer_shapes.c: the writer's output shapes (hamle_writer_options.shape,
 * tag_order): each flag in pgn and json, a failed game written whole under all of them, and
 * options of version 1 (before shape) still accepted, writing what they wrote. */
#include <check.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/replay.h"
#include "hamle/writer.h"
#include "suites_decl.h"

static const char game_text[] =
	"[Event \"E\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n[Annotator \"A\"]\n[ECO \"C20\"]\n\n"
	"1. e4 {c1} e5 $1 (1... c5 {c2} 2. Nf3) 2. Nf3 ; c3\nNc6 {(=)} *\n";
static const char failed_text[] = "[Event \"E\"]\n[Annotator \"A\"]\n\n1. e4 {c1} e5 (1... c5) 2. Nf6 {c2} *\n";

/* text's one game written with wo (locale en); malloc'd. */
static char *write_with(const char *text, hamle_writer_options *wo)
{
	hamle_locale *en = NULL;
	hamle_reader_options ro = HAMLE_READER_OPTIONS_INIT;
	hamle_replay_options po = HAMLE_REPLAY_OPTIONS_INIT;
	hamle_reader *r = NULL;
	hamle_replay *rp = NULL;
	hamle_game *g = NULL;
	hamle_writer *w = NULL;
	ck_assert_int_eq(hamle_locale_load_builtin(&en, "en", NULL), HAMLE_OK);
	po.from = en;
	po.messages = en;
	wo->locale = en;
	ck_assert_int_eq(hamle_reader_new(&r, &ro), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_new(&rp, &po), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_set_input_buffer(r, text, strlen(text), "t.pgn"), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_next(r, &g), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_run(rp, g), HAMLE_OK);
	ck_assert_int_eq(hamle_writer_new(&w, wo), HAMLE_OK);
	ck_assert_int_eq(hamle_writer_game(w, g, rp), HAMLE_OK);
	size_t len;
	const char *out = hamle_writer_output(w, &len);
	char *copy = malloc(len + 1);
	ck_assert_ptr_nonnull(copy);
	memcpy(copy, out, len + 1);
	hamle_writer_free(w);
	hamle_game_free(g);
	hamle_replay_free(rp);
	hamle_reader_free(r);
	hamle_locale_free(en);
	return copy;
}

static char *write_shape(const char *text, int format, unsigned shape)
{
	hamle_writer_options wo = HAMLE_WRITER_OPTIONS_INIT;
	wo.format = format;
	wo.shape = shape;
	return write_with(text, &wo);
}

START_TEST(test_shapes_pgn)
{
	char *s = write_shape(game_text, HAMLE_WRITE_PGN, HAMLE_WRITE_NO_COMMENTS);
	ck_assert_ptr_null(strstr(s, "c1"));
	ck_assert_ptr_null(strstr(s, "; c3"));
	ck_assert_ptr_nonnull(strstr(s, "{(=)}")); /* the draw offer stays */
	ck_assert_ptr_nonnull(strstr(s, "1. e4 e5 $1 ( 1... c5 2. Nf3 ) 2. Nf3 Nc6 {(=)} *"));
	free(s);
	s = write_shape(game_text, HAMLE_WRITE_PGN, HAMLE_WRITE_NO_NAGS | HAMLE_WRITE_NO_VARIATIONS);
	ck_assert_ptr_nonnull(strstr(s, "1. e4 {c1} 1... e5 2. Nf3 ; c3\n2... Nc6 {(=)} *"));
	free(s);
	s = write_shape(game_text, HAMLE_WRITE_PGN, HAMLE_WRITE_STR_ONLY);
	ck_assert_ptr_null(strstr(s, "Annotator"));
	ck_assert_ptr_null(strstr(s, "ECO"));
	ck_assert_ptr_nonnull(strstr(s, "[Site \"?\"]\n[Date \"????.??.??\"]"));
	free(s);
	s = write_shape(game_text, HAMLE_WRITE_PGN, HAMLE_WRITE_NO_TAGS);
	ck_assert_int_eq(s[0], '1');
	free(s);
	s = write_shape(game_text, HAMLE_WRITE_PGN, HAMLE_WRITE_KEEP_TAG_ORDER);
	ck_assert(strncmp(s, "[Event \"E\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n[Annotator \"A\"]\n[ECO \"C20\"]\n\n",
		strlen("[Event \"E\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n[Annotator \"A\"]\n[ECO \"C20\"]\n\n")) == 0);
	free(s);
	static const char *const order[] = {"ECO", "Black", "Date"};
	hamle_writer_options wo = HAMLE_WRITER_OPTIONS_INIT;
	wo.tag_order = order;
	wo.n_tag_order = 3;
	s = write_with(game_text, &wo);
	ck_assert(strncmp(s, "[ECO \"C20\"]\n[Black \"B\"]\n[Date \"????.??.??\"]\n[Event \"E\"]\n[Site \"?\"]\n",
		strlen("[ECO \"C20\"]\n[Black \"B\"]\n[Date \"????.??.??\"]\n[Event \"E\"]\n[Site \"?\"]\n")) == 0);
	ck_assert_ptr_nonnull(strstr(s, "[Result \"*\"]\n[Annotator \"A\"]\n\n"));
	free(s);
}
END_TEST

START_TEST(test_shapes_failed_whole)
{
	unsigned all = HAMLE_WRITE_NO_COMMENTS | HAMLE_WRITE_NO_NAGS | HAMLE_WRITE_NO_VARIATIONS | HAMLE_WRITE_NO_TAGS;
	char *plain = write_shape(failed_text, HAMLE_WRITE_PGN, 0);
	char *shaped = write_shape(failed_text, HAMLE_WRITE_PGN, all);
	ck_assert_ptr_nonnull(strstr(plain, "{hamle: error"));
	ck_assert_str_eq(plain, shaped); /* all of it, as without the flags */
	free(plain);
	free(shaped);
}
END_TEST

START_TEST(test_shapes_json)
{
	char *s = write_shape(game_text, HAMLE_WRITE_JSON, HAMLE_WRITE_NO_COMMENTS | HAMLE_WRITE_NO_NAGS |
		HAMLE_WRITE_NO_VARIATIONS | HAMLE_WRITE_STR_ONLY);
	ck_assert_ptr_null(strstr(s, "\"c1\""));
	ck_assert_ptr_null(strstr(s, "\"nags\""));
	ck_assert_ptr_null(strstr(s, "\"variations\""));
	ck_assert_ptr_null(strstr(s, "Annotator"));
	ck_assert_ptr_nonnull(strstr(s, "\"comments\":[\"(=)\"]"));
	ck_assert_ptr_nonnull(strstr(s, "\"tags\":{\"Event\":\"E\",\"White\":\"W\",\"Black\":\"B\",\"Result\":\"*\"}"));
	free(s);
}
END_TEST

START_TEST(test_shapes_options_version_1)
{
	/* a caller built before shape and tag_order passes the first four fields */
	struct {
		unsigned int version;
		int format;
		const hamle_locale *locale;
		unsigned int line_width;
	} v1 = {1, HAMLE_WRITE_PGN, NULL, 40};
	hamle_writer_options wo = HAMLE_WRITER_OPTIONS_INIT;
	wo.line_width = 40;
	char *now = write_with(game_text, &wo);
	hamle_writer *w = NULL;
	ck_assert_int_eq(hamle_writer_new(&w, (const hamle_writer_options *)&v1), HAMLE_EUSAGE); /* no locale */
	hamle_writer_options *p = malloc(offsetof(hamle_writer_options, shape)); /* no byte past the v1 fields */
	ck_assert_ptr_nonnull(p);
	memcpy(p, &v1, offsetof(hamle_writer_options, shape));
	char *old = write_with(game_text, p);
	ck_assert_str_eq(old, now);
	free(p);
	free(old);
	free(now);
	wo.version = 3;
	ck_assert_int_eq(hamle_writer_new(&w, &wo), HAMLE_EUSAGE);
}
END_TEST

Suite *writer_shapes_suite(void)
{
	Suite *s = suite_create("writer_shapes");
	TCase *t = tcase_create("writer_shapes");
	tcase_add_test(t, test_shapes_pgn);
	tcase_add_test(t, test_shapes_failed_whole);
	tcase_add_test(t, test_shapes_json);
	tcase_add_test(t, test_shapes_options_version_1);
	suite_add_tcase(s, t);
	return s;
}
