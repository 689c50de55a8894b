/* work.c: one game in a worker thread: decode and lex the chunk, replay it, format its findings. */
#include <string.h>

#include "finding.h"
#include "validate.h"

const char *const vd_code_ids[VD_NCODES] = {
	"syntax", "illegal-move", "ambiguous-move", "bad-fen", "limit", "encoding", "check-mark",
	"capture-mark", "move-number", "result-mismatch", "moves-after-end", "missing-tag",
	"ambiguous-language", "bad-escape", "bad-nag", "truncated", "other"};

int vd_code_index(const char *id)
{
	if (id)
		for (int i = 0; i < VD_CODE_OTHER; i++)
			if (!strcmp(id, vd_code_ids[i]))
				return i;
	return VD_CODE_OTHER;
}

void vd_work_item(const vd_config *cfg, vd_worker *w, vd_item *it)
{
	/* a clean plain game needs no tokens: the quick lane tells (and gives up on anything else) */
	if (!cfg->full && !cfg->all && !cfg->where) {
		int q = hamle_replay_quick(w->rp, &w->game, &it->chunk, &cfg->ropts);
		if (q < 0) {
			it->oom = true;
			return;
		}
		if (q == 1) {
			it->quick = true;
			it->plies = hamle_replay_plies(w->rp);
			return;
		}
	}
	if (hamle_game_parse(&w->game, &it->chunk, &cfg->ropts) < 0) {
		it->oom = true;
		return;
	}
	hamle_game *g = w->game;
	/* a game --where cannot decide on (a pattern that hit its match limit) is validated with
	 * that error first */
	hamle_diagnostic undecided;
	bool where_failed = false;
	if (cfg->where) {
		int match = hamle_filter_check(cfg->where, g, &undecided.error);
		if (match == HAMLE_ENOMEM) {
			it->oom = true;
			return;
		}
		if (match == 0) {
			it->skipped = true;
			return;
		}
		where_failed = match < 0;
	}
	if (hamle_replay_run(w->rp, g) < 0) {
		it->oom = true;
		return;
	}
	const hamle_replay *rp = w->rp;
	it->errors = hamle_replay_error_count(rp) + where_failed;
	it->warnings = hamle_replay_warning_count(rp);
	it->plies = hamle_replay_plies(rp);
	if (where_failed) {
		hamle_diagnostic_of_error(&undecided);
		it->counts[vd_code_index(undecided.id)]++;
		vd_format_finding(&it->out, cfg, g, rp, &undecided);
	}
	size_t n = hamle_replay_finding_count(rp);
	for (size_t i = 0; i < n; i++) {
		const hamle_diagnostic *f = hamle_replay_finding(rp, i);
		it->counts[vd_code_index(f->id)]++;
		vd_format_finding(&it->out, cfg, g, rp, f);
	}
	if (cfg->all)
		vd_format_game(&it->out, cfg, g, rp, it);
}
