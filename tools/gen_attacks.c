/* gen_attacks.c: build-time generator of hamle's attack tables.
 *
 * Writes a C file of const data: knight, king and pawn attacks, magic-bitboard tables for
 * rooks and bishops (magics found by a fixed-seed search, so the output is reproducible),
 * and the between/line tables. The library then holds no mutable global state. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

static u64 rng_state = 0x9E3779B97F4A7C15ull;

static u64 rng_next(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ull;
}

static u64 rng_sparse(void) { return rng_next() & rng_next() & rng_next(); }

static int on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static u64 slide(int sq, u64 occ, const int dirs[4][2])
{
	u64 att = 0;
	for (int d = 0; d < 4; d++) {
		int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
		while (on_board(f, r)) {
			att |= 1ull << (f + 8 * r);
			if (occ & (1ull << (f + 8 * r)))
				break;
			f += dirs[d][0];
			r += dirs[d][1];
		}
	}
	return att;
}

static u64 relevant_mask(int sq, const int dirs[4][2])
{
	u64 m = 0;
	for (int d = 0; d < 4; d++) {
		int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
		while (on_board(f + dirs[d][0], r + dirs[d][1])) {
			m |= 1ull << (f + 8 * r);
			f += dirs[d][0];
			r += dirs[d][1];
		}
	}
	return m;
}

struct magic { u64 mask, magic; unsigned shift, offset; };

static u64 *table_for(const int dirs[4][2], struct magic *mg, size_t *total)
{
	size_t size = 0;
	for (int sq = 0; sq < 64; sq++) {
		mg[sq].mask = relevant_mask(sq, dirs);
		int bits = __builtin_popcountll(mg[sq].mask);
		mg[sq].shift = 64 - bits;
		mg[sq].offset = (unsigned)size;
		size += (size_t)1 << bits;
	}
	u64 *table = calloc(size, sizeof(u64));
	u64 occs[4096], atts[4096];
	int epoch[4096];
	u64 used[4096];
	for (int sq = 0; sq < 64; sq++) {
		int n = 0;
		u64 sub = 0;
		do {
			occs[n] = sub;
			atts[n] = slide(sq, sub, dirs);
			n++;
			sub = (sub - mg[sq].mask) & mg[sq].mask;
		} while (sub);
		memset(epoch, 0, sizeof(epoch));
		for (int attempt = 1;; attempt++) {
			u64 magic = rng_sparse();
			if (__builtin_popcountll((mg[sq].mask * magic) >> 56) < 6)
				continue;
			int ok = 1;
			for (int i = 0; i < n && ok; i++) {
				unsigned idx = (unsigned)((occs[i] * magic) >> mg[sq].shift);
				if (epoch[idx] != attempt) {
					epoch[idx] = attempt;
					used[idx] = atts[i];
				} else if (used[idx] != atts[i]) {
					ok = 0;
				}
			}
			if (ok) {
				mg[sq].magic = magic;
				for (int i = 0; i < n; i++)
					table[mg[sq].offset + ((occs[i] * magic) >> mg[sq].shift)] = atts[i];
				break;
			}
		}
	}
	*total = size;
	return table;
}

static void emit_u64_array(FILE *f, const char *name, const u64 *v, size_t n)
{
	fprintf(f, "const uint64_t %s[%zu] = {\n", name, n);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "0x%" PRIx64 "u,%s", v[i], (i % 6 == 5) ? "\n" : "");
	fprintf(f, "};\n");
}

static void emit_magics(FILE *f, const char *name, const struct magic *mg)
{
	fprintf(f, "const struct hamle_magic %s[64] = {\n", name);
	for (int i = 0; i < 64; i++)
		fprintf(f, "{0x%" PRIx64 "u, 0x%" PRIx64 "u, %u, %u},\n", mg[i].mask, mg[i].magic,
			mg[i].shift, mg[i].offset);
	fprintf(f, "};\n");
}

static u64 leaper(int sq, const int (*d)[2], int n)
{
	u64 b = 0;
	for (int i = 0; i < n; i++) {
		int f = sq % 8 + d[i][0], r = sq / 8 + d[i][1];
		if (on_board(f, r))
			b |= 1ull << (f + 8 * r);
	}
	return b;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: gen_attacks OUT.c\n");
		return 2;
	}
	FILE *f = fopen(argv[1], "w");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	static const int kn[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
	static const int kg[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
	static const int wp[2][2] = {{-1, 1}, {1, 1}};
	static const int bp[2][2] = {{-1, -1}, {1, -1}};
	u64 knight[64], king[64], pawn[128], rook_rays[64], bishop_rays[64];
	static u64 between[64 * 64], line[64 * 64];
	for (int sq = 0; sq < 64; sq++) {
		knight[sq] = leaper(sq, kn, 8);
		king[sq] = leaper(sq, kg, 8);
		pawn[sq] = leaper(sq, wp, 2);
		pawn[64 + sq] = leaper(sq, bp, 2);
		rook_rays[sq] = slide(sq, 0, rook_dirs);
		bishop_rays[sq] = slide(sq, 0, bishop_dirs);
	}
	for (int a = 0; a < 64; a++) {
		for (int b = 0; b < 64; b++) {
			u64 ba = 1ull << a, bb = 1ull << b;
			if (a == b)
				continue;
			const int (*dirs)[2] = NULL;
			if (slide(a, 0, rook_dirs) & bb)
				dirs = rook_dirs;
			else if (slide(a, 0, bishop_dirs) & bb)
				dirs = bishop_dirs;
			if (!dirs)
				continue;
			between[a * 64 + b] = slide(a, bb, dirs) & slide(b, ba, dirs);
			line[a * 64 + b] = (slide(a, 0, dirs) & slide(b, 0, dirs)) | ba | bb;
		}
	}
	struct magic rm[64], bm[64];
	size_t rn, bn;
	u64 *rt = table_for(rook_dirs, rm, &rn);
	u64 *bt = table_for(bishop_dirs, bm, &bn);

	fprintf(f, "/* Generated by tools/gen_attacks.c. Do not edit. */\n");
	fprintf(f, "#include \"chess/bitboard.h\"\n\n");
	emit_u64_array(f, "hamle_knight_attacks", knight, 64);
	emit_u64_array(f, "hamle_king_attacks", king, 64);
	emit_u64_array(f, "hamle_pawn_attacks_flat", pawn, 128);
	emit_u64_array(f, "hamle_rook_rays", rook_rays, 64);
	emit_u64_array(f, "hamle_bishop_rays", bishop_rays, 64);
	emit_u64_array(f, "hamle_between_flat", between, 64 * 64);
	emit_u64_array(f, "hamle_line_flat", line, 64 * 64);
	emit_magics(f, "hamle_rook_magics", rm);
	emit_magics(f, "hamle_bishop_magics", bm);
	emit_u64_array(f, "hamle_rook_table", rt, rn);
	emit_u64_array(f, "hamle_bishop_table", bt, bn);
	free(rt);
	free(bt);
	if (fclose(f) != 0) {
		perror(argv[1]);
		return 1;
	}
	return 0;
}
