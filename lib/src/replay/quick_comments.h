/* quick_comments.h: where a comment ends, for the quick lane (quick.c): over the input's own bytes
 * (each byte checked: plain ASCII, and no line end in a game read in one pass) or over bytes that
 * need no look (memchr). Sixteen or thirty-two bytes at a time with SSE2 (sixty-four with AVX2,
 * where the CPU has it), a byte loop elsewhere.
 * Included by quick.c alone. */
#ifndef HAMLE_QUICK_COMMENTS_H
#define HAMLE_QUICK_COMMENTS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "compiler.h"
#include "pgn/scan.h"

/* A byte of a comment that decoding leaves as it is, with no finding: printable ASCII, a blank,
 * a line end. */
static inline int plain_byte(unsigned char c)
{
	return c < 0x7F && (c >= 0x20 || c == '\t' || c == '\n' || c == '\r');
}

/* Where the comment whose text starts at s[i] ends (its '}'), or 0 to give up: no '}' before n,
 * or (raw: the input's own bytes, not decoded) a byte that is not plain ASCII before it. Sixteen
 * bytes at a time. */
NOINLINE static size_t comment_close(const char *s, size_t i, size_t n, int raw)
{
#ifdef PGN_SCAN_SSE2
	for (; i + 16 <= n; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		unsigned close = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('}')));
		unsigned bad = 0;
		if (raw) {
			/* signed: 0x80..0xFF are below 0x20 too; then DEL; less HT, LF, CR */
			__m128i m = _mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20)), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F)));
			__m128i ok = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\t')),
				_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
			bad = (unsigned)_mm_movemask_epi8(_mm_andnot_si128(ok, m));
		}
		if (close | bad) {
			unsigned k = (unsigned)__builtin_ctz(close | bad);
			return (close >> k) & 1 ? i + k : 0;
		}
	}
#endif
	for (; i < n; i++) {
		if (s[i] == '}')
			return i;
		if (raw && !plain_byte((unsigned char)s[i]))
			return 0;
	}
	return 0;
}

#ifdef PGN_SCAN_SSE2
/* The bytes of p[0..16) where comment_close_open16 stops: '}', below 0x20 or from 0x7F. */
static inline unsigned open_stops16(const char *p)
{
	const __m128i one = _mm_set1_epi8(1), lim = _mm_set1_epi8(0x21), close = _mm_set1_epi8('}');
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
	return (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmplt_epi8(_mm_add_epi8(v, one), lim), _mm_cmpeq_epi8(v, close)));
}
#endif

/* As comment_close (raw), also giving up at a line end: a comment of a game read in one pass.
 * Thirty-two bytes at a time: a byte below 0x20 or from 0x7F stops the scan (v + 1 is then below
 * 0x21 as a signed byte), and a tab among them is read on. */
static inline size_t comment_close_open16(const char *s, size_t i, size_t n)
{
#ifdef PGN_SCAN_SSE2
	while (i + 32 <= n) {
		pgn_prefetch_ahead(s + i);
		uint32_t bits = (uint32_t)open_stops16(s + i) | (uint32_t)open_stops16(s + i + 16) << 16;
		if (!bits) {
			i += 32;
			continue;
		}
		unsigned k = (unsigned)__builtin_ctz(bits);
		unsigned char c = (unsigned char)s[i + k];
		if (c == '}')
			return i + k;
		if (c != '\t')
			return 0;
		i += k + 1;
	}
#endif
	for (; i < n; i++) {
		if (s[i] == '}')
			return i;
		if (!plain_byte((unsigned char)s[i]) || s[i] == '\n' || s[i] == '\r')
			return 0;
	}
	return 0;
}

#ifdef PGN_SCAN_AVX2
/* As comment_close_open16, sixty-four bytes at a time with AVX2 (where pgn_has_avx2 says so):
 * half the instructions on long comments (engine output on every move). */
__attribute__((target("avx2"))) NOINLINE static size_t comment_close_open_avx2(const char *s, size_t i, size_t n)
{
	const __m256i one = _mm256_set1_epi8(1), lim = _mm256_set1_epi8(0x21), close = _mm256_set1_epi8('}');
	while (i + 64 <= n) {
		pgn_prefetch_ahead(s + i);
		__m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
		__m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(s + i + 32));
		__m256i ma = _mm256_or_si256(_mm256_cmpgt_epi8(lim, _mm256_add_epi8(a, one)), _mm256_cmpeq_epi8(a, close));
		__m256i mb = _mm256_or_si256(_mm256_cmpgt_epi8(lim, _mm256_add_epi8(b, one)), _mm256_cmpeq_epi8(b, close));
		uint64_t bits = (uint64_t)(uint32_t)_mm256_movemask_epi8(ma) |
			(uint64_t)(uint32_t)_mm256_movemask_epi8(mb) << 32;
		if (!bits) {
			i += 64;
			continue;
		}
		unsigned k = (unsigned)__builtin_ctzll(bits);
		unsigned char c = (unsigned char)s[i + k];
		if (c == '}')
			return i + k;
		if (c != '\t')
			return 0;
		i += k + 1;
	}
	return comment_close_open16(s, i, n);
}
#endif

/* comment_close_open16 with AVX2 where the CPU has it; the first 32 bytes inline, 16 at a time
 * (a clock, an evaluation: most comments end there, and a call and a 64-byte window for them
 * cost lichess-style games 6% of their time). */
static inline size_t comment_close_open(const char *s, size_t i, size_t n)
{
#ifdef PGN_SCAN_AVX2
	for (unsigned k = 0; k < 2 && i + 16 <= n; k++) {
		unsigned bits = open_stops16(s + i);
		if (bits) {
			unsigned c = (unsigned char)s[i + (unsigned)__builtin_ctz(bits)];
			if (c == '}')
				return i + (unsigned)__builtin_ctz(bits);
			if (c != '\t')
				return 0;
			break; /* a tab: the scan below reads on after it */
		}
		i += 16;
	}
	if (pgn_has_avx2())
		return comment_close_open_avx2(s, i, n);
#endif
	return comment_close_open16(s, i, n);
}

/* Where the comment whose text starts at s[i] ends (its '}'), or 0 when no '}' is before n: its
 * bytes need no look (decoded text, or HAMLE_CHUNK_PLAIN_COMMENTS). The first 48 bytes inline
 * (a clock and an evaluation), then memchr. */
static inline size_t comment_close_plain(const char *s, size_t i, size_t n)
{
#ifdef PGN_SCAN_SSE2
	for (unsigned k = 0; k < 3 && i + 16 <= n; k++, i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		unsigned close = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('}')));
		if (close)
			return i + (unsigned)__builtin_ctz(close);
	}
#endif
	const char *q = i < n ? memchr(s + i, '}', n - i) : NULL;
	return q ? (size_t)(q - s) : 0;
}

#endif
