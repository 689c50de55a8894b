/* eco_internal.h: the opening table's layout (eco.c), for the annotator's lookups along a game
 * (annotate_walk.c): a filter of the positions' keys, tested inline, before the hash table. */
#ifndef HAMLE_WRITE_ECO_INTERNAL_H
#define HAMLE_WRITE_ECO_INTERNAL_H

#include <stdint.h>

#include "hamle/eco.h"

struct eco_slot {
	uint64_t key;
	size_t entry; /* index + 1; 0 empty */
};

#define ECO_FILTER_BITS 16 /* a bit per value of a key's top 16 bits: 8 KiB */

struct hamle_eco {
	hamle_eco_entry *entry;
	size_t n, cap;
	struct eco_slot *slot;
	size_t nslots; /* a power of two */
	char *text;    /* the entries' strings */
	unsigned max_plies;
	uint64_t filter[(1u << ECO_FILTER_BITS) / 64]; /* bit key >> 48 set for every entry's key */
};

/* 0 when no entry has the key (most positions of a game); 1 when one may. */
static inline int eco_may_hold(const hamle_eco *e, uint64_t key)
{
	unsigned b = (unsigned)(key >> (64 - ECO_FILTER_BITS));
	return (int)((e->filter[b >> 6] >> (b & 63)) & 1);
}

#endif
