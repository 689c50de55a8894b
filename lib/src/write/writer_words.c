/* writer_words.c: the words of PGN export and their line wrapping: one word (wr_word3), {}
 * comments (a plain comment copied in one pass and its line breaks made in place, or a line's
 * worth at a time; any other word by word), ';' comments and '%' escape lines. */
#include <string.h>

#include "pgn/scan.h"
#include "write/writer_internal.h"

static int width_ok(const hamle_writer *w, size_t c)
{
	return w->col + 1 + c < w->opts.line_width;
}

void wr_word3(hamle_writer *w, const char *prefix, const char *s, size_t n, const char *suffix)
{
	/* This runs once per move and move number: one reservation, the word copied after a slot
	 * for the separator while its characters are counted, then the separator decided. */
	size_t pl = 0, sl = 0;
	while (prefix[pl])
		pl++;
	while (suffix[sl])
		sl++;
	if (!wr_reserve(w, 2 + pl + n + sl))
		return;
	char *start = w->buf + w->len, *d = start + 1;
	size_t c = 0;
	for (size_t i = 0; i < pl; i++) {
		c += ((unsigned char)prefix[i] & 0xC0) != 0x80;
		*d++ = prefix[i];
	}
	for (size_t i = 0; i < n; i++) {
		c += ((unsigned char)s[i] & 0xC0) != 0x80;
		*d++ = s[i];
	}
	for (size_t i = 0; i < sl; i++) {
		c += ((unsigned char)suffix[i] & 0xC0) != 0x80;
		*d++ = suffix[i];
	}
	*d = '\0';
	char first = pl ? prefix[0] : n ? s[0] : sl ? suffix[0] : ' ';
	if (w->col > 0 && (width_ok(w, c) || w->glue)) {
		*start = ' ';
		w->col++;
	} else if (__builtin_expect(first == '%', 0)) {
		/* '%' in column 1 would start an escape line: a space before it on its new line */
		if (w->col > 0) {
			memmove(start + 2, start + 1, (size_t)(d - start));
			start[0] = '\n';
			start[1] = ' ';
			d++;
		} else {
			*start = ' ';
		}
		w->col = 1;
	} else if (w->col > 0) {
		*start = '\n';
		w->col = 0;
	} else {
		/* at the start of a line: no separator */
		memmove(start, start + 1, (size_t)(d - start));
		d--;
	}
	w->len = (size_t)(d - w->buf);
	w->col += c;
	w->glue = 0;
}

void wr_word(hamle_writer *w, const char *s)
{
	wr_word3(w, "", s, strlen(s), "");
}

void wr_end_line(hamle_writer *w)
{
	if (w->col > 0) {
		wr_putc(w, '\n');
		w->col = 0;
	}
}

/* The longest command ("[%clk 1:59:58]") kept whole on one line, in bytes as read. */
#define WR_COMMAND_MAX 128

/* The end of the word starting at s[i] (no blank): its first blank, or for a word that opens
 * an embedded command ("[%eval", "[%clk") the end of the word that closes it with ']', so that a
 * command is never broken across lines (tools that read [%clk] and [%eval] expect it on one).
 * A command with no ']' in the comment, or longer than WR_COMMAND_MAX, goes word by word.
 * *blanks: the unit holds blanks (between the command's words). */
static size_t unit_end(const char *s, size_t i, size_t n, int *blanks)
{
	size_t e = i;
	int open = 0;
	*blanks = 0;
	while (e < n && !wr_is_space(s[e])) {
		if (s[e] == '[' && e + 1 < n && s[e + 1] == '%')
			open = 1;
		else if (s[e] == ']')
			open = 0;
		e++;
	}
	if (!open)
		return e;
	size_t word = e;
	for (; e < n && e - i <= WR_COMMAND_MAX; e++) {
		if (wr_is_space(s[e])) {
			if (!open)
				break;
			*blanks = 1;
		} else if (s[e] == ']') {
			open = 0;
		} else if (s[e] == '[' && e + 1 < n && s[e + 1] == '%') {
			open = 1;
		}
	}
	if (open || e - i > WR_COMMAND_MAX) {
		*blanks = 0;
		return word;
	}
	return e;
}

/* 1 when s holds a command "[%" with a blank before its ']': a line break there would split it. */
static int has_spaced_command(const char *s, size_t n)
{
	const char *p = s, *end = s + n;
	while ((p = memchr(p, '[', (size_t)(end - p))) != NULL) {
		if (++p < end && *p == '%') {
			for (; p < end && *p != ']'; p++)
				if (wr_is_space(*p))
					return 1;
		}
	}
	return 0;
}

void wr_brace_comment_words(hamle_writer *w, const char *s, size_t n)
{
	size_t i = 0, nwords = 0;
	char tmp[6 * WR_COMMAND_MAX + 8];
	while (i < n) {
		while (i < n && wr_is_space(s[i]))
			i++;
		if (i == n)
			break;
		int blanks;
		size_t e = unit_end(s, i, n, &blanks);
		int brace = memchr(s + i, '}', e - i) != NULL;
		size_t k = e;
		while (k < n && wr_is_space(s[k]))
			k++;
		int last = k == n;
		const char *wd = s + i;
		size_t wl = e - i;
		if (brace || blanks) { /* '}' cannot occur in a read {} comment; error texts only */
			size_t o = 0;
			for (size_t j = 0; j < wl && o + 6 <= sizeof(tmp); j++) {
				if (wd[j] == '}') {
					memcpy(tmp + o, "U+007D", 6);
					o += 6;
				} else if (!wr_is_space(wd[j])) {
					tmp[o++] = wd[j];
				} else if (tmp[o - 1] != ' ') { /* (the unit starts with no blank) */
					tmp[o++] = ' ';
				}
			}
			wd = tmp;
			wl = o;
		}
		wr_word3(w, nwords == 0 ? "{" : "", wd, wl, last ? "}" : "");
		nwords++;
		i = e;
	}
	if (nwords == 0)
		wr_word(w, "{}");
}

#ifdef PGN_SCAN_SSE2
/* Bit k when p[k] (k < 16) is a byte comment_odd stops at; prev: p[-1] is a space (pairs that
 * start before p count only then). */
static inline unsigned odd_mask16(const char *p, unsigned prev, unsigned *last_space)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
	/* below 0x20 or from 0x7F: v + 1 is below 0x21 as a signed byte (as in scan.h) */
	__m128i m = _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8(1)), _mm_set1_epi8(0x21));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('}')));
	unsigned sp = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
	*last_space = sp >> 15;
	return (unsigned)_mm_movemask_epi8(m) | (sp & ((sp << 1) | prev));
}
#endif

/* Index of the first byte of s[0..n) that a plain comment cannot hold, or n: a byte that is not
 * printable ASCII (a control character, a blank other than the space, DEL, UTF-8), '}', or a space
 * right after a space. 16 bytes at a time where SSE2 is there. */
static size_t comment_odd(const char *s, size_t n)
{
	unsigned prev = 0, bits;
#ifdef PGN_SCAN_SSE2
	if (n < 16) { /* (most [%clk] comments): one block, padded with a plain byte */
		char b[16];
		memset(b, 'a', sizeof(b));
		memcpy(b, s, n);
		bits = odd_mask16(b, 0, &prev);
		return bits ? pgn_ctz(bits) : n;
	}
	size_t i = 0;
	for (; i + 16 <= n; i += 16)
		if ((bits = odd_mask16(s + i, prev, &prev)) != 0)
			return i + pgn_ctz(bits);
	/* the tail: the last 16 bytes, which overlap bytes (and pairs) already found plain */
	if (i < n && (bits = odd_mask16(s + n - 16, 0, &prev)) != 0)
		return n - 16 + pgn_ctz(bits);
	return n;
#else
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c >= 0x7F || c == '}' || (c == ' ' && prev))
			return i;
		prev = c == ' ';
	}
	(void)bits;
	return n;
#endif
}

/* A plain comment s[0..n) (n > 0, ASCII, no '}', words apart by single spaces), written
 * as wr_brace_comment_words writes it, with the same line breaks: the longest run of words that
 * fits on the line is copied at once, so the work is per line, not per word. The caller has
 * reserved 2 * n + 4 bytes. */
static void comment_run(hamle_writer *w, const char *s, size_t n)
{
	char *d = w->buf + w->len;
	long col = (long)w->col, width = (long)w->opts.line_width;
	if (col > 0 ? col + (long)n + 3 < width : (long)n + 3 <= width) {
		/* all of it fits on the line (every word would go there): one copy */
		if (col > 0)
			*d++ = ' ';
		*d++ = '{';
		memcpy(d, s, n);
		d += n;
		*d++ = '}';
		*d = '\0';
		w->len = (size_t)(d - w->buf);
		w->col = (size_t)(col + (col > 0) + (long)n + 2);
		w->glue = 0;
		return;
	}
	if (has_spaced_command(s, n)) { /* a line break could fall inside a [%cmd ...] */
		wr_brace_comment_words(w, s, n);
		return;
	}
	/* the first word, with its '{' (and its '}' when it is the only one), as wr_word3 places it */
	const char *sp = memchr(s, ' ', n);
	size_t e = sp ? (size_t)(sp - s) : n;
	long c = (long)e + 1 + (e == n);
	if (col > 0 && (col + 1 + c < width || w->glue)) {
		*d++ = ' ';
		col += 1 + c;
	} else {
		if (col > 0)
			*d++ = '\n';
		col = c;
	}
	*d++ = '{';
	memcpy(d, s, e);
	d += e;
	size_t i = e + 1; /* the next word's first byte */
	if (e == n) {
		*d++ = '}';
		i = n;
	}
	while (i < n) {
		/* a word was just placed (col > 0): the most characters a run after a space may have */
		long room = width - 2 - col;
		if ((long)(n - i) + 1 <= room) { /* the rest and its '}' */
			*d++ = ' ';
			memcpy(d, s + i, n - i);
			d += n - i;
			*d++ = '}';
			col += 1 + (long)(n - i) + 1;
			break;
		}
		if (room > 0) {
			/* the last space at most room bytes on: the longest run of whole words that fits
			 * (s[n - 1] is no space; a run to the end would not fit with its '}') */
			size_t p = i + (size_t)room < n - 1 ? i + (size_t)room : n - 1;
			while (p > i && s[p] != ' ')
				p--;
			if (p > i) {
				*d++ = ' ';
				memcpy(d, s + i, p - i);
				d += p - i;
				col += 1 + (long)(p - i);
				i = p + 1;
			}
		}
		/* the next word does not fit: it starts a line ('%' not in column 1) */
		sp = memchr(s + i, ' ', n - i);
		e = sp ? (size_t)(sp - s) : n;
		*d++ = '\n';
		col = 0;
		if (s[i] == '%') {
			*d++ = ' ';
			col = 1;
		}
		memcpy(d, s + i, e - i);
		d += e - i;
		col += (long)(e - i);
		if (e == n) {
			*d++ = '}';
			col++;
		}
		i = e + 1;
	}
	*d = '\0';
	w->len = (size_t)(d - w->buf);
	w->col = (size_t)col;
	w->glue = 0;
}

#ifdef PGN_SCAN_SSE2
/* The longest comment one_pass takes: its spaces fit a bitmap on the stack. */
#define WR_ONE_PASS_MAX 2048

/* The first space of s at or after from (bit k of bits[k / 64] for s[k]), or n. */
static size_t next_space(const uint64_t *bits, size_t from, size_t n)
{
	if (from >= n)
		return n;
	size_t k = from >> 6, last = (n - 1) >> 6;
	uint64_t m = bits[k] & (~(uint64_t)0 << (from & 63));
	while (!m) {
		if (++k > last)
			return n;
		m = bits[k];
	}
	size_t e = (k << 6) + (size_t)__builtin_ctzll(m);
	return e < n ? e : n;
}

/* The last space of s from lo to hi (lo <= hi), or NO_SPACE. */
#define NO_SPACE ((size_t)-1)
static size_t last_space(const uint64_t *bits, size_t lo, size_t hi)
{
	size_t k = hi >> 6, first = lo >> 6;
	uint64_t m = bits[k] & (~(uint64_t)0 >> (63 - (hi & 63)));
	while (!m) {
		if (k-- == first)
			return NO_SPACE;
		m = bits[k];
	}
	size_t q = (k << 6) + 63 - (size_t)__builtin_clzll(m);
	return q >= lo ? q : NO_SPACE;
}

/* 64 bytes of a comment at p, copied to d, and their classes (bit k for p[k]): odd = a byte a plain
 * comment cannot hold (comment_odd's, less the pairs of spaces), sp = a space. */
static inline void plain_masks64(const char *p, char *d, uint64_t *odd, uint64_t *sp)
{
	uint64_t o = 0, s = 0;
	for (unsigned k = 0; k < 64; k += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + k));
		_mm_storeu_si128((__m128i *)(void *)(d + k), v);
		/* below 0x20 or from 0x7F: v + 1 is below 0x21 as a signed byte (as in odd_mask16) */
		__m128i m = _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8(1)), _mm_set1_epi8(0x21));
		m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('}')));
		o |= (uint64_t)(unsigned)_mm_movemask_epi8(m) << k;
		s |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' '))) << k;
	}
	*odd = o;
	*sp = s;
}

/* A comment s[0..n) (16 <= n <= WR_ONE_PASS_MAX, no blank at either end) that is plain, written
 * in one pass as comment_run writes it: copied behind its '{' 64 bytes at a time while it is
 * checked plain (comment_odd) and its spaces are noted in a bitmap, then its line breaks made by
 * turning the spaces they fall on into line ends, found in the bitmap. 1 when written; 0 when it is
 * not plain or a line would start with '%' (comment_run puts a space before it), with nothing
 * written. The caller has reserved n + 80 bytes. */
static int one_pass(hamle_writer *w, const char *s, size_t n)
{
	uint64_t bits[WR_ONE_PASS_MAX / 64];
	long col = (long)w->col, width = (long)w->opts.line_width;
	char *d = w->buf + w->len, *body = d + (col > 0) + 1;
	uint64_t prev = 0, odd, sp;
	size_t i = 0;
	for (; i + 64 <= n; i += 64) {
		plain_masks64(s + i, body + i, &odd, &sp);
		if (odd | (sp & ((sp << 1) | prev))) /* an odd byte, or a space after a space */
			return 0;
		prev = sp >> 63;
		bits[i >> 6] = sp;
	}
	if (i < n) {
		/* the rest: the last 64 bytes (over some already seen, pairs across i included), or all of
		 * a shorter comment padded with a plain byte */
		size_t r = n - i;
		if (n >= 64) {
			plain_masks64(s + n - 64, body + n - 64, &odd, &sp);
			sp >>= 64 - r;
			odd >>= 64 - r;
		} else {
			char pad[64];
			memset(pad, 'a', sizeof(pad));
			memcpy(pad, s, n);
			plain_masks64(pad, body, &odd, &sp);
		}
		if (odd | (sp & ((sp << 1) | prev)))
			return 0;
		bits[i >> 6] = sp;
	}
	if ((col > 0 ? col + (long)n + 3 >= width : (long)n + 3 > width) && has_spaced_command(s, n))
		return 0; /* a line break could fall inside a [%cmd ...]: word by word */
	/* the first word with its '{' (and its '}' when it is the only one) as wr_word3 places it:
	 * after a space on this line, or at the start of a line; c0 is then the column of s[0] */
	size_t e = next_space(bits, 0, n);
	long c = (long)e + 1 + (e == n), c0;
	if (col > 0 && (col + 1 + c < width || w->glue)) {
		d[0] = ' ';
		c0 = col + 2;
	} else {
		if (col > 0)
			d[0] = '\n';
		c0 = 1;
	}
	body[-1] = '{';
	/* each line from s[l] on (column c0), as comment_run fills it (a line holds at most width - 1
	 * characters): the rest and its '}' when they fit; else its first word and the most whole words
	 * after it that fit, the space after them turned into a line end */
	size_t l = 0;
	while (c0 + (long)(n - l) + 2 > width) {
		long lim = (long)l + width - 1 - c0; /* the last place on the line for a space to end it */
		size_t q = lim < (long)l ? NO_SPACE : last_space(bits, l, lim < (long)n - 1 ? (size_t)lim : n - 1);
		if (q == NO_SPACE && (q = next_space(bits, l, n)) == n)
			break; /* one word to the end, longer than the line */
		if (body[q + 1] == '%')
			return 0; /* a line would start with it: comment_run puts a space before it */
		body[q] = '\n';
		l = q + 1;
		c0 = 0;
	}
	col = c0 + (long)(n - l) + 1;
	body[n] = '}';
	body[n + 1] = '\0';
	w->len = (size_t)(body + n + 1 - w->buf);
	w->col = (size_t)col;
	w->glue = 0;
	return 1;
}
#endif

void wr_brace_comment(hamle_writer *w, const char *s, size_t n)
{
	while (n > 0 && wr_is_space(*s))
		s++, n--;
	while (n > 0 && wr_is_space(s[n - 1]))
		n--;
	if (n == 0) {
		wr_word(w, "{}");
		return;
	}
#ifdef PGN_SCAN_SSE2
	if (n >= 16 && n <= WR_ONE_PASS_MAX && wr_reserve(w, n + 80) && one_pass(w, s, n))
		return;
#endif
	size_t odd = comment_odd(s, n);
	if (odd == n) {
		if (wr_reserve(w, 2 * n + 4))
			comment_run(w, s, n);
		return;
	}
	/* blanks to collapse (a comment over several lines): the comment with single spaces, behind
	 * the room comment_run writes in, unless a '}' or a byte from 0x80 is in it (word by word) */
	if (has_spaced_command(s, n)) {
		wr_brace_comment_words(w, s, n);
		return;
	}
	if (!wr_reserve(w, 3 * n + 8))
		return;
	char *t = w->buf + w->len + 2 * n + 6;
	memcpy(t, s, odd);
	size_t k = odd;
	for (size_t i = odd; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x80 || c == '}') {
			wr_brace_comment_words(w, s, n);
			return;
		}
		if (!wr_is_space((char)c))
			t[k++] = (char)c;
		else if (t[k - 1] != ' ') /* (s[0] is no blank) */
			t[k++] = ' ';
	}
	comment_run(w, t, k); /* (within the reservation: the buffer stays where it is; t holds no
	                         * spaced command, s had none) */
}

void wr_line_comment(hamle_writer *w, const char *s, size_t n)
{
	while (n > 0 && wr_is_space(s[n - 1]))
		n--;
	if (1 + wr_chars(s, n) <= WR_LINE_MAX) {
		wr_word3(w, ";", s, n, "");
		wr_end_line(w);
		return;
	}
	/* longer than a line: ';' lines of whole words (a word longer than a line on its own) */
	wr_end_line(w);
	size_t i = 0;
	while (i < n) {
		size_t e = i, cut = i, chars = 1;
		while (e < n) {
			if (e > i && wr_is_space(s[e]))
				cut = e;
			chars += ((unsigned char)s[e] & 0xC0) != 0x80;
			if (chars > WR_LINE_MAX && cut > i)
				break;
			e++;
		}
		if (e < n)
			e = cut;
		wr_putc(w, ';');
		wr_put(w, s + i, e - i);
		wr_putc(w, '\n');
		i = e;
		while (i < n && wr_is_space(s[i]))
			i++;
	}
}

void wr_escape_line(hamle_writer *w, const char *s, size_t n)
{
	while (n > 0 && wr_is_space(s[n - 1]))
		n--;
	wr_end_line(w);
	wr_putc(w, '%');
	wr_put(w, s, n);
	wr_putc(w, '\n');
}

