/* annotate_clock.c: clocks and the flag (FIDE 6.9). Reads [%clk] comments (kept as they are by
 * the writer) and the TimeControl tag, and gives each move its elapsed time ([%emt], with
 * increments and the time a new period adds) and a warning where a clock runs backwards (rises by
 * more than they allow). The flag fall itself (6.9) is the verdict's (replay/ending.c). */
#include <stdio.h>
#include <string.h>

#include "replay/ending.h"
#include "write/annotate_internal.h"

/* Digits at *s as a number; -1 when none. */
static long number(const char **s, const char *end)
{
	long v = -1;
	while (*s < end && **s >= '0' && **s <= '9' && v < 100000000L) {
		v = (v < 0 ? 0 : v * 10) + (**s - '0');
		(*s)++;
	}
	return v;
}

/* "SECONDS[+INC]" into tenths; 0 on success. */
static int period(const char **s, const char *end, long *base, long *inc)
{
	long b = number(s, end);
	if (b < 0)
		return -1;
	*base = b * 10;
	*inc = 0;
	if (*s < end && **s == '+') {
		(*s)++;
		long i = number(s, end);
		if (i < 0)
			return -1;
		*inc = i * 10;
	}
	return 0;
}

void annot_tc_parse(struct annot_tc *tc, const char *v)
{
	memset(tc, 0, sizeof(*tc));
	if (!v)
		return;
	const char *s = v, *end = v + strlen(v);
	long moves = 0;
	const char *slash = memchr(s, '/', (size_t)(end - s));
	const char *colon = memchr(s, ':', (size_t)(end - s));
	if (slash && (!colon || slash < colon)) {
		moves = number(&s, end);
		if (moves <= 0 || s != slash)
			return;
		s++;
	}
	if (period(&s, end, &tc->base, &tc->inc) < 0)
		return;
	if (moves && s < end && *s == ':') {
		s++;
		const char *sl = memchr(s, '/', (size_t)(end - s));
		if (sl) /* "20/3600": the moves of the next period do not matter here */
			s = sl + 1;
		long inc2;
		if (period(&s, end, &tc->bonus, &inc2) < 0)
			tc->bonus = 0;
	}
	tc->moves = (unsigned)moves;
	tc->known = s == end || *s == ':';
}

long annot_clock(const char *s, size_t n)
{
	return replay_clock(s, n);
}

/* "1:02:03" or "0:00:05.5" */
static void clock_text(char *buf, size_t size, long t)
{
	if (t < 0)
		t = 0;
	long s = t / 10, d = t % 10;
	if (d)
		snprintf(buf, size, "%ld:%02ld:%02ld.%ld", s / 3600, s / 60 % 60, s % 60, d);
	else
		snprintf(buf, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
}

void annot_clock_ply(hamle_annotator *a, const struct annot_tc *tc, size_t k, const struct hamle_position *after)
{
	unsigned fl = a->opts.flags;
	if (!(fl & (HAMLE_ANNOTATE_EMT | HAMLE_ANNOTATE_CLOCKS)))
		return;
	const struct annot_ply *p = &a->ply[k];
	if (p->clock < 0)
		return;
	long prev = -1;
	if (k > 2 && a->ply[k - 2].clock >= 0)
		prev = a->ply[k - 2].clock;
	else if (k <= 2 && tc->known && a->start_number == 1)
		prev = tc->base; /* the side's first move of a game from move 1: its clock started at the
		                  * period's time */
	if (prev < 0)
		return;
	long emt = prev + tc->inc - p->clock;
	/* the move that completes a period brings the next period's time (before or after it is
	 * recorded, as clocks differ) */
	unsigned number = annot_ply_number(a, k);
	if (emt < 0 && tc->moves && tc->bonus && (number % tc->moves == 0 || number % tc->moves == 1))
		emt += tc->bonus;
	if (emt < 0) {
		if (!(fl & HAMLE_ANNOTATE_CLOCKS))
			return;
		hamle_annot_event *ev = annot_event(a, "clock-backwards", (unsigned)k, after);
		if (ev) {
			char b1[24], b2[24];
			ev->severity = HAMLE_SEVERITY_WARNING;
			clock_text(b1, sizeof(b1), prev);
			clock_text(b2, sizeof(b2), p->clock);
			snprintf(ev->move, sizeof(ev->move), "%s %s", b1, b2);
			annot_event_done(a, ev);
		}
		return;
	}
	if (fl & HAMLE_ANNOTATE_EMT) {
		char b[24], note[40];
		clock_text(b, sizeof(b), emt);
		int n = snprintf(note, sizeof(note), "[%%emt %s]", b);
		annot_note(a, (unsigned)k, note, (size_t)n);
	}
}
