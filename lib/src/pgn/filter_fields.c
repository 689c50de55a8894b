/* filter_fields.c: the --where fields along a game's mainline (see hamle/filter.h): Position
 * (some position matches a board pattern), Material (some position has a material signature:
 * filter_material.c),
 * Hash (some position has a Polyglot key), Moves (the game starts with these moves), and the
 * words of Has. Their values are read once, when the expression is compiled; a test walks the
 * mainline from the facts' start position with the facts' moves (already legal: the replay read
 * them), and stops at the first position that decides. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/position_internal.h"
#include "hamle/filter.h"
#include "hamle/locale.h"
#include "hamle/san.h"
#include "pgn/filter_internal.h"

/* The Polyglot key of the standard start position (the Polyglot book format's own example). */
#define START_KEY 0x463b96181691fc9cULL

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

int hamle_filter_hash_read(uint64_t *h, const char *v, size_t n, size_t *bad, const char **why)
{
	size_t i = n > 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X') ? 2 : 0, start = i;
	uint64_t k = 0;
	for (; i < n; i++) {
		char c = v[i];
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
			c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0 || i - start >= 16) {
			*bad = i;
			*why = "a Polyglot key is 1 to 16 hexadecimal digits (0x optional), as 463b96181691fc9c";
			return HAMLE_EUSAGE;
		}
		k = k << 4 | (uint64_t)d;
	}
	if (i == start) {
		*bad = i;
		*why = "a Polyglot key is 1 to 16 hexadecimal digits (0x optional), as 463b96181691fc9c";
		return HAMLE_EUSAGE;
	}
	*h = k;
	return 0;
}

int hamle_filter_has_read(unsigned *bit, const char *v, size_t n)
{
	static const struct {
		const char *word;
		unsigned bit;
	} words[] = {
		{ "threefold", HAMLE_FILTER_HAS_THREEFOLD }, { "fifty", HAMLE_FILTER_HAS_FIFTY },
		{ "fivefold", HAMLE_FILTER_HAS_FIVEFOLD }, { "seventyfive", HAMLE_FILTER_HAS_SEVENTYFIVE },
	};
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i].word) == n && memcmp(words[i].word, v, n) == 0) {
			*bit = words[i].bit;
			return 0;
		}
	return HAMLE_EUSAGE;
}

/* The next move word of v[*i..n): blanks and move numbers ("12.", "12...") skipped; its start in
 * *at and length in *len, 0 at the end. */
static size_t next_word(const char *v, size_t n, size_t *i, size_t *at)
{
	for (;;) {
		while (*i < n && is_blank(v[*i]))
			(*i)++;
		size_t s = *i, d = s;
		while (d < n && v[d] >= '0' && v[d] <= '9')
			d++;
		if (d > s && d < n && v[d] == '.') {
			while (d < n && v[d] == '.')
				d++;
			*i = d;
			continue;
		}
		while (*i < n && !is_blank(v[*i]))
			(*i)++;
		*at = s;
		return *i - s;
	}
}

/* Reads every move word of v in locale loc from the standard start into out (room for n moves):
 * the number read; *fail the offset of the first word that is no legal move (when fewer than all). */
static size_t read_in(const hamle_locale *loc, const char *v, size_t n, uint16_t *out, size_t *fail)
{
	struct hamle_position *pos = NULL;
	if (hamle_position_new(&pos, NULL, NULL) < 0)
		return 0;
	size_t i = 0, at = 0, len, k = 0;
	*fail = (size_t)-1;
	while ((len = next_word(v, n, &i, &at)) > 0) {
		hamle_move m;
		if (hamle_san_parse(&m, pos, loc, v + at, len, NULL, NULL) < 0 || m == HAMLE_MOVE_NULL) {
			*fail = at;
			break;
		}
		hamle_position_play(pos, m);
		out[k++] = m;
	}
	hamle_position_free(pos);
	return k;
}

int hamle_filter_moves_read(uint16_t **moves, size_t *nmoves, const char *v, size_t n, size_t *bad,
	const char **why, char *why_buf, size_t size)
{
	size_t words = 0, i = 0, at, len;
	while ((len = next_word(v, n, &i, &at)) > 0)
		words++;
	*moves = NULL;
	*nmoves = 0;
	if (words == 0) {
		*bad = 0;
		*why = "expected moves, as '1. e4 c5 2. Nf3'";
		return HAMLE_EUSAGE;
	}
	uint16_t *out = malloc(words * sizeof(*out));
	if (!out)
		return HAMLE_ENOMEM;
	/* the first language (of those hamle reads, English first) in which every move is legal */
	size_t best = 0, best_fail = 0;
	int rc = HAMLE_EUSAGE;
	for (size_t li = 0; rc == HAMLE_EUSAGE; li++) {
		/* English, then the others in the order of their tags */
		const char *tag = li == 0 ? "en" : hamle_locale_builtin_tag(li - 1);
		if (!tag)
			break;
		if (li > 0 && strcmp(tag, "en") == 0)
			continue;
		hamle_locale *loc = NULL;
		if (hamle_locale_load_builtin(&loc, tag, NULL) < 0) {
			rc = HAMLE_ENOMEM;
			break;
		}
		size_t fail, k = read_in(loc, v, n, out, &fail);
		hamle_locale_free(loc);
		if (k == words)
			rc = 0;
		else if (k >= best)
			best = k, best_fail = fail;
	}
	if (rc == HAMLE_EUSAGE) {
		free(out);
		*bad = best_fail;
		size_t wl = 0;
		while (best_fail + wl < n && !is_blank(v[best_fail + wl]))
			wl++;
		snprintf(why_buf, size, "'%.*s' is no legal move there in any language hamle reads", (int)(wl > 40 ? 40 : wl),
			v + best_fail);
		*why = why_buf;
		return rc;
	}
	if (rc < 0) {
		free(out);
		return rc;
	}
	*moves = out;
	*nmoves = words;
	return 0;
}

/* Whether pos matches board pattern b: the constrained squares of the ranks without '*' first
 * (a lookup each), then the ranks with one (glob). */
static int board_matches(const filter_board *b, const struct hamle_position *pos)
{
	for (unsigned i = 0; i < b->nfixed; i++)
		if (!((b->fixed_mask[i] >> pos->board[b->fixed_sq[i]]) & 1u))
			return 0;
	unsigned globs = (unsigned)b->star & ~(unsigned)b->any;
	for (int r = 0; globs; r++, globs >>= 1) {
		if (!(globs & 1u))
			continue;
		uint8_t sq[8];
		for (int f = 0; f < 8; f++)
			sq[f] = (uint8_t)pos->board[(7 - r) * 8 + f];
		if (!hamle_filter_board_rank(b, r, sq))
			return 0;
	}
	return 1;
}

/* Whether the position decides the condition (Position, Material, Hash). */
static int position_test(const filter_cond *c, const struct hamle_position *pos)
{
	switch (c->field) {
	case FFIELD_POSITION:
		return board_matches(c->board, pos) || (c->either && board_matches(c->board + 1, pos));
	case FFIELD_MATERIAL:
		return hamle_filter_material_matches(c->material, pos);
	default:
		return hamle_position_hash(pos) == c->hash;
	}
}

int hamle_filter_mainline_test(const filter_cond *c, const hamle_filter_facts *facts)
{
	if (!facts || !facts->start || (facts->nmoves && !facts->moves))
		return 0;
	if (c->field == FFIELD_MOVES) {
		if (hamle_position_hash(facts->start) != START_KEY || facts->nmoves < c->nmoves ||
		    (c->op == FOP_EQ && facts->nmoves != c->nmoves) || (c->op == FOP_NE && facts->nmoves != c->nmoves))
			return 0;
		for (size_t i = 0; i < c->nmoves; i++)
			if (facts->moves[i] != c->moves[i])
				return 0;
		return 1;
	}
	/* Material with a stability of N plies: N + 1 positions in a row have it */
	unsigned need = c->field == FFIELD_MATERIAL ? c->material->plies + 1u : 1u, run = 0;
	struct hamle_position pos = *facts->start;
	if (position_test(c, &pos) && ++run >= need)
		return 1;
	for (size_t i = 0; i < facts->nmoves; i++) {
		hamle_position_play(&pos, facts->moves[i]);
		if (!position_test(c, &pos))
			run = 0;
		else if (++run >= need)
			return 1;
	}
	return 0;
}
