/* hamle-move: read moves in one language, write them in another form or language.
 *
 *   hamle-move [--from L] [--lang L] [--to FORM] FEN TOKEN...   play TOKENs in turn from FEN
 *   hamle-move [options] --batch < lines                        each line FEN<TAB>TOKEN on its own
 *
 * Batch output has one line per input line: the move, or "error: KIND: message" with KIND one of
 * syntax, illegal-move, ambiguous-move, bad-fen. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hamle/hamle.h>
#include <hamle/san.h>

#include "msg.h"
#include "opt.h"
#include "out.h"

enum { OPT_FROM = 1, OPT_LANG, OPT_TO, OPT_LOCALE_FILE, OPT_BATCH, OPT_LEGAL };
static const hamle_cli_opt opts[] = {
	{"from", 'f', HAMLE_OPT_ARG, "L", "input language: en tr de fr es it nl fan (default: en)", OPT_FROM},
	{"lang", 'l', HAMLE_OPT_ARG, "L", "output language (default: the input language; fan = figurines)",
		OPT_LANG},
	{"to", 't', HAMLE_OPT_ARG, "FORM", "output form: san fide lan uci spoken (default: san)", OPT_TO},
	{"locale-file", 0, HAMLE_OPT_ARG, "PATH", "read the input language from a locale YAML file",
		OPT_LOCALE_FILE},
	{"batch", 'b', HAMLE_OPT_NOARG, NULL, "read lines FEN<TAB>TOKEN from stdin, one answer per line",
		OPT_BATCH},
	{"legal", 0, HAMLE_OPT_NOARG, NULL, "print every legal move of FEN instead (with --batch: one line "
		"per FEN, moves separated by TABs)", OPT_LEGAL},
	HAMLE_OPT_STD_ENTRIES,
	{0}};

static const hamle_cli_info info = {"hamle-move", HAMLE_VERSION_STRING,
	"[options] FEN TOKEN...\n       hamle-move [options] --batch",
	"Reads chess moves written in the input language (--from) and prints each in the output "
	"language (--lang) and form (--to), one per line. The tokens are played in turn from FEN "
	"('startpos' is the standard start position). Every notation people write is read: SAN, "
	"FIDE scoresheet style (0-0, d8Q, exd6 e.p.), long algebraic (Ng1-f3), UCI, figurines. "
	"With --batch, each stdin line FEN<TAB>TOKEN is answered on its own line by the move or by "
	"'error: KIND: message' (KIND: syntax, illegal-move, ambiguous-move, bad-fen).",
	"Exit status: 0 every token resolved, 1 at least one did not,\n"
	"2 usage, locale or I/O error (also a failed write to stdout).\n"};

struct job {
	const hamle_locale *in, *out;
	int form;
	int legal; /* --legal */
	hamle_out *o;
	const hamle_msg *msg;
};

static int load_locale(hamle_locale **loc, const char *tag, const char *path, const hamle_msg *msg)
{
	hamle_error err;
	hamle_error_clear(&err);
	int rc = path ? hamle_locale_load_file(loc, path, &err) : hamle_locale_load_builtin(loc, tag, &err);
	if (rc < 0) {
		if (path)
			hamle_msg_error(msg, "%s", err.message);
		else
			hamle_msg_usage(msg, "unknown language '%s'", tag);
		return -1;
	}
	return 0;
}

static int new_position(hamle_position **pos, const char *fen, hamle_error *err)
{
	return hamle_position_new(pos, strcmp(fen, "startpos") == 0 ? NULL : fen, err);
}

/* Resolves one token and writes it; returns 0 or the error status (err filled). */
static int play(struct job *j, hamle_position *pos, const char *tok, size_t len, hamle_error *err)
{
	hamle_move m;
	char buf[512];
	int rc = hamle_san_parse(&m, pos, j->in, tok, len, NULL, err);
	if (rc < 0)
		return rc;
	int n = hamle_san_format(buf, sizeof(buf), pos, j->out, m, j->form);
	if (n < 0 || (size_t)n >= sizeof(buf))
		return hamle_san_format(buf, 0, pos, j->out, m, j->form) < 0 ? HAMLE_EUSAGE : HAMLE_ELIMIT;
	hamle_out_printf(j->o, "%s\n", buf);
	hamle_position_play(pos, m);
	return 0;
}

/* Writes every legal move of pos, each followed by sep. */
static int list_legal(struct job *j, const hamle_position *pos, const char *sep)
{
	hamle_move moves[HAMLE_MAX_MOVES];
	char buf[512];
	int n = hamle_position_legal_moves(pos, moves);
	for (int i = 0; i < n; i++) {
		if (hamle_san_format(buf, sizeof(buf), pos, j->out, moves[i], j->form) < 0)
			return HAMLE_EUSAGE;
		hamle_out_printf(j->o, "%s%s", buf, i + 1 < n ? sep : "\n");
	}
	if (n == 0)
		hamle_out_puts(j->o, "\n");
	return 0;
}

static int run_batch(struct job *j)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t got;
	int status = HAMLE_EXIT_OK;
	while (!hamle_out_failed(j->o) && (got = getline(&line, &cap, stdin)) >= 0) {
		size_t len = (size_t)got;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			len--;
		line[len] = '\0';
		hamle_error err;
		hamle_error_clear(&err);
		char *tab = strchr(line, '\t');
		int rc;
		if (j->legal) {
			hamle_position *pos = NULL;
			rc = new_position(&pos, line, &err);
			if (rc == 0)
				rc = list_legal(j, pos, "\t");
			hamle_position_free(pos);
		} else if (!tab) {
			rc = err.code = HAMLE_ESYNTAX;
			snprintf(err.message, sizeof(err.message), "expected FEN<TAB>TOKEN");
		} else {
			*tab = '\0';
			hamle_position *pos = NULL;
			rc = new_position(&pos, line, &err);
			if (rc == 0)
				rc = play(j, pos, tab + 1, len - (size_t)(tab + 1 - line), &err);
			hamle_position_free(pos);
		}
		if (rc < 0) {
			hamle_out_printf(j->o, "error: %s: %s\n", hamle_status_id(rc), err.message);
			status = HAMLE_EXIT_INVALID;
		}
	}
	int read_err = ferror(stdin);
	free(line);
	if (read_err) {
		hamle_msg_syserr(j->msg, "<stdin>", errno);
		return HAMLE_EXIT_ERROR;
	}
	return status;
}

static int run_tokens(struct job *j, char **args, int nargs)
{
	hamle_error err;
	hamle_error_clear(&err);
	hamle_position *pos;
	if (new_position(&pos, args[0], &err) < 0) {
		hamle_msg_error(j->msg, "bad-fen: %s", err.message);
		return HAMLE_EXIT_INVALID;
	}
	int status = HAMLE_EXIT_OK;
	if (j->legal && list_legal(j, pos, "\n") < 0)
		status = HAMLE_EXIT_ERROR;
	for (int i = 1; i < nargs && !j->legal && !hamle_out_failed(j->o); i++) {
		int rc = play(j, pos, args[i], strlen(args[i]), &err);
		if (rc < 0) {
			hamle_msg_error(j->msg, "token %d '%s': %s: %s", i, args[i], hamle_status_id(rc),
				err.message);
			status = HAMLE_EXIT_INVALID;
			break; /* the later tokens belong to a position we cannot reach */
		}
	}
	hamle_position_free(pos);
	return status;
}

int main(int argc, char **argv)
{
	hamle_msg msg;
	hamle_out out;
	hamle_opt_parser p;
	const char *from = "en", *lang = NULL, *locale_file = NULL;
	int form = HAMLE_FORM_SAN, batch = 0, legal = 0, nargs = 0;
	char **args = calloc((size_t)argc + 1, sizeof(*args));

	hamle_msg_init(&msg, info.name);
	hamle_out_ignore_sigpipe();
	hamle_out_init(&out, stdout, NULL);
	if (!args)
		return hamle_msg_syserr(&msg, "arguments", ENOMEM);
	hamle_opt_init(&p, opts, argc, argv);
	for (int id; (id = hamle_opt_next(&p)) != HAMLE_OPT_END;) {
		switch (id) {
		case HAMLE_OPT_OPERAND: args[nargs++] = (char *)p.arg; break;
		case HAMLE_OPT_FAIL: free(args); return hamle_msg_usage(&msg, "%s", p.error);
		case OPT_FROM: from = p.arg; break;
		case OPT_LANG: lang = p.arg; break;
		case OPT_LOCALE_FILE: locale_file = p.arg; break;
		case OPT_BATCH: batch = 1; break;
		case OPT_LEGAL: legal = 1; break;
		case OPT_TO:
			if ((form = hamle_san_form_parse(p.arg)) < 0) {
				free(args);
				return hamle_msg_usage(&msg, "--to must be san, fide, lan, uci or spoken, not '%s'", p.arg);
			}
			break;
		case HAMLE_OPT_HELP:
			free(args);
			hamle_opt_help(stdout, &info, opts);
			return hamle_out_close(&out, &msg, HAMLE_EXIT_OK);
		case HAMLE_OPT_VERSION:
			free(args);
			hamle_opt_version(stdout, &info);
			return hamle_out_close(&out, &msg, HAMLE_EXIT_OK);
		}
	}
	if (batch && nargs > 0) {
		free(args);
		return hamle_msg_usage(&msg, "--batch reads FEN<TAB>TOKEN lines from stdin; no operands");
	}
	if (!batch && legal && nargs != 1) {
		free(args);
		return hamle_msg_usage(&msg, "--legal takes one FEN and no moves");
	}
	if (!batch && !legal && nargs < 2) {
		free(args);
		return hamle_msg_usage(&msg, "expected a FEN and at least one move");
	}
	hamle_locale *in = NULL, *outloc = NULL;
	int status = HAMLE_EXIT_ERROR;
	if (load_locale(&in, from, locale_file, &msg) < 0)
		goto cleanup;
	if (lang && load_locale(&outloc, lang, NULL, &msg) < 0)
		goto cleanup;
	struct job j = {in, outloc ? outloc : in, form, legal, &out, &msg};
	status = batch ? run_batch(&j) : run_tokens(&j, args, nargs);
	status = hamle_out_close(&out, &msg, status);
cleanup:
	hamle_locale_free(in);
	hamle_locale_free(outloc);
	free(args);
	return status;
}
