/* check_writer_words.c: the writer's fast word paths against the general ones they stand for
 * (writer_words.c, writer_internal.h): a {} comment copied a line's worth at a time against the
 * same comment written word by word, and the short word of a move or move number against
 * wr_word3, from every column, at several widths, with and without glue, on real comments and
 * on many made-up ones (blanks of every kind, '%' words, '}', UTF-8, words longer than a line). */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/locale.h"
#include "write/writer_internal.h"
#include "suites_decl.h"

static hamle_locale *en;

static hamle_writer *new_writer(size_t width)
{
	hamle_writer_options wo = HAMLE_WRITER_OPTIONS_INIT;
	wo.locale = en;
	wo.line_width = width;
	hamle_writer *w = NULL;
	ck_assert_int_eq(hamle_writer_new(&w, &wo), HAMLE_OK);
	return w;
}

/* Both writers start with the same line of col characters (and glue), then get the comment. */
static void start_line(hamle_writer *w, size_t col, int glue)
{
	hamle_writer_reset(w);
	for (size_t i = 0; i < col; i++)
		wr_putc(w, 'a');
	w->col = col;
	w->glue = glue;
}

static void same_writers(const hamle_writer *a, const hamle_writer *b, const char *what, size_t width,
	size_t col, int glue)
{
	size_t la, lb;
	const char *oa = hamle_writer_output(a, &la), *ob = hamle_writer_output(b, &lb);
	ck_assert_msg(la == lb && memcmp(oa, ob, la) == 0 && a->col == b->col && a->glue == b->glue,
		"%s at width %zu from column %zu (glue %d):\n fast [%s] col %zu\n words [%s] col %zu", what,
		width, col, glue, oa, a->col, ob, b->col);
}

static const size_t widths[] = { 20, 37, 80, 81, 256 };
static const size_t cols[] = { 0, 1, 2, 5, 17, 18, 19, 30, 34, 35, 36, 60, 76, 77, 78, 79, 80, 81, 200, 300 };

static void compare_comment(hamle_writer **fast, hamle_writer **words, const char *s, size_t n)
{
	for (size_t wi = 0; wi < sizeof(widths) / sizeof(widths[0]); wi++)
		for (size_t ci = 0; ci < sizeof(cols) / sizeof(cols[0]); ci++)
			for (int glue = 0; glue < 2; glue++) {
				start_line(fast[wi], cols[ci], glue);
				start_line(words[wi], cols[ci], glue);
				wr_brace_comment(fast[wi], s, n);
				wr_brace_comment_words(words[wi], s, n);
				same_writers(fast[wi], words[wi], s, widths[wi], cols[ci], glue);
			}
}

/* A small deterministic generator (the same comments on every run). */
static uint32_t next_rand(uint32_t *st)
{
	*st = *st * 1103515245u + 12345u;
	return *st >> 8;
}

/* Pieces comments are made of: words of every length, blanks of every kind, '%' and '}' words,
 * UTF-8 (two and three bytes), a control character, a word longer than any line. */
static const char *const pieces[] = {
	"d=24,", "sd=49,", "mt=67797,", "pv=d4", "exd4", "Nxd4", "[%clk", "0:00:58]", "[%eval", "0.30]", "%",
	"%x", "book,", "a", "bb", "ccc", "e.p.", "}", "x}y", "\xc5\x9f" "ah", "\xe2\x99\x94", "\xc3\xa9t\xc3\xa9",
	"\x01", "\x7f", "longwordlongwordlongwordlongwordlongwordlongwordlongwordlongwordlongwordlongword"
	"longwordlongwordlongwordlongwordlongword",
	" ", " ", " ", " ", " ", " ", " ", " ", "  ", "\n", "\t", "\r\n", " \n ", "\v", "\f",
};

START_TEST(test_comment_fast_equals_words)
{
	ck_assert_int_eq(hamle_locale_load_builtin(&en, "en", NULL), HAMLE_OK);
	enum { NW = sizeof(widths) / sizeof(widths[0]) };
	hamle_writer *fast[NW], *words[NW];
	for (size_t i = 0; i < NW; i++) {
		fast[i] = new_writer(widths[i]);
		words[i] = new_writer(widths[i]);
	}
	static const char *const real[] = {
		"", " ", "x", " [%clk 0:00:58] ", " [%eval 0.30] [%clk 0:00:58] ", "book, mb=+0+0+0+0+0,",
		"d=24, sd=49, mt=67797, tl=3542203, s=30518653, n=2069073149, pv=d4 exd4 Nxd4 Nxd4 Bxd7+ Qxd7 "
		"Qxd4 d5, tb=0, h=45.8, ph=0.0, wv=0.38, R50=50, Rd=-11, Rr=-9, mb=+0+0+0+0+0,",
		"WhiteEngineOptions: Protocol=uci; Hash=16384; Threads=43; SyzygyPath=C:/Syzygy/; OwnBook=false;",
		"a line\nand the next\n\n  and %one more", "%starts with a percent", "ends with a percent %",
		"\xc5\x9e" "ah \xc3\xa7" "ekti ve kazand\xc4\xb1", "(=)", "} at the start", "tab\tand\ttab",
	};
	for (size_t i = 0; i < sizeof(real) / sizeof(real[0]); i++)
		compare_comment(fast, words, real[i], strlen(real[i]));
	uint32_t st = 17;
	char buf[1200];
	for (int k = 0; k < 3000; k++) {
		size_t n = 0, target = next_rand(&st) % 900;
		/* mostly plain comments (what the fast path takes), some with everything */
		size_t npieces = next_rand(&st) % 4 == 0 ? sizeof(pieces) / sizeof(pieces[0]) : 14;
		while (n < target) {
			const char *p = next_rand(&st) % 2 ? pieces[next_rand(&st) % npieces] : " ";
			size_t l = strlen(p);
			if (n + l >= sizeof(buf))
				break;
			memcpy(buf + n, p, l);
			n += l;
		}
		compare_comment(fast, words, buf, n);
	}
	for (size_t i = 0; i < NW; i++) {
		hamle_writer_free(fast[i]);
		hamle_writer_free(words[i]);
	}
	hamle_locale_free(en);
	en = NULL;
}
END_TEST

START_TEST(test_word_short_equals_word3)
{
	ck_assert_int_eq(hamle_locale_load_builtin(&en, "en", NULL), HAMLE_OK);
	static const char *const real[] = {
		"e4", "Nf3", "O-O-O", "exd6", "e8=Q+", "Qxf7#", "Nbd2", "R1e2", "Qh4xe1+", "1.", "12...", "65535...",
		"\xe2\x99\x98" "f3", "\xc5\x9e" "e1", "%x", "a", "Kxe1=Q+ e.p.", "0123456789abcdef",
	};
	for (size_t wi = 0; wi < sizeof(widths) / sizeof(widths[0]); wi++) {
		hamle_writer *a = new_writer(widths[wi]), *b = new_writer(widths[wi]);
		for (size_t r = 0; r < sizeof(real) / sizeof(real[0]); r++)
			for (size_t ci = 0; ci < sizeof(cols) / sizeof(cols[0]); ci++)
				for (int glue = 0; glue < 2; glue++) {
					char s[32] = { 0 };
					size_t n = strlen(real[r]);
					memcpy(s, real[r], n);
					start_line(a, cols[ci], glue);
					start_line(b, cols[ci], glue);
					wr_word_short(a, s, n, wr_short_chars(s, n));
					wr_word3(b, "", s, n, "");
					same_writers(a, b, s, widths[wi], cols[ci], glue);
					/* a second word after it, as the next move follows */
					wr_word_short(a, s, n, wr_short_chars(s, n));
					wr_word3(b, "", s, n, "");
					same_writers(a, b, s, widths[wi], cols[ci], glue);
				}
		hamle_writer_free(a);
		hamle_writer_free(b);
	}
	/* the character count against wr_chars at every length, ASCII or not */
	char s[32];
	uint32_t st = 5;
	for (int k = 0; k < 20000; k++) {
		size_t n = 1 + next_rand(&st) % 16;
		for (size_t i = 0; i < sizeof(s); i++)
			s[i] = (char)(next_rand(&st) % 3 ? 'a' + next_rand(&st) % 26 : next_rand(&st) & 0xFF);
		ck_assert_uint_eq(wr_short_chars(s, n), wr_chars(s, n));
	}
	hamle_locale_free(en);
	en = NULL;
}
END_TEST

Suite *writer_words_suite(void)
{
	Suite *s = suite_create("writer_words");
	TCase *t = tcase_create("writer_words");
	tcase_set_timeout(t, 60);
	tcase_add_test(t, test_comment_fast_equals_words);
	tcase_add_test(t, test_word_short_equals_word3);
	suite_add_tcase(s, t);
	return s;
}
