/* check_filter_fields.c: the --where fields along the mainline (Position, Material, Hash, Moves)
 * and from the annotator (Has, ComputedECO), their parse errors, and what a filter needs. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "hamle/annotate.h"
#include "hamle/eco.h"
#include "hamle/filter.h"
#include "hamle/pgn.h"
#include "hamle/replay.h"
#include "suites_decl.h"
#include "testutil.h"


/* 1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 (the Najdorf), then 6. Bg5 e6 7. f4 */
static const char *najdorf = "[White \"Kasparov, Garry\"]\n[Black \"X\"]\n[Result \"*\"]\n\n"
	"1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Bg5 e6 7. f4 *\n";

/* Nf3 Nf6 Ng1 Ng8 twice: the start position a third time after ply 8 */
static const char *shuffle = "[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *\n";

/* the half-move clock at 99: one more quiet move reaches 100 */
static const char *fifty = "[SetUp \"1\"]\n[FEN \"k7/8/8/8/8/8/8/K6R w - - 99 80\"]\n[Result \"*\"]\n\n80. Rh2 Kb7 *\n";

/* The result of expr on game text through a replay and an annotator (with the opening table). */
static int on_game(const char *text, const char *expr)
{
	hamle_filter *f;
	hamle_error err;
	ck_assert_int_eq(hamle_filter_new(&f), 0);
	ck_assert_msg(hamle_filter_add(f, expr, &err) == 0, "%s: %s", expr, err.message);
	hamle_game *g = tu_read_one(text);
	hamle_replay *rp;
	ck_assert_int_eq(hamle_replay_new(&rp, NULL), 0);
	ck_assert_int_eq(hamle_replay_run(rp, g), 0);
	hamle_eco *eco;
	ck_assert_int_eq(hamle_eco_load_builtin(&eco, NULL), 0);
	hamle_annotate_options o = HAMLE_ANNOTATE_OPTIONS_INIT;
	o.flags = HAMLE_ANNOTATE_CLAIMS | HAMLE_ANNOTATE_AUTOMATIC | HAMLE_ANNOTATE_ECO;
	o.eco = eco;
	hamle_annotator *a;
	ck_assert_int_eq(hamle_annotator_new(&a, &o), 0);
	int rc = hamle_annotate_filter_check(f, a, g, rp, NULL);
	/* without the annotator the fields it fills are unknown: false */
	unsigned needs = hamle_filter_needs(f);
	if (!(needs & HAMLE_FILTER_NEEDS_ANNOTATE))
		ck_assert_int_eq(hamle_replay_filter_check(f, rp, g, NULL), rc);
	/* a game known by its tags alone has none of these fields */
	if (!strstr(expr, "!=") && !strstr(expr, "!~") && expr[0] != '!')
		ck_assert_msg(hamle_filter_check(f, g, NULL) == 0, "%s without a replay", expr);
	hamle_annotator_free(a);
	hamle_eco_free(eco);
	hamle_replay_free(rp);
	hamle_game_free(g);
	hamle_filter_free(f);
	return rc;
}

static const struct {
	const char **game;
	const char *expr;
	int want;
} cases[] = {
	/* Position: some mainline position (the start included) matches the board pattern */
	{ &najdorf, "Position=rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R", 1 },
	{ &najdorf, "Position='rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6'", 1 },
	{ &najdorf, "Position=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 1 },
	{ &najdorf, "Position=*/*/*/*/*/*/*/RNBQKBNR", 1 },
	{ &najdorf, "Position=*/*/*/*/*/*/*/R?BQKB?R", 1 }, { &najdorf, "Position=*/*/*/*/*/*/*/R!BQKB!R", 1 },
	{ &najdorf, "Position=*/*/*/*/*/*/*/R1BQKB1R", 1 }, { &najdorf, "Position=*/*/*/*/*/*/*/??KR????", 0 },
	{ &najdorf, "Position=*/*/*/*/*P*/*/*/*", 1 }, { &najdorf, "Position=*/*/*/*/*/*/*/*", 1 },
	{ &najdorf, "Position=*/*/*/*/3NPP2/*/*/*", 1 }, { &najdorf, "Position=*/*/*/*/3NP1P1/*/*/*", 0 },
	{ &najdorf, "Position!=*/*/*/*/3NP1P1/*/*/*", 1 }, { &najdorf, "Position!=*/*/*/*/3NPP2/*/*/*", 0 },
	{ &najdorf, "Position=aaaaaaaa/*/*/*/*/*/*/AAAAAAAA", 1 }, { &najdorf, "Position=*/*/*/*/*/*/*/A*", 1 },
	{ &najdorf, "Position=*/*/*/*/*/*/*/a7", 0 }, { &najdorf, "Position=*/*/*/*/*/*/*/*b", 0 },
	/* classes as pgn-extract's FENPattern: [...] any of these, [^...] any square but these (an
	 * empty one too), 'A'/'a' inside; 'm' anything but a pawn */
	{ &najdorf, "Position=*/*/*/*/3[Nn]P3/*/*/*", 1 }, { &najdorf, "Position=*/*/*/*/3[Bb]P3/*/*/*", 0 },
	{ &najdorf, "Position=*/*/*/*/3[Nn][Pp][Pp]2/*/*/*", 1 }, { &najdorf, "Position=*/*/*/*/*[Bb][Pp]*/*/*/*", 0 },
	{ &najdorf, "Position=*/*/*/*/*[Nn]P*/*/*/*", 1 }, { &najdorf, "Position=*/*/*/*/3[^PN]P3/*/*/*", 1 },
	{ &najdorf, "Position=[Ar]*/*/*/*/*/*/*/*", 1 }, { &najdorf, "Position=[AQ]*/*/*/*/*/*/*/*", 0 },
	{ &najdorf, "Position=*/*/*/*/*/*/*/R[^N]BQKB[^N]R", 1 }, { &najdorf, "Position=*/*/*/*/*/*/*/[^R]*", 0 },
	{ &najdorf, "Position=*/*/*/*/*/*/*/R[^A]*", 1 }, { &najdorf, "Position=*/*/*/*/*/*/*/R[^a]*", 1 },
	{ &najdorf, "Position=*/m*/*/*/*/*/*/*", 1 }, { &najdorf, "Position=*/*/*/*/*/*/m*/*", 0 },
	{ &najdorf, "Position=mmmmmmmm/*/*/*/*/*/*/*", 1 }, { &najdorf, "Position!=*/*/*/*/*/*/*/[^R]*", 1 },
	/* PositionI: the pattern, or the pattern with the colours swapped (pgn-extract's FENPatternI):
	 * Black's pawns and knight after 5...a6 written as White's */
	{ &najdorf, "PositionI=*/*/*/*/*/P2P1N2/1P2PPPP/*", 1 }, { &najdorf, "Position=*/*/*/*/*/P2P1N2/1P2PPPP/*", 0 },
	{ &najdorf, "PositionI=*/*/*/*/*/*/PP2PPPP/*", 1 }, { &najdorf, "Position=*/*/*/*/*/*/PP2PPPP/*", 0 },
	{ &najdorf, "PositionI=*/*/*/*/*/*/pp3ppp/*", 0 }, { &najdorf, "PositionI=*/*/*/*/3NP3/*/*/*", 1 },
	{ &najdorf, "PositionI=[Aq]*/*/*/*/*/*/*/*", 0 }, { &najdorf, "PositionI=*/*/*/*/*/*/[pP][Pp]2*/*", 1 },
	{ &najdorf, "PositionI!=*/*/*/*/*/*/PP2PPPP/*", 0 },
	/* Material: a position with exactly these pieces ('+': or more); kings need not be written */
	{ &najdorf, "Material=KQRRBBNNPPPPPPPPkqrrbbnnpppppppp", 1 }, { &najdorf, "Material=QR2B2N2P8qr2b2n2p8", 1 },
	{ &najdorf, "Material=KQR2B2N2P7kqr2b2n2p7", 1 }, { &najdorf, "Material=KQR2B2N2P7kqr2b2n2p8", 1 },
	{ &najdorf, "Material=KQR2B2N2P8kqr2b2n2p7", 0 },
	{ &najdorf, "Material=KQR2B2N2P+kqr2b2n2p+", 1 }, { &najdorf, "Material=KQR2B2N2P8+kqr2b2n2p9+", 0 },
	{ &najdorf, "Material=Kk", 0 }, { &najdorf, "Material!=Kk", 1 },
	/* ranges and relations to the other side's pieces of the kind, as pgn-extract's -y/-z files:
	 * the start, 3...cxd4 (White a pawn down), 4. Nxd4 (seven pawns each) */
	{ &najdorf, "Material=QR2B2N2P8qr2b2n2p=", 1 }, { &najdorf, "Material=QR2B2N2P7qr2b2n2p>", 1 },
	{ &najdorf, "Material=QR2B2N2P7qr2b2n2p1>=", 1 }, { &najdorf, "Material=QR2B2N2P7qr2b2n2p2>=", 0 },
	{ &najdorf, "Material=QR2B2N2P*qr2b2n2p2>", 0 }, { &najdorf, "Material=QR2B2N2P<qr2b2n2p8", 1 },
	{ &najdorf, "Material=QR2B2N2P1<=qr2b2n2p8", 1 }, { &najdorf, "Material=QR2B2N2P2<qr2b2n2p*", 0 },
	{ &najdorf, "Material=QR2B2N2P#qr2b2n2p*", 1 }, { &najdorf, "Material=QR2B2N2P8qr2b2n2p#", 0 },
	{ &najdorf, "Material=Q*R*B*N*P*q*r*b*n*p*", 1 }, { &najdorf, "Material=Q*R*B*N*P*q*r*b*n*p6-", 0 },
	{ &najdorf, "Material=Q=R=B=N=P=q=r=b=n=p=", 1 }, { &najdorf, "Material=QR2B2N2P7-qr2b2n2p7-", 1 },
	{ &najdorf, "Material=Q?R2B2N2P8q?r2b2n2p8", 1 }, { &najdorf, "Material=R2B2N2P8q?r2b2n2p8", 0 },
	{ &najdorf, "Material=QR2L4P8qr2l4p8", 1 }, { &najdorf, "Material=QR2L3P8qr2l4p8", 0 },
	{ &najdorf, "Material=QR2L4+P+qr2l=p+", 1 }, { &najdorf, "Material=QR2L3-P+qr2l*p+", 0 },
	{ &najdorf, "Material=QR+B2N2P+qr=b=n=p#", 1 }, { &najdorf, "Material!=QR+B2N2P+qr=b=n=p#", 0 },
	/* "N:": the material lasts N plies (pgn-extract's stability): the full material from the start
	 * to 3. d4 (6 positions), White a pawn down at 3...cxd4 only, seven pawns each from 4. Nxd4 on */
	{ &najdorf, "Material=5:QR2B2N2P8qr2b2n2p8", 1 }, { &najdorf, "Material=6:QR2B2N2P8qr2b2n2p8", 0 },
	{ &najdorf, "Material=0:QR2B2N2P7qr2b2n2p8", 1 }, { &najdorf, "Material=1:QR2B2N2P7qr2b2n2p8", 0 },
	{ &najdorf, "Material=6:QR2B2N2P7qr2b2n2p7", 1 }, { &najdorf, "Material=7:QR2B2N2P7qr2b2n2p7", 0 },
	{ &najdorf, "Material=2:QR2B2N2P*qr2b2n2p=", 1 }, { &najdorf, "Material!=7:QR2B2N2P7qr2b2n2p7", 1 },
	/* Hash: a Polyglot key reached (the start; after 1. e4 with its en passant square) */
	{ &najdorf, "Hash=463b96181691fc9c", 1 }, { &najdorf, "Hash=0x823c9b50fd114196", 1 },
	{ &najdorf, "Hash=0X823C9B50FD114196", 1 }, { &najdorf, "Hash=823c9b50fd114197", 0 },
	{ &najdorf, "Hash!=463b96181691fc9c", 0 },
	/* Moves: the game starts with these moves, in any language hamle reads */
	{ &najdorf, "Moves~'1. e4 c5 2. Nf3'", 1 }, { &najdorf, "Moves~'e4 c5 Nf3 d6'", 1 },
	{ &najdorf, "Moves~'1.e4 c5 2.Nf3 d6 3.d4'", 1 }, { &najdorf, "Moves~'1. e4 c5 2. Af3'", 1 },
	{ &najdorf, "Moves~'1. e4 c5 2. Sf3 d6 3. d4 cxd4 4. Sxd4'", 1 }, { &najdorf, "Moves~'1. e4 e5'", 0 },
	{ &najdorf, "Moves~'1. Nf3 c5 2. e4'", 0 },                        /* the same position, other order */
	{ &najdorf, "Moves~e4", 1 }, { &najdorf, "Moves='1. e4 c5'", 0 }, { &najdorf, "Moves!~'1. d4'", 1 },
	{ &najdorf, "Moves='1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Bg5 e6 7. f4'", 1 },
	{ &najdorf, "Moves!='1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Bg5 e6 7. f4'", 0 },
	{ &fifty, "Moves~'1. e4'", 0 }, /* a game from a set-up position starts with no such move */
	/* Has: a claim on the board (9.2, 9.3) somewhere; the automatic draws (none here) */
	{ &shuffle, "Has=threefold", 1 }, { &shuffle, "Has=fifty", 0 }, { &shuffle, "Has=fivefold", 0 },
	{ &najdorf, "Has=threefold", 0 }, { &najdorf, "Has!=threefold", 1 }, { &fifty, "Has=fifty", 1 },
	{ &fifty, "Has=threefold", 0 }, { &fifty, "Has=seventyfive", 0 },
	/* ComputedECO: the opening the moves reach (the table's, whatever the ECO tag says) */
	{ &najdorf, "ComputedECO=B96", 1 }, { &najdorf, "ComputedECO~/^B9/", 1 }, { &najdorf, "ComputedECO!~/^B9/", 0 },
	{ &fifty, "ComputedECO=''", 1 }, /* a set-up position has no opening */
	/* with the other operators and fields */
	{ &najdorf, "Player~/Kasparov/ && Position=*/*/*/*/3NPP2/*/*/*", 1 },
	{ &najdorf, "Player~/Karpov/ || Moves~'1. e4' && Material=QR2B2N2P8qr2b2n2p8", 1 },
	{ &najdorf, "(Player~/Karpov/ || Moves~'1. e4') && Material=Kk", 0 },
	{ &najdorf, "!Has=threefold && Plies=13", 1 },
};

START_TEST(test_fields)
{
	ck_assert_msg(on_game(*cases[_i].game, cases[_i].expr) == cases[_i].want, "%s", cases[_i].expr);
}
END_TEST

START_TEST(test_needs)
{
	static const struct {
		const char *expr;
		unsigned needs;
	} nc[] = {
		{ "White~/x/ && Date>=1990", 0 },
		{ "Plies>10", HAMLE_FILTER_NEEDS_REPLAY },
		{ "Position=*/*/*/*/*/*/*/*", HAMLE_FILTER_NEEDS_REPLAY | HAMLE_FILTER_NEEDS_MAINLINE },
		{ "White=x || Material=KQkq", HAMLE_FILTER_NEEDS_REPLAY | HAMLE_FILTER_NEEDS_MAINLINE },
		{ "Hash=1", HAMLE_FILTER_NEEDS_REPLAY | HAMLE_FILTER_NEEDS_MAINLINE },
		{ "Moves~e4", HAMLE_FILTER_NEEDS_REPLAY | HAMLE_FILTER_NEEDS_MAINLINE },
		{ "Has=fifty", HAMLE_FILTER_NEEDS_REPLAY | HAMLE_FILTER_NEEDS_ANNOTATE },
		{ "ComputedECO=B90", HAMLE_FILTER_NEEDS_REPLAY | HAMLE_FILTER_NEEDS_ANNOTATE | HAMLE_FILTER_NEEDS_ECO },
		{ "ECO=B90", 0 }, /* the tag */
	};
	for (size_t i = 0; i < sizeof(nc) / sizeof(nc[0]); i++) {
		hamle_filter *f;
		ck_assert_int_eq(hamle_filter_new(&f), 0);
		ck_assert_int_eq(hamle_filter_add(f, nc[i].expr, NULL), 0);
		ck_assert_msg(hamle_filter_needs(f) == nc[i].needs, "%s: needs %u", nc[i].expr, hamle_filter_needs(f));
		hamle_filter_free(f);
	}
}
END_TEST

static const struct {
	const char *expr;
	size_t column;
	const char *says;
} bad_cases[] = {
	{ "Position<*/*/*/*/*/*/*/*", 9, "Position takes = or !=, not '<'" },
	{ "Position~/x/", 9, "Position takes = or !=, not '~'" },
	{ "Position=*/*/*", 15, "a board has 8 ranks" },
	{ "Position=*/*/*/*/x/*/*/*", 18, "a board pattern has pieces" },
	{ "PositionI~/x/", 10, "PositionI takes = or !=, not '~'" },
	{ "PositionI=*/*/*/*/*/*/*", 24, "a board has 8 ranks" },
	{ "Position=[Qx]*/*/*/*/*/*/*/*", 12, "a class [...] holds piece letters" },
	{ "Position=*/[?]*/*/*/*/*/*/*", 13, "a class [...] holds piece letters" },
	{ "Position=[Qq/*/*/*/*/*/*/*", 10, "'[' without its closing ']'" },
	{ "Position=*/*/*/*/*/*/*/[Qq", 24, "'[' without its closing ']'" },
	{ "Position=[Q*]*/*/*/*/*/*/*/*", 12, "a class [...] holds piece letters" },
	{ "Position=[]*/*/*/*/*/*/*/*", 11, "an empty class" },
	{ "Position=[^]*/*/*/*/*/*/*/*", 12, "an empty class" },
	{ "Position=8/8/8/8/8/8/8/[Kk]8", 24, "a rank has 8 squares" },
	{ "Position=8/8/8/8/8/8/8/[Kk][Qq]2[Rr]1[Bb]", 24, "a rank has 8 squares" },
	{ "Final=*/*/*/*/*/*/*/[Kk", 21, "'[' without its closing ']'" },
	{ "Material=KRPkx", 14, "a material signature is piece letters" },
	{ "Material=KKk", 11, "each side has one king" },
	{ "Material=", 10, "expected a material signature" },
	{ "Material>=KQ", 9, "Material takes = or !=" },
	{ "Material=2KRkr", 11, "a stability is 'N:' before the signature" },
	{ "Material=99999:Kk", 10, "a stability is 'N:' before the signature" },
	{ "Material=2:", 12, "expected a material signature" },
	{ "Material=KR2=kr", 13, "'*', '?', '=' and '#' take no count" },
	{ "Material=QR2B2N2P8#qr2b2n2p*", 19, "'*', '?', '=' and '#' take no count" },
	{ "Material=KR2*kr", 13, "'*', '?', '=' and '#' take no count" },
	{ "Material=KR+kr=r", 16, "a piece with a range or a relation is written once" },
	{ "Material=KR+kr2-r", 17, "a piece with a range or a relation is written once" },
	{ "Material=KLBkl", 12, "L (a bishop or a knight) and B or N" },
	{ "Material=KNLkl", 12, "L (a bishop or a knight) and B or N" },
	{ "Material=K=k", 10, "each side has one king" },
	{ "Material=KR<>kr", 13, "a material signature is piece letters" },
	{ "Material=KR+kr=p#x", 18, "a material signature is piece letters" },
	{ "Hash=xyz", 6, "a Polyglot key is 1 to 16 hexadecimal digits" },
	{ "Hash=0x", 7, "a Polyglot key" }, /* '0x' alone: read as digits, 'x' is not one */
	{ "Hash=12345678901234567", 22, "a Polyglot key is 1 to 16" },
	{ "Hash~/1/", 5, "Hash takes = or !=, not '~'" },
	{ "Moves~'1. e4 e5 2. Nf6'", 20, "'Nf6' is no legal move there in any language hamle reads" },
	{ "Moves~'1. e4 e5 2. Xf3'", 20, "'Xf3' is no legal move" },
	{ "Moves~''", 8, "expected moves" },
	{ "Moves<'1. e4'", 6, "Moves takes ~ (starts with), = (is), !~ or !=, not '<'" },
	{ "Has=mate", 5, "Has is threefold, fifty, fivefold or seventyfive" },
	{ "Has~/fold/", 4, "Has takes = or !=, not '~'" },
	{ "ComputedECO>B90", 12, "ComputedECO takes =, !=, ~ or !~, not '>'" },
	{ "Position=*/*/*/*/*/*/*/* &&", 28, "expected a tag name" },
	{ "(Has=fifty", 1, "'(' without its ')'" },
};

START_TEST(test_parse_errors)
{
	hamle_filter *f;
	hamle_error err;
	ck_assert_int_eq(hamle_filter_new(&f), 0);
	const char *e = bad_cases[_i].expr;
	memset(&err, 0, sizeof(err));
	ck_assert_msg(hamle_filter_add(f, e, &err) == HAMLE_EUSAGE, "%s accepted", e);
	ck_assert_msg(strstr(err.message, bad_cases[_i].says) != NULL, "%s: %s", e, err.message);
	ck_assert_msg(err.column == bad_cases[_i].column, "%s: column %zu, not %zu", e, err.column, bad_cases[_i].column);
	ck_assert_str_eq(err.token, e);
	ck_assert_uint_eq(hamle_filter_count(f), 0);
	hamle_filter_free(f);
}
END_TEST

/* A game with a move error: the fields along the mainline see the moves before it; Has (the
 * annotator gives such a game nothing) is unknown, so Has= is false and Has!= true. */
START_TEST(test_error_game)
{
	static const char *broken = "[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Ke3 *\n";
	ck_assert_int_eq(on_game(broken, "Has=threefold"), 0);
	ck_assert_int_eq(on_game(broken, "Has!=threefold"), 1);
	ck_assert_int_eq(on_game(broken, "Position=*/*/*/*/*/5N2/*/*"), 1);
	ck_assert_int_eq(on_game(broken, "Moves~'1. Nf3 Nf6 2. Ng1'"), 1);
}
END_TEST

Suite *filter_fields_suite(void)
{
	Suite *s = suite_create("filter_fields");
	TCase *tc = tcase_create("core");
	tcase_add_loop_test(tc, test_fields, 0, (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, test_needs);
	tcase_add_loop_test(tc, test_parse_errors, 0, (int)(sizeof(bad_cases) / sizeof(bad_cases[0])));
	tcase_add_test(tc, test_error_game);
	suite_add_tcase(s, tc);
	return s;
}
