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
	/* the whole command line is read first: --help and the first usage error are printed once
	 * the messages locale is known (--lang anywhere, else the environment) */
	hamle_usage usage = HAMLE_USAGE_INIT;
	int info_id = 0; /* --help or --version, when given before any usage error */
	hamle_opt_parser p;
	hamle_opt_init(&p, opts, argc, argv);
	for (int id; (id = hamle_opt_next(&p)) != HAMLE_OPT_END;) {
		unsigned long v;
		hamle_error err;
		const char *a[3] = {p.arg, NULL, NULL};
		switch (id) {
		case HAMLE_OPT_OPERAND: operands[nops++] = p.arg; break;
		case HAMLE_OPT_FAIL: hamle_opt_note_error(&p, &usage); break;
		case HAMLE_OPT_HELP:
		case HAMLE_OPT_VERSION:
			if (!usage.key && !info_id)
				info_id = id;
			break;
		case OPT_FROM: from = p.arg; break;
		case OPT_LANG: lang = p.arg; break;
		case OPT_TO: to = p.arg; break;
		case OPT_ENCODING:
			if (hamle_encoding_parse(&cfg.ropts.encoding, p.arg) < 0)
				hamle_usage_note(&usage, "usage_convert_encoding", "unknown encoding '%s'", 1, a);
			break;
		case OPT_OUT_ENCODING:
			if (hamle_encoding_parse(&cfg.out_encoding, p.arg) < 0 || cfg.out_encoding == HAMLE_ENCODING_AUTO)
				hamle_usage_note(&usage, "usage_convert_output_encoding",
					"unknown output encoding '%s' (utf-8, cp1254, iso-8859-9, latin1)", 1, a);
			break;
		case OPT_REPAIR:
			if (strcmp(p.arg, "tr") != 0)
				hamle_usage_note(&usage, "usage_convert_repair", "--repair knows only 'tr', not '%s'", 1, a);
			cfg.ropts.flags |= HAMLE_READ_REPAIR_TR;
			cfg.popts.flags |= HAMLE_REPLAY_REPAIR_TR;
			break;
		case OPT_WHERE:
			hamle_error_clear(&err);
			if (hamle_filter_add(where, p.arg, &err) < 0) {
				char col[24];
				snprintf(col, sizeof(col), "%zu", err.column);
				a[1] = err.message;
				a[2] = col;
				hamle_usage_note(&usage, "usage_convert_where", "--where '%1$s': %2$s at character %3$s", 3, a);
			}
			break;
		case OPT_LOCALE_FILE: locale_files[nlocfiles++] = p.arg; break;
		case OPT_OUTPUT: cfg.output = p.arg; break;
		case OPT_IN_PLACE: cfg.in_place = true; break;
		case OPT_JOBS:
			if (hamle_opt_parse_ulong(p.arg, 1, 1024, &v) < 0)
				hamle_usage_note(&usage, "usage_convert_jobs", "-j wants a number from 1 to 1024, not '%s'", 1, a);
			cfg.jobs = (unsigned)v;
			break;
		case OPT_ON_ERROR:
			if (strcmp(p.arg, "keep") == 0)
				cfg.on_error = CV_ON_ERROR_KEEP;
			else if (strcmp(p.arg, "skip") == 0)
				cfg.on_error = CV_ON_ERROR_SKIP;
			else if (strcmp(p.arg, "fail") == 0)
				cfg.on_error = CV_ON_ERROR_FAIL;
			else
				hamle_usage_note(&usage, "usage_convert_on_error", "--on-error wants keep, skip or fail, not '%s'", 1, a);
			break;
		case OPT_QUIET: msg.verbosity = -1; break;
		case OPT_VERBOSE: msg.verbosity = msg.verbosity < 0 ? 1 : msg.verbosity + 1; break;
		case OPT_IGNORE:
		case OPT_SELECT: {
			hamle_code_filter_note(&cfg.codes, p.arg, id == OPT_SELECT, &usage);
			break;
		}
		default:
			if (hamle_opt_is_limit(id))
				hamle_opt_limit_note(&cfg.ropts, id, p.arg, &usage);
			if (hamle_opt_is_input_limit(id))
				hamle_opt_input_limit_note(&cfg.unpack, id, p.arg, &usage);
			break;
		}
	}
	if (info_id == HAMLE_OPT_VERSION) {
		status = hamle_opt_version(stdout, &info) < 0 || fflush(stdout) || ferror(stdout) ? 2 : 0;
		goto cleanup;
	}
	if (hamle_cli_locales_load(&ls, locale_files, nlocfiles, &msg) < 0) {
		status = HAMLE_EXIT_ERROR;
		goto cleanup;
	}
	/* --lang names the language of the moves written and of the messages; the environment
	 * (LC_ALL, LC_MESSAGES, LANG) only the messages' (and those of an unknown --lang) */
	const hamle_locale *out_loc = hamle_cli_locales_find(&ls, lang ? lang : "en");
	cfg.messages = hamle_cli_locales_messages(&ls, out_loc ? lang : NULL);
	msg.messages = cfg.messages;
	if (info_id == HAMLE_OPT_HELP) {
		status = hamle_opt_help_in(stdout, &info, opts, msg.messages) < 0 || fflush(stdout) || ferror(stdout) ? 2 : 0;
		goto cleanup;
	}
	if (usage.key) {
		status = hamle_usage_report(&msg, &usage);
		goto cleanup;
	}
	int fmt = hamle_write_format_parse(to);
	const char *a[1] = {to};
	if (fmt < 0) {
		status = hamle_msg_usage_key(&msg, "usage_convert_to",
			"unknown output form '%s' (pgn fide san lan uci spoken fen epd json)", 1, a);
		goto cleanup;
	}
	if (cfg.in_place && cfg.output) {
		status = hamle_msg_usage_key(&msg, "usage_convert_in_place_output", "--in-place and -o exclude each other", 0, NULL);
		goto cleanup;
	}
	if (cfg.in_place && nops == 0) {
		status = hamle_msg_usage_key(&msg, "usage_convert_in_place_stdin", "--in-place needs files, not stdin", 0, NULL);
		goto cleanup;
	}
	if (!out_loc) {
		a[0] = lang;
		status = hamle_msg_usage_key(&msg, "usage_convert_lang", "unknown output language '%s'", 1, a);
		goto cleanup;
	}
	if (strcmp(from, "auto") != 0 && !(cfg.popts.from = hamle_cli_locales_find(&ls, from))) {
		a[0] = from;
		status = hamle_msg_usage_key(&msg, "usage_convert_from", "unknown input language '%s'", 1, a);
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
