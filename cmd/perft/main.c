/* hamle-perft: count the leaf nodes of the legal move tree (move-generator check and benchmark). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <hamle/hamle.h>

#include "cmdline.h"
#include "msg.h"
#include "opt.h"
#include "out.h"

enum { OPT_DIVIDE = 1, OPT_BENCH, OPT_LANG };
static const hamle_cli_opt opts[] = {
	{"divide", 0, HAMLE_OPT_NOARG, NULL, "print the count below each legal move (UCI) first", OPT_DIVIDE},
	{"bench", 0, HAMLE_OPT_NOARG, NULL,
		"make every leaf move (no bulk counting) and print the time and nodes per second", OPT_BENCH},
	{"lang", 0, HAMLE_OPT_ARG, "LANG",
		"language of the messages (default: the one LC_ALL, LC_MESSAGES or LANG names, else en)", OPT_LANG},
	HAMLE_OPT_STD_ENTRIES,
	{0}};
static const hamle_cli_info info = {"hamle-perft", HAMLE_VERSION_STRING, "[--divide] [--bench] [--lang=LANG] FEN DEPTH",
	"Counts the leaf nodes of the legal move tree from FEN (FEN, X-FEN or Shredder-FEN; 'startpos' for "
	"the start position) to DEPTH plies. The last number printed is the total.",
	"Exit status: 0 counted, 2 usage error or bad FEN.\n"};

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

/* Reads the command line into cl; -1 with cl->operands[0..2) set, else the exit status (help or
 * version printed, or a usage error). The messages locale is that of --lang, else the
 * environment's. */
static int parse(int argc, char **argv, hamle_msg *msg, hamle_cmdline *cl, int *divide, int *bench)
{
	hamle_opt_parser p;
	const char *lang = NULL;
	int status;
	hamle_opt_init(&p, opts, argc, argv);
	for (int id; (id = hamle_opt_next(&p)) != HAMLE_OPT_END;) {
		if (id == HAMLE_OPT_OPERAND && cl->nops == 2) {
			const char *a[1] = {p.arg};
			hamle_usage_note(&cl->usage, "usage_perft_extra", "unexpected argument '%s'", 1, a);
			continue;
		}
		if (hamle_cmdline_take(cl, id, &p, 0))
			continue;
		switch (id) {
		case OPT_DIVIDE: *divide = 1; break;
		case OPT_BENCH: *bench = 1; break;
		case OPT_LANG: lang = p.arg; break;
		}
	}
	if (hamle_cmdline_version(cl, &info, msg, &status))
		return status;
	if ((status = hamle_cmdline_load(cl, msg)) != 0)
		return status;
	const hamle_locale *messages = hamle_cli_locales_messages(&cl->ls, lang);
	msg->messages = messages ? messages : hamle_cli_locales_messages(&cl->ls, NULL);
	if (hamle_cmdline_help(cl, &info, opts, msg, &status))
		return status;
	if (cl->usage.key)
		return hamle_usage_report(msg, &cl->usage);
	if (!messages) {
		const char *a[1] = {lang};
		return hamle_msg_usage_key(msg, "usage_perft_lang", "--lang: unknown language '%s'", 1, a);
	}
	if (cl->nops != 2)
		return hamle_msg_usage_key(msg, "usage_perft_operands", "expected FEN and DEPTH", 0, NULL);
	return -1;
}

int main(int argc, char **argv)
{
	hamle_msg msg;
	hamle_out out;
	hamle_cmdline cl;
	int divide = 0, bench = 0;

	hamle_msg_init(&msg, info.name);
	hamle_out_ignore_sigpipe();
	hamle_out_init(&out, stdout, NULL);
	int rc = hamle_cmdline_init(&cl, argc, &msg);
	if (rc == 0)
		rc = parse(argc, argv, &msg, &cl, &divide, &bench);
	if (rc >= 0) {
		hamle_cmdline_free(&cl);
		return rc;
	}
	const char **args = cl.operands;
	unsigned long depth;
	if (hamle_opt_parse_ulong(args[1], 0, 20, &depth) < 0) {
		const char *a[1] = {args[1]};
		rc = hamle_msg_usage_key(&msg, "usage_perft_depth", "depth must be a number from 0 to 20, not '%s'", 1, a);
		hamle_cmdline_free(&cl);
		return rc;
	}
	hamle_error err;
	hamle_error_clear(&err);
	hamle_position *pos;
	if (hamle_position_new(&pos, strcmp(args[0], "startpos") ? args[0] : NULL, &err) < 0) {
		hamle_msg_error(&msg, "bad FEN: %s", err.message);
		hamle_cmdline_free(&cl);
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
	hamle_cmdline_free(&cl);
	return hamle_out_close(&out, &msg, HAMLE_EXIT_OK);
}
