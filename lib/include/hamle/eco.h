/* hamle/eco.h: an opening table (ECO code and name by position), for hamle-annotate --eco.
 *
 * The built-in table is lichess-org/chess-openings (CC0; data/eco/ in the source tree, compiled in):
 * about 3,800 openings, each a line of moves from the start position. An opening stands for the
 * position its line reaches, "the same" per FIDE 9.2.3 (hamle_position_repetition_key), so a
 * game that reaches it by another move order (a transposition) finds it too. Where two lines reach
 * one position, the first in the table stands for it.
 *
 * Lifecycle: hamle_eco_load_builtin or hamle_eco_load_buffer -> hamle_eco_find... -> hamle_eco_free.
 * Immutable once loaded: threads share it. */
#ifndef HAMLE_ECO_H
#define HAMLE_ECO_H

#include "hamle/common.h"
#include "hamle/position.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hamle_eco hamle_eco;

typedef struct hamle_eco_entry {
	const char *eco;  /* "B90" */
	const char *name; /* "Sicilian Defense: Najdorf Variation" */
	unsigned plies;   /* of its line */
} hamle_eco_entry;

/* The built-in table. */
HAMLE_EXTERN int hamle_eco_load_builtin(hamle_eco **out, hamle_error *err);
/* A table in the built-in's form: lines "ECO<TAB>NAME<TAB>MOVES" (MOVES: English SAN from the start
 * position, move numbers allowed), a header line "eco<TAB>name<TAB>pgn" skipped. A line that is not
 * such a line, or whose moves do not replay, fails with HAMLE_ESYNTAX (err: its line, the message). */
HAMLE_EXTERN int hamle_eco_load_buffer(hamle_eco **out, const char *data, size_t len, hamle_error *err);
HAMLE_EXTERN void hamle_eco_free(hamle_eco *e); /* NULL-safe */

HAMLE_EXTERN size_t hamle_eco_count(const hamle_eco *e);
/* The opening of pos (NULL when none); borrowed from e. */
HAMLE_EXTERN const hamle_eco_entry *hamle_eco_find(const hamle_eco *e, const hamle_position *pos);
/* The same by the position's hamle_position_repetition_key. */
HAMLE_EXTERN const hamle_eco_entry *hamle_eco_find_key(const hamle_eco *e, uint64_t key);
/* The longest line in plies (no opening position is further from the start along its line). */
HAMLE_EXTERN unsigned hamle_eco_max_plies(const hamle_eco *e);

#ifdef __cplusplus
}
#endif
#endif
