/* locale_texts.c: a locale's messages and words (sorted by key, their strings in one pool) and its
 * scoresheet header keys, from the loader's slots (loc_finish). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "notation/locale_build.h"

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct loc_text_entry *)a)->key, ((const struct loc_text_entry *)b)->key);
}

/* The texts sorted by key, their strings copied into one pool (the build's entries are sorted in
 * place: nothing looks them up after this). */
static int make_texts(struct loc_build *b)
{
	struct hamle_locale *loc = b->loc;
	struct loc_text_entry *e = b->text;
	/* sorted only when not in order already */
	size_t in_order = 1;
	while (in_order < b->n_text && strcmp(e[in_order - 1].key, e[in_order].key) < 0)
		in_order++;
	if (in_order < b->n_text)
		qsort(e, b->n_text, sizeof(*e), cmp_entry);
	size_t bytes = 1;
	for (size_t i = 0; i < b->n_text; i++)
		bytes += e[i].key_len + strlen(e[i].text) + 2;
	if (bytes > UINT32_MAX)
		return loc_fail(b, &b->doc_start, "messages larger than %u bytes", (unsigned)UINT32_MAX);
	struct hamle_loc_text *t = loc_arena_alloc(&loc->arena, (b->n_text + 1) * sizeof(*t));
	char *pool = loc_arena_alloc(&loc->arena, bytes);
	if (!t || !pool)
		return loc_nomem(b);
	size_t at = 0;
	pool[at++] = '\0';
	for (size_t i = 0; i < b->n_text; i++) {
		size_t tl = strlen(e[i].text);
		t[i].key = (uint32_t)at;
		memcpy(pool + at, e[i].key, e[i].key_len);
		pool[at + e[i].key_len] = '\0';
		at += e[i].key_len + 1;
		t[i].text = (uint32_t)at;
		memcpy(pool + at, e[i].text, tl + 1);
		at += tl + 1;
		t[i].nargs = e[i].nargs;
	}
	loc->text = t;
	loc->n_text = b->n_text;
	loc->text_pool = pool;
	return 0;
}

int loc_make_texts_and_headers(struct loc_build *b)
{
	struct hamle_locale *loc = b->loc;
	int rc = make_texts(b);
	if (rc < 0)
		return rc;
	size_t nh = 0;
	for (size_t i = 0; i < b->n_hdr; i++)
		nh += b->hdr[i].keys.n;
	struct hamle_loc_header *h = loc_arena_alloc(&loc->arena, (nh + 1) * sizeof(*h));
	if (!h)
		return loc_nomem(b);
	size_t k = 0;
	for (size_t i = 0; i < b->n_hdr; i++)
		for (size_t j = 0; j < b->hdr[i].keys.n; j++) {
			const struct loc_item *it = &b->hdr[i].keys.v[j];
			if (it->len == 0)
				return loc_fail(b, &it->at, "empty header key");
			h[k++] = (struct hamle_loc_header){it->text, it->len, b->hdr[i].tag, j == 0};
		}
	loc->header = h;
	loc->n_header = k;
	return 0;
}
