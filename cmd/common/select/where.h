/* where.h: --where EXPR on the command line of hamle-validate and hamle-convert (the expression
 * language is hamle/filter.h's). A bad expression is a usage error (message usage_where) that
 * shows the expression and a caret under the problem:
 *
 *   hamle-validate: --where: expected '&&', '||', ')' or the end of the expression at character 14
 *     WhiteElo>2700 Black=x
 *                  ^
 *
 * An expression longer than fits the usage message is shown around the problem, cut at
 * characters with "..." where it is cut. */
#ifndef HAMLE_CLI_WHERE_H
#define HAMLE_CLI_WHERE_H

#include <stddef.h>

#include <hamle/annotate.h>
#include <hamle/eco.h>
#include <hamle/filter.h>

#include "msg.h"

/* Adds expr to *f (made on the first call when *f is NULL). A bad expression is noted in u.
 * Returns 0, HAMLE_EUSAGE (noted) or HAMLE_ENOMEM. */
int hamle_where_add(hamle_filter **f, const char *expr, hamle_usage *u);

/* The two lines under a usage error for expr with its problem at byte offset: the expression (or
 * the part of it around offset) and a caret line, each indented by two spaces, into buf[0..size)
 * (the second line without its line end). Blanks of the expression are shown as spaces. Returns
 * the length written. */
size_t hamle_where_caret(char *buf, size_t size, const char *expr, size_t offset);

/* What the expressions of f need beyond the replay (hamle_annotate_filter_check): the opening
 * table when one tests ComputedECO (*eco, else NULL), loaded once for all workers. Returns 0 or
 * HAMLE_ENOMEM. */
int hamle_where_eco(const hamle_filter *f, hamle_eco **eco);

/* A worker's annotator for f (*out NULL when no expression tests Has or ComputedECO): the draw
 * rules on the board and the automatic ones, and the openings of eco. Returns 0 or HAMLE_ENOMEM. */
int hamle_where_annotator(const hamle_filter *f, const hamle_eco *eco, hamle_annotator **out);

#endif
