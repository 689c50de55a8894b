/* The lexer's inline paths for plain movetext and plain tag pairs (suite "lexer_inline"): every
 * game of hand-made inputs at their edges and of every PGN file under testdata/ gives the same
 * tokens (kind, text, length, line, column, offset, depth, flags, value), tags (name, value,
 * length, line, column, offset) and findings with the paths on as with them off
 * (PGN_READ_NO_INLINE_LEX). */
#define _XOPEN_SOURCE 700 /* nftw */
#include <check.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/pgn.h"
#include "pgn/game_internal.h"
#include "suites_decl.h"
#include "testutil.h"

/* The first difference between the games of text read with the inline path and without it, as a
 * message in why; 0 when none. *games counts the games read. */
static int compare(const char *text, size_t len, char *why, size_t size, size_t *games)
{
	hamle_reader *r[2] = {NULL, NULL};
	hamle_game *g[2] = {NULL, NULL};
	int diff = 0;
	*games = 0;
	for (int k = 0; k < 2; k++) {
		hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
		o.flags = k ? PGN_READ_NO_INLINE_LEX : 0;
		ck_assert_int_eq(hamle_reader_new(&r[k], &o), HAMLE_OK);
		ck_assert_int_eq(hamle_reader_set_input_buffer(r[k], text, len, "t.pgn"), HAMLE_OK);
	}
	for (;;) {
		int a = hamle_reader_next_reuse(r[0], &g[0]), b = hamle_reader_next_reuse(r[1], &g[1]);
		if (a != b) {
			snprintf(why, size, "game %zu: reader %d vs %d", *games, a, b);
			diff = 1;
			break;
		}
		if (a != HAMLE_OK)
			break;
		++*games;
		size_t n = hamle_game_token_count(g[0]);
		if (n != hamle_game_token_count(g[1]) || hamle_game_tag_count(g[0]) != hamle_game_tag_count(g[1]) ||
		    hamle_game_finding_count(g[0]) != hamle_game_finding_count(g[1])) {
			snprintf(why, size, "game %zu: %zu/%zu tokens, %zu/%zu tags, %zu/%zu findings", *games, n,
				hamle_game_token_count(g[1]), hamle_game_tag_count(g[0]), hamle_game_tag_count(g[1]),
				hamle_game_finding_count(g[0]), hamle_game_finding_count(g[1]));
			diff = 1;
			break;
		}
		const char *base0 = hamle_game_text(g[0], NULL), *base1 = hamle_game_text(g[1], NULL);
		const hamle_token *t0 = hamle_game_tokens(g[0]), *t1 = hamle_game_tokens(g[1]);
		for (size_t i = 0; i < n && !diff; i++) {
			const hamle_token *x = &t0[i], *y = &t1[i];
			if (x->text - base0 != y->text - base1 || x->len != y->len || x->line != y->line ||
			    x->column != y->column || x->offset != y->offset || x->depth != y->depth ||
			    x->kind != y->kind || x->flags != y->flags || x->value != y->value) {
				snprintf(why, size,
					"game %zu token %zu '%.*s' kind %u/%u at %zu:%zu/%zu:%zu @%zu/%zu len %zu/%zu "
					"flags %x/%x value %u/%u depth %u/%u",
					*games, i, (int)x->len, x->text, x->kind, y->kind, x->line, x->column, y->line,
					y->column, x->offset, y->offset, x->len, y->len, x->flags, y->flags, x->value,
					y->value, x->depth, y->depth);
				diff = 1;
			}
		}
		for (size_t i = 0; i < hamle_game_tag_count(g[0]) && !diff; i++) {
			const hamle_tag *x = hamle_game_tag_at(g[0], i), *y = hamle_game_tag_at(g[1], i);
			if (strcmp(x->name, y->name) || x->value_len != y->value_len ||
			    memcmp(x->value, y->value, x->value_len + 1) || x->line != y->line ||
			    x->column != y->column || x->offset != y->offset) {
				snprintf(why, size, "game %zu tag %zu: %.60s \"%.60s\" at %zu:%zu @%zu / %.60s \"%.60s\" "
					"at %zu:%zu @%zu", *games, i, x->name, x->value, x->line, x->column, x->offset,
					y->name, y->value, y->line, y->column, y->offset);
				diff = 1;
			}
		}
		for (size_t i = 0; i < hamle_game_finding_count(g[0]) && !diff; i++) {
			const hamle_finding *x = hamle_game_finding_at(g[0], i), *y = hamle_game_finding_at(g[1], i);
			if (x->error.line != y->error.line || x->error.column != y->error.column ||
			    strcmp(x->error.message, y->error.message) != 0) {
				snprintf(why, size, "game %zu finding %zu: %.150s / %.150s", *games, i, x->error.message,
					y->error.message);
				diff = 1;
			}
		}
		if (diff)
			break;
	}
	for (int k = 0; k < 2; k++) {
		hamle_game_free(g[k]);
		hamle_reader_free(r[k]);
	}
	return diff;
}

static const char *const inputs[] = {
	"[Event \"a\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 1-0\n",
	"[Event \"a\"]\n\n1. e4 e5 2. Nf3 12... Nc6 3.. Bb5 a6 *\n",
	"[Event \"a\"]\r\n\r\n1.e4 e5\r\n2.Nf3\tNc6\r\n3.Bb5 1/2-1/2\r\n",
	"[Event \"a\"]\r\r1.e4 e5\r2.Nf3 Nc6\r3.Bb5 0-1\r",
	"[Event \"a\"]\n\n1.e4! e5?? 2.Nf3!? Nc6 $1 3.Bb5 {x} a6 ; y\n4.Ba4 (4.Bxc6 dxc6) Nf6 1-0\n",
	"[Event \"a\"]\n\n1.e4 d5 2.e5 f5 3.exf6 e.p. Nf6 4.d4 + 0-1\n",
	"[Event \"a\"]\n\n1.e4 d5 2.exd5e.p. Kc8. 3.d8(Q) d8=Q+ 4.O-O 0-0 0-0-0 *\n",
	"[Event \"a\"]\n\n123456789.e4 12345678.e5 1) e4 12 e5 1.e4. 1.(e4) 1.{c} e5 1.$2 *\n",
	"[Event \"a\"]\n\n1.e4 e5 = (=) ( = ) 2.Nf3 1.0-0 1.0.5 1.1-0 0.5-0.5 *\n",
	"[Event \"a\"]\n\n1.e4\n%escape line\n e5 2.Nf3 [Tag \"in movetext\"] Nc6 *\n",
	"1.e4 e5 2.Nf3 Nc6 =\n3.Bb5 a6 1-0\n",
	"[Event \"a\"]\n\n1.e4 e5 2.Nf3\v\fNc6 3...Bb5... a6\xE2\x80\xA6 *\n",
	"[Event \"\xC3\x96z\"]\n\n1.e4 e5 2.Nf3 Nc6 *\n",
	"[Event \"a\"]\n\n1.e4 \xC3\xA9 e5 2.Nf3 *\n",
	"[Event \"a\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bb5",
	"[Event \"a\"]\n\n1.",
	"[Event \"a\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 ((6.Re1)) 6.Re1 b5 <x> 7.Bb3 ) d6 *\n",
	"Beyaz: A\nSiyah: B\n1. e4 e5\n2. Af3 Ac6\nSonu\xC3\xA7: 1-0\n",
	"[Event \"\"]\n[Site  \"two spaces\"]\n[Date\t\"tab\"]\n[Round \"a\\\"b\"]\n[White \"w\" ]\n"
	"[Black \"no close\"\n[Result \"x]\n[A\"b\"]\n[ B \"c\"]\n[C d]\n[D \"e\"]]\n\n1.e4 *\n",
	"[Event \"\xC3\xA9v\xC3\xA9nement\"]\n[Site \"x\"]\n\n1.e4 [Event \"in movetext\"] e5 *\n",
	"[Event \"abc\"",
	"[Event \"abc\"]",
	"[Event \"abc",
	"[Event ",
	/* comments (lex_plain reads those on one line): lichess clocks, empty, glued, '{' inside,
	 * a line end inside (early, late), hamle's error note, unterminated, long, 16-byte edges */
	"[Event \"a\"]\n\n1. e4 { [%clk 0:03:00] } 1... e5 { [%eval 0.17] [%clk 0:02:59] } 2. Nf3 {} Nc6{x}3.Bb5{ { }a6 *\n",
	"[Event \"a\"]\n\n1.e4 {two\nlines} e5 {cr\r\nlf} 2.Nf3 {hamle: error here} Nc6 { hamle:  error} *\n",
	"[Event \"a\"]\n\n1.e4 {0123456789012345678901234567890123456789012345678901234567890123} e5 "
	"{01234567890123456789012345678901234567890123456789012345678901234} 2.Nf3 "
	"{012345678901234567890123456789012345678901234567890123456789012} *\n",
	"[Event \"a\"]\n\n1.e4 {d=24, sd=40, mt=2345, tl=5400000, s=12345678, n=98765432, pv=e5 Nf3 Nc6 Bb5 a6 "
	"Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Na5 Bc2 c5 d4, tb=0, R50=50, wv=0.25} e5 {one line\t"
	"then a tab, then 60 more bytes on the same line 0123456789012345678901234567890 and\na line end} *\n",
	"[Event \"a\"]\n\n1.e4 {unterminated",
	"[Event \"a\"]\n\n1.e4 e5 {x}",
};

START_TEST(test_inputs)
{
	char why[512];
	size_t games;
	const char *in = inputs[_i];
	ck_assert_msg(!compare(in, strlen(in), why, sizeof(why), &games), "input %d: %s", _i, why);
	ck_assert_uint_gt(games, 0);
}
END_TEST

/* Many moves: the token array grows while the inline path writes (room for two at a time). */
START_TEST(test_growth)
{
	size_t cap = 1 << 16, n = 0;
	char *text = malloc(cap);
	ck_assert_ptr_nonnull(text);
	n += (size_t)snprintf(text, cap, "[Event \"a\"]\n\n");
	for (int m = 1; m <= 1500; m++)
		n += (size_t)snprintf(text + n, cap - n, "%d.Nf3 Nf6%s", m, m % 7 ? " " : "\n");
	char why[512];
	size_t games;
	ck_assert_msg(!compare(text, n, why, sizeof(why), &games), "%s", why);
	free(text);
}
END_TEST

static size_t files_read, files_games;
static char file_why[768];

static int each_file(const char *path, const struct stat *st, int kind, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	size_t len = strlen(path);
	if (kind != FTW_F || len < 4 || strcmp(path + len - 4, ".pgn") != 0)
		return 0;
	size_t n;
	char *text = tu_read_file(path, &n);
	if (!text)
		return 0;
	char why[512];
	size_t games;
	int d = compare(text, n, why, sizeof(why), &games);
	free(text);
	files_read++;
	files_games += games;
	if (d) {
		snprintf(file_why, sizeof(file_why), "%s: %s", path, why);
		return 1;
	}
	return 0;
}

START_TEST(test_testdata)
{
	char dir[4096];
	tu_testdata(dir, sizeof(dir), "");
	files_read = files_games = 0;
	ck_assert_msg(nftw(dir, each_file, 16, FTW_PHYS) == 0, "%s", file_why);
	ck_assert_uint_gt(files_read, 50);
	ck_assert_uint_gt(files_games, 500);
}
END_TEST

Suite *lexer_inline_suite(void)
{
	Suite *s = suite_create("lexer_inline");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_inputs, 0, (int)(sizeof(inputs) / sizeof(inputs[0])));
	tcase_add_test(tc, test_growth);
	tcase_add_test(tc, test_testdata);
	suite_add_tcase(s, tc);
	return s;
}
