/* finding.c: one replay finding as a GNU-style text line (see finding.h). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "finding.h"

const char *hamle_finding_word(const hamle_locale *messages, const char *key, const char *fallback)
{
	const char *w = hamle_locale_message(messages, key);
	return w && w[0] ? w : fallback;
}

static const char *tag_or(const hamle_game *g, const char *name, const char *fallback)
{
	const char *v = hamle_game_tag(g, name);
	return v && v[0] ? v : fallback;
}

/* "illegal move" for "illegal-move", or the locale's code_illegal_move, into buf. */
static void make_label(char *buf, size_t size, const hamle_locale *messages, const char *id)
{
	char key[64] = "code_";
	size_t k = 5;
	for (const char *s = id; *s && k + 1 < sizeof(key); s++)
		key[k++] = *s == '-' ? '_' : *s;
	key[k] = '\0';
	const char *w = hamle_locale_message(messages, key);
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

/* "; did you mean Ad2?", "Ad2 or Ae5", "Ad2, Ae5 or Af4" inside the did_you_mean template. */
static void append_suggestions(hamle_buf *b, const hamle_locale *messages, const hamle_diagnostic *f)
{
	char list[HAMLE_MAX_SUGGESTIONS * (HAMLE_SAN_TEXT_MAX + 16)];
	size_t len = 0;
	const char *sep = hamle_finding_word(messages, "list_separator", ", ");
	const char *or = hamle_finding_word(messages, "or", " or ");
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
	int n = hamle_locale_format(text, sizeof(text), messages, "did_you_mean", 1, args);
	if (n < 0)
		snprintf(text, sizeof(text), "did you mean %s?", list);
	hamle_buf_puts(b, "; ");
	hamle_buf_puts(b, text);
}

void hamle_finding_where(hamle_buf *b, const hamle_locale *messages, const hamle_game *g, size_t game,
	size_t line, size_t column)
{
	const char *src = hamle_game_source(g);
	hamle_buf_puts(b, src ? src : "<stdin>");
	hamle_buf_printf(b, ":%zu", line ? line : hamle_game_line(g));
	if (line && column)
		hamle_buf_printf(b, ":%zu", column);
	hamle_buf_printf(b, ": %s %zu (%s - %s)", hamle_finding_word(messages, "game", "game"),
		game ? game : hamle_game_index(g), tag_or(g, "White", "?"), tag_or(g, "Black", "?"));
}

/* The line of f; count > 1 adds "(N times in this game)", fen the position before the move. */
static void finding_line(hamle_buf *b, const hamle_locale *messages, const hamle_game *g,
	const hamle_diagnostic *f, size_t count, bool fen)
{
	const hamle_error *e = &f->error;
	hamle_finding_where(b, messages, g, e->game, e->line, e->column);
	if (f->move_number)
		hamle_buf_printf(b, ", %s %u%s", hamle_finding_word(messages, "move", "move"), f->move_number,
			f->side == HAMLE_BLACK ? "..." : ".");
	if (e->ply) {
		hamle_buf_printf(b, " (%s %u", hamle_finding_word(messages, "ply", "ply"), e->ply);
		if (f->path_len) {
			hamle_buf_printf(b, ", %s ", hamle_finding_word(messages, "variation", "variation"));
			for (unsigned i = 0; i < f->path_len && i < HAMLE_PATH_MAX; i++)
				hamle_buf_printf(b, i ? ".%u" : "%u", f->path[i]);
		}
		hamle_buf_putc(b, ')');
	}
	hamle_buf_puts(b, ": ");
	if (f->severity == HAMLE_SEVERITY_WARNING) {
		hamle_buf_puts(b, hamle_finding_word(messages, "warning", "warning"));
		hamle_buf_puts(b, ": ");
	}
	char label[96];
	/* the language the game reads further in goes after the suggestions */
	size_t at = f->reads_as_at && f->reads_as_at < strlen(e->message) ? f->reads_as_at : 0;
	make_label(label, sizeof(label), messages, f->id ? f->id : hamle_status_id(e->code));
	if (e->message[0] && !e->token[0] && starts_with_ascii_ci(e->message, label)) {
		hamle_buf_puts(b, e->message); /* "missing tag Round": the label would say it twice */
	} else {
		hamle_buf_puts(b, label);
		if (e->token[0])
			hamle_buf_printf(b, " '%s'", e->token);
		if (e->message[0]) {
			hamle_buf_puts(b, ": ");
			if (at)
				hamle_buf_printf(b, "%.*s", (int)at, e->message);
			else
				hamle_buf_puts(b, e->message);
		}
	}
	if (f->n_suggestions)
		append_suggestions(b, messages, f);
	if (at)
		hamle_buf_puts(b, e->message + at); /* " (the game reads as German: --from de)" */
	if (count > 1) {
		char n[24], text[128];
		snprintf(n, sizeof(n), "%zu", count);
		const char *args[1] = {n};
		if (hamle_locale_format(text, sizeof(text), messages, "repeated", 1, args) < 0)
			snprintf(text, sizeof(text), "(%s times in this game)", n);
		hamle_buf_putc(b, ' ');
		hamle_buf_puts(b, text);
	}
	if (fen && f->fen[0])
		hamle_buf_printf(b, " [FEN \"%s\"]", f->fen);
	hamle_buf_putc(b, '\n');
}

void hamle_finding_text(hamle_buf *b, const hamle_locale *messages, const hamle_game *g,
	const hamle_diagnostic *f)
{
	finding_line(b, messages, g, f, 1, false);
}

bool hamle_finding_shown(const hamle_finding_view *v, const hamle_diagnostic *f)
{
	if (f->severity == HAMLE_SEVERITY_ERROR)
		return true;
	bool bridge = v->bridges && f->id && strcmp(f->id, "missing-moves") == 0;
	return (v->warnings || bridge) && hamle_code_filter_keeps(v->codes, f->id ? f->id : hamle_status_id(f->error.code),
		f->severity);
}

void hamle_findings_text(hamle_buf *b, const hamle_finding_view *v, const hamle_game *g,
	const hamle_replay *rp)
{
	size_t n = hamle_replay_finding_count(rp), count[HAMLE_CLI_MAX_CODES] = {0};
	uint64_t done = 0;
	/* how often each warning code comes up, to print it once with its count */
	for (size_t i = 0; i < n; i++) {
		const hamle_diagnostic *f = hamle_replay_finding(rp, i);
		int k = f->severity == HAMLE_SEVERITY_WARNING ? hamle_code_index(f->id) : -1;
		if (k >= 0 && hamle_finding_shown(v, f))
			count[k]++;
	}
	for (size_t i = 0; i < n; i++) {
		const hamle_diagnostic *f = hamle_replay_finding(rp, i);
		if (!hamle_finding_shown(v, f))
			continue;
		int k = f->severity == HAMLE_SEVERITY_WARNING ? hamle_code_index(f->id) : -1;
		if (k >= 0) {
			uint64_t bit = (uint64_t)1 << k;
			if (done & bit)
				continue;
			done |= bit;
		}
		finding_line(b, v->messages, g, f, k >= 0 ? count[k] : 1, v->fen);
		hamle_diagram_finding(b, v->diagram, v->messages, g, rp, f);
	}
}

void hamle_diagnostic_of_error(hamle_diagnostic *d)
{
	hamle_error e = d->error;
	memset(d, 0, sizeof(*d));
	d->error = e;
	d->id = hamle_status_id(e.code);
	d->severity = HAMLE_SEVERITY_ERROR;
	d->token = (size_t)-1;
	d->side = -1;
}
