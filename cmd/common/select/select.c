/* select.c: --game and --invert (see select.h). */
#include "select.h"

#include <stdlib.h>
#include <string.h>

/* A game number at *p (digits, 1 or more, below 10^15); *p moves past it. 0 when there is none. */
static size_t number(const char **p)
{
	size_t v = 0;
	const char *s = *p;
	while (*s >= '0' && *s <= '9' && v < 1000000000000000u)
		v = v * 10 + (size_t)(*s++ - '0');
	if (*s >= '0' && *s <= '9')
		return 0;
	*p = s;
	return v;
}

int hamle_select_add(hamle_game_select *s, const char *arg, hamle_usage *u)
{
	const char *a[1] = {arg};
	const char *p = arg;
	for (;;) {
		size_t lo = number(&p), hi = lo;
		if (lo && (*p == '-' || *p == ':')) { /* 10:20 as pgn-extract's --selectonly */
			p++;
			hi = number(&p);
		}
		if (!lo || !hi || hi < lo || s->n == HAMLE_SELECT_MAX || (*p != ',' && *p != '\0')) {
			hamle_usage_note(u, "usage_game",
				"--game wants game numbers from 1, as 5, 10-20 or 1,3,7-9 (64 ranges at most), not '%s'", 1, a);
			return -1;
		}
		s->lo[s->n] = lo;
		s->hi[s->n++] = hi;
		s->any = true;
		if (*p == '\0')
			return 0;
		p++;
	}
}

bool hamle_select_has(const hamle_game_select *s, size_t index)
{
	if (!s->any)
		return true;
	for (size_t i = 0; i < s->n; i++)
		if (index >= s->lo[i] && index <= s->hi[i])
			return true;
	return false;
}
