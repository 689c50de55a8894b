/* analysis.c: an engine over a game's mainline (see hamle/analysis.h): the mainline's moves from
 * the replay, each position from the start searched (cache first), then the judgements, the best
 * lines and the accuracy from the evaluations. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/position_internal.h"
#include "engine/analysis_internal.h"
#include "hamle/eco.h"
#include "hamle/rules.h"

#define FAULTS_IN_A_ROW 3 /* after that many failed searches in a row the game is left */

int hamle_analysis_new(hamle_analysis **out, const hamle_analysis_options *opts)
{
	if (!out || !opts || opts->version != HAMLE_ANALYSIS_OPTIONS_VERSION)
		return HAMLE_EUSAGE;
	hamle_analysis *an = calloc(1, sizeof(*an));
	if (!an)
		return HAMLE_ENOMEM;
	an->opts = *opts;
	if (an->opts.line_plies > HAMLE_UCI_PV_MAX)
		an->opts.line_plies = HAMLE_UCI_PV_MAX;
	*out = an;
	return 0;
}

void hamle_analysis_free(hamle_analysis *an)
{
	if (!an)
		return;
	free(an->ply);
	free(an->faults);
	free(an);
}

size_t hamle_analysis_fault_count(const hamle_analysis *an) { return an ? an->nfaults : 0; }
const hamle_engine_fault *hamle_analysis_fault(const hamle_analysis *an, size_t i)
{
	return an && i < an->nfaults ? &an->faults[i] : NULL;
}
unsigned hamle_analysis_plies(const hamle_analysis *an) { return an ? an->plies : 0; }
unsigned hamle_analysis_first(const hamle_analysis *an) { return an ? an->first : 0; }
unsigned hamle_analysis_searched(const hamle_analysis *an) { return an ? an->searched : 0; }
unsigned hamle_analysis_cached(const hamle_analysis *an) { return an ? an->cached : 0; }
unsigned hamle_analysis_missing(const hamle_analysis *an) { return an ? an->missing : 0; }
uint64_t hamle_analysis_engine_ms(const hamle_analysis *an) { return an ? an->engine_ms : 0; }

const hamle_eval *hamle_analysis_eval(const hamle_analysis *an, unsigned ply)
{
	static const hamle_eval none = { HAMLE_EVAL_NONE, 0 };
	return an && an->active && ply <= an->plies ? &an->ply[ply].eval : &none;
}

int hamle_analysis_judgement(const hamle_analysis *an, unsigned ply, int *mate)
{
	int ok = an && an->active && ply <= an->plies;
	if (mate)
		*mate = ok ? an->ply[ply].mate : HAMLE_MATE_NONE;
	return ok ? an->ply[ply].judge : HAMLE_JUDGE_NONE;
}

int hamle_analysis_tag(const hamle_analysis *an, int i, const char **name, char *value, size_t size)
{
	static const char *const names[] = { "WhiteAccuracy", "BlackAccuracy", "WhiteACPL", "BlackACPL" };
	if (!an || !an->active || !an->has_acc || i < 0 || i > 3)
		return 0;
	*name = names[i];
	if (i < 2)
		snprintf(value, size, "%.1f", an->acc[i]);
	else
		snprintf(value, size, "%.0f", an->acpl[i - 2]);
	return 1;
}

static int room(hamle_analysis *an, size_t i)
{
	if (i < an->cap)
		return 1;
	size_t cap = an->cap ? an->cap * 2 : 256;
	while (cap <= i)
		cap *= 2;
	struct an_ply *p = realloc(an->ply, cap * sizeof(*p));
	if (!p)
		return 0;
	an->ply = p;
	an->cap = cap;
	return 1;
}

static int add_fault(hamle_analysis *an, unsigned ply, const hamle_position *before, int start, const char *msg)
{
	if (an->nfaults == an->fcap) {
		size_t cap = an->fcap ? an->fcap * 2 : 8;
		hamle_engine_fault *f = realloc(an->faults, cap * sizeof(*f));
		if (!f)
			return HAMLE_ENOMEM;
		an->faults = f;
		an->fcap = cap;
	}
	hamle_engine_fault *f = &an->faults[an->nfaults++];
	f->ply = ply;
	f->start = start;
	f->token = an->ply[ply].token;
	f->move_number = ply && before ? (unsigned)before->fullmove : 0;
	f->side = ply && before ? before->side : -1;
	snprintf(f->message, sizeof(f->message), "%s", msg);
	return 0;
}

/* The mainline moves the replay read, into an->ply[1..]; positions into pos[] (grown with it). */
static int mainline(hamle_analysis *an, const hamle_game *g, const hamle_replay *rp, struct hamle_position **pos,
	size_t *pcap)
{
	const hamle_replay_move *mv = hamle_replay_moves(rp);
	const hamle_token *t = hamle_game_tokens(g);
	size_t n = hamle_game_token_count(g);
	if (!room(an, 0))
		return HAMLE_ENOMEM;
	memset(&an->ply[0], 0, sizeof(an->ply[0]));
	an->ply[0].token = (size_t)-1;
	if (*pcap < 1) {
		struct hamle_position *p = realloc(*pos, 256 * sizeof(**pos));
		if (!p)
			return HAMLE_ENOMEM;
		*pos = p;
		*pcap = 256;
	}
	(*pos)[0] = *hamle_replay_start(rp);
	for (size_t i = 0; i < n && mv; i++) {
		if (t[i].depth != 0 || t[i].kind != HAMLE_TOKEN_MOVE)
			continue;
		if (!(mv[i].flags & HAMLE_RM_MOVE))
			break; /* after an end, unread */
		size_t k = ++an->plies;
		if (!room(an, k))
			return HAMLE_ENOMEM;
		if (k >= *pcap) {
			struct hamle_position *p = realloc(*pos, 2 * *pcap * sizeof(**pos));
			if (!p)
				return HAMLE_ENOMEM;
			*pos = p;
			*pcap *= 2;
		}
		memset(&an->ply[k], 0, sizeof(an->ply[k]));
		an->ply[k].move = mv[i].move;
		an->ply[k].token = i;
		(*pos)[k] = (*pos)[k - 1];
		hamle_position_play(&(*pos)[k], mv[i].move);
	}
	return 0;
}

/* The first ply whose position is searched: start_ply, or the last book position when later. */
static unsigned first_ply(const hamle_analysis *an, const struct hamle_position *pos)
{
	unsigned first = an->opts.start_ply;
	const hamle_eco *eco = an->opts.book;
	if (eco && pos[0].fullmove == 1 && pos[0].side == HAMLE_WHITE) {
		unsigned until = hamle_eco_max_plies(eco) + 16, book = 0;
		for (unsigned k = 1; k <= an->plies && k <= until; k++)
			if (hamle_eco_find_key(eco, hamle_position_repetition_key(&pos[k])))
				book = k;
		if (book > first)
			first = book;
	}
	return first > an->plies ? an->plies : first;
}

/* Searches the positions first..plies. */
static int search_all(hamle_analysis *an, hamle_engine *e, const struct hamle_position *pos)
{
	int in_a_row = 0, dead = 0;
	for (unsigned k = an->first; k <= an->plies; k++) {
		struct an_ply *p = &an->ply[k];
		hamle_state st = hamle_position_state(&pos[k]);
		if (st == HAMLE_STATE_CHECKMATE || st == HAMLE_STATE_STALEMATE) {
			p->eval.kind = HAMLE_EVAL_OVER;
			p->eval.value = st == HAMLE_STATE_STALEMATE ? 0 : pos[k].side == HAMLE_WHITE ? -1 : 1;
			continue;
		}
		hamle_engine_result r;
		if (hamle_eval_cache_get(an->opts.cache, &pos[k], &an->opts.limit, &r)) {
			an->cached++;
		} else if (dead || !e) {
			an->missing++;
			continue;
		} else {
			hamle_error err;
			hamle_error_clear(&err);
			int fresh = hamle_engine_pid(e) == 0;
			int rc = hamle_engine_search(e, &pos[k], &an->opts.limit, an->opts.clear_hash, &r, &err);
			if (rc == HAMLE_ENOMEM)
				return rc;
			if (rc < 0) {
				an->missing++;
				int start = fresh && strstr(err.message, "could not start") != NULL;
				if (++in_a_row >= FAULTS_IN_A_ROW || start)
					dead = 1;
				if (add_fault(an, k, k ? &pos[k - 1] : NULL, dead, err.message) < 0)
					return HAMLE_ENOMEM;
				continue;
			}
			in_a_row = 0;
			an->searched++;
			an->engine_ms += r.time_ms;
			if (hamle_eval_cache_put(an->opts.cache, &pos[k], &an->opts.limit, &r) == HAMLE_ENOMEM)
				return HAMLE_ENOMEM;
		}
		p->eval = r.eval;
		p->nline = r.npv < an->opts.line_plies ? r.npv : an->opts.line_plies;
		memcpy(p->line, r.pv, p->nline * sizeof(p->line[0]));
	}
	return 0;
}

int hamle_analysis_run(hamle_analysis *an, hamle_engine *e, const hamle_game *g, const hamle_replay *rp)
{
	if (!an || !g || !rp)
		return HAMLE_EUSAGE;
	an->game = g;
	an->active = 0;
	an->plies = an->first = an->searched = an->cached = an->missing = 0;
	an->engine_ms = 0;
	an->nfaults = 0;
	an->has_acc = 0;
	if (!hamle_replay_started(rp) || hamle_replay_error_count(rp))
		return 0;
	struct hamle_position *pos = NULL;
	size_t pcap = 0;
	int rc = mainline(an, g, rp, &pos, &pcap);
	if (rc == 0) {
		an->first = first_ply(an, pos);
		rc = search_all(an, e, pos);
	}
	if (rc < 0) {
		free(pos);
		return rc;
	}
	an->active = 1;
	/* the judgements: each move after the first position, from the evaluations around it */
	for (unsigned k = an->first + 1; k <= an->plies; k++)
		an->ply[k].judge = hamle_judge_move(&an->ply[k - 1].eval, &an->ply[k].eval, pos[k - 1].side, &an->ply[k].mate);
	if (an->plies >= an->first + 2 && !an->missing) {
		hamle_eval *ev = malloc((an->plies - an->first + 1) * sizeof(*ev));
		if (!ev) {
			free(pos);
			return HAMLE_ENOMEM;
		}
		for (unsigned k = an->first; k <= an->plies; k++)
			ev[k - an->first] = an->ply[k].eval;
		an->has_acc = hamle_game_accuracy(ev, an->plies - an->first + 1, pos[an->first].side, an->acc, an->acpl) == 0;
		free(ev);
	}
	free(pos);
	return 0;
}
