/* html.h: the arbiter's report (--html FILE in hamle-validate and hamle-reconcile): one
 * self-contained HTML file, nothing fetched from outside, no server.
 *
 * The file streams: the head (CSS and the filter bar's place), then one <article class="game">
 * per game with findings, written as the games come (the tool keeps none of them), then the
 * summary (files, games, valid, each code's count) and the script. The summary comes last
 * because only then are the counts known; the script moves it to the top of the page (and CSS
 * `order` puts it there when scripts are off), fills the filters (by code, by file: from the
 * articles' data-codes and data-file) and writes what it counts into the root element
 * (data-js-games, data-js-findings, data-js-boards, data-js-shown), which the browser test
 * reads back. A filter may also be given in the address: report.html#code=illegal-move&file=a.pgn.
 * Printed, each game is one page.
 *
 * Every text from the input (tag values, comments, tokens, file names, messages that quote
 * them) goes through hamle_html_text, which escapes & < > " ' and writes U+FFFD for a control
 * character; attributes are written the same way, always quoted. */
#ifndef HAMLE_CLI_HTML_H
#define HAMLE_CLI_HTML_H

#include <stdbool.h>
#include <stddef.h>

#include <hamle/hamle.h>

#include "buf.h"

/* Escaped text of s[0..len). */
void hamle_html_escape(hamle_buf *b, const char *s, size_t len);
/* Escaped text of the string s (NULL: nothing). */
void hamle_html_text(hamle_buf *b, const char *s);
/* The messages locale's word for key, escaped (fallback when it has none). */
void hamle_html_word(hamle_buf *b, const hamle_locale *messages, const char *key, const char *fallback);

/* From <!DOCTYPE html> to the opening of the games, in the messages language (html lang). */
void hamle_html_head(hamle_buf *b, const hamle_locale *messages, const char *tool);

/* An arrow on a board: a move's squares. */
typedef struct hamle_html_arrow {
	int from, to; /* squares 0..63 */
} hamle_html_arrow;

/* An inline SVG board (class "board") of pos, White at the bottom, arrows[0..n) drawn (the
 * first, the top suggestion, stronger, its squares marked), and a caption: the side to move
 * and the last move ("" none; numbered from pos). */
void hamle_html_board(hamle_buf *b, const hamle_locale *messages, const hamle_position *pos,
	const hamle_html_arrow *arrows, size_t n, const char *last);

/* <article class="game" data-file=... data-codes=" code ... "> with its heading: the source,
 * the game's number, the players, Event and Round. codes is the space-separated list of the
 * codes of its findings. The caller writes the findings and moves, then hamle_html_game_close. */
void hamle_html_game_open(hamle_buf *b, const hamle_locale *messages, const hamle_game *g, size_t game,
	const char *codes);
void hamle_html_game_close(hamle_buf *b);

/* The bridges of a missing-moves finding (each a sequence of moves such as
 * "31... Kf8 32. Qh7" that, inserted before the move that cannot be played, make the record
 * replay): a list of class "bridges" under the finding. Nothing when n is 0. */
void hamle_html_bridges(hamle_buf *b, const hamle_locale *messages, const char *const *bridges, size_t n);

/* What the summary says. */
typedef struct hamle_html_summary {
	size_t files, games, valid;
	const char *const *codes; /* ids of codes[0..ncodes), with their counts */
	const size_t *counts;
	size_t ncodes;
	const size_t *errors;     /* of counts, the errors: the summary lists each code under its
	                           * severity, errors first (NULL: one list) */
} hamle_html_summary;

/* The summary, the script and the end of the document. */
void hamle_html_tail(hamle_buf *b, const hamle_locale *messages, const hamle_html_summary *s);

#endif
