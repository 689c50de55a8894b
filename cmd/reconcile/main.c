/* hamle-reconcile: two scoresheets of one game (each in any language and layout hamle reads)
 * aligned move by move; the agreed game on stdout, each divergence on stderr. See docs/scoresheets.md
 * and `--help`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmdline.h"
#include "limits.h"
#include "tool.h"

enum {
	OPT_FROM = 1, OPT_LANG, OPT_TO, OPT_FORMAT, OPT_PAIR_BY, OPT_ENCODING, OPT_LOCALE_FILE,
	OPT_LOOKAHEAD, OPT_MAX_GAP, OPT_QUIET, OPT_VERBOSE, OPT_DIAGRAM, OPT_ASCII, OPT_HTML, OPT_IGNORE, OPT_SELECT
};

static const hamle_cli_opt opts[] = {
	{"from", 'f', HAMLE_OPT_ARG, "LANG",
		"input language of both sheets: auto (default: detected per sheet) en tr de fr es it nl fan", OPT_FROM},
	{"lang", 'l', HAMLE_OPT_ARG, "LANG",
		"output language of the agreed game's moves, and of the messages (default en; without it the "
		"messages follow LC_ALL, LC_MESSAGES or LANG)", OPT_LANG},
	{"to", 't', HAMLE_OPT_ARG, "FORM",
		"agreed game as: pgn (default), fide, san, lan, uci, spoken, fen, epd, json", OPT_TO},
	{"format", 0, HAMLE_OPT_ARG, "FMT", "divergences on stderr as text (default) or json (JSON Lines)", OPT_FORMAT},
	HAMLE_OPT_CODE_ENTRIES(OPT_IGNORE, OPT_SELECT),
	{"pair-by", 0, HAMLE_OPT_ARG, "TAGS",
		"pair the games of the two sets by these tags, e.g. Round,Board (default White,Black,Round; "
		"used when a set holds several games)", OPT_PAIR_BY},
	{"encoding", 0, HAMLE_OPT_ARG, "ENC", "input encoding: auto (default) utf-8 cp1254 iso-8859-9 latin1 cp1252",
		OPT_ENCODING},
	{"locale-file", 0, HAMLE_OPT_ARG, "PATH",
		"load one more locale from a YAML file (repeatable): a language for --from, --lang and detection",
		OPT_LOCALE_FILE},
	{"lookahead", 0, HAMLE_OPT_ARG, "N", "plies looked ahead to decide a divergence (default 48)", OPT_LOOKAHEAD},
	{"max-gap", 0, HAMLE_OPT_ARG, "N", "most plies in a row one sheet may lack mid-game (default 8)", OPT_MAX_GAP},
	HAMLE_OPT_LIMIT_ENTRIES,
	HAMLE_OPT_INPUT_LIMIT_ENTRIES,
	{"quiet", 'q', HAMLE_OPT_NOARG, NULL, "no warnings and no summary (divergences that stop the game still print)",
		OPT_QUIET},
	{"verbose", 'v', HAMLE_OPT_NOARG, NULL, "also print notes", OPT_VERBOSE},
	HAMLE_OPT_DIAGRAM_ENTRIES(OPT_DIAGRAM, OPT_ASCII),
	{"html", 0, HAMLE_OPT_ARG, "FILE", "also write a self-contained HTML report to FILE: a summary, then each pair "
		"that diverges (the divergences, the board before each, the agreed moves), filters by code and file", OPT_HTML},
	HAMLE_OPT_STD_ENTRIES,
	{0}};

static const hamle_cli_info info = {"hamle-reconcile", HAMLE_VERSION_STRING, "[options] SHEET_A SHEET_B",
	"Reconciles the two players' scoresheets of a game (FIDE Laws 8.1, 8.5, 8.7): each sheet in "
	"any notation hamle reads (PGN, typed scoresheets, Turkish, German and other letters; each "
	"sheet's language detected on its own), aligned move by move from the start position like a "
	"diff of moves. Every divergence is reported with its move number and side, what each sheet "
	"says, which reading is legal and which the later moves bear out: a move one sheet lacks "
	"(taken from the other), a missing half-move that puts a stretch of moves in the wrong column "
	"(realigned), a different move (the legal one, or the one the later moves bear out; when they "
	"cannot decide, the game is agreed up to the last move both sheets share), the results. The "
	"agreed game goes to stdout (a comment at each divergence), the divergences to stderr. "
	"SHEET_A and SHEET_B may be directories or files of several games: the games are then paired "
	"by --pair-by and each pair reconciled; games without a partner are listed.",
	"Exit status: 0 the sheets agree, 1 they diverge (or a game has no partner),\n"
	"2 usage, I/O, locale or out-of-memory error (also a failed write to stdout).\n"};

/* Splits a comma-separated list of tag names into cfg->pair_by (copy owned by the caller).
 * 0, or 2 after the usage error is noted. */
static int parse_pair_by(rt_config *cfg, char *list, hamle_usage *u)
{
	cfg->n_pair_by = 0;
	for (char *s = list, *next; s; s = next) {
		next = strchr(s, ',');
		if (next)
			*next++ = '\0';
		if (!s[0])
			return hamle_usage_note(u, "usage_reconcile_pair_by_empty", "--pair-by: an empty tag name", 0, NULL);
		if (cfg->n_pair_by == RT_MAX_PAIR_TAGS)
			return hamle_usage_note(u, "usage_reconcile_pair_by_many", "--pair-by: at most 16 tags", 0, NULL);
		cfg->pair_by[cfg->n_pair_by++] = s;
	}
	return 0;
}

int main(int argc, char **argv)
{
	hamle_msg msg;
	hamle_msg_init(&msg, "hamle-reconcile");
	hamle_out_ignore_sigpipe();
	rt_config cfg;
	memset(&cfg, 0, sizeof(cfg));
	hamle_reader_options ro = HAMLE_READER_OPTIONS_INIT;
	hamle_replay_options po = HAMLE_REPLAY_OPTIONS_INIT;
	hamle_writer_options wo = HAMLE_WRITER_OPTIONS_INIT;
	hamle_reconcile_options co = HAMLE_RECONCILE_OPTIONS_INIT;
	hamle_unpack_limits ul = HAMLE_UNPACK_LIMITS_INIT;
	cfg.ropts = ro;
	cfg.popts = po;
	cfg.wopts = wo;
	cfg.copts = co;
	cfg.unpack = ul;
	cfg.msg = &msg;
	const char *from = "auto", *lang = NULL, *to = "pgn";
	char *pair_list = strdup("White,Black,Round");
	int status;
	hamle_cmdline cl;
	if ((status = hamle_cmdline_init(&cl, argc, &msg)) != 0)
		goto cleanup;
	if (!pair_list) {
		status = hamle_msg_nomem(&msg);
		goto cleanup;
	}
	cl.ropts = &cfg.ropts;
	cl.unpack = &cfg.unpack;
	/* the whole command line is read first: --help and the first usage error are printed once
	 * the messages locale is known (--lang anywhere, else the environment) */
	hamle_usage *usage = &cl.usage;
	hamle_opt_parser p;
	hamle_opt_init(&p, opts, argc, argv);
	for (int id; (id = hamle_opt_next(&p)) != HAMLE_OPT_END;) {
		unsigned long v;
		const char *a[1] = {p.arg};
		if (hamle_cmdline_take(&cl, id, &p, OPT_LOCALE_FILE))
			continue;
		switch (id) {
		case OPT_FROM: from = p.arg; break;
		case OPT_LANG: lang = p.arg; break;
		case OPT_TO: to = p.arg; break;
		case OPT_FORMAT:
			if (strcmp(p.arg, "json") && strcmp(p.arg, "text"))
				hamle_usage_note(usage, "usage_reconcile_format", "--format: expected text or json, not '%s'", 1, a);
			cfg.json = !strcmp(p.arg, "json");
			break;
		case OPT_PAIR_BY:
			free(pair_list);
			if (!(pair_list = strdup(p.arg))) {
				status = hamle_msg_nomem(&msg);
				goto cleanup;
			}
			cfg.pair_given = true;
			break;
		case OPT_ENCODING:
			if (hamle_encoding_parse(&cfg.ropts.encoding, p.arg) < 0)
				hamle_usage_note(usage, "usage_reconcile_encoding", "--encoding: unknown encoding '%s'", 1, a);
			break;
		case OPT_LOOKAHEAD:
			if (hamle_opt_parse_ulong(p.arg, 1, 4096, &v) < 0)
				hamle_usage_note(usage, "usage_reconcile_lookahead", "--lookahead wants a number from 1 to 4096, not '%s'", 1, a);
			else
				cfg.copts.lookahead = (unsigned)v;
			break;
		case OPT_MAX_GAP:
			if (hamle_opt_parse_ulong(p.arg, 1, 64, &v) < 0)
				hamle_usage_note(usage, "usage_reconcile_max_gap", "--max-gap wants a number from 1 to 64, not '%s'", 1, a);
			else
				cfg.copts.max_gap = (unsigned)v;
			break;
		case OPT_IGNORE:
		case OPT_SELECT: hamle_code_filter_note(&cfg.codes, p.arg, id == OPT_SELECT, usage); break;
		case OPT_QUIET: msg.verbosity = -1; break;
		case OPT_DIAGRAM: cfg.diagram.on = true; break;
		case OPT_ASCII: cfg.diagram.ascii = true; break;
		case OPT_HTML: cfg.html = p.arg; break;
		case OPT_VERBOSE: msg.verbosity = msg.verbosity < 0 ? 1 : msg.verbosity + 1; break;
		default: break;
		}
	}
	if (hamle_cmdline_version(&cl, &info, &msg, &status) || (status = hamle_cmdline_load(&cl, &msg)) != 0)
		goto cleanup;
	hamle_cli_locales *ls = &cl.ls;
	/* --lang: the language of the moves written and of the messages; the environment only the
	 * messages' (and those of an unknown --lang), as in hamle-convert */
	const hamle_locale *out_loc = hamle_cli_locales_find(ls, lang ? lang : "en");
	cfg.en = hamle_cli_locales_find(ls, "en");
	cfg.messages = hamle_cli_locales_messages(ls, out_loc ? lang : NULL);
	msg.messages = cfg.messages;
	if (hamle_cmdline_help(&cl, &info, opts, &msg, &status))
		goto cleanup;
	if (!usage->key)
		parse_pair_by(&cfg, pair_list, usage);
	if (usage->key) {
		status = hamle_usage_report(&msg, usage);
		goto cleanup;
	}
	char count[24];
	const char *a[1] = {count};
	snprintf(count, sizeof(count), "%zu", cl.nops);
	if (cl.nops != 2) {
		status = hamle_msg_usage_key(&msg, "usage_reconcile_operands",
			"two sheets (or two sets of them) wanted, not %s", 1, a);
		goto cleanup;
	}
	if (!strcmp(cl.operands[0], "-") && !strcmp(cl.operands[1], "-")) {
		status = hamle_msg_usage_key(&msg, "usage_reconcile_stdin_twice",
			"only one of the two sheets can be read from stdin ('-')", 0, NULL);
		goto cleanup;
	}
	int fmt = hamle_write_format_parse(to);
	a[0] = to;
	if (fmt < 0) {
		status = hamle_msg_usage_key(&msg, "usage_reconcile_to",
			"--to: unknown output form '%s' (pgn fide san lan uci spoken fen epd json)", 1, a);
		goto cleanup;
	}
	if (!out_loc || !cfg.en) {
		a[0] = lang ? lang : "en";
		status = hamle_msg_usage_key(&msg, "usage_reconcile_lang", "--lang: unknown output language '%s'", 1, a);
		goto cleanup;
	}
	if (strcmp(from, "auto") != 0 && !(cfg.popts.from = hamle_cli_locales_find(ls, from))) {
		a[0] = from;
		status = hamle_msg_usage_key(&msg, "usage_reconcile_from", "--from: unknown input language '%s'", 1, a);
		goto cleanup;
	}
	cfg.popts.candidates = (const hamle_locale *const *)ls->loc;
	cfg.popts.n_candidates = ls->n;
	cfg.popts.messages = cfg.messages;
	cfg.popts.flags = HAMLE_REPLAY_NO_SUGGEST;
	cfg.popts_en = cfg.popts;
	cfg.popts_en.from = cfg.en;
	cfg.ropts.sheet_locales = cfg.popts.candidates; /* scoresheet headers in every language */
	cfg.ropts.n_sheet_locales = ls->n;
	cfg.ropts.messages = cfg.messages;
	cfg.copts.messages = cfg.messages;
	cfg.wopts.format = fmt;
	cfg.diagram.color = hamle_color_wanted(stderr); /* the divergences go to stderr */
	cfg.wopts.locale = out_loc;
	status = rt_run(&cfg, cl.operands[0], cl.operands[1]);
cleanup:
	hamle_cmdline_free(&cl);
	free(pair_list);
	return status;
}
