/* corpus_games.c: the corpus harnesses' shared file list, game loop and reader (see
 * corpus_games.h). */
#include "corpus_games.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int cg_list_pgn(const char *dir, char **files, int max)
{
	enum { MAX_DIRS = 256 };
	char *dirs[MAX_DIRS];
	int nf = 0, nd = 0;
	if (dir && (dirs[0] = strdup(dir)) != NULL)
		nd = 1;
	for (int done = 0; done < nd; done++) {
		DIR *d = opendir(dirs[done]);
		if (!d)
			continue;
		for (struct dirent *e; (e = readdir(d)) != NULL;) {
			size_t l = strlen(e->d_name);
			char path[4096];
			struct stat st;
			if (e->d_name[0] == '.')
				continue;
			snprintf(path, sizeof(path), "%s/%s", dirs[done], e->d_name);
			if (l > 4 && !strcmp(e->d_name + l - 4, ".pgn")) {
				if (nf < max && (files[nf] = strdup(path)) != NULL)
					nf++;
			} else if (nd < MAX_DIRS && stat(path, &st) == 0 && S_ISDIR(st.st_mode) &&
				(dirs[nd] = strdup(path)) != NULL) {
				nd++;
			}
		}
		closedir(d);
	}
	for (int i = 0; i < nd; i++)
		free(dirs[i]);
	qsort(files, (size_t)nf, sizeof(files[0]), cmp_str);
	return nf;
}

void cg_free_list(char **files, int n)
{
	for (int i = 0; i < n; i++)
		free(files[i]);
}

void cg_each_game(const char *path, const hamle_locale *loc, int stride, cg_game_fn fn, void *payload)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return;
	hamle_reader *r = NULL;
	hamle_replay *rp = NULL;
	hamle_game *g = NULL;
	hamle_replay_options ro = HAMLE_REPLAY_OPTIONS_INIT;
	ro.from = loc;
	ro.flags = HAMLE_REPLAY_NO_SUGGEST;
	if (hamle_reader_new(&r, NULL) == HAMLE_OK && hamle_reader_set_input_file(r, f, path) == HAMLE_OK &&
		hamle_replay_new(&rp, &ro) == HAMLE_OK) {
		for (long seen = 0; hamle_reader_next_reuse(r, &g) == HAMLE_OK; seen++) {
			if (stride > 1 && seen % stride != 0)
				continue;
			if (hamle_game_tag(g, "FEN") || hamle_game_tag(g, "Variant"))
				continue;
			int rc = hamle_replay_run(rp, g);
			if (fn(payload, g, rp, rc))
				break;
		}
	}
	hamle_game_free(g);
	hamle_replay_free(rp);
	hamle_reader_free(r);
	fclose(f);
}

hamle_game *cg_read_one(const char *text, const char *name)
{
	hamle_reader *r = NULL;
	hamle_game *g = NULL;
	if (hamle_reader_new(&r, NULL) == HAMLE_OK &&
		hamle_reader_set_input_buffer(r, text, strlen(text), name) == HAMLE_OK &&
		hamle_reader_next(r, &g) != HAMLE_OK) {
		hamle_game_free(g);
		g = NULL;
	}
	hamle_reader_free(r);
	return g;
}

uint64_t cg_rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}
