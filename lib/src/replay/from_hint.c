/* from_hint.c: what a declared language that fails would have read. When the mainline of a game
 * read in the declared language (hamle_replay_options.from) ends at a move error, each other
 * candidate replays it too, quietly; the one that reads furthest, further than the declared one,
 * is named at the end of that error: "... did you mean Af3? (the game reads as German: --from de)".
 * Only games that fail pay for it: the walks after the failure, then the declared language's
 * walk again, which puts back the findings, moves and positions the quiet walks overwrote. */
#include <stdio.h>
#include <string.h>

#include "replay/replay_internal.h"

/* How far a walk got: resolved moves, a reading without error first among equals (as detection
 * ranks them). */
static size_t reach(const hamle_replay *rp)
{
	return rp->resolved * 2 + (rp->first_error == (size_t)-1);
}

/* Appends " (the game reads as NAME: --from TAG)" in the messages' language to f's message. */
static void append_hint(hamle_replay *rp, hamle_diagnostic *f, const hamle_locale *reads)
{
	const hamle_locale *msg = replay_msg_locale(rp);
	const char *tag = hamle_locale_tag(reads);
	char key[32], hint[HAMLE_ERROR_MESSAGE_MAX];
	snprintf(key, sizeof(key), "language_%s", tag);
	const char *name = hamle_locale_message(msg, key);
	const char *args[2] = {name && name[0] ? name : tag, tag};
	if (!msg || hamle_locale_format(hint, sizeof(hint), msg, "reads_as_language", 2, args) < 0)
		snprintf(hint, sizeof(hint), "(the game reads as %s: --from %s)", args[0], tag);
	size_t n = strlen(f->error.message);
	if (n + 1 + strlen(hint) < sizeof(f->error.message)) {
		snprintf(f->error.message + n, sizeof(f->error.message) - n, " %s", hint);
		f->reads_as_at = (unsigned)n;
	}
}

int replay_from_hint(hamle_replay *rp, size_t nfindings, size_t nerrors, size_t nwarnings)
{
	const hamle_locale *from = rp->loc;
	size_t have = reach(rp), best_reach = have;
	const hamle_locale *best = NULL;
	int walked = 0;
	for (size_t c = 0; c < rp->opts.n_candidates; c++) {
		const hamle_locale *loc = rp->opts.candidates[c];
		const char *tag = hamle_locale_tag(loc);
		if (loc == from || !strcmp(tag, hamle_locale_tag(from)) || !strcmp(tag, "fan"))
			continue;
		int rc = replay_walk(rp, loc, 1);
		walked = 1;
		if (rc < 0)
			return rc;
		size_t r = reach(rp);
		/* on a tie English wins (the PGN standard's letters), else the earlier candidate */
		if (r > best_reach || (best && r == best_reach && loc == rp->en)) {
			best = loc;
			best_reach = r;
		}
	}
	if (!walked)
		return HAMLE_OK;
	/* the declared language's walk again, with its findings */
	rp->nfindings = nfindings;
	rp->nerrors = nerrors;
	rp->nwarnings = nwarnings;
	int rc = replay_walk(rp, from, 0);
	if (rc < 0 || !best)
		return rc;
	for (size_t i = nfindings; i < rp->nfindings; i++) {
		hamle_diagnostic *f = &rp->findings[i];
		if (f->severity == HAMLE_SEVERITY_ERROR && f->path_len == 0) {
			append_hint(rp, f, best);
			break;
		}
	}
	return HAMLE_OK;
}
