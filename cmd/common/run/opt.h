/* opt.h: one declarative option table drives both parsing and --help (libgit2 cli style).
 *
 *   enum { OPT_JOBS = 1, OPT_FORMAT, OPT_QUIET };
 *   static const hamle_cli_opt opts[] = {
 *       {"jobs", 'j', HAMLE_OPT_ARG, "N", "run N threads (default: all cores)", OPT_JOBS},
 *       {"format", 0, HAMLE_OPT_ARG, "FMT", "output format: text or json", OPT_FORMAT},
 *       {"quiet", 'q', HAMLE_OPT_NOARG, NULL, "no warnings, no summary", OPT_QUIET},
 *       HAMLE_OPT_STD_ENTRIES,   -- --help and --version
 *       {0}};
 *   hamle_opt_parser p;
 *   hamle_opt_init(&p, opts, argc, argv);
 *   for (int id; (id = hamle_opt_next(&p)) != HAMLE_OPT_END;) switch (id) {
 *       case HAMLE_OPT_OPERAND: add p.arg to the inputs; break;
 *       case HAMLE_OPT_FAIL:    hamle_opt_note_error(&p, &usage); break;   -- reported after parsing
 *       case OPT_JOBS:          ... p.arg ...
 *   }
 *
 * Syntax accepted (getopt_long alike):
 *   --name, --name=value, --name value, -x, -xVALUE, -x VALUE, clustered flags -qv (-qj4),
 *   a long name abbreviated to any prefix that names one option --help shows (--form json);
 *   an abbreviation of several is an error naming them, an unknown name one that names the
 *   closest option by edit distance when there is one close enough ("did you mean '--format'?");
 *   "--" ends options, "-" alone is an operand (stdin). Options and operands may be mixed;
 *   operands are returned in command-line order. An empty value (--where=) is a value.
 * Ids must be > 0. The parser keeps no global state.
 *
 * Messages: a tool notes --help and its usage errors while parsing (hamle_usage, msg.h), and
 * prints them once the whole command line is read and the messages locale is known, so that
 * `--help --lang tr` and `--lang tr --help` are both Turkish. --help looks up each text in the
 * messages locale (see hamle_opt_help_in for the keys); the table's texts are the English
 * fallback. */
#ifndef HAMLE_CLI_OPT_H
#define HAMLE_CLI_OPT_H

#include <stdbool.h>
#include <stdio.h>

#include <hamle/locale.h>

#include "msg.h"

typedef enum {
	HAMLE_OPT_NOARG = 0,   /* a flag */
	HAMLE_OPT_ARG = 1,     /* requires a value */
	HAMLE_OPT_OPTARG = 2   /* value only as --name=value (or -xVALUE); p.arg is NULL without one */
} hamle_opt_argkind;

typedef struct hamle_cli_opt {
	const char *long_name; /* without "--"; NULL (with short_name 0) ends the table */
	char short_name;       /* 0 = none */
	hamle_opt_argkind arg;
	const char *arg_name;  /* shown in --help: "N", "FILE"; NULL = "ARG" */
	const char *help;      /* one sentence, no final period; NULL hides the option from --help */
	int id;                /* > 0; returned by hamle_opt_next */
} hamle_cli_opt;

/* Return values of hamle_opt_next besides option ids. */
enum {
	HAMLE_OPT_END = 0,      /* argv exhausted */
	HAMLE_OPT_OPERAND = -1, /* p.arg is an operand (file name, "-", anything after "--") */
	HAMLE_OPT_FAIL = -2     /* usage error; p.error holds one line */
};

/* Standard ids and entries for --help/--version. --help-tables (not shown) is --help in the
 * English of the option table and hamle_cli_info alone, not of locales/en.yaml: the English
 * stands in both, and tests/cli/help_english.sh holds them equal through it. */
enum { HAMLE_OPT_HELP = 10000, HAMLE_OPT_VERSION = 10001, HAMLE_OPT_HELP_TABLES = 10002 };
#define HAMLE_OPT_STD_ENTRIES \
	{"help", 'h', HAMLE_OPT_NOARG, NULL, "show this help and exit", HAMLE_OPT_HELP}, \
	{"version", 0, HAMLE_OPT_NOARG, NULL, "show the version and exit", HAMLE_OPT_VERSION}, \
	{"help-tables", 0, HAMLE_OPT_NOARG, NULL, NULL, HAMLE_OPT_HELP_TABLES}

typedef struct hamle_opt_parser {
	const hamle_cli_opt *opts;
	int argc;
	char **argv;
	int index;                 /* next argv element to look at */
	const char *cluster;       /* rest of a short-option cluster ("-qv"), or NULL */
	bool operands_only;        /* after "--" */
	const hamle_cli_opt *opt;  /* the option just returned, or NULL */
	const char *arg;           /* its value (or the operand); NULL if none */
	char error[320];           /* one line, no prefix, no newline, after HAMLE_OPT_FAIL (English) */
	const char *error_key;     /* its message key: usage_unknown_option, usage_no_value, usage_needs_value,
	                            * usage_ambiguous_option, usage_unknown_option_suggest */
	const char *error_english; /* its English template ("unknown option '%s'") */
	char error_option[72];     /* the option as written, its first argument: "--jobs", "-x" */
	char error_extra[160];     /* its second ("" none): the options an abbreviation names, the closest */
} hamle_opt_parser;

void hamle_opt_init(hamle_opt_parser *p, const hamle_cli_opt *opts, int argc, char **argv);

/* Next option id (> 0), HAMLE_OPT_OPERAND, HAMLE_OPT_END or HAMLE_OPT_FAIL. argv[0] is skipped. */
int hamle_opt_next(hamle_opt_parser *p);

/* Notes the error of the HAMLE_OPT_FAIL just returned in u (hamle_usage_note). Returns
 * HAMLE_EXIT_ERROR. */
int hamle_opt_note_error(const hamle_opt_parser *p, hamle_usage *u);

/* What a tool shows in --help and --version. */
typedef struct hamle_cli_info {
	const char *name;    /* "hamle-validate" */
	const char *version; /* "0.1.0" (HAMLE_VERSION_STRING) */
	const char *usage;   /* after the name: "[options] [FILE|DIR|-]..."; '\n' between alternatives */
	const char *summary; /* a paragraph; may hold '\n' */
	const char *footer;  /* after the options; NULL = HAMLE_CLI_EXIT_TEXT */
} hamle_cli_info;

#define HAMLE_CLI_EXIT_TEXT \
	"Exit status: 0 every input valid, 1 at least one invalid game,\n" \
	"2 usage, I/O or out-of-memory error (also a failed write to stdout).\n"

/* --help text: "Usage: NAME USAGE", summary, "Options:" with one aligned, wrapped entry per option
 * ("  -j, --jobs=N   run N threads ..."), footer. Returns what fprintf family returns (< 0 on error). */
int hamle_opt_help(FILE *f, const hamle_cli_info *info, const hamle_cli_opt *opts);
/* The same in the language of messages (NULL: English, as hamle_opt_help). TOOL is info->name
 * without "hamle-", and in every key a '-' is written '_' ("hamle-validate" -> validate,
 * "locale-file" -> locale_file). Each text is messages' key when it has one, else the English
 * of info and opts:
 *   help_usage, help_options             the words "Usage:" and "Options:"
 *   help_TOOL_usage                      info->usage
 *   help_TOOL_summary, help_TOOL_exit    info->summary, info->footer
 *   help_TOOL_LONG, else help_LONG       the help of option --LONG (help_LONG: an option every
 *                                        tool that has it describes alike: help, version, jobs,
 *                                        lang, ignore, select, max_*)
 * Lines are wrapped by characters (UTF-8), not bytes. */
int hamle_opt_help_in(FILE *f, const hamle_cli_info *info, const hamle_cli_opt *opts,
	const hamle_locale *messages);
/* The language --help option id is printed in: messages for --help, NULL (the tables' English)
 * for --help-tables. */
const hamle_locale *hamle_opt_help_locale(int id, const hamle_locale *messages);
/* --version text: "NAME VERSION\n". */
int hamle_opt_version(FILE *f, const hamle_cli_info *info);

/* Parses a decimal integer in [min, max] (no sign, no spaces, no trailing junk). 0 on success,
 * -1 otherwise (out untouched). */
int hamle_opt_parse_ulong(const char *s, unsigned long min, unsigned long max, unsigned long *out);

#endif
