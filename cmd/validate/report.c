/* report.c: totals, the summary on stderr, and the progress line (stderr a terminal, long runs). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "validate.h"

bool vd_game_invalid(const vd_config *cfg, const vd_item *it)
{
	return it->errors > 0 || (cfg->strict && it->warnings > 0);
}

void vd_totals_add(vd_totals *t, const vd_config *cfg, const vd_item *it)
{
	size_t n = it->batch ? it->batch : 1;
	t->bytes += it->chunk.total_len;
	if (it->skipped) {
		t->skipped++;
		return;
	}
	t->games += n;
	t->quick += it->quick ? n : 0;
	if (!vd_game_invalid(cfg, it))
		t->valid += n;
	if (it->errors)
		t->with_errors++;
	if (it->warnings)
		t->with_warnings++;
	if (it->errors || it->warnings) /* a clean game counts no code: skip the table */
		for (int i = 0; i < VD_NCODES; i++)
			t->counts[i] += it->counts[i], t->errors_of[i] += it->errors_of[i];
}

/* A number as text, for the templates (they take strings). */
static const char *num(char buf[24], unsigned long long n)
{
	snprintf(buf, 24, "%llu", n);
	return buf;
}

/* "hamle-validate: 12 games, 10 valid, 1 with errors, 2 with warnings" (the messages locale's
 * summary template), then "hamle-validate: illegal-move 1, missing-tag 3" (codes found, in the
 * order of the library's table; codes are the same in every language, as --ignore takes them). */
void vd_summary(const hamle_msg *m, const vd_totals *t, const hamle_locale *msg)
{
	if (m->verbosity < 0)
		return;
	char line[1024], n[5][24];
	const char *args[5] = {num(n[0], t->games),
		t->games == 1 ? hamle_finding_word(msg, "game", "game") : hamle_finding_word(msg, "games", "games"),
		num(n[1], t->valid), num(n[2], t->with_errors), num(n[3], t->with_warnings)};
	if (hamle_locale_format(line, sizeof(line), msg, "summary", 5, args) < 0)
		snprintf(line, sizeof(line), "%s %s, %s valid, %s with errors, %s with warnings", args[0], args[1],
			args[2], args[3], args[4]);
	int len = (int)strlen(line);
	if (t->skipped) {
		char more[256];
		const char *a[1] = {num(n[4], t->skipped)};
		if (hamle_locale_format(more, sizeof(more), msg, "summary_where", 1, a) < 0)
			snprintf(more, sizeof(more), "%s more left out by --where", a[0]);
		snprintf(line + len, sizeof(line) - (size_t)len, " (%s)", more);
	}
	fprintf(m->stream, "%s: %s\n", m->prog, line);
	len = 0;
	line[0] = '\0';
	for (int i = 0; i < VD_NCODES; i++) {
		if (!t->counts[i] || !vd_code_id(i))
			continue;
		int w = snprintf(line + len, sizeof(line) - (size_t)len, "%s%s %zu", len ? ", " : "",
			vd_code_id(i), t->counts[i]);
		if (w < 0 || (size_t)w >= sizeof(line) - (size_t)len)
			break;
		len += w;
	}
	if (len)
		fprintf(m->stream, "%s: %s\n", m->prog, line);
	if (m->verbosity > 0) {
		const char *a[2] = {num(n[0], t->quick), num(n[1], t->games)};
		if (hamle_locale_format(line, sizeof(line), msg, "quick_lane", 2, a) < 0)
			snprintf(line, sizeof(line), "quick lane: %s of %s games", a[0], a[1]);
		fprintf(m->stream, "%s: %s\n", m->prog, line);
	}
}

void vd_progress_init(vd_progress *p, const hamle_msg *m)
{
	memset(p, 0, sizeof(*p));
	p->enabled = m->verbosity >= 0 && m->stream && isatty(fileno(m->stream));
	p->start = p->last = hamle_now_s();
}

#ifdef __EMSCRIPTEN__
/* The page's progress bar (web/hamle_web.c), ten times a second; stderr there is a file (never a
 * terminal), so the line's own clock p->last is free for it. */
void hamle_web_progress(size_t games, unsigned long long bytes);
#endif

/* Shown once the run has taken a second (the input is large), then four times a second. */
void vd_progress_update(vd_progress *p, const hamle_msg *m, const vd_totals *t)
{
#ifdef __EMSCRIPTEN__
	double web_now = hamle_now_s();
	if (!p->enabled && web_now - p->last >= 0.1) {
		p->last = web_now;
		hamle_web_progress(t->games, t->bytes);
	}
#endif
	if (!p->enabled || (t->games & 255) != 0)
		return;
	double tnow = hamle_now_s();
	if (tnow - p->start < 1.0 || tnow - p->last < 0.25)
		return;
	p->last = tnow;
	double mb = (double)t->bytes / 1e6;
	char line[256], n[4][24];
	snprintf(n[1], sizeof(n[1]), "%.1f", mb);
	snprintf(n[2], sizeof(n[2]), "%.1f", mb / (tnow - p->start));
	const char *args[4] = {num(n[0], t->games), n[1], n[2], num(n[3], t->with_errors)};
	if (hamle_locale_format(line, sizeof(line), m->messages, "progress", 4, args) < 0)
		snprintf(line, sizeof(line), "%s games, %s MB, %s MB/s, %s with errors", args[0], args[1], args[2],
			args[3]);
	fprintf(m->stream, "\r%s: %s\033[K", m->prog, line);
	fflush(m->stream);
	p->shown = true;
}

void vd_progress_clear(vd_progress *p, const hamle_msg *m)
{
	if (!p->shown)
		return;
	fputs("\r\033[K", m->stream);
	fflush(m->stream);
	p->shown = false;
}
