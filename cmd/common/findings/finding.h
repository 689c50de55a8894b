/* finding.h: one replay finding as the GNU-style text line every hamle tool prints.
 *
 *   FILE:LINE:COL: game N (White - Black), move 12... (ply 24, variation 1.2): warning: illegal
 *   move 'Af3': no knight can reach f3; did you mean Ad2 or Nd2?
 *
 * "warning: " stands before the label of a warning (as compilers write it, which editors' error
 * parsers know). The words come from a messages locale (keys game, move, ply, variation, warning,
 * did_you_mean, repeated, or, list_separator, code_<id>); a key it lacks, or a NULL locale, gives
 * the English word. The label is said once: a message that already starts with it ("missing tag
 * Round") stands alone. hamle-validate writes these lines on stdout, hamle-convert on stderr, both
 * in their messages language. Nothing here is stateful: worker threads may call it at once. */
#ifndef HAMLE_CLI_FINDING_H
#define HAMLE_CLI_FINDING_H

#include <stdbool.h>
#include <stddef.h>

#include <hamle/hamle.h>

#include "buf.h"
#include "codes.h"
#include "diagram.h"

/* The locale's text for key, or fallback when messages is NULL or lacks it (or it is empty). */
const char *hamle_finding_word(const hamle_locale *messages, const char *key, const char *fallback);

/* "FILE:LINE:COL: game N (White - Black)" without a newline. FILE is the game's source
 * ("<stdin>" when it has none); line 0 means the game's first line, and ":COL" is left out then
 * or when column is 0; game 0 means the game's own index; a missing or empty White or Black tag
 * is "?". */
void hamle_finding_where(hamle_buf *b, const hamle_locale *messages, const hamle_game *g, size_t game,
	size_t line, size_t column);

/* The whole line of finding f of game g, with its newline. */
void hamle_finding_text(hamle_buf *b, const hamle_locale *messages, const hamle_game *g,
	const hamle_diagnostic *f);

/* Makes d, whose error is set, an error finding that is about no move (a tag, the whole game):
 * id from the error's code, no token index, side, path, position or suggestion. */
void hamle_diagnostic_of_error(hamle_diagnostic *d);

/* What a tool shows of the findings of a game, and how. */
typedef struct hamle_finding_view {
	const hamle_locale *messages;   /* words and templates (NULL: English) */
	const hamle_code_filter *codes; /* --ignore, --select (NULL: every code) */
	bool warnings;                  /* print warnings (false under -q) */
	bool fen;                       /* -v: end a line about a move with [FEN "..."], the position
	                                 * before the move */
	const hamle_diagram *diagram;   /* --diagram: the board under a line about a move (NULL: none) */
	bool bridges;                   /* print missing-moves warnings, the explanation of an error,
	                                 * even without warnings (hamle-convert without -v) */
} hamle_finding_view;

/* True when v prints finding f: an error always, a warning when v->warnings (a missing-moves one
 * also when v->bridges) and v->codes keeps it. */
bool hamle_finding_shown(const hamle_finding_view *v, const hamle_diagnostic *f);

/* The lines of the findings of game g (replayed by rp) that v prints, in order. A warning code
 * comes once per game: its first finding, with "(N times in this game)" when there were N > 1
 * (every error is printed, at its own place). Under v->diagram each line about a move is followed
 * by the board before it (diagram.h). */
void hamle_findings_text(hamle_buf *b, const hamle_finding_view *v, const hamle_game *g,
	const hamle_replay *rp);

#endif
