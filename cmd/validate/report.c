/* report.c: totals, the summary on stderr, and the progress line (stderr a terminal, long runs). */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "validate.h"

bool vd_game_invalid(const vd_config *cfg, const vd_item *it)
{
	return it->errors > 0 || (cfg->strict && it->warnings > 0);
}

void vd_totals_add(vd_totals *t, const vd_config *cfg, const vd_item *it)
{
	t->bytes += it->chunk.total_len;
	if (it->skipped) {
		t->skipped++;
		return;
	}
	t->games++;
	t->quick += it->quick;
	if (!vd_game_invalid(cfg, it))
		t->valid++;
	if (it->errors)
		t->with_errors++;
	if (it->warnings)
		t->with_warnings++;
	for (int i = 0; i < VD_NCODES; i++)
		t->counts[i] += it->counts[i];
}

/* "hamle-validate: 12 games, 10 valid, 1 with errors, 2 with warnings"
 * "hamle-validate: illegal-move 1, missing-tag 3"   (codes found, in a fixed order) */
void vd_summary(const hamle_msg *m, const vd_totals *t)
{
	if (m->verbosity < 0)
		return;
	char line[1024];
	int len = snprintf(line, sizeof(line), "%zu game%s, %zu valid, %zu with errors, %zu with warnings",
		t->games, t->games == 1 ? "" : "s", t->valid, t->with_errors, t->with_warnings);
	if (t->skipped && len > 0 && (size_t)len < sizeof(line))
		snprintf(line + len, sizeof(line) - (size_t)len, " (%zu more left out by --where)", t->skipped);
	fprintf(m->stream, "%s: %s\n", m->prog, line);
	len = 0;
	line[0] = '\0';
	for (int i = 0; i < VD_NCODES; i++) {
		if (!t->counts[i])
			continue;
		int w = snprintf(line + len, sizeof(line) - (size_t)len, "%s%s %zu", len ? ", " : "",
			vd_code_ids[i], t->counts[i]);
		if (w < 0 || (size_t)w >= sizeof(line) - (size_t)len)
			break;
		len += w;
	}
	if (len)
		fprintf(m->stream, "%s: %s\n", m->prog, line);
	if (m->verbosity > 0)
		fprintf(m->stream, "%s: quick lane: %zu of %zu games\n", m->prog, t->quick, t->games);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void vd_progress_init(vd_progress *p, const hamle_msg *m)
{
	memset(p, 0, sizeof(*p));
	p->enabled = m->verbosity >= 0 && m->stream && isatty(fileno(m->stream));
	p->start = p->last = now();
}

/* Shown once the run has taken a second (the input is large), then four times a second. */
void vd_progress_update(vd_progress *p, const hamle_msg *m, const vd_totals *t)
{
	if (!p->enabled || (t->games & 255) != 0)
		return;
	double tnow = now();
	if (tnow - p->start < 1.0 || tnow - p->last < 0.25)
		return;
	p->last = tnow;
	double mb = (double)t->bytes / 1e6;
	fprintf(m->stream, "\r%s: %zu games, %.1f MB, %.1f MB/s, %zu with errors\033[K", m->prog, t->games, mb,
		mb / (tnow - p->start), t->with_errors);
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
