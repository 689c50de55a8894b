/* locale_regex.c: a locale's compiled scoresheet pattern, shared by every locale loaded through
 * one cache whose pattern has the same source text (the shipped locales all take en's): compiled
 * and JIT-compiled once instead of once per locale (half the start-up of a tool that loads them
 * all). Compiled patterns are read-only, so locales on any threads may match with one at once;
 * the last locale (or cache) to let it go frees it. */
#include <stdlib.h>
#include <string.h>

#include "notation/locale_build.h"

struct loc_regex *loc_regex_new(pcre2_code *code, const char *src, size_t len)
{
	struct loc_regex *r = malloc(sizeof(*r) + len + 1);
	if (!r)
		return NULL;
	r->code = code;
	r->len = len;
	memcpy(r->src, src, len);
	r->src[len] = '\0';
	atomic_init(&r->refs, 1);
	return r;
}

struct loc_regex *loc_regex_ref(struct loc_regex *r)
{
	atomic_fetch_add_explicit(&r->refs, 1, memory_order_relaxed);
	return r;
}

void loc_regex_unref(struct loc_regex *r)
{
	if (!r || atomic_fetch_sub_explicit(&r->refs, 1, memory_order_acq_rel) != 1)
		return;
	pcre2_code_free(r->code);
	free(r);
}

bool loc_regex_same(const struct loc_regex *r, const char *src, size_t len)
{
	return r && r->len == len && memcmp(r->src, src, len) == 0;
}
