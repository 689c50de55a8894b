/* annotate.c: rules to events. Walks the mainline of a replayed game (never its variations, whose
 * positions are no part of the game's history) and finds what the Laws of Chess say about it:
 * the end after the last move, the claims of Article 9 (on the board and by writing the next
 * move), the automatic draws of 9.6 where the game's Date has them in force, moves after an end,
 * the 6.9 flag fall, and the result the board decides. See hamle/annotate.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/bitboard.h"
#include "hamle/eco.h"
#include "hamle/san.h"
#include "hamle/unwinnable.h"
#include "replay/replay_internal.h"
#include "write/annotate_internal.h"

int hamle_annotator_new(hamle_annotator **out, const hamle_annotate_options *opts)
{
	if (!out || !opts || opts->version != HAMLE_ANNOTATE_OPTIONS_VERSION)
		return HAMLE_EUSAGE;
	hamle_annotator *a = calloc(1, sizeof(*a));
	if (!a)
		return HAMLE_ENOMEM;
	a->opts = *opts;
	a->loc = opts->locale;
	if (!a->loc || !opts->messages) {
		int rc = hamle_locale_load_builtin(&a->en, "en", NULL);
		if (rc < 0) {
			free(a);
			return rc;
		}
	}
	if (!a->loc)
		a->loc = a->en;
	a->msg = opts->messages ? opts->messages : a->loc;
	*out = a;
	return 0;
}

void hamle_annotator_free(hamle_annotator *a)
{
	if (!a)
		return;
	hamle_locale_free(a->en);
	hamle_unwin_free(a->unwin);
	free(a->ev);
	free(a->notes);
	free(a->text);
	free(a->ply);
	free(a);
}

size_t hamle_annotate_event_count(const hamle_annotator *a) { return a ? a->nev : 0; }
const hamle_annot_event *hamle_annotate_event(const hamle_annotator *a, size_t i)
{
	return a && i < a->nev ? &a->ev[i] : NULL;
}
unsigned hamle_annotate_plies(const hamle_annotator *a) { return a ? a->plies : 0; }

const struct hamle_eco_entry *hamle_annotate_opening(const hamle_annotator *a, unsigned *ply)
{
	if (ply)
		*ply = a && a->opening ? a->opening_ply : 0;
	return a && a->active ? a->opening : NULL;
}

hamle_result hamle_annotate_result(const hamle_annotator *a, hamle_result *written)
{
	if (written)
		*written = a ? a->written : HAMLE_RESULT_NONE;
	return a ? a->board : HAMLE_RESULT_NONE;
}

static const char *const codes[] = { "checkmate", "stalemate", "dead-position", "threefold-repetition",
	"fifty-move-rule", "fivefold-repetition", "seventy-five-move-rule", "moves-after-end", "flag-fall",
	"result-mismatch", "clock-backwards" };

const char *hamle_annotate_code_at(size_t i)
{
	return i < sizeof(codes) / sizeof(codes[0]) ? codes[i] : NULL;
}

/* Nodes the analysis may spend per flag fall by default (a rare event: the loser ran out of time). */
#define ANNOT_MATE_BUDGET 200000ul

int annot_can_mate(hamle_annotator *a, const struct hamle_position *p, int side)
{
	if (hamle_position_dead(p))
		return 0;
	bitboard own = p->occupied[side] & ~p->pieces[side][HAMLE_KING];
	if (!own)
		return 0; /* a bare king never mates */
	bitboard theirs = p->occupied[!side] & ~p->pieces[!side][HAMLE_KING];
	bitboard minor = p->pieces[side][HAMLE_KNIGHT] | p->pieces[side][HAMLE_BISHOP];
	/* a lone knight or bishop against a bare king: no mate is possible (the king needs a piece of
	 * its own to block its flight square) */
	if (own == minor && bb_count(minor) == 1 && !theirs)
		return 0;
	/* else the unwinnability analysis (hamle/unwinnable.h): a locked pawn wall, a fortress; only
	 * its proof counts, an undecided side can mate (the loss stands) */
	if (!a->unwin && hamle_unwin_new(&a->unwin) < 0)
		return 1;
	hamle_unwin_result r;
	return !(hamle_unwin_analyze(a->unwin, &r, p, side ? HAMLE_BLACK : HAMLE_WHITE,
		a->opts.mate_budget ? a->opts.mate_budget : ANNOT_MATE_BUDGET) == 0 &&
		r.verdict == HAMLE_UNWIN_CANNOT_MATE);
}

static void game_reset(hamle_annotator *a, const hamle_game *g)
{
	a->game = g;
	a->active = 0;
	a->nev = a->nnotes = a->tlen = 0;
	a->plies = 0;
	a->clock_ply[0] = a->clock_ply[1] = 0;
	a->board = HAMLE_RESULT_NONE;
	a->oom = 0;
	a->opening = NULL;
	a->opening_ply = 0;
	hamle_result r = hamle_game_result(g);
	if (r == HAMLE_RESULT_NONE) {
		const char *tag = hamle_game_tag(g, "Result");
		r = tag ? hamle_result_parse(tag, strlen(tag)) : HAMLE_RESULT_NONE;
	}
	a->written = r;
}

/* The board's verdict and the result-mismatch and flag-fall events, at the last ply. */
static void verdict(hamle_annotator *a, const hamle_game *g, const struct walk_state *ws,
	const struct hamle_position *fin)
{
	unsigned fl = a->opts.flags, last = a->plies;
	const char *why = NULL;
	if (ws->ended) {
		a->board = HAMLE_RESULT_DRAW;
		why = ws->ended;
	} else {
		hamle_state st = hamle_position_state(fin);
		if (st == HAMLE_STATE_CHECKMATE || st == HAMLE_STATE_STALEMATE) {
			why = st == HAMLE_STATE_CHECKMATE ? "checkmate" : "stalemate";
			a->board = st == HAMLE_STATE_STALEMATE ? HAMLE_RESULT_DRAW :
				fin->side == HAMLE_WHITE ? HAMLE_RESULT_BLACK : HAMLE_RESULT_WHITE;
			hamle_annot_event *ev = (fl & HAMLE_ANNOTATE_END) ? annot_event(a, why, last, fin) : NULL;
			if (ev) {
				ev->automatic = 1;
				annot_event_done(a, ev);
			}
		} else {
			int draw;
			int loser = annot_flag_fall(a, g, fin, &draw);
			if (loser >= 0 && draw) {
				a->board = HAMLE_RESULT_DRAW;
				why = "flag-fall";
				hamle_annot_event *ev = (fl & HAMLE_ANNOTATE_FLAG) ? annot_event(a, why, last, fin) : NULL;
				if (ev) {
					ev->side = loser; /* the side whose flag fell */
					ev->result = a->written;
					ev->board = HAMLE_RESULT_DRAW;
					annot_event_done(a, ev);
				}
			}
		}
	}
	/* the result written (marker and tag) against the board; "*" and no result say nothing */
	if (a->board == HAMLE_RESULT_NONE)
		return;
	hamle_result marker = hamle_game_result(g), tag = HAMLE_RESULT_NONE;
	const char *tv = hamle_game_tag(g, "Result");
	if (tv)
		tag = hamle_result_parse(tv, strlen(tv));
	hamle_result bad = HAMLE_RESULT_NONE;
	if (marker != HAMLE_RESULT_NONE && marker != HAMLE_RESULT_UNKNOWN && marker != a->board)
		bad = marker;
	else if (tag != HAMLE_RESULT_NONE && tag != HAMLE_RESULT_UNKNOWN && tag != a->board)
		bad = tag;
	if (bad == HAMLE_RESULT_NONE || !(fl & (HAMLE_ANNOTATE_RESULT | HAMLE_ANNOTATE_FIX_RESULT)))
		return;
	hamle_annot_event *ev = annot_event(a, "result-mismatch", last, fin);
	if (ev) {
		ev->severity = HAMLE_SEVERITY_WARNING;
		ev->result = bad;
		ev->board = a->board;
		snprintf(ev->move, sizeof(ev->move), "%s", why);
		annot_event_done(a, ev);
	}
}

/* The first mainline ply whose position is dead (replay_position_dead), given that the final
 * one is: every position after a dead one is dead too. The moves were all read by the replay (a
 * walk that went past its end had ended already). */
static size_t first_dead(hamle_annotator *a, const hamle_replay *rp)
{
	const hamle_replay_move *mv = hamle_replay_moves(rp);
	struct hamle_position pos = *hamle_replay_start(rp);
	for (size_t k = 1; k <= a->plies; k++) {
		size_t tok = a->ply[k].token;
		if (!mv || !(mv[tok].flags & HAMLE_RM_MOVE))
			break;
		hamle_position_play(&pos, mv[tok].move);
		if (replay_position_dead(&a->unwin, &pos, a->opts.mate_budget))
			return k;
	}
	return a->plies;
}

int hamle_annotate_game(hamle_annotator *a, const hamle_game *g, const hamle_replay *rp)
{
	if (!a || !g || !rp)
		return HAMLE_EUSAGE;
	game_reset(a, g);
	if (!hamle_replay_started(rp) || hamle_replay_error_count(rp))
		return 0; /* written so that it fails again (hamle/writer.h): nothing to add */
	a->active = 1;
	struct walk_state ws;
	struct hamle_position own;
	memset(&ws, 0, sizeof(ws));
	const struct hamle_position *fin = annot_walk(a, g, rp, &ws, &own);
	if (!fin)
		return HAMLE_ENOMEM;
	/* a final position dead beyond material (a locked pawn wall): the game ended at the first
	 * dead one; walked again, knowing where (rare) */
	if (!ws.ended && replay_position_dead(&a->unwin, fin, a->opts.mate_budget)) {
		size_t dead = first_dead(a, rp);
		game_reset(a, g);
		a->active = 1;
		memset(&ws, 0, sizeof(ws));
		ws.dead_ply = dead + 1;
		if (!(fin = annot_walk(a, g, rp, &ws, &own)))
			return HAMLE_ENOMEM;
	}
	verdict(a, g, &ws, fin);
	a->final_key = hamle_position_hash(fin);
	return a->oom ? HAMLE_ENOMEM : 0;
}
