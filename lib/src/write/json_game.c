/* json_game.c: one game as one JSON object on one line (hamle-convert --to json).
 *
 *   {"source":"a.pgn","game":3,"lang":"tr","tags":{"Event":"...",...},
 *    "moves":[{"ply":1,"move_number":1,"side":"white","san":"e4","uci":"e2e4","fen":"<after>",
 *              "comments_before":[...],"comments":[...],"nags":[1],"draw_offer":true,
 *              "variations":[[{move},...],...]},...],
 *    "result":"1-0","status":"ok"|"error"|"unsupported","findings":[{...},...]}
 * "comments_before" (comments before the first move of a line), "comments", "nags", "draw_offer"
 * and "variations" appear only when present. san is written in the writer's locale. A game
 * stopped by an error lists its moves up to the error. Tags repeated in the input are all
 * written, names whole (JSON objects should not repeat keys: a repeated tag gets a key "Name#2").
 * A NAG out of range ($256 and above, kept as written) is a string in "nags": [1,"$256"].
 * With annotations (hamle-annotate) "annotations":[{"code","ply","move_number","side","severity",
 * "claim","move","automatic","plies","move_numbers","sides","fen","message"},...] follows, and
 * "annotation_tags":{"ECO","Opening","PlyCount","Zobrist"} when asked for; "result" is the board's with --fix-result.
 * With an engine analysis (hamle-annotate --engine) each mainline move has "eval":{"cp":42} or
 * {"mate":-3} (White's view, as [%eval]) and, for a judged move, "judgement":"inaccuracy",
 * "mistake" or "blunder"; "analysis_tags":{"WhiteAccuracy",...} follows "status". The engine's
 * best lines are in the PGN output only.
 * The shape flags leave out "comments"/"comments_before" (but a {(=)} draw offer), "nags",
 * "variations" and tags (the object "tags" stays, maybe empty); "status" and "findings" stay.
 * Variations nest by an explicit stack; no recursion. */
#include <stdio.h>
#include <string.h>

#include "notation/san_internal.h"
#include "hamle/san.h"
#include "write/writer_internal.h"
#include "write/annotate_internal.h"
#include "hamle/eco.h"
#include "hamle/analysis.h"

/* The characters of a JSON string, escaped, without its quotes. */
static void json_chars(hamle_writer *w, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	size_t run = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		const char *esc = NULL;
		char u[7];
		if (c == '"')
			esc = "\\\"";
		else if (c == '\\')
			esc = "\\\\";
		else if (c == '\n')
			esc = "\\n";
		else if (c == '\r')
			esc = "\\r";
		else if (c == '\t')
			esc = "\\t";
		else if (c < 0x20 || c == 0x7F) {
			u[0] = '\\', u[1] = 'u', u[2] = '0', u[3] = '0', u[4] = hex[c >> 4], u[5] = hex[c & 15], u[6] = 0;
			esc = u;
		}
		if (esc) {
			wr_put(w, s + run, i - run);
			wr_puts(w, esc);
			run = i + 1;
		}
	}
	wr_put(w, s + run, n - run);
}

void wr_json_string(hamle_writer *w, const char *s, size_t n)
{
	wr_putc(w, '"');
	json_chars(w, s, n);
	wr_putc(w, '"');
}

static void key(hamle_writer *w, int *first, const char *k)
{
	if (!*first)
		wr_putc(w, ',');
	*first = 0;
	wr_putc(w, '"');
	wr_puts(w, k);
	wr_puts(w, "\":");
}

static void kv_str(hamle_writer *w, int *first, const char *k, const char *v)
{
	key(w, first, k);
	wr_json_string(w, v, strlen(v));
}

static void kv_uint(hamle_writer *w, int *first, const char *k, unsigned long long v)
{
	key(w, first, k);
	wr_uint(w, v);
}

/* 1 when the comment is the draw offer as PGN writes it, {(=)}: kept by NO_COMMENTS. */
static int draw_comment(const hamle_token *t)
{
	const char *s = t->text;
	size_t n = t->len;
	while (n && wr_is_space(*s))
		s++, n--;
	while (n && wr_is_space(s[n - 1]))
		n--;
	return !(t->flags & HAMLE_TOKEN_LINE_COMMENT) && n == 3 && memcmp(s, "(=)", 3) == 0;
}

/* Comments (kind COMMENT) or NAGs of the line at depth d from token i up to the next move of
 * that line (variations skipped). what: 0 comments, 1 nags, 2 draw offer present (returns 1). */
static int collect(hamle_writer *w, const hamle_token *t, size_t i, size_t stop, int what, int write)
{
	int only_draws = what == 0 && (w->opts.shape & HAMLE_WRITE_NO_COMMENTS);
	int nest = 0, count = 0;
	for (size_t j = i; j < stop; j++) {
		unsigned k = t[j].kind;
		if (k == HAMLE_TOKEN_VAR_START) {
			nest++;
			continue;
		}
		if (k == HAMLE_TOKEN_VAR_END) {
			if (nest == 0)
				break;
			nest--;
			continue;
		}
		if (nest)
			continue;
		if (k == HAMLE_TOKEN_MOVE)
			break;
		if ((what == 0 && k == HAMLE_TOKEN_COMMENT && (!only_draws || draw_comment(&t[j]))) ||
		    (what == 1 && k == HAMLE_TOKEN_NAG) ||
		    (what == 2 && k == HAMLE_TOKEN_DRAW_OFFER)) {
			if (write) {
				if (count)
					wr_putc(w, ',');
				if (what == 0 || (what == 1 && (t[j].flags & HAMLE_TOKEN_OUT_OF_RANGE)))
					wr_json_string(w, t[j].text, t[j].len); /* a NAG out of range: "$256" */
				else if (what == 1)
					wr_uint(w, t[j].value);
			}
			count++;
		}
	}
	return count;
}

static void array_of(hamle_writer *w, int *first, const char *k, const hamle_token *t, size_t i, size_t stop,
	int what)
{
	if (!collect(w, t, i, stop, what, 0))
		return;
	key(w, first, k);
	wr_putc(w, '[');
	collect(w, t, i, stop, what, 1);
	wr_putc(w, ']');
}

/* Per depth: a move object open, "variations":[ open, items written in the current array. */
typedef struct jframe {
	int open_move, in_vars, items;
} jframe;

static void close_move(hamle_writer *w, jframe *jf)
{
	if (!jf->open_move)
		return;
	if (jf->in_vars)
		wr_putc(w, ']');
	wr_putc(w, '}');
	jf->open_move = 0;
	jf->in_vars = 0;
}

/* The engine analysis of the move that reached mainline ply (hamle-annotate --engine):
 * "eval":{"cp":42} or {"mate":-3} (White's view, as [%eval]) and "judgement":"inaccuracy",
 * "mistake" or "blunder". */
static void write_eval(hamle_writer *w, int *first, const hamle_analysis *ea, unsigned ply)
{
	const hamle_eval *e = hamle_analysis_eval(ea, ply);
	if (e && (e->kind == HAMLE_EVAL_CP || e->kind == HAMLE_EVAL_MATE)) {
		key(w, first, "eval");
		wr_puts(w, e->kind == HAMLE_EVAL_CP ? "{\"cp\":" : "{\"mate\":");
		if (e->value < 0)
			wr_putc(w, '-');
		wr_uint(w, (unsigned)(e->value < 0 ? -(long)e->value : e->value));
		wr_putc(w, '}');
	}
	static const char *const judge[] = {NULL, "inaccuracy", "mistake", "blunder"};
	int j = hamle_analysis_judgement(ea, ply, NULL);
	if (j > 0 && j <= HAMLE_JUDGE_BLUNDER)
		kv_str(w, first, "judgement", judge[j]);
}

/* "analysis_tags":{"WhiteAccuracy":"95.7",...}: the tags the engine analysis adds. */
static void write_analysis_tags(hamle_writer *w, int *first, const hamle_analysis *ea)
{
	key(w, first, "analysis_tags");
	wr_putc(w, '{');
	int f2 = 1;
	for (int i = 0; i < 4; i++) {
		const char *name;
		char value[32];
		if (hamle_analysis_tag(ea, i, &name, value, sizeof(value)) == 1)
			kv_str(w, &f2, name, value);
	}
	wr_putc(w, '}');
}

static int write_moves(hamle_writer *w, const hamle_game *g, const hamle_replay *rp)
{
	const hamle_analysis *ea = wr_analysis(w, g);
	const hamle_token *t = hamle_game_tokens(g);
	size_t stop = wr_stop_token(g, rp);
	w->stop_own = 0;
	enum { MAXJ = HAMLE_DEFAULT_MAX_DEPTH + 2 };
	/* JSON nesting state beside the position frames: one small record per depth */
	jframe js[MAXJ];
	size_t depth = 0, skip_depth = 0; /* variations deeper than MAXJ-1 are not written */
	wr_frame *f = wr_frame_at(w, 0);
	if (!f)
		return HAMLE_ENOMEM;
	f->cur = *hamle_replay_start(rp);
	f->last = f->cur;
	f->moved = 0;
	f->ply = 0;
	memset(&js[0], 0, sizeof(js[0]));
	size_t line_start = 0; /* first token of the current line (for comments_before) */
	char buf[256], fen[HAMLE_FEN_MAX];
	wr_putc(w, '[');
	for (size_t i = 0; i < stop && !w->oom; i++) {
		const hamle_token *k = &t[i];
		if (skip_depth) {
			if (k->kind == HAMLE_TOKEN_VAR_START)
				skip_depth++;
			else if (k->kind == HAMLE_TOKEN_VAR_END)
				skip_depth--;
			continue;
		}
		if (k->kind == HAMLE_TOKEN_MOVE) {
			jframe *jf = &js[depth];
			f = &w->stack[depth];
			hamle_move m;
			if (wr_move(w, g, rp, i, &f->cur, &m) < 0)
				break;
			close_move(w, jf);
			if (jf->items++)
				wr_putc(w, ',');
			wr_putc(w, '{');
			int first = 1;
			const struct hamle_position *pos = &f->cur;
			kv_uint(w, &first, "ply", f->ply + 1);
			kv_uint(w, &first, "move_number", pos->fullmove);
			kv_str(w, &first, "side", pos->side == HAMLE_WHITE ? "white" : "black");
			int n = san_format_legal(buf, sizeof(buf), pos, w->opts.locale, m, w->form);
			if (n < 0 || (size_t)n >= sizeof(buf))
				snprintf(buf, sizeof(buf), "%.*s", (int)k->len, k->text);
			kv_str(w, &first, "san", buf);
			n = hamle_move_uci(buf, sizeof(buf), pos, m);
			kv_str(w, &first, "uci", n >= 0 && (size_t)n < sizeof(buf) ? buf : "0000");
			f->last = f->cur;
			hamle_position_play(&f->cur, m);
			f->moved = 1;
			f->ply++;
			hamle_position_fen(fen, sizeof(fen), &f->cur, f->cur.chess960 ? HAMLE_FEN_SHREDDER : HAMLE_FEN_XFEN);
			kv_str(w, &first, "fen", fen);
			if (ea && depth == 0)
				write_eval(w, &first, ea, f->ply);
			if (jf->items == 1)
				array_of(w, &first, "comments_before", t, line_start, stop, 0);
			array_of(w, &first, "comments", t, i + 1, stop, 0);
			if (!(w->opts.shape & HAMLE_WRITE_NO_NAGS))
				array_of(w, &first, "nags", t, i + 1, stop, 1);
			if (collect(w, t, i + 1, stop, 2, 0)) {
				key(w, &first, "draw_offer");
				wr_puts(w, "true");
			}
			jf->open_move = 1;
			jf->in_vars = 0;
		} else if (k->kind == HAMLE_TOKEN_VAR_START) {
			jframe *jf = &js[depth];
			if (!jf->open_move || depth + 1 >= MAXJ || (w->opts.shape & HAMLE_WRITE_NO_VARIATIONS)) {
				skip_depth = 1; /* a variation with no move to replace: nothing to attach it to */
				continue;
			}
			if (jf->in_vars) {
				wr_putc(w, ',');
			} else {
				wr_puts(w, ",\"variations\":[");
				jf->in_vars = 1;
			}
			wr_putc(w, '[');
			wr_frame *c = wr_frame_at(w, depth + 1);
			if (!c)
				return HAMLE_ENOMEM;
			wr_frame *p = &w->stack[depth];
			c->cur = p->moved ? p->last : p->cur;
			c->last = c->cur;
			c->moved = 0;
			c->ply = p->moved ? p->ply - 1 : p->ply;
			depth++;
			memset(&js[depth], 0, sizeof(js[depth]));
			line_start = i + 1;
		} else if (k->kind == HAMLE_TOKEN_VAR_END && depth > 0) {
			close_move(w, &js[depth]);
			wr_putc(w, ']');
			depth--;
		}
	}
	for (;;) {
		close_move(w, &js[depth]);
		if (depth == 0)
			break;
		wr_putc(w, ']');
		depth--;
	}
	wr_putc(w, ']');
	return w->oom ? HAMLE_ENOMEM : 0;
}

static void write_finding(hamle_writer *w, const hamle_diagnostic *d)
{
	int first = 1;
	wr_putc(w, '{');
	kv_str(w, &first, "code", d->id ? d->id : hamle_status_id(d->error.code));
	kv_str(w, &first, "severity", d->severity == HAMLE_SEVERITY_ERROR ? "error" : "warning");
	kv_uint(w, &first, "line", d->error.line);
	kv_uint(w, &first, "column", d->error.column);
	kv_uint(w, &first, "offset", d->error.offset);
	kv_uint(w, &first, "ply", d->error.ply);
	key(w, &first, "path");
	wr_putc(w, '[');
	for (unsigned i = 0; i < d->path_len && i < HAMLE_PATH_MAX; i++) {
		if (i)
			wr_putc(w, ',');
		wr_uint(w, d->path[i]);
	}
	wr_putc(w, ']');
	if (d->move_number) {
		kv_uint(w, &first, "move_number", d->move_number);
		kv_str(w, &first, "side", d->side == HAMLE_BLACK ? "black" : "white");
	}
	kv_str(w, &first, "token", d->error.token);
	kv_str(w, &first, "message", d->error.message);
	if (d->fen[0])
		kv_str(w, &first, "fen", d->fen);
	key(w, &first, "suggestions");
	wr_putc(w, '[');
	for (unsigned i = 0; i < d->n_suggestions && i < HAMLE_MAX_SUGGESTIONS; i++) {
		int f2 = 1;
		wr_puts(w, i ? ",{" : "{");
		kv_str(w, &f2, "san", d->suggestion[i].san);
		kv_str(w, &f2, "uci", d->suggestion[i].uci);
		wr_putc(w, '}');
	}
	wr_puts(w, "]}");
}

/* "annotations":[{"code":...,"ply":...,...},...] of hamle-annotate (hamle/annotate.h), and the
 * tags it adds ("annotation_tags":{"PlyCount":"57",...}). */
static void write_annotations(hamle_writer *w, const hamle_annotator *an)
{
	int first = 0;
	key(w, &first, "annotations");
	wr_putc(w, '[');
	for (size_t i = 0; i < hamle_annotate_event_count(an); i++) {
		const hamle_annot_event *e = hamle_annotate_event(an, i);
		int f2 = 1;
		wr_puts(w, i ? ",{" : "{");
		kv_str(w, &f2, "code", e->code);
		kv_uint(w, &f2, "ply", e->ply);
		if (e->move_number) {
			kv_uint(w, &f2, "move_number", e->move_number);
			kv_str(w, &f2, "side", e->side == HAMLE_BLACK ? "black" : "white");
		}
		kv_str(w, &f2, "severity", e->severity == HAMLE_SEVERITY_WARNING ? "warning" : "note");
		if (e->claim)
			kv_str(w, &f2, "claim", e->claim == HAMLE_CLAIM_BY_MOVE ? "by-move" : "board");
		if (e->claim == HAMLE_CLAIM_BY_MOVE)
			kv_str(w, &f2, "move", e->move);
		key(w, &f2, "automatic");
		wr_puts(w, e->automatic ? "true" : "false");
		if (e->nplies) {
			/* the plies it names, and beside them each as a person counts (null: the start) */
			static const char *const arrays[3] = { "plies", "move_numbers", "sides" };
			for (int a = 0; a < 3; a++) {
				key(w, &f2, arrays[a]);
				wr_putc(w, '[');
				for (unsigned k = 0; k < e->nplies && k < 5; k++) {
					if (k)
						wr_putc(w, ',');
					if (a == 0)
						wr_uint(w, e->plies[k]);
					else if (a == 1 && e->plies_number[k])
						wr_uint(w, e->plies_number[k]);
					else if (a == 2 && e->plies_side[k] >= 0)
						wr_puts(w, e->plies_side[k] == HAMLE_BLACK ? "\"black\"" : "\"white\"");
					else
						wr_puts(w, "null");
				}
				wr_putc(w, ']');
			}
		}
		kv_str(w, &f2, "fen", e->fen);
		kv_str(w, &f2, "message", e->message);
		wr_putc(w, '}');
	}
	wr_putc(w, ']');
	const hamle_eco_entry *op = hamle_annotate_opening(an, NULL);
	unsigned fl = an->opts.flags;
	if (!op && !(fl & (HAMLE_ANNOTATE_PLYCOUNT | HAMLE_ANNOTATE_ZOBRIST)))
		return;
	key(w, &first, "annotation_tags");
	wr_putc(w, '{');
	int f3 = 1;
	if (op) {
		kv_str(w, &f3, "ECO", op->eco);
		kv_str(w, &f3, "Opening", op->name); /* the whole name; PGN splits it at ": " */
	}
	if (fl & HAMLE_ANNOTATE_PLYCOUNT)
		kv_uint(w, &f3, "PlyCount", hamle_annotate_plies(an));
	if (fl & HAMLE_ANNOTATE_ZOBRIST) {
		char k[24];
		snprintf(k, sizeof(k), "%016llx", (unsigned long long)an->final_key);
		kv_str(w, &f3, "Zobrist", k);
	}
	wr_putc(w, '}');
}

int wr_json_game(hamle_writer *w, const hamle_game *g, const hamle_replay *rp, int passthrough)
{
	int first = 1;
	wr_putc(w, '{');
	kv_str(w, &first, "source", hamle_game_source(g) ? hamle_game_source(g) : "");
	kv_uint(w, &first, "game", hamle_game_index(g));
	if (rp && hamle_replay_locale(rp) && !passthrough)
		kv_str(w, &first, "lang", hamle_locale_tag(hamle_replay_locale(rp)));
	key(w, &first, "tags");
	wr_putc(w, '{');
	size_t nt = hamle_game_tag_count(g);
	int nkept = 0;
	for (size_t i = 0; i < nt; i++) {
		const hamle_tag *tg = hamle_game_tag_at(g, i);
		if (!wr_tag_kept(w->opts.shape, tg->name))
			continue; /* --str-only, --no-tags */
		if (nkept++)
			wr_putc(w, ',');
		wr_putc(w, '"');
		json_chars(w, tg->name, strlen(tg->name)); /* whole, however long */
		unsigned rep = 1;
		for (size_t j = 0; j < i; j++)
			if (strcmp(hamle_game_tag_at(g, j)->name, tg->name) == 0)
				rep++;
		if (rep > 1) {
			wr_putc(w, '#');
			wr_uint(w, rep);
		}
		wr_puts(w, "\":");
		wr_json_string(w, tg->value, tg->value_len);
	}
	wr_putc(w, '}');
	key(w, &first, "moves");
	if (passthrough || !rp) {
		wr_puts(w, "[]");
	} else {
		int rc = write_moves(w, g, rp);
		if (rc < 0)
			return rc;
	}
	hamle_result r = hamle_game_result(g);
	const hamle_annotator *an = passthrough ? NULL : wr_annotations(w, g);
	if (annot_result_override(an) != HAMLE_RESULT_NONE)
		r = annot_result_override(an); /* --fix-result */
	kv_str(w, &first, "result", hamle_result_string(r == HAMLE_RESULT_NONE ? HAMLE_RESULT_UNKNOWN : r));
	const char *status = passthrough ? "unsupported" : "ok";
	if (!passthrough && rp && (hamle_replay_error_count(rp) || w->stop_own))
		status = "error";
	kv_str(w, &first, "status", status);
	const hamle_analysis *ea = passthrough ? NULL : wr_analysis(w, g);
	if (ea)
		write_analysis_tags(w, &first, ea);
	key(w, &first, "findings");
	wr_putc(w, '[');
	if (passthrough) {
		const char *v = hamle_game_tag(g, "Variant");
		int f2 = 1;
		wr_putc(w, '{');
		kv_str(w, &f2, "code", "unsupported-variant");
		kv_str(w, &f2, "severity", "warning");
		kv_uint(w, &f2, "line", hamle_game_line(g));
		kv_uint(w, &f2, "offset", hamle_game_offset(g));
		kv_str(w, &f2, "token", v ? v : "");
		wr_puts(w, "}]}\n");
		return w->oom ? HAMLE_ENOMEM : 0;
	}
	for (size_t i = 0; rp && i < hamle_replay_finding_count(rp); i++) {
		if (i)
			wr_putc(w, ',');
		write_finding(w, hamle_replay_finding(rp, i));
	}
	wr_putc(w, ']');
	if (an)
		write_annotations(w, an);
	wr_puts(w, "}\n");
	return w->oom ? HAMLE_ENOMEM : 0;
}
