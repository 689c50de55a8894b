/* san_fast_corpus.c: the SAN reader's fast path against its general path on real positions.
 *
 * The replay's walk and hamle_san_parse read the common token with san_parse_fast_inline
 * (san_fast.h: the plain shape, candidates from the attack tables, king safety tested directly)
 * and leave everything else to the general path. This test holds both to the general reader
 * alone (san_parse_general: the full lexer, then the legal moves of the named kind that fit),
 * which gives every message. For each position of the mainlines of CORPUS_DIR
 * (../shared/corpus/medium), in English, Turkish and German, tokens are written from the
 * position's moves (the game's move at every position, every legal move at every 64th), each
 * as SAN and with the slips people make: no mark, a wrong mark, no capture mark, a capture mark
 * on a quiet move, an origin file, rank or square not needed, the long and FIDE forms; and each
 * token is also read in the position after the game's move, where most are illegal or
 * ambiguous. For every token:
 *   - hamle_san_parse returns what san_parse_general returns: status, move, every field of
 *     hamle_san_info, and on an error the message and token;
 *   - when san_parse_fast_inline takes the token, the general reader resolves it to the same
 *     move with the same info.
 * Both with and without HAMLE_SAN_LAZY_CHECK. Exit 0 when nothing differs and the fast path took
 * a good share of the tokens; 1 otherwise; 77 (skip) without the corpus.
 *
 * usage: san_fast_corpus [-n MAX_GAMES] CORPUS_DIR */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/hamle.h"
#include "notation/san_fast.h"
#include "corpus_games.h"

#define MAX_FILES 256
#define MAX_PLIES 1000

struct counts {
	unsigned long tokens, fast, resolved, failures;
};

static int same_info(const hamle_san_info *a, const hamle_san_info *b)
{
	return a->request == b->request && a->messages == b->messages && a->warnings == b->warnings &&
		a->nag == b->nag && a->piece == b->piece && a->gives == b->gives && a->marked == b->marked &&
		a->captures == b->captures;
}

static void fail(struct counts *c, const char *lang, const char *tok, const char *fen, const char *what)
{
	if (c->failures++ < 20)
		fprintf(stderr, "san_fast_corpus: %s '%s' in %s: %s\n", lang, tok, fen, what);
}

/* One token in p under loc, read the three ways. */
static void check_token(struct counts *c, const hamle_position *p, const hamle_locale *loc, const char *lang,
	const char *tok, unsigned request)
{
	size_t len = strlen(tok);
	hamle_san_info ig = {0}, ia = {0}, ifa = {0};
	ig.request = ia.request = ifa.request = request;
	/* the message language given as the token's own: hamle_san_parse hands it back as NULL */
	ig.messages = ia.messages = ifa.messages = (c->tokens & 2) ? loc : NULL;
	hamle_error eg, ea;
	hamle_error_clear(&eg);
	hamle_error_clear(&ea);
	hamle_move mg, ma, mf = HAMLE_MOVE_NONE;
	int rg = san_parse_general(&mg, p, loc, tok, len, &ig, &eg);
	int ra = hamle_san_parse(&ma, p, loc, tok, len, &ia, &ea);
	int fast = san_parse_fast_inline(&mf, p, loc, tok, len, &ifa);
	c->tokens++;
	c->resolved += rg == 0;
	c->fast += (unsigned long)fast;
	char fen[128];
	if (rg != ra || mg != ma || (rg == 0 && !same_info(&ig, &ia)) ||
		(rg != 0 && (eg.code != ea.code || strcmp(eg.message, ea.message) || strcmp(eg.token, ea.token)))) {
		hamle_position_fen(fen, sizeof(fen), p, 0);
		char what[1200];
		snprintf(what, sizeof(what), "hamle_san_parse %d (move %u, warnings %#x, '%s') but the general reader %d "
			"(move %u, warnings %#x, '%s')", ra, ma, ia.warnings, ea.message, rg, mg, ig.warnings, eg.message);
		fail(c, lang, tok, fen, what);
	}
	if (fast && (rg != 0 || mf != mg || !same_info(&ifa, &ig))) {
		hamle_position_fen(fen, sizeof(fen), p, 0);
		char what[600];
		snprintf(what, sizeof(what), "fast path move %u warnings %#x gives %d captures %d piece %d, but the general "
			"reader %d: move %u warnings %#x gives %d captures %d piece %d", mf, ifa.warnings, ifa.gives,
			ifa.captures, ifa.piece, rg, mg, ig.warnings, ig.gives, ig.captures, ig.piece);
		fail(c, lang, tok, fen, what);
	}
}

/* Removes s[i] (n = strlen). */
static void cut(char *s, size_t i)
{
	memmove(s + i, s + i + 1, strlen(s + i + 1) + 1);
}

/* Inserts text at s[i] (room for it assumed: the buffers are HAMLE_SAN_MAX * 2). */
static void put(char *s, size_t i, const char *text)
{
	size_t k = strlen(text);
	memmove(s + i + k, s + i, strlen(s + i) + 1);
	memcpy(s + i, text, k);
}

/* The tokens written for move m of p in loc: SAN and its slips. Each is read in p and in `next`. */
static void check_move(struct counts *c, const hamle_position *p, const hamle_position *next, const hamle_locale *loc,
	const char *lang, hamle_move m, unsigned request)
{
	char san[HAMLE_SAN_MAX * 2], v[16][HAMLE_SAN_MAX * 2];
	int nv = 0;
	hamle_san_format(san, HAMLE_SAN_MAX, p, loc, m, HAMLE_FORM_SAN);
	size_t n = strlen(san);
	snprintf(v[nv++], sizeof(v[0]), "%s", san);
	/* the marks: none, '+', '#' */
	char bare[HAMLE_SAN_MAX];
	snprintf(bare, sizeof(bare), "%s", san);
	while (n > 0 && (bare[n - 1] == '+' || bare[n - 1] == '#'))
		bare[--n] = '\0';
	snprintf(v[nv++], sizeof(v[0]), "%s", bare);
	snprintf(v[nv++], sizeof(v[0]), "%s+", bare);
	snprintf(v[nv++], sizeof(v[0]), "%s#", bare);
	/* the destination square: the last file letter followed by a rank digit */
	size_t sq = (size_t)-1;
	for (size_t i = 0; i + 1 < n; i++)
		if (bare[i] >= 'a' && bare[i] <= 'h' && bare[i + 1] >= '1' && bare[i + 1] <= '8')
			sq = i;
	if (sq != (size_t)-1) {
		int from = HAMLE_MOVE_FROM(m);
		char ff[2] = {(char)('a' + from % 8), 0}, fr[2] = {(char)('1' + from / 8), 0};
		char *x = strchr(bare, 'x');
		if (x) { /* the capture mark left out */
			snprintf(v[nv], sizeof(v[0]), "%s", bare);
			cut(v[nv++], (size_t)(x - bare));
		} else { /* a capture mark on a quiet move */
			snprintf(v[nv], sizeof(v[0]), "%s", bare);
			put(v[nv++], sq, "x");
		}
		size_t at = (bare[0] >= 'a' && bare[0] <= 'h') ? 0 : 1; /* after the piece letter */
		if ((unsigned char)bare[0] >= 0x80)
			at = 2;
		snprintf(v[nv], sizeof(v[0]), "%s", bare);
		put(v[nv++], at, ff);
		snprintf(v[nv], sizeof(v[0]), "%s", bare);
		put(v[nv++], at, fr);
		snprintf(v[nv], sizeof(v[0]), "%s", san);
		put(v[nv], at, fr);
		put(v[nv++], at, ff);
	}
	hamle_san_format(v[nv++], HAMLE_SAN_MAX, p, loc, m, HAMLE_FORM_LAN);
	hamle_san_format(v[nv++], HAMLE_SAN_MAX, p, loc, m, HAMLE_FORM_FIDE);
	hamle_san_format(v[nv++], HAMLE_SAN_MAX, p, loc, m, HAMLE_FORM_UCI);
	for (int i = 0; i < nv; i++) {
		check_token(c, p, loc, lang, v[i], request);
		check_token(c, next, loc, lang, v[i], request ^ HAMLE_SAN_LAZY_CHECK);
	}
}

/* Every mainline position of the clean games of one file. */
static void run_file(const char *path, hamle_locale *const *locs, const char *const *langs, size_t nloc,
	struct counts *c, unsigned long *games, unsigned long max_games)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return;
	hamle_reader *r = NULL;
	hamle_replay *rp = NULL;
	hamle_game *g = NULL;
	hamle_replay_options ro = HAMLE_REPLAY_OPTIONS_INIT;
	ro.from = locs[0];
	ro.flags = HAMLE_REPLAY_NO_SUGGEST;
	hamle_reader_new(&r, NULL);
	hamle_reader_set_input_file(r, f, path);
	hamle_replay_new(&rp, &ro);
	hamle_position *pos = NULL, *next = NULL;
	hamle_position_new(&pos, NULL, NULL);
	hamle_position_new(&next, NULL, NULL);
	static hamle_move mv[MAX_PLIES];
	while (*games < max_games && hamle_reader_next_reuse(r, &g) == HAMLE_OK) {
		if (hamle_game_tag(g, "FEN") || hamle_game_tag(g, "Variant"))
			continue;
		if (hamle_replay_run(rp, g) < 0 || hamle_replay_error_count(rp))
			continue;
		const hamle_token *t = hamle_game_tokens(g);
		const hamle_replay_move *rm = hamle_replay_moves(rp);
		int n = 0;
		for (size_t i = 0; i < hamle_game_token_count(g) && n < MAX_PLIES; i++)
			if (t[i].depth == 0 && (rm[i].flags & HAMLE_RM_MOVE))
				mv[n++] = rm[i].move;
		(*games)++;
		hamle_position_free(pos);
		hamle_position_new(&pos, NULL, NULL);
		for (int k = 0; k < n; k++) {
			hamle_position_free(next);
			hamle_position_copy(&next, pos);
			hamle_position_play(next, mv[k]);
			unsigned request = (k & 1) ? HAMLE_SAN_LAZY_CHECK : 0;
			size_t l = (size_t)k % nloc;
			check_move(c, pos, next, locs[l], langs[l], mv[k], request);
			if (k % 64 == 0) {
				hamle_move all[HAMLE_MAX_MOVES];
				int na = hamle_position_legal_moves(pos, all);
				for (size_t li = 0; li < nloc; li++)
					for (int a = 0; a < na; a++)
						check_move(c, pos, next, locs[li], langs[li], all[a], request);
			}
			hamle_position_play(pos, mv[k]);
		}
	}
	hamle_position_free(pos);
	hamle_position_free(next);
	hamle_game_free(g);
	hamle_replay_free(rp);
	hamle_reader_free(r);
	fclose(f);
}

int main(int argc, char **argv)
{
	unsigned long max_games = 100000;
	const char *dir = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n") && i + 1 < argc)
			max_games = strtoul(argv[++i], NULL, 10);
		else
			dir = argv[i];
	}
	/* the .pgn files under dir, subdirectories too, sorted (corpus_games.c) */
	char *files[MAX_FILES];
	int nf = cg_list_pgn(dir, files, MAX_FILES);
	if (nf == 0) {
		printf("skipped: ../shared not found\n");
		return 77;
	}
	static const char *const langs[] = {"en", "tr", "de"};
	hamle_locale *locs[3];
	for (size_t i = 0; i < 3; i++)
		if (hamle_locale_load_builtin(&locs[i], langs[i], NULL) < 0)
			return 2;
	struct counts c = {0};
	unsigned long games = 0;
	for (int i = 0; i < nf; i++) {
		run_file(files[i], locs, langs, 3, &c, &games, max_games);
		free(files[i]);
	}
	for (size_t i = 0; i < 3; i++)
		hamle_locale_free(locs[i]);
	printf("san_fast_corpus: %lu games, %lu tokens (en, tr, de), %lu resolved, %lu by the fast path (%.1f%%), "
		"%lu differences\n", games, c.tokens, c.resolved, c.fast, c.tokens ? 100.0 * (double)c.fast / (double)c.tokens : 0.0,
		c.failures);
	if (games == 0) {
		printf("skipped: ../shared not found (no games in %s)\n", dir);
		return 77;
	}
	/* the fast path must really be under test: most resolved tokens are its own */
	if (c.failures || c.fast * 2 < c.resolved) {
		if (!c.failures)
			fprintf(stderr, "san_fast_corpus: the fast path took too few tokens\n");
		return 1;
	}
	return 0;
}
