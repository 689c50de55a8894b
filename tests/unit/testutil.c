#include "testutil.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *tu_testdata(char *buf, size_t size, const char *rel)
{
	const char *dir = getenv("HAMLE_TESTDATA");
	snprintf(buf, size, "%s/%s", dir ? dir : "testdata", rel);
	return buf;
}

const char *tu_shared(char *buf, size_t size, const char *rel)
{
	const char *dir = getenv("HAMLE_SHARED");
	struct stat st;
	if (!dir || stat(dir, &st) != 0)
		return NULL;
	snprintf(buf, size, "%s/%s", dir, rel);
	return buf;
}

char *tu_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *data = malloc(cap + 1);
	size_t got;
	while (data && (got = fread(data + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			cap *= 2;
			char *bigger = realloc(data, cap + 1);
			if (!bigger) {
				free(data);
				data = NULL;
			}
			data = bigger;
		}
	}
	fclose(f);
	if (!data)
		return NULL;
	data[n] = '\0';
	if (len)
		*len = n;
	return data;
}

hamle_replay *tu_games_replay(const tu_games *g, unsigned max_suggestions)
{
	hamle_replay *rp = NULL;
	hamle_replay_options o = HAMLE_REPLAY_OPTIONS_INIT;
	o.candidates = (const hamle_locale *const *)g->locs;
	o.n_candidates = TU_LOCALES;
	if (max_suggestions)
		o.max_suggestions = max_suggestions;
	ck_assert_int_eq(hamle_replay_new(&rp, &o), HAMLE_OK);
	return rp;
}

void tu_games_open(tu_games *g, const char *rel, size_t max_games, unsigned max_suggestions)
{
	static const char *const tags[TU_LOCALES] = {"en", "tr", "de", "fr", "es", "it", "nl"};
	memset(g, 0, sizeof(*g));
	for (int i = 0; i < TU_LOCALES; i++)
		ck_assert_int_eq(hamle_locale_load_builtin(&g->locs[i], tags[i], NULL), HAMLE_OK);
	g->rp = tu_games_replay(g, max_suggestions);
	char path[1024];
	size_t len;
	g->data = tu_read_file(tu_testdata(path, sizeof(path), rel), &len);
	ck_assert_ptr_nonnull(g->data);
	ck_assert_int_eq(hamle_reader_new(&g->reader, NULL), HAMLE_OK);
	const char *slash = strrchr(rel, '/');
	hamle_reader_set_input_buffer(g->reader, g->data, len, slash ? slash + 1 : rel);
	if (max_games > TU_MAX_GAMES)
		max_games = TU_MAX_GAMES;
	while (g->ngames < max_games && hamle_reader_next(g->reader, &g->games[g->ngames]) == HAMLE_OK)
		g->ngames++;
}

void tu_games_close(tu_games *g)
{
	for (size_t i = 0; i < g->ngames; i++)
		hamle_game_free(g->games[i]);
	hamle_reader_free(g->reader);
	hamle_replay_free(g->rp);
	for (int i = 0; i < TU_LOCALES; i++)
		hamle_locale_free(g->locs[i]);
	free(g->data);
	memset(g, 0, sizeof(*g));
}

const hamle_diagnostic *tu_finding(const hamle_replay *rp, const char *id)
{
	for (size_t i = 0; i < hamle_replay_finding_count(rp); i++) {
		const hamle_diagnostic *d = hamle_replay_finding(rp, i);
		if (id ? !strcmp(d->id, id) : d->severity == HAMLE_SEVERITY_ERROR)
			return d;
	}
	return NULL;
}

int tu_feed(void *payload, unsigned char *buf, size_t size, size_t *got)
{
	tu_feeder *f = payload;
	size_t n = f->len - f->pos;
	if (n > f->step)
		n = f->step;
	if (n > size)
		n = size;
	memcpy(buf, f->data + f->pos, n);
	f->pos += n;
	*got = n;
	return 0;
}

void tu_free_games(hamle_game **g, size_t n)
{
	for (size_t i = 0; i < n; i++)
		hamle_game_free(g[i]);
}

const hamle_token *tu_find_token(const hamle_game *g, const char *text)
{
	const hamle_token *t = hamle_game_tokens(g);
	for (size_t i = 0; i < hamle_game_token_count(g); i++)
		if (t[i].len == strlen(text) && memcmp(t[i].text, text, t[i].len) == 0)
			return &t[i];
	return NULL;
}

void tu_write_file(const char *dir, const char *rel, const char *text)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	FILE *f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

void tu_load_locales(hamle_locale **locs, const char *const *tags, size_t n)
{
	for (size_t i = 0; i < n; i++)
		ck_assert_int_eq(hamle_locale_load_builtin(&locs[i], tags[i], NULL), HAMLE_OK);
}

hamle_locale *tu_locale(const char *tag)
{
	hamle_locale *loc = NULL;
	hamle_error err;
	hamle_error_clear(&err);
	int rc = hamle_locale_load_builtin(&loc, tag, &err);
	ck_assert_msg(rc == HAMLE_OK, "loading %s: %s", tag, err.message);
	ck_assert_ptr_nonnull(loc);
	return loc;
}

void tu_free_locales(hamle_locale **locs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		hamle_locale_free(locs[i]);
}

hamle_game *tu_read_one(const char *text)
{
	hamle_reader *r;
	hamle_game *g = NULL;
	ck_assert_int_eq(hamle_reader_new(&r, NULL), 0);
	ck_assert_int_eq(hamle_reader_set_input_buffer(r, text, strlen(text), "t"), 0);
	ck_assert_int_eq(hamle_reader_next(r, &g), HAMLE_OK);
	hamle_reader_free(r);
	return g;
}
