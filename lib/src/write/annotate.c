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
#include "replay/ending.h"
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

/* The code of an end as the events name it. */
static const char *end_code(hamle_end e)
{
	switch (e) {
	case HAMLE_END_CHECKMATE: return "checkmate";
	case HAMLE_END_STALEMATE: return "stalemate";
	case HAMLE_END_DEAD: return "dead-position";
	case HAMLE_END_FIVEFOLD: return "fivefold-repetition";
	case HAMLE_END_SEVENTY_FIVE: return "seventy-five-move-rule";
	case HAMLE_END_FLAG_FALL: return "flag-fall";
	default: return NULL;
	}
}

/* The board's verdict (replay/ending.c: the one every tool gives) and the checkmate, stalemate,
 * flag-fall and result-mismatch events, at the last ply. */
static int verdict(hamle_annotator *a, const hamle_game *g, const hamle_replay *rp,
	const struct hamle_position *fin)
{
	unsigned fl = a->opts.flags, last = a->plies;
	hamle_verdict v;
	if (replay_verdict(rp, g, &a->unwin, a->opts.mate_budget, &v) < 0)
		return HAMLE_ENOMEM;
	a->board = v.board;
	const char *why = end_code(v.end);
	if (v.end == HAMLE_END_CHECKMATE || v.end == HAMLE_END_STALEMATE) {
		hamle_annot_event *ev = (fl & HAMLE_ANNOTATE_END) ? annot_event(a, why, last, fin) : NULL;
		if (ev) {
			ev->automatic = 1;
			annot_event_done(a, ev);
		}
	} else if (v.end == HAMLE_END_FLAG_FALL) {
		hamle_annot_event *ev = (fl & HAMLE_ANNOTATE_FLAG) ? annot_event(a, why, last, fin) : NULL;
		if (ev) {
			ev->side = v.flag_side; /* the side whose flag fell */
			ev->result = a->written;
			ev->board = HAMLE_RESULT_DRAW;
			annot_event_done(a, ev);
		}
	}
	/* the result written (marker and tag) against the board and against each other; "*" and no
	 * result say nothing */
	if (!hamle_verdict_mismatch(&v) || !(fl & (HAMLE_ANNOTATE_RESULT | HAMLE_ANNOTATE_FIX_RESULT)))
		return 0;
	hamle_annot_event *ev = annot_event(a, "result-mismatch", last, fin);
	if (ev) {
		ev->severity = HAMLE_SEVERITY_WARNING;
		if (v.wrong != HAMLE_RESULT_NONE) {
			ev->result = v.wrong;
			ev->board = v.board;
			snprintf(ev->move, sizeof(ev->move), "%s", why);
		} else { /* the tag and the marker differ, the board decides nothing against either */
			ev->result = v.tag; /* ev->move "": the marker (ev->board) is the other */
			ev->board = v.marker;
		}
		annot_event_done(a, ev);
	}
	return 0;
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
	a->rp = rp;
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
	if (verdict(a, g, rp, fin) < 0)
		return HAMLE_ENOMEM;
	a->final_key = hamle_position_hash(fin);
	return a->oom ? HAMLE_ENOMEM : 0;
}
