/* filter_facts.c: --where conditions on the replayed game (Plies, Final): the facts of a replay
 * handed to the filter, which lives below the replay (hamle/filter.h). */
#include "hamle/replay.h"

int hamle_replay_filter_check(const hamle_filter *f, const hamle_replay *rp, const hamle_game *g,
	hamle_error *err)
{
	if (!rp || !hamle_replay_started(rp))
		return hamle_filter_check_facts(f, g, NULL, err);
	char fen[HAMLE_FEN_MAX];
	hamle_filter_facts facts = { hamle_replay_plies(rp), NULL };
	if (hamle_position_fen(fen, sizeof(fen), hamle_replay_final(rp), 0) > 0)
		facts.board = fen;
	return hamle_filter_check_facts(f, g, &facts, err);
}
