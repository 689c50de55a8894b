/* filter_facts.c: --where conditions on the replayed game (Plies, Final, Ends, and along the
 * mainline Position, Material, Hash, Moves): the facts of a replay handed to the filter, which
 * lives below the replay (hamle/filter.h). Ends is the verdict's end (replay/ending.c). The
 * mainline's moves are gathered only when an expression walks it. */
#include <stdlib.h>

#include "hamle/replay.h"
#include "hamle/rules.h"
#include "hamle/unwinnable.h"
#include "replay/ending.h"

/* The mainline's replayed moves into *out (buf, or allocated when more than fit: *owned). */
static size_t mainline_moves(const hamle_replay *rp, const hamle_game *g, hamle_move *buf, size_t cap,
	hamle_move **out, hamle_move **owned)
{
	const hamle_replay_move *mv = hamle_replay_moves(rp);
	const hamle_token *t = hamle_game_tokens(g);
	size_t n = hamle_game_token_count(g), k = 0;
	*out = buf;
	*owned = NULL;
	for (size_t i = 0; mv && t && i < n; i++) {
		if (t[i].depth != 0 || t[i].kind != HAMLE_TOKEN_MOVE || !(mv[i].flags & HAMLE_RM_MOVE))
			continue;
		if (k == cap) {
			size_t ncap = cap * 2;
			hamle_move *nb = realloc(*owned, ncap * sizeof(*nb));
			if (!nb) {
				free(*owned);
				*owned = NULL;
				return (size_t)-1;
			}
			if (!*owned)
				for (size_t j = 0; j < k; j++)
					nb[j] = buf[j];
			*owned = *out = nb;
			cap = ncap;
		}
		(*out)[k++] = mv[i].move;
	}
	return k;
}

int hamle_replay_filter_check_with(const hamle_filter *f, const hamle_replay *rp, const hamle_game *g,
	const hamle_filter_facts *known, hamle_error *err)
{
	if (!rp || !hamle_replay_started(rp))
		return hamle_filter_check_facts(f, g, NULL, err);
	char fen[HAMLE_FEN_MAX];
	const hamle_position *final = hamle_replay_final(rp);
	hamle_filter_facts facts = { 0 };
	if (known)
		facts = *known;
	facts.plies = hamle_replay_plies(rp);
	facts.board = facts.ends = NULL;
	if (hamle_position_fen(fen, sizeof(fen), final, 0) > 0)
		facts.board = fen;
	if (hamle_replay_error_count(rp) == 0 && (hamle_filter_needs(f) & HAMLE_FILTER_NEEDS_REPLAY)) {
		/* how the game ended: the verdict every tool gives (a game with an error ends nowhere) */
		hamle_verdict v;
		struct hamle_unwin *u = NULL;
		int rc = replay_verdict(rp, g, &u, 0, &v);
		hamle_unwin_free(u);
		if (rc < 0)
			return rc;
		facts.ends = hamle_end_name(v.end);
	}
	hamle_move buf[512], *moves = NULL, *owned = NULL;
	if (hamle_filter_needs(f) & HAMLE_FILTER_NEEDS_MAINLINE) {
		size_t n = mainline_moves(rp, g, buf, sizeof(buf) / sizeof(buf[0]), &moves, &owned);
		if (n == (size_t)-1)
			return HAMLE_ENOMEM;
		facts.start = hamle_replay_start(rp);
		facts.moves = moves;
		facts.nmoves = n;
	}
	int rc = hamle_filter_check_facts(f, g, &facts, err);
	free(owned);
	return rc;
}

int hamle_replay_filter_check(const hamle_filter *f, const hamle_replay *rp, const hamle_game *g,
	hamle_error *err)
{
	return hamle_replay_filter_check_with(f, rp, g, NULL, err);
}
