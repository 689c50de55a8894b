/* format.c: a finding as one JSON Lines object (the text lines are common/findings/finding.c's
 * hamle_findings_text, in the messages language); the --all game record. */
#include <string.h>

#include "finding.h"
#include "json.h"
#include "validate.h"

static void json_common(hamle_json *j, const hamle_game *g, size_t game)
{
	const char *src = hamle_game_source(g);
	hamle_json_kv_string(j, "source", src ? src : "<stdin>");
	hamle_json_kv_uint(j, "game", game ? game : hamle_game_index(g));
	hamle_json_kv_string(j, "white", hamle_game_tag(g, "White"));
	hamle_json_kv_string(j, "black", hamle_game_tag(g, "Black"));
}

static void json_lang(hamle_json *j, const hamle_locale *loc)
{
	hamle_json_kv_string(j, "lang", loc ? hamle_locale_tag(loc) : NULL);
}

static void format_json(hamle_buf *b, const vd_config *cfg, const hamle_game *g, const hamle_replay *rp,
	const hamle_locale *lang, const hamle_diagnostic *f)
{
	const hamle_error *e = &f->error;
	hamle_json j;
	hamle_json_init(&j, b);
	hamle_json_object_begin(&j);
	hamle_json_kv_string(&j, "kind", "finding");
	json_common(&j, g, e->game);
	hamle_json_kv_uint(&j, "line", e->line ? e->line : hamle_game_line(g));
	hamle_json_kv_uint(&j, "column", e->column);
	hamle_json_kv_uint(&j, "offset", e->line ? e->offset : hamle_game_offset(g));
	hamle_json_kv_uint(&j, "ply", e->ply);
	hamle_json_key(&j, "path");
	hamle_json_array_begin(&j);
	for (unsigned i = 0; i < f->path_len && i < HAMLE_PATH_MAX; i++)
		hamle_json_uint(&j, f->path[i]);
	hamle_json_array_end(&j);
	hamle_json_key(&j, "move_number");
	if (f->move_number)
		hamle_json_uint(&j, f->move_number);
	else
		hamle_json_null(&j);
	hamle_json_kv_string(&j, "side", f->side == HAMLE_WHITE ? "white" : f->side == HAMLE_BLACK ? "black" : NULL);
	hamle_json_kv_string(&j, "token", e->token[0] ? e->token : NULL);
	json_lang(&j, lang);
	hamle_json_kv_string(&j, "code", f->id ? f->id : hamle_status_id(e->code));
	hamle_json_kv_string(&j, "severity", f->severity == HAMLE_SEVERITY_ERROR ? "error" : "warning");
	hamle_json_kv_string(&j, "message", e->message);
	hamle_json_kv_string(&j, "fen", f->fen[0] ? f->fen : NULL);
	hamle_json_key(&j, "suggestions");
	hamle_json_array_begin(&j);
	for (unsigned i = 0; i < f->n_suggestions && i < HAMLE_MAX_SUGGESTIONS; i++) {
		hamle_json_object_begin(&j);
		hamle_json_kv_string(&j, "san", f->suggestion[i].san);
		hamle_json_kv_string(&j, "uci", f->suggestion[i].uci);
		hamle_json_object_end(&j);
	}
	hamle_json_array_end(&j);
	size_t nb = 0;
	const hamle_bridge *br = f->id && !strcmp(f->id, "missing-moves") ? hamle_replay_bridges(rp, &nb) : NULL;
	if (br) {
		/* the moves missing: each bridge an array of moves, and the ply each starts at */
		hamle_json_key(&j, "bridges");
		hamle_json_array_begin(&j);
		for (size_t i = 0; i < nb; i++) {
			hamle_json_array_begin(&j);
			for (unsigned k = 0; k < br[i].n && k < HAMLE_BRIDGE_PLIES_MAX; k++) {
				hamle_json_object_begin(&j);
				hamle_json_kv_string(&j, "san", br[i].move[k].san);
				hamle_json_kv_string(&j, "uci", br[i].move[k].uci);
				hamle_json_object_end(&j);
			}
			hamle_json_array_end(&j);
		}
		hamle_json_array_end(&j);
		hamle_json_key(&j, "bridges_at");
		hamle_json_array_begin(&j);
		for (size_t i = 0; i < nb; i++)
			hamle_json_uint(&j, br[i].ply);
		hamle_json_array_end(&j);
	}
	hamle_json_object_end(&j);
	hamle_json_newline(&j);
	(void)cfg;
}

void vd_format_finding(hamle_buf *b, const vd_config *cfg, const hamle_game *g,
	const hamle_replay *rp, const hamle_diagnostic *f)
{
	if (cfg->format == VD_FORMAT_JSON)
		format_json(b, cfg, g, rp, rp ? hamle_replay_locale(rp) : NULL, f);
	else
		hamle_finding_text(b, cfg->messages, g, f);
}

void vd_format_duplicate(hamle_buf *b, const vd_config *cfg, const hamle_game *g, const vd_item *it,
	const hamle_diagnostic *f)
{
	if (cfg->format == VD_FORMAT_JSON)
		format_json(b, cfg, g, NULL, it->lang, f);
	else
		hamle_finding_text(b, cfg->messages, g, f);
}

/* ", 3 warnings": a count and its noun, singular (key one) or plural (key many). */
static void count_words(hamle_buf *b, const hamle_locale *msg, size_t n, const char *one, const char *many)
{
	hamle_buf_printf(b, ", %zu %s", n, n == 1 ? hamle_finding_word(msg, one, one) : hamle_finding_word(msg, many, many));
}

void vd_format_game(hamle_buf *b, const vd_config *cfg, const hamle_game *g,
	const hamle_replay *rp, const vd_item *it)
{
	bool invalid = vd_game_invalid(cfg, it);
	if (cfg->format != VD_FORMAT_JSON) {
		const hamle_locale *msg = cfg->messages;
		hamle_finding_where(b, msg, g, hamle_game_index(g), hamle_game_line(g), 0);
		hamle_buf_printf(b, ": %s", invalid ? hamle_finding_word(msg, "invalid", "invalid") :
			hamle_finding_word(msg, "valid", "valid"));
		count_words(b, msg, it->plies, "ply", "plies");
		count_words(b, msg, it->errors, "error", "errors");
		count_words(b, msg, it->warnings, "warning", "warnings");
		hamle_buf_putc(b, '\n');
		return;
	}
	hamle_json j;
	hamle_json_init(&j, b);
	hamle_json_object_begin(&j);
	hamle_json_kv_string(&j, "kind", "game");
	json_common(&j, g, hamle_game_index(g));
	hamle_json_kv_uint(&j, "line", hamle_game_line(g));
	hamle_json_kv_uint(&j, "offset", hamle_game_offset(g));
	json_lang(&j, rp ? hamle_replay_locale(rp) : it->lang);
	hamle_json_kv_string(&j, "status", invalid ? "invalid" : "valid");
	hamle_json_kv_string(&j, "result", hamle_game_tag(g, "Result"));
	hamle_json_kv_bool(&j, "chess960", rp ? hamle_replay_is_chess960(rp) != 0 : it->chess960);
	hamle_json_kv_uint(&j, "plies", it->plies);
	hamle_json_kv_uint(&j, "errors", it->errors);
	hamle_json_kv_uint(&j, "warnings", it->warnings);
	hamle_json_key(&j, "counts");
	hamle_json_object_begin(&j);
	for (int i = 0; i < VD_NCODES; i++)
		if (it->counts[i] && vd_code_id(i))
			hamle_json_kv_uint(&j, vd_code_id(i), it->counts[i]);
	hamle_json_object_end(&j);
	hamle_json_object_end(&j);
	hamle_json_newline(&j);
}
