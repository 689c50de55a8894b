/* bridge_report.c: the results of the bridge search (see hamle/bridge.h): the settings, the
 * bridges of the last game, their SAN in any language, and the missing-moves finding. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/bridge_internal.h"

void hamle_replay_set_bridge(hamle_replay *rp, unsigned plies, unsigned long max_nodes)
{
	if (!rp)
		return;
	rp->bridge_plies = plies > HAMLE_BRIDGE_PLIES_MAX ? HAMLE_BRIDGE_PLIES_MAX : plies;
	rp->bridge_budget = max_nodes ? max_nodes : HAMLE_BRIDGE_NODES;
	rp->bridge_gaps = 0;
}

void hamle_replay_set_bridge_gaps(hamle_replay *rp, unsigned plies, unsigned long max_nodes)
{
	if (!rp)
		return;
	hamle_replay_set_bridge(rp, plies, max_nodes ? max_nodes : HAMLE_BRIDGE_GAP_NODES);
	rp->bridge_gaps = 1;
}

const hamle_bridge *hamle_replay_bridges(const hamle_replay *rp, size_t *n)
{
	size_t k = rp ? rp->nbridges : 0;
	if (n)
		*n = k;
	return k ? rp->bridges : NULL;
}

unsigned long hamle_replay_bridge_nodes(const hamle_replay *rp)
{
	return rp ? rp->bridge_nodes : 0;
}

int hamle_replay_bridge_san(const hamle_replay *rp, size_t b, size_t i, const hamle_locale *loc,
	char *buf, size_t size)
{
	if (!rp || !loc || b >= rp->nbridges || i >= rp->bridges[b].n)
		return HAMLE_EUSAGE;
	struct hamle_position p = rp->bridge_before[b];
	for (size_t k = 0; k < i; k++)
		hamle_make_move(&p, rp->bridges[b].move[k].move);
	return hamle_san_format(buf, size, &p, loc, rp->bridges[b].move[i].move, HAMLE_FORM_SAN);
}

int replay_bridge_set_weights(hamle_replay *rp, const int *weight)
{
	if (!rp->bridge_work && !(rp->bridge_work = calloc(1, sizeof(*rp->bridge_work))))
		return HAMLE_ENOMEM;
	rp->bridge_work->weighted = weight != NULL;
	if (weight)
		memcpy(rp->bridge_work->weight, weight, sizeof(rp->bridge_work->weight));
	return HAMLE_OK;
}

void replay_bridge_free(hamle_replay *rp)
{
	free(rp->bridge_work);
	rp->bridge_work = NULL;
}

/* "31..." or "31." for the position p. */
static void number_text(char *buf, size_t size, const struct hamle_position *p)
{
	snprintf(buf, size, "%u%s", (unsigned)p->fullmove, p->side == HAMLE_WHITE ? "." : "...");
}

/* The bridges into rp->bridges, the finding after the error finding fi. */
void bridge_report(hamle_replay *rp, struct bridge_work *w, size_t fi)
{
	const hamle_locale *msg = replay_msg_locale(rp);
	char text[HAMLE_ERROR_MESSAGE_MAX];
	size_t len = 0;
	text[0] = '\0';
	for (int b = 0; b < w->nbest; b++) {
		const struct cand *c = &w->best[b];
		hamle_bridge *out = &rp->bridges[b];
		memset(out, 0, sizeof(*out));
		struct hamle_position p = w->before[c->at];
		rp->bridge_before[b] = p;
		out->n = c->n;
		out->ply = (unsigned)(w->count0 + (size_t)c->at + 1);
		out->move_number = p.fullmove;
		out->side = p.side;
		out->token = w->rec[c->at].token;
		out->replayed = (unsigned)(c->reach - c->at);
		out->complete = c->reach == w->nrec && w->ends;
		char where[24], list[HAMLE_ERROR_MESSAGE_MAX];
		size_t ll = 0;
		list[0] = '\0';
		for (unsigned k = 0; k < c->n; k++) {
			hamle_suggestion *s = &out->move[k];
			s->move = c->m[k];
			hamle_san_format(s->san, sizeof(s->san), &p, w->loc, c->m[k], HAMLE_FORM_SAN); /* as the suggestions: the game's language */
			hamle_move_uci(s->uci, sizeof(s->uci), &p, c->m[k]);
			char num[24] = ""; /* every move numbered but Black's after White's */
			if (k == 0 || p.side == HAMLE_WHITE)
				number_text(num, sizeof(num), &p);
			int wr = snprintf(list + ll, sizeof(list) - ll, "%s%s%s%s", k ? " " : "", num, num[0] ? " " : "",
				s->san);
			if (wr > 0 && (size_t)wr < sizeof(list) - ll)
				ll += (size_t)wr;
			hamle_make_move(&p, c->m[k]);
		}
		number_text(where, sizeof(where), &p); /* the recorded move's number once the bridge is in */
		const char *args[2] = {where, list};
		char one[HAMLE_ERROR_MESSAGE_MAX];
		if (!msg || hamle_locale_format(one, sizeof(one), msg, b ? "moves_missing_or" : "moves_missing", 2, args) < 0)
			snprintf(one, sizeof(one), b ? "or before %s: %s" : "moves missing before %s: %s", where, list);
		int wr = snprintf(text + len, sizeof(text) - len, "%s%s", b ? "; " : "", one);
		if (wr > 0 && (size_t)wr < sizeof(text) - len)
			len += (size_t)wr;
	}
	rp->nbridges = (size_t)w->nbest;
	const struct rec *fr = &w->rec[w->fail];
	hamle_diagnostic *f = replay_add_finding(rp, "missing-moves", HAMLE_SEVERITY_WARNING, HAMLE_OK, fr->token);
	if (!f)
		return;
	replay_finding_at_move(f, &w->before[w->fail], (unsigned)(w->count0 + (size_t)w->fail + 1), rp->stack, 0);
	f->error.token[0] = '\0';
	snprintf(f->error.message, sizeof(f->error.message), "%s", text);
	/* right before the error it explains when its first bridge lets the rest replay (the likelier
	 * reading of the sheet), else right after it */
	hamle_diagnostic d = *f;
	size_t at = w->best[0].reach == w->nrec ? fi : fi + 1, last = rp->nfindings - 1;
	memmove(&rp->findings[at + 1], &rp->findings[at], (last - at) * sizeof(d));
	rp->findings[at] = d;
}
