/* check_san_format_fast.c: the PGN writer's fast SAN (san_format_fast, then the mark from the
 * position after the move: san_mark_after) against san_format_legal, the general writer, on
 * every legal move of every position along many random games from positions with castling (also
 * Chess960), en passant, promotions, several pieces of a kind reaching one square, checks and
 * mates, in every shipped language, SAN and FIDE forms. */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "notation/san_internal.h"
#include "suites_decl.h"
#include "testutil.h"

static uint32_t next_rand(uint32_t *st)
{
	*st = *st * 1103515245u + 12345u;
	return *st >> 8;
}

START_TEST(test_fast_equals_legal)
{
	static const char *const tags[] = { "en", "tr", "de", "fr", "es", "it", "nl", "fan", "xa" };
	enum { NL = sizeof(tags) / sizeof(tags[0]) };
	hamle_locale *locs[NL];
	tu_load_locales(locs, tags, NL - 1);
	/* marks no shipped language writes: a promotion closed after the letter, an e.p. mark in
	 * both forms, two-byte marks */
	static const char xa[] = "tag: \"xa\"\nname: \"X\"\nbase: \"en\"\noutput:\n  pgn:\n"
		"    castling_short: \"o-o\"\n    castling_long: \"o-o-o\"\n    promotion: \"({})\"\n"
		"    capture: \":\"\n    mate: \"++\"\n    en_passant: \" ep\"\n  fide:\n    promotion: \"/{}\"\n"
		"    en_passant: \"e.p.\"\n";
	ck_assert_int_eq(hamle_locale_load_buffer(&locs[NL - 1], xa, strlen(xa), "xa", NULL), HAMLE_OK);
	/* a string longer than a slot: no fast path (the writer takes the general one) */
	static const char xb[] = "tag: \"xb\"\nname: \"X\"\nbase: \"en\"\noutput:\n  pgn:\n"
		"    castling_long: \"O\xe2\x80\x94O\xe2\x80\x94O\"\n";
	hamle_locale *long_one = NULL;
	ck_assert_int_eq(hamle_locale_load_buffer(&long_one, xb, strlen(xb), "xb", NULL), HAMLE_OK);
	struct san_fast_style no;
	san_fast_style_init(&no, long_one, HAMLE_FORM_SAN);
	ck_assert_int_eq(no.ok, 0);
	san_fast_style_init(&no, long_one, HAMLE_FORM_FIDE);
	ck_assert_int_eq(no.ok, 1);
	san_fast_style_init(&no, long_one, HAMLE_FORM_LAN);
	ck_assert_int_eq(no.ok, 0);
	hamle_locale_free(long_one);
	static struct san_fast_style fs[NL][2];
	static const int forms[2] = { HAMLE_FORM_SAN, HAMLE_FORM_FIDE };
	for (int l = 0; l < NL; l++)
		for (int f = 0; f < 2; f++) {
			san_fast_style_init(&fs[l][f], locs[l], forms[f]);
			ck_assert_msg(fs[l][f].ok, "%s: the fast path does not apply", tags[l]);
		}
	ck_assert_int_eq(fs[0][0].ascii, 1);      /* en */
	ck_assert_int_eq(fs[NL - 2][0].ascii, 0); /* fan: figurines */
	static const char *const fens[] = {
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"N3k2N/8/8/8/8/8/8/N3K2N w - - 0 1",
		"R6R/8/8/4k3/8/8/8/R3K2R w - - 0 1",
		"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	};
	uint32_t st = 1;
	unsigned long moves = 0, checks = 0, mates = 0, dis = 0, promos = 0, eps = 0, castles = 0;
	for (size_t fi = 0; fi < sizeof(fens) / sizeof(fens[0]); fi++) {
		hamle_position *start = NULL;
		ck_assert_int_eq(hamle_position_new(&start, fens[fi], NULL), HAMLE_OK);
		for (int game = 0; game < 4; game++) {
			struct hamle_position p = *start;
			for (int ply = 0; ply < 100; ply++) {
				hamle_move list[HAMLE_MAX_MOVES];
				int n = hamle_position_legal_moves(&p, list);
				if (n == 0)
					break;
				for (int k = 0; k < n; k++) {
					hamle_move m = list[k];
					struct hamle_position after = p;
					hamle_position_play(&after, m);
					int mark = san_mark_after(&after);
					ck_assert_int_eq(mark, san_gives_check(&p, m));
					checks += mark == 1;
					mates += mark == 2;
					dis += san_disambiguation(&p, m) != 0;
					promos += HAMLE_MOVE_KIND(m) == HAMLE_MOVE_PROMOTION;
					eps += HAMLE_MOVE_KIND(m) == HAMLE_MOVE_EN_PASSANT;
					castles += HAMLE_MOVE_KIND(m) == HAMLE_MOVE_CASTLING;
					for (int l = 0; l < NL; l++)
						for (int f = 0; f < 2; f++) {
							char fast[SAN_FAST_BUF + SAN_FAST_SLOT], ref[256];
							size_t len = san_format_fast(fast, &fs[l][f], &p, m);
							memcpy(fast + len, fs[l][f].mark[mark], SAN_FAST_SLOT);
							len += fs[l][f].mark_len[mark];
							fast[len] = '\0';
							int rl = san_format_legal(ref, sizeof(ref), &p, locs[l], m, forms[f]);
							ck_assert_msg(rl == (int)len && strcmp(fast, ref) == 0,
								"%s %s in %s: fast '%s', general '%s'", tags[l],
								f ? "fide" : "san", fens[fi], fast, ref);
							for (size_t b = 0; fs[l][f].ascii && b < len; b++)
								ck_assert_msg((unsigned char)fast[b] < 0x80, "%s: not ASCII", tags[l]);
							moves++;
						}
				}
				hamle_position_play(&p, list[next_rand(&st) % (unsigned)n]);
			}
		}
		hamle_position_free(start);
	}
	/* every case the fast path treats apart came up */
	ck_assert_uint_gt(moves, 500000);
	ck_assert_uint_gt(checks, 1000);
	ck_assert_uint_gt(mates, 10);
	ck_assert_uint_gt(dis, 1000);
	ck_assert_uint_gt(promos, 100);
	ck_assert_uint_gt(eps, 5);
	ck_assert_uint_gt(castles, 50);
	tu_free_locales(locs, NL);
}
END_TEST

Suite *san_format_fast_suite(void)
{
	Suite *s = suite_create("san_format_fast");
	TCase *t = tcase_create("san_format_fast");
	tcase_set_timeout(t, 300);
	tcase_add_test(t, test_fast_equals_legal);
	suite_add_tcase(s, t);
	return s;
}
