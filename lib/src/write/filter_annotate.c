/* filter_annotate.c: --where conditions that need the annotator (Has: what the Laws of Chess say
 * happens somewhere in the game; ComputedECO: the opening its moves reach), handed to the filter
 * with the replay's own facts (hamle/annotate.h). */
#include "hamle/annotate.h"
#include "hamle/eco.h"
#include "write/annotate_internal.h"

#include <string.h>

/* The Has bit of an event (0 for others): a claim on the board, not by writing a move. */
static unsigned has_bit(const hamle_annot_event *ev)
{
	if (strcmp(ev->code, "threefold-repetition") == 0)
		return ev->claim == HAMLE_CLAIM_BOARD ? HAMLE_FILTER_HAS_THREEFOLD : 0;
	if (strcmp(ev->code, "fifty-move-rule") == 0)
		return ev->claim == HAMLE_CLAIM_BOARD ? HAMLE_FILTER_HAS_FIFTY : 0;
	if (strcmp(ev->code, "fivefold-repetition") == 0)
		return HAMLE_FILTER_HAS_FIVEFOLD;
	if (strcmp(ev->code, "seventy-five-move-rule") == 0)
		return HAMLE_FILTER_HAS_SEVENTYFIVE;
	return 0;
}

int hamle_annotate_filter_check(const hamle_filter *f, hamle_annotator *a, const hamle_game *g,
	const hamle_replay *rp, hamle_error *err)
{
	if (!a || !g || !rp || !(hamle_filter_needs(f) & HAMLE_FILTER_NEEDS_ANNOTATE))
		return hamle_replay_filter_check(f, rp, g, err);
	int rc = hamle_annotate_game(a, g, rp);
	if (rc < 0)
		return rc;
	hamle_filter_facts known;
	memset(&known, 0, sizeof(known));
	if (a->active) {
		/* a game with an error gets no annotations: Has and ComputedECO stay unknown */
		known.has = HAMLE_FILTER_HAS_KNOWN;
		for (size_t i = 0; i < a->nev; i++)
			known.has |= has_bit(&a->ev[i]);
		if (a->opts.flags & HAMLE_ANNOTATE_ECO) {
			const hamle_eco_entry *e = hamle_annotate_opening(a, NULL);
			known.eco = e ? e->eco : "";
		}
	}
	return hamle_replay_filter_check_with(f, rp, g, &known, err);
}
