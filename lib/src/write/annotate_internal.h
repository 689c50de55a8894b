/* annotate_internal.h: the annotator's state (annotate.c: rules to events; annotate_text.c: events
 * to words, comments and tags; annotate_clock.c: clocks and elapsed times), shared with the writer,
 * which writes the comments after their plies and the tags. */
#ifndef HAMLE_WRITE_ANNOTATE_INTERNAL_H
#define HAMLE_WRITE_ANNOTATE_INTERNAL_H

#include "chess/position_internal.h"
#include "hamle/annotate.h"
#include "hamle/rules.h"

/* A comment the writer puts after a mainline ply (text in the annotator's arena). */
struct annot_note {
	unsigned ply;
	size_t off, len;
};

/* One mainline ply as the annotator walked it. */
struct annot_ply {
	uint64_t key;     /* repetition key (FIDE 9.2.3) of the position after it */
	unsigned count;   /* occurrences of that position up to here (1 for the first) */
	size_t token;     /* token of the move (ply 0: (size_t)-1) */
	long clock;       /* [%clk] after the move, in tenths of a second; -1 none */
	const struct hamle_position *pos; /* during the walk: the replay's position before it (kept
	                                   * positions), NULL where it did not play it */
};

struct hamle_annotator {
	hamle_annotate_options opts;
	hamle_locale *en;        /* the built-in English locale, for NULL locales */
	const hamle_locale *loc; /* comments */
	const hamle_locale *msg; /* event messages */
	const hamle_game *game;  /* the game annotated last (the writer checks it is the one it writes) */
	const hamle_replay *rp;  /* its replay, while hamle_annotate_game runs (the events' moves) */
	int active;              /* the last game got annotations (it had no error) */
	hamle_annot_event *ev;
	size_t nev, evcap;
	struct annot_note *notes;
	size_t nnotes, notecap;
	char *text;
	size_t tlen, tcap;
	struct annot_ply *ply;   /* ply[0] is the start position */
	size_t plycap;
	unsigned plies;
	unsigned start_number;   /* the start position's full-move number and side to move: every
	                          * ply's (annot_ply_number, annot_ply_side) */
	int start_side;
	unsigned clock_ply[2];   /* by side: the last ply with a [%clk] of that side's move; 0 none */
	hamle_result board, written;
	uint64_t final_key;
	struct hamle_unwin *unwin; /* the unwinnability analysis (flag falls, dead positions), made on
	                           * first use */
	const struct hamle_eco_entry *opening; /* HAMLE_ANNOTATE_ECO: the deepest match */
	unsigned opening_ply;
	int oom;
};

/* The move number of mainline ply k >= 1 and who played it: the position before it had them
 * (every ply passes the turn; the number counts on after Black's move, as a position's does). */
static inline unsigned annot_ply_number(const hamle_annotator *a, size_t k)
{
	return (unsigned)(a->start_number + ((size_t)a->start_side + k - 1) / 2);
}
static inline int annot_ply_side(const hamle_annotator *a, size_t k)
{
	return (int)(((size_t)a->start_side + k - 1) & 1);
}

/* ---- annotate_walk.c ---- */
/* What the walk along the mainline found so far (annotate.c reads the end it reached). */
struct walk_state {
	int three_board, three_move, fifty_board, fifty_move, five, seventy_five;
	const char *ended; /* the automatic end reached, its code; NULL while playing */
	unsigned ended_ply;
	int after_end;     /* moves-after-end reported */
	size_t twice[2];   /* by parity of the ply: 1 + the latest ply whose position had occurred at
	                    * least twice there; 0 none */
	size_t dead_ply;   /* 1 + the ply of the first dead position beyond material (a locked wall,
	                    * found from the final position: first_dead); 0 none */
	uint64_t seen[2][4]; /* by parity of the ply: a bit per key of the stretch since the last
	                      * capture or pawn move */
};
/* Walks the mainline of g as rp replayed it (ws zeroed but for dead_ply), filling a->ply[],
 * a->plies, the events and the opening; returns the final position (rp's or *own), or NULL on
 * ENOMEM. */
const struct hamle_position *annot_walk(hamle_annotator *a, const hamle_game *g, const hamle_replay *rp,
	struct walk_state *ws, struct hamle_position *own);

/* ---- annotate_text.c ---- */
/* Appends an event for ply (fields from a->ply[ply] and pos, the position after it); NULL on ENOMEM. */
hamle_annot_event *annot_event(hamle_annotator *a, const char *code, unsigned ply,
	const struct hamle_position *pos);
/* Fills ev->message (messages language) and adds its comment after its ply (comment language). */
void annot_event_done(hamle_annotator *a, hamle_annot_event *ev);
/* A comment after ply: text[0..n). */
void annot_note(hamle_annotator *a, unsigned ply, const char *text, size_t n);
/* The annotation text of ev in loc ("" when the key is missing everywhere). */
void annot_event_text(char *buf, size_t size, const hamle_locale *loc, const hamle_annot_event *ev);

/* ---- annotate_clock.c ---- */
/* A TimeControl (PGN 9.6.1) as far as elapsed times need it, in tenths of a second: the first
 * period's time and increment, and the moves it holds with the next period's time (0: none). */
struct annot_tc {
	int known;
	long base, inc, bonus;
	unsigned moves;
};
void annot_tc_parse(struct annot_tc *tc, const char *value);
/* The clock of a [%clk H:MM:SS(.d)] in s[0..n), in tenths of a second; -1 when none. */
long annot_clock(const char *s, size_t n);
/* Ply k's elapsed time ([%emt] comment, with EMT) and clock warning (clock-backwards, with
 * CLOCKS), from the clocks of a->ply[] and the time control; after: the position after ply k. */
void annot_clock_ply(hamle_annotator *a, const struct annot_tc *tc, size_t k, const struct hamle_position *after);

/* ---- writer side (writer_pgn.c, writer_tags.c) ---- */
/* Comments after ply, in order: *first is the index of the first note at ply or later on entry
 * (notes are sorted by ply) and is advanced past them. */
const struct annot_note *annot_notes_at(const hamle_annotator *a, unsigned ply, size_t *first, size_t *n);
static inline const char *annot_note_text(const hamle_annotator *a, const struct annot_note *nt)
{
	return a->text + nt->off;
}
/* The Result the writer writes for the game (the board's with FIX_RESULT), or NONE for the game's. */
hamle_result annot_result_override(const hamle_annotator *a);


#endif
