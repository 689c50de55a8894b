/* select.h: --game N[-M][,...] and --invert on the command line of every tool that takes --where:
 * the games chosen by their number within each input (1-based, as the findings count them), and
 * the complement of what --where and --game choose together. */
#ifndef HAMLE_CLI_SELECT_H
#define HAMLE_CLI_SELECT_H

#include <stdbool.h>
#include <stddef.h>

#include "msg.h"

#define HAMLE_SELECT_MAX 64 /* ranges of one tool's --game options together */

typedef struct hamle_game_select {
	size_t lo[HAMLE_SELECT_MAX], hi[HAMLE_SELECT_MAX]; /* inclusive */
	size_t n;
	bool any;    /* some --game given */
	bool invert; /* --invert */
} hamle_game_select;

/* Adds the ranges of one --game argument ("5", "10-20", "1,3,7-9"); a bad one is noted in u
 * (usage_game). Returns 0 or -1. */
int hamle_select_add(hamle_game_select *s, const char *arg, hamle_usage *u);

/* Whether game number index (1-based in its input) is among those --game names (true without
 * --game). */
bool hamle_select_has(const hamle_game_select *s, size_t index);

/* Whether the tool needs to look at games at all beyond --game (a selection that changes nothing
 * is none). */
static inline bool hamle_select_active(const hamle_game_select *s)
{
	return s->any || s->invert;
}

#endif
