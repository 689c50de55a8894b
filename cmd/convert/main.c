/* hamle-convert: any notation in (PGN, FIDE scoresheet style, Turkish, German, figurines, typed
 * scoresheets), standard PGN or another form out; nothing lost. See issue 5 and `--help`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert.h"
#include "limits.h"
#include "locales.h"
#include "opt.h"

enum {
	OPT_FROM = 1, OPT_LANG, OPT_TO, OPT_ENCODING, OPT_REPAIR, OPT_OUT_ENCODING, OPT_WHERE, OPT_OUTPUT,
	OPT_IN_PLACE, OPT_JOBS, OPT_ON_ERROR, OPT_QUIET, OPT_VERBOSE, OPT_LOCALE_FILE, OPT_IGNORE, OPT_SELECT
};

static const hamle_cli_opt opts[] = {
	{"from", 'f', HAMLE_OPT_ARG, "LANG", "input language: auto (default) en tr de fr es it nl fan", OPT_FROM},
	{"lang", 'l', HAMLE_OPT_ARG, "LANG",
		"output language of the moves, and of the messages (default en; fan = figurines; without it "
		"the messages follow LC_ALL, LC_MESSAGES or LANG)", OPT_LANG},
	{"to", 't', HAMLE_OPT_ARG, "FORM",
		"output: pgn (default), fide, san, lan, uci, spoken, fen, epd, json", OPT_TO},
	{"encoding", 0, HAMLE_OPT_ARG, "ENC", "input encoding: auto (default) utf-8 cp1254 iso-8859-9 latin1 cp1252",
		OPT_ENCODING},
	{"locale-file", 0, HAMLE_OPT_ARG, "PATH",
		"load one more locale from a YAML file (repeatable): a language for --from, --lang and detection",
		OPT_LOCALE_FILE},
	{"repair", 0, HAMLE_OPT_ARG, "tr", "repair Turkish mojibake (Þ->Ş, ý->ı...) in every game whose words are Turkish", OPT_REPAIR},
	{"output-encoding", 0, HAMLE_OPT_ARG, "ENC",
		"write utf-8 (default), cp1254, iso-8859-9 or latin1; a character the encoding lacks is an error",
		OPT_OUT_ENCODING},
	{"where", 'w', HAMLE_OPT_ARG, "EXPR",
		"only games whose tags match, e.g. 'White~/Kasparov/i' or 'Result=1-0' (repeatable; all must hold; "
		"PCRE2, UTF+UCP: /i folds by Unicode, and İ/ı do not fold to i/I)", OPT_WHERE},
	{"output", 'o', HAMLE_OPT_ARG, "FILE",
		"write to FILE instead of stdout (- is stdout), whole or not at all: a temporary file beside it "
		"is renamed over it at the end; FILE must not be an input", OPT_OUTPUT},
	{"in-place", 0, HAMLE_OPT_NOARG, NULL,
		"rewrite each input file (via a temporary file and rename, mode and owner kept, a symbolic link "
		"followed; untouched on any error or signal)", OPT_IN_PLACE},
	{"jobs", 'j', HAMLE_OPT_ARG, "N", "run N threads (default: all cores); output stays in input order",
		OPT_JOBS},
	{"on-error", 0, HAMLE_OPT_ARG, "MODE",
		"a game with an error: keep (default: written in its own language up to the error, a {hamle: error} "
		"note, then the rest as it was read, so that it still fails), skip, fail",
		OPT_ON_ERROR},
	HAMLE_OPT_LIMIT_ENTRIES,
	HAMLE_OPT_INPUT_LIMIT_ENTRIES,
	{"quiet", 'q', HAMLE_OPT_NOARG, NULL, "no warnings (errors still print)", OPT_QUIET},
	{"verbose", 'v', HAMLE_OPT_NOARG, NULL,
		"also print the warnings of every game, and the FEN before a move a finding is about", OPT_VERBOSE},
	HAMLE_OPT_CODE_ENTRIES(OPT_IGNORE, OPT_SELECT),
	HAMLE_OPT_STD_ENTRIES,
	{0}};

static const hamle_cli_info info = {"hamle-convert", HAMLE_VERSION_STRING, "[options] [FILE|DIR|-]...",
	"Converts chess games in any notation hamle reads (PGN, FIDE scoresheet style, Turkish, "
	"German and other letters, figurines, typed scoresheets with 'Beyaz:'/'Weiss:' headers) into "
	"PGN export format, or another language (--lang) or form (--to). Nothing is lost: comments, "
	"NAGs, variations, unknown tags and the draw offer (=) (written {(=)}) are kept. A game with an "
	"error is still written, in its own language, up to the error, then a {hamle: error ...} note "
	"naming it, then the rest of its movetext as it was read, so that it still fails when it is "
	"validated (the note is read as the error when nothing else is one); the finding goes to "
	"stderr. What a --max-* limit left unread is not written (the note says so). Games of "
	"unsupported variants pass through.",
	"Exit status: 0 every game converted, 1 at least one game had an error,\n"
	"2 usage, I/O, locale or out-of-memory error (also a failed write to stdout).\n"};

int main(int argc, char **argv)
{
	hamle_msg msg;
	hamle_msg_init(&msg, "hamle-convert");
	hamle_out_ignore_sigpipe();
	cv_config cfg;
	memset(&cfg, 0, sizeof(cfg));
	hamle_reader_options ro = HAMLE_READER_OPTIONS_INIT;
	hamle_replay_options po = HAMLE_REPLAY_OPTIONS_INIT;
	hamle_writer_options wo = HAMLE_WRITER_OPTIONS_INIT;
	cfg.ropts = ro;
	cfg.popts = po;
	cfg.unpack = (hamle_unpack_limits)HAMLE_UNPACK_LIMITS_INIT;
	cfg.wopts = wo;
	cfg.out_encoding = HAMLE_ENCODING_UTF8;
	cfg.msg = &msg;
	const char *from = "auto", *lang = NULL, *to = "pgn";
	int status = HAMLE_EXIT_OK;
	hamle_cli_locales ls = HAMLE_CLI_LOCALES_INIT;
	hamle_filter *where = NULL;
	const char **operands = calloc((size_t)argc + 1, sizeof(*operands));
	const char **locale_files = calloc((size_t)argc + 1, sizeof(*locale_files));
	size_t nops = 0, nlocfiles = 0;
	if (!operands || !locale_files || hamle_filter_new(&where) < 0) {
		status = hamle_msg_nomem(&msg);
		goto cleanup;
	}
	hamle_opt_parser p;
	hamle_opt_init(&p, opts, argc, argv);
	for (int id; (id = hamle_opt_next(&p)) != HAMLE_OPT_END;) {
		unsigned long v;
		hamle_error err;
		switch (id) {
		case HAMLE_OPT_OPERAND: operands[nops++] = p.arg; break;
		case HAMLE_OPT_FAIL: status = hamle_msg_usage(&msg, "%s", p.error); goto cleanup;
		case HAMLE_OPT_HELP:
			status = hamle_opt_help(stdout, &info, opts) < 0 || fflush(stdout) || ferror(stdout) ? 2 : 0;
			goto cleanup;
		case HAMLE_OPT_VERSION:
			status = hamle_opt_version(stdout, &info) < 0 || fflush(stdout) || ferror(stdout) ? 2 : 0;
			goto cleanup;
		case OPT_FROM: from = p.arg; break;
		case OPT_LANG: lang = p.arg; break;
		case OPT_TO: to = p.arg; break;
		case OPT_ENCODING:
			if (hamle_encoding_parse(&cfg.ropts.encoding, p.arg) < 0) {
				status = hamle_msg_usage(&msg, "unknown encoding '%s'", p.arg);
				goto cleanup;
			}
			break;
		case OPT_OUT_ENCODING:
			if (hamle_encoding_parse(&cfg.out_encoding, p.arg) < 0 || cfg.out_encoding == HAMLE_ENCODING_AUTO) {
				status = hamle_msg_usage(&msg, "unknown output encoding '%s' (utf-8, cp1254, iso-8859-9, latin1)", p.arg);
				goto cleanup;
			}
			break;
		case OPT_REPAIR:
			if (strcmp(p.arg, "tr") != 0) {
				status = hamle_msg_usage(&msg, "--repair knows only 'tr', not '%s'", p.arg);
				goto cleanup;
			}
			cfg.ropts.flags |= HAMLE_READ_REPAIR_TR;
			cfg.popts.flags |= HAMLE_REPLAY_REPAIR_TR;
			break;
		case OPT_WHERE:
			hamle_error_clear(&err);
			if (hamle_filter_add(where, p.arg, &err) < 0) {
				status = hamle_msg_usage(&msg, "--where '%s': %s at character %zu", p.arg, err.message, err.column);
				goto cleanup;
			}
			break;
		case OPT_LOCALE_FILE: locale_files[nlocfiles++] = p.arg; break;
		case OPT_OUTPUT: cfg.output = p.arg; break;
		case OPT_IN_PLACE: cfg.in_place = true; break;
		case OPT_JOBS:
			if (hamle_opt_parse_ulong(p.arg, 1, 1024, &v) < 0) {
				status = hamle_msg_usage(&msg, "-j wants a number from 1 to 1024, not '%s'", p.arg);
				goto cleanup;
			}
			cfg.jobs = (unsigned)v;
			break;
		case OPT_ON_ERROR:
			if (strcmp(p.arg, "keep") == 0)
				cfg.on_error = CV_ON_ERROR_KEEP;
			else if (strcmp(p.arg, "skip") == 0)
				cfg.on_error = CV_ON_ERROR_SKIP;
			else if (strcmp(p.arg, "fail") == 0)
				cfg.on_error = CV_ON_ERROR_FAIL;
			else {
				status = hamle_msg_usage(&msg, "--on-error wants keep, skip or fail, not '%s'", p.arg);
				goto cleanup;
			}
			break;
		case OPT_QUIET: msg.verbosity = -1; break;
		case OPT_VERBOSE: msg.verbosity = msg.verbosity < 0 ? 1 : msg.verbosity + 1; break;
		case OPT_IGNORE:
		case OPT_SELECT: {
			char why[160];
			if (hamle_code_filter_add(&cfg.codes, p.arg, id == OPT_SELECT, why, sizeof(why)) < 0) {
				status = hamle_msg_usage(&msg, "%s", why);
				goto cleanup;
			}
			break;
		}
		default:
			if (hamle_opt_is_limit(id) && (status = hamle_opt_limit(&cfg.ropts, id, p.arg, &msg)) != 0)
				goto cleanup;
			if (hamle_opt_is_input_limit(id) &&
			    (status = hamle_opt_input_limit(&cfg.unpack, id, p.arg, &msg)) != 0)
				goto cleanup;
			break;
		}
	}
	int fmt = hamle_write_format_parse(to);
	if (fmt < 0) {
		status = hamle_msg_usage(&msg, "unknown output form '%s' (pgn fide san lan uci spoken fen epd json)", to);
		goto cleanup;
	}
	if (cfg.in_place && cfg.output) {
		status = hamle_msg_usage(&msg, "--in-place and -o exclude each other");
		goto cleanup;
	}
	if (cfg.in_place && nops == 0) {
		status = hamle_msg_usage(&msg, "--in-place needs files, not stdin");
		goto cleanup;
	}
	if (hamle_cli_locales_load(&ls, locale_files, nlocfiles, &msg) < 0) {
		status = HAMLE_EXIT_ERROR;
		goto cleanup;
	}
	/* --lang names the language of the moves written and of the messages; the environment
	 * (LC_ALL, LC_MESSAGES, LANG) only the messages' */
	const hamle_locale *out_loc = hamle_cli_locales_find(&ls, lang ? lang : "en");
	if (!out_loc) {
		status = hamle_msg_usage(&msg, "unknown output language '%s'", lang);
		goto cleanup;
	}
	cfg.messages = hamle_cli_locales_messages(&ls, lang);
	msg.messages = cfg.messages;
	if (strcmp(from, "auto") != 0 && !(cfg.popts.from = hamle_cli_locales_find(&ls, from))) {
		status = hamle_msg_usage(&msg, "unknown input language '%s'", from);
		goto cleanup;
	}
	cfg.popts.candidates = (const hamle_locale *const *)ls.loc;
	cfg.popts.n_candidates = ls.n;
	cfg.ropts.sheet_locales = cfg.popts.candidates; /* scoresheet headers in every language */
	cfg.ropts.n_sheet_locales = ls.n;
	if (cfg.ropts.flags & HAMLE_READ_REPAIR_TR)
		cfg.ropts.repair = hamle_cli_locales_find(&ls, "tr"); /* its alphabet decides the words */
	cfg.popts.messages = out_loc;
	cfg.popts_msg = cfg.popts;
	cfg.popts_msg.messages = cfg.messages;
	cfg.msg_replay = cfg.messages != out_loc;
	cfg.ropts.messages = out_loc;
	cfg.ropts_msg = cfg.ropts;
	cfg.ropts_msg.messages = cfg.messages;
	cfg.view.messages = cfg.messages;
	cfg.view.codes = &cfg.codes;
	cfg.view.warnings = msg.verbosity > 0;
	cfg.view.fen = msg.verbosity > 0;
	cfg.wopts.format = fmt;
	cfg.wopts.locale = out_loc;
	cfg.where = hamle_filter_count(where) ? where : NULL;
	status = cv_run(&cfg, operands, nops);
cleanup:
	hamle_filter_free(where);
	hamle_cli_locales_free(&ls);
	free(operands);
	free(locale_files);
	return status;
}
