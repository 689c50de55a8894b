/* dead.c: dead positions found by the unwinnability analysis (FIDE 5.2.2, hamle/unwinnable.h).
 *
 * The per-ply check of the walk (replay_end_state) knows only insufficient material. Blocked pawn
 * walls, bishops that never reach the other side and the like are found by the analysis, which
 * runs on the final position of the mainline only, and only where a few instructions say a dead
 * position can be: every pawn blocked by one of the other side (a locked wall). A dead final position gives a draw (a decisive result
 * is a result-mismatch), and since every position after a dead one is dead too, the mainline is
 * then scanned for its first dead position: the moves after it are moves-after-end. The test
 * itself (replay_position_dead) is the one hamle-annotate's end of game asks too. */
#include <string.h>

#include "pgn/game_internal.h"
#include "replay/replay_internal.h"

/* Nodes per side by default: the static arguments alone (material, blockade), which decide a
 * locked wall; hamle_replay_options.mate_budget gives the search more. */
#define DEAD_BUDGET 1ul

/* 1 when a dead position can be at p beyond insufficient material: every pawn stands blocked by
 * a pawn of the other side. (Without pawns, hamle_position_dead's material is all there is, but
 * for rare fortresses.) */
static int dead_candidate(const struct hamle_position *p)
{
	bitboard wp = p->pieces[HAMLE_WHITE][HAMLE_PAWN], bp = p->pieces[HAMLE_BLACK][HAMLE_PAWN];
	return wp && (wp << 8) == bp;
}

int replay_position_dead(struct hamle_unwin **u, const struct hamle_position *p, unsigned long budget)
{
	if (hamle_position_dead(p))
		return 1;
	if (!dead_candidate(p))
		return 0;
	if (!*u && hamle_unwin_new(u) < 0)
		return 0;
	return hamle_unwin_dead(*u, p, budget ? budget : DEAD_BUDGET, NULL);
}

int replay_dead_at(hamle_replay *rp, const struct hamle_position *p)
{
	return replay_position_dead(&rp->unwin, p, rp->opts.mate_budget);
}

int replay_final_dead(hamle_replay *rp)
{
	if (rp->final_state != HAMLE_STATE_PLAYING || rp->main_failed || !replay_dead_at(rp, &rp->final))
		return 0;
	rp->final_state = HAMLE_STATE_DEAD;
	return 1;
}

void replay_dead_tail(hamle_replay *rp)
{
	const hamle_token *toks = hamle_game_tokens(rp->game);
	size_t n = hamle_game_token_count(rp->game), depth = 0;
	struct hamle_position pos = rp->start;
	int dead = 0; /* as for insufficient material, positions reached by a move only */
	for (size_t i = 0; i < n; i++) {
		if (toks[i].kind == HAMLE_TOKEN_VAR_START) {
			depth++;
			continue;
		}
		if (toks[i].kind == HAMLE_TOKEN_VAR_END) {
			if (depth)
				depth--;
			continue;
		}
		if (depth || toks[i].kind != HAMLE_TOKEN_MOVE || rp->moves[i].flags != HAMLE_RM_MOVE)
			continue;
		if (dead) {
			hamle_diagnostic *fd = replay_add_finding(rp, "moves-after-end", HAMLE_SEVERITY_WARNING, HAMLE_OK, i);
			if (fd) {
				replay_finding_at_move(fd, &pos, rp->moves[i].ply, rp->stack, 0);
				const char *word = hamle_locale_message(replay_msg_locale(rp), "dead_position");
				const char *args[1] = {word ? word : "dead_position"};
				replay_message(rp, fd, "moves_after_end", 1, args);
			}
			return;
		}
		hamle_make_move(&pos, rp->moves[i].move);
		dead = replay_dead_at(rp, &pos);
	}
}
