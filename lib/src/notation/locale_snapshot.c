/* locale_snapshot.c: the loader's state after the shipped en alone, kept in a locale cache so
 * that the locales built on en through it start from a copy of it instead of applying en's
 * document again: en is three quarters of the shipped documents' keys. (A shipped locale is
 * loaded from its image, locale_image.h; this serves the ones built from documents through a
 * cache: loc_load_builtin_built.) Taken only from the compiled-in en,
 * whose strings are static (locale_docs.h): the snapshot and its copies share them and copy only
 * the arrays that hold them. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "notation/locale_build.h"

struct loc_snapshot {
	struct loc_list list[L_COUNT]; /* v: malloc'd */
	struct loc_scalar scalar[S_COUNT];
	struct loc_text_entry *text;   /* malloc'd, cap_text entries */
	size_t n_text, cap_text;
	uint32_t *text_ix;             /* malloc'd, 2 * cap_text slots */
	struct loc_header_set *hdr;    /* malloc'd; keys.v malloc'd */
	size_t n_hdr;
	struct loc_mark doc_start;
};

void loc_snapshot_free(struct loc_snapshot *s)
{
	if (!s)
		return;
	for (int i = 0; i < L_COUNT; i++)
		free(s->list[i].v);
	for (size_t i = 0; i < s->n_hdr; i++)
		free(s->hdr[i].keys.v);
	for (size_t i = 0; s->text && i < s->n_text; i++)
		if (s->text[i].key_copied)
			free((char *)(uintptr_t)s->text[i].key);
	free(s->hdr);
	free(s->text);
	free(s->text_ix);
	free(s);
}

/* A copy of list `from` whose items go to malloc (arena NULL) or to *arena. */
static int copy_list(struct loc_list *to, const struct loc_list *from, struct hamle_loc_arena **arena)
{
	*to = *from;
	if (!from->v)
		return 0;
	size_t bytes = (from->n ? from->n : 1) * sizeof(*from->v);
	to->v = arena ? loc_arena_alloc(arena, bytes) : malloc(bytes);
	if (!to->v)
		return -1;
	memcpy(to->v, from->v, bytes);
	return 0;
}

/* A copy of a key of the locale's own (to malloc, arena NULL, or to *arena). */
static const char *copy_key(const struct loc_text_entry *e, struct hamle_loc_arena **arena)
{
	if (arena)
		return loc_arena_strndup(arena, e->key, e->key_len);
	char *k = malloc(e->key_len + 1);
	if (k) {
		memcpy(k, e->key, e->key_len);
		k[e->key_len] = '\0';
	}
	return k;
}

/* Copies of b's text array (n_text entries of cap_text; the keys of a locale's own copied too),
 * its index and its header sets (their key lists), to malloc or (keys, lists) *arena. */
static int copy_arrays(struct loc_text_entry **text, uint32_t **ix, struct loc_header_set **hdr,
	const struct loc_text_entry *ftext, const uint32_t *fix, size_t n_text, size_t cap_text,
	const struct loc_header_set *fhdr, size_t n_hdr, struct hamle_loc_arena **arena)
{
	*text = NULL;
	*ix = NULL;
	*hdr = NULL;
	if (cap_text) {
		*text = malloc(cap_text * sizeof(**text));
		*ix = malloc(2 * cap_text * sizeof(**ix));
		if (!*text || !*ix)
			return -1;
		memcpy(*text, ftext, cap_text * sizeof(**text));
		memcpy(*ix, fix, 2 * cap_text * sizeof(**ix));
		for (size_t i = 0; i < n_text; i++)
			(*text)[i].key_copied = 0; /* set again below as each copy is made */
		for (size_t i = 0; i < n_text; i++)
			if (ftext[i].key_copied) {
				if (!((*text)[i].key = copy_key(&ftext[i], arena)))
					return -1;
				(*text)[i].key_copied = 1;
			}
	}
	if (n_hdr) {
		*hdr = calloc(n_hdr, sizeof(**hdr));
		if (!*hdr)
			return -1;
		for (size_t i = 0; i < n_hdr; i++) {
			(*hdr)[i].tag = fhdr[i].tag;
			if (copy_list(&(*hdr)[i].keys, &fhdr[i].keys, arena) < 0)
				return -1;
		}
	}
	return 0;
}

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct loc_text_entry *)a)->key, ((const struct loc_text_entry *)b)->key);
}

int loc_snapshot_take(struct loc_snapshot **out, struct loc_build *b)
{
	struct loc_snapshot *s = calloc(1, sizeof(*s));
	*out = NULL;
	if (!s)
		return loc_nomem(b);
	/* the texts in key order, so that a locale built on them finds them sorted (loc_finish sorts
	 * only what is not): b's own first, so that en's own locale, finished from b, needs no sort
	 * either */
	if (b->n_text) {
		qsort(b->text, b->n_text, sizeof(*b->text), cmp_entry);
		loc_text_reindex(b->text, b->n_text, b->text_ix, b->cap_text);
	}
	memcpy(s->scalar, b->scalar, sizeof(s->scalar));
	s->n_text = b->n_text;
	s->cap_text = b->cap_text;
	s->n_hdr = b->n_hdr;
	s->doc_start = b->doc_start;
	int rc = copy_arrays(&s->text, &s->text_ix, &s->hdr, b->text, b->text_ix, b->n_text, b->cap_text,
		b->hdr, b->n_hdr, NULL);
	for (int i = 0; i < L_COUNT && rc == 0; i++)
		rc = copy_list(&s->list[i], &b->list[i], NULL);
	if (rc < 0) {
		if (!s->hdr)
			s->n_hdr = 0;
		loc_snapshot_free(s);
		return loc_nomem(b);
	}
	*out = s;
	return 0;
}

int loc_snapshot_restore(struct loc_build *b, const struct loc_snapshot *s)
{
	memcpy(b->scalar, s->scalar, sizeof(b->scalar));
	b->doc_start = s->doc_start;
	struct hamle_loc_arena **arena = &b->loc->arena;
	int rc = copy_arrays(&b->text, &b->text_ix, &b->hdr, s->text, s->text_ix, s->n_text, s->cap_text,
		s->hdr, s->n_hdr, arena);
	/* b owns what was allocated even on failure: load() frees text, text_ix and hdr */
	b->n_text = s->n_text;
	b->cap_text = b->text_ix ? s->cap_text : 0;
	if (!b->text_ix)
		b->n_text = 0;
	b->n_hdr = b->cap_hdr = b->hdr ? s->n_hdr : 0;
	for (int i = 0; i < L_COUNT && rc == 0; i++)
		rc = copy_list(&b->list[i], &s->list[i], arena);
	return rc < 0 ? loc_nomem(b) : 0;
}
