/* corruption.h: the parts of the suggestion harness (corruption.c: the checks and the report;
 * corruption_inject.c: the corrupted games). */
#ifndef HAMLE_TEST_CORRUPTION_H
#define HAMLE_TEST_CORRUPTION_H

#include <stdint.h>

#include "chess/position_internal.h"
#include "hamle/locale.h"
#include "hamle/pgn.h"
#include "hamle/replay.h"
#include "hamle/san.h"

#define MAX_PLIES 600
#define NLANG 3
#define MAX_FILES 256

enum kind { K_LETTER, K_SQUARE, K_MISSING, K_SWAP_ADJ, K_SWAP_SIDE, NKIND };

struct attempt {
	int kind;
	int ply;                  /* injected ply (1-based, in the corrupted game) */
	int nplies;               /* plies of the corrupted game */
	int expect;               /* pgn-extract's first bad ply; 0 = legal, -1 = not parsed */
	hamle_move target;        /* the move the game had at `ply` */
	char *text[NLANG];        /* corrupted game in each language */
	char desc[96];
};

struct ctx {
	hamle_locale *loc[NLANG];
	hamle_locale *cand[7];
	size_t ncand;
	struct attempt *at;
	int nat, cap;
	int want;
	int files_left;
};

/* corruption_inject.c: reads the games of one file, replaying each in English, and injects one
 * error into every 5th one (a new attempt in c->at) until `quota` attempts are made. */
void cr_harvest(struct ctx *c, const char *path, int quota);

#endif
