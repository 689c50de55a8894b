/* writer_internal.h: the writer's output buffer and move walk, shared by writer.c (the object),
 * writer_pgn.c (PGN export), writer_failed.c (a failed game's note and rest), writer_line.c
 * (san/lan/uci/spoken/fen/epd lines) and json_game.c (JSON). */
#ifndef HAMLE_PGN_WRITER_INTERNAL_H
#define HAMLE_PGN_WRITER_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "chess/position_internal.h"
#include "hamle/writer.h"
#include "notation/san_internal.h"

/* PGN's longest line (import format, PGN spec 4.3 and 8.2.2): movetext and comment lines hold at
 * most this many characters; only a tag line with a longer value, an escape line or a single
 * word that long is longer. */
#define WR_LINE_MAX 255

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
	int glue; /* the next word goes on this line whatever its width (a comment after the end) */
	unsigned shape; /* the game being written: opts.shape; a failed one is written whole (the
	                * tag order alone) */
	/* line wrapping (pgn/fide) */
	size_t col;   /* characters on the current line */
	int pending_space;
	const hamle_locale *loc; /* pgn/fide: the moves' language for the game being written (the
	                          * output locale; a failed game's own language) */
	/* variation stack */
	wr_frame *stack;
	size_t depth_cap;
	/* the last game: where writing stopped (token index; ntokens when complete) and why */
	size_t stop;
	hamle_error stop_err;
	int stop_own; /* stop_err comes from the writer (a move the replay had left unread) */
	/* annotations (hamle_writer_annotate): those given, and those of the game being written
	 * (NULL when it has none: another game, a failed one) */
	const struct hamle_annotator *annot;
	const struct hamle_annotator *an;
	struct fen_cache fen; /* FEN comments (annotations) */
	/* engine analysis (hamle_writer_analysis, writer_engine.c): given, of the game being written,
	 * and the ply whose [%eval] is written */
	const struct hamle_analysis *analysis;
	const struct hamle_analysis *ea;
	unsigned ea_done;
	/* pgn/fide: the moves' letters and marks in fixed slots (san_format_fast), for fs.loc */
	struct san_fast_style fs;
};

/* ---- engine analysis (writer_engine.c) ---- */
/* The analysis given when it is of g, else NULL. */
const struct hamle_analysis *wr_analysis(const hamle_writer *w, const hamle_game *g);
/* The judgement NAG of mainline ply (its move is token i of t[0..n)), 0 for none or when the
 * move's own NAGs have it. */
unsigned wr_engine_nag_of(const hamle_writer *w, unsigned ply, const hamle_token *t, size_t i, size_t n);
/* Writes comment s[0..n) after mainline ply's move with its [%eval] merged in: 1, or 0 when the
 * comment is not for that (written by the caller). */
int wr_engine_comment_of(hamle_writer *w, unsigned ply, const char *s, size_t n);
/* After ply's comments: its [%eval] when no comment took it; the comment and the best line of a
 * mistake or blunder (before: the position before its move). Return how many were written. */
size_t wr_engine_eval_of(hamle_writer *w, unsigned ply);
size_t wr_engine_line_of(hamle_writer *w, unsigned ply, const struct hamle_position *before);
/* The same, called at every mainline ply of an annotated game: without an analysis (most games)
 * they cost a test, inline */
static inline unsigned wr_engine_nag(const hamle_writer *w, unsigned ply, const hamle_token *t, size_t i, size_t n)
{
	return w->ea ? wr_engine_nag_of(w, ply, t, i, n) : 0;
}
static inline int wr_engine_comment(hamle_writer *w, unsigned ply, const char *s, size_t n)
{
	return w->ea ? wr_engine_comment_of(w, ply, s, n) : 0;
}
static inline size_t wr_engine_eval(hamle_writer *w, unsigned ply)
{
	return w->ea ? wr_engine_eval_of(w, ply) : 0;
}
static inline size_t wr_engine_line(hamle_writer *w, unsigned ply, const struct hamle_position *before)
{
	return w->ea ? wr_engine_line_of(w, ply, before) : 0;
}

/* ---- buffer (sticky out-of-memory) ---- */
/* Grows the buffer for n more bytes and a NUL; 0 when out of memory (sticky). */
int wr_grow(hamle_writer *w, size_t n);
/* Room for n more bytes and the NUL after them; 0 when out of memory (sticky). */
static inline int wr_reserve(hamle_writer *w, size_t n)
{
	if (__builtin_expect(w->len + n + 1 > w->cap || w->oom, 0))
		return wr_grow(w, n);
	return 1;
}
void wr_put(hamle_writer *w, const char *s, size_t n);
void wr_puts(hamle_writer *w, const char *s);
void wr_putc(hamle_writer *w, char c);
void wr_uint(hamle_writer *w, unsigned long long v);
/* v in decimal, written backwards from end (at least 20 bytes before it); returns its first byte. */
char *wr_decimal(char *end, unsigned long long v);

static inline int wr_is_space(char c)
{
	return c == ' ' || (unsigned char)(c - '\t') <= '\r' - '\t'; /* HT LF VT FF CR */
}

/* Characters (code points) in s[0..n). */
size_t wr_chars(const char *s, size_t n);

/* Frame for depth d (grown as needed); NULL when out of memory. */
wr_frame *wr_frame_at(hamle_writer *w, size_t d);

/* Whether m, the replay's move for a token, can be played in pos, the writer's position there:
 * a move of the side to move's own piece (a variation the replay read against another position,
 * e.g. one left open, gives moves that are not). */
static inline int wr_move_fits(const struct hamle_position *pos, hamle_move m)
{
	if (m == HAMLE_MOVE_NULL)
		return 1;
	return (unsigned)(pos->board[HAMLE_MOVE_FROM(m)] - 6 * pos->side) < 6u;
}

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

/* The annotator of game g when it annotated g and g is written whole, else NULL. */
const struct hamle_annotator *wr_annotations(const hamle_writer *w, const hamle_game *g);

/* The shape flags that leave out parts of a game (all but the tag order). */
#define WR_SHAPE_CONTENT (HAMLE_WRITE_NO_COMMENTS | HAMLE_WRITE_NO_NAGS | HAMLE_WRITE_NO_VARIATIONS | \
	HAMLE_WRITE_STR_ONLY | HAMLE_WRITE_NO_TAGS)
/* Whether a tag of this name is written under shape (STR_ONLY, NO_TAGS). */
int wr_tag_kept(unsigned shape, const char *name);

/* ---- PGN export (writer_pgn.c, the tag section in writer_tags.c, words in writer_words.c) ---- */
int wr_pgn_game(hamle_writer *w, const hamle_game *g, const hamle_replay *rp);
/* The tag section and the blank line after it. */
void wr_tags(hamle_writer *w, const hamle_game *g);
/* One unbreakable word, prefix + s[0..n) + suffix, after a space or on a new line (lines are
 * wrapped before opts.line_width); a word starting with '%' never starts a line in column 1. */
void wr_word3(hamle_writer *w, const char *prefix, const char *s, size_t n, const char *suffix);
void wr_word(hamle_writer *w, const char *s);
/* One word s[0..n) (0 < n <= 16, 16 bytes readable at s) of c characters, placed as wr_word3
 * places it: the move and move number of every ply, without wr_word3's counting and copying
 * loops (check_writer_words.c compares the two). */
/* Where a word of c characters goes (room reserved): after a space, or a line end when it does
 * not fit the line (not when glued to the word before), the column counted past it. */
static inline char *wr_word_place(hamle_writer *w, size_t c)
{
	char *d = w->buf + w->len;
	if (w->col > 0) {
		if (w->col + 1 + c < w->opts.line_width || w->glue) {
			*d++ = ' ';
			w->col += 1 + c;
		} else {
			*d++ = '\n';
			w->col = c;
		}
	} else {
		w->col = c;
	}
	return d;
}

static inline void wr_word_short(hamle_writer *w, const char *s, size_t n, size_t c)
{
	if (__builtin_expect(s[0] == '%', 0)) { /* (a locale's letter could be one) */
		wr_word3(w, "", s, n, "");
		return;
	}
	if (!wr_reserve(w, 17))
		return;
	char *d = wr_word_place(w, c);
	memcpy(d, s, 16);
	d[n] = '\0';
	w->len = (size_t)(d + n - w->buf);
	w->glue = 0;
}

/* Characters in s[0..n) (n <= 16, 16 bytes readable): n when all of it is ASCII. */
static inline size_t wr_short_chars(const char *s, size_t n)
{
	uint64_t a, b, hi = 0x8080808080808080ull;
	memcpy(&a, s, 8);
	memcpy(&b, s + 8, 8);
	if (n < 8) {
		a &= ((uint64_t)1 << (8 * n)) - 1;
		b = 0;
	} else if (n < 16) {
		b &= n == 8 ? 0 : ((uint64_t)1 << (8 * (n - 8))) - 1;
	}
	return ((a | b) & hi) == 0 ? n : wr_chars(s, n);
}

/* Ends the current line (nothing at the start of one). */
void wr_end_line(hamle_writer *w);
/* A {} comment, whitespace collapsed, wrapped at its spaces; a '}' in s (error texts only)
 * written as U+007D. */
void wr_brace_comment(hamle_writer *w, const char *s, size_t n);
/* The same word by word, any comment: what wr_brace_comment's faster paths must equal (writer_words.c). */
void wr_brace_comment_words(hamle_writer *w, const char *s, size_t n);
/* A ';' comment ending its line; one longer than a line holds is split at its spaces over
 * several ';' lines. */
void wr_line_comment(hamle_writer *w, const char *s, size_t n);
/* A '%' escape line, whole, on a line of its own. */
void wr_escape_line(hamle_writer *w, const char *s, size_t n);
/* The termination marker the game ends with: its own, else its Result tag's, else "*". */
hamle_result wr_game_result(const hamle_game *g);
/* The marker's text in the writer's form (FIDE: the language's own spelling). */
const char *wr_result_text(const hamle_writer *w, hamle_result r);

/* ---- a failed game in pgn/fide (writer_failed.c) ---- */
/* Whether game g, which rp replayed, failed for the writer: an error, also an encoding error of
 * its bytes alone (the game is then written decoded, U+FFFD or a space, after the note). */
int wr_failed(const hamle_game *g, const hamle_replay *rp);
/* Index of the token where writing g as PGN stops, the first place where it failed: its first move
 * error, the first token at or after (or holding) any other error finding (the reader's, a bad
 * FEN: the whole movetext), a stray character the reader skipped, or an earlier error note;
 * hamle_game_token_count(g) when none is in the movetext. *why: the finding, or NULL; *skipped:
 * the stop is where the reader skipped text. */
size_t wr_pgn_stop(const hamle_game *g, const hamle_replay *rp, const hamle_diagnostic **why,
	int *skipped);
/* The note "{hamle: error: ID 'TOKEN': MESSAGE}" for why (or the writer's own stop error; without
 * either, skipped: the reader skipped text there, else an error it only counted). */
void wr_note(hamle_writer *w, const hamle_game *g, const hamle_diagnostic *why, int skipped);
/* The movetext from token from on as it was read (its words as written, other tokens as the
 * writer writes them; text the reader skipped in a comment), except the termination marker term,
 * then ')' for each variation left open (*depth: open ones on entry). Returns 1 when its last word
 * already ends the game for the reader's splitter ("$1-0": the game's end, though no marker for
 * the lexer): nothing may follow it then. */
int wr_rest(hamle_writer *w, const hamle_game *g, size_t from, size_t term, size_t *depth);

/* Line forms (writer_line.c) and JSON (json_game.c). */
int wr_line_game(hamle_writer *w, const hamle_game *g, const hamle_replay *rp, int passthrough);
int wr_json_game(hamle_writer *w, const hamle_game *g, const hamle_replay *rp, int passthrough);
/* JSON string (quoted, escaped) of s[0..n). */
void wr_json_string(hamle_writer *w, const char *s, size_t n);

#endif
