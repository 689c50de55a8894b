/* fake_engine.c: a UCI engine for the tests of hamle's engine client (hamle/engine.h) that fails on
 * cue. Its evaluation is the material balance in the view of the side to move (P 100, N B 300,
 * R 500, Q 900), a mate in one when a move mates; its best move mates, else takes the most valuable
 * piece, else castles, else is the first legal move; its pv is the best move and the reply it would choose.
 *
 * (So its evaluation is the material after its best capture.)
 * HAMLE_FAKE_ENGINE (comma-separated; P a ply of the position searched: 2 (fullmove - 1) + 1 for
 * Black; every process counts the same):
 *   nostart     exits with status 3 before it reads anything
 *   noready     never answers uci
 *   exit:P      exits with status 2 when asked to search the position of ply P
 *   hang:P      stops answering there (and ignores SIGINT, SIGTERM and the end of its input)
 *   garbage:P   writes a line that is no UCI there
 *   slow:MS     waits MS milliseconds before each bestmove
 * HAMLE_FAKE_PIDFILE: each process appends its pid to this file.
 * A Chess960 position searched without "setoption name UCI_Chess960 value true" gets a bestmove
 * that is no move. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hamle/engine.h"
#include "hamle/position.h"
#include "hamle/rules.h"

static int cue(const char *what, long *arg)
{
	const char *s = getenv("HAMLE_FAKE_ENGINE");
	size_t n = strlen(what);
	while (s && *s) {
		if (strncmp(s, what, n) == 0 && (s[n] == ':' || s[n] == ',' || s[n] == '\0')) {
			if (arg)
				*arg = s[n] == ':' ? strtol(s + n + 1, NULL, 10) : 0;
			return 1;
		}
		s = strchr(s, ',');
		if (s)
			s++;
	}
	return 0;
}

static void hang(void)
{
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	for (;;)
		pause();
}

static int value(int type)
{
	static const int v[] = { 100, 300, 300, 500, 900, 0, 0 };
	return v[type];
}

static int material(const hamle_position *p)
{
	int sum = 0;
	for (int sq = 0; sq < 64; sq++) {
		int t, c;
		if (hamle_position_piece_at(p, sq, &t, &c))
			sum += c == (int)hamle_position_side(p) ? value(t) : -value(t);
	}
	return sum;
}

static hamle_move best_move(const hamle_position *p, int *mates, int *gain)
{
	hamle_move mv[HAMLE_MAX_MOVES];
	int n = hamle_position_legal_moves(p, mv), best = -1, bestv = -1;
	*mates = 0;
	*gain = 0;
	for (int i = 0; i < n; i++) {
		hamle_position *q = NULL;
		hamle_position_copy(&q, p);
		hamle_position_play(q, mv[i]);
		int st = hamle_position_state(q);
		hamle_position_free(q);
		if (st == HAMLE_STATE_CHECKMATE) {
			*mates = 1;
			return mv[i];
		}
		int t, c, v = 0;
		if (HAMLE_MOVE_KIND(mv[i]) == HAMLE_MOVE_CASTLING)
			v = 1; /* castles when nothing can be taken */
		else if (hamle_position_piece_at(p, HAMLE_MOVE_TO(mv[i]), &t, &c) && c != (int)hamle_position_side(p))
			v = value(t);
		if (v > bestv) {
			bestv = v;
			best = i;
		}
	}
	*gain = bestv > 1 ? bestv : 0;
	return best >= 0 ? mv[best] : HAMLE_MOVE_NONE;
}

static void say(const char *s)
{
	fputs(s, stdout);
	fflush(stdout);
}

static void go(const hamle_position *p, int chess960)
{
	if (hamle_position_is_chess960(p) && !chess960) {
		say("info string a Chess960 position without UCI_Chess960\n");
		say("bestmove ????\n"); /* what a confused engine writes */
		return;
	}
	long arg;
	int ply = 2 * (hamle_position_fullmove(p) - 1) + (hamle_position_side(p) == HAMLE_BLACK);
	if (cue("exit", &arg) && arg == ply)
		exit(2);
	if (cue("hang", &arg) && arg == ply)
		hang();
	if (cue("garbage", &arg) && arg == ply)
		say("\x01\x02 this is no UCI \x7f\n");
	if (cue("slow", &arg)) {
		struct timespec ts = { arg / 1000, (arg % 1000) * 1000000 };
		nanosleep(&ts, NULL);
	}
	int mates, gain;
	hamle_move m = best_move(p, &mates, &gain);
	if (m == HAMLE_MOVE_NONE) {
		say(hamle_position_in_check(p) ? "info depth 0 score mate 0\nbestmove (none)\n" :
			"info depth 0 score cp 0\nbestmove (none)\n");
		return;
	}
	char u[8], r[8] = "";
	hamle_move_uci(u, sizeof(u), p, m);
	hamle_position *q = NULL;
	hamle_position_copy(&q, p);
	hamle_position_play(q, m);
	int dummy, dgain;
	hamle_move reply = best_move(q, &dummy, &dgain);
	if (reply != HAMLE_MOVE_NONE && !mates) {
		r[0] = ' ';
		hamle_move_uci(r + 1, sizeof(r) - 1, q, reply);
	}
	hamle_position_free(q);
	if (mates)
		printf("info depth 1 nodes 20 time 1 score mate 1 pv %s\n", u);
	else
		printf("info depth 1 nodes 20 time 1 score cp %d pv %s%s\n", material(p) + gain, u, r);
	printf("bestmove %s\n", u);
	fflush(stdout);
}

int main(void)
{
	const char *pf = getenv("HAMLE_FAKE_PIDFILE");
	if (pf) {
		FILE *f = fopen(pf, "a");
		if (f) {
			fprintf(f, "%ld\n", (long)getpid());
			fclose(f);
		}
	}
	if (cue("nostart", NULL))
		return 3;
	say("Fake engine for hamle's tests\n");
	hamle_position *pos = NULL;
	hamle_position_new(&pos, NULL, NULL);
	char line[4096];
	int chess960 = 0;
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (strcmp(line, "uci") == 0) {
			if (cue("noready", NULL))
				hang();
			say("id name FakeEngine 1\nid author hamle\noption name UCI_Chess960 type check default false\n"
			    "option name Hash type spin default 16 min 1 max 1024\nuciok\n");
		} else if (strcmp(line, "isready") == 0) {
			say("readyok\n");
		} else if (strcmp(line, "position startpos") == 0) {
			hamle_position_free(pos);
			pos = NULL;
			hamle_position_new(&pos, NULL, NULL);
		} else if (strncmp(line, "position fen ", 13) == 0) {
			hamle_position *np = NULL;
			if (hamle_position_new(&np, line + 13, NULL) == 0) {
				hamle_position_free(pos);
				pos = np;
			}
		} else if (strcmp(line, "setoption name UCI_Chess960 value true") == 0) {
			chess960 = 1;
		} else if (strcmp(line, "setoption name UCI_Chess960 value false") == 0) {
			chess960 = 0;
		} else if (strncmp(line, "go", 2) == 0 && pos) {
			go(pos, chess960);
		} else if (strcmp(line, "quit") == 0) {
			break;
		}
	}
	hamle_position_free(pos);
	return 0;
}
