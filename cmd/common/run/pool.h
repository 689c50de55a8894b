/* pool.h: an ordered parallel map for -j N.
 *
 * The caller submits items (games, files...) one by one; worker threads run `work` on them in any
 * order, and the caller's own thread gets them back through `emit` strictly in submission order.
 * Memory stays bounded: at most `capacity` items are in flight (submitted, not yet emitted); a
 * submit beyond that waits, emitting finished items meanwhile. Output written from `emit` is thus
 * single-threaded and deterministic whatever N.
 *
 *   static void work(void *ctx, unsigned worker, void *item);  // worker thread; worker in [0, N)
 *   static int emit(void *ctx, void *item);                     // caller thread, in order; frees item
 *   hamle_pool_fns fns = {work, emit, discard};
 *   hamle_pool *p;
 *   if (hamle_pool_new(&p, jobs, 0, &fns, ctx) < 0) ...
 *   while (more) if ((rc = hamle_pool_submit(p, item)) != 0) break;   // item now owned by the pool
 *   rc = hamle_pool_finish(p);
 *   hamle_pool_free(p);
 *
 * `work` gets its worker index so per-thread state can live in an array of N entries in ctx; ctx
 * is otherwise shared by all workers (read it, or guard it yourself). When emit returns non-zero
 * (say, stdout is gone) the pool stops: items not yet worked on are skipped, every item not yet
 * emitted goes to `discard` (may be NULL), submit returns that code (discarding the item), and so
 * does finish. With N = 1 no thread is started: submit runs work and emit at once. With N > 1,
 * N - 1 threads are started when the first items that need work are handed on (a batch, a publish
 * or a wait; a run whose items are all done, or that ends with fewer than a batch, starts none: an
 * empty or one-game input costs no thread), and the caller's thread is worker N - 1: it works
 * items itself while it waits for room or for the end (so `work` may run on the caller's thread,
 * never at the same time as `emit`). A thread that cannot be started (no memory for its stack,
 * ulimit -u) is not an error: the pool runs with the threads started so far, the caller's thread
 * working what they do not, and hamle_pool_warn_fewer tells the user; the output is the same.
 * The threads start with SIGHUP, SIGINT, SIGQUIT and SIGTERM blocked, so these reach the
 * caller's thread (outfile.h). */
#ifndef HAMLE_CLI_POOL_H
#define HAMLE_CLI_POOL_H

#include <stdbool.h>
#include <stddef.h>

#include "msg.h"

typedef struct hamle_pool hamle_pool;

typedef struct hamle_pool_fns {
	void (*work)(void *ctx, unsigned worker, void *item);
	int (*emit)(void *ctx, void *item);
	void (*discard)(void *ctx, void *item);
	/* the bytes an item holds while in flight (may be NULL: items of about one size); the items
	 * in flight hold HAMLE_POOL_MAX_BYTES at most, or one batch of them however large */
	size_t (*size)(void *ctx, const void *item);
} hamle_pool_fns;

/* The most bytes (fns.size) the items in flight hold together: the submitter waits, or works
 * items itself, until those emitted make room (big games do not fill the ring with megabytes). */
#define HAMLE_POOL_MAX_BYTES ((size_t)4 << 20)

/* Number of online processors, at least 1 (the default of -j). */
unsigned hamle_pool_default_jobs(void);

/* nthreads 0 means hamle_pool_default_jobs(); capacity 0 means 64 * nthreads (at least 64: items
 * reach the workers 32 at a time, or at finish). fns is copied. 0, or -1 (out of memory); no
 * thread starts here (see above), and one that cannot be started later only makes it smaller. */
int hamle_pool_new(hamle_pool **out, unsigned nthreads, size_t capacity, const hamle_pool_fns *fns, void *ctx);

/* Jobs the pool was made for (nthreads): its worker indexes are 0 to this less one. */
unsigned hamle_pool_threads(const hamle_pool *p);

/* When the pool runs fewer jobs than asked for, warns on m ("a thread could not be started
 * (Resource temporarily unavailable): running 3 of the 8 jobs asked for") and returns true. Called
 * before the threads start, it keeps m and warns when they do (m must live as long as the pool). */
bool hamle_pool_warn_fewer(hamle_pool *p, const hamle_msg *m);

/* Queues item (owned by the pool from now on, even on failure). Returns 0 or the non-zero emit
 * return that stopped the pool. */
int hamle_pool_submit(hamle_pool *p, void *item);
/* As hamle_pool_submit, for an item that needs no work: it is emitted in its turn, and work is
 * never called on it (behind items that need work, a worker takes it in its turn and leaves it). */
int hamle_pool_submit_done(hamle_pool *p, void *item);

/* Hands the items submitted so far to the pool now (else they wait until POOL_BATCH have come),
 * emitting those done at its head: for items that stand for many (a run of judged games, whose
 * mapped pages are given back once it is emitted). Returns 0 or the emit code that stopped the
 * pool. */
int hamle_pool_publish(hamle_pool *p);
/* Waits for every item submitted so far and emits them in order (working items meanwhile); the
 * threads go on. For items that borrow what is freed next (a mapped input). Returns 0 or the emit
 * code that stopped the pool. */
int hamle_pool_wait(hamle_pool *p);

/* Waits for every item, emits the rest in order, stops the threads. Returns 0 or the emit code
 * that stopped the pool. Call once; hamle_pool_free calls it if needed. */
int hamle_pool_finish(hamle_pool *p);

void hamle_pool_free(hamle_pool *p); /* NULL-safe */

#endif
