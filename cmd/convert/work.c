/* work.c: one game in a worker thread: parse, --where, replay, write, findings for stderr. Each
 * finding is the line hamle-validate writes (common/finding.c), in English: popts.messages is the
 * en locale whatever --lang (the output language of the moves) says. */
#include <string.h>

#include "convert.h"
#include "finding.h"

int cv_worker_init(const cv_config *cfg, cv_worker *w)
{
	memset(w, 0, sizeof(*w));
	if (hamle_replay_new(&w->rp, &cfg->popts) < 0 || hamle_writer_new(&w->w, &cfg->wopts) < 0) {
		cv_worker_free(w);
		return -1;
	}
	return 0;
}

void cv_worker_free(cv_worker *w)
{
	hamle_game_free(w->game);
	hamle_replay_free(w->rp);
	hamle_writer_free(w->w);
	memset(w, 0, sizeof(*w));
}

/* 1 when the game's Variant tag names a game hamle does not play. */
static int unsupported_variant(const hamle_game *g)
{
	return hamle_variant_kind(hamle_game_tag(g, "Variant")) == HAMLE_VARIANT_UNSUPPORTED;
}

void cv_work_item(const cv_config *cfg, cv_worker *w, cv_item *it)
{
	hamle_buf_clear(&it->out);
	hamle_buf_clear(&it->err);
	if (hamle_game_parse(&w->game, &it->chunk, &cfg->ropts) < 0) {
		it->oom = true;
		return;
	}
	hamle_game *g = w->game;
	if (it->ntag_offsets)
		hamle_scoresheet_apply_offsets(g, it->game_offset, it->tag_offsets, it->ntag_offsets);
	hamle_diagnostic undecided;
	int m = hamle_filter_check(cfg->where, g, &undecided.error);
	if (m == HAMLE_ENOMEM) {
		it->oom = true;
		return;
	}
	if (!m) {
		it->skipped = true;
		return;
	}
	if (m < 0) {
		/* --where cannot decide (a pattern hit its match limit): an error of the game, which is
		 * then converted as any game with an error is */
		hamle_diagnostic_of_error(&undecided);
		hamle_finding_text(&it->err, cfg->popts.messages, g, &undecided);
		it->failed = true;
		if (cfg->on_error != CV_ON_ERROR_KEEP)
			return;
	}
	hamle_writer_reset(w->w);
	if (unsupported_variant(g)) {
		if (cfg->msg->verbosity >= 0) {
			hamle_finding_where(&it->err, cfg->popts.messages, g, 0, hamle_game_line(g), 0);
			hamle_buf_printf(&it->err, ": warning: unsupported variant '%s': game passed through unchanged\n",
				hamle_game_tag(g, "Variant"));
		}
		if (hamle_writer_passthrough(w->w, g, NULL) < 0)
			it->oom = true;
	} else {
		if (hamle_replay_run(w->rp, g) < 0) {
			it->oom = true;
			return;
		}
		size_t nf = hamle_replay_finding_count(w->rp);
		for (size_t i = 0; i < nf; i++) {
			const hamle_diagnostic *f = hamle_replay_finding(w->rp, i);
			if (f->severity == HAMLE_SEVERITY_ERROR) {
				it->failed = true;
				hamle_finding_text(&it->err, cfg->popts.messages, g, f);
			} else if (cfg->msg->verbosity > 0) {
				hamle_finding_text(&it->err, cfg->popts.messages, g, f);
			}
		}
		if (hamle_replay_error_count(w->rp))
			it->failed = true;
		if (it->failed && cfg->on_error != CV_ON_ERROR_KEEP)
			return;
		if (hamle_writer_game(w->w, g, w->rp) < 0) {
			it->oom = true;
			return;
		}
		const hamle_error *se = hamle_writer_stopped(w->w);
		if (se) {
			/* the writer could not write a move: said as any finding is */
			hamle_diagnostic d;
			memset(&d, 0, sizeof(d));
			d.error = *se;
			d.id = hamle_status_id(se->code);
			d.severity = HAMLE_SEVERITY_ERROR;
			d.token = (size_t)-1;
			d.side = -1;
			hamle_finding_text(&it->err, cfg->popts.messages, g, &d);
			it->failed = true;
			if (cfg->on_error != CV_ON_ERROR_KEEP) {
				hamle_writer_reset(w->w);
				return;
			}
		}
	}
	hamle_error err;
	hamle_error_clear(&err);
	if (hamle_writer_encode(w->w, cfg->out_encoding, &err) < 0) {
		hamle_finding_where(&it->err, cfg->popts.messages, g, 0, hamle_game_line(g), 0);
		hamle_buf_printf(&it->err, ": encoding '%s': %s (output line %zu of the game); game not written\n",
			err.token, err.message, err.line);
		it->failed = true;
		return;
	}
	size_t len;
	const char *text = hamle_writer_output(w->w, &len);
	hamle_buf_append(&it->out, text, len);
	if (hamle_buf_failed(&it->out) || hamle_buf_failed(&it->err))
		it->oom = true;
}
