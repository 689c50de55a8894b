/* work.c: one game in a worker thread: parse, --where, replay, write, findings for stderr. Each
 * finding is the line hamle-validate writes (common/findings/finding.c), in the messages language. The error
 * comment written into a failed game is in the output language (--lang, never the environment's):
 * when the two differ, a game with lines to print is read and replayed once more for them. */
#include <stdio.h>
#include <string.h>

#include "convert.h"
#include "dedup.h"
#include "finding.h"
#include "where.h"

/* The bridge search of the findings: where the record shows a gap (the default), or --bridge's. */
static void set_bridge(const cv_config *cfg, hamle_replay *rp)
{
	if (cfg->bridge_gaps)
		hamle_replay_set_bridge_gaps(rp, cfg->bridge, 0);
	else
		hamle_replay_set_bridge(rp, cfg->bridge, 0);
}

int cv_worker_init(const cv_config *cfg, cv_worker *w)
{
	memset(w, 0, sizeof(*w));
	if (hamle_replay_new(&w->rp, &cfg->popts) < 0 || hamle_writer_new(&w->w, &cfg->wopts) < 0 ||
	    hamle_where_annotator(cfg->where, cfg->where_eco, &w->where_an) < 0 ||
	    (cfg->msg_replay && hamle_replay_new(&w->rp_msg, &cfg->popts_msg) < 0) ||
	    (cfg->hooks && !(w->hook = cfg->hooks->worker_new(cfg)))) {
		w->free_hook = cfg->hooks ? cfg->hooks->worker_free : NULL;
		cv_worker_free(w);
		return -1;
	}
	w->free_hook = cfg->hooks ? cfg->hooks->worker_free : NULL;
	set_bridge(cfg, w->rp);
	set_bridge(cfg, w->rp_msg);
	return 0;
}

void cv_worker_free(cv_worker *w)
{
	hamle_game_free(w->game);
	hamle_replay_free(w->rp);
	hamle_writer_free(w->w);
	hamle_game_free(w->game_msg);
	hamle_replay_free(w->rp_msg);
	hamle_game_free(w->game_bridged);
	hamle_annotator_free(w->where_an);
	if (w->hook && w->free_hook)
		w->free_hook(w->hook);
	memset(w, 0, sizeof(*w));
}

/* 1 when the game's Variant tag names a game hamle does not play. */
static int unsupported_variant(const hamle_game *g)
{
	return hamle_variant_kind(hamle_game_tag(g, "Variant")) == HAMLE_VARIANT_UNSUPPORTED;
}

/* Parses the item's chunk into *g (a typed scoresheet's headers as tags). -1 when out of memory. */
static int parse(const hamle_reader_options *ro, cv_item *it, hamle_game **g)
{
	return hamle_game_parse(g, &it->chunk, ro) < 0 ? -1 : 0;
}

/* 1 when the view prints a finding of rp. */
static int has_lines(const cv_config *cfg, const hamle_replay *rp)
{
	size_t n = hamle_replay_finding_count(rp);
	for (size_t i = 0; i < n; i++)
		if (hamle_finding_shown(&cfg->view, hamle_replay_finding(rp, i)))
			return 1;
	return 0;
}

/* The lines of the game's findings (in the messages language) into it->err. -1 when out of memory. */
static int finding_lines(const cv_config *cfg, cv_worker *w, cv_item *it)
{
	if (!has_lines(cfg, w->rp))
		return 0;
	if (!w->rp_msg) {
		hamle_findings_text(&it->err, &cfg->view, w->game, w->rp);
		return 0;
	}
	/* again from the bytes: the first replay may have repaired the game's text in place */
	if (parse(&cfg->ropts_msg, it, &w->game_msg) < 0 || hamle_replay_run(w->rp_msg, w->game_msg) < 0)
		return -1;
	hamle_findings_text(&it->err, &cfg->view, w->game_msg, w->rp_msg);
	return 0;
}

/* A finding the tool itself makes (not the replay's), as its line. */
static void own_line(const cv_config *cfg, cv_item *it, const hamle_game *g, const char *id,
	hamle_severity sev, const char *token, const char *message)
{
	hamle_diagnostic d;
	memset(&d, 0, sizeof(d));
	d.id = id;
	d.severity = sev;
	d.token = (size_t)-1;
	d.side = -1;
	d.error.game = hamle_game_index(g);
	d.error.line = hamle_game_line(g);
	if (token)
		snprintf(d.error.token, sizeof(d.error.token), "%s", token);
	snprintf(d.error.message, sizeof(d.error.message), "%s", message);
	hamle_finding_text(&it->err, cfg->messages, g, &d);
}

/* --bridge: when the best bridge of the game w->rp has just replayed makes the whole game replay,
 * the game read again with the bridge written in before the move it goes before (and that move's
 * number), each of its moves followed by a comment in the output language saying it was not on
 * the scoresheet; w->rp has then replayed that game, which is returned. Else g, as it was (NULL
 * when out of memory). */
static hamle_game *bridged(const cv_config *cfg, cv_worker *w, cv_item *it, hamle_game *g)
{
	size_t n = 0, len = 0;
	const hamle_bridge *b = hamle_replay_bridges(w->rp, &n);
	if (!cfg->bridge || cfg->bridge_gaps || !b || !b[0].complete || (it->chunk.flags & HAMLE_CHUNK_OVERFLOW))
		return g;
	const char *text = hamle_game_text(g, &len);
	const hamle_token *toks = hamle_game_tokens(g);
	size_t at = b[0].token;
	if (at > 0 && toks[at - 1].kind == HAMLE_TOKEN_MOVE_NUMBER && toks[at - 1].depth == 0)
		at--;
	size_t cut = (size_t)(toks[at].text - text);
	const char *note = hamle_finding_word(cfg->popts.messages, "bridge_note", "not on the scoresheet");
	hamle_buf nb_text;
	hamle_buf_init(&nb_text);
	hamle_buf_append(&nb_text, text, cut);
	for (unsigned i = 0; i < b[0].n; i++) {
		char san[HAMLE_SAN_MAX];
		if (hamle_replay_bridge_san(w->rp, 0, i, hamle_replay_locale(w->rp), san, sizeof(san)) < 0) {
			hamle_buf_free(&nb_text);
			return g;
		}
		hamle_buf_printf(&nb_text, "%s {%s} ", san, note);
	}
	hamle_buf_append(&nb_text, text + cut, len - cut);
	if (hamle_buf_failed(&nb_text)) {
		hamle_buf_free(&nb_text);
		return NULL;
	}
	hamle_chunk ch = it->chunk;
	ch.data = (const unsigned char *)nb_text.data;
	ch.len = ch.total_len = nb_text.len;
	ch.flags &= ~(unsigned)HAMLE_CHUNK_BOM;
	hamle_reader_options ro = cfg->ropts;
	ro.encoding = HAMLE_ENCODING_UTF8; /* the decoded text */
	int rc = hamle_game_parse(&w->game_bridged, &ch, &ro);
	hamle_buf_free(&nb_text);
	if (rc < 0)
		return NULL;
	hamle_replay_set_bridge(w->rp, 0, 0);
	rc = hamle_replay_run(w->rp, w->game_bridged);
	set_bridge(cfg, w->rp);
	return rc < 0 ? NULL : w->game_bridged;
}

/* "'♘' (U+2658)": the first character of s, quoted, with its code point. */
static void char_name(char *buf, size_t size, const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned long cp = u[0];
	size_t k = 1;
	if (cp >= 0xF0)
		cp &= 0x07, k = 4;
	else if (cp >= 0xE0)
		cp &= 0x0F, k = 3;
	else if (cp >= 0xC0)
		cp &= 0x1F, k = 2;
	for (size_t i = 1; i < k; i++) {
		if ((u[i] & 0xC0) != 0x80) {
			k = i;
			break;
		}
		cp = cp << 6 | (u[i] & 0x3F);
	}
	snprintf(buf, size, "'%.*s' (U+%04lX)", (int)k, s, cp);
}

void cv_work_item(const cv_config *cfg, cv_worker *w, cv_item *it)
{
	hamle_buf_clear(&it->out);
	hamle_buf_clear(&it->err);
	it->text = NULL;
	it->text_len = 0;
	/* a --where on tags alone that leaves the game out: decided on its tags, its movetext never
	 * lexed (an undecided game is read in full below, and reported as before) */
	if (cfg->where && !cfg->select.invert && !(hamle_filter_needs(cfg->where) & HAMLE_FILTER_NEEDS_REPLAY) &&
	    hamle_select_has(&cfg->select, it->chunk.game)) {
		if (hamle_game_parse_tags(&w->game, &it->chunk, &cfg->ropts) < 0) {
			it->oom = true;
			return;
		}
		int m = hamle_filter_check(cfg->where, w->game, NULL);
		if (m == HAMLE_ENOMEM) {
			it->oom = true;
			return;
		}
		if (m == 0) {
			it->skipped = true;
			return;
		}
	}
	if (parse(&cfg->ropts, it, &w->game) < 0) {
		it->oom = true;
		return;
	}
	hamle_game *g = w->game;
	hamle_diagnostic undecided;
	/* --game first (no replay for a game it leaves out), then --where; --invert takes the rest */
	bool chosen = hamle_select_has(&cfg->select, hamle_game_index(g));
	/* an expression on the replayed game (Plies, Final...) is tested after the replay, which the
	 * conversion then uses; a game passed through (unsupported variant) has no such facts */
	bool late = chosen && cfg->where && (hamle_filter_needs(cfg->where) & HAMLE_FILTER_NEEDS_REPLAY);
	bool replayed = late && !unsupported_variant(g);
	if (replayed && hamle_replay_run(w->rp, g) < 0) {
		it->oom = true;
		return;
	}
	int m = !chosen ? 0 : replayed ? hamle_annotate_filter_check(cfg->where, w->where_an, g, w->rp, &undecided.error) :
		hamle_filter_check_facts(cfg->where, g, NULL, &undecided.error);
	if (cfg->select.invert && (m == 0 || m == 1))
		m = !m;
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
		hamle_finding_text(&it->err, cfg->messages, g, &undecided);
		it->failed = true;
		if (cfg->on_error != CV_ON_ERROR_KEEP)
			return;
	}
	hamle_writer_reset(w->w);
	if (unsupported_variant(g)) {
		if (cfg->msg->verbosity >= 0 &&
		    hamle_code_filter_keeps(&cfg->codes, "unsupported-variant", HAMLE_SEVERITY_WARNING))
			own_line(cfg, it, g, "unsupported-variant", HAMLE_SEVERITY_WARNING, hamle_game_tag(g, "Variant"),
				hamle_msg_text(cfg->msg, "passed_through", "game passed through unchanged"));
		if (hamle_writer_passthrough(w->w, g, NULL) < 0)
			it->oom = true;
	} else {
		if ((!replayed && hamle_replay_run(w->rp, g) < 0) || finding_lines(cfg, w, it) < 0) {
			it->oom = true;
			return;
		}
		if (hamle_replay_error_count(w->rp))
			it->failed = true;
		if (it->failed && cfg->on_error != CV_ON_ERROR_KEEP)
			return;
		if (it->failed && !(g = bridged(cfg, w, it, g))) {
			it->oom = true;
			return;
		}
		int written = 0;
		if (cfg->hooks && cfg->hooks->game(cfg, w->hook, it, g, w->rp, w->w, &written) < 0) {
			it->oom = true;
			return;
		}
		if (written) {
			if (hamle_buf_failed(&it->out) || hamle_buf_failed(&it->err))
				it->oom = true;
			return;
		}
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
			hamle_finding_text(&it->err, cfg->messages, g, &d);
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
		char what[64], line[24], text[HAMLE_ERROR_MESSAGE_MAX];
		char_name(what, sizeof(what), err.token);
		snprintf(line, sizeof(line), "%zu", err.line);
		const char *args[3] = {what, hamle_encoding_name(cfg->out_encoding), line};
		if (hamle_locale_format(text, sizeof(text), cfg->messages, "cannot_encode", 3, args) < 0)
			snprintf(text, sizeof(text), "%s cannot be written in %s (output line %s of the game); the game is "
				"not written", args[0], args[1], args[2]);
		own_line(cfg, it, g, "encoding", HAMLE_SEVERITY_ERROR, NULL, text);
		it->failed = true;
		return;
	}
	size_t len;
	const char *text = hamle_writer_output(w->w, &len);
	if (w->borrow && len) {
		it->text = text;
		it->text_len = len;
	} else {
		hamle_buf_append(&it->out, text, len);
	}
	/* --unique: a game that failed or was passed through has no key (never left out) */
	if (cfg->unique && !it->failed && !unsupported_variant(g))
		it->keyed = hamle_dedup_key(&it->key, g, w->rp, cfg->unique == CV_UNIQUE_POSITIONS) == 0;
	if (cfg->split_by)
		cv_split_group(cfg, g, it);
	if (hamle_buf_failed(&it->out) || hamle_buf_failed(&it->err))
		it->oom = true;
}
