/* pattern.h: the limits every PCRE2 match of the library runs under (--where filters, scoresheet
 * header patterns). A pattern that backtracks without end on a value built for it ((a+)+$ on
 * "aaaa...b") stops at a limit with PCRE2_ERROR_MATCHLIMIT, DEPTHLIMIT, HEAPLIMIT (or, for the
 * JIT-compiled header patterns, JIT_STACKLIMIT: the JIT ignores the depth limit); callers
 * report that as an error of the game, never as "no match". A match context is only read during a
 * match, so one per owner (a filter, a scoresheet wrapper) is shared safely; match data is per
 * call or per thread. */
#ifndef HAMLE_PGN_PATTERN_H
#define HAMLE_PGN_PATTERN_H

#include <stddef.h>
#include <stdint.h>

#ifndef PCRE2_CODE_UNIT_WIDTH
#define PCRE2_CODE_UNIT_WIDTH 8
#endif
#include <pcre2.h>

/* Backtracking steps of one match attempt: HAMLE_PATTERN_MATCH_LIMIT (a tenth of PCRE2's own
 * default: about 10 ms of a hopeless pattern), or HAMLE_PATTERN_STEPS_PER_BYTE per byte of a
 * longer subject, so that a linear pattern (a few steps per character) never hits it on any line
 * or value, and a backtracking one is stopped after time linear in its subject. */
#define HAMLE_PATTERN_MATCH_LIMIT 1000000u
#define HAMLE_PATTERN_STEPS_PER_BYTE 16u
/* Nested backtracking points (each repetition of a group is one or two): bounds the heap a match
 * uses to a few megabytes. */
#define HAMLE_PATTERN_DEPTH_LIMIT 10000u

/* The match limit for a subject of len bytes. */
static inline uint32_t hamle_pattern_match_limit(size_t len)
{
	if (len <= HAMLE_PATTERN_MATCH_LIMIT / HAMLE_PATTERN_STEPS_PER_BYTE)
		return HAMLE_PATTERN_MATCH_LIMIT;
	return len < UINT32_MAX / HAMLE_PATTERN_STEPS_PER_BYTE ? (uint32_t)len * HAMLE_PATTERN_STEPS_PER_BYTE
		: UINT32_MAX;
}

/* A match context with the limits for short subjects, or NULL when out of memory. */
static inline pcre2_match_context *hamle_pattern_context(void)
{
	pcre2_match_context *mc = pcre2_match_context_create(NULL);
	if (mc) {
		pcre2_set_match_limit(mc, HAMLE_PATTERN_MATCH_LIMIT);
		pcre2_set_depth_limit(mc, HAMLE_PATTERN_DEPTH_LIMIT);
	}
	return mc;
}

/* The limit a pcre2_match return code says was hit ("match limit", ...), or NULL for any other
 * code. */
static inline const char *hamle_pattern_limit(int rc)
{
	switch (rc) {
	case PCRE2_ERROR_MATCHLIMIT: return "match limit";
	case PCRE2_ERROR_DEPTHLIMIT: return "depth limit";
	case PCRE2_ERROR_HEAPLIMIT: return "heap limit";
	case PCRE2_ERROR_JIT_STACKLIMIT: return "stack limit"; /* the JIT's depth limit */
	default: return NULL;
	}
}

#endif
