/* check_locale.c: the shipped locales: letters, words, marks, clashes, scoresheet patterns, headers. */
#include <check.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/hamle.h"
#include "notation/locale_embedded.h"
#include "notation/locale_build.h"
#include "notation/locale_internal.h"
#include "suites_decl.h"
#include "testutil.h"


/* Piece read at the start of s (whole string); *used in bytes. */
static int piece(const hamle_locale *loc, const char *s, size_t *used)
{
	return hamle_loc_read_piece(loc, s, strlen(s), used);
}

/* ---- every shipped locale, with the letters of REFERENCE.md §3 ---- */
static const struct {
	const char *tag, *k, *q, *r, *b, *n, *pawn; /* pawn: accepted input letter or NULL */
} letters[] = {
	{"en", "K", "Q", "R", "B", "N", "P"},
	{"tr", "Ş", "V", "K", "F", "A", NULL},
	{"de", "K", "D", "T", "L", "S", NULL},
	{"fr", "R", "D", "T", "F", "C", "P"},
	{"es", "R", "D", "T", "A", "C", "P"},
	{"it", "R", "D", "T", "A", "C", "P"},
	{"nl", "K", "D", "T", "L", "P", NULL},
	{"fan", "♔", "♕", "♖", "♗", "♘", "♙"},
};
#define N_LETTERS (sizeof(letters) / sizeof(letters[0]))

START_TEST(shipped_letters)
{
	hamle_locale *loc = tu_locale(letters[_i].tag);
	ck_assert_str_eq(hamle_locale_tag(loc), letters[_i].tag);
	ck_assert_str_eq(hamle_locale_piece_letter(loc, HAMLE_KING), letters[_i].k);
	ck_assert_str_eq(hamle_locale_piece_letter(loc, HAMLE_QUEEN), letters[_i].q);
	ck_assert_str_eq(hamle_locale_piece_letter(loc, HAMLE_ROOK), letters[_i].r);
	ck_assert_str_eq(hamle_locale_piece_letter(loc, HAMLE_BISHOP), letters[_i].b);
	ck_assert_str_eq(hamle_locale_piece_letter(loc, HAMLE_KNIGHT), letters[_i].n);
	ck_assert_str_eq(hamle_locale_piece_letter(loc, HAMLE_PAWN), "");
	ck_assert_str_eq(hamle_locale_piece_letter(loc, 6), "");
	/* each output letter reads back as its piece */
	const char *out[6] = {NULL, letters[_i].n, letters[_i].b, letters[_i].r, letters[_i].q, letters[_i].k};
	for (int p = HAMLE_KNIGHT; p <= HAMLE_KING; p++) {
		size_t used;
		char tok[16];
		snprintf(tok, sizeof(tok), "%sf3", out[p]);
		ck_assert_int_eq(piece(loc, tok, &used), p);
		ck_assert_uint_eq(used, strlen(out[p]));
	}
	if (letters[_i].pawn) {
		ck_assert_ptr_nonnull(loc->pawn_letter);
		ck_assert_str_eq(loc->pawn_letter, letters[_i].pawn);
		size_t used;
		ck_assert_int_eq(piece(loc, letters[_i].pawn, &used), HAMLE_PAWN);
	} else {
		ck_assert_ptr_null(loc->pawn_letter);
	}
	/* figurines of both colours in every locale, variation selectors skipped */
	size_t used;
	ck_assert_int_eq(piece(loc, "\xE2\x99\x9E" "f3", &used), HAMLE_KNIGHT); /* black knight */
	ck_assert_uint_eq(used, 3);
	ck_assert_int_eq(piece(loc, "\xE2\x99\x9F\xEF\xB8\x8F" "e4", &used), HAMLE_PAWN); /* U+265F U+FE0F */
	ck_assert_uint_eq(used, 6);
	ck_assert_int_eq(piece(loc, "\xE2\x99\x94\xEF\xB8\x8E", &used), HAMLE_KING); /* U+2654 U+FE0E */
	ck_assert_uint_eq(used, 6);
	/* lower-case letters are files, never pieces */
	for (const char *c = "abcdefgh"; *c; c++) {
		char tok[2] = {*c, 0};
		ck_assert_int_eq(piece(loc, tok, &used), HAMLE_NO_PIECE);
		ck_assert_uint_eq(used, 0);
	}
	/* the rest of the locale is complete (inherited where not set) */
	ck_assert_ptr_nonnull(hamle_locale_name(loc));
	ck_assert_uint_gt(loc->castling.n, 0);
	ck_assert_uint_gt(loc->results.n, 0);
	for (int i = 0; i < HAMLE_LOC_PATTERNS; i++)
		ck_assert_ptr_nonnull(hamle_loc_pattern(loc, i));
	ck_assert_str_eq(loc->spoken.file[5], "Felix");
	ck_assert_str_eq(loc->spoken.rank[2], "drei");
	ck_assert_str_eq(loc->spoken.castle_short, "Kurze Rochade");
	ck_assert_str_eq(loc->spoken.castle_long, "Lange Rochade");
	hamle_locale_free(loc);
}
END_TEST

START_TEST(builtin_list)
{
	size_t n = 0;
	int seen[N_LETTERS] = {0};
	for (const char *t; (t = hamle_locale_builtin_tag(n)) != NULL; n++)
		for (size_t k = 0; k < N_LETTERS; k++)
			if (strcmp(t, letters[k].tag) == 0)
				seen[k]++;
	ck_assert_uint_eq(n, N_LETTERS);
	for (size_t k = 0; k < N_LETTERS; k++)
		ck_assert_int_eq(seen[k], 1);
	ck_assert_ptr_null(hamle_locale_builtin_tag(1000));
	hamle_locale *loc = (hamle_locale *)1;
	hamle_error err;
	ck_assert_int_eq(hamle_locale_load_builtin(&loc, "xx", &err), HAMLE_ELOCALE);
	ck_assert_ptr_null(loc);
	hamle_locale_free(NULL);
}
END_TEST

START_TEST(turkish_reading)
{
	hamle_locale *tr = tu_locale("tr");
	size_t used;
	ck_assert_int_eq(piece(tr, "Şg1", &used), HAMLE_KING);
	ck_assert_uint_eq(used, 2);
	ck_assert_int_eq(piece(tr, "S\xCC\xA7g1", &used), HAMLE_KING); /* decomposed */
	ck_assert_uint_eq(used, 3);
	ck_assert_int_eq(piece(tr, "Sg1", &used), HAMLE_KING); /* ASCII S */
	ck_assert_uint_eq(used, 1);
	ck_assert_int_eq(piece(tr, "Þg1", &used), HAMLE_KING); /* Latin-1 mojibake */
	ck_assert_uint_eq(used, 2);
	ck_assert_int_eq(piece(tr, "şg1", &used), HAMLE_KING);
	ck_assert_int_eq(piece(tr, "Kad8", &used), HAMLE_ROOK); /* Kale */
	ck_assert_int_eq(piece(tr, "A2f3", &used), HAMLE_KNIGHT);
	ck_assert_int_eq(piece(tr, "Va5", &used), HAMLE_QUEEN);
	ck_assert_int_eq(piece(tr, "Fxa4", &used), HAMLE_BISHOP);
	ck_assert_int_eq(piece(tr, "Nf3", &used), HAMLE_NO_PIECE); /* English letters unknown */
	ck_assert_int_eq(piece(tr, "Qd1", &used), HAMLE_NO_PIECE);
	ck_assert_int_eq(piece(tr, "Pe4", &used), HAMLE_NO_PIECE);
	ck_assert_int_eq(piece(tr, "s", &used), HAMLE_NO_PIECE);
	ck_assert_int_eq(tr->default_style, HAMLE_LOCALE_STYLE_FIDE);
	ck_assert_str_eq(tr->style[HAMLE_LOCALE_STYLE_FIDE].castle_short, "0-0");
	ck_assert_str_eq(tr->style[HAMLE_LOCALE_STYLE_FIDE].promo_open, "");
	ck_assert_str_eq(tr->style[HAMLE_LOCALE_STYLE_FIDE].en_passant, " e.p.");
	ck_assert_str_eq(tr->style[HAMLE_LOCALE_STYLE_PGN].promo_open, "=");
	ck_assert_str_eq(tr->spoken.piece[HAMLE_KING], "Şah");
	ck_assert_str_eq(tr->spoken.piece[HAMLE_PAWN], "Piyon");
	hamle_locale_free(tr);
}
END_TEST

/* The Turkish alphabet is a locale fact: both dotted and dotless i in both cases, no q w x; English
 * gives none (so it gets no mojibake repair). */
START_TEST(turkish_alphabet)
{
	hamle_locale *tr = tu_locale("tr"), *en = tu_locale("en");
	ck_assert_uint_eq(tr->n_alphabet, 2 * (29 + 3));
	static const uint32_t in[] = { 'a', 'z', 0x131, 0x130, 'I', 'i', 0x15E, 0x15F, 0x11E, 0x11F, 0xC7, 0xFC, 0xE2 };
	static const uint32_t out[] = { 'q', 'w', 'x', 'Q', 'W', 'X', 0xDE, 0xFE, 0xF0, 0xD0, 0xDD, 0xFD, 0xF3, 0xE9 };
	for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++)
		ck_assert_msg(hamle_loc_in_alphabet(tr, in[i]), "U+%04X not in the Turkish alphabet", (unsigned)in[i]);
	for (size_t i = 0; i < sizeof(out) / sizeof(out[0]); i++)
		ck_assert_msg(!hamle_loc_in_alphabet(tr, out[i]), "U+%04X in the Turkish alphabet", (unsigned)out[i]);
	ck_assert_int_eq(tr->repair_mojibake, 1);
	ck_assert_uint_eq(en->n_alphabet, 0);
	ck_assert_int_eq(en->repair_mojibake, 0);
	ck_assert(!hamle_loc_in_alphabet(en, 'a'));
	hamle_locale_free(tr);
	hamle_locale_free(en);
}
END_TEST

START_TEST(clashes)
{
	hamle_locale *en = tu_locale("en"), *de = tu_locale("de"), *nl = tu_locale("nl"), *fr = tu_locale("fr");
	size_t used;
	ck_assert_int_eq(piece(en, "Kf3", &used), HAMLE_KING);
	ck_assert_int_eq(piece(en, "Pe4", &used), HAMLE_PAWN);
	ck_assert_int_eq(piece(en, "Sf3", &used), HAMLE_NO_PIECE); /* no silent Sf3 -> f3 */
	ck_assert_int_eq(piece(de, "Sf3", &used), HAMLE_KNIGHT);
	ck_assert_int_eq(piece(de, "Be4", &used), HAMLE_NO_PIECE); /* no B pawn by default */
	ck_assert_int_eq(piece(de, "Nf3", &used), HAMLE_NO_PIECE);
	ck_assert_int_eq(piece(nl, "Pf3", &used), HAMLE_KNIGHT);
	ck_assert_int_eq(piece(fr, "Re1", &used), HAMLE_KING);
	ck_assert_int_eq(piece(fr, "Pe4", &used), HAMLE_PAWN);
	ck_assert_str_eq(de->spoken.piece[HAMLE_KING], "Koenig");
	ck_assert_str_eq(de->spoken.piece[HAMLE_BISHOP], "Laeufer");
	ck_assert_str_eq(de->style[HAMLE_LOCALE_STYLE_FIDE].result[HAMLE_LOC_RESULT_WHITE], "1:0");
	ck_assert_str_eq(en->spoken.piece[HAMLE_KNIGHT], "Knight");
	hamle_locale_free(en);
	hamle_locale_free(de);
	hamle_locale_free(nl);
	hamle_locale_free(fr);
}
END_TEST

START_TEST(marks)
{
	hamle_locale *en = tu_locale("en");
	int v = -1;
	ck_assert_uint_eq(hamle_loc_match_prefix(&en->castling, "O-O-O+", 6, &v), 5);
	ck_assert_int_eq(v, HAMLE_LOC_CASTLE_LONG);
	ck_assert_uint_eq(hamle_loc_match_prefix(&en->castling, "0-0#", 4, &v), 3);
	ck_assert_int_eq(v, HAMLE_LOC_CASTLE_SHORT);
	ck_assert_uint_eq(hamle_loc_match_prefix(&en->castling, "0\xE2\x80\x93" "0", 5, &v), 5); /* en dash */
	ck_assert_uint_eq(hamle_loc_match_prefix(&en->castling, "o\xE2\x80\x94o\xE2\x80\x94o", 9, &v), 9);
	ck_assert_int_eq(v, HAMLE_LOC_CASTLE_LONG);
	ck_assert_uint_eq(hamle_loc_match_suffix(&en->check_marks, "Qh7++", 5, &v), 2);
	ck_assert_int_eq(v, HAMLE_LOC_MATE);
	ck_assert_uint_eq(hamle_loc_match_suffix(&en->check_marks, "Qh7+", 4, &v), 1);
	ck_assert_int_eq(v, HAMLE_LOC_CHECK);
	ck_assert_uint_eq(hamle_loc_match_suffix(&en->check_marks, "Qh7#", 4, &v), 1);
	ck_assert_int_eq(v, HAMLE_LOC_MATE);
	ck_assert_uint_eq(hamle_loc_match_suffix(&en->check_marks, "Qh7", 3, &v), 0);
	ck_assert_uint_eq(hamle_loc_match_suffix(&en->en_passant, "exd6e.p.", 8, NULL), 4);
	ck_assert_uint_eq(hamle_loc_match_suffix(&en->en_passant, "exd6ep", 6, NULL), 2);
	ck_assert_uint_eq(hamle_loc_match_prefix(&en->capture, ":d5", 3, NULL), 1);
	ck_assert(hamle_loc_match_exact(&en->draw_offer, "(=)", 3, NULL));
	ck_assert(hamle_loc_match_exact(&en->null_move, "Z0", 2, NULL));
	static const struct { const char *s; int r; } res[] = {{"1-0", 0}, {"1:0", 0}, {"0-1", 1},
		{"0:1", 1}, {"1/2-1/2", 2}, {"½-½", 2}, {"0,5-0,5", 2}, {"½:½", 2}, {"1\xE2\x80\x93" "0", 0},
		{"*", 3}};
	for (size_t i = 0; i < sizeof(res) / sizeof(res[0]); i++) {
		ck_assert_msg(hamle_loc_match_exact(&en->results, res[i].s, strlen(res[i].s), &v), "%s", res[i].s);
		ck_assert_int_eq(v, res[i].r);
	}
	ck_assert(!hamle_loc_match_exact(&en->results, "1-1", 3, &v));
	/* promotion forms: longest first, open/close split */
	ck_assert_uint_eq(en->n_promo, 4);
	ck_assert_str_eq(en->promo[0].open, "(");
	ck_assert_str_eq(en->promo[0].close, ")");
	ck_assert_str_eq(en->promo[en->n_promo - 1].open, "");
	/* lists are longest first */
	for (size_t i = 1; i < en->piece_alias.n; i++)
		ck_assert_uint_ge(en->piece_alias.v[i - 1].len, en->piece_alias.v[i].len);
	for (size_t i = 1; i < en->results.n; i++)
		ck_assert_uint_ge(en->results.v[i - 1].len, en->results.v[i].len);
	ck_assert_str_eq(en->style[HAMLE_LOCALE_STYLE_PGN].castle_long, "O-O-O");
	ck_assert_str_eq(en->style[HAMLE_LOCALE_STYLE_FIDE].castle_long, "0-0-0");
	hamle_locale_free(en);
}
END_TEST

/* Runs pattern `pat` over line; returns the named group's text in buf ("" if unset), or NULL
 * when the line does not match. */
static const char *group(const hamle_locale *loc, int pat, const char *line, const char *name,
	char *buf, size_t size)
{
	const pcre2_code *re = hamle_loc_pattern(loc, pat);
	pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
	int rc = pcre2_match(re, (PCRE2_SPTR)line, strlen(line), 0, 0, md, NULL);
	const char *out = NULL;
	if (rc >= 0) {
		PCRE2_SIZE len = size;
		if (pcre2_substring_copy_byname(md, (PCRE2_SPTR)name, (PCRE2_UCHAR *)buf, &len) != 0)
			buf[0] = '\0';
		out = buf;
	}
	pcre2_match_data_free(md);
	return out;
}

START_TEST(scoresheet_patterns)
{
	hamle_locale *tr = tu_locale("tr");
	char b[64];
	static const struct { const char *line, *num, *white, *black; } pairs[] = {
		{"1. e4 e5", "1", "e4", "e5"},
		{"1 e4 e5", "1", "e4", "e5"},
		{"1) e4 e5", "1", "e4", "e5"},
		{"1.e4 e5", "1", "e4", "e5"},
		{"12\tAf3\tAc6", "12", "Af3", "Ac6"},
		{"  10. 0-0-0 Ke8  ", "10", "0-0-0", "Ke8"},
		{"6. exd6 e.p. Axd6", "6", "exd6 e.p.", "Axd6"},
		{"11. Şb1 (=)", "11", "Şb1 (=)", ""},
		{"40. Vh7#", "40", "Vh7#", ""},
	};
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		const char *l = pairs[i].line;
		ck_assert_msg(group(tr, HAMLE_LOC_PAT_MOVE_PAIR, l, "num", b, sizeof(b)), "no match: %s", l);
		ck_assert_str_eq(b, pairs[i].num);
		group(tr, HAMLE_LOC_PAT_MOVE_PAIR, l, "white", b, sizeof(b));
		ck_assert_str_eq(b, pairs[i].white);
		group(tr, HAMLE_LOC_PAT_MOVE_PAIR, l, "black", b, sizeof(b));
		ck_assert_str_eq(b, pairs[i].black);
	}
	static const char *const not_pairs[] = {"1-0", "0-1", "1/2-1/2", "Beyaz: Ali", "", "1..."};
	for (size_t i = 0; i < sizeof(not_pairs) / sizeof(not_pairs[0]); i++)
		ck_assert_msg(!group(tr, HAMLE_LOC_PAT_MOVE_PAIR, not_pairs[i], "num", b, sizeof(b)),
			"matched: %s", not_pairs[i]);
	ck_assert_ptr_nonnull(group(tr, HAMLE_LOC_PAT_MOVE_BLACK, "23... Kxd1", "black", b, sizeof(b)));
	ck_assert_str_eq(b, "Kxd1");
	ck_assert_ptr_nonnull(group(tr, HAMLE_LOC_PAT_HEADER, "Beyaz: Ali Veli ", "key", b, sizeof(b)));
	ck_assert_str_eq(b, "Beyaz");
	group(tr, HAMLE_LOC_PAT_HEADER, "Beyaz: Ali Veli ", "value", b, sizeof(b));
	ck_assert_str_eq(b, "Ali Veli");
	ck_assert_ptr_nonnull(group(tr, HAMLE_LOC_PAT_RESULT, " ½-½", "result", b, sizeof(b)));
	ck_assert_str_eq(b, "½-½");
	ck_assert_ptr_nonnull(group(tr, HAMLE_LOC_PAT_RESULT, "0,5-0,5", "result", b, sizeof(b)));
	ck_assert_ptr_null(group(tr, HAMLE_LOC_PAT_RESULT, "1. e4", "result", b, sizeof(b)));
	hamle_locale_free(tr);
}
END_TEST

/* The shipped patterns are compiled when first matched (locale_regex.c), not as they load: each
 * compiles, with the groups the scoresheet reader takes from it, and two threads asking at once for
 * the one pattern the cache's locales share get the same code. */
static void *ask_header(void *loc)
{
	return (void *)(uintptr_t)hamle_loc_pattern(loc, HAMLE_LOC_PAT_HEADER);
}

START_TEST(shipped_patterns_compile_when_asked)
{
	static const char *const groups[HAMLE_LOC_PATTERNS][3] = {
		{"num", "white", "black"}, {"num", "black", NULL}, {"key", "value", NULL}, {"result", NULL, NULL}};
	hamle_locale_cache *cache;
	ck_assert_int_eq(hamle_locale_cache_new(&cache), HAMLE_OK);
	hamle_locale *loc[N_LETTERS];
	hamle_error err;
	for (size_t k = 0; k < N_LETTERS; k++) {
		ck_assert_int_eq(hamle_locale_load_builtin_cached(&loc[k], letters[k].tag, cache, &err), HAMLE_OK);
		for (int i = 0; i < HAMLE_LOC_PATTERNS; i++) /* not compiled yet */
			ck_assert_ptr_null(atomic_load(&loc[k]->pattern_own[i]->code));
	}
	hamle_locale_cache_free(cache);
	pthread_t t[2];
	void *got[2];
	for (int i = 0; i < 2; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, ask_header, loc[N_LETTERS - 1]), 0);
	for (int i = 0; i < 2; i++)
		ck_assert_int_eq(pthread_join(t[i], &got[i]), 0);
	ck_assert_ptr_nonnull(got[0]);
	ck_assert_ptr_eq(got[0], got[1]);
	for (size_t k = 0; k < N_LETTERS; k++) {
		ck_assert_ptr_eq(hamle_loc_pattern(loc[k], HAMLE_LOC_PAT_HEADER), got[0]); /* shared */
		for (int i = 0; i < HAMLE_LOC_PATTERNS; i++) {
			const pcre2_code *re = hamle_loc_pattern(loc[k], i);
			ck_assert_msg(re != NULL, "%s: pattern %d", letters[k].tag, i);
			for (int g = 0; g < 3 && groups[i][g]; g++)
				ck_assert_msg(pcre2_substring_number_from_name(re, (PCRE2_SPTR)groups[i][g]) > 0,
					"%s: pattern %d has no group %s", letters[k].tag, i, groups[i][g]);
		}
	}
	for (size_t k = 0; k < N_LETTERS; k++)
		hamle_locale_free(loc[k]);
}
END_TEST

START_TEST(headers)
{
	hamle_locale *tr = tu_locale("tr"), *de = tu_locale("de");
	ck_assert_str_eq(hamle_locale_header_tag(tr, "Beyaz", 5), "White");
	ck_assert_str_eq(hamle_locale_header_tag(tr, "SİYAH", strlen("SİYAH")) ? "x" : "NULL", "NULL");
	ck_assert_str_eq(hamle_locale_header_tag(tr, "sonuç", strlen("sonuç")), "Result");
	ck_assert_str_eq(hamle_locale_header_tag(tr, "SONUC", 5), "Result");
	ck_assert_ptr_null(hamle_locale_header_tag(tr, "SONUÇ", strlen("SONUÇ"))); /* only ASCII folds */
	ck_assert_str_eq(hamle_locale_header_tag(tr, "Turnuva", 7), "Event");
	ck_assert_ptr_null(hamle_locale_header_tag(tr, "White", 5)); /* tr replaced en's list for White */
	ck_assert_str_eq(hamle_locale_header_tag(tr, "Date", 4) ? "x" : "-", "-");
	ck_assert_str_eq(hamle_locale_header_tag(tr, "tarih", 5), "Date");
	ck_assert_ptr_null(hamle_locale_header_tag(tr, "Renk", 4));
	ck_assert_str_eq(hamle_locale_header_key(tr, "White"), "Beyaz");
	ck_assert_str_eq(hamle_locale_header_key(tr, "Result"), "Sonuç");
	ck_assert_str_eq(hamle_locale_header_tag(de, "Weiss", 5), "White");
	ck_assert_str_eq(hamle_locale_header_key(de, "White"), "Weiß");
	ck_assert_str_eq(hamle_locale_header_tag(de, "Ergebnis", 8), "Result");
	hamle_locale_free(tr);
	hamle_locale_free(de);
}
END_TEST

Suite *locale_suite(void)
{
	Suite *s = suite_create("locale");
	TCase *tc = tcase_create("core");
	tcase_add_loop_test(tc, shipped_letters, 0, N_LETTERS);
	tcase_add_test(tc, builtin_list);
	tcase_add_test(tc, turkish_reading);
	tcase_add_test(tc, turkish_alphabet);
	tcase_add_test(tc, clashes);
	tcase_add_test(tc, marks);
	tcase_add_test(tc, scoresheet_patterns);
	tcase_add_test(tc, shipped_patterns_compile_when_asked);
	tcase_add_test(tc, headers);
	suite_add_tcase(s, tc);
	return s;
}
