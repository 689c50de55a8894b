/* check_uci.c: the UCI protocol as text (lib/src/engine/uci.c): the lines Stockfish writes, the
 * malformed and garbage lines (errors with their column and text, never a crash), the commands. */
#include <check.h>
#include <string.h>

#include "hamle/engine.h"
#include "suites_decl.h"

static int parse(hamle_uci_line *l, const char *s, hamle_error *err)
{
	hamle_error_clear(err);
	return hamle_uci_parse(l, s, strlen(s), err);
}

START_TEST(test_info_stockfish)
{
	hamle_uci_line l;
	hamle_error err;
	ck_assert_int_eq(parse(&l, "info depth 12 seldepth 15 multipv 1 score cp 35 nodes 20012 nps 500300 "
		"hashfull 3 tbhits 0 time 40 pv e2e4 e7e5 g1f3 b8c6", &err), 0);
	ck_assert_int_eq(l.kind, HAMLE_UCI_INFO);
	ck_assert_uint_eq(l.depth, 12);
	ck_assert_uint_eq(l.multipv, 1);
	ck_assert(l.info & HAMLE_UCI_HAS_SCORE);
	ck_assert_int_eq(l.mate, 0);
	ck_assert_int_eq(l.score, 35);
	ck_assert_int_eq(l.bound, HAMLE_UCI_BOUND_EXACT);
	ck_assert_uint_eq(l.nodes, 20012);
	ck_assert_uint_eq(l.time_ms, 40);
	ck_assert_uint_eq(l.npv, 4);
	ck_assert_str_eq(l.pv[0], "e2e4");
	ck_assert_str_eq(l.pv[3], "b8c6");

	ck_assert_int_eq(parse(&l, "info depth 20 multipv 2 score mate -3 lowerbound nodes 5 time 7 pv e7e8q\r", &err), 0);
	ck_assert_int_eq(l.mate, 1);
	ck_assert_int_eq(l.score, -3);
	ck_assert_int_eq(l.bound, HAMLE_UCI_BOUND_LOWER);
	ck_assert_uint_eq(l.multipv, 2);
	ck_assert_str_eq(l.pv[0], "e7e8q");
	ck_assert_int_eq(parse(&l, "info depth 5 currmove e2e4 currmovenumber 1", &err), 0);
	ck_assert(!(l.info & HAMLE_UCI_HAS_SCORE));
	ck_assert_int_eq(parse(&l, "info string NNUE evaluation using nn-ad9b42354671.nnue enabled", &err), 0);
	ck_assert(l.info & HAMLE_UCI_HAS_STRING);
	/* an unknown field is skipped, as UCI says */
	ck_assert_int_eq(parse(&l, "info depth 3 wdl 500 400 100 score cp -7", &err), 0);
	ck_assert_int_eq(l.score, -7);
	/* a pv longer than the line keeps its first moves */
	char longpv[1024] = "info score cp 1 pv";
	for (int i = 0; i < 40; i++)
		strcat(longpv, " g1f3");
	ck_assert_int_eq(parse(&l, longpv, &err), 0);
	ck_assert_uint_eq(l.npv, HAMLE_UCI_PV_MAX);
}
END_TEST

START_TEST(test_other_lines)
{
	hamle_uci_line l;
	hamle_error err;
	ck_assert_int_eq(parse(&l, "id name Stockfish 15.1", &err), 0);
	ck_assert_int_eq(l.kind, HAMLE_UCI_ID);
	ck_assert_str_eq(l.name, "Stockfish 15.1");
	ck_assert_int_eq(l.id_author, 0);
	ck_assert_int_eq(parse(&l, "id author the Stockfish developers", &err), 0);
	ck_assert_int_eq(l.id_author, 1);
	ck_assert_int_eq(parse(&l, "option name UCI_Chess960 type check default false", &err), 0);
	ck_assert_int_eq(l.kind, HAMLE_UCI_OPTION);
	ck_assert_str_eq(l.name, "UCI_Chess960");
	ck_assert_int_eq(parse(&l, "option name Debug Log File type string default", &err), 0);
	ck_assert_str_eq(l.name, "Debug Log File");
	ck_assert_int_eq(parse(&l, "uciok", &err), 0);
	ck_assert_int_eq(l.kind, HAMLE_UCI_UCIOK);
	ck_assert_int_eq(parse(&l, "readyok", &err), 0);
	ck_assert_int_eq(l.kind, HAMLE_UCI_READYOK);
	ck_assert_int_eq(parse(&l, "   ", &err), 0);
	ck_assert_int_eq(l.kind, HAMLE_UCI_BLANK);
	ck_assert_int_eq(parse(&l, "bestmove e2e4 ponder e7e5", &err), 0);
	ck_assert_int_eq(l.kind, HAMLE_UCI_BESTMOVE);
	ck_assert_str_eq(l.best, "e2e4");
	ck_assert_str_eq(l.ponder, "e7e5");
	ck_assert_int_eq(parse(&l, "bestmove (none)", &err), 0);
	ck_assert_str_eq(l.best, "");
	ck_assert_int_eq(parse(&l, "bestmove 0000", &err), 0);
	ck_assert_str_eq(l.best, "");
}
END_TEST

/* garbage and malformed lines: an error with the column and the line, never a crash */
START_TEST(test_garbage)
{
	static const struct { const char *line; size_t column; const char *msg; } cases[] = {
		{ "Stockfish 15.1 by the Stockfish developers", 1, "not a UCI line" },
		{ "info score cp abc", 15, "score without a number" },
		{ "info score pawns 3", 12, "score wants cp or mate" },
		{ "info score", 11, "score without cp or mate" },
		{ "info score cp", 14, "score without a number" },
		{ "info depth", 11, "an info field without a number" },
		{ "info depth x12", 12, "an info field without a number" },
		{ "info score cp 10 pv e2e4 zz", 26, "a pv move that is no UCI move" },
		{ "bestmove z9z9", 10, "a best move that is no UCI move" },
		{ "bestmove", 9, "bestmove without a move" },
		{ "bestmove e2e4 ponder e7", 22, "a ponder move that is no UCI move" },
		{ "id nick x", 8, "id wants name or author" },
		{ "\x01\x02 this is no UCI \x7f", 1, "a control character" },
		{ "info score cp 99999999999999999999", 15, "score without a number" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		hamle_uci_line l;
		hamle_error err;
		ck_assert_msg(parse(&l, cases[i].line, &err) == HAMLE_ESYNTAX, "%s", cases[i].line);
		ck_assert_msg(strcmp(err.message, cases[i].msg) == 0, "%s: %s", cases[i].line, err.message);
		ck_assert_msg(err.column == cases[i].column, "%s: column %zu", cases[i].line, err.column);
		if (cases[i].line[0] != '\x01')
			ck_assert_msg(strncmp(err.token, cases[i].line, strlen(err.token)) == 0 && err.token[0], "%s", err.token);
	}
	/* the length is respected: no NUL needed */
	hamle_uci_line l;
	hamle_error err;
	ck_assert_int_eq(hamle_uci_parse(&l, "uciokXXXX", 5, &err), 0);
	ck_assert_int_eq(l.kind, HAMLE_UCI_UCIOK);
	ck_assert_int_eq(hamle_uci_parse(NULL, "x", 1, &err), HAMLE_EUSAGE);
}
END_TEST

START_TEST(test_commands)
{
	char buf[256];
	hamle_engine_limit n = { HAMLE_LIMIT_NODES, 20000 }, d = { HAMLE_LIMIT_DEPTH, 12 }, t = { HAMLE_LIMIT_MOVETIME, 250 };
	hamle_uci_go(buf, sizeof(buf), &n);
	ck_assert_str_eq(buf, "go nodes 20000\n");
	hamle_uci_go(buf, sizeof(buf), &d);
	ck_assert_str_eq(buf, "go depth 12\n");
	hamle_uci_go(buf, sizeof(buf), &t);
	ck_assert_str_eq(buf, "go movetime 250\n");
	hamle_uci_setoption(buf, sizeof(buf), "Hash", "64");
	ck_assert_str_eq(buf, "setoption name Hash value 64\n");
	hamle_position *p = NULL;
	ck_assert_int_eq(hamle_position_new(&p, NULL, NULL), 0);
	hamle_uci_position(buf, sizeof(buf), p);
	ck_assert_str_eq(buf, "position startpos\n");
	hamle_move m = hamle_uci_move(p, "e2e4");
	ck_assert(m != HAMLE_MOVE_NONE);
	ck_assert(hamle_uci_move(p, "e2e5") == HAMLE_MOVE_NONE);
	hamle_position_play(p, m);
	hamle_uci_position(buf, sizeof(buf), p);
	ck_assert_str_eq(buf, "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
	hamle_position_free(p);
	/* castling: e1g1 in standard chess, king takes rook in Chess960 */
	ck_assert_int_eq(hamle_position_new(&p, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NULL), 0);
	m = hamle_uci_move(p, "e1g1");
	ck_assert(m != HAMLE_MOVE_NONE && HAMLE_MOVE_KIND(m) == HAMLE_MOVE_CASTLING);
	ck_assert(hamle_uci_move(p, "e1h1") == HAMLE_MOVE_NONE);
	hamle_position_free(p);
	ck_assert_int_eq(hamle_position_new(&p, "1r2k2r/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", NULL), 0);
	ck_assert(hamle_position_is_chess960(p));
	m = hamle_uci_move(p, "e1g1");
	ck_assert(m != HAMLE_MOVE_NONE && HAMLE_MOVE_KIND(m) == HAMLE_MOVE_CASTLING);
	ck_assert(hamle_uci_move(p, "e1b1") != HAMLE_MOVE_NONE);
	hamle_position_free(p);
}
END_TEST

Suite *uci_suite(void)
{
	Suite *s = suite_create("uci");
	TCase *tc = tcase_create("uci");
	tcase_add_test(tc, test_info_stockfish);
	tcase_add_test(tc, test_other_lines);
	tcase_add_test(tc, test_garbage);
	tcase_add_test(tc, test_commands);
	suite_add_tcase(s, tc);
	return s;
}
