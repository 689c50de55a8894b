/* filter_facts.c: --where conditions on the replayed game (Plies, Final): the facts of a replay
 * handed to the filter, which lives below the replay (hamle/filter.h). */
#include "hamle/replay.h"
#include "hamle/rules.h"

int hamle_replay_filter_check(const hamle_filter *f, const hamle_replay *rp, const hamle_game *g,
	hamle_error *err)
{
	if (!rp || !hamle_replay_started(rp))
		return hamle_filter_check_facts(f, g, NULL, err);
	char fen[HAMLE_FEN_MAX];
	const hamle_position *final = hamle_replay_final(rp);
	hamle_filter_facts facts = { hamle_replay_plies(rp), NULL, NULL };
	if (hamle_position_fen(fen, sizeof(fen), final, 0) > 0)
		facts.board = fen;
	if (hamle_replay_error_count(rp) == 0) {
		/* how the mainline ends on the board (a game with an error ends nowhere) */
		switch (hamle_position_state(final)) {
		case HAMLE_STATE_CHECKMATE: facts.ends = "checkmate"; break;
		case HAMLE_STATE_STALEMATE: facts.ends = "stalemate"; break;
		case HAMLE_STATE_DEAD: facts.ends = "dead"; break;
		default: facts.ends = hamle_position_halfmove(final) >= 150 ? "seventyfive" : ""; break;
		}
	}
	return hamle_filter_check_facts(f, g, &facts, err);
}
