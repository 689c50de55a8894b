/* san_bench.c: the SAN reader on real games.
 *
 *   san_bench [--repeat N] FILE...         nanoseconds per token: every mainline move token of
 *                                          every game read with hamle_san_parse (English), the
 *                                          positions replayed
 *   san_bench --compare REFERENCE FILE     the English SAN hamle writes for each move of FILE
 *                                          equals the token of REFERENCE at the same place
 *                                          (REFERENCE = `pgn-extract -s FILE`); exit 1 on any
 *                                          difference
 *
 * Games are loaded first (PGN reader), so the timing covers reading moves only: the loop that
 * parses and plays is timed, then the same loop playing the already known moves, and the
 * difference is the reader's cost. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <hamle/hamle.h>
#include <hamle/pgn.h>
#include <hamle/san.h>

struct tok {
	size_t off, len;
};

struct game {
	size_t first, count; /* mainline move tokens */
	char *fen;           /* NULL: the standard start */
};

struct corpus {
	char *text;
	size_t text_len, text_cap;
	struct tok *tok;
	size_t ntok, tok_cap;
	struct game *game;
	size_t ngame, game_cap;
};

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return p;
	size_t c = *cap ? *cap * 2 : 1024;
	while (c < need)
		c *= 2;
	void *q = realloc(p, c * size);
	if (!q) {
		fprintf(stderr, "san_bench: out of memory\n");
		exit(2);
	}
	*cap = c;
	return q;
}

static int load(struct corpus *c, const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return -1;
	}
	hamle_reader *r;
	hamle_game *g = NULL;
	if (hamle_reader_new(&r, NULL) < 0 || hamle_reader_set_input_file(r, f, path) < 0) {
		fclose(f);
		return -1;
	}
	int rc;
	while ((rc = hamle_reader_next_reuse(r, &g)) == HAMLE_OK) {
		c->game = grow(c->game, &c->game_cap, c->ngame + 1, sizeof(*c->game));
		struct game *gm = &c->game[c->ngame++];
		const char *fen = hamle_game_tag(g, "FEN");
		gm->fen = fen ? strdup(fen) : NULL;
		gm->first = c->ntok;
		gm->count = 0;
		const hamle_token *t = hamle_game_tokens(g);
		size_t n = hamle_game_token_count(g);
		for (size_t i = 0; i < n; i++) {
			if (t[i].kind != HAMLE_TOKEN_MOVE || t[i].depth != 0)
				continue;
			c->text = grow(c->text, &c->text_cap, c->text_len + t[i].len + 1, 1);
			c->tok = grow(c->tok, &c->tok_cap, c->ntok + 1, sizeof(*c->tok));
			memcpy(c->text + c->text_len, t[i].text, t[i].len);
			c->tok[c->ntok++] = (struct tok){c->text_len, t[i].len};
			c->text_len += t[i].len;
			c->text[c->text_len++] = '\0';
			gm->count++;
		}
	}
	hamle_game_free(g);
	hamle_reader_free(r);
	fclose(f);
	return rc == HAMLE_ITEROVER ? 0 : -1;
}

static void corpus_free(struct corpus *c)
{
	for (size_t i = 0; i < c->ngame; i++)
		free(c->game[i].fen);
	free(c->game);
	free(c->tok);
	free(c->text);
}

static hamle_position *start(const struct game *g)
{
	hamle_position *pos;
	hamle_error err;
	if (hamle_position_new(&pos, g->fen, &err) < 0) {
		fprintf(stderr, "san_bench: bad FEN tag: %s\n", err.message);
		return NULL;
	}
	return pos;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts); /* CPU time: the machine may be shared */
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One pass over games [g0, g1). mode 0: parse and play (moves[] filled); 1: play moves[] only;
 * 2: parse with notation warnings (info) and play. Returns tokens read; *bad counts failures. */
static size_t pass(const struct corpus *c, const hamle_locale *loc, hamle_move *moves, int mode,
	size_t g0, size_t g1, size_t *bad)
{
	size_t done = 0;
	for (size_t gi = g0; gi < g1; gi++) {
		const struct game *g = &c->game[gi];
		hamle_position *pos = start(g);
		if (!pos)
			continue;
		for (size_t i = g->first; i < g->first + g->count; i++) {
			hamle_move m = moves[i];
			if (mode != 1) {
				hamle_san_info info = {0};
				if (hamle_san_parse(&m, pos, loc, c->text + c->tok[i].off, c->tok[i].len,
						mode == 2 ? &info : NULL, NULL) < 0) {
					(*bad)++;
					moves[i] = HAMLE_MOVE_NONE;
					break;
				}
				moves[i] = m;
			} else if (m == HAMLE_MOVE_NONE) {
				break;
			}
			hamle_position_play(pos, m);
			done++;
		}
		hamle_position_free(pos);
	}
	return done;
}

/* The corpus is timed in chunks of CHUNK games; each chunk runs every mode `repeat` times and
 * keeps its fastest time per mode, so that a preemption on a shared machine spoils one run of
 * one chunk, not the figure. */
#define CHUNK 64

static int bench(int nfiles, char **files, int repeat)
{
	struct corpus c = {0};
	for (int i = 0; i < nfiles; i++)
		if (load(&c, files[i]) < 0) {
			fprintf(stderr, "san_bench: cannot read %s\n", files[i]);
			return 2;
		}
	hamle_locale *loc;
	hamle_error err;
	if (hamle_locale_load_builtin(&loc, "en", &err) < 0)
		return 2;
	hamle_move *moves = calloc(c.ntok + 1, sizeof(*moves));
	double total[3] = {0, 0, 0};
	size_t n = 0, bad = 0;
	for (size_t g0 = 0; g0 < c.ngame; g0 += CHUNK) {
		size_t g1 = g0 + CHUNK < c.ngame ? g0 + CHUNK : c.ngame;
		double best[3] = {1e30, 1e30, 1e30};
		size_t k = 0;
		for (int r = 0; r < repeat; r++)
			for (int mode = 0; mode < 3; mode++) {
				size_t b = 0;
				double t0 = now();
				size_t got = pass(&c, loc, moves, mode, g0, g1, &b);
				double t = now() - t0;
				if (mode == 0) {
					k = got;
					if (r == 0)
						bad += b;
				}
				if (t < best[mode])
					best[mode] = t;
			}
		n += k;
		for (int mode = 0; mode < 3; mode++)
			total[mode] += best[mode];
	}
	double parse = (total[0] - total[1]) * 1e9 / (double)n;
	double parse_info = (total[2] - total[1]) * 1e9 / (double)n;
	printf("games %zu, move tokens %zu, read %zu, unreadable %zu\n", c.ngame, c.ntok, n, bad);
	printf("parse+play %.1f ns/token, play only %.1f ns/token\n", total[0] * 1e9 / (double)n,
		total[1] * 1e9 / (double)n);
	printf("SAN reader: %.1f ns/token (with notation warnings: %.1f ns/token)\n", parse, parse_info);
	free(moves);
	hamle_locale_free(loc);
	corpus_free(&c);
	return 0;
}

static int compare(const char *ref_path, const char *path)
{
	struct corpus ref = {0}, src = {0};
	if (load(&ref, ref_path) < 0 || load(&src, path) < 0)
		return 2;
	hamle_locale *loc;
	hamle_error err;
	if (hamle_locale_load_builtin(&loc, "en", &err) < 0)
		return 2;
	size_t tokens = 0, same = 0, diff = 0, unread = 0, src_diff = 0;
	if (ref.ngame != src.ngame)
		printf("%s: %zu games, reference %zu\n", path, src.ngame, ref.ngame);
	for (size_t gi = 0; gi < src.ngame && gi < ref.ngame; gi++) {
		const struct game *g = &src.game[gi], *rg = &ref.game[gi];
		hamle_position *pos = start(g);
		if (!pos)
			return 2;
		if (g->count != rg->count)
			printf("%s: game %zu: %zu moves, reference %zu\n", path, gi + 1, g->count, rg->count);
		for (size_t i = 0; i < g->count && i < rg->count; i++) {
			const char *tok = src.text + src.tok[g->first + i].off;
			const char *want = ref.text + ref.tok[rg->first + i].off;
			hamle_move m;
			char san[HAMLE_SAN_MAX];
			tokens++;
			hamle_error_clear(&err);
			if (hamle_san_parse(&m, pos, loc, tok, src.tok[g->first + i].len, NULL, &err) < 0) {
				printf("%s: game %zu ply %zu: cannot read '%s': %s: %s\n", path, gi + 1, i + 1, tok,
					hamle_status_id(err.code), err.message);
				unread++;
				break;
			}
			hamle_san_format(san, sizeof(san), pos, loc, m, HAMLE_FORM_SAN);
			if (strcmp(san, want) == 0) {
				same++;
			} else {
				if (diff < 20)
					printf("%s: game %zu ply %zu: source '%s', hamle '%s', pgn-extract '%s'\n", path,
						gi + 1, i + 1, tok, san, want);
				diff++;
			}
			if (strcmp(tok, want) != 0)
				src_diff++;
			hamle_position_play(pos, m);
		}
		hamle_position_free(pos);
	}
	printf("%s: games %zu, tokens %zu, same as pgn-extract %zu, different %zu, unreadable %zu "
		"(source tokens that differ from pgn-extract: %zu)\n", path, src.ngame, tokens, same, diff,
		unread, src_diff);
	hamle_locale_free(loc);
	int games_differ = ref.ngame != src.ngame;
	corpus_free(&ref);
	corpus_free(&src);
	return diff || unread || games_differ ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc >= 4 && strcmp(argv[1], "--compare") == 0 && argc == 4)
		return compare(argv[2], argv[3]);
	int repeat = 5, first = 1;
	if (argc >= 3 && strcmp(argv[1], "--repeat") == 0) {
		repeat = atoi(argv[2]);
		first = 3;
	}
	if (first >= argc || repeat < 1) {
		fprintf(stderr, "usage: san_bench [--repeat N] FILE...\n"
			"       san_bench --compare REFERENCE FILE\n");
		return 2;
	}
	return bench(argc - first, argv + first, repeat);
}
