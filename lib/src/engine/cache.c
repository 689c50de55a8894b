/* cache.c: searches by position and limit, shared by the threads of a run (one mutex). Keyed by
 * the Polyglot key; an entry keeps the position's FEN without the move number (what a search
 * depends on), compared on every hit, so that two positions with one key never share a result.
 * At most CACHE_MAX entries (about 60 MB): once full it keeps what it has, the positions searched
 * first, which are the openings a batch has in common, so memory stays flat over any input. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/engine.h"

#define CACHE_MAX 200000

struct cache_entry {
	struct cache_entry *next;
	uint64_t key;  /* the Polyglot key mixed with the limit */
	hamle_engine_limit lim;
	char fen[HAMLE_FEN_MAX];
	hamle_engine_result res;
};

struct hamle_eval_cache {
	pthread_mutex_t lock;
	struct cache_entry **slot;
	size_t nslot, count;
	uint64_t hits;
};

int hamle_eval_cache_new(hamle_eval_cache **out)
{
	if (!out)
		return HAMLE_EUSAGE;
	hamle_eval_cache *c = calloc(1, sizeof(*c));
	if (!c)
		return HAMLE_ENOMEM;
	c->nslot = 4096;
	c->slot = calloc(c->nslot, sizeof(*c->slot));
	if (!c->slot || pthread_mutex_init(&c->lock, NULL) != 0) {
		free(c->slot);
		free(c);
		return HAMLE_ENOMEM;
	}
	*out = c;
	return 0;
}

void hamle_eval_cache_free(hamle_eval_cache *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->nslot; i++)
		for (struct cache_entry *e = c->slot[i], *n; e; e = n) {
			n = e->next;
			free(e);
		}
	free(c->slot);
	pthread_mutex_destroy(&c->lock);
	free(c);
}

/* The key of pos under lim: its Polyglot key mixed with the limit (one position under many limits
 * spreads over the table). */
static uint64_t key_of(const hamle_position *pos, const hamle_engine_limit *lim)
{
	uint64_t k = hamle_position_hash(pos) ^ ((lim->value + (uint64_t)lim->kind * 0x100000001b3ull) * 0x9e3779b97f4a7c15ull);
	return k ^ (k >> 29);
}

/* The FEN without its move number (the half-move clock stays: the 50-move rule is searched). */
static void fen_of(char fen[HAMLE_FEN_MAX], const hamle_position *pos)
{
	hamle_position_fen(fen, HAMLE_FEN_MAX, pos, HAMLE_FEN_SHREDDER);
	char *sp = strrchr(fen, ' ');
	if (sp)
		*sp = '\0';
}

static struct cache_entry *find(hamle_eval_cache *c, uint64_t key, const hamle_engine_limit *lim, const char *fen)
{
	for (struct cache_entry *e = c->slot[key & (c->nslot - 1)]; e; e = e->next)
		if (e->key == key && e->lim.kind == lim->kind && e->lim.value == lim->value && strcmp(e->fen, fen) == 0)
			return e;
	return NULL;
}

int hamle_eval_cache_get(hamle_eval_cache *c, const hamle_position *pos, const hamle_engine_limit *lim,
	hamle_engine_result *res)
{
	if (!c || !pos || !lim || !res)
		return 0;
	char fen[HAMLE_FEN_MAX];
	fen_of(fen, pos);
	uint64_t key = key_of(pos, lim);
	pthread_mutex_lock(&c->lock);
	struct cache_entry *e = find(c, key, lim, fen);
	if (e) {
		*res = e->res;
		c->hits++;
	}
	pthread_mutex_unlock(&c->lock);
	return e != NULL;
}

/* Doubles the table when it holds twice as many entries as slots. */
static void grow(hamle_eval_cache *c)
{
	size_t n = c->nslot * 2;
	struct cache_entry **s = calloc(n, sizeof(*s));
	if (!s)
		return; /* longer chains, still correct */
	for (size_t i = 0; i < c->nslot; i++)
		for (struct cache_entry *e = c->slot[i], *nx; e; e = nx) {
			nx = e->next;
			e->next = s[e->key & (n - 1)];
			s[e->key & (n - 1)] = e;
		}
	free(c->slot);
	c->slot = s;
	c->nslot = n;
}

int hamle_eval_cache_put(hamle_eval_cache *c, const hamle_position *pos, const hamle_engine_limit *lim,
	const hamle_engine_result *res)
{
	if (!c || !pos || !lim || !res)
		return HAMLE_EUSAGE;
	struct cache_entry *ne = malloc(sizeof(*ne));
	if (!ne)
		return HAMLE_ENOMEM;
	ne->key = key_of(pos, lim);
	ne->lim = *lim;
	fen_of(ne->fen, pos);
	ne->res = *res;
	pthread_mutex_lock(&c->lock);
	if (find(c, ne->key, lim, ne->fen)) {
		pthread_mutex_unlock(&c->lock);
		free(ne); /* another thread searched it meanwhile (the same result: searches are deterministic) */
		return 0;
	}
	if (c->count >= CACHE_MAX) {
		pthread_mutex_unlock(&c->lock);
		free(ne);
		return 0;
	}
	if (c->count >= 2 * c->nslot)
		grow(c);
	struct cache_entry **s = &c->slot[ne->key & (c->nslot - 1)];
	ne->next = *s;
	*s = ne;
	c->count++;
	pthread_mutex_unlock(&c->lock);
	return 0;
}

uint64_t hamle_eval_cache_hits(hamle_eval_cache *c)
{
	if (!c)
		return 0;
	pthread_mutex_lock(&c->lock);
	uint64_t h = c->hits;
	pthread_mutex_unlock(&c->lock);
	return h;
}
