/* hamle-perft: count leaf nodes of the move tree (move-generator check and benchmark). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <hamle/hamle.h>

static void usage(FILE *out)
{
	fprintf(out,
		"usage: hamle-perft [--divide] [--bench] FEN DEPTH\n"
		"  Counts the leaf nodes of the legal move tree from FEN (FEN, X-FEN or Shredder-FEN;\n"
		"  'startpos' for the start position) to DEPTH plies. The last number printed is the total.\n"
		"  --divide  print the count below each legal move (UCI notation) first\n"
		"  --bench   make every leaf move (no bulk counting) and print nodes per second\n"
		"exit: 0 ok, 2 usage error or bad FEN\n");
}

static void print_divide(hamle_move m, uint64_t nodes, void *payload)
{
	const hamle_position *pos = payload;
	char uci[8];
	hamle_move_uci(uci, sizeof(uci), pos, m);
	printf("%s: %llu\n", uci, (unsigned long long)nodes);
}

int main(int argc, char **argv)
{
	int divide = 0, bench = 0;
	const char *args[2];
	int nargs = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--divide")) {
			divide = 1;
		} else if (!strcmp(argv[i], "--bench")) {
			bench = 1;
		} else if (!strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(argv[i], "--version")) {
			printf("hamle-perft %s\n", hamle_version());
			return 0;
		} else if (nargs < 2 && (argv[i][0] != '-' || argv[i][1] == '\0')) {
			args[nargs++] = argv[i];
		} else {
			fprintf(stderr, "hamle-perft: unexpected argument '%s'\ntry 'hamle-perft --help' for more information\n", argv[i]);
			return 2;
		}
	}
	if (nargs != 2) {
		fprintf(stderr, "hamle-perft: expected FEN and DEPTH\ntry 'hamle-perft --help' for more information\n");
		return 2;
	}
	char *end;
	long depth = strtol(args[1], &end, 10);
	if (*end || depth < 0 || depth > 20) {
		fprintf(stderr, "hamle-perft: depth must be a number from 0 to 20, not '%s'\n", args[1]);
		return 2;
	}
	hamle_error err;
	hamle_error_clear(&err);
	hamle_position *pos;
	const char *fen = strcmp(args[0], "startpos") ? args[0] : NULL;
	if (hamle_position_new(&pos, fen, &err) < 0) {
		fprintf(stderr, "hamle-perft: bad FEN: %s\n", err.message);
		return 2;
	}
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	uint64_t total;
	if (bench)
		total = hamle_perft_full(pos, (int)depth);
	else if (divide)
		total = hamle_perft_divide(pos, (int)depth, print_divide, pos);
	else
		total = hamle_perft(pos, (int)depth);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	if (bench)
		printf("%.3f s, %.1f M nodes/s (every leaf made, no bulk counting)\n", secs,
			secs > 0 ? (double)total / secs / 1e6 : 0.0);
	if (divide)
		printf("\n");
	printf("%llu\n", (unsigned long long)total);
	hamle_position_free(pos);
	if (fflush(stdout) != 0 || ferror(stdout))
		return 2;
	return 0;
}
