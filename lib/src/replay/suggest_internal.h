/* suggest_internal.h: what a bad move token says (suggest_text.c), for the ranking of
 * suggestions (suggest.c). */
#ifndef HAMLE_SUGGEST_INTERNAL_H
#define HAMLE_SUGGEST_INTERNAL_H

#include "replay/replay_internal.h"

/* The parts of a token, read loosely (whatever the locale fails to read is counted, not fatal).
 * -1 = not written. */
struct tok_feat {
	int piece;        /* hamle_piece_type named; HAMLE_PAWN when no letter; -1 unreadable letter */
	int castle;       /* 0, 1 short, 2 long */
	int to_file, to_rank;
	int alt_rank;     /* two rank digits in a row ("Adb35"): the first one, the other junk */
	int from_file, from_rank;
	int capture;      /* an x or : written */
	int promo;        /* promotion piece written, -1 none */
	int check;        /* 0, 1 +, 2 # */
	int junk;         /* characters that mean nothing in a move */
};

/* Reads text[0..len) with loc's letters. */
void suggest_read_token(struct tok_feat *f, const hamle_locale *loc, const char *text, size_t len);

/* How far legal move m of pos is from what the token says, in slips (lower is closer): a wrong
 * piece letter, a wrong file or rank, a capture mark, a wrong origin hint, a check mark. */
int suggest_text_cost(const struct tok_feat *f, const struct hamle_position *pos, hamle_move m);

/* Costs, in the units of suggest_text_cost. */
#define COST_PIECE 3      /* another piece letter */
#define COST_PAWN_PIECE 4 /* a piece letter on a pawn move, or none on a piece move */
#define COST_SQUARE 3     /* one file or rank character wrong */
#define COST_UNWRITTEN 2  /* a file or rank character left out */
#define COST_ORIGIN 2     /* an origin hint that does not fit */
#define COST_CAPTURE 1    /* a capture mark missing or extra */
#define COST_PROMO 2      /* another promotion piece */
#define COST_MARK 1       /* a check or mate mark the move contradicts */
#define COST_MAX_TEXT 7   /* farther than this is no slip */

#endif
