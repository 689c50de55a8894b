/* limits.h: the reader's limits as options of every tool that reads games, one table entry set
 * and one handler (so the tools spell, document and check them alike):
 *
 *   static const hamle_cli_opt opts[] = { ..., HAMLE_OPT_LIMIT_ENTRIES, HAMLE_OPT_STD_ENTRIES, {0}};
 *   ...
 *   default:
 *       if (hamle_opt_is_limit(id))
 *           rc = hamle_opt_limit_note(&ropts, id, p.arg, &usage);   -- 0, or 2 with the error noted
 *
 * A game over a limit is a `limit` error of that game alone (see hamle/pgn.h). */
#ifndef HAMLE_CLI_LIMITS_H
#define HAMLE_CLI_LIMITS_H

#include <stdbool.h>
#include <stddef.h>

#include <hamle/pgn.h>

#include "msg.h"
#include "unpack.h"

enum {
	HAMLE_OPT_MAX_GAME = 10100, HAMLE_OPT_MAX_COMMENT, HAMLE_OPT_MAX_TAG, HAMLE_OPT_MAX_DEPTH,
	HAMLE_OPT_MAX_TOKENS, HAMLE_OPT_MAX_FINDINGS
};

#define HAMLE_OPT_LIMIT_ENTRIES \
	{"max-game-bytes", 0, HAMLE_OPT_ARG, "SIZE", "largest game read (default 8M; K, M, G suffixes)", \
		HAMLE_OPT_MAX_GAME}, \
	{"max-comment-bytes", 0, HAMLE_OPT_ARG, "SIZE", "largest comment (default 1M)", HAMLE_OPT_MAX_COMMENT}, \
	{"max-tag-bytes", 0, HAMLE_OPT_ARG, "SIZE", "largest tag name or value (default 64K)", HAMLE_OPT_MAX_TAG}, \
	{"max-depth", 0, HAMLE_OPT_ARG, "N", "deepest variation nesting (default 256)", HAMLE_OPT_MAX_DEPTH}, \
	{"max-tokens", 0, HAMLE_OPT_ARG, "N", "most movetext tokens per game (default 200000)", HAMLE_OPT_MAX_TOKENS}, \
	{"max-findings", 0, HAMLE_OPT_ARG, "N", "findings printed per game; more are only counted (default 100)", \
		HAMLE_OPT_MAX_FINDINGS}

/* The limits of compressed members (unpack.h), for every tool that reads inputs:
 *   HAMLE_OPT_LIMIT_ENTRIES, HAMLE_OPT_INPUT_LIMIT_ENTRIES, ...
 *   if (hamle_opt_is_input_limit(id)) rc = hamle_opt_input_limit(&unpack_limits, id, p.arg, &msg);
 * and hamle_inputs_set_limits(in, &unpack_limits). */
enum { HAMLE_OPT_MAX_MEMBER = 10120, HAMLE_OPT_MAX_RATIO };
#define HAMLE_OPT_INPUT_LIMIT_ENTRIES \
	{"max-member-bytes", 0, HAMLE_OPT_ARG, "SIZE", "largest member of an archive or compressed file read " \
		"(default 1T; K, M, G, T suffixes)", HAMLE_OPT_MAX_MEMBER}, \
	{"max-ratio", 0, HAMLE_OPT_ARG, "N", "stop a member that expands more than N times its compressed " \
		"size, once past 16M (a zip bomb; default 100; 0: no limit)", HAMLE_OPT_MAX_RATIO}

bool hamle_opt_is_input_limit(int id);
/* As hamle_opt_limit, for the HAMLE_OPT_INPUT_LIMIT_ENTRIES. */
int hamle_opt_input_limit(hamle_unpack_limits *ul, int id, const char *arg, const hamle_msg *m);
/* The same, the error noted in u (0, or 2 with the error noted). */
int hamle_opt_input_limit_note(hamle_unpack_limits *ul, int id, const char *arg, hamle_usage *u);

/* Whether id is one of the HAMLE_OPT_MAX_* ids. */
bool hamle_opt_is_limit(int id);

/* Sets the limit of option id from its value arg in ro. 0, or HAMLE_EXIT_ERROR (2) after a usage
 * message on m ("--max-depth: 'x' is not a positive number"). */
int hamle_opt_limit(hamle_reader_options *ro, int id, const char *arg, const hamle_msg *m);
/* The same, but the usage error is noted in u (hamle_usage_note; keys usage_limit_size,
 * usage_limit_number), to be reported once the messages locale is known. 0 or HAMLE_EXIT_ERROR. */
int hamle_opt_limit_note(hamle_reader_options *ro, int id, const char *arg, hamle_usage *u);

/* "64K", "8M", "1G", "1T" (either case; powers of 1024) or plain bytes, at least 1. 0, or -1 when s is
 * not one (out untouched). */
int hamle_opt_parse_size(const char *s, size_t *out);

#endif
