/* hamle-validate: check a batch of games; one line or JSON object per finding, a summary, exit 0/1/2.
 * main.c: the option table (which also drives --help), option values, locale setup. */
#include <stdlib.h>
#include <string.h>

#include "cmdline.h"
#include "limits.h"
#include "pool.h"
#include "where.h"
#include "validate.h"

#ifndef HAMLE_VERSION_STRING
#define HAMLE_VERSION_STRING "0.0.0"
#endif

enum {
	OPT_FORMAT = 1, OPT_ALL, OPT_QUIET, OPT_VERBOSE, OPT_JOBS, OPT_STRICT, OPT_FROM, OPT_LANG,
	OPT_ENCODING, OPT_REPAIR, OPT_WHERE, OPT_LOCALE_FILE, OPT_NO_SUGGEST, OPT_MAX_SUGGESTIONS,
	OPT_FULL_REPLAY, OPT_IGNORE, OPT_SELECT, OPT_DIAGRAM, OPT_ASCII, OPT_HTML, OPT_BRIDGE, OPT_NO_BRIDGE, OPT_MATE_BUDGET, OPT_GAME, OPT_INVERT,
	OPT_UNIQUE, OPT_DUPLICATES
};

static const hamle_cli_opt opts[] = {
	{"format", 0, HAMLE_OPT_ARG, "FMT", "output format: text (default) or json (JSON Lines)", OPT_FORMAT},
	{"all", 0, HAMLE_OPT_NOARG, NULL, "also print one record per game with its status and counts", OPT_ALL},
	{"quiet", 'q', HAMLE_OPT_NOARG, NULL,
		"no warnings (unless --strict makes them count), no summary and no progress line", OPT_QUIET},
	{"verbose", 'v', HAMLE_OPT_NOARG, NULL,
		"more notes on stderr, and each finding about a move ends with the FEN before it", OPT_VERBOSE},
	HAMLE_OPT_CODE_ENTRIES(OPT_IGNORE, OPT_SELECT),
	{"jobs", 'j', HAMLE_OPT_ARG, "N", "run N threads (default: all cores); output stays in input order", OPT_JOBS},
	{"strict", 0, HAMLE_OPT_NOARG, NULL,
		"also report missing check, mate and capture marks, and count warnings as invalid", OPT_STRICT},
	{"from", 0, HAMLE_OPT_ARG, "LANG", "input language: auto (default: detected per game) or a locale tag", OPT_FROM},
	{"lang", 0, HAMLE_OPT_ARG, "LANG",
		"language of the messages (default: the one LC_ALL, LC_MESSAGES or LANG names, else en)", OPT_LANG},
	{"encoding", 0, HAMLE_OPT_ARG, "ENC",
		"input encoding: auto (default), utf-8, cp1254, iso-8859-9, latin1 or cp1252", OPT_ENCODING},
	{"repair", 0, HAMLE_OPT_ARG, "tr", "repair Turkish mojibake (Þ for Ş...) in every game whose words are Turkish", OPT_REPAIR},
	{"where", 0, HAMLE_OPT_ARG, "EXPR", "validate only the games whose tags match EXPR, e.g. 'White~/Tal/i' or 'Elo>=2600 && Date>=2000' (repeatable: all must hold)", OPT_WHERE},
	{"game", 0, HAMLE_OPT_ARG, "N[-M],...",
		"validate only these games of each input, by number from 1 (repeatable), e.g. 5 or 1,10-20", OPT_GAME},
	{"invert", 0, HAMLE_OPT_NOARG, NULL, "validate only the games --where and --game leave out", OPT_INVERT},
	{"unique", 0, HAMLE_OPT_OPTARG, "positions", "validate each distinct game once: a game whose mainline (from "
		"the same start) is an earlier one's is a duplicate-game warning, naming it; --unique=positions: whose "
		"final position is; the first one is validated, whatever -j is", OPT_UNIQUE},
	{"duplicates", 0, HAMLE_OPT_ARG, "FILE", "write the games --unique finds duplicates, as read, to FILE",
		OPT_DUPLICATES},
	{"locale-file", 0, HAMLE_OPT_ARG, "PATH", "load one more locale from a YAML file (repeatable)", OPT_LOCALE_FILE},
	{"no-suggest", 0, HAMLE_OPT_NOARG, NULL, "no \"did you mean\" suggestions (faster)", OPT_NO_SUGGEST},
	{"max-suggestions", 0, HAMLE_OPT_ARG, "N", "suggestions per move error, 1 to 5 (default 3)", OPT_MAX_SUGGESTIONS},
	HAMLE_OPT_DIAGRAM_ENTRIES(OPT_DIAGRAM, OPT_ASCII),
	{"html", 0, HAMLE_OPT_ARG, "FILE", "also write a self-contained HTML report to FILE: a summary, then each game "
		"with findings (moves, board, suggestions), filters by code and file", OPT_HTML},
	{"bridge", 0, HAMLE_OPT_OPTARG, "N",
		"where a game stops at a move that cannot be played, look for up to N unrecorded plies (1 to 8, "
		"default 4) that make the rest replay: a missing-moves finding with up to three (without it: up to "
		"2 plies, where the record shows a gap)", OPT_BRIDGE},
	{"no-bridge", 0, HAMLE_OPT_NOARG, NULL, "no search for unrecorded moves", OPT_NO_BRIDGE},
	{"mate-budget", 0, HAMLE_OPT_ARG, "N", "positions the unwinnability analysis searches at most per side for "
		"a final position dead beyond material, such as a locked pawn wall (default: its static arguments alone)",
		OPT_MATE_BUDGET},
	HAMLE_OPT_LIMIT_ENTRIES,
	HAMLE_OPT_INPUT_LIMIT_ENTRIES,
	HAMLE_OPT_MAINLINE_ENTRY("check the mainline only: the moves of variations are not replayed (no finding "
		"about them)"),
	{"full-replay", 0, HAMLE_OPT_NOARG, NULL,
		"tokenize and replay every game in full (no quick lane for plain games); same output, slower",
		OPT_FULL_REPLAY},
	HAMLE_OPT_STD_ENTRIES,
	{0}};

static const hamle_cli_info info = {
	"hamle-validate", HAMLE_VERSION_STRING, "[options] [FILE|DIR|-]...",
	"Checks every game of the inputs (files; directories, recursively, their .pgn files and the "
	".txt files that hold moves; '-' or nothing for stdin): syntax, legality of every move in the mainline and the "
	"variations, check and capture marks, results, tags and encoding. Prints one line per "
	"finding (FILE:LINE:COLUMN: game N (White - Black), move M (ply P): what: why; did you "
	"mean ...?) or, with --format json, one JSON object per finding, and a summary on stderr.",
	"Exit status: 0 every game valid (warnings allowed unless --strict), 1 at least one game\n"
	"with an error (or, with --strict, a warning), 2 usage, I/O, locale or out-of-memory error\n"
	"(also a failed write to stdout). A closed output pipe ends the tool quietly.\n"};

int main(int argc, char **argv)
{
	hamle_msg m;
	hamle_msg_init(&m, "hamle-validate");
	hamle_out_ignore_sigpipe();

	vd_config cfg;
	memset(&cfg, 0, sizeof(cfg));
	hamle_reader_options ropts = HAMLE_READER_OPTIONS_INIT;
	hamle_replay_options popts = HAMLE_REPLAY_OPTIONS_INIT;
	cfg.ropts = ropts;
	cfg.popts = popts;
	cfg.unpack = (hamle_unpack_limits)HAMLE_UNPACK_LIMITS_INIT;
	cfg.bridge = HAMLE_BRIDGE_GAP_PLIES;
	cfg.bridge_gaps = true;

	const char *from = "auto", *lang = NULL;
	hamle_filter *where = NULL;
	hamle_eco *eco = NULL;
	unsigned long jobs = 0;
	bool quiet = false;
	int verbosity = 0, status;
	hamle_cmdline cl;
	if ((status = hamle_cmdline_init(&cl, argc, &m)) != 0)
		goto cleanup;
	status = HAMLE_EXIT_ERROR;
	cl.ropts = &cfg.ropts;
	cl.unpack = &cfg.unpack;
	cl.replay_flags = &cfg.popts.flags;

	/* the whole command line is read first: --help and the first usage error are printed once
	 * the messages locale is known (--lang anywhere, else the environment) */
	hamle_usage *usage = &cl.usage;
	hamle_opt_parser p;
	hamle_opt_init(&p, opts, argc, argv);
	unsigned long ul;
	for (int id; (id = hamle_opt_next(&p)) != HAMLE_OPT_END;) {
		const char *a[3] = {p.arg, NULL, NULL};
		if (hamle_cmdline_take(&cl, id, &p, OPT_LOCALE_FILE))
			continue;
		switch (id) {
		case OPT_FORMAT:
			if (!strcmp(p.arg, "text"))
				cfg.format = VD_FORMAT_TEXT;
			else if (!strcmp(p.arg, "json"))
				cfg.format = VD_FORMAT_JSON;
			else
				hamle_usage_note(usage, "usage_validate_format", "--format: expected text or json, not '%s'", 1, a);
			break;
		case OPT_ALL: cfg.all = true; break;
		case OPT_FULL_REPLAY: cfg.full = true; break;
		case OPT_DIAGRAM: cfg.diagram.on = true; break;
		case OPT_ASCII: cfg.diagram.ascii = true; break;
		case OPT_HTML: cfg.html = p.arg; break;
		case OPT_QUIET: quiet = true; break;
		case OPT_VERBOSE: verbosity++; break;
		case OPT_JOBS:
			if (hamle_opt_parse_ulong(p.arg, 1, 1024, &jobs) < 0)
				hamle_usage_note(usage, "usage_validate_jobs", "--jobs: expected a number from 1 to 1024, not '%s'", 1, a);
			break;
		case OPT_STRICT: cfg.strict = true; cfg.popts.flags |= HAMLE_REPLAY_STRICT; break;
		case OPT_FROM: from = p.arg; break;
		case OPT_LANG: lang = p.arg; break;
		case OPT_ENCODING:
			if (hamle_encoding_parse(&cfg.ropts.encoding, p.arg) < 0)
				hamle_usage_note(usage, "usage_validate_encoding", "--encoding: unknown encoding '%s'", 1, a);
			break;
		case OPT_REPAIR:
			if (strcmp(p.arg, "tr"))
				hamle_usage_note(usage, "usage_validate_repair", "--repair: only 'tr' (Turkish mojibake) is known, not '%s'", 1, a);
			cfg.ropts.flags |= HAMLE_READ_REPAIR_TR;
			cfg.popts.flags |= HAMLE_REPLAY_REPAIR_TR;
			break;
		case OPT_WHERE:
			if (hamle_where_add(&where, p.arg, usage) == HAMLE_ENOMEM) {
				status = hamle_msg_nomem(&m);
				goto cleanup;
			}
			break;
		case OPT_GAME: hamle_select_add(&cfg.select, p.arg, usage); break;
		case OPT_INVERT: cfg.select.invert = true; break;
		case OPT_UNIQUE:
			if (!p.arg)
				cfg.unique = VD_UNIQUE_MOVES;
			else if (!strcmp(p.arg, "positions"))
				cfg.unique = VD_UNIQUE_POSITIONS;
			else
				hamle_usage_note(usage, "usage_convert_unique", "--unique takes only '=positions', not '%s'", 1, a);
			break;
		case OPT_DUPLICATES: cfg.duplicates = p.arg; break;
		case OPT_IGNORE:
		case OPT_SELECT: {
			hamle_code_filter_note(&cfg.codes, p.arg, id == OPT_SELECT, usage);
			break;
		}
		case OPT_NO_SUGGEST: cfg.popts.flags |= HAMLE_REPLAY_NO_SUGGEST; break;
		case OPT_MATE_BUDGET:
			if (hamle_opt_parse_ulong(p.arg, 1, ~0ul, &cfg.popts.mate_budget) < 0)
				hamle_usage_note(usage, "usage_move_budget", "--mate-budget must be a positive number, not '%s'", 1, a);
			break;
		case OPT_MAX_SUGGESTIONS:
			if (hamle_opt_parse_ulong(p.arg, 1, HAMLE_MAX_SUGGESTIONS, &ul) < 0) {
				char most[16];
				snprintf(most, sizeof(most), "%d", HAMLE_MAX_SUGGESTIONS);
				const char *b[2] = {most, p.arg};
				hamle_usage_note(usage, "usage_validate_max_suggestions",
					"--max-suggestions: expected 1 to %1$s, not '%2$s'", 2, b);
			} else
				cfg.popts.max_suggestions = (unsigned)ul;
			break;
		case OPT_NO_BRIDGE:
			cfg.bridge = 0;
			break;
		case OPT_BRIDGE:
			cfg.bridge_gaps = false;
			if (!p.arg)
				cfg.bridge = HAMLE_BRIDGE_DEFAULT;
			else if (hamle_opt_parse_ulong(p.arg, 1, HAMLE_BRIDGE_PLIES_MAX, &ul) < 0)
				hamle_usage_note(usage, "usage_bridge", "--bridge: expected 1 to 8, not '%s'", 1, a);
			else
				cfg.bridge = (unsigned)ul;
			break;
		default: break;
		}
	}
	if (hamle_cmdline_version(&cl, &info, &m, &status))
		goto cleanup;
	m.verbosity = quiet ? -1 : verbosity;
	cfg.where = where;

	if ((status = hamle_cmdline_load(&cl, &m)) != 0)
		goto cleanup;
	status = HAMLE_EXIT_ERROR;
	hamle_cli_locales *ls = &cl.ls;
	/* an unknown --lang: the help and the errors in the environment's language (or English) */
	cfg.messages = hamle_cli_locales_messages(ls, lang);
	m.messages = cfg.messages ? cfg.messages : hamle_cli_locales_messages(ls, NULL);
	if (hamle_cmdline_help(&cl, &info, opts, &m, &status))
		goto cleanup;
	if (usage->key) {
		status = hamle_usage_report(&m, usage);
		goto cleanup;
	}
	if (cfg.duplicates && !cfg.unique) {
		status = hamle_msg_usage_key(&m, "usage_convert_duplicates", "--duplicates needs --unique", 0, NULL);
		goto cleanup;
	}
	if (!cfg.messages) {
		const char *a[1] = {lang};
		status = hamle_msg_usage_key(&m, "usage_validate_lang", "--lang: unknown language '%s'", 1, a);
		goto cleanup;
	}
	cfg.popts.candidates = (const hamle_locale *const *)ls->loc;
	cfg.popts.n_candidates = ls->n;
	cfg.ropts.sheet_locales = cfg.popts.candidates; /* scoresheet headers in every language */
	cfg.ropts.n_sheet_locales = ls->n;
	if (cfg.ropts.flags & HAMLE_READ_REPAIR_TR)
		cfg.ropts.repair = hamle_cli_locales_find(ls, "tr"); /* its alphabet decides the words */
	if (strcmp(from, "auto")) {
		cfg.popts.from = hamle_cli_locales_find(ls, from);
		if (!cfg.popts.from) {
			const char *a[1] = {from};
			status = hamle_msg_usage_key(&m, "usage_validate_from", "--from: unknown language '%s'", 1, a);
			goto cleanup;
		}
	}
	cfg.popts.messages = cfg.messages;
	cfg.ropts.messages = cfg.messages;
	cfg.view.messages = cfg.messages;
	cfg.view.codes = &cfg.codes;
	cfg.view.warnings = !quiet || cfg.strict; /* under --strict a warning makes its game invalid */
	cfg.view.fen = verbosity > 0;
	cfg.diagram.color = hamle_color_wanted(stdout); /* the findings go to stdout */
	cfg.view.diagram = &cfg.diagram;
	if (hamle_where_eco(where, &eco) < 0) {
		status = hamle_msg_nomem(&m);
		goto cleanup;
	}
	cfg.where_eco = eco;

	hamle_out out;
	hamle_out_init(&out, stdout, NULL);
	status = vd_run(&cfg, (unsigned)jobs, cl.operands, cl.nops, &m, &out);
	status = hamle_out_close(&out, &m, status);

cleanup:
	hamle_cmdline_free(&cl);
	hamle_filter_free(where);
	hamle_eco_free(eco);
	return status;
}
