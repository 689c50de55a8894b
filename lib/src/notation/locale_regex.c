/* locale_regex.c: a locale's compiled scoresheet pattern, shared by every locale loaded through
 * one cache whose pattern has the same source text (the shipped locales all take en's): compiled
 * and JIT-compiled once instead of once per locale (half the start-up of a tool that loads them
 * all). A shipped pattern (known to compile: unit.locale compiles each) is compiled only when
 * first matched, by whichever thread asks first (a run over PGN never asks: 0.1 ms of every
 * start saved); a file's is compiled as it is loaded, to report its errors there. Compiled
 * patterns are read-only, so locales on any threads may match with one at once; the last locale
 * (or cache) to let it go frees it. */
#include <stdlib.h>
#include <string.h>

#include "notation/locale_build.h"

struct loc_regex *loc_regex_new(pcre2_code *code, const char *src, size_t len, int jit)
{
	struct loc_regex *r = malloc(sizeof(*r) + len + 1);
	if (!r)
		return NULL;
	atomic_init(&r->code, code);
	r->jit = jit;
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
	pcre2_code_free(atomic_load_explicit(&r->code, memory_order_acquire));
	free(r);
}

pcre2_code *loc_regex_compile(const char *src, size_t len, int jit, int *err, size_t *off)
{
	PCRE2_SIZE at = 0;
	pcre2_code *code = pcre2_compile((PCRE2_SPTR)src, len, PCRE2_UTF, err, &at, NULL);
	*off = (size_t)at;
	if (code && jit)
		(void)pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);
	return code;
}

const pcre2_code *hamle_loc_pattern(const struct hamle_locale *loc, int i)
{
	struct loc_regex *r = loc->pattern_own[i];
	if (!r)
		return NULL;
	pcre2_code *code = atomic_load_explicit(&r->code, memory_order_acquire);
	if (code)
		return code;
	int err;
	size_t off;
	code = loc_regex_compile(r->src, r->len, r->jit, &err, &off);
	if (!code)
		return NULL; /* out of memory (a shipped pattern compiles) */
	pcre2_code *none = NULL;
	if (!atomic_compare_exchange_strong_explicit(&r->code, &none, code, memory_order_acq_rel,
		memory_order_acquire)) {
		pcre2_code_free(code); /* another thread's came first */
		code = none;
	}
	return code;
}

bool loc_regex_same(const struct loc_regex *r, const char *src, size_t len)
{
	return r && r->len == len && memcmp(r->src, src, len) == 0;
}
