/* reconcile_internal.h: state of a reconciliation of two sheets (reconcile.c aligns them,
 * reconcile_note.c writes the divergences and compares the results). */
#ifndef HAMLE_RECONCILE_INTERNAL_H
#define HAMLE_RECONCILE_INTERNAL_H

#include "chess/position_internal.h"
#include "hamle/reconcile.h"
#include "hamle/rules.h"
#include "hamle/san.h"

/* One mainline move of a sheet, with the move number written right before it. */
struct rc_move {
	const char *text;
	size_t len;
	size_t tok;            /* token index in the game */
	unsigned num;          /* the number written before it; 0 when none */
	unsigned char black;   /* that number was "N..." */
	size_t next_ok[2];     /* the first move from this one on whose number stands in its column
	                        * when move x is read at a ply of parity (o + x) & 1 (o the index);
	                        * n when none */
};

struct rc_sheet {
	const hamle_game *g;
	const hamle_locale *loc;
	struct rc_move *m;
	size_t n, cap;
	hamle_result result;   /* its termination marker, else its Result tag; NONE for "*" too */
};

struct hamle_reconcile {
	hamle_reconcile_options opts;     /* messages always set */
	hamle_locale *en;                 /* the built-in English, when no messages locale was given */
	struct rc_sheet s[2];
	struct hamle_position start, pos; /* the start, the agreed position so far */
	hamle_move *moves;
	size_t n_moves, cap_moves;
	hamle_divergence *div;
	size_t n_div, cap_div;
	size_t shift[2];       /* per sheet: 1 + index of its open column-shift divergence, 0 none */
	hamle_result result;
	int complete;
	unsigned long spent;   /* move readings of the lookahead so far */
};

/* The agreed game's ply (0-based index p from the start) as a side and a move number. */
int rc_side_of(const hamle_reconcile *rc, size_t p);
unsigned rc_number_of(const hamle_reconcile *rc, size_t p);

/* reconcile_note.c. A new divergence (zeroed, id set, tokens none); NULL when out of memory. */
hamle_divergence *rc_add(hamle_reconcile *rc, const char *id, size_t ply0);
/* Sets d's reading of sheet s from its move k (text, token), and d's location from sheet
 * `where`'s move k_where (or its last move when k_where is past its end). */
void rc_reading(hamle_reconcile *rc, hamle_divergence *d, int s, size_t k, int legal);
void rc_locate(hamle_reconcile *rc, hamle_divergence *d, int s, size_t k);
/* "12... Nf6 13. O-O" of sheet s's moves [k, k + n) read from 0-based agreed ply p0. */
void rc_moves_text(const hamle_reconcile *rc, char *buf, size_t size, int s, size_t k, size_t n, size_t p0);
/* Fills d->error.message from template key with args. */
void rc_message(const hamle_reconcile *rc, hamle_divergence *d, const char *key, size_t nargs,
	const char *const *args);
/* Compares the results of the sheets with each other and with the board (after the moves). */
int rc_results(hamle_reconcile *rc);

#endif
