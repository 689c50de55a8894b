/* codes.c: every finding code the library reports (the reader's and the replay's), with the
 * severities its findings come with, in the order tools list them (see hamle/replay.h), and the
 * divergences of hamle/reconcile.h. A new code is added here (and to the list in docs/tools.md):
 * tests/cli/finding_codes.sh checks that every code the sources report is in this table with its
 * severity. */
#include <string.h>

#include "hamle/replay.h"

#define E HAMLE_CODE_ERRORS
#define W HAMLE_CODE_WARNINGS
static const hamle_code_info codes[] = {
	{"syntax", E | W},          /* W: a variation before any move it could replace */
	{"illegal-move", E},
	{"ambiguous-move", E},
	{"bad-fen", E},
	{"limit", E},
	{"encoding", E | W},        /* W: a decoding guessed, or a repair */
	{"check-mark", W},
	{"capture-mark", W},
	{"move-number", W},         /* a number that does not fit the move it numbers */
	{"result-mismatch", W},
	{"moves-after-end", W},
	{"missing-tag", W},
	{"ambiguous-language", E},  /* readings of different moves (detect.c) */
	{"bad-escape", W},
	{"bad-nag", W},             /* a NAG above $255, kept as written */
	{"truncated", W},           /* the input ends inside its last game */
	{"unsupported-variant", W},
	{"header-value", W},        /* a scoresheet header value that is no PGN value: kept as written */
	{"missing-moves", W},       /* moves bridging an illegal move: beside its error */
	{"engine-failed", W},       /* hamle-annotate --engine: the engine failed a search (cmd/annotate) */
	/* hamle-reconcile's divergences between two sheets (reconcile.c, reconcile_note.c) */
	{"move-missing", W},        /* one sheet lacks plies: taken from the other */
	{"column-shift", W},        /* a half-move missing puts moves in the wrong column: realigned */
	{"sheets-differ", E | W},   /* E: the agreed game stops there; W: one reading taken */
	{"result-differs", W},
	{"duplicate-game", W},      /* hamle-validate --unique: the same mainline as an earlier game */
};
#undef E
#undef W

const hamle_code_info *hamle_code_at(size_t i)
{
	return i < sizeof(codes) / sizeof(codes[0]) ? &codes[i] : NULL;
}

const hamle_code_info *hamle_code_find(const char *id)
{
	for (size_t i = 0; id && i < sizeof(codes) / sizeof(codes[0]); i++)
		if (!strcmp(codes[i].id, id))
			return &codes[i];
	return NULL;
}
