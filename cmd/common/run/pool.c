/* pool.c: ordered parallel map over a ring of in-flight items (see pool.h).
 *
 * Sequence numbers: head (oldest not yet emitted) <= next (next to hand to a worker) <= tail (next
 * to submit), tail - head <= cap; slot of sequence s is ring[s % cap]. One mutex guards all of it;
 * workers wait on work_cv for next < tail, the caller waits on done_cv for ring[head] to finish.
 * With N jobs, N - 1 threads are started when the first items that need work reach the ring (a
 * run whose items are all worked already, or that ends with fewer than a batch, starts none): the
 * caller is the last worker, taking items itself whenever it would otherwise wait for room or for
 * the end. A thread that cannot be started leaves the pool with the ones started so far. */
#include "pool.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"

/* Most items a worker takes at once, and how many submitted items enter the ring together: one
 * lock round trip per batch rather than per item (items are often single small games, and on a
 * virtual machine every futex wake-up costs as much as validating a game). */
#define POOL_BATCH 32

typedef struct {
	void *item;
	size_t bytes; /* the item's size as fns.size tells it (0 without) */
	bool done;
	bool worked; /* submitted worked (hamle_pool_submit_done): a worker taking it leaves it be */
} slot;

struct hamle_pool {
	pthread_mutex_t mu;
	pthread_cond_t work_cv, done_cv;
	slot *ring;
	size_t cap, head, next, tail;
	size_t bytes; /* of the items in the ring, as fns.size tells them */
	bool shutdown, finished;
	unsigned idle;             /* workers waiting for work */
	int stop_rc;               /* non-zero once an emit failed */
	pthread_t *threads;
	unsigned nthreads, started;
	bool launched;             /* the threads were started (or tried) */
	int start_err;             /* pthread_create's error then, else 0 */
	const hamle_msg *warn_msg; /* where a thread that could not be started is told */
	hamle_pool_fns fns;
	void *ctx;
	/* submitted items not yet in the ring (caller thread only): they go in together, one lock
	 * round trip and at most one wake-up per POOL_BATCH items rather than per item */
	void *pending[POOL_BATCH];
	bool pending_done[POOL_BATCH]; /* worked already (hamle_pool_submit_done) */
	size_t pending_bytes[POOL_BATCH];
	size_t npending;
};

/* Per-thread start argument: the pool and the worker index. */
typedef struct {
	hamle_pool *pool;
	unsigned index;
} worker_arg;

unsigned hamle_pool_default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		return 1;
	return n > 1024 ? 1024u : (unsigned)n;
}


/* How many waiting items one worker takes: a fair share, at most POOL_BATCH, at least one
 * (called with mu held and next < tail). */
static size_t fair_share(const hamle_pool *p)
{
	size_t take = (p->tail - p->next) / p->nthreads;
	if (take < 1)
		take = 1;
	return take > POOL_BATCH ? POOL_BATCH : take;
}

static void *worker_main(void *arg)
{
	worker_arg *wa = arg;
	hamle_pool *p = wa->pool;
	unsigned index = wa->index;
	free(wa);
	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (p->next == p->tail && !p->shutdown) {
			p->idle++;
			pthread_cond_wait(&p->work_cv, &p->mu);
			p->idle--;
		}
		if (p->next == p->tail)
			break; /* shut down and nothing left */
		size_t take = fair_share(p);
		size_t seq0 = p->next;
		p->next += take;
		bool skip = p->stop_rc != 0;
		pthread_mutex_unlock(&p->mu);
		for (size_t k = 0; k < take && !skip; k++)
			if (!p->ring[(seq0 + k) % p->cap].worked)
				p->fns.work(p->ctx, index, p->ring[(seq0 + k) % p->cap].item);
		pthread_mutex_lock(&p->mu);
		for (size_t k = 0; k < take; k++)
			p->ring[(seq0 + k) % p->cap].done = true;
		if (p->head >= seq0 && p->head < seq0 + take)
			pthread_cond_signal(&p->done_cv);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

/* Emits an item, or discards it once the pool stopped; returns the emit code (0 when discarded). */
static int give_back(hamle_pool *p, int stop_rc, void *item)
{
	if (stop_rc == 0)
		return p->fns.emit(p->ctx, item);
	if (p->fns.discard)
		p->fns.discard(p->ctx, item);
	return 0;
}

/* Emits finished items at the head, in order. With wait, blocks until the ring has room for `room`
 * more items of room_bytes in all (HAMLE_POOL_MAX_BYTES in the ring, unless it is empty), or, with
 * all = true, until it is empty. Called and returns with mu held. */
static void drain(hamle_pool *p, bool wait, bool all, size_t room, size_t room_bytes)
{
	for (;;) {
		if (p->head < p->tail && p->ring[p->head % p->cap].done) {
			slot *s = &p->ring[p->head % p->cap];
			void *item = s->item;
			s->item = NULL;
			s->done = false;
			p->bytes -= s->bytes;
			p->head++;
			int stop_rc = p->stop_rc;
			pthread_mutex_unlock(&p->mu);
			int rc = give_back(p, stop_rc, item);
			pthread_mutex_lock(&p->mu);
			if (rc != 0 && p->stop_rc == 0)
				p->stop_rc = rc;
			continue;
		}
		bool need_wait = all ? p->head < p->tail : p->tail - p->head + room > p->cap ||
			(p->head < p->tail && p->bytes + room_bytes > HAMLE_POOL_MAX_BYTES);
		if (!wait || !need_wait)
			return;
		if (p->next < p->tail && p->stop_rc == 0) {
			/* rather than sleep, the caller works an item itself (as the last worker: one
			 * thread fewer was started, so N threads run on N cores) */
			size_t seq0 = p->next, take = fair_share(p);
			p->next += take;
			pthread_mutex_unlock(&p->mu);
			for (size_t k = 0; k < take; k++)
				if (!p->ring[(seq0 + k) % p->cap].worked)
					p->fns.work(p->ctx, p->nthreads - 1, p->ring[(seq0 + k) % p->cap].item);
			pthread_mutex_lock(&p->mu);
			for (size_t k = 0; k < take; k++)
				p->ring[(seq0 + k) % p->cap].done = true;
			continue;
		}
		pthread_cond_wait(&p->done_cv, &p->mu);
	}
}

static void stop_threads(hamle_pool *p)
{
	pthread_mutex_lock(&p->mu);
	p->shutdown = true;
	pthread_cond_broadcast(&p->work_cv);
	pthread_mutex_unlock(&p->mu);
	for (unsigned i = 0; i < p->started; i++)
		pthread_join(p->threads[i], NULL);
	p->started = 0;
}

/* Starts the N - 1 threads (once). The threads start with the terminating signals blocked, so
 * that they reach the caller's thread (outfile.h removes its temporary files there). A thread that
 * cannot be started (ulimit -u, memory for a stack) leaves the pool with those started so far:
 * the caller's thread, the last worker as always, works what they do not. */
static void launch(hamle_pool *p)
{
	p->launched = true;
	sigset_t old;
	hamle_outfile_block_signals(&old);
	for (unsigned i = 0; i + 1 < p->nthreads; i++) {
		worker_arg *wa = malloc(sizeof(*wa));
		if (!wa) {
			p->start_err = ENOMEM;
			break;
		}
		wa->pool = p;
		wa->index = i;
		int e = pthread_create(&p->threads[i], NULL, worker_main, wa);
		if (e != 0) {
			free(wa);
			p->start_err = e;
			break;
		}
		p->started++;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (p->started + 1 < p->nthreads && p->warn_msg)
		hamle_pool_warn_fewer(p, p->warn_msg);
}

int hamle_pool_new(hamle_pool **out, unsigned nthreads, size_t capacity, const hamle_pool_fns *fns, void *ctx)
{
	hamle_pool *p = calloc(1, sizeof(*p));
	*out = NULL;
	if (!p)
		return -1;
	p->nthreads = nthreads ? nthreads : hamle_pool_default_jobs();
	p->cap = capacity ? capacity : 64 * (size_t)p->nthreads;
	if (p->cap < 2 * POOL_BATCH)
		p->cap = 2 * POOL_BATCH;
	p->fns = *fns;
	p->ctx = ctx;
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->work_cv, NULL);
	pthread_cond_init(&p->done_cv, NULL);
	if (p->nthreads == 1) {
		*out = p;
		return 0;
	}
	p->ring = calloc(p->cap, sizeof(*p->ring));
	p->threads = calloc(p->nthreads, sizeof(*p->threads));
	if (!p->ring || !p->threads)
		goto fail;
	*out = p;
	return 0;
fail:
	p->finished = true;
	hamle_pool_free(p);
	return -1;
}

unsigned hamle_pool_threads(const hamle_pool *p)
{
	return p->nthreads;
}

bool hamle_pool_warn_fewer(hamle_pool *p, const hamle_msg *m)
{
	if (!p->launched) { /* told when the threads start */
		p->warn_msg = m;
		return false;
	}
	if (p->started + 1 >= p->nthreads)
		return false;
	hamle_msg_warn(m, "a thread could not be started (%s): running %u of the %u jobs asked for",
		strerror(p->start_err), p->started + 1, p->nthreads);
	return true;
}

/* Moves the pending items into the ring (waiting for room, emitting meanwhile) and wakes the
 * workers. Returns 0, or the stop code (the pending items are then discarded). */
static int publish(hamle_pool *p, bool last)
{
	size_t n = p->npending, bytes = 0;
	p->npending = 0;
	if (n == 0)
		return p->stop_rc;
	for (size_t k = 0; k < n; k++)
		bytes += p->pending_bytes[k];
	if (!p->launched && !last)
		for (size_t k = 0; k < n; k++)
			if (!p->pending_done[k]) {
				launch(p);
				break;
			}
	pthread_mutex_lock(&p->mu);
	drain(p, true, false, n, bytes);
	int rc = p->stop_rc;
	if (rc == 0) {
		for (size_t k = 0; k < n; k++) {
			slot *s = &p->ring[p->tail % p->cap];
			s->item = p->pending[k];
			/* an item worked already goes past the workers while none waits before it; behind
			 * one that waits, a worker takes it in its turn and leaves it be */
			s->worked = p->pending_done[k];
			s->bytes = p->pending_bytes[k];
			p->bytes += s->bytes;
			s->done = s->worked && p->next == p->tail;
			p->tail++;
			if (s->done)
				p->next++;
		}
		if (p->idle && p->next < p->tail)
			pthread_cond_broadcast(&p->work_cv);
	}
	pthread_mutex_unlock(&p->mu);
	if (rc != 0 && p->fns.discard)
		for (size_t k = 0; k < n; k++)
			p->fns.discard(p->ctx, p->pending[k]);
	return rc;
}

static int submit(hamle_pool *p, void *item, bool done)
{
	if (p->nthreads == 1) { /* inline */
		if (p->stop_rc == 0 && !done)
			p->fns.work(p->ctx, 0, item);
		int rc = give_back(p, p->stop_rc, item);
		if (rc != 0 && p->stop_rc == 0)
			p->stop_rc = rc;
		return p->stop_rc;
	}
	if (p->stop_rc != 0) { /* set by this thread alone (drain): no lock needed to read it */
		if (p->fns.discard)
			p->fns.discard(p->ctx, item);
		return p->stop_rc;
	}
	p->pending_done[p->npending] = done;
	p->pending_bytes[p->npending] = p->fns.size ? p->fns.size(p->ctx, item) : 0;
	p->pending[p->npending++] = item;
	if (p->npending < POOL_BATCH)
		return 0;
	return publish(p, false);
}

int hamle_pool_submit(hamle_pool *p, void *item)
{
	return submit(p, item, false);
}

int hamle_pool_submit_done(hamle_pool *p, void *item)
{
	return submit(p, item, true);
}

int hamle_pool_publish(hamle_pool *p)
{
	return p->nthreads == 1 ? p->stop_rc : publish(p, false);
}

int hamle_pool_wait(hamle_pool *p)
{
	if (p->finished || p->nthreads == 1)
		return p->stop_rc;
	publish(p, false);
	pthread_mutex_lock(&p->mu);
	drain(p, true, true, 0, 0);
	pthread_mutex_unlock(&p->mu);
	return p->stop_rc;
}

int hamle_pool_finish(hamle_pool *p)
{
	if (p->finished)
		return p->stop_rc;
	p->finished = true;
	if (p->nthreads > 1) {
		publish(p, true); /* the last items: fewer than a batch, worked here when no thread runs */
		pthread_mutex_lock(&p->mu);
		drain(p, true, true, 0, 0);
		pthread_mutex_unlock(&p->mu);
		stop_threads(p);
	}
	return p->stop_rc;
}

void hamle_pool_free(hamle_pool *p)
{
	if (!p)
		return;
	hamle_pool_finish(p);
	stop_threads(p);
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->work_cv);
	pthread_cond_destroy(&p->done_cv);
	free(p->ring);
	free(p->threads);
	free(p);
}
