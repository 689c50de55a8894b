/* quick_next_fuzzer.c: a differential harness for reading in one pass (hamle_replay_quick_next).
 * The input is read twice: by a reader that only splits (hamle_reader_next_chunk), and by one that
 * tries hamle_replay_quick_next before each game, from a buffer and from a mapping cut in slices of
 * a size the input's first byte picks. abort() unless both hand out the same chunks (bytes, game
 * number, line, column, offset, total length, flags), and every game taken in one pass is one the
 * quick lane judges clean on the same chunk, with the same plies. Language detection over every
 * built-in locale, as hamle-validate without --from. hamle_replay_quick_next_findings too: a game
 * it takes with its tags' findings to make (2) is one the lane on its chunk answers 2 on, and
 * hamle_replay_quick_tag_findings makes the findings that call made. */
#define _GNU_SOURCE /* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "pgn/reader_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_INPUT 16384
#define MAX_GAMES 64

struct seen {
	hamle_chunk ch[MAX_GAMES];
	uint64_t hash[MAX_GAMES]; /* of each chunk's bytes (a copied chunk's go at the next call) */
	size_t n;
};

static uint64_t hash_bytes(const unsigned char *p, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 1099511628211ull;
	return h;
}

static void done_fn(void *payload, size_t offset)
{
	(void)payload;
	(void)offset;
}

/* The findings of rp, one line each (code, severity, line, column, offset, message). */
static size_t findings_text(const hamle_replay *rp, char *buf, size_t cap)
{
	size_t n = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < hamle_replay_finding_count(rp) && n < cap; i++) {
		const hamle_diagnostic *f = hamle_replay_finding(rp, i);
		int w = snprintf(buf + n, cap - n, "%s %d %zu %zu %zu %s\n", f->id, (int)f->severity,
			f->error.line, f->error.column, f->error.offset, f->error.message);
		n += w > 0 ? (size_t)w : 0;
	}
	return hamle_replay_finding_count(rp);
}

/* A game taken in one pass with its tags' findings to make (2): the lane on its chunk answers 2
 * with the same plies, and the tags' findings made from the chunk are that call's. */
static void check_tagged(hamle_replay *rp, hamle_game **g, const hamle_chunk *ch)
{
	static char a[8192], b[8192];
	unsigned plies = hamle_replay_plies(rp);
	if (hamle_replay_quick_findings(rp, g, ch, NULL) != 2 || hamle_replay_plies(rp) != plies) {
		fprintf(stderr, "game %zu: taken in one pass (2), but the lane on its chunk differs\n", ch->game);
		abort();
	}
	size_t na = findings_text(rp, a, sizeof(a));
	const hamle_locale *la = hamle_replay_locale(rp);
	if (hamle_replay_quick_tag_findings(rp, g, ch, NULL, plies) != 2 || hamle_replay_plies(rp) != plies ||
	    findings_text(rp, b, sizeof(b)) != na || strcmp(a, b) || hamle_replay_locale(rp) != la ||
	    hamle_replay_error_count(rp) != 0) {
		fprintf(stderr, "game %zu: the tags' findings differ:\n%s---\n%s", ch->game, a, b);
		abort();
	}
}

/* The chunks of data (at most MAX_GAMES; their bytes stay in data, or are compared at once); with
 * findings, hamle_replay_quick_next_findings in one pass. */
static void read_all(const uint8_t *data, size_t size, size_t slice, hamle_replay *rp, struct seen *ref, int findings)
{
	hamle_reader *r = NULL;
	if (hamle_reader_new(&r, NULL) != 0)
		abort();
	if (slice) {
		hamle_reader_set_input_mapped(r, data, size, done_fn, NULL, "f");
		r->map_slice = slice;
	} else {
		hamle_reader_set_input_buffer(r, data, size, "f");
	}
	hamle_game *g = NULL;
	size_t n = 0;
	while (n < MAX_GAMES) {
		hamle_chunk ch;
		int q = !rp ? 0 : findings ? hamle_replay_quick_next_findings(rp, r, NULL, &ch)
		                          : hamle_replay_quick_next(rp, r, NULL, &ch);
		if (q < 0 || (q == 2 && !findings))
			abort();
		if (q == 2) {
			check_tagged(rp, &g, &ch);
		} else if (q == 1) {
			unsigned plies = hamle_replay_plies(rp);
			if (hamle_replay_quick(rp, &g, &ch, NULL) != 1 || hamle_replay_plies(rp) != plies) {
				fprintf(stderr, "game %zu: taken in one pass, but the lane does not judge its chunk clean\n",
					ch.game);
				abort();
			}
		} else if (hamle_reader_next_chunk(r, &ch) != 0) {
			break;
		}
		if (!rp) {
			ref->hash[n] = hash_bytes(ch.data, ch.len);
			ref->ch[n++] = ch;
			ref->n = n;
			continue;
		}
		const hamle_chunk *w = n < ref->n ? &ref->ch[n] : NULL;
		if (!w || w->len != ch.len || w->game != ch.game || w->line != ch.line || w->column != ch.column ||
		    w->offset != ch.offset || w->total_len != ch.total_len || w->flags != ch.flags ||
		    ref->hash[n] != hash_bytes(ch.data, ch.len)) {
			fprintf(stderr, "game %zu (slice %zu): one pass gives line %zu col %zu offset %zu len %zu total %zu "
				"flags %x; the splitter %s\n", n + 1, slice, ch.line, ch.column, ch.offset, ch.len,
				ch.total_len, ch.flags, w ? "differs" : "has no such game");
			abort();
		}
		n++;
	}
	if (rp && n != ref->n) {
		fprintf(stderr, "one pass read %zu games, the splitter %zu\n", n, ref->n);
		abort();
	}
	hamle_game_free(g);
	hamle_reader_free(r);
}

/* Checks chunk ch (numbers shifted by gb, lb; h: the hash of its bytes) as game n of ref. */
static void check_game(const struct seen *ref, size_t n, const hamle_chunk *ch, uint64_t h, size_t gb, size_t lb,
	const char *how)
{
	const hamle_chunk *w = n < ref->n ? &ref->ch[n] : NULL;
	if (!w || w->len != ch->len || w->game != ch->game + gb || w->line != ch->line + lb || w->column != ch->column ||
	    w->offset != ch->offset || w->total_len != ch->total_len || w->flags != ch->flags ||
	    ref->hash[n] != h) {
		fprintf(stderr, "game %zu (%s): line %zu col %zu offset %zu len %zu; the splitter %s\n", n + 1, how,
			ch->line + lb, ch->column, ch->offset, ch->len, w ? "differs" : "has no such game");
		abort();
	}
}

/* A reader that stops at `at`, a fork from there to the next game after a blank line, the join
 * (or the reader reading on itself), then the rest: the games of ref, in order. */
static void read_forked(const uint8_t *data, size_t size, size_t at, hamle_replay *rp, const struct seen *ref)
{
	hamle_reader *r = NULL, *f = NULL;
	if (hamle_reader_new(&r, NULL) != 0 || hamle_reader_new(&f, NULL) != 0)
		abort();
	hamle_reader_set_input_mapped(r, data, size, done_fn, NULL, "f");
	hamle_reader_set_input_mapped_from(f, data, size, at, NULL, NULL, "f");
	const uint8_t *next = size - at > 3 ? memmem(data + at + 1, size - at - 1, "\n\n[", 3) : NULL;
	hamle_reader_set_stop(f, next ? (size_t)(next - data) + 2 : SIZE_MAX);
	hamle_reader_set_stop(r, at);
	size_t n = 0;
	hamle_chunk ch;
	while (n < ref->n && (hamle_replay_quick_next(rp, r, NULL, &ch) == 1 || hamle_reader_next_chunk(r, &ch) == 0))
		check_game(ref, n++, &ch, hash_bytes(ch.data, ch.len), 0, 0, "before the fork");
	static hamle_chunk fch[MAX_GAMES];
	static uint64_t fh[MAX_GAMES];
	size_t nf = 0;
	while (nf < MAX_GAMES && (hamle_replay_quick_next(rp, f, NULL, &ch) == 1 || hamle_reader_next_chunk(f, &ch) == 0)) {
		fh[nf] = hash_bytes(ch.data, ch.len);
		fch[nf++] = ch;
	}
	size_t gb, lb;
	if (nf < MAX_GAMES && hamle_reader_stopped(r) && hamle_reader_join(r, f, &gb, &lb) == 1) {
		for (size_t i = 0; i < nf; i++, n++)
			check_game(ref, n, &fch[i], fh[i], gb, lb, "joined");
	}
	hamle_reader_set_stop(r, SIZE_MAX);
	while (n < ref->n && (hamle_replay_quick_next(rp, r, NULL, &ch) == 1 || hamle_reader_next_chunk(r, &ch) == 0))
		check_game(ref, n++, &ch, hash_bytes(ch.data, ch.len), 0, 0, "after the fork");
	if (n != ref->n)
		abort();
	hamle_reader_free(f);
	hamle_reader_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > MAX_INPUT)
		return 0;
	static hamle_replay *rp;
	if (!rp) {
		size_t n;
		const hamle_locale *const *all = fuzz_locales(&n);
		hamle_replay_options o = HAMLE_REPLAY_OPTIONS_INIT;
		o.candidates = all;
		o.n_candidates = n;
		if (hamle_replay_new(&rp, &o) != 0)
			abort();
	}
	static struct seen ref;
	ref.n = 0;
	read_all(data, size, 0, NULL, &ref, 0);
	read_all(data, size, 0, rp, &ref, 0);
	read_all(data, size, 0, rp, &ref, 1);
	size_t slice = size ? 3 + data[0] % 200 : 3;
	read_all(data, size, slice, rp, &ref, (int)(size & 1)); /* the mapping in slices: either way */
	if (size > 2 && ref.n < MAX_GAMES) {
		/* at an offset the input picks, and where games start after a blank line (as
		 * hamle-validate forks) */
		read_forked(data, size, 1 + (data[1] * 131u + data[2]) % (size - 1), rp, &ref);
		const uint8_t *p = data;
		for (int k = 0; k < 8 && (p = memmem(p, size - (size_t)(p - data), "\n\n[", 3)) != NULL; k++) {
			p += 2;
			read_forked(data, size, (size_t)(p - data), rp, &ref);
		}
	}
	return 0;
}
