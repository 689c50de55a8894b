/* read_bench.c: speed of the PGN reader alone (no replay).
 *
 * Usage: read_bench [-s] [-d] [-n N] FILE
 *   default  hamle_reader_next_reuse over the whole file (split + decode + lex)
 *   -s       split only (hamle_reader_next_chunk)
 *   -d       print a digest of every token, tag and finding (to compare two builds' output)
 *   -n N     read the file N times (best time is reported)
 *   -b N     feed the reader N bytes at a time through a callback (block-boundary checks)
 * Prints MB/s and games/s (CPU time of the process, user + system) on stderr.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hamle/pgn.h"

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;
	for (size_t i = 0; i < n; i++) {
		h ^= s[i];
		h *= 1099511628211ULL;
	}
	return h;
}

static uint64_t fnv_num(uint64_t h, uint64_t v)
{
	return fnv(h, &v, sizeof(v));
}

static uint64_t digest_game(uint64_t h, const hamle_game *g)
{
	h = fnv_num(h, hamle_game_index(g));
	h = fnv_num(h, hamle_game_line(g));
	h = fnv_num(h, hamle_game_offset(g));
	h = fnv_num(h, (uint64_t)hamle_game_result(g));
	h = fnv_num(h, (uint64_t)hamle_game_encoding(g));
	size_t tl;
	const char *text = hamle_game_text(g, &tl);
	h = fnv(h, text, tl);
	for (size_t i = 0; i < hamle_game_tag_count(g); i++) {
		const hamle_tag *t = hamle_game_tag_at(g, i);
		h = fnv(h, t->name, strlen(t->name) + 1);
		h = fnv(h, t->value, t->value_len + 1);
		h = fnv_num(h, t->line);
		h = fnv_num(h, t->column);
		h = fnv_num(h, t->offset);
	}
	const hamle_token *tok = hamle_game_tokens(g);
	for (size_t i = 0; i < hamle_game_token_count(g); i++) {
		h = fnv_num(h, (uint64_t)(tok[i].text - text));
		h = fnv_num(h, tok[i].len);
		h = fnv_num(h, tok[i].line);
		h = fnv_num(h, tok[i].column);
		h = fnv_num(h, tok[i].offset);
		h = fnv_num(h, tok[i].depth);
		h = fnv_num(h, tok[i].kind);
		h = fnv_num(h, tok[i].flags);
		h = fnv_num(h, tok[i].value);
	}
	for (size_t i = 0; i < hamle_game_finding_count(g); i++) {
		const hamle_finding *f = hamle_game_finding_at(g, i);
		h = fnv(h, f->id, strlen(f->id));
		h = fnv_num(h, f->error.line);
		h = fnv_num(h, f->error.column);
		h = fnv_num(h, f->error.offset);
		h = fnv(h, f->error.message, strlen(f->error.message));
	}
	h = fnv_num(h, hamle_game_error_count(g));
	return h;
}

typedef struct {
	FILE *f;
	size_t step;
} feeder;

static int feed(void *payload, unsigned char *buf, size_t size, size_t *got)
{
	feeder *fd = payload;
	*got = fread(buf, 1, size < fd->step ? size : fd->step, fd->f);
	return ferror(fd->f) ? -1 : 0;
}

static double cpu_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	int split_only = 0, digest = 0, times = 1;
	size_t step = 0;
	const char *path = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-s"))
			split_only = 1;
		else if (!strcmp(argv[i], "-d"))
			digest = 1;
		else if (!strcmp(argv[i], "-b") && i + 1 < argc)
			step = (size_t)atol(argv[++i]);
		else if (!strcmp(argv[i], "-n") && i + 1 < argc)
			times = atoi(argv[++i]);
		else
			path = argv[i];
	}
	if (!path || times < 1) {
		fprintf(stderr, "usage: read_bench [-s] [-d] [-b N] [-n N] FILE\n");
		return 2;
	}
	double best = 1e30;
	size_t games = 0, tokens = 0, bytes = 0;
	uint64_t h = 14695981039346656037ULL;
	for (int run = 0; run < times; run++) {
		FILE *f = fopen(path, "rb");
		if (!f) {
			perror(path);
			return 2;
		}
		hamle_reader *r = NULL;
		feeder fd = { f, step };
		if (hamle_reader_new(&r, NULL) < 0 ||
		    (step ? hamle_reader_set_input(r, feed, &fd, path) : hamle_reader_set_input_file(r, f, path)) < 0) {
			fprintf(stderr, "read_bench: cannot create a reader\n");
			return 2;
		}
		hamle_game *g = NULL;
		games = tokens = bytes = 0;
		double t0 = cpu_seconds();
		int rc;
		if (split_only) {
			hamle_chunk ch;
			while ((rc = hamle_reader_next_chunk(r, &ch)) == HAMLE_OK) {
				games++;
				bytes += ch.len;
			}
		} else {
			while ((rc = hamle_reader_next_reuse(r, &g)) == HAMLE_OK) {
				games++;
				tokens += hamle_game_token_count(g);
				if (digest) {
					uint64_t gh = digest_game(14695981039346656037ULL, g);
					printf("%zu %016llx\n", games, (unsigned long long)gh);
					h = fnv_num(h, gh);
				}
			}
		}
		double t = cpu_seconds() - t0;
		if (rc != HAMLE_ITEROVER)
			fprintf(stderr, "read_bench: reader failed (%d)\n", rc);
		hamle_game_free(g);
		hamle_reader_free(r);
		fclose(f);
		if (t < best)
			best = t;
	}
	FILE *f = fopen(path, "rb");
	long size = 0;
	if (f && fseek(f, 0, SEEK_END) == 0)
		size = ftell(f);
	if (f)
		fclose(f);
	fprintf(stderr, "%s: %zu games, %zu tokens, %.1f MB in %.3f s CPU: %.1f MB/s, %.0f games/s\n",
		split_only ? "split" : "read", games, tokens, (double)size / 1e6, best,
		(double)size / 1e6 / best, (double)games / best);
	if (digest)
		printf("total %016llx\n", (unsigned long long)h);
	(void)bytes;
	return 0;
}
