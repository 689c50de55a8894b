/* scan.h: finding the end of a PGN word 16 bytes at a time (SSE2 on x86-64, a table elsewhere).
 * A word ends at a blank (space, HT, LF, VT, FF, CR) or a delimiter ({ } ( ) [ ] ; " $ < >); the
 * lexer also stops at NUL (its text's terminator). */
#ifndef HAMLE_PGN_SCAN_H
#define HAMLE_PGN_SCAN_H

#include <stddef.h>
#include <stdint.h>

#if defined(__SSE2__) && !defined(HAMLE_NO_SIMD)
#include <emmintrin.h>
#define PGN_SCAN_SSE2 1
#endif

/* How far ahead of a scan through a file's text the cache lines there are asked for: the CPU's own
 * prefetcher stops at the end of a 4 KiB page, so a scan reading a file once (mapped, or just read
 * into the reader's block) would wait for memory at the start of each page. A hint only: it never
 * faults, and past the end of the text it fetches nothing that is read. */
#define PGN_PREFETCH_AHEAD 2048

static inline void pgn_prefetch_ahead(const void *p)
{
#if defined(__GNUC__)
	__builtin_prefetch((const void *)((uintptr_t)p + PGN_PREFETCH_AHEAD));
#else
	(void)p;
#endif
}

/* Bit k set when p[k] (k < 16) ends a word; with_nul adds NUL. Reads exactly 16 bytes. */
static inline unsigned pgn_stop_mask16(const unsigned char *p, int with_nul)
{
#ifdef PGN_SCAN_SSE2
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
	__m128i w20 = _mm_or_si128(v, _mm_set1_epi8(0x20));
	/* HT..CR: v - 9 <= 4 (unsigned) */
	__m128i t = _mm_sub_epi8(v, _mm_set1_epi8(9));
	__m128i m = _mm_cmpeq_epi8(_mm_min_epu8(t, _mm_set1_epi8(4)), t);
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(w20, _mm_set1_epi8('{'))); /* [ { */
	m = _mm_or_si128(m, _mm_cmpeq_epi8(w20, _mm_set1_epi8('}'))); /* ] } */
	m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8((char)0xFE)), _mm_set1_epi8('(')));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8((char)0xFD)), _mm_set1_epi8('<')));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('"')));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('$')));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8(';')));
	if (with_nul)
		m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_setzero_si128()));
	return (unsigned)_mm_movemask_epi8(m);
#else
	unsigned m = 0;
	for (unsigned k = 0; k < 16; k++) {
		unsigned char c = p[k];
		unsigned stop = c == ' ' || (c >= 9 && c <= 13) || c == '{' || c == '}' || c == '(' ||
		                c == ')' || c == '[' || c == ']' || c == ';' || c == '"' || c == '$' ||
		                c == '<' || c == '>' || (with_nul && c == 0);
		m |= stop << k;
	}
	return m;
#endif
}

/* First index k in [i, n) where s[k] is '"', '\\', LF or CR (a tag string's stop), or n. */
static inline size_t pgn_string_stop(const unsigned char *s, size_t i, size_t n)
{
#ifdef PGN_SCAN_SSE2
	for (; i + 16 <= n; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		__m128i m = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
		m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
		unsigned bits = (unsigned)_mm_movemask_epi8(m);
		if (bits)
			return i + (unsigned)__builtin_ctz(bits);
	}
#endif
	while (i < n && s[i] != '"' && s[i] != '\\' && s[i] != '\n' && s[i] != '\r')
		i++;
	return i;
}

/* First index k in [i, n) where s[k] is '}', LF, CR or (with_bracket) '[' -- a comment body's
 * stop -- or n. */
static inline size_t pgn_comment_stop(const unsigned char *s, size_t i, size_t n, int with_bracket)
{
#ifdef PGN_SCAN_SSE2
	__m128i br = _mm_set1_epi8(with_bracket ? '[' : '}');
	for (; i + 16 <= n; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		__m128i m = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('}')), _mm_cmpeq_epi8(v, br));
		m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
		unsigned bits = (unsigned)_mm_movemask_epi8(m);
		if (bits)
			return i + (unsigned)__builtin_ctz(bits);
	}
#endif
	while (i < n && s[i] != '}' && s[i] != '\n' && s[i] != '\r' && !(with_bracket && s[i] == '['))
		i++;
	return i;
}

#ifdef PGN_SCAN_SSE2
/* Bytes of v from 0x7D ('}', '~', 0x7F and up) or below 0x20 (the controls, HT LF CR among them),
 * in one compare: v + 3 is then below 0x23 as a signed byte. The comment scans stop there and read
 * on after the bytes that do not stop them ('~' above all). */
static inline __m128i pgn_brace_or_control(__m128i v)
{
	return _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8(3)), _mm_set1_epi8(0x23));
}
#endif

/* First index k in [i, n) where s[k] is '}', LF or CR, or n, as pgn_comment_stop; *pct set to 1
 * when a '%' comes before it, found in the same pass (a game none of whose comments holds one has
 * no [%clk] to read). For ASCII text (the lexer's plain path): every byte from 0x7D, or a
 * control, stops the run 16 bytes at a time, to be read on after. */
static inline size_t pgn_comment_close16(const unsigned char *s, size_t i, size_t n, int *pct)
{
#ifdef PGN_SCAN_SSE2
	while (i + 16 <= n) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		__m128i m = pgn_brace_or_control(v);
		if (!*pct)
			m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('%')));
		unsigned bits = (unsigned)_mm_movemask_epi8(m);
		if (!bits) {
			i += 16;
			continue;
		}
		i += (unsigned)__builtin_ctz(bits);
		if (s[i] == '}' || s[i] == '\n' || s[i] == '\r')
			return i;
		if (s[i] == '%')
			*pct = 1;
		i++;
	}
#endif
	for (; i < n && s[i] != '}' && s[i] != '\n' && s[i] != '\r'; i++)
		if (s[i] == '%')
			*pct = 1;
	return i;
}

/* Whether c may stand in a comment as it is: printable ASCII, HT, LF or CR (the quick lane reads
 * such a comment without decoding it). */
static inline int pgn_comment_plain_byte(unsigned char c)
{
	return c < 0x7F && (c >= 0x20 || c == '\t' || c == '\n' || c == '\r');
}

/* As pgn_comment_stop, also stopping at a byte that is not pgn_comment_plain_byte, and maybe at HT
 * (plain: the caller reads on after it). 16 bytes at a time, the stops but '[' in one compare
 * (pgn_brace_or_control; a '~' read on after). */
static inline size_t pgn_comment_stop_odd16(const unsigned char *s, size_t i, size_t n, int with_bracket)
{
#ifdef PGN_SCAN_SSE2
	while (i + 16 <= n) {
		pgn_prefetch_ahead(s + i);
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		__m128i m = pgn_brace_or_control(v);
		if (with_bracket)
			m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('[')));
		unsigned bits = (unsigned)_mm_movemask_epi8(m);
		if (!bits) {
			i += 16;
			continue;
		}
		i += (unsigned)__builtin_ctz(bits);
		if (s[i] != '~')
			return i;
		i++;
	}
#endif
	while (i < n && s[i] != '}' && s[i] != '\n' && s[i] != '\r' && !(with_bracket && s[i] == '[') &&
	       pgn_comment_plain_byte(s[i]))
		i++;
	return i;
}

#if defined(PGN_SCAN_SSE2) && defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>

#include "cpu.h"
#define PGN_SCAN_AVX2 1

/* 1 when this CPU runs AVX2 code (the comment scans below take 32 bytes at a time then). */
static inline int pgn_has_avx2(void)
{
	return hamle_cpu_avx2();
}

/* pgn_comment_close16 and pgn_comment_stop_odd16, 32 bytes at a time (then theirs for the rest). */
__attribute__((target("avx2"), noinline)) static size_t pgn_comment_close32(const unsigned char *s, size_t i,
	size_t n, int *pct)
{
	const __m256i three = _mm256_set1_epi8(3), lim = _mm256_set1_epi8(0x23), per = _mm256_set1_epi8('%');
	while (i + 32 <= n) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
		__m256i m = _mm256_cmpgt_epi8(lim, _mm256_add_epi8(v, three)); /* pgn_brace_or_control */
		if (!*pct)
			m = _mm256_or_si256(m, _mm256_cmpeq_epi8(v, per));
		unsigned bits = (unsigned)_mm256_movemask_epi8(m);
		if (!bits) {
			i += 32;
			continue;
		}
		i += (unsigned)__builtin_ctz(bits);
		if (s[i] == '}' || s[i] == '\n' || s[i] == '\r')
			return i;
		if (s[i] == '%')
			*pct = 1;
		i++;
	}
	return pgn_comment_close16(s, i, n, pct);
}

__attribute__((target("avx2"), noinline)) static size_t pgn_comment_stop_odd32(const unsigned char *s, size_t i,
	size_t n, int with_bracket)
{
	const __m256i three = _mm256_set1_epi8(3), lim = _mm256_set1_epi8(0x23), br = _mm256_set1_epi8('[');
	while (i + 32 <= n) {
		pgn_prefetch_ahead(s + i);
		__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
		__m256i m = _mm256_cmpgt_epi8(lim, _mm256_add_epi8(v, three));
		if (with_bracket)
			m = _mm256_or_si256(m, _mm256_cmpeq_epi8(v, br));
		unsigned bits = (unsigned)_mm256_movemask_epi8(m);
		if (!bits) {
			i += 32;
			continue;
		}
		i += (unsigned)__builtin_ctz(bits);
		if (s[i] != '~')
			return i;
		i++;
	}
	return pgn_comment_stop_odd16(s, i, n, with_bracket);
}
#endif

/* pgn_comment_close16 with AVX2 where the CPU has it. */
static inline size_t pgn_comment_close(const unsigned char *s, size_t i, size_t n, int *pct)
{
#ifdef PGN_SCAN_AVX2
	if (pgn_has_avx2())
		return pgn_comment_close32(s, i, n, pct);
#endif
	return pgn_comment_close16(s, i, n, pct);
}

/* pgn_comment_stop_odd16 with AVX2 where the CPU has it. */
static inline size_t pgn_comment_stop_odd(const unsigned char *s, size_t i, size_t n, int with_bracket)
{
#ifdef PGN_SCAN_AVX2
	if (pgn_has_avx2())
		return pgn_comment_stop_odd32(s, i, n, with_bracket);
#endif
	return pgn_comment_stop_odd16(s, i, n, with_bracket);
}

/* First index k in [i, n) where s[k] is not printable ASCII (below 0x20, 0x7F, above) or is '"'
 * or '\\', or n. */
static inline size_t pgn_plain_value_end(const unsigned char *s, size_t i, size_t n)
{
#ifdef PGN_SCAN_SSE2
	for (; i + 16 <= n; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		/* signed: bytes 0x80..0xFF are negative, so below 0x20 too */
		__m128i m = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));
		m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F)));
		m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))));
		unsigned bits = (unsigned)_mm_movemask_epi8(m);
		if (bits)
			return i + (unsigned)__builtin_ctz(bits);
	}
#endif
	while (i < n && s[i] >= 0x20 && s[i] < 0x7F && s[i] != '"' && s[i] != '\\')
		i++;
	return i;
}

/* Whether c is what the decoder takes as it is (clean ASCII): printable ASCII or a blank or line
 * end (HT, LF, VT, FF, CR). */
static inline int pgn_clean_byte(unsigned char c)
{
	return (c >= 0x20 && c < 0x7F) || (c >= 9 && c <= 13);
}

static inline unsigned pgn_ctz(unsigned m)
{
#if defined(__GNUC__)
	return (unsigned)__builtin_ctz(m);
#else
	unsigned k = 0;
	while (!(m & 1u)) {
		m >>= 1;
		k++;
	}
	return k;
#endif
}

#ifdef PGN_SCAN_SSE2
/* Byte classes of 64 bytes for the game splitter, bit k for p[k]: nw = blank, line end or
 * delimiter (not part of a word); eol = LF or CR; special = delimiter or '%' (the splitter's fast
 * run stops there); first = a byte that can start a termination marker (0 1 * and the first byte
 * of '½'; '1' also starts "1.", which the splitter looks at); unclean = a byte that is not
 * pgn_clean_byte. */
typedef struct pgn_split_masks {
	uint64_t nw, eol, special, first, unclean;
} pgn_split_masks;

static inline void pgn_split_masks64(const unsigned char *p, pgn_split_masks *out)
{
	uint64_t nw = 0, eol = 0, special = 0, first = 0, unclean = 0;
	for (unsigned k = 0; k < 64; k += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + k));
		__m128i w20 = _mm_or_si128(v, _mm_set1_epi8(0x20));
		__m128i t = _mm_sub_epi8(v, _mm_set1_epi8(9));
		__m128i ctl = _mm_cmpeq_epi8(_mm_min_epu8(t, _mm_set1_epi8(4)), t); /* HT LF VT FF CR */
		__m128i e = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r')));
		__m128i d = _mm_or_si128(_mm_cmpeq_epi8(w20, _mm_set1_epi8('{')), _mm_cmpeq_epi8(w20, _mm_set1_epi8('}')));
		d = _mm_or_si128(d, _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8((char)0xFE)), _mm_set1_epi8('(')));
		d = _mm_or_si128(d, _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8((char)0xFD)), _mm_set1_epi8('<')));
		d = _mm_or_si128(d, _mm_cmpeq_epi8(v, _mm_set1_epi8('"')));
		d = _mm_or_si128(d, _mm_cmpeq_epi8(v, _mm_set1_epi8('$')));
		d = _mm_or_si128(d, _mm_cmpeq_epi8(v, _mm_set1_epi8(';')));
		__m128i n = _mm_or_si128(_mm_or_si128(ctl, d), _mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
		__m128i sp = _mm_or_si128(d, _mm_cmpeq_epi8(v, _mm_set1_epi8('%')));
		__m128i f = _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8((char)0xFE)), _mm_set1_epi8('0'));
		f = _mm_or_si128(f, _mm_cmpeq_epi8(v, _mm_set1_epi8('*')));
		f = _mm_or_si128(f, _mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xC2)));
		/* signed: 0x80..0xFF are below 0x20 too; less HT..CR, and 0x7F */
		__m128i u = _mm_andnot_si128(ctl, _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
		u = _mm_or_si128(u, _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F)));
		nw |= (uint64_t)(unsigned)_mm_movemask_epi8(n) << k;
		eol |= (uint64_t)(unsigned)_mm_movemask_epi8(e) << k;
		special |= (uint64_t)(unsigned)_mm_movemask_epi8(sp) << k;
		first |= (uint64_t)(unsigned)_mm_movemask_epi8(f) << k;
		unclean |= (uint64_t)(unsigned)_mm_movemask_epi8(u) << k;
	}
	out->nw = nw;
	out->eol = eol;
	out->special = special;
	out->first = first;
	out->unclean = unclean;
}

/* The comment bytes of 64 bytes for the splitter (bit k for p[k]): open, close = '{', '}'; odd = a
 * byte that is not pgn_comment_plain_byte, or LF or CR. Only where a window has a '{'. */
typedef struct pgn_comment_masks {
	uint64_t open, close, odd;
} pgn_comment_masks;

static inline void pgn_comment_masks64(const unsigned char *p, pgn_comment_masks *out)
{
	uint64_t open = 0, close = 0, odd = 0;
	for (unsigned k = 0; k < 64; k += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + k));
		/* signed: 0x80..0xFF are below 0x20 too; less HT */
		__m128i o = _mm_andnot_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\t')), _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
		o = _mm_or_si128(o, _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F)));
		open |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('{'))) << k;
		close |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('}'))) << k;
		odd |= (uint64_t)(unsigned)_mm_movemask_epi8(o) << k;
	}
	out->open = open;
	out->close = close;
	out->odd = odd;
}

#ifdef PGN_SCAN_AVX2
/* pgn_split_masks64 and pgn_comment_masks64, 32 bytes at a time with AVX2 (where pgn_has_avx2
 * says so; split_fast.c calls them). */
__attribute__((target("avx2"), noinline, unused)) static void pgn_split_masks64_avx2(const unsigned char *p,
	pgn_split_masks *out)
{
	uint64_t nw = 0, eol = 0, special = 0, first = 0, unclean = 0;
	for (unsigned k = 0; k < 64; k += 32) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(p + k));
		__m256i w20 = _mm256_or_si256(v, _mm256_set1_epi8(0x20));
		__m256i t = _mm256_sub_epi8(v, _mm256_set1_epi8(9));
		__m256i ctl = _mm256_cmpeq_epi8(_mm256_min_epu8(t, _mm256_set1_epi8(4)), t); /* HT LF VT FF CR */
		__m256i e = _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\n')), _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\r')));
		__m256i d = _mm256_or_si256(_mm256_cmpeq_epi8(w20, _mm256_set1_epi8('{')), _mm256_cmpeq_epi8(w20, _mm256_set1_epi8('}')));
		d = _mm256_or_si256(d, _mm256_cmpeq_epi8(_mm256_and_si256(v, _mm256_set1_epi8((char)0xFE)), _mm256_set1_epi8('(')));
		d = _mm256_or_si256(d, _mm256_cmpeq_epi8(_mm256_and_si256(v, _mm256_set1_epi8((char)0xFD)), _mm256_set1_epi8('<')));
		d = _mm256_or_si256(d, _mm256_cmpeq_epi8(v, _mm256_set1_epi8('"')));
		d = _mm256_or_si256(d, _mm256_cmpeq_epi8(v, _mm256_set1_epi8('$')));
		d = _mm256_or_si256(d, _mm256_cmpeq_epi8(v, _mm256_set1_epi8(';')));
		__m256i n = _mm256_or_si256(_mm256_or_si256(ctl, d), _mm256_cmpeq_epi8(v, _mm256_set1_epi8(' ')));
		__m256i sp = _mm256_or_si256(d, _mm256_cmpeq_epi8(v, _mm256_set1_epi8('%')));
		__m256i f = _mm256_cmpeq_epi8(_mm256_and_si256(v, _mm256_set1_epi8((char)0xFE)), _mm256_set1_epi8('0'));
		f = _mm256_or_si256(f, _mm256_cmpeq_epi8(v, _mm256_set1_epi8('*')));
		f = _mm256_or_si256(f, _mm256_cmpeq_epi8(v, _mm256_set1_epi8((char)0xC2)));
		/* signed: 0x80..0xFF are below 0x20 too; less HT..CR, and 0x7F */
		__m256i u = _mm256_andnot_si256(ctl, _mm256_cmpgt_epi8(_mm256_set1_epi8(0x20), v));
		u = _mm256_or_si256(u, _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x7F)));
		nw |= (uint64_t)(uint32_t)_mm256_movemask_epi8(n) << k;
		eol |= (uint64_t)(uint32_t)_mm256_movemask_epi8(e) << k;
		special |= (uint64_t)(uint32_t)_mm256_movemask_epi8(sp) << k;
		first |= (uint64_t)(uint32_t)_mm256_movemask_epi8(f) << k;
		unclean |= (uint64_t)(uint32_t)_mm256_movemask_epi8(u) << k;
	}
	out->nw = nw;
	out->eol = eol;
	out->special = special;
	out->first = first;
	out->unclean = unclean;
}

__attribute__((target("avx2"), noinline, unused)) static void pgn_comment_masks64_avx2(const unsigned char *p,
	pgn_comment_masks *out)
{
	uint64_t open = 0, close = 0, odd = 0;
	for (unsigned k = 0; k < 64; k += 32) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(p + k));
		__m256i o = _mm256_andnot_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\t')),
			_mm256_cmpgt_epi8(_mm256_set1_epi8(0x20), v));
		o = _mm256_or_si256(o, _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x7F)));
		open |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('{'))) << k;
		close |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('}'))) << k;
		odd |= (uint64_t)(uint32_t)_mm256_movemask_epi8(o) << k;
	}
	out->open = open;
	out->close = close;
	out->odd = odd;
}
#endif

static inline unsigned pgn_ctz64(uint64_t m) { return (unsigned)__builtin_ctzll(m); }
static inline unsigned pgn_msb64(uint64_t m) { return 63u - (unsigned)__builtin_clzll(m); }
/* Bits 0..n-1 (n <= 64). */
static inline uint64_t pgn_low64(unsigned n) { return n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1; }
#endif

#endif
