/* The comment scanners (suite "comment_scans"): the quick lane's comment_close,
 * comment_close_open (and its 16-byte and AVX2 forms), comment_close_plain
 * find the same end as a byte-by-byte reading of their contract, and the splitter's and lexer's
 * pgn_comment_close and pgn_comment_stop_odd (scan.h) the same as their 16-byte forms, on
 * comments of every length up to 300 bytes with the '}' (or a byte that stops the scan: a line
 * end, a control byte, a byte from 0x7F, a tab that does not, '~', '[', '%') at every place, and
 * on random text; and the splitter's 64-byte masks with AVX2 the same as with SSE2, for every
 * byte at every place of a window. */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "replay/quick_comments.h"
#include "suites_decl.h"

/* The contracts, a byte at a time: raw (the input's own bytes) gives up at a byte that is not
 * plain ASCII, open also at a line end; plain looks at nothing but '}'. */
static size_t ref_close(const char *s, size_t i, size_t n, int raw, int open)
{
	for (; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '}')
			return i;
		if ((raw || open) && !plain_byte(c))
			return 0;
		if (open && (c == '\n' || c == '\r'))
			return 0;
	}
	return 0;
}

static void check_masks(const unsigned char *p);

static void check_all(const char *s, size_t i, size_t n)
{
	ck_assert_uint_eq(comment_close(s, i, n, 1), ref_close(s, i, n, 1, 0));
	ck_assert_uint_eq(comment_close(s, i, n, 0), ref_close(s, i, n, 0, 0));
	ck_assert_uint_eq(comment_close_plain(s, i, n), ref_close(s, i, n, 0, 0));
	ck_assert_uint_eq(comment_close_open16(s, i, n), ref_close(s, i, n, 0, 1));
	ck_assert_uint_eq(comment_close_open(s, i, n), ref_close(s, i, n, 0, 1));
#ifdef PGN_SCAN_AVX2
	if (pgn_has_avx2())
		ck_assert_uint_eq(comment_close_open_avx2(s, i, n), ref_close(s, i, n, 0, 1));
#endif
	const unsigned char *u = (const unsigned char *)s;
	for (int k = 0; k < 2; k++) {
		int pa = k, pb = k;
		ck_assert_uint_eq(pgn_comment_close(u, i, n, &pa), pgn_comment_close16(u, i, n, &pb));
		ck_assert_int_eq(pa, pb);
		ck_assert_uint_eq(pgn_comment_stop_odd(u, i, n, k), pgn_comment_stop_odd16(u, i, n, k));
	}
}

/* The splitter's 64-byte masks: the AVX2 forms against the 16-byte ones. */
static void check_masks(const unsigned char *p)
{
#ifdef PGN_SCAN_AVX2
	if (!pgn_has_avx2())
		return;
	pgn_split_masks a, b;
	pgn_split_masks64(p, &a);
	pgn_split_masks64_avx2(p, &b);
	ck_assert(a.nw == b.nw && a.eol == b.eol && a.special == b.special && a.first == b.first &&
		a.unclean == b.unclean);
	pgn_comment_masks c, d;
	pgn_comment_masks64(p, &c);
	pgn_comment_masks64_avx2(p, &d);
	ck_assert(c.open == d.open && c.close == d.close && c.odd == d.odd);
#else
	(void)p;
#endif
}

/* Every byte value at every place of a 64-byte window, among words, blanks and braces. */
START_TEST(test_split_masks)
{
	unsigned char buf[64];
	static const char base[] = "1. e4 {[%clk 0:03:00]} e5 (2. Nf3) $1 \"x\" ;<1-0>\t\r\n*½ 0-1 abcdefgh";
	for (int c = 0; c < 256; c++)
		for (int at = 0; at < 64; at++) {
			for (int k = 0; k < 64; k++)
				buf[k] = (unsigned char)base[k % (sizeof(base) - 1)];
			buf[at] = (unsigned char)c;
			check_masks(buf);
		}
}
END_TEST

/* A comment of len bytes of text then the byte stop, at every offset of the buffer's start. */
START_TEST(test_stops)
{
	static const unsigned char stops[] = {'}', '\n', '\r', '\t', 0x01, 0x1F, 0x7F, 0x80, 0xC3, 0xFF, 'x', '~', '[', '%'};
	char buf[400];
	for (size_t si = 0; si < sizeof(stops); si++)
		for (size_t len = 0; len < 300; len++)
			for (size_t at = 0; at < 3; at++) {
				memset(buf, 'a', sizeof(buf));
				buf[at + len] = (char)stops[si];
				if (stops[si] != '}')
					buf[at + len + 5] = '}'; /* after the stop, and before n */
				for (size_t n = at + len; n <= at + len + 70 && n <= sizeof(buf); n += 7)
					check_all(buf, at, n);
			}
}
END_TEST

/* Random text, mostly printable, with the odd tab, line end, byte from 0x80 and '}'. */
START_TEST(test_random)
{
	uint64_t x = 0x9E3779B97F4A7C15ull;
	char buf[512];
	for (int round = 0; round < 4000; round++) {
		size_t n = 0;
		for (; n < sizeof(buf); n++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			unsigned r = (unsigned)(x % 1000);
			buf[n] = r < 3 ? '}' : r < 6 ? '\t' : r < 7 ? '\n' : r < 8 ? (char)0xC4 : r < 10 ? '~' : r < 11 ? '%' :
				(char)(' ' + (x >> 20) % 94);
			if (buf[n] == '}' && r >= 3)
				buf[n] = '{';
		}
		for (size_t i = 0; i < 64; i += 5) {
			check_all(buf, i, sizeof(buf) - (size_t)(x >> 40) % 64);
			check_masks((const unsigned char *)buf + i * 7);
		}
	}
}
END_TEST

Suite *comment_scans_suite(void)
{
	Suite *s = suite_create("comment_scans");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_stops);
	tcase_add_test(tc, test_random);
	tcase_add_test(tc, test_split_masks);
	suite_add_tcase(s, tc);
	return s;
}
