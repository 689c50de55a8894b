/* hamle-move: read moves in one language, write them in another form or language.
 *
 *   hamle-move [--from L] [--lang L] [--to FORM] FEN TOKEN...   play TOKENs in turn from FEN
 *   hamle-move [options] --batch < lines                        each line FEN<TAB>TOKEN on its own
 *
 * --from auto detects the language from the tokens (all of them, or each batch line's own) as
 * the other tools do per game: they are read as a game by the replay, which says its language.
 * Languages that read them equally far but as different moves make the first token they differ
 * on an ambiguous-language error (the tokens before it are played: they read the same).
 *
 * Batch output has one line per input line: the move, or "error: KIND: message" with KIND one of
 * syntax, illegal-move, ambiguous-move, bad-fen. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hamle/hamle.h>
#include <hamle/san.h>

#include "buf.h"
#include "cmdline.h"
#include "codes.h"
#include "input.h"
#include "move.h"
#include "msg.h"
#include "opt.h"
#include "out.h"

enum { OPT_FROM = 1, OPT_LANG, OPT_TO, OPT_LOCALE_FILE, OPT_BATCH, OPT_LEGAL, OPT_IGNORE, OPT_SELECT,
	OPT_VERBOSE, OPT_WINNABLE, OPT_BUDGET };
static const hamle_cli_opt opts[] = {
	{"from", 'f', HAMLE_OPT_ARG, "L", "input language: auto (detected from the tokens; with --batch, "
		"per line), en tr de fr es it nl fan or a --locale-file's tag (default: en, or the last "
		"--locale-file)", OPT_FROM},
	{"lang", 'l', HAMLE_OPT_ARG, "L", "output language, and that of the messages (default: the input "
		"language; fan = figurines; without it the messages follow LC_ALL, LC_MESSAGES or LANG, else en)",
		OPT_LANG},
	{"to", 't', HAMLE_OPT_ARG, "FORM", "output form: san fide lan uci spoken (default: san)", OPT_TO},
	{"locale-file", 0, HAMLE_OPT_ARG, "PATH", "load one more locale from a YAML file (repeatable); "
		"without --from, the last one is the input language", OPT_LOCALE_FILE},
	{"batch", 'b', HAMLE_OPT_NOARG, NULL, "read lines FEN<TAB>TOKEN from stdin, one answer per line",
		OPT_BATCH},
	{"legal", 0, HAMLE_OPT_NOARG, NULL, "print every legal move of FEN instead (with --batch: one line "
		"per FEN, moves separated by TABs)", OPT_LEGAL},
	{"winnable", 0, HAMLE_OPT_NOARG, NULL, "say instead whether each side can still mate from FEN (with "
		"--batch: one FEN per stdin line): 'W' or '-' for White, 'B' or '-' for Black, '?' undecided, "
		"a space and the FEN (FIDE 5.2.2, 6.9)", OPT_WINNABLE},
	{"mate-budget", 0, HAMLE_OPT_ARG, "N", "with --winnable: positions searched at most per side "
		"(default: 1000000)", OPT_BUDGET},
	{"verbose", 'v', HAMLE_OPT_NOARG, NULL, "notes on stderr: each locale file loaded; with --winnable, "
		"a line per side with its helpmate in UCI or the reason it cannot mate", OPT_VERBOSE},
	HAMLE_OPT_CODE_ENTRIES(OPT_IGNORE, OPT_SELECT), /* as in every tool: hamle-move prints no warning */
	HAMLE_OPT_STD_ENTRIES,
	{0}};

static const hamle_cli_info info = {"hamle-move", HAMLE_VERSION_STRING,
	"[options] FEN TOKEN...\n[options] --batch\n--winnable [options] FEN|--batch",
	"Reads chess moves written in the input language (--from) and prints each in the output "
	"language (--lang) and form (--to), one per line. The tokens are played in turn from FEN "
	"('startpos' is the standard start position). Every notation people write is read: SAN, "
	"FIDE scoresheet style (0-0, d8Q, exd6 e.p.), long algebraic (Ng1-f3), UCI, figurines. "
	"With --batch, each stdin line FEN<TAB>TOKEN is answered on its own line by the move or by "
	"'error: KIND: message' (KIND: syntax, illegal-move, ambiguous-move, bad-fen).",
	"Exit status: 0 every token resolved, 1 at least one did not,\n"
	"2 usage, locale or I/O error (also a failed write to stdout).\n"};

struct job {
	const hamle_locale *in, *out; /* in NULL: --from auto; out NULL: the input language */
	const hamle_cli_locales *ls;  /* candidates of --from auto */
	const hamle_locale *messages; /* --lang, else the environment's, else en */
	int form;
	int legal; /* --legal */
	hamle_out *o;
	const hamle_msg *msg;
	hamle_replay *rp;  /* --from auto: reads the tokens as a game to learn their language */
	hamle_game *game;
	hamle_buf text;    /* that game */
};

/* --from auto: the language of tokens[0..n) played from fen, as the replay detects it for a
 * game (English when it cannot tell). When languages read the tokens as different moves, *amb is
 * the ambiguous-language finding (its ply: the first token read differently), else NULL.
 * HAMLE_ENOMEM when out of memory. */
static int detect(struct job *j, const char *fen, const char *const *tokens, const size_t *lens, size_t n,
	const hamle_locale **out, const hamle_diagnostic **amb)
{
	*amb = NULL;
	*out = hamle_cli_locales_find(j->ls, "en");
	if (!j->rp) {
		hamle_replay_options ro = HAMLE_REPLAY_OPTIONS_INIT;
		ro.candidates = (const hamle_locale *const *)j->ls->loc;
		ro.n_candidates = j->ls->n;
		ro.messages = j->messages;
		ro.flags = HAMLE_REPLAY_NO_SUGGEST;
		if (hamle_replay_new(&j->rp, &ro) < 0)
			return HAMLE_ENOMEM;
	}
	hamle_buf_clear(&j->text);
	if (strcmp(fen, "startpos") != 0)
		hamle_buf_printf(&j->text, "[SetUp \"1\"]\n[FEN \"%s\"]\n\n", fen);
	for (size_t i = 0; i < n; i++) {
		hamle_buf_append(&j->text, tokens[i], lens[i]);
		hamle_buf_putc(&j->text, ' ');
	}
	hamle_buf_puts(&j->text, "*\n");
	if (hamle_buf_failed(&j->text))
		return HAMLE_ENOMEM;
	hamle_chunk ch = {.data = (const unsigned char *)j->text.data, .len = j->text.len,
		.source = "<arguments>", .game = 1, .line = 1, .column = 1, .offset = 0,
		.total_len = j->text.len};
	if (hamle_game_parse(&j->game, &ch, NULL) < 0 || hamle_replay_run(j->rp, j->game) < 0)
		return HAMLE_ENOMEM;
	if (hamle_replay_locale(j->rp))
		*out = hamle_replay_locale(j->rp);
	for (size_t i = 0; i < hamle_replay_finding_count(j->rp); i++) {
		const hamle_diagnostic *f = hamle_replay_finding(j->rp, i);
		if (!strcmp(f->id, "ambiguous-language"))
			*amb = f;
	}
	return 0;
}


static int new_position(hamle_position **pos, const char *fen, hamle_error *err)
{
	return hamle_position_new(pos, strcmp(fen, "startpos") == 0 ? NULL : fen, err);
}

/* Resolves one token read in loc and writes it; returns 0 or the error status (err filled). */
static int play(struct job *j, const hamle_locale *loc, hamle_position *pos, const char *tok, size_t len,
	hamle_error *err)
{
	hamle_move m;
	char buf[512];
	const hamle_locale *out = j->out ? j->out : loc;
	hamle_san_info si;
	memset(&si, 0, sizeof(si));
	si.messages = j->messages;
	int rc = hamle_san_parse(&m, pos, loc, tok, len, &si, err);
	if (rc < 0)
		return rc;
	int n = hamle_san_format(buf, sizeof(buf), pos, out, m, j->form);
	if (n < 0 || (size_t)n >= sizeof(buf))
		return hamle_san_format(buf, 0, pos, out, m, j->form) < 0 ? HAMLE_EUSAGE : HAMLE_ELIMIT;
	hamle_out_printf(j->o, "%s\n", buf);
	hamle_position_play(pos, m);
	return 0;
}

/* Writes every legal move of pos, each followed by sep. */
static int list_legal(struct job *j, const hamle_position *pos, const char *sep)
{
	hamle_move moves[HAMLE_MAX_MOVES];
	char buf[512];
	const hamle_locale *out = j->out ? j->out : j->in ? j->in : hamle_cli_locales_find(j->ls, "en");
	int n = hamle_position_legal_moves(pos, moves);
	for (int i = 0; i < n; i++) {
		if (hamle_san_format(buf, sizeof(buf), pos, out, moves[i], j->form) < 0)
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
			const char *tok = tab + 1;
			size_t toklen = len - (size_t)(tab + 1 - line);
			const hamle_locale *loc = j->in;
			const hamle_diagnostic *amb = NULL;
			rc = new_position(&pos, line, &err);
			if (rc == 0 && !loc && detect(j, line, &tok, &toklen, 1, &loc, &amb) < 0) {
				hamle_position_free(pos);
				hamle_msg_nomem(j->msg);
				status = HAMLE_EXIT_ERROR;
				break;
			}
			if (rc == 0 && amb) {
				hamle_out_printf(j->o, "error: %s: %s\n", amb->id, amb->error.message);
				status = HAMLE_EXIT_INVALID;
			} else if (rc == 0) {
				rc = play(j, loc, pos, tok, toklen, &err);
			}
			hamle_position_free(pos);
		}
		if (rc < 0) {
			hamle_out_printf(j->o, "error: %s: %s\n", hamle_status_id(rc), err.message);
			status = HAMLE_EXIT_INVALID;
		}
	}
	int read_err = ferror(stdin);
	free(line);
	if (status == HAMLE_EXIT_ERROR)
		return status;
	if (read_err) {
		hamle_msg_syserr(j->msg, "<stdin>", errno);
		return HAMLE_EXIT_ERROR;
	}
	return status;
}

/* "token 3 'Nf3': syntax: message", in the messages language. */
static void token_error(const struct job *j, int i, const char *token, const char *code, const char *message)
{
	char n[16], text[2 * HAMLE_ERROR_MESSAGE_MAX];
	snprintf(n, sizeof(n), "%d", i);
	const char *a[4] = {n, token, code, message};
	if (hamle_locale_format(text, sizeof(text), j->messages, "token_failed", 4, a) < 0)
		snprintf(text, sizeof(text), "token %s '%s': %s: %s", a[0], a[1], a[2], a[3]);
	hamle_msg_error(j->msg, "%s", text);
}

/* Decodes tokens[0..n) as the reader decodes a game's bytes (so Windows-1254 `\xDEe3` typed in a
 * Turkish terminal is `Şe3`): into *text, one NUL-terminated token after another, and tokens[i]
 * pointed at them. Tokens that are valid UTF-8 (all of them) stay as they are. HAMLE_ENOMEM when out
 * of memory. */
static int decode_tokens(struct job *j, const char **tokens, size_t n, char **text)
{
	*text = NULL;
	hamle_buf_clear(&j->text);
	for (size_t i = 0; i < n; i++) {
		hamle_buf_puts(&j->text, tokens[i]);
		hamle_buf_putc(&j->text, '\n');
	}
	if (hamle_buf_failed(&j->text))
		return HAMLE_ENOMEM;
	hamle_chunk ch = {.data = (const unsigned char *)j->text.data, .len = j->text.len,
		.source = "<arguments>", .game = 1, .line = 1, .column = 1, .offset = 0,
		.total_len = j->text.len};
	if (hamle_game_parse(&j->game, &ch, NULL) < 0)
		return HAMLE_ENOMEM;
	if (hamle_game_encoding(j->game) == HAMLE_ENCODING_UTF8)
		return 0;
	size_t len, lines = 0;
	const char *dec = hamle_game_text(j->game, &len);
	for (size_t i = 0; i < len; i++)
		lines += dec[i] == '\n';
	if (lines != n) /* a token of several lines: they cannot be told apart again */
		return 0;
	if (!(*text = malloc(len + 1)))
		return HAMLE_ENOMEM;
	memcpy(*text, dec, len + 1);
	char *t = *text;
	for (size_t i = 0; i < n; i++) {
		tokens[i] = t;
		t = strchr(t, '\n');
		*t++ = '\0';
	}
	return 0;
}

/* Plays the tokens args[1..nargs) from the FEN args[0] (decoded: run_tokens). */
static int run_decoded(struct job *j, const char **args, int nargs)
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
	const hamle_locale *loc = j->in;
	const hamle_diagnostic *amb = NULL;
	int last = nargs; /* tokens args[1..last) are played */
	if (!j->legal && !loc) {
		size_t *lens = calloc((size_t)nargs, sizeof(*lens));
		int rc = lens ? 0 : HAMLE_ENOMEM;
		for (int i = 1; lens && i < nargs; i++)
			lens[i] = strlen(args[i]);
		if (rc == 0)
			rc = detect(j, args[0], args + 1, lens + 1, (size_t)nargs - 1, &loc, &amb);
		free(lens);
		if (rc < 0) {
			hamle_position_free(pos);
			return hamle_msg_nomem(j->msg);
		}
		/* the tokens before the first one the languages read differently are the same moves */
		if (amb)
			last = amb->error.ply >= 1 && amb->error.ply < (unsigned)nargs ? (int)amb->error.ply : 1;
	}
	for (int i = 1; i <= last && i < nargs && !j->legal && !hamle_out_failed(j->o); i++) {
		if (i == last) {
			token_error(j, i, args[i], amb->id, amb->error.message);
			status = HAMLE_EXIT_INVALID;
			break;
		}
		int rc = play(j, loc, pos, args[i], strlen(args[i]), &err);
		if (rc < 0) {
			token_error(j, i, args[i], hamle_status_id(rc), err.message);
			status = HAMLE_EXIT_INVALID;
			break; /* the later tokens belong to a position we cannot reach */
		}
	}
	hamle_position_free(pos);
	return status;
}

/* Plays the tokens args[1..nargs) from the FEN args[0]. */
static int run_tokens(struct job *j, const char **args, int nargs)
{
	char *decoded = NULL;
	if (nargs > 1 && decode_tokens(j, args + 1, (size_t)nargs - 1, &decoded) < 0)
		return hamle_msg_nomem(j->msg);
	int status = run_decoded(j, args, nargs);
	free(decoded);
	return status;
}

int main(int argc, char **argv)
{
	hamle_msg msg;
	hamle_out out;
	hamle_opt_parser p;
	const char *from = NULL, *lang = NULL;
	int form = HAMLE_FORM_SAN, batch = 0, legal = 0, winnable = 0, status;
	unsigned long budget = 0;
	hamle_cmdline cl;
	struct job j = {NULL, NULL, &cl.ls, NULL, HAMLE_FORM_SAN, 0, &out, &msg, NULL, NULL, HAMLE_BUF_INIT};

	hamle_msg_init(&msg, info.name);
	hamle_out_ignore_sigpipe();
	hamle_out_init(&out, stdout, NULL);
	if ((status = hamle_cmdline_init(&cl, argc, &msg)) != 0)
		goto cleanup;
	status = HAMLE_EXIT_ERROR;
	/* the whole command line is read first: --help and the first usage error are printed once
	 * the messages locale is known (--lang anywhere, else the environment) */
	hamle_usage *usage = &cl.usage;
	hamle_opt_init(&p, opts, argc, argv);
	for (int id; (id = hamle_opt_next(&p)) != HAMLE_OPT_END;) {
		const char *a[1] = {p.arg};
		if (hamle_cmdline_take(&cl, id, &p, OPT_LOCALE_FILE))
			continue;
		switch (id) {
		case OPT_FROM: from = p.arg; break;
		case OPT_LANG: lang = p.arg; break;
		case OPT_BATCH: batch = 1; break;
		case OPT_LEGAL: legal = 1; break;
		case OPT_VERBOSE: msg.verbosity++; break;
		case OPT_WINNABLE: winnable = 1; break;
		case OPT_BUDGET: {
			char *end = NULL;
			errno = 0;
			budget = p.arg[0] >= '0' && p.arg[0] <= '9' ? strtoul(p.arg, &end, 10) : 0;
			if (budget == 0 || *end || errno)
				hamle_usage_note(usage, "usage_move_budget", "--mate-budget must be a positive number, not '%s'",
					1, a);
			break;
		}
		case OPT_IGNORE:
		case OPT_SELECT: {
			hamle_code_filter codes = HAMLE_CODE_FILTER_INIT;
			hamle_code_filter_note(&codes, p.arg, id == OPT_SELECT, usage);
			break;
		}
		case OPT_TO:
			if ((form = hamle_san_form_parse(p.arg)) < 0)
				hamle_usage_note(usage, "usage_move_to", "--to must be san, fide, lan, uci or spoken, not '%s'", 1, a);
			break;
		}
	}
	if (hamle_cmdline_version(&cl, &info, &msg, &status))
		goto cleanup;
	if ((status = hamle_cmdline_load(&cl, &msg)) != 0)
		goto cleanup;
	status = HAMLE_EXIT_ERROR;
	/* the messages: --lang, else the language the environment names when hamle has it, else en
	 * (also for an unknown --lang); the notation written defaults to the input language whatever
	 * the environment says */
	j.out = lang ? hamle_cli_locales_find(&cl.ls, lang) : NULL;
	j.messages = hamle_cli_locales_messages(&cl.ls, j.out ? lang : NULL);
	msg.messages = j.messages;
	if (hamle_cmdline_help(&cl, &info, opts, &msg, &status))
		goto cleanup;
	if (usage->key) {
		status = hamle_usage_report(&msg, usage);
		goto cleanup;
	}
	const char **args = cl.operands;
	int nargs = (int)cl.nops;
	if (winnable) {
		if (legal || (batch ? nargs != 0 : nargs != 1)) {
			status = hamle_msg_usage_key(&msg, "usage_move_winnable",
				"--winnable takes one FEN, or --batch and FENs on stdin", 0, NULL);
			goto cleanup;
		}
		if (batch)
			hamle_input_stdin_notice(&msg);
		status = hamle_out_close(&out, &msg, hamle_move_winnable(&out, &msg, batch ? NULL : args[0],
			msg.verbosity > 0, budget));
		goto cleanup;
	}
	if (batch && nargs > 0) {
		status = hamle_msg_usage_key(&msg, "usage_move_batch_operands",
			"--batch reads FEN<TAB>TOKEN lines from stdin; no operands", 0, NULL);
		goto cleanup;
	}
	if (!batch && legal && nargs != 1) {
		status = hamle_msg_usage_key(&msg, "usage_move_legal", "--legal takes one FEN and no moves", 0, NULL);
		goto cleanup;
	}
	if (!batch && !legal && nargs < 2) {
		status = hamle_msg_usage_key(&msg, "usage_move_operands", "expected a FEN and at least one move", 0, NULL);
		goto cleanup;
	}
	if (!from) /* the language a --locale-file brings is the one meant, as before */
		from = cl.ls.last_file ? hamle_locale_tag(cl.ls.last_file) : "en";
	if (strcmp(from, "auto") != 0 && !(j.in = hamle_cli_locales_find(&cl.ls, from))) {
		const char *a[1] = {from};
		status = hamle_msg_usage_key(&msg, "usage_move_language", "--from: unknown language '%s'", 1, a);
		goto cleanup;
	}
	if (lang && !j.out) {
		const char *a[1] = {lang};
		status = hamle_msg_usage_key(&msg, "usage_move_lang", "--lang: unknown language '%s'", 1, a);
		goto cleanup;
	}
	j.form = form;
	j.legal = legal;
	if (batch)
		hamle_input_stdin_notice(&msg);
	status = batch ? run_batch(&j) : run_tokens(&j, args, nargs);
	status = hamle_out_close(&out, &msg, status);
cleanup:
	hamle_replay_free(j.rp);
	hamle_game_free(j.game);
	hamle_buf_free(&j.text);
	hamle_cmdline_free(&cl);
	return status;
}
