/* fork.c: the fork's thread (fork.h). It reads its stretch with a reader of its own (a fork of the
 * input's) and judges each plain game with the quick lane, in one pass where it can; the games the
 * lane cannot judge are kept as chunks for the reading thread to hand to the workers. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "fork.h"
#include "outfile.h"

/* One stretch: queued, read, then shown to the reading thread until it lets it go. */
typedef struct stretch {
	size_t start, stop;
	size_t before; /* the reading thread's own bytes before it */
	double read_s; /* seconds its reading took */
	int state; /* FREE, QUEUED, DONE (read, or failed) */
	bool failed;
	hamle_reader *r;
	vd_fork_game *games;
	size_t n, cap;
} stretch;

enum { FREE, QUEUED, DONE };

struct vd_fork {
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	bool quit;
	/* a ring of VD_FORK_QUEUE stretches in the order they are to be read: head is the oldest
	 * (shown or next to show), run the next to read, count the ones not let go */
	stretch q[VD_FORK_QUEUE];
	size_t head, run, count;
	const vd_config *cfg;
	const unsigned char *map;
	size_t len;
	const char *source;
	hamle_replay *rp;
	hamle_game *game;
	vd_quick_tries tries; /* of the one-pass lane */
};

static void clear_games(stretch *st)
{
	for (size_t i = 0; i < st->n; i++)
		free(st->games[i].copy);
	st->n = 0;
}

/* Keeps one game; false when out of memory. */
static bool keep(vd_fork *f, stretch *st, const hamle_chunk *ch, bool judged, unsigned plies)
{
	if (st->n == st->cap) {
		size_t cap = st->cap ? st->cap * 2 : 1024;
		vd_fork_game *g = realloc(st->games, cap * sizeof(*g));
		if (!g)
			return false;
		st->games = g;
		st->cap = cap;
	}
	vd_fork_game *g = &st->games[st->n];
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
	st->n++;
	return true;
}

/* Reads a stretch; false when out of memory. */
static bool read_stretch(vd_fork *f, stretch *st)
{
	const vd_config *cfg = f->cfg;
	clear_games(st);
	hamle_reader_free(st->r);
	st->r = NULL;
	if (hamle_reader_new(&st->r, &cfg->ropts) < 0 ||
	    hamle_reader_set_input_mapped_from(st->r, f->map, f->len, st->start, NULL, NULL, f->source) < 0 ||
	    hamle_reader_set_stop(st->r, st->stop) < 0)
		return false;
	for (;;) {
		hamle_chunk ch;
		int rc = vd_quick_next(&f->tries, f->rp, st->r, &cfg->ropts, &ch);
		if (rc < 0)
			return false;
		if (rc == 1) {
			if (!keep(f, st, &ch, true, hamle_replay_plies(f->rp)))
				return false;
			continue;
		}
		rc = hamle_reader_next_chunk(st->r, &ch);
		if (rc == HAMLE_ITEROVER)
			return true;
		if (rc < 0)
			return false;
		int q = hamle_replay_quick(f->rp, &f->game, &ch, &cfg->ropts);
		if (q < 0 || !keep(f, st, &ch, q == 1, q == 1 ? hamle_replay_plies(f->rp) : 0))
			return false;
	}
}

static void *fork_main(void *arg)
{
	vd_fork *f = arg;
	pthread_mutex_lock(&f->mu);
	for (;;) {
		while (f->q[f->run].state != QUEUED && !f->quit)
			pthread_cond_wait(&f->cv, &f->mu);
		if (f->quit)
			break;
		stretch *st = &f->q[f->run];
		pthread_mutex_unlock(&f->mu);
		double t0 = hamle_now_s();
		bool ok = read_stretch(f, st);
		double t1 = hamle_now_s();
		pthread_mutex_lock(&f->mu);
		st->read_s = t1 - t0;
		st->failed = !ok;
		st->state = DONE;
		f->run = (f->run + 1) % VD_FORK_QUEUE;
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

bool vd_fork_push(vd_fork *f, size_t start, size_t stop, size_t before)
{
	pthread_mutex_lock(&f->mu);
	bool room = f->count < VD_FORK_QUEUE;
	if (room) {
		stretch *st = &f->q[(f->head + f->count) % VD_FORK_QUEUE];
		st->start = start;
		st->stop = stop;
		st->before = before;
		st->state = QUEUED;
		f->count++;
		pthread_cond_broadcast(&f->cv);
	}
	pthread_mutex_unlock(&f->mu);
	return room;
}

size_t vd_fork_queued(vd_fork *f, size_t *start)
{
	pthread_mutex_lock(&f->mu);
	size_t n = f->count;
	if (n)
		*start = f->q[f->head].start;
	pthread_mutex_unlock(&f->mu);
	return n;
}

bool vd_fork_take(vd_fork *f, const hamle_reader **r, const vd_fork_game **games, size_t *n, vd_fork_times *t)
{
	pthread_mutex_lock(&f->mu);
	stretch *st = &f->q[f->head];
	while (st->state != DONE)
		pthread_cond_wait(&f->cv, &f->mu);
	t->read_s = st->read_s;
	t->before = st->before;
	bool ok = !st->failed;
	pthread_mutex_unlock(&f->mu);
	*r = st->r;
	*games = st->games;
	*n = st->n;
	return ok;
}

void vd_fork_release(vd_fork *f)
{
	pthread_mutex_lock(&f->mu);
	if (f->count) {
		f->q[f->head].state = FREE;
		f->head = (f->head + 1) % VD_FORK_QUEUE;
		f->count--;
	}
	pthread_mutex_unlock(&f->mu);
}

void vd_fork_free(vd_fork *f)
{
	if (!f)
		return;
	pthread_mutex_lock(&f->mu);
	f->quit = true; /* a stretch being read is finished first; the others are not read */
	pthread_cond_broadcast(&f->cv);
	pthread_mutex_unlock(&f->mu);
	pthread_join(f->thread, NULL);
	pthread_mutex_destroy(&f->mu);
	pthread_cond_destroy(&f->cv);
	for (size_t i = 0; i < VD_FORK_QUEUE; i++) {
		clear_games(&f->q[i]);
		free(f->q[i].games);
		hamle_reader_free(f->q[i].r);
	}
	hamle_game_free(f->game);
	hamle_replay_free(f->rp);
	free(f);
}

size_t vd_fork_boundary(const unsigned char *map, size_t len, size_t from)
{
	if (from >= len)
		return 0;
	size_t n = len - from < VD_FORK_SEARCH ? len - from : VD_FORK_SEARCH;
	/* the first '[' after a blank line ("\n\n[" or "\n\r\n["): memchr to each '[' (memory
	 * speed; memmem with a three-byte needle went at a tenth of it and ran on the reading thread) */
	const unsigned char *p = map + from, *end = map + from + n;
	while ((p = memchr(p, '[', (size_t)(end - p))) != NULL) {
		size_t at = (size_t)(p - map);
		if (at >= from + 2 && map[at - 1] == '\n' &&
		    (map[at - 2] == '\n' || (at >= from + 3 && map[at - 2] == '\r' && map[at - 3] == '\n')))
			return at;
		p++;
	}
	return 0;
}
