/* findings.c: building the findings of a replay (positions, paths, messages). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error_internal.h"
#include "replay/replay_internal.h"

hamle_diagnostic *replay_add_finding(hamle_replay *rp, const char *id, hamle_severity sev,
	int code, size_t token)
{
	if (rp->nfindings == rp->findings_cap) {
		size_t cap = rp->findings_cap ? rp->findings_cap * 2 : 16;
		hamle_diagnostic *f = realloc(rp->findings, cap * sizeof(*f));
		if (!f)
			return NULL;
		rp->findings = f;
		rp->findings_cap = cap;
	}
	hamle_diagnostic *f = &rp->findings[rp->nfindings++];
	memset(f, 0, sizeof(*f));
	f->id = id;
	f->severity = sev;
	f->token = token;
	f->side = -1;
	f->error.code = code;
	f->error.source = hamle_game_source(rp->game);
	f->error.game = hamle_game_index(rp->game);
	if (sev == HAMLE_SEVERITY_ERROR)
		rp->nerrors++;
	else
		rp->nwarnings++;
	if (token != (size_t)-1) {
		const hamle_token *t = &hamle_game_tokens(rp->game)[token];
		f->error.line = t->line;
		f->error.column = t->column;
		f->error.offset = t->offset;
		hamle_error_set_token(&f->error, t->text, t->len);
	} else {
		f->error.line = hamle_game_line(rp->game);
		f->error.column = 1;
		f->error.offset = hamle_game_offset(rp->game);
	}
	return f;
}

void replay_finding_at_move(hamle_diagnostic *f, const struct hamle_position *before,
	unsigned ply, const struct walk_frame *stack, size_t depth)
{
	f->error.ply = ply;
	f->move_number = before->fullmove;
	f->side = before->side;
	f->path_len = 0;
	for (size_t d = 1; d <= depth && f->path_len < HAMLE_PATH_MAX; d++)
		f->path[f->path_len++] = stack[d].index;
	hamle_position_fen(f->fen, sizeof(f->fen), before,
		HAMLE_FEN_XFEN);
}

const hamle_locale *replay_msg_locale(const hamle_replay *rp)
{
	if (rp->opts.messages)
		return rp->opts.messages;
	if (rp->en)
		return rp->en;
	return rp->loc ? rp->loc : rp->opts.from;
}

void replay_message(hamle_replay *rp, hamle_diagnostic *f, const char *key, size_t nargs,
	const char *const *args)
{
	const hamle_locale *loc = replay_msg_locale(rp);
	if (!loc || hamle_locale_format(f->error.message, sizeof(f->error.message), loc, key, nargs, args) < 0) {
		/* no locale or no template: the key and its arguments, never an empty message */
		size_t n = (size_t)snprintf(f->error.message, sizeof(f->error.message), "%s", key);
		for (size_t i = 0; i < nargs && n < sizeof(f->error.message); i++)
			n += (size_t)snprintf(f->error.message + n, sizeof(f->error.message) - n, "%s%s",
				i ? ", " : ": ", args[i]);
	}
}

/* Whether finding a comes after b in the input: by line, then column. */
static int finding_after(const hamle_diagnostic *a, const hamle_diagnostic *b)
{
	return a->error.line != b->error.line ? a->error.line > b->error.line : a->error.column > b->error.column;
}

void replay_sort_findings(hamle_replay *rp)
{
	size_t n = rp->nfindings, i;
	hamle_diagnostic *f = rp->findings;
	for (i = 1; i < n && !finding_after(&f[i - 1], &f[i]); i++)
		;
	if (i >= n)
		return; /* in order already: the common case, no copy */
	/* a stable merge sort, bottom up, of the findings' indices; then one permutation */
	size_t *idx = malloc(2 * n * sizeof(*idx));
	hamle_diagnostic *copy = malloc(n * sizeof(*copy));
	if (!idx || !copy) {
		free(idx);
		free(copy);
		return; /* kept in the order made */
	}
	size_t *a = idx, *b = idx + n;
	for (i = 0; i < n; i++)
		a[i] = i;
	for (size_t w = 1; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
			size_t l = lo, r = mid, o = lo;
			while (l < mid && r < hi)
				b[o++] = finding_after(&f[a[l]], &f[a[r]]) ? a[r++] : a[l++];
			while (l < mid)
				b[o++] = a[l++];
			while (r < hi)
				b[o++] = a[r++];
		}
		size_t *t = a;
		a = b;
		b = t;
	}
	memcpy(copy, f, n * sizeof(*copy));
	for (i = 0; i < n; i++)
		f[i] = copy[a[i]];
	free(idx);
	free(copy);
}
