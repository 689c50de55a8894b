/* quick_tags.h: the tags of a plain game for the quick lane (quick.c), read straight from the
 * chunk (quick_tags.c). */
#ifndef HAMLE_REPLAY_QUICK_TAGS_H
#define HAMLE_REPLAY_QUICK_TAGS_H

#include <stddef.h>

/* The tags of a plain game, read straight from the chunk (no decoding, no lexer): only the strict
 * form `[Name "value"]`, a name of ASCII letters, digits and '_' starting with a capital, a value of
 * printable ASCII without '"' or '\\', blanks and line ends between; anything else (escapes, other
 * bytes, comments, a name or value at the length limit) gives up. The first FEN and Variant values
 * are kept for the lane to set the start up from (quick_lane.c). */
struct quick_tags {
	unsigned roster;        /* Seven Tag Roster names present, bit per name (as replay.c) */
	const char *result;     /* the first Result value */
	size_t result_len;
	const char *fen;        /* the first FEN value, NULL when none */
	size_t fen_len;
	const char *variant;    /* the first Variant value, NULL when none */
	size_t variant_len;
	int forfeit;            /* the first Termination value is "time forfeit" (6.9) */
};

/* Returns where the movetext starts, or 0 to give up. *wide is set when a value holds a byte from
 * 0x80 (read on, as the caller must decode the tags: a name in UTF-8, "Grünfeld"). */
size_t replay_quick_tags(const char *s, size_t n, size_t max, struct quick_tags *qt, int *wide);

#endif
