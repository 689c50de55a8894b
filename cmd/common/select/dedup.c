/* dedup.c: the table of --unique (see dedup.h): open addressing over 64-bit hashes, the keys in
 * one arena, every hash match confirmed by comparing the keys. */
#include <stdlib.h>
#include <string.h>

#include <hamle/position.h>

#include "dedup.h"

#define KEY_LEN_BITS 24 /* a slot's ref: the key's arena offset above, its length below */
#define KEY_LEN_MAX (((uint64_t)1 << KEY_LEN_BITS) - 1)

typedef struct slot {
	uint64_t hash;
	uint64_t ref; /* offset << KEY_LEN_BITS | length; 0: empty (no key is empty) */
} slot;

struct hamle_dedup {
	slot *slots;
	size_t mask;  /* slots - 1 (a power of two) */
	size_t used;
	unsigned char *arena;
	size_t alen, acap;
	uint64_t hash_mask;
	size_t collisions;
	size_t voff;  /* 8 when each key is stored after its value (hamle_dedup_keep_values), else 0 */
};

int hamle_dedup_new(hamle_dedup **out, unsigned hash_bits)
{
	hamle_dedup *d = calloc(1, sizeof(*d));
	if (!d || !(d->slots = calloc(1024, sizeof(*d->slots)))) {
		free(d);
		return HAMLE_ENOMEM;
	}
	d->mask = 1023;
	d->hash_mask = hash_bits >= 64 || hash_bits == 0 ? ~(uint64_t)0 : ((uint64_t)1 << hash_bits) - 1;
	*out = d;
	return 0;
}

void hamle_dedup_free(hamle_dedup *d)
{
	if (!d)
		return;
	free(d->slots);
	free(d->arena);
	free(d);
}

/* 64 bits of s[0..n): 8 bytes at a time, multiplied and folded, then the splitmix64 finalizer. */
static uint64_t key_hash(const unsigned char *s, size_t n)
{
	uint64_t h = 0x243F6A8885A308D3u ^ (n * 0x9E3779B97F4A7C15u);
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t v;
		memcpy(&v, s + i, 8);
		h = (h ^ v) * 0xFF51AFD7ED558CCDu;
		h ^= h >> 32;
	}
	uint64_t v = 0;
	for (size_t k = 0; i + k < n; k++)
		v |= (uint64_t)s[i + k] << (8 * k);
	h = (h ^ v) * 0xC4CEB9FE1A85EC53u;
	h ^= h >> 30;
	h *= 0xBF58476D1CE4E5B9u;
	h ^= h >> 27;
	h *= 0x94D049BB133111EBu;
	return h ^ (h >> 31);
}

/* The slot for hash (masked): the one holding an equal key, or the first empty one. */
static slot *probe(hamle_dedup *d, uint64_t hash, const unsigned char *key, size_t len, int *found)
{
	*found = 0;
	for (size_t i = (size_t)(hash * 0x9E3779B97F4A7C15u >> 17) & d->mask;; i = (i + 1) & d->mask) {
		slot *s = &d->slots[i];
		if (!s->ref)
			return s;
		if (s->hash != hash)
			continue;
		size_t klen = (size_t)(s->ref & KEY_LEN_MAX);
		if (klen == len && memcmp(d->arena + (s->ref >> KEY_LEN_BITS) + d->voff, key, len) == 0) {
			*found = 1;
			return s;
		}
		d->collisions++; /* the same hash, another game: both are kept */
	}
}

static int grow(hamle_dedup *d)
{
	size_t n = (d->mask + 1) * 2;
	slot *old = d->slots, *s = calloc(n, sizeof(*s));
	if (!s)
		return HAMLE_ENOMEM;
	size_t oldn = d->mask + 1;
	d->slots = s;
	d->mask = n - 1;
	for (size_t i = 0; i < oldn; i++) {
		if (!old[i].ref)
			continue;
		size_t j = (size_t)(old[i].hash * 0x9E3779B97F4A7C15u >> 17) & d->mask;
		while (s[j].ref)
			j = (j + 1) & d->mask;
		s[j] = old[i];
	}
	free(old);
	return 0;
}

void hamle_dedup_keep_values(hamle_dedup *d)
{
	if (d && !d->used)
		d->voff = sizeof(uint64_t);
}

int hamle_dedup_add_value(hamle_dedup *d, const void *key, size_t len, uint64_t value, uint64_t *earlier)
{
	const unsigned char *k = key;
	if (len == 0 || len > KEY_LEN_MAX)
		return 0;
	uint64_t hash = key_hash(k, len) & d->hash_mask;
	int found;
	slot *s = probe(d, hash, k, len, &found);
	if (found) {
		if (earlier && d->voff)
			memcpy(earlier, d->arena + (s->ref >> KEY_LEN_BITS), sizeof(*earlier));
		else if (earlier)
			*earlier = 0;
		return 1;
	}
	size_t need = d->voff + len;
	if (d->alen + need > d->acap) {
		size_t cap = d->acap ? d->acap + d->acap / 2 : 65536;
		while (cap < d->alen + need)
			cap += cap / 2;
		unsigned char *a = realloc(d->arena, cap);
		if (!a)
			return HAMLE_ENOMEM;
		d->arena = a;
		d->acap = cap;
	}
	if (d->voff)
		memcpy(d->arena + d->alen, &value, sizeof(value));
	memcpy(d->arena + d->alen + d->voff, k, len);
	s->hash = hash;
	s->ref = (uint64_t)d->alen << KEY_LEN_BITS | len;
	d->alen += need;
	if (++d->used * 4 > (d->mask + 1) * 3 && grow(d) < 0)
		return HAMLE_ENOMEM;
	return 0;
}

int hamle_dedup_add(hamle_dedup *d, const void *key, size_t len)
{
	return hamle_dedup_add_value(d, key, len, 0, NULL);
}

size_t hamle_dedup_count(const hamle_dedup *d)
{
	return d ? d->used : 0;
}

size_t hamle_dedup_collisions(const hamle_dedup *d)
{
	return d ? d->collisions : 0;
}

size_t hamle_dedup_bytes(const hamle_dedup *d)
{
	return d ? sizeof(*d) + (d->mask + 1) * sizeof(slot) + d->acap : 0;
}

/* The first four fields of pos's FEN, and a NUL, into out. */
static void epd(hamle_buf *out, const hamle_position *pos)
{
	char fen[HAMLE_FEN_MAX];
	int n = hamle_position_fen(fen, sizeof(fen), pos,
		hamle_position_is_chess960(pos) ? HAMLE_FEN_SHREDDER : HAMLE_FEN_XFEN);
	if (n < 0 || (size_t)n >= sizeof(fen))
		n = 0;
	size_t len = (size_t)n;
	for (size_t i = 0, spaces = 0; i < len; i++)
		if (fen[i] == ' ' && ++spaces == 4) {
			len = i;
			break;
		}
	hamle_buf_append(out, fen, len);
	hamle_buf_putc(out, '\0');
}

/* The key of the moves: the start (a byte 0 for the standard one, else its FEN's first four fields
 * and a NUL), the number of plies (7 bits a byte, low first, the high bit saying "more"), then each
 * ply's origin and destination squares, 12 bits, and for a promotion 2 bits of its piece, packed
 * low bit first. The squares alone tell the move in the position the same start and the same
 * plies before lead to (a castling is the king taking its rook; whether a pawn move promotes is
 * the squares'), so two games have one key exactly when they have one start and one mainline. */
int hamle_dedup_key(hamle_buf *out, const hamle_game *g, const hamle_replay *rp, int positions)
{
	hamle_buf_clear(out);
	if (!hamle_replay_started(rp))
		return -1;
	if (positions) {
		epd(out, hamle_replay_final(rp));
		return hamle_buf_failed(out) ? -1 : 0;
	}
	const hamle_position *start = hamle_replay_start(rp);
	if (!hamle_game_tag(g, "FEN") && !hamle_position_is_chess960(start))
		hamle_buf_putc(out, '\0'); /* the standard start (without a FEN the replay starts there) */
	else
		epd(out, start);
	/* one pass over the tokens, the bits packed into a block on the stack, appended a block at a
	 * time: the count first (the replay's; checked against the moves seen) */
	const hamle_token *t = hamle_game_tokens(g);
	const hamle_replay_move *mv = hamle_replay_moves(rp);
	size_t nt = hamle_game_token_count(g), plies = 0, want = hamle_replay_plies(rp), n = 0;
	unsigned char b[256];
	for (size_t v = want; n == 0 || v; v >>= 7)
		b[n++] = (unsigned char)((v & 0x7F) | (v >> 7 ? 0x80 : 0));
	uint64_t bits = 0;
	unsigned nbits = 0;
	for (size_t i = 0; i < nt; i++) {
		if (t[i].kind != HAMLE_TOKEN_MOVE || t[i].depth != 0)
			continue;
		if (!mv || !(mv[i].flags & HAMLE_RM_MOVE))
			return -1; /* a move the replay did not resolve: no key, never a duplicate */
		plies++;
		hamle_move m = mv[i].move;
		bits |= (uint64_t)(m & 0xFFF) << nbits;
		nbits += 12;
		if (HAMLE_MOVE_KIND(m) == HAMLE_MOVE_PROMOTION) {
			bits |= (uint64_t)((m >> 12) & 3) << nbits;
			nbits += 2;
		}
		if (nbits >= 32) {
			b[n] = (unsigned char)bits;
			b[n + 1] = (unsigned char)(bits >> 8);
			b[n + 2] = (unsigned char)(bits >> 16);
			b[n + 3] = (unsigned char)(bits >> 24);
			n += 4;
			bits >>= 32;
			nbits -= 32;
			if (n > sizeof(b) - 4) {
				hamle_buf_append(out, b, n);
				n = 0;
			}
		}
	}
	if (plies != want)
		return -1;
	for (; nbits > 0; nbits = nbits > 8 ? nbits - 8 : 0, bits >>= 8)
		b[n++] = (unsigned char)bits;
	hamle_buf_append(out, b, n);
	return hamle_buf_failed(out) ? -1 : 0;
}
