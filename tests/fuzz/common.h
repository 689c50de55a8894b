/* common.h: setup shared by the fuzz harnesses. Each harness is its own executable (one
 * translation unit), so the helpers are static inline and the locales they load are each
 * harness's own. Nothing here is freed: the locales live as long as the fuzzing process. */
#ifndef HAMLE_FUZZ_COMMON_H
#define HAMLE_FUZZ_COMMON_H

#include <stdlib.h>
#include <string.h>

#include "hamle/locale.h"
#include "hamle/pgn.h"
#include "hamle/replay.h"

#define FUZZ_MAX_LOCALES 32

/* Every built-in locale (the first FUZZ_MAX_LOCALES, in hamle_locale_builtin_tag order), loaded
 * on the first call; later calls hand out the same array. *n gets the count. abort() when one
 * fails to load. */
static inline const hamle_locale *const *fuzz_locales(size_t *n)
{
	static hamle_locale *locales[FUZZ_MAX_LOCALES];
	static size_t count;
	static int done;
	if (!done) {
		done = 1;
		for (size_t i = 0; count < FUZZ_MAX_LOCALES && hamle_locale_builtin_tag(i); i++)
			if (hamle_locale_load_builtin(&locales[count++], hamle_locale_builtin_tag(i), NULL) != 0)
				abort();
	}
	*n = count;
	return (const hamle_locale *const *)locales;
}

/* The built-in locale `tag` out of fuzz_locales(); abort() when it is not among them. */
static inline const hamle_locale *fuzz_locale(const char *tag)
{
	size_t n;
	const hamle_locale *const *all = fuzz_locales(&n);
	for (size_t i = 0; i < n; i++) /* all[i] is built-in locale i: a failed load aborted */
		if (strcmp(hamle_locale_builtin_tag(i), tag) == 0)
			return all[i];
	abort();
}

/* Replay options with every built-in locale (fuzz_locales) as the candidates, the input
 * language `from` (NULL: detect per game) and the language of messages `messages` (NULL:
 * English); everything else as HAMLE_REPLAY_OPTIONS_INIT leaves it. */
static inline hamle_replay_options fuzz_replay_options(const hamle_locale *from, const hamle_locale *messages)
{
	hamle_replay_options ro = HAMLE_REPLAY_OPTIONS_INIT;
	ro.candidates = fuzz_locales(&ro.n_candidates);
	ro.from = from;
	ro.messages = messages;
	return ro;
}

/* The whole of data as one chunk: game 1 of source "fuzz", from line 1, column 1, offset 0. */
static inline hamle_chunk fuzz_whole_chunk(const void *data, size_t size)
{
	hamle_chunk c;
	memset(&c, 0, sizeof(c));
	c.data = (const unsigned char *)data;
	c.len = c.total_len = size;
	c.source = "fuzz";
	c.game = c.line = c.column = 1;
	return c;
}

#endif
