/* check_san_plain.c: the SAN token reader's fast path (san_lex_plain) against the full reader
 * (san_lex_full). For every built-in locale and a few thousand tokens built from pieces, origins,
 * capture marks, squares, promotions, suffixes and castling words, a token the fast path takes
 * must be read by the full reader with exactly the same parts, warnings and spans. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "hamle/hamle.h"
#include "notation/san_internal.h"
#include "suites_decl.h"

static const char *const langs[] = {"en", "tr", "de", "fr", "es", "it", "nl", "fan"};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static hamle_locale *load(const char *tag)
{
	hamle_locale *loc;
	hamle_error err;
	ck_assert_msg(hamle_locale_load_builtin(&loc, tag, &err) == 0, "%s", err.message);
	return loc;
}

/* 1 when the fast path took tok; then it must agree with the full reader field by field. */
static int agree(const hamle_locale *loc, const char *lang, const char *tok)
{
	struct san_tok a, b;
	size_t len = strlen(tok);
	memset(&a, 0x55, sizeof(a));
	if (!san_lex_plain(&a, loc, tok, len))
		return 0;
	hamle_error err;
	hamle_error_clear(&err);
	ck_assert_msg(san_lex_full(&b, loc, loc, tok, len, &err) == 0, "%s '%s': fast path took a token the full reader rejects (%s)",
		lang, tok, err.message);
	ck_assert_msg(a.piece == b.piece && a.from_file == b.from_file && a.from_rank == b.from_rank && a.to == b.to &&
			a.promo == b.promo && a.castle == b.castle && a.null_move == b.null_move &&
			a.capture == b.capture && a.mark == b.mark && a.nag == b.nag && a.warn == b.warn,
		"%s '%s': fast path piece %d from %d,%d to %d promo %d castle %d capture %d mark %d nag %d warn %x; "
		"full reader %d from %d,%d to %d promo %d castle %d capture %d mark %d nag %d warn %x",
		lang, tok, a.piece, a.from_file, a.from_rank, a.to, a.promo, a.castle, a.capture, a.mark, a.nag, a.warn,
		b.piece, b.from_file, b.from_rank, b.to, b.promo, b.castle, b.capture, b.mark, b.nag, b.warn);
	ck_assert_msg(a.piece_at == b.piece_at && a.piece_len == b.piece_len && a.body == b.body &&
			a.body_len == b.body_len,
		"%s '%s': spans differ", lang, tok);
	return 1;
}

START_TEST(test_fast_path_agrees)
{
	static const char *const origin[] = {"", "e", "4", "e2", "h", "1"};
	static const char *const sep[] = {"", "x", ":", "-", "X"};
	static const char *const square[] = {"e4", "a1", "h8", "b7", "i9", "e"};
	static const char *const promo[] = {"", "=Q", "Q", "=D", "(Q)", "q"};
	static const char *const suffix[] = {"", "+", "#", "++", "!", "?!", " ", "e.p.", "(=)", "+!", "#+", "\xe2\x80\xa0"};
	static const char *const castle[] = {"O-O", "O-O-O", "0-0", "0-0-0", "o-o", "O-O-O-O", "OO", "O-", "-O-O"};
	size_t taken = 0, tried = 0;
	for (size_t l = 0; l < COUNT(langs); l++) {
		hamle_locale *loc = load(langs[l]);
		char piece[27][4] = {{0}};
		for (int c = 0; c < 26; c++)
			piece[c + 1][0] = (char)('A' + c);
		char tok[64];
		for (size_t p = 0; p < COUNT(piece); p++)
			for (size_t o = 0; o < COUNT(origin); o++)
				for (size_t s = 0; s < COUNT(sep); s++)
					for (size_t q = 0; q < COUNT(square); q++)
						for (size_t r = 0; r < COUNT(promo); r++)
							for (size_t x = 0; x < COUNT(suffix); x++) {
								if ((o || s || r) && (p % 7) != 1 && x > 3)
									continue; /* keep the count down: rare mixes on a few letters */
								snprintf(tok, sizeof(tok), "%s%s%s%s%s%s", piece[p], origin[o], sep[s],
									square[q], promo[r], suffix[x]);
								tried++;
								taken += (size_t)agree(loc, langs[l], tok);
							}
		for (size_t c = 0; c < COUNT(castle); c++)
			for (size_t x = 0; x < COUNT(suffix); x++) {
				snprintf(tok, sizeof(tok), "%s%s", castle[c], suffix[x]);
				tried++;
				taken += (size_t)agree(loc, langs[l], tok);
			}
		hamle_locale_free(loc);
	}
	ck_assert_msg(taken > 1000 && taken < tried, "fast path took %zu of %zu tokens", taken, tried);
}
END_TEST

/* The common English tokens, check marks and castling included, take the fast path. */
START_TEST(test_fast_path_takes_common_tokens)
{
	hamle_locale *en = load("en");
	static const char *const fast[] = {"e4", "Nf3", "exd5", "Bb4+", "Rxd8+", "Qh7#", "O-O", "O-O-O", "O-O+", "Nbd7",
		"R1e2", "Qh4e1"};
	static const char *const slow[] = {"Qh7++", "e8=Q", "0-0", "Nf3!", "exd6e.p.", "Ke2(=)", "Sf3"};
	for (size_t i = 0; i < COUNT(fast); i++)
		ck_assert_msg(agree(en, "en", fast[i]), "'%s' should take the fast path", fast[i]);
	for (size_t i = 0; i < COUNT(slow); i++)
		ck_assert_msg(!agree(en, "en", slow[i]), "'%s' should go to the full reader", slow[i]);
	hamle_locale_free(en);
}
END_TEST

Suite *san_plain_suite(void)
{
	Suite *s = suite_create("san_plain");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_fast_path_agrees);
	tcase_add_test(tc, test_fast_path_takes_common_tokens);
	suite_add_tcase(s, tc);
	return s;
}
