/* check_cli_diagram.c: cmd/common's boards for people: the last move before a token
 * along its line (variations: the move before the one a variation replaces), the squares a move
 * marks (castling: the king's), the text diagram's shape and marks, and the HTML escaping. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diagram.h"
#include "html.h"
#include "suites_decl.h"
#include "testutil.h"

/* The game of text, replayed (English). */
static hamle_game *replayed(const char *text, hamle_replay **rp)
{
	hamle_reader *r = NULL;
	hamle_game *g = NULL;
	ck_assert_int_eq(hamle_reader_new(&r, NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_set_input_buffer(r, text, strlen(text), "t.pgn"), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_next(r, &g), HAMLE_OK);
	hamle_reader_free(r);
	ck_assert_int_eq(hamle_replay_new(rp, NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_replay_run(*rp, g), HAMLE_OK);
	return g;
}

/* The last move before the n-th token (0-based) whose text is text. */
static const char *last_before(const hamle_game *g, const hamle_replay *rp, const char *text, int nth)
{
	static char buf[64];
	const hamle_token *t = hamle_game_tokens(g);
	for (size_t i = 0; i < hamle_game_token_count(g); i++)
		if (t[i].len == strlen(text) && !memcmp(t[i].text, text, t[i].len) && nth-- == 0) {
			hamle_diagram_last_move(buf, sizeof(buf), g, hamle_replay_moves(rp), i);
			return buf;
		}
	ck_abort_msg("no token %s", text);
	return NULL;
}

START_TEST(test_last_move)
{
	hamle_replay *rp = NULL;
	hamle_game *g = replayed("1. e4 (1. d4 d5) (1. c4) e5 (1... c5 2. Nf3 (2. Nc3 Nc6) 2... d6) (1... d5) "
		"2. Nf3+ Nc6 *\n", &rp);
	ck_assert_str_eq(last_before(g, rp, "e4", 0), "");
	ck_assert_str_eq(last_before(g, rp, "d4", 0), "");  /* replaces the first move */
	ck_assert_str_eq(last_before(g, rp, "d5", 0), "d4");
	ck_assert_str_eq(last_before(g, rp, "c4", 0), "");  /* a second variation of the first move */
	ck_assert_str_eq(last_before(g, rp, "e5", 0), "e4");
	ck_assert_str_eq(last_before(g, rp, "c5", 0), "e4"); /* replaces e5: the move before it */
	ck_assert_str_eq(last_before(g, rp, "Nf3", 0), "c5");
	ck_assert_str_eq(last_before(g, rp, "Nc3", 0), "c5"); /* replaces 2. Nf3 of the variation */
	ck_assert_str_eq(last_before(g, rp, "Nc6", 0), "Nc3");
	ck_assert_str_eq(last_before(g, rp, "d6", 0), "Nf3"); /* after a variation inside the line */
	ck_assert_str_eq(last_before(g, rp, "d5", 1), "e4");
	ck_assert_str_eq(last_before(g, rp, "Nf3+", 0), "e5"); /* the mainline skips every variation */
	ck_assert_str_eq(last_before(g, rp, "Nc6", 1), "Nf3+"); /* as written, marks and all */
	char buf[8] = "x";
	hamle_diagram_last_move(buf, sizeof(buf), g, NULL, 3); /* no replay kept: none */
	ck_assert_str_eq(buf, "");
	hamle_diagram_last_move(buf, sizeof(buf), g, hamle_replay_moves(rp), 100000);
	ck_assert_str_eq(buf, "");
	hamle_game_free(g);
	hamle_replay_free(rp);
}
END_TEST

START_TEST(test_squares)
{
	int from, to;
	hamle_diagram_squares(HAMLE_MOVE_MAKE(12, 28, HAMLE_MOVE_NORMAL, 0), &from, &to); /* e2e4 */
	ck_assert_int_eq(from, 12);
	ck_assert_int_eq(to, 28);
	hamle_diagram_squares(HAMLE_MOVE_MAKE(4, 7, HAMLE_MOVE_CASTLING, 0), &from, &to); /* O-O: g1 */
	ck_assert_int_eq(to, 6);
	hamle_diagram_squares(HAMLE_MOVE_MAKE(60, 56, HAMLE_MOVE_CASTLING, 0), &from, &to); /* O-O-O: c8 */
	ck_assert_int_eq(from, 60);
	ck_assert_int_eq(to, 58);
	hamle_diagram_squares(HAMLE_MOVE_MAKE(1, 0, HAMLE_MOVE_CASTLING, 0), &from, &to); /* 960: Kb1 x Ra1 */
	ck_assert_int_eq(to, 2);
	hamle_diagram_squares(HAMLE_MOVE_MAKE(5, 6, HAMLE_MOVE_CASTLING, 0), &from, &to); /* 960: Kf1 x Rg1 */
	ck_assert_int_eq(to, 6);
	hamle_diagram_squares(HAMLE_MOVE_NONE, &from, &to);
	ck_assert_int_eq(from, HAMLE_NO_SQUARE);
	ck_assert_int_eq(to, HAMLE_NO_SQUARE);
	hamle_diagram_squares(HAMLE_MOVE_NULL, &from, &to);
	ck_assert_int_eq(from, HAMLE_NO_SQUARE);
}
END_TEST

static size_t count(const char *s, const char *what)
{
	size_t n = 0;
	for (const char *p = s; (p = strstr(p, what)) != NULL; p += strlen(what))
		n++;
	return n;
}

START_TEST(test_text)
{
	hamle_position *pos = NULL;
	ck_assert_int_eq(hamle_position_new(&pos, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", NULL),
		HAMLE_OK);
	hamle_diagram d = {true, true, false};
	hamle_buf b;
	hamle_buf_init(&b);
	hamle_diagram_text(&b, &d, NULL, pos, "e5", "Nf3 (g1-f3)", 6, 21);
	ck_assert(!hamle_buf_failed(&b));
	ck_assert_uint_eq(count(b.data, "\n"), 9); /* eight ranks, the files */
	ck_assert_ptr_nonnull(strstr(b.data, "    8  r  n  b  q  k  b  n  r    White to move\n"));
	ck_assert_ptr_nonnull(strstr(b.data, "    7  p  p  p  p  .  p  p  p    last move: 1... e5\n"));
	ck_assert_ptr_nonnull(strstr(b.data, "    6  .  .  .  .  .  .  .  .    marked: Nf3 (g1-f3)\n"));
	ck_assert_ptr_nonnull(strstr(b.data, "    3  .  .  .  .  . [.] .  .\n")); /* no blank at the end */
	ck_assert_ptr_nonnull(strstr(b.data, "    1  R  N  B  Q  K  B (N) R\n"));
	ck_assert_ptr_nonnull(strstr(b.data, "       a  b  c  d  e  f  g  h\n"));
	ck_assert_ptr_null(strchr(b.data, '\033'));
	/* colour: the same squares, coloured, no brackets */
	hamle_buf_clear(&b);
	d.color = true;
	d.ascii = false;
	hamle_diagram_text(&b, &d, NULL, pos, "", "", 6, 21);
	ck_assert_uint_eq(count(b.data, "\033[30;103m"), 1);
	ck_assert_uint_eq(count(b.data, "\033[30;102m"), 1);
	ck_assert_ptr_null(strchr(b.data, '('));
	ck_assert_ptr_null(strstr(b.data, "[\u00B7]"));
	ck_assert_ptr_null(strchr(b.data, ']'));
	ck_assert_ptr_null(strstr(b.data, "last move")); /* none given */
	ck_assert_ptr_nonnull(strstr(b.data, "\u2654")); /* figurines: the white king */
	ck_assert_ptr_nonnull(strstr(b.data, "\u265A"));
	hamle_buf_free(&b);
	hamle_position_free(pos);
}
END_TEST

START_TEST(test_escape)
{
	hamle_buf b;
	hamle_buf_init(&b);
	hamle_html_text(&b, "<script>alert('x')</script> & \"q\"\x01\tend");
	ck_assert_str_eq(b.data, "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;\xEF\xBF\xBD\tend");
	hamle_buf_clear(&b);
	hamle_html_escape(&b, "a<b", 2); /* only the bytes given */
	ck_assert_str_eq(b.data, "a&lt;");
	hamle_buf_clear(&b);
	hamle_html_text(&b, NULL);
	ck_assert_uint_eq(b.len, 0);
	hamle_buf_free(&b);
}
END_TEST

Suite *cli_diagram_suite(void)
{
	Suite *s = suite_create("cli_diagram");
	TCase *tc = tcase_create("diagram");
	tcase_add_test(tc, test_last_move);
	tcase_add_test(tc, test_squares);
	tcase_add_test(tc, test_text);
	tcase_add_test(tc, test_escape);
	suite_add_tcase(s, tc);
	return s;
}
