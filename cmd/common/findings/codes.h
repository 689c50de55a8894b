/* codes.h: --ignore and --select over finding codes, as linters have them.
 *
 *   --ignore CODE[,CODE]   these warnings are not reported: not printed, not counted
 *   --select CODE[,CODE]   only these warnings are reported (the others as with --ignore)
 *
 * Both repeat and add up; --ignore wins over --select. The codes are the library's
 * (hamle_code_at: "check-mark", "missing-tag", ...). Only warnings can be left out: naming a code
 * whose findings are only errors ("illegal-move") is a usage error, since errors always count; a
 * code with both ("encoding", "syntax") leaves out only its warnings. A hamle_code_filter is plain
 * data, read-only once set up, shared by worker threads. */
#ifndef HAMLE_CLI_CODES_H
#define HAMLE_CLI_CODES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <hamle/replay.h>

#include "opt.h"

#define HAMLE_CLI_MAX_CODES 64 /* codes of the library's table the filter can name */

typedef struct hamle_code_filter {
	uint64_t ignore;  /* bit i: hamle_code_at(i) is ignored */
	uint64_t select;  /* bit i: hamle_code_at(i) is selected */
	bool selecting;   /* some --select was given */
} hamle_code_filter;

#define HAMLE_CODE_FILTER_INIT {0, 0, false}

/* The option table entries of --ignore and --select (ids: the tool's own). */
#define HAMLE_OPT_CODE_ENTRIES(ignore_id, select_id) \
	{"ignore", 0, HAMLE_OPT_ARG, "CODE[,CODE]", \
		"do not report these warnings, e.g. 'missing-tag,check-mark' (repeatable; errors always count)", \
		ignore_id}, \
	{"select", 0, HAMLE_OPT_ARG, "CODE[,CODE]", "report only these warnings (repeatable)", select_id}

/* Index of code id in the library's table, or -1 when it is not there (or past
 * HAMLE_CLI_MAX_CODES). */
int hamle_code_index(const char *id);

/* Adds the comma-separated codes of list to the ignored (select false) or selected ones. On an
 * unknown code, an error-only code or an empty name, writes one line saying why into
 * why[0..size) and returns -1 (f then holds the codes before the bad one); 0 on success. */
int hamle_code_filter_add(hamle_code_filter *f, const char *list, bool select, char *why, size_t size);
/* The same, but the usage error is noted in u (keys usage_code_empty, usage_code_unknown,
 * usage_code_error_only), to be reported in the messages language. 0 or -1. */
int hamle_code_filter_note(hamle_code_filter *f, const char *list, bool select, hamle_usage *u);

/* True when a finding of code id and severity sev is reported: always for an error (or a NULL
 * filter); for a warning unless its code is ignored or not among those selected. */
bool hamle_code_filter_keeps(const hamle_code_filter *f, const char *id, hamle_severity sev);

#endif
