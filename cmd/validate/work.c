/* work.c: one game in a worker thread: decode and lex the chunk, replay it, format its findings. */
#include <stdio.h>
#include <string.h>

#include "dedup.h"
#include "finding.h"
#include "validate.h"

int vd_code_index(const char *id)
{
	int i = hamle_code_index(id);
	return i < 0 ? VD_CODE_OTHER : i;
}

const char *vd_code_id(int i)
{
	if (i == VD_CODE_OTHER)
		return "other";
	const hamle_code_info *c = i >= 0 && i < VD_CODE_OTHER ? hamle_code_at((size_t)i) : NULL;
	return c ? c->id : NULL;
}

/* What the verdict match of --where (hamle_filter_check's) makes of it, --invert taking what it
 * leaves out: true when it is done (out of memory, or left out); else *failed says whether the
 * expression could not decide. */
static bool where_verdict(vd_item *it, int match, bool invert, bool *failed)
{
	if (match == HAMLE_ENOMEM) {
		it->oom = true;
		return true;
	}
	if (match == !!invert) {
		it->skipped = true;
		return true;
	}
	*failed = match < 0;
	return false;
}

int vd_quick_next(vd_quick_tries *t, hamle_replay *rp, hamle_reader *r, const vd_config *cfg, hamle_chunk *ch)
{
	if (t->wait) {
		t->wait--;
		return 0;
	}
	int rc = cfg->html ? hamle_replay_quick_next(rp, r, &cfg->ropts, ch)
	                   : hamle_replay_quick_next_findings(rp, r, &cfg->ropts, ch);
	if (rc == 0) { /* the next 1, 3, 7 ... 63 games go the usual way */
		t->misses += t->misses < 6;
		t->wait = (1u << t->misses) - 1;
	} else {
		t->misses = 0;
	}
	return rc;
}

void vd_work_item(const vd_config *cfg, vd_worker *w, vd_item *it)
{
	memset(it->errors_of, 0, sizeof(it->errors_of)); /* as run.c clears counts */
	if (it->quick)
		return; /* read and judged in one pass (run.c) */
	/* --game first, by the chunk's number: a game it leaves out is not even read (unless
	 * --invert takes it) */
	bool chosen = hamle_select_has(&cfg->select, it->chunk.game);
	if (!chosen && !cfg->select.invert) {
		it->skipped = true;
		return;
	}
	const hamle_filter *where = chosen ? cfg->where : NULL;
	/* --unique: the item's own game, which the main thread may still need */
	hamle_game **gp = cfg->unique ? &it->game : &w->game;
	/* a --where on tags alone is decided on the tags (the movetext not lexed): a game it takes
	 * is then validated as without it (the quick lane too); an undecided one is read in full */
	if (where && !cfg->select.invert && !(hamle_filter_needs(where) & HAMLE_FILTER_NEEDS_REPLAY)) {
		if (hamle_game_parse_tags(gp, &it->chunk, &cfg->ropts) < 0) {
			it->oom = true;
			return;
		}
		int m = hamle_filter_check(where, *gp, NULL);
		if (m == HAMLE_ENOMEM) {
			it->oom = true;
			return;
		}
		if (m == 0) {
			it->skipped = true;
			return;
		}
		if (m == 1)
			where = NULL;
	}
	/* a game --where cannot decide on (a pattern that hit its match limit) is validated with
	 * that error first */
	hamle_diagnostic undecided;
	bool where_failed = false;
	hamle_game *g;
	/* a clean plain game needs no tokens: the quick lane tells (and gives up on anything else);
	 * not under --unique, whose keys are made of the replayed moves and the tags kept. A game
	 * whose tags alone have findings (a roster name missing) is reported from its tags, unless
	 * an HTML report wants its moves. */
	if (!cfg->full && !cfg->all && !cfg->unique && !where && !(chosen && cfg->select.invert)) {
		/* read in one pass, its movetext judged: its tags alone are read (else the usual way) */
		int q = it->tagged ? hamle_replay_quick_tag_findings(w->rp, &w->game, &it->chunk, &cfg->ropts, it->plies) : 0;
		if (q == 0)
			q = cfg->html ? hamle_replay_quick(w->rp, &w->game, &it->chunk, &cfg->ropts)
			              : hamle_replay_quick_findings(w->rp, &w->game, &it->chunk, &cfg->ropts);
		if (q < 0) {
			it->oom = true;
			return;
		}
		if (q == 1) {
			it->quick = true;
			it->plies = hamle_replay_plies(w->rp);
			return;
		}
		if (q == 2) {
			g = w->game;
			goto report;
		}
	}
	if (hamle_game_parse(gp, &it->chunk, &cfg->ropts) < 0) {
		it->oom = true;
		return;
	}
	g = *gp;
	/* an expression on the replayed game (Plies, Final...) is tested after the replay; --invert
	 * takes what --where and --game leave out */
	bool invert = chosen && cfg->select.invert;
	bool late = where && (hamle_filter_needs(where) & HAMLE_FILTER_NEEDS_REPLAY);
	if ((where || invert) && !late && where_verdict(it, hamle_filter_check(where, g, &undecided.error), invert,
		&where_failed))
		return;
	if (hamle_replay_run(w->rp, g) < 0) {
		it->oom = true;
		return;
	}
	if (late && where_verdict(it, hamle_annotate_filter_check(where, w->where_an, g, w->rp, &undecided.error),
		invert, &where_failed))
		return;
report:;
	const hamle_replay *rp = w->rp;
	if (where_failed) {
		hamle_diagnostic_of_error(&undecided);
		it->counts[vd_code_index(undecided.id)]++;
		it->errors_of[vd_code_index(undecided.id)]++;
		vd_format_finding(&it->out, cfg, g, rp, &undecided);
	}
	size_t n = hamle_replay_finding_count(rp), left_out = 0;
	for (size_t i = 0; i < n; i++) {
		const hamle_diagnostic *f = hamle_replay_finding(rp, i);
		if (!hamle_code_filter_keeps(&cfg->codes, f->id, f->severity)) {
			left_out++; /* --ignore, --select: as if never found */
			continue;
		}
		it->counts[vd_code_index(f->id)]++;
		it->errors_of[vd_code_index(f->id)] += f->severity == HAMLE_SEVERITY_ERROR;
		if (cfg->format == VD_FORMAT_JSON && hamle_finding_shown(&cfg->view, f))
			vd_format_finding(&it->out, cfg, g, rp, f);
	}
	if (cfg->format != VD_FORMAT_JSON)
		hamle_findings_text(&it->out, &cfg->view, g, rp); /* a warning code once per game */
	it->errors = hamle_replay_error_count(rp) + where_failed;
	it->warnings = hamle_replay_warning_count(rp) - left_out;
	it->plies = hamle_replay_plies(rp);
	it->lang = hamle_replay_locale(rp);
	it->chess960 = hamle_replay_is_chess960(rp) != 0;
	/* --unique: a game with an error has no key (it is never a duplicate) */
	if (cfg->unique && !it->errors)
		it->keyed = hamle_dedup_key(&it->key, g, rp, cfg->unique == VD_UNIQUE_POSITIONS) == 0;
	if (cfg->all)
		vd_format_game(&it->out, cfg, g, rp, it);
	if (cfg->html)
		vd_format_html(&it->html, cfg, g, rp, where_failed ? &undecided : NULL);
	if (hamle_buf_failed(&it->key))
		it->oom = true;
}

void vd_duplicate(const vd_config *cfg, vd_item *it, size_t first, const char *first_source)
{
	const hamle_game *g = it->game;
	hamle_diagnostic d;
	memset(&d, 0, sizeof(d));
	d.id = "duplicate-game";
	d.severity = HAMLE_SEVERITY_WARNING;
	d.token = (size_t)-1;
	d.side = -1;
	d.error.game = hamle_game_index(g);
	d.error.line = hamle_game_line(g);
	d.error.offset = hamle_game_offset(g);
	char num[24];
	snprintf(num, sizeof(num), "%zu", first);
	const char *args[2] = {num, first_source};
	bool moves = cfg->unique == VD_UNIQUE_MOVES;
	const char *key = first_source ? (moves ? "duplicate_game_of" : "duplicate_position_of") :
		(moves ? "duplicate_game" : "duplicate_position");
	if (hamle_locale_format(d.error.message, sizeof(d.error.message), cfg->messages, key, 2, args) < 0) {
		if (first_source)
			snprintf(d.error.message, sizeof(d.error.message), "the same %s as game %s of %s, not validated again",
				moves ? "mainline" : "final position", num, first_source);
		else
			snprintf(d.error.message, sizeof(d.error.message), "the same %s as game %s, not validated again",
				moves ? "mainline" : "final position", num);
	}
	hamle_buf_clear(&it->out);
	hamle_buf_clear(&it->html);
	memset(it->counts, 0, sizeof(it->counts));
	memset(it->errors_of, 0, sizeof(it->errors_of));
	it->errors = it->warnings = 0;
	if (hamle_code_filter_keeps(&cfg->codes, d.id, d.severity)) {
		it->warnings = 1;
		it->counts[vd_code_index(d.id)] = 1;
		if (hamle_finding_shown(&cfg->view, &d))
			vd_format_duplicate(&it->out, cfg, g, it, &d);
	}
	if (cfg->all)
		vd_format_game(&it->out, cfg, g, NULL, it);
}
