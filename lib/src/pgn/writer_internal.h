/* writer_internal.h: the writer's output buffer and move walk, shared by writer.c (PGN export),
 * writer_line.c (san/lan/uci/spoken/fen/epd lines) and json_game.c (JSON). */
#ifndef HAMLE_PGN_WRITER_INTERNAL_H
#define HAMLE_PGN_WRITER_INTERNAL_H

#include "chess/position_internal.h"
#include "hamle/writer.h"

/* Position pair of one line of play (mainline or variation) during a walk. */
typedef struct wr_frame {
	struct hamle_position cur;  /* position before the next move of this line */
	struct hamle_position last; /* position before the last move played on this line */
	int moved;                  /* a move was played on this line */
	unsigned ply;               /* plies played along this line from the game's start */
} wr_frame;

struct hamle_writer {
	hamle_writer_options opts;
	int form; /* hamle_san_form for moves */
	char *buf;
	size_t len, cap;
	int oom;
	/* line wrapping (pgn/fide) */
	size_t col;   /* characters on the current line */
	int pending_space;
	/* variation stack */
	wr_frame *stack;
	size_t depth_cap;
	/* the last game: where writing stopped (token index; ntokens when complete) and why */
	size_t stop;
	hamle_error stop_err;
	int stop_own; /* stop_err comes from the writer (a move the replay had left unread) */
};

/* ---- buffer (sticky out-of-memory) ---- */
void wr_put(hamle_writer *w, const char *s, size_t n);
void wr_puts(hamle_writer *w, const char *s);
void wr_putc(hamle_writer *w, char c);
void wr_uint(hamle_writer *w, unsigned long long v);

/* Characters (code points) in s[0..n). */
size_t wr_chars(const char *s, size_t n);

/* Frame for depth d (grown as needed); NULL when out of memory. */
wr_frame *wr_frame_at(hamle_writer *w, size_t d);

/* 0 when the replay could not start the game (bad FEN, unsupported variant): its start position
 * is not one to play moves in. */
int wr_start_ok(const hamle_replay *rp);
/* Index of the replay's first error token, or ntokens (0 when the replay could not start). */
size_t wr_stop_token(const hamle_game *g, const hamle_replay *rp);
/* The move of token i in pos: the replay's, or for a move the replay did not read although no
 * error came before it (moves after a fivefold repetition or the 75-move rule end the game for the
 * replay) read here in the game's language. 0, or < 0 with w->stop_err set: writing stops at i. */
int wr_move(hamle_writer *w, const hamle_game *g, const hamle_replay *rp, size_t i,
	const struct hamle_position *pos, hamle_move *m);
/* The error finding that explains a stop at token stop (or the first error), NULL if none. */
const hamle_diagnostic *wr_stop_finding(const hamle_replay *rp, size_t stop);

/* Line forms (writer_line.c) and JSON (json_game.c). */
int wr_line_game(hamle_writer *w, const hamle_game *g, const hamle_replay *rp, int passthrough);
int wr_json_game(hamle_writer *w, const hamle_game *g, const hamle_replay *rp, int passthrough);
/* JSON string (quoted, escaped) of s[0..n). */
void wr_json_string(hamle_writer *w, const char *s, size_t n);

#endif
