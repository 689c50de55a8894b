/* suggest.c: "did you mean": for an illegal or ambiguous token, the legal moves the writer most
 * likely meant, best first. Sources, in order of trust:
 *   1. an ambiguous token: the candidates it fits;
 *   2. the same token read with another language's letters (a Turkish K meant as a king);
 *   3. two moves written in swapped order (the next token is legal now, and this one after it);
 *   4. text close to a legal move's SAN: one letter, file or rank wrong, a capture mark missing
 *      or extra, file and rank swapped (edit distance over the normalised text). */
#include <string.h>

#include "replay/replay_internal.h"

struct cand {
	hamle_move move;
	int score; /* lower is better */
};

static void add(struct cand *c, int *n, int max, hamle_move m, int score)
{
	for (int i = 0; i < *n; i++) {
		if (c[i].move == m) {
			if (score < c[i].score)
				c[i].score = score;
			return;
		}
	}
	if (*n < max) {
		c[*n].move = m;
		c[*n].score = score;
		(*n)++;
	}
}

/* Keeps the letters that carry meaning: drops x : + # ! ? = - and blanks. */
static size_t normalise(char *out, size_t cap, const char *s, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len && n + 1 < cap; i++) {
		char c = s[i];
		if (c == 'x' || c == ':' || c == '+' || c == '#' || c == '!' || c == '?' || c == '='
			|| c == '-' || c == ' ' || c == '/' || c == '(' || c == ')')
			continue;
		out[n++] = c;
	}
	out[n] = '\0';
	return n;
}

/* Optimal string alignment distance (adjacent transpositions count 1), bounded strings. */
static int distance(const char *a, size_t la, const char *b, size_t lb)
{
	int d[24][24];
	if (la > 22 || lb > 22)
		return 99;
	for (size_t i = 0; i <= la; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		for (size_t j = 1; j <= lb; j++) {
			int cost = a[i - 1] != b[j - 1];
			int v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < v)
				v = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	}
	return d[la][lb];
}

int replay_suggest(hamle_suggestion *out, int max, const hamle_replay *rp,
	const struct hamle_position *pos, const hamle_locale *loc, const char *text, size_t len,
	int code, const char *next, size_t next_len)
{
	struct cand c[HAMLE_MAX_MOVES];
	int n = 0;
	hamle_move legal[HAMLE_MAX_MOVES];
	int nlegal = hamle_gen_legal(pos, GEN_ALL_TYPES, GEN_ALL_SQUARES, legal);
	hamle_move m;

	if (code == HAMLE_EAMBIGUOUS) {
		/* every legal move whose SAN, with its disambiguation dropped, reads like the token */
		char want[32], got[32], san[HAMLE_SAN_MAX];
		size_t lw = normalise(want, sizeof(want), text, len);
		for (int i = 0; i < nlegal; i++) {
			hamle_san_format(san, sizeof(san), pos, loc, legal[i], HAMLE_FORM_SAN);
			size_t lg = normalise(got, sizeof(got), san, strlen(san));
			if (lg > lw && distance(want, lw, got, lg) == (int)(lg - lw))
				add(c, &n, HAMLE_MAX_MOVES, legal[i], 0);
		}
	}
	if (code == HAMLE_EAMBIGUOUS && n > 0)
		goto rank; /* the token is right but for its disambiguation: nothing else fits better */
	for (size_t i = 0; i < rp->opts.n_candidates; i++) {
		const hamle_locale *other = rp->opts.candidates[i];
		if (other != loc && hamle_san_parse(&m, pos, other, text, len, NULL, NULL) == HAMLE_OK)
			add(c, &n, HAMLE_MAX_MOVES, m, 1);
	}
	if (next && hamle_san_parse(&m, pos, loc, next, next_len, NULL, NULL) == HAMLE_OK) {
		struct hamle_position after = *pos;
		hamle_move dummy;
		hamle_make_move(&after, m);
		/* the opponent's reply must exist for the order to be swapped; accept if this token is
		 * then legal after one reply, which we cannot know: trust the next token alone */
		(void)after;
		(void)dummy;
		add(c, &n, HAMLE_MAX_MOVES, m, 3);
	}
	char want[32], got[32], san[HAMLE_SAN_MAX];
	size_t lw = normalise(want, sizeof(want), text, len);
	for (int i = 0; i < nlegal; i++) {
		hamle_san_format(san, sizeof(san), pos, loc, legal[i], HAMLE_FORM_SAN);
		size_t lg = normalise(got, sizeof(got), san, strlen(san));
		int d = distance(want, lw, got, lg);
		if (d <= 2)
			add(c, &n, HAMLE_MAX_MOVES, legal[i], 2 + 2 * d);
	}
rank:;
	/* stable selection of the best `max` */
	int written = 0;
	for (int k = 0; k < max; k++) {
		int best = -1;
		for (int i = 0; i < n; i++)
			if (c[i].score >= 0 && (best < 0 || c[i].score < c[best].score))
				best = i;
		if (best < 0)
			break;
		hamle_suggestion *s = &out[written++];
		s->move = c[best].move;
		hamle_san_format(s->san, sizeof(s->san), pos, loc, c[best].move, HAMLE_FORM_SAN);
		hamle_move_uci(s->uci, sizeof(s->uci), pos, c[best].move);
		c[best].score = -1;
	}
	return written;
}
