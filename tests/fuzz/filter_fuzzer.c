/* filter_fuzzer.c: --where expressions. The input's lines are expressions added to one filter
 * (each NUL-terminated; a rejected one must say where and why); the last line is also the value
 * of every tag the filter asks about, and the filter is matched against it and against a game
 * read from the input. Checks: error positions lie inside the expression, a match is 0 or 1 or
 * undecided (a pattern that hit its match limit, ...), and then hamle_filter_check says why; with
 * the game replayed when the filter asks (Plies, Position, Moves...), the same. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/filter.h"
#include "hamle/replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *value_of(void *payload, const char *name)
{
	return name[0] == 'Z' ? NULL : (const char *)payload; /* tags starting with Z are missing */
}

/* A filter that cannot decide on a value: a pattern hit a match limit, or failed otherwise. */
static int undecided(int m)
{
	return m == HAMLE_ELIMIT || m == HAMLE_EENCODING || m == HAMLE_ERROR;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 4096)
		return 0;
	char *buf = malloc(size + 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	hamle_filter *f = NULL;
	if (hamle_filter_new(&f) != 0)
		abort();
	char *last = buf;
	size_t added = 0;
	for (char *line = buf, *next; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		last = line;
		hamle_error err;
		hamle_error_clear(&err);
		int rc = hamle_filter_add(f, line, &err);
		if (rc == 0) {
			added++;
			continue;
		}
		size_t len = strlen(line);
		if (rc != HAMLE_EUSAGE || err.message[0] == '\0' || err.offset > len || err.column > len + 1 ||
		    !memchr(err.message, '\0', sizeof(err.message)) || !memchr(err.token, '\0', sizeof(err.token)))
			abort();
	}
	if (hamle_filter_count(f) != added)
		abort();
	int m = hamle_filter_match_fn(f, value_of, last);
	if (m != 0 && m != 1 && !undecided(m))
		abort();

	hamle_reader *r = NULL;
	if (hamle_reader_new(&r, NULL) != 0)
		abort();
	hamle_reader_set_input_buffer(r, data, size, "fuzz");
	hamle_game *g = NULL;
	if (hamle_reader_next(r, &g) == HAMLE_OK) {
		m = hamle_filter_match(f, g);
		if (m != 0 && m != 1 && !undecided(m))
			abort();
		hamle_error err;
		int c = hamle_filter_check(f, g, &err);
		if (c != m || (undecided(c) && (err.code != c || !err.message[0] || !err.token[0] ||
		                                !memchr(err.message, '\0', sizeof(err.message)))))
			abort();
		/* with the replayed game's facts (Plies, Final, Ends, the mainline's positions) */
		if (hamle_filter_needs(f) & HAMLE_FILTER_NEEDS_REPLAY) {
			hamle_replay *rp = NULL;
			if (hamle_replay_new(&rp, NULL) != 0 || hamle_replay_run(rp, g) != 0)
				abort();
			m = hamle_replay_filter_check(f, rp, g, NULL);
			if (m != 0 && m != 1 && !undecided(m))
				abort();
			hamle_replay_free(rp);
		}
	}
	hamle_game_free(g);
	hamle_reader_free(r);
	hamle_filter_free(f);
	free(buf);
	return 0;
}
