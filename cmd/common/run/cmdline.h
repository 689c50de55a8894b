/* cmdline.h: what the tools' command lines share around opt.h's parser: the operands, the
 * --locale-file paths, the reader's and the inputs' limits, and --help, --version and the first
 * usage error, noted while parsing and printed once the messages locale is known (so that
 * `--help --lang tr` and `--lang tr --help` are both Turkish):
 *
 *   hamle_cmdline cl;
 *   if ((status = hamle_cmdline_init(&cl, argc, &msg)) != 0) goto cleanup;   -- out of memory
 *   cl.ropts = &ropts; cl.unpack = &unpack;                  -- where --max-* go (or NULL)
 *   for (int id; (id = hamle_opt_next(&p)) != HAMLE_OPT_END;)
 *       if (!hamle_cmdline_take(&cl, id, &p, OPT_LOCALE_FILE)) switch (id) { the tool's own }
 *   if (hamle_cmdline_version(&cl, &info, &msg, &status)) goto cleanup;
 *   if ((status = hamle_cmdline_load(&cl, &msg)) != 0) goto cleanup;
 *   msg.messages = ... the tool's choice among cl.ls (hamle_cli_locales_messages) ...;
 *   if (hamle_cmdline_help(&cl, &info, opts, &msg, &status)) goto cleanup;
 *   if (cl.usage.key) { status = hamle_usage_report(&msg, &cl.usage); goto cleanup; }
 *   ...
 *   hamle_cmdline_free(&cl);
 */
#ifndef HAMLE_CLI_CMDLINE_H
#define HAMLE_CLI_CMDLINE_H

#include <stdbool.h>
#include <stddef.h>

#include <hamle/pgn.h>

#include "locales.h"
#include "opt.h"
#include "unpack.h"

typedef struct hamle_cmdline {
	hamle_usage usage;               /* the first usage error */
	int info_id;                     /* HAMLE_OPT_HELP or _VERSION, given before any usage error */
	const char **operands;           /* in command-line order */
	size_t nops;
	const char **locale_files;       /* --locale-file PATH, in order */
	size_t nlocfiles;
	hamle_cli_locales ls;            /* the built-in locales and those files (hamle_cmdline_load) */
	hamle_reader_options *ropts;     /* where --max-game-bytes... go; NULL: the tool has none */
	hamle_unpack_limits *unpack;     /* where --max-member-bytes, --max-ratio go; NULL: none */
	unsigned int *replay_flags;      /* where --mainline goes (HAMLE_REPLAY_MAINLINE); NULL: none */
} hamle_cmdline;

/* --mainline, for every tool that replays games (hamle-validate, hamle-convert, hamle-annotate):
 * the mainline alone is played, the variations are read but not played (no finding about their
 * moves). The tool's own help text goes in its table; the messages key is help_mainline (or
 * help_TOOL_mainline). */
enum { HAMLE_OPT_MAINLINE = 10140 };
#define HAMLE_OPT_MAINLINE_ENTRY(help) {"mainline", 0, HAMLE_OPT_NOARG, NULL, help, HAMLE_OPT_MAINLINE}

/* Sets c up for argc arguments. 0, or the exit status of a failure (out of memory, said). */
int hamle_cmdline_init(hamle_cmdline *c, int argc, const hamle_msg *m);
/* Takes option id when every tool handles it alike: an operand, the parser's usage error, --help
 * and --version, the limits and --mainline (where c has somewhere to put them) and locale_file_id (the tool's id
 * of --locale-file; 0: none). A usage error is noted in c->usage. True when taken. */
bool hamle_cmdline_take(hamle_cmdline *c, int id, const hamle_opt_parser *p, int locale_file_id);
/* --version given: prints it and returns true with *status. Written as every output is (out.h): a
 * closed pipe ends quietly (0), another failed write is said on m (2). */
bool hamle_cmdline_version(const hamle_cmdline *c, const hamle_cli_info *info, const hamle_msg *m, int *status);
/* Loads the built-in locales and the --locale-file ones into c->ls. 0, or the exit status (the
 * failure said). */
int hamle_cmdline_load(hamle_cmdline *c, const hamle_msg *m);
/* --help given: prints it in the language of m->messages (--help-tables: in the tables' English)
 * as hamle_cmdline_version prints, and returns true with *status. */
bool hamle_cmdline_help(const hamle_cmdline *c, const hamle_cli_info *info, const hamle_cli_opt *opts,
	const hamle_msg *m, int *status);
void hamle_cmdline_free(hamle_cmdline *c);

#endif
