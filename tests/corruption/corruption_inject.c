/* corruption_inject.c: the corrupted games of the suggestion harness: one error injected into
 * a real game (a wrong piece letter, a square typo, a deleted ply, two plies swapped), the game
 * written in English, Turkish and German. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus_games.h"
#include "corruption.h"

/* Appends to a growing string. */
struct buf {
	char *s;
	size_t len, cap;
};
static void put(struct buf *b, const char *s)
{
	size_t n = strlen(s);
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2 + 256;
		b->s = realloc(b->s, b->cap);
		if (!b->s) {
			fprintf(stderr, "out of memory\n");
			exit(2);
		}
	}
	memcpy(b->s + b->len, s, n + 1);
	b->len += n;
}

/* Replaces the piece letter at the start of san (written with loc) by the letter of piece np. */
static void swap_letter(char *out, size_t size, const char *san, const hamle_locale *loc, int op, int np)
{
	const char *old = hamle_locale_piece_letter(loc, op);
	size_t ol = strlen(old);
	snprintf(out, size, "%s%s", hamle_locale_piece_letter(loc, np), san + (strncmp(san, old, ol) ? 0 : ol));
}

/* Changes the destination square's file (which 0) or rank (which 1) to c. 0 when there is none. */
static int typo_square(char *out, size_t size, const char *san, int which, char c)
{
	snprintf(out, size, "%s", san);
	int at = -1;
	for (int i = 0; out[i] && out[i + 1]; i++)
		if (out[i] >= 'a' && out[i] <= 'h' && out[i + 1] >= '1' && out[i + 1] <= '8')
			at = i;
	if (at < 0)
		return 0;
	out[at + which] = c;
	return 1;
}

/* One game's movetext as tokens: writes the game with tags naming it by id. */
static char *write_game(int id, char **tok, int n)
{
	struct buf b = {0};
	char line[128];
	snprintf(line, sizeof(line), "[Event \"cg\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
		"[White \"w%d\"]\n[Black \"b%d\"]\n[Result \"*\"]\n\n", id, id);
	put(&b, line);
	for (int i = 0; i < n; i++) {
		if (i % 2 == 0) {
			snprintf(line, sizeof(line), "%s%d. ", i ? (i % 12 == 0 ? "\n" : " ") : "", i / 2 + 1);
			put(&b, line);
		} else {
			put(&b, " ");
		}
		put(&b, tok[i]);
	}
	put(&b, " *\n\n");
	return b.s;
}

/* Builds one corrupted attempt from a game's moves; 0 when the game offers no such injection. */
static int inject(struct ctx *c, int id, const struct hamle_position *pos, const hamle_move *mv, int n, uint64_t seed)
{
	int kind = id % NKIND;
	char *san[NLANG][MAX_PLIES];
	struct attempt a;
	memset(&a, 0, sizeof(a));
	a.kind = kind;
	for (int l = 0; l < NLANG; l++)
		for (int i = 0; i < n; i++) {
			char s[HAMLE_SAN_MAX];
			hamle_san_format(s, sizeof(s), &pos[i], c->loc[l], mv[i], HAMLE_FORM_SAN);
			san[l][i] = strdup(s);
		}
	int ok = 0;
	char *tok[NLANG][MAX_PLIES];
	int nt = n;
	for (int tries = 0; tries < 20 && !ok; tries++) {
		int k = (int)(cg_rng_next(&seed) % (uint64_t)n);
		int piece = PIECE_TYPE(pos[k].board[HAMLE_MOVE_FROM(mv[k])]);
		for (int l = 0; l < NLANG; l++)
			for (int i = 0; i < n; i++)
				tok[l][i] = san[l][i];
		nt = n;
		static char edited[NLANG][HAMLE_SAN_MAX];
		switch (kind) {
		case K_LETTER: {
			if (piece == HAMLE_PAWN || HAMLE_MOVE_KIND(mv[k]) == HAMLE_MOVE_CASTLING)
				continue;
			int np;
			do
				np = 1 + (int)(cg_rng_next(&seed) % 5);
			while (np == piece);
			for (int l = 0; l < NLANG; l++) {
				swap_letter(edited[l], HAMLE_SAN_MAX, san[l][k], c->loc[l], piece, np);
				tok[l][k] = edited[l];
			}
			snprintf(a.desc, sizeof(a.desc), "%s -> %s", san[0][k], edited[0]);
			ok = 1;
			break;
		}
		case K_SQUARE: {
			if (HAMLE_MOVE_KIND(mv[k]) == HAMLE_MOVE_CASTLING)
				continue;
			int which = (int)(cg_rng_next(&seed) % 2);
			int sq = HAMLE_MOVE_TO(mv[k]);
			int cur = which ? sq / 8 : sq % 8, nv;
			do
				nv = (int)(cg_rng_next(&seed) % 8);
			while (nv == cur);
			char ch = (char)(which ? '1' + nv : 'a' + nv);
			int good = 1;
			for (int l = 0; l < NLANG; l++) {
				good &= typo_square(edited[l], HAMLE_SAN_MAX, san[l][k], which, ch);
				tok[l][k] = edited[l];
			}
			if (!good)
				continue;
			snprintf(a.desc, sizeof(a.desc), "%s -> %s", san[0][k], edited[0]);
			ok = 1;
			break;
		}
		case K_MISSING:
			if (k >= n - 1)
				continue;
			for (int l = 0; l < NLANG; l++)
				memmove(&tok[l][k], &tok[l][k + 1], (size_t)(n - k - 1) * sizeof(char *));
			nt = n - 1;
			snprintf(a.desc, sizeof(a.desc), "%s deleted", san[0][k]);
			ok = 1;
			break;
		case K_SWAP_ADJ:
		case K_SWAP_SIDE: {
			int d = kind == K_SWAP_ADJ ? 1 : 2;
			if (k + d >= n)
				continue;
			for (int l = 0; l < NLANG; l++) {
				tok[l][k] = san[l][k + d];
				tok[l][k + d] = san[l][k];
			}
			snprintf(a.desc, sizeof(a.desc), "%s <-> %s", san[0][k], san[0][k + d]);
			ok = 1;
			break;
		}
		}
		if (ok) {
			a.ply = k + 1;
			a.target = mv[k];
			a.nplies = nt;
			for (int l = 0; l < NLANG; l++)
				a.text[l] = write_game(id, tok[l], nt);
		}
	}
	for (int l = 0; l < NLANG; l++)
		for (int i = 0; i < n; i++)
			free(san[l][i]);
	if (!ok)
		return 0;
	if (c->nat == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 256;
		c->at = realloc(c->at, (size_t)c->cap * sizeof(*c->at));
	}
	c->at[c->nat++] = a;
	return 1;
}

/* A game of cg_each_game: an attempt injected into it when it replays without a move error. */
struct harvest {
	struct ctx *c;
	int quota, made;
	struct hamle_position pos[MAX_PLIES];
	hamle_move mv[MAX_PLIES];
};

static int harvest_game(void *payload, const hamle_game *g, const hamle_replay *rp, int rc)
{
	struct harvest *h = payload;
	(void)rc;
	if (hamle_replay_first_error(rp) != (size_t)-1)
		return 0;
	const hamle_token *t = hamle_game_tokens(g);
	const hamle_replay_move *rm = hamle_replay_moves(rp);
	int n = 0;
	struct hamle_position cur = *hamle_replay_start(rp);
	for (size_t i = 0; i < hamle_game_token_count(g) && n < MAX_PLIES; i++) {
		if (t[i].depth != 0 || !(rm[i].flags & HAMLE_RM_MOVE))
			continue;
		h->pos[n] = cur;
		h->mv[n] = rm[i].move;
		hamle_make_move(&cur, h->mv[n]);
		n++;
	}
	if (n < 12 || n >= MAX_PLIES)
		return 0;
	uint64_t seed = 0x5eedull * 1000003u + (uint64_t)h->c->nat * 7919u;
	if (inject(h->c, h->c->nat, h->pos, h->mv, n, seed))
		h->made++;
	return h->made >= h->quota;
}

void cr_harvest(struct ctx *c, const char *path, int quota)
{
	static struct harvest h; /* the positions of a game: too large for the stack */
	if (quota <= 0)
		return;
	h.c = c;
	h.quota = quota;
	h.made = 0;
	cg_each_game(path, c->loc[0], 5, harvest_game, &h);
}
