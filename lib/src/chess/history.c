/* history.c: positions seen along one line of play, for threefold and fivefold repetition. */
#include <stdlib.h>
#include <string.h>

#include "chess/position_internal.h"
#include "hamle/rules.h"

struct hamle_history {
	uint64_t *key; /* repetition key of each position, one per ply */
	size_t n, cap;
};

int hamle_history_new(hamle_history **out)
{
	*out = calloc(1, sizeof(**out));
	return *out ? HAMLE_OK : HAMLE_ENOMEM;
}

void hamle_history_free(hamle_history *h)
{
	if (!h)
		return;
	free(h->key);
	free(h);
}

void hamle_history_clear(hamle_history *h) { h->n = 0; }

static int reserve(hamle_history *h, size_t need)
{
	if (need <= h->cap)
		return HAMLE_OK;
	size_t cap = h->cap ? h->cap * 2 : 64;
	while (cap < need)
		cap *= 2;
	uint64_t *k = realloc(h->key, cap * sizeof(*k));
	if (!k)
		return HAMLE_ENOMEM;
	h->key = k;
	h->cap = cap;
	return HAMLE_OK;
}

int hamle_history_push(hamle_history *h, const hamle_position *pos)
{
	if (reserve(h, h->n + 1) < 0)
		return HAMLE_ENOMEM;
	uint64_t key = hamle_position_repetition_key(pos);
	size_t cur = h->n++;
	h->key[cur] = key;
	/* Only positions since the last capture or pawn move (the half-move clock) can be the
	 * same, and only those with the same side to move: every second ply back. */
	int count = 1;
	for (size_t back = 2; back <= cur && back <= pos->halfmove; back += 2)
		if (h->key[cur - back] == key)
			count++;
	return count;
}

void hamle_history_pop(hamle_history *h)
{
	if (h->n)
		h->n--;
}

int hamle_history_copy(hamle_history **out, const hamle_history *src)
{
	int rc = hamle_history_new(out);
	if (rc < 0)
		return rc;
	if (reserve(*out, src->n) < 0) {
		hamle_history_free(*out);
		*out = NULL;
		return HAMLE_ENOMEM;
	}
	memcpy((*out)->key, src->key, src->n * sizeof(uint64_t));
	(*out)->n = src->n;
	return HAMLE_OK;
}
