/* hooks.c: hamle-annotate's step in each game (see annotate.h): annotate, attach the annotations
 * to the writer, and say what changed (--report) or what happened (--format json). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"
#include "finding.h"
#include "json.h"

/* A worker's state: its annotator, and its engine (--engine) */
struct an_worker {
	hamle_annotator *a;
	struct an_engine_worker *ew;
};

static void worker_free(void *state)
{
	struct an_worker *aw = state;
	if (!aw)
		return;
	hamle_annotator_free(aw->a);
	an_engine_worker_free(aw->ew);
	free(aw);
}

static void *worker_new(const cv_config *cfg)
{
	const an_config *ac = cfg->tool;
	struct an_worker *aw = calloc(1, sizeof(*aw));
	if (!aw || hamle_annotator_new(&aw->a, &ac->aopts) < 0 ||
	    (ac->eng.path && !(aw->ew = an_engine_worker_new(&ac->eng)))) {
		worker_free(aw);
		return NULL;
	}
	return aw;
}

/* The event as a finding line (GNU style, as hamle-validate's). */
static void event_line(hamle_buf *b, const cv_config *cfg, const hamle_game *g, const hamle_annot_event *ev,
	const char *extra)
{
	hamle_diagnostic d;
	memset(&d, 0, sizeof(d));
	d.id = ev->code;
	d.severity = ev->severity;
	d.token = ev->token;
	d.side = ev->side;
	d.move_number = ev->move_number;
	d.error.game = hamle_game_index(g);
	d.error.line = ev->line;
	d.error.column = ev->column;
	d.error.ply = ev->ply;
	snprintf(d.error.message, sizeof(d.error.message), "%s%s", ev->message, extra ? extra : "");
	hamle_finding_text(b, cfg->messages, g, &d);
	/* --diagram: the board the event is about (after its move, which is the last move shown) */
	hamle_position *pos = NULL;
	if (cfg->diagram.on && ev->fen[0] && hamle_position_new(&pos, ev->fen, NULL) == HAMLE_OK) {
		char last[HAMLE_SAN_TEXT_MAX] = "";
		if (ev->token != (size_t)-1)
			hamle_diagram_token_text(last, sizeof(last), g, ev->token);
		hamle_diagram_text(b, &cfg->diagram, cfg->messages, pos, last, "", HAMLE_NO_SQUARE, HAMLE_NO_SQUARE);
	}
	hamle_position_free(pos);
}

static void event_json(hamle_buf *b, const hamle_game *g, const hamle_annot_event *ev)
{
	hamle_json j;
	hamle_json_init(&j, b);
	hamle_json_object_begin(&j);
	hamle_json_kv_string(&j, "kind", "annotation");
	const char *src = hamle_game_source(g);
	hamle_json_kv_string(&j, "source", src ? src : "<stdin>");
	hamle_json_kv_uint(&j, "game", hamle_game_index(g));
	hamle_json_kv_string(&j, "white", hamle_game_tag(g, "White"));
	hamle_json_kv_string(&j, "black", hamle_game_tag(g, "Black"));
	hamle_json_kv_uint(&j, "line", ev->line);
	hamle_json_kv_uint(&j, "column", ev->column);
	hamle_json_kv_uint(&j, "ply", ev->ply);
	hamle_json_key(&j, "move_number");
	if (ev->move_number)
		hamle_json_uint(&j, ev->move_number);
	else
		hamle_json_null(&j);
	hamle_json_kv_string(&j, "side", ev->side == HAMLE_WHITE ? "white" : ev->side == HAMLE_BLACK ? "black" : NULL);
	hamle_json_kv_string(&j, "code", ev->code);
	hamle_json_kv_string(&j, "severity", ev->severity == HAMLE_SEVERITY_WARNING ? "warning" : "note");
	hamle_json_kv_string(&j, "claim", ev->claim == HAMLE_CLAIM_BOARD ? "board" :
		ev->claim == HAMLE_CLAIM_BY_MOVE ? "by-move" : NULL);
	hamle_json_key(&j, "automatic");
	hamle_json_bool(&j, ev->automatic);
	if (ev->claim == HAMLE_CLAIM_BY_MOVE)
		hamle_json_kv_string(&j, "move", ev->move);
	if (ev->nplies) {
		hamle_json_key(&j, "plies");
		hamle_json_array_begin(&j);
		for (unsigned i = 0; i < ev->nplies; i++)
			hamle_json_uint(&j, ev->plies[i]);
		hamle_json_array_end(&j);
		/* beside them, each as a person counts: move number and side (null: the start position) */
		hamle_json_key(&j, "move_numbers");
		hamle_json_array_begin(&j);
		for (unsigned i = 0; i < ev->nplies; i++) {
			if (ev->plies_number[i])
				hamle_json_uint(&j, ev->plies_number[i]);
			else
				hamle_json_null(&j);
		}
		hamle_json_array_end(&j);
		hamle_json_key(&j, "sides");
		hamle_json_array_begin(&j);
		for (unsigned i = 0; i < ev->nplies; i++) {
			if (ev->plies_side[i] == HAMLE_WHITE || ev->plies_side[i] == HAMLE_BLACK)
				hamle_json_string(&j, ev->plies_side[i] == HAMLE_WHITE ? "white" : "black");
			else
				hamle_json_null(&j);
		}
		hamle_json_array_end(&j);
	}
	if (strcmp(ev->code, "result-mismatch") == 0 || strcmp(ev->code, "flag-fall") == 0) {
		hamle_json_kv_string(&j, "result", hamle_result_string(ev->result));
		hamle_json_kv_string(&j, "board", hamle_result_string(ev->board));
	}
	hamle_json_kv_string(&j, "fen", ev->fen);
	hamle_json_kv_string(&j, "message", ev->message);
	hamle_json_object_end(&j);
	hamle_json_newline(&j);
}

/* --report: each move whose marks the writer corrects (the replay's check-mark and capture-mark
 * findings), with the move as written out. */
static void mark_lines(const cv_config *cfg, cv_item *it, const hamle_game *g, const hamle_replay *rp)
{
	const hamle_replay_move *mv = hamle_replay_moves(rp);
	for (size_t i = 0; i < hamle_replay_finding_count(rp); i++) {
		const hamle_diagnostic *f = hamle_replay_finding(rp, i);
		if (strcmp(f->id, "check-mark") != 0 && strcmp(f->id, "capture-mark") != 0)
			continue;
		if (!mv || f->token == (size_t)-1 || !(mv[f->token].flags & HAMLE_RM_MOVE) || !f->fen[0])
			continue;
		hamle_position *pos = NULL;
		char san[HAMLE_SAN_MAX];
		if (hamle_position_new(&pos, f->fen, NULL) < 0 ||
		    hamle_san_format(san, sizeof(san), pos, cfg->wopts.locale, mv[f->token].move,
			cfg->wopts.format == HAMLE_WRITE_FIDE ? HAMLE_FORM_FIDE : HAMLE_FORM_SAN) < 0) {
			hamle_position_free(pos);
			continue;
		}
		hamle_position_free(pos);
		hamle_diagnostic d = *f;
		d.severity = 0;
		char text[HAMLE_ERROR_MESSAGE_MAX];
		const char *args[1] = { san };
		if (hamle_locale_format(text, sizeof(text), cfg->messages, "annotations.written", 1, args) < 0)
			snprintf(text, sizeof(text), "written %s", san);
		size_t l = strlen(d.error.message);
		snprintf(d.error.message + l, sizeof(d.error.message) - l, "; %s", text);
		d.n_suggestions = 0;
		hamle_finding_text(&it->err, cfg->messages, g, &d);
		hamle_diagram_finding(&it->err, &cfg->diagram, cfg->messages, g, rp, &d);
	}
}

static int game(const cv_config *cfg, void *state, cv_item *it, const hamle_game *g, const hamle_replay *rp,
	hamle_writer *w, int *written)
{
	const an_config *ac = cfg->tool;
	struct an_worker *aw = state;
	hamle_annotator *a = aw->a;
	if (hamle_annotate_game(a, g, rp) < 0)
		return -1;
	hamle_writer_annotate(w, a);
	if (aw->ew && !ac->json && an_engine_game(&ac->eng, cfg, aw->ew, it, g, rp, w) < 0)
		return -1;
	size_t n = hamle_annotate_event_count(a);
	if (ac->json) {
		for (size_t i = 0; i < n; i++)
			event_json(&it->out, g, hamle_annotate_event(a, i));
		*written = 1;
		return 0;
	}
	if (!ac->report)
		return 0;
	if (ac->aopts.flags & HAMLE_ANNOTATE_MARKS) /* --no-marks: none corrected */
		mark_lines(cfg, it, g, rp);
	int fix = (ac->aopts.flags & HAMLE_ANNOTATE_FIX_RESULT) != 0;
	for (size_t i = 0; i < n; i++) {
		const hamle_annot_event *ev = hamle_annotate_event(a, i);
		char extra[96] = "";
		if (fix && strcmp(ev->code, "result-mismatch") == 0) {
			char text[80];
			const char *args[1] = { hamle_result_string(ev->board) };
			if (hamle_locale_format(text, sizeof(text), cfg->messages, "annotations.result_fixed", 1, args) < 0)
				snprintf(text, sizeof(text), "Result written %s", args[0]);
			snprintf(extra, sizeof(extra), "; %s", text);
		}
		event_line(&it->err, cfg, g, ev, extra);
	}
	return 0;
}

const cv_hooks an_hooks = { worker_new, worker_free, game };
