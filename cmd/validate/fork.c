/* fork.c: the fork's thread (fork.h). It reads its stretch with a reader of its own (a fork of the
 * input's) and judges each plain game with the quick lane, in one pass where it can; the games the
 * lane cannot judge are kept as chunks for the reading thread to hand to the workers. */
#define _GNU_SOURCE /* memmem */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "fork.h"
#include "outfile.h"

struct vd_fork {
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	bool job, done, quit, failed;
	size_t start, stop;
	const vd_config *cfg;
	const unsigned char *map;
	size_t len;
	const char *source;
	hamle_replay *rp;
	hamle_game *game;
	hamle_reader *r;
	/* two lists: the reading thread hands one stretch's games to the pool while the next stretch
	 * is read into the other */
	vd_fork_game *games, *spare;
	size_t n, cap, spare_n, spare_cap;
	unsigned misses, wait; /* as run.c's: games the one-pass lane gave up on in a row */
};

static void clear_games(vd_fork_game *g, size_t *n)
{
	for (size_t i = 0; i < *n; i++)
		free(g[i].copy);
	*n = 0;
}

/* Keeps one game; false when out of memory. */
static bool keep(vd_fork *f, const hamle_chunk *ch, bool judged, unsigned plies)
{
	if (f->n == f->cap) {
		size_t cap = f->cap ? f->cap * 2 : 1024;
		vd_fork_game *g = realloc(f->games, cap * sizeof(*g));
		if (!g)
			return false;
		f->games = g;
		f->cap = cap;
	}
	vd_fork_game *g = &f->games[f->n];
	g->ch = *ch;
	g->copy = NULL;
	g->judged = judged;
	g->plies = plies;
	if (ch->len && (ch->data < f->map || ch->data >= f->map + f->len)) {
		/* a chunk of the reader's own (a mark held back): gone at its next call */
		if (!(g->copy = malloc(ch->len)))
			return false;
		memcpy(g->copy, ch->data, ch->len);
		g->ch.data = g->copy;
	}
	f->n++;
	return true;
}

/* Reads the stretch; false when out of memory. */
static bool read_stretch(vd_fork *f)
{
	const vd_config *cfg = f->cfg;
	hamle_reader_free(f->r);
	f->r = NULL;
	if (hamle_reader_new(&f->r, &cfg->ropts) < 0 ||
	    hamle_reader_set_input_mapped_from(f->r, f->map, f->len, f->start, NULL, NULL, f->source) < 0 ||
	    hamle_reader_set_stop(f->r, f->stop) < 0)
		return false;
	for (;;) {
		hamle_chunk ch;
		int rc = 0;
		if (f->wait) {
			f->wait--;
		} else {
			rc = hamle_replay_quick_next(f->rp, f->r, &cfg->ropts, &ch);
			if (rc < 0)
				return false;
			if (rc == 0) {
				f->misses += f->misses < 6;
				f->wait = (1u << f->misses) - 1;
			} else {
				f->misses = 0;
			}
		}
		if (rc == 1) {
			if (!keep(f, &ch, true, hamle_replay_plies(f->rp)))
				return false;
			continue;
		}
		rc = hamle_reader_next_chunk(f->r, &ch);
		if (rc == HAMLE_ITEROVER)
			return true;
		if (rc < 0)
			return false;
		int q = hamle_replay_quick(f->rp, &f->game, &ch, &cfg->ropts);
		if (q < 0 || !keep(f, &ch, q == 1, q == 1 ? hamle_replay_plies(f->rp) : 0))
			return false;
	}
}

static void *fork_main(void *arg)
{
	vd_fork *f = arg;
	pthread_mutex_lock(&f->mu);
	for (;;) {
		while (!f->job && !f->quit)
			pthread_cond_wait(&f->cv, &f->mu);
		if (f->quit)
			break;
		f->job = false;
		pthread_mutex_unlock(&f->mu);
		clear_games(f->games, &f->n);
		bool ok = read_stretch(f);
		pthread_mutex_lock(&f->mu);
		f->failed = !ok;
		f->done = true;
		pthread_cond_broadcast(&f->cv);
	}
	pthread_mutex_unlock(&f->mu);
	return NULL;
}

int vd_fork_new(vd_fork **out, const vd_config *cfg, const unsigned char *map, size_t len, const char *source)
{
	*out = NULL;
	vd_fork *f = calloc(1, sizeof(*f));
	if (!f)
		return -1;
	f->cfg = cfg;
	f->map = map;
	f->len = len;
	f->source = source;
	if (hamle_replay_new(&f->rp, &cfg->popts) < 0) {
		free(f);
		return -1;
	}
	pthread_mutex_init(&f->mu, NULL);
	pthread_cond_init(&f->cv, NULL);
	sigset_t old; /* the terminating signals reach the reading thread (outfile.h) */
	hamle_outfile_block_signals(&old);
	int e = pthread_create(&f->thread, NULL, fork_main, f);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (e != 0) {
		pthread_mutex_destroy(&f->mu);
		pthread_cond_destroy(&f->cv);
		hamle_replay_free(f->rp);
		free(f);
		return -1;
	}
	*out = f;
	return 0;
}

void vd_fork_run(vd_fork *f, size_t start, size_t stop)
{
	pthread_mutex_lock(&f->mu);
	/* the games of the stretch before stay where vd_fork_wait showed them */
	vd_fork_game *g = f->games;
	size_t n = f->n, cap = f->cap;
	f->games = f->spare;
	f->n = f->spare_n;
	f->cap = f->spare_cap;
	f->spare = g;
	f->spare_n = n;
	f->spare_cap = cap;
	f->start = start;
	f->stop = stop;
	f->job = true;
	f->done = false;
	pthread_cond_broadcast(&f->cv);
	pthread_mutex_unlock(&f->mu);
}

bool vd_fork_wait(vd_fork *f, const hamle_reader **r, const vd_fork_game **games, size_t *n, bool *waited)
{
	pthread_mutex_lock(&f->mu);
	*waited = !f->done;
	while (!f->done)
		pthread_cond_wait(&f->cv, &f->mu);
	bool ok = !f->failed;
	pthread_mutex_unlock(&f->mu);
	*r = f->r;
	*games = f->games;
	*n = f->n;
	return ok;
}

void vd_fork_free(vd_fork *f)
{
	if (!f)
		return;
	pthread_mutex_lock(&f->mu);
	f->quit = true;
	pthread_cond_broadcast(&f->cv);
	pthread_mutex_unlock(&f->mu);
	pthread_join(f->thread, NULL);
	pthread_mutex_destroy(&f->mu);
	pthread_cond_destroy(&f->cv);
	clear_games(f->games, &f->n);
	clear_games(f->spare, &f->spare_n);
	free(f->games);
	free(f->spare);
	hamle_reader_free(f->r);
	hamle_game_free(f->game);
	hamle_replay_free(f->rp);
	free(f);
}

size_t vd_fork_boundary(const unsigned char *map, size_t len, size_t from)
{
	if (from >= len)
		return 0;
	size_t n = len - from < VD_FORK_SEARCH ? len - from : VD_FORK_SEARCH;
	const unsigned char *a = memmem(map + from, n, "\n\n[", 3);
	const unsigned char *b = memmem(map + from, a ? (size_t)(a - (map + from)) : n, "\n\r\n[", 4);
	if (b)
		return (size_t)(b - map) + 3;
	return a ? (size_t)(a - map) + 2 : 0;
}
