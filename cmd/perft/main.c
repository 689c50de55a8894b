/* hamle-perft: count the leaf nodes of the legal move tree (move-generator check and benchmark). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <hamle/hamle.h>

#include "msg.h"
#include "opt.h"
#include "out.h"

enum { OPT_DIVIDE = 1, OPT_BENCH };
static const hamle_cli_opt opts[] = {
	{"divide", 0, HAMLE_OPT_NOARG, NULL, "print the count below each legal move (UCI) first", OPT_DIVIDE},
	{"bench", 0, HAMLE_OPT_NOARG, NULL,
		"make every leaf move (no bulk counting) and print the time and nodes per second", OPT_BENCH},
	HAMLE_OPT_STD_ENTRIES,
	{0}};
static const hamle_cli_info info = {"hamle-perft", HAMLE_VERSION_STRING, "[--divide] [--bench] FEN DEPTH",
	"Counts the leaf nodes of the legal move tree from FEN (FEN, X-FEN or Shredder-FEN; 'startpos' for "
	"the start position) to DEPTH plies. The last number printed is the total.",
	"Exit status: 0 counted, 2 usage error or bad FEN."};

struct divide_ctx {
	const hamle_position *pos;
	hamle_out *out;
};

static void print_divide(hamle_move m, uint64_t nodes, void *payload)
{
	struct divide_ctx *c = payload;
	char uci[8];
	hamle_move_uci(uci, sizeof(uci), c->pos, m);
	hamle_out_printf(c->out, "%s: %llu\n", uci, (unsigned long long)nodes);
}

int main(int argc, char **argv)
{
	hamle_msg msg;
	hamle_out out;
	hamle_opt_parser p;
	int divide = 0, bench = 0;
	const char *args[2];
	int nargs = 0;

	hamle_msg_init(&msg, info.name);
	hamle_out_ignore_sigpipe();
	hamle_out_init(&out, stdout, NULL);
	hamle_opt_init(&p, opts, argc, argv);
	for (int id; (id = hamle_opt_next(&p)) != HAMLE_OPT_END;) {
		switch (id) {
		case HAMLE_OPT_OPERAND:
			if (nargs == 2)
				return hamle_msg_usage(&msg, "unexpected argument '%s'", p.arg);
			args[nargs++] = p.arg;
			break;
		case HAMLE_OPT_FAIL: return hamle_msg_usage(&msg, "%s", p.error);
		case OPT_DIVIDE: divide = 1; break;
		case OPT_BENCH: bench = 1; break;
		case HAMLE_OPT_HELP:
			hamle_opt_help(stdout, &info, opts);
			return hamle_out_close(&out, &msg, HAMLE_EXIT_OK);
		case HAMLE_OPT_VERSION:
			hamle_opt_version(stdout, &info);
			return hamle_out_close(&out, &msg, HAMLE_EXIT_OK);
		}
	}
	if (nargs != 2)
		return hamle_msg_usage(&msg, "expected FEN and DEPTH");
	unsigned long depth;
	if (hamle_opt_parse_ulong(args[1], 0, 20, &depth) < 0)
		return hamle_msg_usage(&msg, "depth must be a number from 0 to 20, not '%s'", args[1]);
	hamle_error err;
	hamle_error_clear(&err);
	hamle_position *pos;
	if (hamle_position_new(&pos, strcmp(args[0], "startpos") ? args[0] : NULL, &err) < 0) {
		hamle_msg_error(&msg, "bad FEN: %s", err.message);
		return HAMLE_EXIT_ERROR;
	}
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	uint64_t total;
	if (bench) {
		total = hamle_perft_full(pos, (int)depth);
	} else if (divide) {
		struct divide_ctx c = {pos, &out};
		total = hamle_perft_divide(pos, (int)depth, print_divide, &c);
		hamle_out_puts(&out, "\n");
	} else {
		total = hamle_perft(pos, (int)depth);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	if (bench)
		hamle_out_printf(&out, "%.3f s, %.1f M nodes/s (every leaf made, no bulk counting)\n", secs,
			secs > 0 ? (double)total / secs / 1e6 : 0.0);
	hamle_out_printf(&out, "%llu\n", (unsigned long long)total);
	hamle_position_free(pos);
	return hamle_out_close(&out, &msg, HAMLE_EXIT_OK);
}
