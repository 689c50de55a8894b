/* format.c: a finding as one GNU-style text line or one JSON Lines object; the --all game record.
 *
 * Text:  FILE:LINE:COLUMN: game N (White - Black), move M... (ply P): illegal move 'Af3': no knight
 *        can reach f3; did you mean Ad2?
 * Warnings put "warning: " before the label (as compilers do, which editors' error parsers know).
 * The words come from the --lang locale (keys game, move, ply, variation, did_you_mean, or,
 * list_separator, code_<id>); a key the locale lacks falls back to the English text. */
#include <stdio.h>
#include <string.h>

#include "json.h"
#include "validate.h"

static const char *word(const vd_config *cfg, const char *key, const char *fallback)
{
	const char *w = hamle_locale_message(cfg->messages, key);
	return w && w[0] ? w : fallback;
}

static const char *tag_or(const hamle_game *g, const char *name, const char *fallback)
{
	const char *v = hamle_game_tag(g, name);
	return v && v[0] ? v : fallback;
}

/* "illegal move" for "illegal-move", or the locale's code_illegal_move, into buf. */
static void make_label(char *buf, size_t size, const vd_config *cfg, const char *id)
{
	char key[64] = "code_";
	size_t k = 5;
	for (const char *s = id; *s && k + 1 < sizeof(key); s++)
		key[k++] = *s == '-' ? '_' : *s;
	key[k] = '\0';
	const char *w = hamle_locale_message(cfg->messages, key);
	if (w && w[0]) {
		snprintf(buf, size, "%s", w);
		return;
	}
	size_t n = 0;
	for (const char *s = id; *s && n + 1 < size; s++)
		buf[n++] = *s == '-' ? ' ' : *s;
	buf[n] = '\0';
}

/* True when text starts with prefix, ASCII letters compared without case. */
static bool starts_with_ascii_ci(const char *text, const char *prefix)
{
	for (; *prefix; text++, prefix++) {
		char a = *text, b = *prefix;
		if (a >= 'A' && a <= 'Z')
			a = (char)(a - 'A' + 'a');
		if (b >= 'A' && b <= 'Z')
			b = (char)(b - 'A' + 'a');
		if (a != b)
			return false;
	}
	return true;
}

/* "Ad2", "Ad2 or Ae5", "Ad2, Ae5 or Af4" inside the did_you_mean template. */
static void append_suggestions(hamle_buf *b, const vd_config *cfg, const hamle_diagnostic *f)
{
	char list[HAMLE_MAX_SUGGESTIONS * (HAMLE_SAN_TEXT_MAX + 16)];
	size_t len = 0;
	const char *sep = word(cfg, "list_separator", ", "), *or = word(cfg, "or", " or ");
	list[0] = '\0';
	for (unsigned i = 0; i < f->n_suggestions && i < HAMLE_MAX_SUGGESTIONS; i++) {
		const char *join = i == 0 ? "" : i + 1 == f->n_suggestions ? or : sep;
		int w = snprintf(list + len, sizeof(list) - len, "%s%s", join, f->suggestion[i].san);
		if (w < 0 || (size_t)w >= sizeof(list) - len)
			break;
		len += (size_t)w;
	}
	char text[sizeof(list) + 64];
	const char *args[1] = {list};
	int n = hamle_locale_format(text, sizeof(text), cfg->messages, "did_you_mean", 1, args);
	if (n < 0)
		snprintf(text, sizeof(text), "did you mean %s?", list);
	hamle_buf_puts(b, "; ");
	hamle_buf_puts(b, text);
}

static void append_where(hamle_buf *b, const vd_config *cfg, const hamle_game *g, size_t game,
	size_t line, size_t column)
{
	const char *src = hamle_game_source(g);
	hamle_buf_puts(b, src ? src : "<stdin>");
	hamle_buf_printf(b, ":%zu", line ? line : hamle_game_line(g));
	if (line && column)
		hamle_buf_printf(b, ":%zu", column);
	hamle_buf_printf(b, ": %s %zu (%s - %s)", word(cfg, "game", "game"), game ? game : hamle_game_index(g),
		tag_or(g, "White", "?"), tag_or(g, "Black", "?"));
}

static void format_text(hamle_buf *b, const vd_config *cfg, const hamle_game *g, const hamle_diagnostic *f)
{
	const hamle_error *e = &f->error;
	append_where(b, cfg, g, e->game, e->line, e->column);
	if (f->move_number)
		hamle_buf_printf(b, ", %s %u%s", word(cfg, "move", "move"), f->move_number,
			f->side == HAMLE_BLACK ? "..." : ".");
	if (e->ply) {
		hamle_buf_printf(b, " (%s %u", word(cfg, "ply", "ply"), e->ply);
		if (f->path_len) {
			hamle_buf_printf(b, ", %s ", word(cfg, "variation", "variation"));
			for (unsigned i = 0; i < f->path_len && i < HAMLE_PATH_MAX; i++)
				hamle_buf_printf(b, i ? ".%u" : "%u", f->path[i]);
		}
		hamle_buf_putc(b, ')');
	}
	hamle_buf_puts(b, ": ");
	if (f->severity == HAMLE_SEVERITY_WARNING)
		hamle_buf_puts(b, "warning: ");
	char label[96];
	make_label(label, sizeof(label), cfg, f->id ? f->id : hamle_status_id(e->code));
	if (e->message[0] && !e->token[0] && starts_with_ascii_ci(e->message, label)) {
		hamle_buf_puts(b, e->message); /* "missing tag Round": the label would say it twice */
	} else {
		hamle_buf_puts(b, label);
		if (e->token[0])
			hamle_buf_printf(b, " '%s'", e->token);
		if (e->message[0]) {
			hamle_buf_puts(b, ": ");
			hamle_buf_puts(b, e->message);
		}
	}
	if (f->n_suggestions)
		append_suggestions(b, cfg, f);
	hamle_buf_putc(b, '\n');
}

static void json_common(hamle_json *j, const hamle_game *g, size_t game)
{
	const char *src = hamle_game_source(g);
	hamle_json_kv_string(j, "source", src ? src : "<stdin>");
	hamle_json_kv_uint(j, "game", game ? game : hamle_game_index(g));
	hamle_json_kv_string(j, "white", hamle_game_tag(g, "White"));
	hamle_json_kv_string(j, "black", hamle_game_tag(g, "Black"));
}

static void json_lang(hamle_json *j, const hamle_replay *rp)
{
	const hamle_locale *loc = hamle_replay_locale(rp);
	hamle_json_kv_string(j, "lang", loc ? hamle_locale_tag(loc) : NULL);
}

static void format_json(hamle_buf *b, const vd_config *cfg, const hamle_game *g, const hamle_replay *rp,
	const hamle_diagnostic *f)
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
	json_lang(&j, rp);
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
	hamle_json_object_end(&j);
	hamle_json_newline(&j);
	(void)cfg;
}

void vd_format_finding(hamle_buf *b, const vd_config *cfg, const hamle_game *g,
	const hamle_replay *rp, const hamle_diagnostic *f)
{
	if (cfg->format == VD_FORMAT_JSON)
		format_json(b, cfg, g, rp, f);
	else
		format_text(b, cfg, g, f);
}

void vd_format_game(hamle_buf *b, const vd_config *cfg, const hamle_game *g,
	const hamle_replay *rp, const vd_item *it)
{
	bool invalid = vd_game_invalid(cfg, it);
	if (cfg->format != VD_FORMAT_JSON) {
		append_where(b, cfg, g, hamle_game_index(g), hamle_game_line(g), 0);
		hamle_buf_printf(b, ": %s, %u %s, %zu error%s, %zu warning%s\n", invalid ? "invalid" : "valid",
			it->plies, word(cfg, "plies", "plies"), it->errors, it->errors == 1 ? "" : "s", it->warnings,
			it->warnings == 1 ? "" : "s");
		return;
	}
	hamle_json j;
	hamle_json_init(&j, b);
	hamle_json_object_begin(&j);
	hamle_json_kv_string(&j, "kind", "game");
	json_common(&j, g, hamle_game_index(g));
	hamle_json_kv_uint(&j, "line", hamle_game_line(g));
	hamle_json_kv_uint(&j, "offset", hamle_game_offset(g));
	json_lang(&j, rp);
	hamle_json_kv_string(&j, "status", invalid ? "invalid" : "valid");
	hamle_json_kv_string(&j, "result", hamle_game_tag(g, "Result"));
	hamle_json_kv_bool(&j, "chess960", hamle_replay_is_chess960(rp) != 0);
	hamle_json_kv_uint(&j, "plies", it->plies);
	hamle_json_kv_uint(&j, "errors", it->errors);
	hamle_json_kv_uint(&j, "warnings", it->warnings);
	hamle_json_key(&j, "counts");
	hamle_json_object_begin(&j);
	for (int i = 0; i < VD_NCODES; i++)
		if (it->counts[i])
			hamle_json_kv_uint(&j, vd_code_ids[i], it->counts[i]);
	hamle_json_object_end(&j);
	hamle_json_object_end(&j);
	hamle_json_newline(&j);
}
