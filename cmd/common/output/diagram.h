/* diagram.h: the board before the move a finding is about, as text under the finding's line
 * (--diagram, in every tool that prints findings):
 *
 *     8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜    White to move
 *     7  ♟  ♟  ♟  ♟  ·  ♟  ♟  ♟    last move: 1... e5
 *     ...                            marked: Nf3 (g1-f3)
 *     1  ♖  ♘  ♗  ♕  ♔  ♗ (♘) ♖
 *        a  b  c  d  e  f  g  h
 *
 * Eight ranks (White at the bottom) and a line of files; the side to move, the last move (as the
 * game wrote it) and the top suggestion beside the board. The pieces are the Unicode chess
 * figurines, or with --ascii FEN's letters (KQRBNP White, kqrbnp Black; '.' an empty square): these
 * are the symbols of the diagram, not of a language. The from and to squares of the suggestion
 * are marked: with ANSI background colours when the stream is a terminal (hamle_color_wanted:
 * not under NO_COLOR, not in a pipe), else "(x)" the from square and "[x]" the to square. The
 * words come from the messages locale (diagram_white_to_move, diagram_black_to_move,
 * diagram_last_move, diagram_marked); English when it lacks them. The library gives the data
 * (the position before the move, the suggestions' moves); only the drawing is here. */
#ifndef HAMLE_CLI_DIAGRAM_H
#define HAMLE_CLI_DIAGRAM_H

#include <stdbool.h>
#include <stddef.h>

#include <hamle/hamle.h>
#include <hamle/replay.h>

#include "buf.h"

/* The option entries every tool with findings has (ids its own). */
#define HAMLE_OPT_DIAGRAM_ENTRIES(diagram_id, ascii_id) \
	{"diagram", 0, HAMLE_OPT_NOARG, NULL, \
		"under each finding about a move, the board before it, the top suggestion's squares marked", \
		diagram_id}, \
	{"ascii", 0, HAMLE_OPT_NOARG, NULL, "with --diagram: FEN letters (KQRBNP, kqrbnp) instead of figurines", \
		ascii_id}

/* How diagrams are drawn; plain data, shared read-only by threads. */
typedef struct hamle_diagram {
	bool on;    /* --diagram */
	bool ascii; /* --ascii */
	bool color; /* ANSI colours for the marks (the stream is a terminal) */
} hamle_diagram;

/* The squares a move marks: its from square and the square the piece lands on (for castling the
 * king's, not the rook's). HAMLE_NO_SQUARE both for no move. */
void hamle_diagram_squares(hamle_move m, int *from, int *to);

/* The text of move token `token` of g as written (its marks wrapped onto a next line joined by a
 * blank); "" when it is no move token. */
void hamle_diagram_token_text(char *buf, size_t size, const hamle_game *g, size_t token);

/* The text of the last move before token `token` of g along its line (the move before it, or for
 * the first move of a variation the move before the one it replaces), as written; "" when none
 * (the start of the game, or the replay kept no moves). */
void hamle_diagram_last_move(char *buf, size_t size, const hamle_game *g, const hamle_replay_move *mv,
	size_t token);

/* The diagram of pos: last is the last move as written ("" none; its number comes from pos),
 * marked the text of the marked move ("" none), from and to its squares (HAMLE_NO_SQUARE none). */
void hamle_diagram_text(hamle_buf *b, const hamle_diagram *d, const hamle_locale *messages,
	const hamle_position *pos, const char *last, const char *marked, int from, int to);

/* The diagram of finding f of game g (replayed by rp) when d is on and f is about a move (it has
 * the FEN before it): its position, last move and top suggestion. */
void hamle_diagram_finding(hamle_buf *b, const hamle_diagram *d, const hamle_locale *messages,
	const hamle_game *g, const hamle_replay *rp, const hamle_diagnostic *f);

#endif
