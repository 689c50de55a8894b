/* winnable.c: hamle-move --winnable, the unwinnability analysis of positions (FIDE 5.2.2, 6.9).
 *
 *   WB rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -
 *
 * 'W' White can mate, 'B' Black can, '-' that side cannot, '?' undecided within the budget.
 * With -v a line per side follows: "  W helpmate: MOVES" (UCI), "  - REASON (N nodes)" or
 * "  ? budget (N nodes)". A batch line that is no FEN is answered "error: bad-fen: message". */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include <hamle/hamle.h>

#include "codes.h"
#include "move.h"

static char verdict_char(const hamle_unwin_result *r, char yes)
{
	if (r->verdict == HAMLE_UNWIN_CAN_MATE)
		return yes;
	return r->verdict == HAMLE_UNWIN_CANNOT_MATE ? '-' : '?';
}

/* One position; returns 0, 1 for a bad FEN (said on stdout in a batch, else by msg), or a
 * negative status. */
static int one(hamle_out *o, const hamle_msg *msg, hamle_unwin *u, const char *fen, int verbose,
	unsigned long budget)
{
	hamle_error err;
	hamle_error_clear(&err);
	hamle_position *pos = NULL;
	int rc = hamle_position_new(&pos, strcmp(fen, "startpos") == 0 ? NULL : fen, &err);
	if (rc < 0) {
		if (rc == HAMLE_ENOMEM)
			return rc;
		if (msg)
			hamle_msg_error(msg, "%s: %s", hamle_status_id(rc), err.message);
		else
			hamle_out_printf(o, "error: %s: %s\n", hamle_status_id(rc), err.message);
		return 1;
	}
	hamle_unwin_result r[2];
	for (int side = 0; side < 2 && rc == 0; side++)
		rc = hamle_unwin_analyze(u, &r[side], pos, (hamle_color)side, budget);
	if (rc == 0) {
		hamle_out_printf(o, "%c%c %s\n", verdict_char(&r[0], 'W'), verdict_char(&r[1], 'B'), fen);
		for (int side = 0; verbose && side < 2; side++) {
			char c = verdict_char(&r[side], side ? 'B' : 'W');
			if (r[side].verdict == HAMLE_UNWIN_CAN_MATE) {
				int n = hamle_unwin_line_uci(NULL, 0, pos, &r[side]);
				char *line = malloc((size_t)n + 1);
				if (!line) {
					rc = HAMLE_ENOMEM;
					break;
				}
				hamle_unwin_line_uci(line, (size_t)n + 1, pos, &r[side]);
				hamle_out_printf(o, "  %c helpmate:%s%s\n", c, n ? " " : "", line);
				free(line);
			} else {
				hamle_out_printf(o, "  %c %s (%lu nodes)\n", c, hamle_unwin_reason_id(r[side].reason),
					r[side].nodes);
			}
		}
	}
	hamle_position_free(pos);
	return rc;
}

int hamle_move_winnable(hamle_out *o, const hamle_msg *msg, const char *fen, int verbose,
	unsigned long budget)
{
	hamle_unwin *u = NULL;
	if (hamle_unwin_new(&u) < 0)
		return hamle_msg_nomem(msg);
	int status = HAMLE_EXIT_OK, rc = 0;
	if (fen) {
		rc = one(o, msg, u, fen, verbose, budget);
	} else {
		char *line = NULL;
		size_t cap = 0;
		ssize_t got;
		while (rc >= 0 && !hamle_out_failed(o) && (got = getline(&line, &cap, stdin)) >= 0) {
			size_t len = (size_t)got;
			while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
				len--;
			line[len] = '\0';
			rc = one(o, NULL, u, line, verbose, budget);
			if (rc > 0)
				status = HAMLE_EXIT_INVALID;
		}
		int read_err = ferror(stdin);
		free(line);
		if (read_err && rc >= 0) {
			hamle_unwin_free(u);
			hamle_msg_syserr(msg, "<stdin>", errno);
			return HAMLE_EXIT_ERROR;
		}
	}
	hamle_unwin_free(u);
	if (rc < 0)
		return hamle_msg_nomem(msg);
	return rc > 0 ? HAMLE_EXIT_INVALID : status;
}
