/* cli.h: hamle-convert's command line as a part other tools reuse (hamle-annotate reads and
 * writes what hamle-convert does): the option entries, their parsing, and the configuration they
 * make. A tool puts CV_OPT_ENTRIES in its option table (its own ids start at CV_OPT_NEXT), passes
 * each option id to cv_cli_option, then calls cv_cli_finish and cv_run. */
#ifndef HAMLE_CONVERT_CLI_H
#define HAMLE_CONVERT_CLI_H

#include "cmdline.h"
#include "convert.h"
#include "diagram.h"
#include "limits.h"

enum {
	CV_OPT_FROM = 1, CV_OPT_LANG, CV_OPT_TO, CV_OPT_ENCODING, CV_OPT_REPAIR, CV_OPT_OUT_ENCODING, CV_OPT_WHERE,
	CV_OPT_OUTPUT, CV_OPT_IN_PLACE, CV_OPT_JOBS, CV_OPT_ON_ERROR, CV_OPT_QUIET, CV_OPT_VERBOSE,
	CV_OPT_LOCALE_FILE, CV_OPT_IGNORE, CV_OPT_SELECT, CV_OPT_DIAGRAM, CV_OPT_ASCII, CV_OPT_BRIDGE, CV_OPT_NO_BRIDGE, CV_OPT_GAME, CV_OPT_INVERT,
	/* hamle-convert's own (cli_shape.c): duplicates and output shapes */
	CV_OPT_UNIQUE, CV_OPT_DUPLICATES, CV_OPT_NO_COMMENTS, CV_OPT_NO_NAGS, CV_OPT_NO_VARIATIONS, CV_OPT_STR_ONLY,
	CV_OPT_NO_TAGS, CV_OPT_WIDTH, CV_OPT_TAG_ORDER, CV_OPT_KEEP_TAG_ORDER, CV_OPT_SPLIT, CV_OPT_SPLIT_BY,
	CV_OPT_NEXT
};

/* The options of hamle-convert alone (not hamle-annotate's): --unique, the output shapes, --split. */
#define CV_OPT_SHAPE_ENTRIES \
	{"unique", 0, HAMLE_OPT_OPTARG, "positions", \
		"leave out a game whose mainline (moves from the same start) is an earlier game's; " \
		"--unique=positions: whose final position is; the first one is kept, whatever -j is", CV_OPT_UNIQUE}, \
	{"duplicates", 0, HAMLE_OPT_ARG, "FILE", "write the games --unique leaves out to FILE (whole or not at all)", \
		CV_OPT_DUPLICATES}, \
	{"no-comments", 0, HAMLE_OPT_NOARG, NULL, "leave out comments (not the draw offer (=))", CV_OPT_NO_COMMENTS}, \
	{"no-nags", 0, HAMLE_OPT_NOARG, NULL, "leave out NAGs ($1, !, ?...)", CV_OPT_NO_NAGS}, \
	{"no-variations", 0, HAMLE_OPT_NOARG, NULL, "leave out variations", CV_OPT_NO_VARIATIONS}, \
	{"str-only", 0, HAMLE_OPT_NOARG, NULL, \
		"write the Seven Tag Roster alone (and SetUp, FEN, Variant, which the moves need)", CV_OPT_STR_ONLY}, \
	{"no-tags", 0, HAMLE_OPT_NOARG, NULL, "write no tags (but SetUp, FEN, Variant, which the moves need)", \
		CV_OPT_NO_TAGS}, \
	{"width", 0, HAMLE_OPT_ARG, "N", "movetext lines shorter than N characters (default 80, 20 to 256)", \
		CV_OPT_WIDTH}, \
	{"tag-order", 0, HAMLE_OPT_ARG, "FILE", \
		"write the tags named in FILE (one a line) first, in its order, then the others", CV_OPT_TAG_ORDER}, \
	{"keep-tag-order", 0, HAMLE_OPT_NOARG, NULL, "write the tags as read, in their order, none added", \
		CV_OPT_KEEP_TAG_ORDER}, \
	{"split", 0, HAMLE_OPT_ARG, "N", "write files of N games, 1.pgn 2.pgn ..., into the directory -o DIR", \
		CV_OPT_SPLIT}, \
	{"split-by", 0, HAMLE_OPT_ARG, "KEY", \
		"write one file a value of eco, event or date (the year) into the directory -o DIR", CV_OPT_SPLIT_BY}

/* to: the help text of --to */
#define CV_OPT_ENTRIES(to) \
	{"from", 'f', HAMLE_OPT_ARG, "LANG", "input language: auto (default) en tr de fr es it nl fan", CV_OPT_FROM}, \
	{"lang", 'l', HAMLE_OPT_ARG, "LANG", \
		"output language of the moves, and of the messages (default en; fan = figurines; without it " \
		"the messages follow LC_ALL, LC_MESSAGES or LANG)", CV_OPT_LANG}, \
	{"to", 't', HAMLE_OPT_ARG, "FORM", to, CV_OPT_TO}, \
	{"encoding", 0, HAMLE_OPT_ARG, "ENC", "input encoding: auto (default) utf-8 cp1254 iso-8859-9 latin1 cp1252", \
		CV_OPT_ENCODING}, \
	{"locale-file", 0, HAMLE_OPT_ARG, "PATH", \
		"load one more locale from a YAML file (repeatable): a language for --from, --lang and detection", \
		CV_OPT_LOCALE_FILE}, \
	{"repair", 0, HAMLE_OPT_ARG, "tr", "repair Turkish mojibake (Þ->Ş, ý->ı...) in every game whose words are Turkish", CV_OPT_REPAIR}, \
	{"output-encoding", 0, HAMLE_OPT_ARG, "ENC", \
		"write utf-8 (default), cp1254, iso-8859-9 or latin1; a character the encoding lacks is an error", \
		CV_OPT_OUT_ENCODING}, \
	{"where", 'w', HAMLE_OPT_ARG, "EXPR", \
		"only games whose tags match, e.g. 'White~/Kasparov/i' or 'Elo>=2600 && (Result=1-0 || Date<2000)' " \
		"(repeatable; all must hold; " \
		"PCRE2, UTF+UCP: /i folds by Unicode, and İ/ı do not fold to i/I)", CV_OPT_WHERE}, \
	{"game", 0, HAMLE_OPT_ARG, "N[-M],...", \
		"only these games of each input, by number from 1 (repeatable), e.g. 5 or 1,10-20", CV_OPT_GAME}, \
	{"invert", 0, HAMLE_OPT_NOARG, NULL, "only the games --where and --game leave out", CV_OPT_INVERT}, \
	{"output", 'o', HAMLE_OPT_ARG, "FILE", \
		"write to FILE instead of stdout (- is stdout), whole or not at all: a temporary file beside it " \
		"is renamed over it at the end; FILE must not be an input", CV_OPT_OUTPUT}, \
	{"in-place", 0, HAMLE_OPT_NOARG, NULL, \
		"rewrite each input file (via a temporary file and rename, mode and owner kept, a symbolic link " \
		"followed; untouched on any error or signal)", CV_OPT_IN_PLACE}, \
	{"jobs", 'j', HAMLE_OPT_ARG, "N", "run N threads (default: all cores); output stays in input order", \
		CV_OPT_JOBS}, \
	{"on-error", 0, HAMLE_OPT_ARG, "MODE", \
		"a game with an error: keep (default: written in its own language up to the error, a {hamle: error} " \
		"note, then the rest as it was read, so that it still fails), skip, fail", \
		CV_OPT_ON_ERROR}, \
	{"bridge", 0, HAMLE_OPT_OPTARG, "N", \
		"where a game stops at a move that cannot be played, look for up to N unrecorded plies (1 to 8, " \
		"default 4) and write the best that makes the whole game replay into it, each move with a comment " \
		"that it was not on the scoresheet (without it: up to 2 plies where the record shows a gap, " \
		"in the findings only)", CV_OPT_BRIDGE}, \
	{"no-bridge", 0, HAMLE_OPT_NOARG, NULL, "no search for unrecorded moves", CV_OPT_NO_BRIDGE}, \
	HAMLE_OPT_LIMIT_ENTRIES, \
	HAMLE_OPT_INPUT_LIMIT_ENTRIES, \
	HAMLE_OPT_MAINLINE_ENTRY("the mainline only: variations are left out and not replayed (no finding " \
		"about their moves)"), \
	{"quiet", 'q', HAMLE_OPT_NOARG, NULL, "no warnings (errors still print)", CV_OPT_QUIET}, \
	{"verbose", 'v', HAMLE_OPT_NOARG, NULL, \
		"also print the warnings of every game, and the FEN before a move a finding is about", CV_OPT_VERBOSE}, \
	HAMLE_OPT_CODE_ENTRIES(CV_OPT_IGNORE, CV_OPT_SELECT), \
	HAMLE_OPT_DIAGRAM_ENTRIES(CV_OPT_DIAGRAM, CV_OPT_ASCII)

typedef struct cv_cli {
	cv_config cfg;
	hamle_msg msg;
	const char *from, *lang, *to;
	hamle_filter *where;
	hamle_eco *eco; /* the opening table --where asks for */
	const hamle_locale *out_loc; /* after cv_cli_finish: the output language */
	/* the operands, the locales, and the first usage error (a tool notes its own in cl.usage too),
	 * --help and --version: printed once the messages locale is known (--lang anywhere, else the
	 * environment) */
	hamle_cmdline cl;
	const char *tag_file;  /* --tag-order FILE, read by cv_cli_finish into: */
	char *tag_text;
	const char **tag_names;
} cv_cli;

/* Sets c up for a tool named prog; 0, or the exit status of a failure (out of memory). */
int cv_cli_init(cv_cli *c, const char *prog, int argc);
/* Handles option id (or an operand, HAMLE_OPT_FAIL, --help, --version) as hamle-convert does: a
 * usage error is noted in c->cl.usage (a tool notes its own there too, hamle_usage_note), --help
 * and --version in c->cl.info_id. Returns 0 when it was handled, -1 when the id is not one of its own. */
int cv_cli_option(cv_cli *c, int id, const hamle_opt_parser *p);
/* After the options: prints the version or the help (in the messages language) or the first
 * usage error, else checks the options, loads the locales and fills c->cfg. Returns 0 to go on,
 * or sets *done and returns the exit status to end with. */
int cv_cli_finish(cv_cli *c, const hamle_cli_info *info, const hamle_cli_opt *opts, int *done);
void cv_cli_free(cv_cli *c);

/* cli_shape.c: the options of CV_OPT_SHAPE_ENTRIES (0, or -1 when id is not one of them), and
 * their checks once all are read (0, or the exit status of a usage error, said). */
int cv_cli_shape_option(cv_cli *c, int id, const hamle_opt_parser *p);
int cv_cli_shape_finish(cv_cli *c);

#endif
