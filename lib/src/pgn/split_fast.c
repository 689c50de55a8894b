/* split_fast.c: the splitter's 64-byte runs (split.c calls them at a word in a game): words,
 * blanks, line ends and one-line {} comments taken a window at a time with the masks of scan.h
 * (AVX2 where the CPU has it). */
#include <string.h>

#include "compiler.h"
#include "pgn/split_internal.h"

#ifdef PGN_SCAN_SSE2
/* S_NORMAL over the words, blanks, line ends and {} comments of view[p..p+64) (in a game; 64 bytes
 * readable; view[p] does not continue a word), up to the first other delimiter or '%', a word
 * running past that point or the block, or a termination marker at depth 0: those are left to the
 * byte loop. A comment is taken whole when it has no line end (S_COMMENT would find no '[' to look
 * at, the line being no longer blank after its '{') and closes in the view, past the window too
 * when it ends the run. Returns the bytes consumed (whole words and comments); *more is 1 when
 * only the window's end stopped it (the next window goes on from there). */
static size_t fast_window(hamle_reader *r, const unsigned char *v, size_t p, int *more, int avx2)
{
	*more = 0;
	pgn_prefetch_ahead(v + p);
	pgn_split_masks m;
#ifdef PGN_SCAN_AVX2
	if (avx2)
		pgn_split_masks64_avx2(v + p, &m);
	else
#endif
		pgn_split_masks64(v + p, &m);
	uint64_t sp = m.special, skip = 0; /* skip: the bytes of the comments taken, braces too */
	pgn_comment_masks cm = { 0, 0, 0 };
	if (sp && v[p + pgn_ctz64(sp)] == '{') {
#ifdef PGN_SCAN_AVX2
		if (avx2)
			pgn_comment_masks64_avx2(v + p, &cm);
		else
#endif
			pgn_comment_masks64(v + p, &cm);
		while (sp && ((cm.open >> pgn_ctz64(sp)) & 1)) {
			unsigned k = pgn_ctz64(sp);
			uint64_t after = cm.close & ~pgn_low64(k + 1);
			if (!after)
				break;
			uint64_t body = pgn_low64(pgn_ctz64(after) + 1) & ~pgn_low64(k);
			if (m.eol & body)
				break;
			skip |= body;
			sp &= ~pgn_low64(pgn_ctz64(after) + 1);
		}
	}
	uint64_t w = ~m.nw & ~skip;
	uint64_t starts = w & ~(w << 1); /* view[p] never continues a word */
	unsigned lim = sp ? pgn_ctz64(sp) : 64;
	int at_end = lim == 64; /* nothing but the window's end stops the run so far */
	if (lim > 0 && ((w >> (lim - 1)) & 1) && (lim == 64 || ((w >> lim) & 1)))
		lim = pgn_msb64(starts & pgn_low64(lim)); /* stop before the word cut at lim */
	if (lim == 0)
		return 0;
	if (r->depth == 0) {
		/* the byte loop takes the first word that is a termination marker, or that starts with
		 * "1." or "1)" (or '1' at the window's end): it may open a new untagged game after a
		 * blank line. Both start with a byte of m.first. */
		uint64_t cand = starts & m.first & pgn_low64(lim);
		while (cand) {
			unsigned k = pgn_ctz64(cand);
			cand &= cand - 1;
			const unsigned char *wp = v + p + k;
			if (wp[0] == '1' && (k == 63 || wp[1] == '.' || wp[1] == ')')) {
				lim = k;
				at_end = 0;
				break;
			}
			unsigned e = k + pgn_ctz64(m.nw >> k); /* the word ends before lim */
			if (e - k < sizeof(r->word) && pgn_may_be_result(wp, e - k) &&
			    hamle_result_parse((const char *)wp, e - k) != HAMLE_RESULT_NONE) {
				lim = k;
				at_end = 0;
				break;
			}
		}
		if (lim == 0)
			return 0;
	}
	uint64_t eol = m.eol & pgn_low64(lim);
	unsigned cur = 0;
	while (eol) {
		unsigned k = pgn_ctz64(eol);
		eol &= eol - 1;
		if ((w | skip) & pgn_low64(k) & ~pgn_low64(cur))
			r->line_blank = 0;
		newline(r, p + k);
		cur = k + 1;
		if (UNLIKELY(cur < lim && v[p + cur] == 0xEF)) {
			lim = cur; /* a line that may start with a byte order mark: the byte loop reads it */
			at_end = 0;
			break;
		}
	}
	uint64_t rng = pgn_low64(lim);
	if (m.unclean & rng)
		r->text_odd = 1;
	if (w & rng)
		r->has_movetext = r->has_words = 1;
	if (skip & rng) {
		r->has_movetext = 1;
		if (skip & cm.odd & rng)
			r->comment_odd = 1;
	}
	if ((w | skip) & rng & ~pgn_low64(cur))
		r->line_blank = 0;
	if (lim < 64 && v[p + lim] == '{' && !r->comment_odd) {
		/* a comment that runs past the window: taken when it closes on its line, in plain bytes */
		size_t e = pgn_comment_stop_odd(v, p + lim + 1, r->vlen, 0);
		if (e < r->vlen && v[e] == '}') {
			r->has_movetext = 1;
			r->line_blank = 0;
			if (lim < FAST_RUN_MIN && e - p > 128) /* a word, a long comment (TCEC): see the caller */
				r->fast_wait = FAST_RUN_WAIT;
			else
				*more = 1;
			return e + 1 - p;
		}
	}
	*more = at_end;
	return lim;
}

size_t pgn_split_fast_run(hamle_reader *r, const unsigned char *v, size_t p0)
{
	size_t p = p0;
	int more = 1, avx2 = 0;
#ifdef PGN_SCAN_AVX2
	avx2 = pgn_has_avx2();
#endif
	while (more && r->vlen - p >= 64 && (p == p0 || v[p] != 0xEF)) /* 0xEF: a mark at a line's start? */
		p += fast_window(r, v, p, &more, avx2);
	return p - p0;
}
#endif
