/* dedup.h: the games seen so far, by key, for --unique (hamle-convert, hamle-validate).
 *
 * A game's key is a short byte string a worker builds (hamle_dedup_key: its start position and
 * mainline moves, 12 bits a ply; or its final position). The table keeps
 * a 64-bit hash of each distinct key and the key itself, packed in one growing arena: a hash that
 * matches is confirmed by comparing the keys byte for byte, so a hash collision never makes two
 * different games equal. Memory: 16 bytes per slot (at most 3/4 of the slots used) plus the key
 * bytes of each distinct game (docs/selection.md).
 *
 * hash_bits (1..64) keeps that many low bits of the hash: the tools use 64; a test uses fewer to
 * force collisions. Not thread-safe: one thread (with pool.h, the emit callback, which sees the
 * games in input order, so that the first of equal games is kept whatever -j is). */
#ifndef HAMLE_CLI_DEDUP_H
#define HAMLE_CLI_DEDUP_H

#include <stddef.h>
#include <stdint.h>

#include <hamle/replay.h>

#include "buf.h"

typedef struct hamle_dedup hamle_dedup;

int hamle_dedup_new(hamle_dedup **out, unsigned hash_bits); /* 0 or HAMLE_ENOMEM */
void hamle_dedup_free(hamle_dedup *d);                      /* NULL-safe */

/* Adds key[0..len) unless an equal key is there: 0 when it was new (added), 1 when an equal one
 * was added before, HAMLE_ENOMEM. A key of 16 MiB or more is never stored (always new). */
int hamle_dedup_add(hamle_dedup *d, const void *key, size_t len);

/* Each key from now on is stored with a 64-bit value (hamle-validate: the first game's number):
 * 8 bytes more a distinct key. Only before the first add. NULL-safe. */
void hamle_dedup_keep_values(hamle_dedup *d);
/* hamle_dedup_add, which also stores value with a new key; when an equal key was added before,
 * *earlier (unless NULL) receives its value (0 without hamle_dedup_keep_values). */
int hamle_dedup_add_value(hamle_dedup *d, const void *key, size_t len, uint64_t value, uint64_t *earlier);

/* Distinct keys, hash collisions met (equal hashes of different keys), bytes held. */
size_t hamle_dedup_count(const hamle_dedup *d);
size_t hamle_dedup_collisions(const hamle_dedup *d);
size_t hamle_dedup_bytes(const hamle_dedup *d);

/* The key of game g as rp replayed it, into out (cleared first): with positions 0, its start (a
 * byte 0 for the standard start, else its FEN's first four fields), its number of plies and its
 * mainline moves (12 bits a ply, 2 more for a promotion's piece); with
 * positions 1, the first four FEN fields of its final position. -1 when the game has no such key
 * (it could not be started, or a move of its mainline did not resolve). */
int hamle_dedup_key(hamle_buf *out, const hamle_game *g, const hamle_replay *rp, int positions);

#endif
