/* locale_arena.c: memory of a locale, message templates, and loader errors. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error_internal.h"
#include "notation/locale_build.h"

struct hamle_loc_arena {
	struct hamle_loc_arena *next;
	size_t used, cap;
	max_align_t data[];
};

void *loc_arena_alloc(struct hamle_loc_arena **arena, size_t size)
{
	const size_t align = sizeof(max_align_t);
	size = (size + align - 1) / align * align;
	struct hamle_loc_arena *a = *arena;
	if (!a || a->cap - a->used < size) {
		size_t cap = size > 16384 ? size : 16384;
		struct hamle_loc_arena *n = malloc(sizeof(*n) + cap);
		if (!n)
			return NULL;
		n->next = a;
		n->used = 0;
		n->cap = cap;
		*arena = a = n;
	}
	void *p = (char *)a->data + a->used;
	a->used += size;
	return p;
}

char *loc_arena_strndup(struct hamle_loc_arena **arena, const char *s, size_t len)
{
	char *p = loc_arena_alloc(arena, len + 1);
	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

void loc_arena_free(struct hamle_loc_arena *arena)
{
	while (arena) {
		struct hamle_loc_arena *next = arena->next;
		free(arena);
		arena = next;
	}
}

int loc_fail(struct loc_build *b, const struct loc_mark *at, const char *fmt, ...)
{
	char msg[HAMLE_ERROR_MESSAGE_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	hamle_error *err = b->err;
	if (!err)
		return HAMLE_ELOCALE;
	hamle_error_clear(err);
	if (at->builtin)
		hamle_error_set(err, HAMLE_ELOCALE, "locales/%s.yaml:%zu:%zu: %s", at->source, at->line,
			at->column, msg);
	else
		hamle_error_set(err, HAMLE_ELOCALE, "%s:%zu:%zu: %s", at->source, at->line, at->column, msg);
	err->source = at->source;
	err->line = at->line;
	err->column = at->column;
	err->offset = at->offset;
	return HAMLE_ELOCALE;
}

int loc_nomem(struct loc_build *b)
{
	return hamle_error_set(b->err, HAMLE_ENOMEM, "out of memory while loading a locale");
}

/* Placeholder at t[0] == '%': returns its length and sets *arg (1-based, 0 for "%%", -1 for a
 * sequential "%s"); returns 0 when t does not start a valid placeholder. */
static size_t placeholder(const char *t, int *arg)
{
	if (t[1] == '%') {
		*arg = 0;
		return 2;
	}
	if (t[1] == 's') {
		*arg = -1;
		return 2;
	}
	if (t[1] >= '1' && t[1] <= '9' && t[2] == '$' && t[3] == 's') {
		*arg = t[1] - '0';
		return 4;
	}
	return 0;
}

int loc_template_check(const char *tmpl, unsigned *nargs, size_t *bad)
{
	unsigned seq = 0, maxpos = 0;
	/* from '%' to '%' (strchr: every text of every locale is checked at start-up) */
	for (const char *pc = strchr(tmpl, '%'); pc;) {
		size_t i = (size_t)(pc - tmpl);
		int arg;
		size_t n = placeholder(pc, &arg);
		if (n == 0 || (arg < 0 && maxpos > 0) || (arg > 0 && seq > 0)) {
			*bad = i;
			return -1;
		}
		if (arg < 0)
			seq++;
		else if ((unsigned)arg > maxpos)
			maxpos = (unsigned)arg;
		pc = strchr(pc + n, '%');
	}
	*nargs = seq > maxpos ? seq : maxpos;
	return 0;
}

int hamle_loc_expand(char *buf, size_t size, const char *tmpl, size_t nargs, const char *const *args)
{
	size_t out = 0, seq = 0;
#define PUT(ch)                                   \
	do {                                          \
		if (out + 1 < size)                       \
			buf[out] = (ch);                      \
		out++;                                    \
	} while (0)
	for (size_t i = 0; tmpl[i]; i++) {
		int arg;
		size_t n = tmpl[i] == '%' ? placeholder(tmpl + i, &arg) : 0;
		if (n == 0) {
			PUT(tmpl[i]);
			continue;
		}
		i += n - 1;
		if (arg == 0) {
			PUT('%');
			continue;
		}
		size_t k = arg < 0 ? seq++ : (size_t)(arg - 1);
		const char *s = k < nargs && args[k] ? args[k] : "";
		for (; *s; s++)
			PUT(*s);
	}
#undef PUT
	if (size > 0)
		buf[out < size ? out : size - 1] = '\0';
	return out > 0x7fffffff ? 0x7fffffff : (int)out;
}

uint32_t loc_key_hash(const char *key, size_t len)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)key[i]) * 16777619u;
	return h;
}

/* The index slot of key in ix (2 * cap slots, a power of two, so never more than half full, over
 * the entries text): the entry's own, or the free one where it goes. */
static uint32_t *index_slot(const struct loc_text_entry *text, uint32_t *ix, size_t cap,
	const char *key, size_t key_len)
{
	size_t mask = 2 * cap - 1;
	for (size_t i = loc_key_hash(key, key_len) & mask;; i = (i + 1) & mask) {
		uint32_t *slot = &ix[i];
		if (*slot == 0)
			return slot;
		const struct loc_text_entry *e = &text[*slot - 1];
		if (e->key_len == key_len && memcmp(e->key, key, key_len) == 0)
			return slot;
	}
}

static uint32_t *text_slot(struct loc_build *b, const char *key, size_t key_len)
{
	return index_slot(b->text, b->text_ix, b->cap_text, key, key_len);
}

void loc_text_reindex(const struct loc_text_entry *text, size_t n, uint32_t *ix, size_t cap)
{
	memset(ix, 0, 2 * cap * sizeof(*ix));
	for (size_t i = 0; i < n; i++)
		*index_slot(text, ix, cap, text[i].key, text[i].key_len) = (uint32_t)(i + 1);
}

/* Doubles the text array and rebuilds its index. */
static int grow_texts(struct loc_build *b)
{
	size_t cap = b->cap_text ? 2 * b->cap_text : 256;
	struct loc_text_entry *t = realloc(b->text, cap * sizeof(*t));
	if (!t)
		return loc_nomem(b);
	b->text = t;
	uint32_t *ix = calloc(2 * cap, sizeof(*ix));
	if (!ix)
		return loc_nomem(b);
	free(b->text_ix);
	b->text_ix = ix;
	b->cap_text = cap;
	loc_text_reindex(b->text, b->n_text, ix, cap);
	return 0;
}

int loc_set_text(struct loc_build *b, const char *key, size_t key_len, int key_kept, const char *text,
	size_t len, int text_kept, const struct loc_mark *at)
{
	unsigned nargs;
	size_t bad;
	if (loc_template_check(text, &nargs, &bad) < 0) {
		struct loc_mark m = *at;
		m.column += bad + 1; /* +1: the opening quote; plain scalars rarely hold a % */
		return loc_fail(b, &m, "bad placeholder in '%.*s': only %%s, %%1$s..%%9$s and %%%% are allowed",
			(int)key_len, key);
	}
	struct hamle_locale *loc = b->loc;
	if (b->n_text == b->cap_text && grow_texts(b) < 0)
		return HAMLE_ENOMEM;
	uint32_t *slot = text_slot(b, key, key_len);
	if (*slot) {
		struct loc_text_entry *e = &b->text[*slot - 1];
		if (nargs > e->nargs)
			return loc_fail(b, at, "'%.*s' uses %u argument(s) but its English text takes %u",
				(int)key_len, key, nargs, e->nargs);
		e->text = text_kept ? text : loc_arena_strndup(&loc->arena, text, len);
		return e->text ? 0 : loc_nomem(b);
	}
	struct loc_text_entry *e = &b->text[b->n_text];
	e->key = key_kept ? key : loc_arena_strndup(&loc->arena, key, key_len);
	e->key_copied = !key_kept;
	e->key_len = key_len;
	e->text = text_kept ? text : loc_arena_strndup(&loc->arena, text, len);
	e->nargs = nargs;
	if (!e->key || !e->text)
		return loc_nomem(b);
	*slot = (uint32_t)++b->n_text;
	return 0;
}
