/* fork.c: the pieces of a mapped file read by two threads at once (fork.h). The fork's thread
 * claims the next piece whenever it is free; the reading thread claims one when the oldest is not
 * read yet, or reads the next in order itself. The games the quick lane cannot judge are kept as
 * chunks for the reading thread to hand on. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fork.h"
#include "outfile.h"

/* One piece claimed: being read, then read until the reading thread lets it go. */
typedef struct piece {
	_Alignas(64) size_t start, stop; /* stop SIZE_MAX: the input's end */
	bool done, failed;
	hamle_reader *r;
	vd_fork_game *games;
	size_t n, cap, judged;
} piece;

struct vd_fork {
	/* read-only once made */
	const vd_config *cfg;
	const unsigned char *map;
	size_t len;
	const char *source;
	pthread_t thread;
	/* the fork's thread's own */
	_Alignas(64) hamle_replay *rp;
	hamle_game *game;
	vd_quick_tries tries; /* of the one-pass lane */
	/* shared, under mu */
	_Alignas(64) pthread_mutex_t mu;
	pthread_cond_t cv;
	bool quit;
	bool closed;   /* no more pieces claimed */
	unsigned poor; /* pieces in a row read with mostly games the lane gave up on (variations,
	                * NAGs: the workers'), or failed */
	/* the pieces claimed and not let go, in the file's order: count from head */
	piece q[VD_FORK_RING];
	size_t head, count;
	size_t next; /* where the next piece to claim starts (SIZE_MAX: none left) */
};

static void clear_games(piece *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->games[i].copy);
	p->n = 0;
	p->judged = 0;
}

/* The games of the piece being read, held by its thread alone (the pieces and the fork's fields
 * share cache lines with what the other thread writes). */
typedef struct list {
	const unsigned char *map, *end;
	vd_fork_game *games;
	size_t n, cap, judged;
} list;

/* Keeps one game; false when out of memory. */
static bool keep(list *l, const hamle_chunk *ch, int judged, unsigned plies)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 1024;
		vd_fork_game *g = realloc(l->games, cap * sizeof(*g));
		if (!g)
			return false;
		l->games = g;
		l->cap = cap;
	}
	vd_fork_game *g = &l->games[l->n];
	g->ch = *ch;
	g->copy = NULL;
	g->judged = judged;
	g->plies = plies;
	if (ch->len && (ch->data < l->map || ch->data >= l->end)) {
		/* a chunk of the reader's own (a mark held back): gone at its next call */
		if (!(g->copy = malloc(ch->len)))
			return false;
		memcpy(g->copy, ch->data, ch->len);
		g->ch.data = g->copy;
	}
	l->n++;
	l->judged += judged != 0; /* read in one pass */
	return true;
}

static bool read_games(const vd_fork *f, piece *p, list *l, hamle_replay *rp, hamle_game **game,
	vd_quick_tries *tries)
{
	const vd_config *cfg = f->cfg;
	if (hamle_reader_new(&p->r, &cfg->ropts) < 0 ||
	    hamle_reader_set_input_mapped_from(p->r, f->map, f->len, p->start, NULL, NULL, f->source) < 0 ||
	    hamle_reader_set_stop(p->r, p->stop) < 0)
		return false;
	for (;;) {
		hamle_chunk ch;
		int rc = vd_quick_next(tries, rp, p->r, cfg, &ch);
		if (rc < 0)
			return false;
		if (rc == 1 || rc == 2) {
			if (!keep(l, &ch, rc, hamle_replay_plies(rp)))
				return false;
			continue;
		}
		rc = hamle_reader_next_chunk(p->r, &ch);
		if (rc == HAMLE_ITEROVER)
			return true;
		if (rc < 0)
			return false;
		int q = hamle_replay_quick(rp, game, &ch, &cfg->ropts);
		if (q < 0 || !keep(l, &ch, q == 1, q == 1 ? hamle_replay_plies(rp) : 0))
			return false;
	}
}

/* Reads a piece with rp, *game and tries (the calling thread's); false when out of memory. */
static bool read_piece(const vd_fork *f, piece *p, hamle_replay *rp, hamle_game **game, vd_quick_tries *tries)
{
	clear_games(p);
	hamle_reader_free(p->r);
	p->r = NULL;
	list l = {f->map, f->map + f->len, p->games, 0, p->cap, 0};
	bool ok = read_games(f, p, &l, rp, game, tries);
	p->games = l.games;
	p->cap = l.cap;
	p->n = l.n;
	p->judged = l.judged;
	return ok;
}

/* The next piece from f->next (locked): false when there is none to claim. */
static bool claim(vd_fork *f, size_t *start, size_t *stop)
{
	if (f->closed || f->next == SIZE_MAX)
		return false;
	size_t at = vd_fork_boundary(f->map, f->len, f->next + VD_FORK_PIECE);
	/* a last piece shorter than a quarter goes with this one */
	if (at && f->len - at < VD_FORK_PIECE / 4)
		at = 0;
	*start = f->next;
	*stop = at ? at : SIZE_MAX;
	f->next = *stop;
	return true;
}

/* Claims the next piece into the ring (locked; there is room): NULL when there is none. */
static piece *claim_piece(vd_fork *f)
{
	size_t start, stop;
	if (!claim(f, &start, &stop))
		return NULL;
	piece *p = &f->q[(f->head + f->count) % VD_FORK_RING];
	p->start = start;
	p->stop = stop;
	p->done = false;
	f->count++;
	return p;
}

/* Reads a claimed piece, the lock let go meanwhile; then it is done (locked). */
static void read_claimed(vd_fork *f, piece *p, hamle_replay *rp, hamle_game **game, vd_quick_tries *tries)
{
	pthread_mutex_unlock(&f->mu);
	bool ok = read_piece(f, p, rp, game, tries);
	pthread_mutex_lock(&f->mu);
	p->failed = !ok;
	p->done = true;
	/* two pieces in a row of mostly games for the workers: the workers' way from here on */
	if (!ok || p->judged * 10 < p->n * 9) {
		if (++f->poor >= 2)
			f->closed = true;
	} else {
		f->poor = 0;
	}
	pthread_cond_broadcast(&f->cv);
}

/* The fork's thread: reads pieces while there are any to claim, then ends (vd_fork_free then joins
 * a thread that has ended, not one it must wake first: a wake-up on a virtual machine costs as
 * much as reading a piece). */
static void *fork_main(void *arg)
{
	vd_fork *f = arg;
	pthread_mutex_lock(&f->mu);
	for (;;) {
		piece *p = NULL;
		while (!f->quit && (f->count == VD_FORK_RING || !(p = claim_piece(f)))) {
			if (f->closed || f->next == SIZE_MAX)
				goto out; /* none will be claimed again */
			pthread_cond_wait(&f->cv, &f->mu);
		}
		if (f->quit)
			break;
		read_claimed(f, p, f->rp, &f->game, &f->tries);
	}
out:
	pthread_mutex_unlock(&f->mu);
	return NULL;
}

int vd_fork_new(vd_fork **out, const vd_config *cfg, const unsigned char *map, size_t len, const char *source,
	size_t *stop)
{
	*out = NULL;
	*stop = SIZE_MAX;
	size_t first = vd_fork_boundary(map, len, VD_FORK_PIECE);
	if (!first || len - first < VD_FORK_PIECE)
		return 0; /* too short to share */
	vd_fork *f = aligned_alloc(64, sizeof(*f)); /* its size is a multiple of 64 */
	if (!f)
		return -1;
	memset(f, 0, sizeof(*f));
	f->cfg = cfg;
	f->map = map;
	f->len = len;
	f->source = source;
	f->next = first; /* the first piece is the reading thread's */
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
	*stop = first;
	return 0;
}

vd_fork_step vd_fork_next(vd_fork *f, vd_fork_view *v, hamle_replay *rp, hamle_game **game, vd_quick_tries *tries)
{
	pthread_mutex_lock(&f->mu);
	for (;;) {
		size_t start;
		if (f->count == 0) {
			/* the next piece in order is unclaimed: this thread's reader reads it (or the rest) */
			if (!claim(f, &start, &v->stop))
				v->stop = SIZE_MAX;
			v->open = !f->closed && f->next != SIZE_MAX;
			pthread_mutex_unlock(&f->mu);
			return VD_FORK_READ;
		}
		piece *h = &f->q[f->head];
		if (h->done) {
			v->stop = h->stop;
			v->r = h->r;
			v->games = h->games;
			v->n = h->n;
			v->ok = !h->failed;
			v->open = !f->closed && f->next != SIZE_MAX;
			pthread_mutex_unlock(&f->mu);
			return VD_FORK_JOIN;
		}
		/* the fork is reading the oldest: a later piece meanwhile, else wait for it */
		piece *p = f->count < VD_FORK_RING ? claim_piece(f) : NULL;
		if (p)
			read_claimed(f, p, rp, game, tries);
		else
			pthread_cond_wait(&f->cv, &f->mu);
	}
}

void vd_fork_release(vd_fork *f)
{
	pthread_mutex_lock(&f->mu);
	if (f->count) {
		f->head = (f->head + 1) % VD_FORK_RING;
		f->count--;
		pthread_cond_broadcast(&f->cv);
	}
	pthread_mutex_unlock(&f->mu);
}

void vd_fork_close(vd_fork *f)
{
	pthread_mutex_lock(&f->mu);
	f->closed = true;
	pthread_mutex_unlock(&f->mu);
}

void vd_fork_free(vd_fork *f)
{
	if (!f)
		return;
	pthread_mutex_lock(&f->mu);
	f->quit = true; /* a piece being read is finished first; no other is claimed */
	pthread_cond_broadcast(&f->cv);
	pthread_mutex_unlock(&f->mu);
	pthread_join(f->thread, NULL);
	pthread_mutex_destroy(&f->mu);
	pthread_cond_destroy(&f->cv);
	for (size_t i = 0; i < VD_FORK_RING; i++) {
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
