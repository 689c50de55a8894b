/* check_san.c: notation warnings of the SAN reader and the forms of the SAN writer. */
#include <check.h>
#include <string.h>

#include "hamle/hamle.h"
#include "hamle/san.h"
#include "suites_decl.h"

#define KIWI "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#define PROMO "n3k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1"
#define SCHOLAR "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
#define TWO_N "4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1"

static hamle_locale *load(const char *tag)
{
	hamle_locale *loc;
	hamle_error err;
	ck_assert_msg(hamle_locale_load_builtin(&loc, tag, &err) == 0, "%s", err.message);
	return loc;
}

static hamle_position *position(const char *fen)
{
	hamle_position *pos;
	hamle_error err;
	ck_assert_msg(hamle_position_new(&pos, fen, &err) == 0, "%s", err.message);
	return pos;
}

/* Reads tok in fen with locale tag; returns the warnings (the move must resolve). */
static unsigned warnings(const char *tag, const char *fen, const char *tok, hamle_san_info *info)
{
	hamle_locale *loc = load(tag);
	hamle_position *pos = position(fen);
	hamle_move m;
	hamle_error err;
	hamle_error_clear(&err);
	int rc = hamle_san_parse(&m, pos, loc, tok, strlen(tok), info, &err);
	ck_assert_msg(rc == 0, "%s: %s", tok, err.message);
	hamle_position_free(pos);
	hamle_locale_free(loc);
	return info->warnings;
}

START_TEST(test_warnings_marks)
{
	hamle_san_info i = {0};
	ck_assert_uint_eq(warnings("en", SCHOLAR, "Qxf7#", &i), 0);
	ck_assert_int_eq(i.gives, 2);
	ck_assert_int_eq(i.marked, 2);
	ck_assert_int_eq(i.captures, 1);
	ck_assert_int_eq(i.piece, HAMLE_QUEEN);
	ck_assert_uint_eq(warnings("en", SCHOLAR, "Qxf7+", &i), HAMLE_SAN_W_MATE_MISSING);
	ck_assert_uint_eq(warnings("en", SCHOLAR, "Qxf7", &i), HAMLE_SAN_W_MATE_MISSING);
	ck_assert_uint_eq(warnings("en", SCHOLAR, "Qf7#", &i), HAMLE_SAN_W_CAPTURE_MISSING);
	ck_assert_uint_eq(warnings("en", SCHOLAR, "Qxf7++", &i), HAMLE_SAN_W_DOUBLE_PLUS);
	ck_assert_uint_eq(warnings("en", SCHOLAR, "Bxf7", &i), HAMLE_SAN_W_CHECK_MISSING);
	ck_assert_uint_eq(warnings("en", SCHOLAR, "Bxf7#", &i), HAMLE_SAN_W_MATE_WRONG);
	ck_assert_uint_eq(warnings("en", SCHOLAR, "Nc3+", &i), HAMLE_SAN_W_CHECK_WRONG);
	ck_assert_uint_eq(warnings("en", SCHOLAR, "Nxc3", &i), HAMLE_SAN_W_CAPTURE_WRONG);
	ck_assert_uint_eq(warnings("en", KIWI, "de6", &i), HAMLE_SAN_W_PAWN_CAPTURE_BARE);
}
END_TEST

START_TEST(test_warnings_forms)
{
	hamle_san_info i = {0};
	ck_assert_uint_eq(warnings("en", PROMO, "exd6 e.p.", &i), HAMLE_SAN_W_EP_MARK);
	ck_assert_uint_eq(warnings("en", PROMO, "e6 e.p.", &i), HAMLE_SAN_W_EP_MARK | HAMLE_SAN_W_EP_WRONG);
	/* marks wrapped onto the next line by an 80-column writer: the lexer joins them to the move */
	ck_assert_uint_eq(warnings("en", PROMO, "exd6\ne.p.", &i), HAMLE_SAN_W_EP_MARK);
	ck_assert_uint_eq(warnings("tr", PROMO, "exd6\r\ne.p.", &i), HAMLE_SAN_W_EP_MARK);
	ck_assert_uint_eq(warnings("en", SCHOLAR, "Qxf7\n#", &i), 0);
	ck_assert_int_eq(i.marked, 2);
	ck_assert_uint_eq(warnings("en", SCHOLAR, "Bxf7\t+", &i), 0);
	ck_assert_uint_eq(warnings("en", PROMO, "b8Q+", &i), HAMLE_SAN_W_PROMO_STYLE);
	ck_assert_uint_eq(warnings("en", PROMO, "b8=Q+!?", &i), HAMLE_SAN_W_GLYPH);
	ck_assert_int_eq(i.nag, 5);
	ck_assert_uint_eq(warnings("en", PROMO, "e6??", &i), HAMLE_SAN_W_GLYPH);
	ck_assert_int_eq(i.nag, 4);
	ck_assert_uint_eq(warnings("en", PROMO, "e6 (=)", &i), HAMLE_SAN_W_DRAW_OFFER);
	ck_assert_uint_eq(warnings("en", KIWI, "0-0", &i), HAMLE_SAN_W_CASTLE_STYLE);
	ck_assert_uint_eq(warnings("en", KIWI, "e1g1", &i), HAMLE_SAN_W_CASTLE_AS_KING | HAMLE_SAN_W_LONG_FORM);
	ck_assert_uint_eq(warnings("en", KIWI, "Ng4", &i), 0);
	ck_assert_uint_eq(warnings("en", KIWI, "Neg4", &i), HAMLE_SAN_W_OVER_DISAMBIGUATED);
	ck_assert_uint_eq(warnings("en", KIWI, "Ne5-g4", &i), HAMLE_SAN_W_LONG_FORM | HAMLE_SAN_W_HYPHEN);
	ck_assert_uint_eq(warnings("en", KIWI, "Ne5:d7", &i), HAMLE_SAN_W_LONG_FORM | HAMLE_SAN_W_CAPTURE_STYLE);
	ck_assert_uint_eq(warnings("en", KIWI, "Pa3", &i), HAMLE_SAN_W_PAWN_LETTER);
	ck_assert_uint_eq(warnings("en", KIWI, "\xe2\x99\x98g4", &i), HAMLE_SAN_W_FIGURINE);
	ck_assert_uint_eq(warnings("en", KIWI, "--", &i), HAMLE_SAN_W_NULL_MOVE);
	ck_assert_int_eq(i.piece, HAMLE_NO_PIECE);
	ck_assert_uint_eq(warnings("en", TWO_N, "Ngf3", &i), 0);
}
END_TEST

static void expect_format(const char *tag, const char *fen, const char *tok, int form, const char *want)
{
	hamle_locale *loc = load(tag), *en = load("en");
	hamle_position *pos = position(fen);
	hamle_move m;
	hamle_error err;
	ck_assert_msg(hamle_san_parse(&m, pos, en, tok, strlen(tok), NULL, &err) == 0, "%s", err.message);
	char buf[128];
	int n = hamle_san_format(buf, sizeof(buf), pos, loc, m, form);
	ck_assert_msg(strcmp(buf, want) == 0, "%s %s form %d: got '%s', want '%s'", tag, tok, form, buf, want);
	ck_assert_int_eq(n, (int)strlen(want));
	/* snprintf contract: a short buffer is cut and NUL-terminated, the length stays the same */
	char small[4];
	ck_assert_int_eq(hamle_san_format(small, sizeof(small), pos, loc, m, form), n);
	ck_assert_uint_eq(strlen(small), n < 3 ? (size_t)n : 3);
	ck_assert_int_eq(hamle_san_format(NULL, 0, pos, loc, m, form), n);
	hamle_position_free(pos);
	hamle_locale_free(loc);
	hamle_locale_free(en);
}

START_TEST(test_format_forms)
{
	expect_format("en", TWO_N, "Ndf3", HAMLE_FORM_SAN, "Ndf3");
	expect_format("en", TWO_N, "Ndf3", HAMLE_FORM_LAN, "Nd2-f3");
	expect_format("en", TWO_N, "Ndf3", HAMLE_FORM_UCI, "d2f3");
	expect_format("de", TWO_N, "Ndf3", HAMLE_FORM_SAN, "Sdf3");
	expect_format("de", TWO_N, "Ndf3", HAMLE_FORM_SPOKEN, "Springer David Felix drei");
	expect_format("fan", TWO_N, "Ndf3", HAMLE_FORM_SAN, "\xe2\x99\x98" "df3");
	expect_format("en", KIWI, "O-O-O", HAMLE_FORM_SAN, "O-O-O");
	expect_format("en", KIWI, "O-O-O", HAMLE_FORM_FIDE, "0-0-0");
	expect_format("de", KIWI, "O-O", HAMLE_FORM_SPOKEN, "Kurze Rochade");
	expect_format("en", KIWI, "O-O", HAMLE_FORM_UCI, "e1g1");
	expect_format("en", PROMO, "exd6", HAMLE_FORM_FIDE, "exd6 e.p.");
	expect_format("en", PROMO, "exd6", HAMLE_FORM_SAN, "exd6");
	expect_format("en", PROMO, "exd6", HAMLE_FORM_LAN, "e5xd6");
	expect_format("tr", PROMO, "b8=Q", HAMLE_FORM_FIDE, "b8V+");
	expect_format("tr", PROMO, "bxa8=R", HAMLE_FORM_FIDE, "bxa8K+");
	expect_format("en", PROMO, "bxa8=R", HAMLE_FORM_LAN, "b7xa8=R+");
	expect_format("de", PROMO, "b8=Q", HAMLE_FORM_SPOKEN, "Bauer Bella acht wandelt um in Dame Schach");
	expect_format("en", SCHOLAR, "Qxf7", HAMLE_FORM_SAN, "Qxf7#");
	expect_format("tr", SCHOLAR, "Qxf7", HAMLE_FORM_SAN, "Vxf7#");
	expect_format("en", "4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1", "Ne2", HAMLE_FORM_SAN, "Ne2");
	expect_format("en", "2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "Qh4e1", HAMLE_FORM_SAN, "Qh4e1");
	expect_format("en", "r3k2r/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", "O-O-O", HAMLE_FORM_UCI, "e1b1");
}
END_TEST

START_TEST(test_errors)
{
	hamle_locale *en = load("en"), *tr = load("tr");
	hamle_position *pos = position(TWO_N);
	hamle_move m = 1;
	hamle_error err;
	hamle_error_clear(&err);
	ck_assert_int_eq(hamle_san_parse(&m, pos, en, "Nf3+", 4, NULL, &err), HAMLE_EAMBIGUOUS);
	ck_assert_uint_eq(m, HAMLE_MOVE_NONE);
	ck_assert_str_eq(err.message, "two knights can reach f3: Ndf3 or Ngf3");
	ck_assert_str_eq(err.token, "Nf3+");
	ck_assert_int_eq(hamle_san_parse(&m, pos, tr, "Af3", 3, NULL, &err), HAMLE_EAMBIGUOUS);
	ck_assert_str_eq(err.message, "iki at f3 karesine gidebilir: Adf3 veya Agf3");
	ck_assert_int_eq(hamle_san_parse(&m, pos, en, "Nb5", 3, NULL, &err), HAMLE_EILLEGAL);
	ck_assert_str_eq(err.message, "no knight can reach b5");
	ck_assert_int_eq(hamle_san_parse(&m, pos, en, "Sf3", 3, NULL, &err), HAMLE_ESYNTAX);
	ck_assert_str_eq(err.message, "'S' is not a piece letter in English");
	ck_assert_int_eq(hamle_san_parse(&m, pos, en, "Nf3", 2, NULL, &err), HAMLE_ESYNTAX); /* "Nf" */
	ck_assert_int_eq(hamle_san_parse(&m, pos, en, NULL, 0, NULL, &err), HAMLE_ESYNTAX);
	ck_assert_int_eq(hamle_san_parse(&m, pos, en, "O-O", 3, NULL, NULL), HAMLE_EILLEGAL);
	/* writing a move that is not legal here */
	char buf[16];
	ck_assert_int_eq(hamle_san_format(buf, sizeof(buf), pos, en, HAMLE_MOVE_MAKE(0, 63, 0, 0),
		HAMLE_FORM_SAN), HAMLE_EUSAGE);
	ck_assert_int_eq(hamle_san_form_parse("fide"), HAMLE_FORM_FIDE);
	ck_assert_int_eq(hamle_san_form_parse("FIDE"), -1);
	hamle_position_free(pos);
	hamle_locale_free(en);
	hamle_locale_free(tr);
}
END_TEST

Suite *san_suite(void)
{
	Suite *s = suite_create("san");
	TCase *tc = tcase_create("san");
	tcase_add_test(tc, test_warnings_marks);
	tcase_add_test(tc, test_warnings_forms);
	tcase_add_test(tc, test_format_forms);
	tcase_add_test(tc, test_errors);
	suite_add_tcase(s, tc);
	return s;
}
