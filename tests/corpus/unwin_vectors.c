/* unwin_vectors: the unwinnability analysis against CHA's test vectors.
 *
 *   unwin_vectors FILE MIN_DECIDED_PERCENT [BUDGET]
 *
 * FILE is D3-Chess's tests/test-vector.txt: lines "XY FEN", X 'W' when White can mate, else
 * '-', Y 'B' or '-' for Black. Every side verdict is compared with it: a verdict that
 * contradicts it fails, and so does every helpmate that does not replay, move by move with
 * the move generator, to a checkmate of the other side. Prints the figures and the time per
 * position; fails when fewer than MIN_DECIDED_PERCENT of the side verdicts are decided. Exit 77
 * when FILE is missing (../shared absent). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <hamle/hamle.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* 1 when r's line, played from pos, is legal throughout and ends with `side`'s opponent mated. */
static int replays(const hamle_position *pos, const hamle_unwin_result *r, int side)
{
	hamle_position *p = NULL;
	if (hamle_position_copy(&p, pos) < 0)
		return 0;
	int ok = 1;
	for (int i = 0; ok && i < r->line_len; i++) {
		if (!hamle_position_is_legal(p, r->line[i]))
			ok = 0;
		else
			hamle_position_play(p, r->line[i]);
	}
	ok = ok && hamle_position_state(p) == HAMLE_STATE_CHECKMATE && (int)hamle_position_side(p) != side;
	hamle_position_free(p);
	return ok;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: unwin_vectors FILE MIN_DECIDED_PERCENT [BUDGET]\n");
		return 2;
	}
	FILE *f = fopen(argv[1], "r");
	if (!f) {
		printf("skipped: ../shared not found\n");
		return 77;
	}
	double min_pct = atof(argv[2]);
	unsigned long budget = argc > 3 ? strtoul(argv[3], NULL, 10) : 0;
	hamle_unwin *u = NULL;
	if (hamle_unwin_new(&u) < 0)
		return 2;
	char line[512];
	long positions = 0, verdicts = 0, decided = 0, contradictions = 0, bad_lines = 0, undecided[2] = {0, 0};
	long helpmates = 0, by_reason[8] = {0};
	unsigned long nodes = 0;
	double seconds = 0, per[4096];
	size_t nper = 0;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '#' || strlen(line) < 4)
			continue;
		char fen[600];
		/* one line of the file has the board and side only: the rest is "- -" */
		snprintf(fen, sizeof(fen), "%s%s", line + 3, strchr(line + 3, ' ') && strchr(strchr(line + 3, ' ') + 1, ' ') ? "" : " - -");
		hamle_position *pos = NULL;
		hamle_error err;
		if (hamle_position_new(&pos, fen, &err) < 0) {
			printf("bad FEN: %s: %s\n", fen, err.message);
			contradictions++;
			continue;
		}
		positions++;
		double here = 0;
		for (int side = 0; side < 2; side++) {
			hamle_unwin_result r;
			struct timespec t0, t1;
			clock_gettime(CLOCK_MONOTONIC, &t0);
			hamle_unwin_analyze(u, &r, pos, (hamle_color)side, budget);
			clock_gettime(CLOCK_MONOTONIC, &t1);
			double dt = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
			seconds += dt;
			here += dt;
			nodes += r.nodes;
			verdicts++;
			int truth = line[side] == (side ? 'B' : 'W');
			if (r.verdict == HAMLE_UNWIN_UNDECIDED) {
				undecided[side]++;
				continue;
			}
			decided++;
			by_reason[r.reason]++;
			if ((r.verdict == HAMLE_UNWIN_CAN_MATE) != truth) {
				printf("contradiction: %s says %c, the analysis %s (%s)\n", line, line[side],
					hamle_unwin_verdict_id(r.verdict), hamle_unwin_reason_id(r.reason));
				contradictions++;
			}
			if (r.verdict == HAMLE_UNWIN_CAN_MATE) {
				helpmates++;
				if (!replays(pos, &r, side)) {
					printf("helpmate does not replay to mate: %s (%s)\n", fen, side ? "Black" : "White");
					bad_lines++;
				}
			}
		}
		if (nper < sizeof(per) / sizeof(per[0]))
			per[nper++] = here;
		hamle_position_free(pos);
	}
	fclose(f);
	qsort(per, nper, sizeof(per[0]), cmp_double);
	hamle_unwin_free(u);
	double pct = verdicts ? 100.0 * (double)decided / (double)verdicts : 0;
	printf("positions %ld, side verdicts %ld, decided %ld (%.2f%%), undecided %ld (White %ld, Black %ld)\n",
		positions, verdicts, decided, pct, undecided[0] + undecided[1], undecided[0], undecided[1]);
	printf("contradictions %ld; helpmates %ld, of which do not replay %ld\n", contradictions, helpmates, bad_lines);
	printf("by reason: helpmate %ld, game-over %ld, material %ld, blockade %ld, search %ld\n",
		by_reason[HAMLE_UNWIN_BY_HELPMATE], by_reason[HAMLE_UNWIN_BY_GAME_OVER],
		by_reason[HAMLE_UNWIN_BY_MATERIAL], by_reason[HAMLE_UNWIN_BY_BLOCKADE], by_reason[HAMLE_UNWIN_BY_SEARCH]);
	printf("time %.3f s, %.1f us per position (both sides), %lu nodes\n", seconds,
		positions ? 1e6 * seconds / (double)positions : 0, nodes);
	if (nper)
		printf("per position: median %.1f us, 90th percentile %.1f us, 99th %.1f us, max %.1f us\n",
			1e6 * per[nper / 2], 1e6 * per[nper * 9 / 10], 1e6 * per[nper * 99 / 100], 1e6 * per[nper - 1]);
	if (contradictions || bad_lines) {
		printf("FAIL: %ld contradictions, %ld helpmates that do not replay\n", contradictions, bad_lines);
		return 1;
	}
	if (pct < min_pct) {
		printf("FAIL: decided %.2f%% < %.2f%%\n", pct, min_pct);
		return 1;
	}
	return 0;
}
