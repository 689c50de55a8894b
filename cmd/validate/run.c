/* run.c: reads every input, cuts it into game chunks, and sends them through the ordered pool.
 *
 * Only the main thread touches the reader, the free list of items, the totals and stdout. Each item
 * carries a copy of its chunk's bytes (the reader's buffer is reused at the next call), so at most
 * the pool's capacity of games is held in memory at once, whatever the size of the input; an item
 * of a mapped file (input.h) points at the mapping instead, which outlives it (the pool is waited
 * for before the next input). */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dedup.h"
#include "fork.h"
#include "input.h"
#include "names.h"
#include "outfile.h"
#include "pool.h"
#include "validate.h"
#include "where.h"

/* A mapped file up to this size is read as a stream is: its games copied into the items, so that
 * the pool goes on to the next input without waiting for them to be emitted (one round trip to
 * the worker per file made 1,000 one-game files slower at -j 2 than at -j 1). */
#define MAP_COPY_MAX ((size_t)1 << 20)


typedef struct vd_run_ctx {
	const vd_config *cfg;
	const hamle_msg *msg;
	hamle_out *out;
	hamle_out *html;   /* --html: the report's file (NULL: none) */
	vd_worker *workers;
	unsigned nworkers;
	vd_item *free_items;
	vd_totals totals;
	vd_progress progress;
	bool oom;
	bool borrow; /* one thread: the pool works each item before the next chunk is read, so an
	              * item may point at the reader's bytes instead of copying them */
	bool one_pass; /* the quick lane for every game: hamle_replay_quick_next (with more threads,
	                * while the workers have enough waiting: the reading thread's share) */
	unsigned own;  /* the reading thread's worker index */
	/* items split for the workers that none has started on yet: written by every worker, on a
	 * cache line of its own (beside the fields this thread writes for each game, it cost a third
	 * of a microsecond a game at -j 2) */
	_Alignas(64) atomic_size_t unworked;
	_Alignas(64) vd_fork *fork; /* -j 2 and up on a mapped file: the pieces read by two threads */
	bool fork_open;         /* the fork still claims pieces (the reading thread works the games
	                         * the lane leaves, at -j 2) */
	bool solo;              /* -j 2 on a decompressed input: its thread takes the second core, and
	                         * the reading thread works every game itself (the pool's worker
	                         * would be a third thread on two cores) */
	unsigned fork_misses;   /* joins in a row that failed */
	vd_quick_tries tries;  /* of the one-pass lane */
	hamle_dedup *dedup;     /* --unique: the keys, each with its first game (input << 40 | game) */
	hamle_out *dups;        /* --duplicates FILE */
	const hamle_names *names; /* the inputs' names, in order */
	const char *source;     /* the input of the last game emitted */
	size_t input;           /* its index in names */
	hamle_inputs *in;
	const unsigned char *map; /* the current input's mapping (NULL: none), map_len bytes */
	size_t map_len;
	size_t mapped; /* items in flight that point into it */
	vd_item *judged; /* games the quick lane judged clean, not yet submitted: one item */
} vd_run_ctx;

static void item_free(vd_item *it)
{
	if (!it)
		return;
	free(it->data);
	hamle_buf_free(&it->out);
	hamle_buf_free(&it->html);
	hamle_buf_free(&it->key);
	hamle_game_free(it->game);
	free(it);
}

static void recycle(vd_run_ctx *c, vd_item *it)
{
	it->next_free = c->free_items;
	c->free_items = it;
}

/* Whether the chunk's bytes lie in the current input's mapping. */
static bool in_map(const vd_run_ctx *c, const hamle_chunk *ch)
{
	return c->map && ch->data >= c->map && (size_t)(ch->data - c->map) <= c->map_len &&
		ch->len <= c->map_len - (size_t)(ch->data - c->map);
}

static vd_item *item_from_chunk(vd_run_ctx *c, const hamle_chunk *ch, const char *source)
{
	vd_item *it = c->free_items;
	if (it) {
		c->free_items = it->next_free;
	} else {
		it = calloc(1, sizeof(*it));
		if (!it)
			return NULL;
		hamle_buf_init(&it->out);
		hamle_buf_init(&it->html);
		hamle_buf_init(&it->key);
	}
	it->chunk = *ch;
	/* a chunk in the mapping stays there (the reader's own copy of one is reused) */
	it->mapped = in_map(c, ch);
	if (it->mapped && c->mapped++ == 0)
		hamle_inputs_keep(c->in, ch->offset);
	if (!c->borrow && !it->mapped) {
		if (hamle_bytes_copy(&it->data, &it->cap, ch->data, ch->len) < 0) {
			item_free(it);
			return NULL;
		}
		it->chunk.data = it->data;
	}
	it->chunk.source = source;
	hamle_buf_clear(&it->out);
	hamle_buf_clear(&it->html);
	it->oom = false;
	it->skipped = false;
	it->quick = false;
	it->tagged = false;
	it->batch = 1;
	it->errors = it->warnings = 0;
	it->plies = 0;
	memset(it->counts, 0, sizeof(it->counts));
	hamle_buf_clear(&it->key);
	it->keyed = false;
	return it;
}

static void pool_work(void *ctx, unsigned worker, void *item)
{
	vd_run_ctx *c = ctx;
	vd_item *it = item;
	if (!it->quick)
		atomic_fetch_sub_explicit(&c->unworked, 1, memory_order_relaxed);
	vd_work_item(c->cfg, &c->workers[worker], it);
}

/* --unique, in input order (the first of equal games is validated, whatever -j is): a game with
 * the key of an earlier one becomes a duplicate, and goes whole to --duplicates FILE. 0, or -1
 * when out of memory. */
static int unique(vd_run_ctx *c, vd_item *it)
{
	if (it->chunk.source != c->source) {
		if (c->source)
			c->input++;
		c->source = it->chunk.source;
	}
	if (!c->dedup || !it->keyed || it->skipped)
		return 0;
	uint64_t first = 0, game = hamle_game_index(it->game);
	int dup = hamle_dedup_add_value(c->dedup, it->key.data, it->key.len, (uint64_t)c->input << 40 | game, &first);
	if (dup <= 0)
		return dup < 0 ? -1 : 0;
	size_t in = (size_t)(first >> 40);
	vd_duplicate(c->cfg, it, (size_t)(first & (((uint64_t)1 << 40) - 1)),
		in == c->input || in >= c->names->n ? NULL : c->names->name[in]);
	if (c->dups && it->chunk.len) {
		/* the game's bytes as read, a blank line after it */
		size_t n = it->chunk.len;
		const unsigned char *d = it->chunk.data;
		hamle_out_write(c->dups, d, n);
		if (d[n - 1] != '\n')
			hamle_out_write(c->dups, "\n", 1);
		if (n < 2 || d[n - 1] != '\n' || d[n - 2] != '\n')
			hamle_out_write(c->dups, "\n", 1);
	}
	return 0;
}

static int pool_emit(void *ctx, void *item)
{
	vd_run_ctx *c = ctx;
	vd_item *it = item;
	int rc = 0;
	if (it->oom || hamle_buf_failed(&it->out) || hamle_buf_failed(&it->html)) {
		c->oom = true;
		rc = -1;
	} else if (unique(c, it) < 0) {
		c->oom = true;
		rc = -1;
	} else {
		vd_totals_add(&c->totals, c->cfg, it);
		if (it->out.len && hamle_out_write(c->out, it->out.data, it->out.len) < 0)
			rc = -1;
		if (c->html && it->html.len && hamle_out_write(c->html, it->html.data, it->html.len) < 0)
			rc = -1;
		if (c->html && !it->html.len && !it->skipped && !it->errors && !it->warnings) {
			/* every game is listed: a valid one as a collapsed line (written in the item's
			 * buffer, cleared for its next game) */
			vd_format_html_valid(&it->html, c->cfg, it->chunk.source, it->chunk.game, it->batch ? it->batch : 1);
			if (hamle_buf_failed(&it->html) || hamle_out_write(c->html, it->html.data, it->html.len) < 0)
				rc = -1;
		}
		vd_progress_update(&c->progress, c->msg, &c->totals);
	}
	/* shrink buffers a huge game grew, so memory stays bounded: a game's copy above 64 KiB is not
	 * kept (else every item of the ring comes to hold one of the longest games: TCEC's, 200 KB
	 * and more, took -j 2 to 35 MB) */
	if (it->mapped) /* the next item in the mapping starts after it */
		hamle_inputs_keep(c->in, --c->mapped ? it->chunk.offset + it->chunk.len : SIZE_MAX);
	hamle_bytes_trim(&it->data, &it->cap, (size_t)1 << 16);
	hamle_buf_trim(&it->out, (size_t)1 << 20);
	hamle_buf_trim(&it->html, (size_t)1 << 20);
	hamle_buf_trim(&it->key, (size_t)1 << 20);
	if (it->game && it->chunk.len > ((size_t)1 << 16)) {
		hamle_game_free(it->game); /* --unique: nor a huge game's tokens */
		it->game = NULL;
	}
	recycle(c, it);
	return rc;
}

static void pool_discard(void *ctx, void *item)
{
	recycle(ctx, item);
}

/* With more threads, the reading thread reads a game in one pass (judging it itself) while at
 * least this many split games wait for the workers (they reach the ring 32 at a time: pool.c),
 * else it splits the next one for them. */
#define ONE_PASS_BACKLOG 48

/* Games judged clean go to the pool together, as one worked item: such a game prints nothing and
 * counts the same as the next (one_pass is off where a clean game prints or is looked at again:
 * --all, --unique, --where), and the reading thread saves an item and its emitting per game. A
 * run ends at this many games or bytes, at a game for the workers and at the input's end: a
 * mapping's pages are kept from an item's first game until it is emitted, and the ring holds 64
 * items a thread behind a slow game (runs of 1 MiB took TCEC twice over at -j 2 to 43 MB). */
#define JUDGED_RUN_GAMES 256
#define JUDGED_RUN_BYTES ((size_t)1 << 16)

/* The run of judged games to the pool. 0, or 1 when the pool stopped. */
static int submit_judged(vd_run_ctx *c, hamle_pool *pool)
{
	vd_item *it = c->judged;
	c->judged = NULL;
	return it && (hamle_pool_submit_done(pool, it) != 0 || hamle_pool_publish(pool) != 0);
}

/* A game to the pool: one judged clean by the quick lane already (judged 1; plies) as worked, else
 * for a worker (judged 2: its movetext judged, plies, its tags' findings to make). 0, or 1 when the
 * pool stopped or memory ran out. */
static int submit(vd_run_ctx *c, hamle_pool *pool, const hamle_chunk *ch, const char *source, int code,
	unsigned plies)
{
	bool judged = code == 1;
	vd_item *run = c->judged;
	if (judged && run && run->chunk.source == source && run->batch < JUDGED_RUN_GAMES &&
	    run->chunk.total_len < JUDGED_RUN_BYTES) {
		run->batch++;
		run->chunk.total_len += ch->total_len;
		/* the pages kept run to its end (a game in the mapping, after the run's first) */
		if (run->mapped && in_map(c, ch) && ch->data >= run->chunk.data)
			run->chunk.len = (size_t)(ch->data - run->chunk.data) + ch->len;
		return 0;
	}
	if (run && submit_judged(c, pool) != 0)
		return 1;
	vd_item *it = item_from_chunk(c, ch, source);
	if (!it) {
		c->oom = true;
		return 1;
	}
	if (judged) {
		it->quick = true; /* vd_work_item takes it as it is */
		it->plies = plies;
		c->judged = it;
		return 0;
	}
	if (code == 2) {
		it->tagged = true;
		it->plies = plies;
	}
	if ((c->fork_open || c->solo) && c->nworkers == 2) {
		/* -j 2 with the fork reading beside this thread: the pool's one worker would be a third
		 * thread on the two cores, woken for each game the one-pass lane did not judge (635
		 * times a run on the book, each taking a core from one of the two readers): this
		 * thread works it (the quick lane on its chunk, else the full path) */
		vd_work_item(c->cfg, &c->workers[c->own], it);
		return hamle_pool_submit_done(pool, it) != 0;
	}
	atomic_fetch_add_explicit(&c->unworked, 1, memory_order_relaxed);
	return hamle_pool_submit(pool, it) != 0;
}

/* The reader stopped where the pieces it read or joined end: the pieces read since go to the pool
 * in order, as if the reader had read them (when it is in the state their reader started from;
 * else it reads the piece itself), until the next piece is for the reader to read. 0, or 1 when
 * the pool stopped or memory ran out. */
static int fork_step(vd_run_ctx *c, hamle_pool *pool, hamle_reader *r, const char *source)
{
	vd_worker *w = &c->workers[c->own];
	for (;;) {
		vd_fork_view v;
		vd_fork_step step = vd_fork_next(c->fork, &v, w->rp, &w->game, &c->tries);
		c->fork_open = v.open;
		size_t gb, lb;
		if (step == VD_FORK_JOIN && (!v.ok || hamle_reader_join(r, v.r, &gb, &lb) != 1)) {
			vd_fork_release(c->fork);
			if (++c->fork_misses >= 2) /* two in a row: the reader reads the rest */
				vd_fork_close(c->fork);
			step = VD_FORK_READ; /* the reader reads the piece itself */
		}
		if (step == VD_FORK_READ) {
			hamle_reader_set_stop(r, v.stop);
			return 0;
		}
		c->fork_misses = 0;
		for (size_t i = 0; i < v.n; i++) {
			hamle_chunk ch = v.games[i].ch;
			ch.game += gb;
			ch.line += lb;
			if (submit(c, pool, &ch, source, v.games[i].judged, v.games[i].plies) != 0)
				return 1;
		}
		vd_fork_release(c->fork);
	}
}

/* Reads one input to its end (or until the pool stops). Returns 0, 1 when the pool stopped (output
 * gone or out of memory), or -1 after reporting a read error. */
static int read_input(vd_run_ctx *c, hamle_pool *pool, hamle_reader *r, const char *source)
{
	c->fork_misses = 0;
	for (;;) {
		hamle_chunk ch;
		int rc = 0;
		if (c->one_pass && (c->borrow || c->fork_open || c->solo ||
		    atomic_load_explicit(&c->unworked, memory_order_relaxed) >= ONE_PASS_BACKLOG))
			/* a clean plain game read and judged in one pass (the splitter's pass saved) */
			rc = vd_quick_next(&c->tries, c->workers[c->own].rp, r, c->cfg, &ch);
		int judged = rc == 1 || rc == 2 ? rc : 0;
		if (judged) {
			rc = HAMLE_OK;
		} else if (rc == 0) {
			rc = hamle_reader_next_chunk(r, &ch);
		}
		if (rc == HAMLE_ITEROVER) {
			if (!c->fork || !hamle_reader_stopped(r))
				return 0;
			if (fork_step(c, pool, r, source) != 0)
				return 1;
			continue;
		}
		if (rc < 0) {
			const hamle_error *e = hamle_reader_error(r);
			if (rc == HAMLE_ENOMEM) {
				c->oom = true;
				return 1;
			}
			hamle_msg_at(c->msg, HAMLE_MSG_ERROR, source, e ? e->line : 0, 0, "%s",
				e && e->message[0] ? e->message : hamle_msg_text(c->msg, "read_error", "read error"));
			return -1;
		}
		if (submit(c, pool, &ch, source, judged, judged ? hamle_replay_plies(c->workers[c->own].rp) : 0) != 0)
			return 1;
	}
}

/* read_input, then the judged games not yet submitted (also those before a read error). */
static int run_input(vd_run_ctx *c, hamle_pool *pool, hamle_reader *r, const char *source)
{
	int rc = read_input(c, pool, r, source);
	if (submit_judged(c, pool) != 0 && rc == 0)
		rc = 1;
	return rc;
}

int vd_run(const vd_config *cfg, unsigned jobs, const char *const *operands, size_t n,
	const hamle_msg *m, hamle_out *out)
{
	vd_run_ctx c;
	memset(&c, 0, sizeof(c));
	atomic_init(&c.unworked, 0);
	c.cfg = cfg;
	c.msg = m;
	c.out = out;
	hamle_outfile *html = NULL;
	if (cfg->html) {
		int rc = vd_html_open(cfg, &html, operands, n, m);
		if (rc)
			return hamle_outfile_close(html, false, rc);
		c.html = hamle_outfile_out(html);
	}
	vd_progress_init(&c.progress, m);
	hamle_names names = {NULL, 0, 0};
	c.names = &names;
	hamle_outfile *dof = NULL;
	if (cfg->duplicates && hamle_outfile_open(&dof, cfg->duplicates, m) != 0)
		return vd_html_close(cfg, html, &c.totals, 0, false, HAMLE_EXIT_ERROR);
	c.dups = dof ? hamle_outfile_out(dof) : NULL;
	hamle_inputs *in = NULL;
	hamle_pool *pool = NULL;
	bool io_error = false;
	int status = HAMLE_EXIT_ERROR;

	c.nworkers = jobs ? jobs : hamle_pool_default_jobs();
	c.workers = calloc(c.nworkers, sizeof(*c.workers));
	if (!c.workers || (cfg->unique && hamle_dedup_new(&c.dedup, 64) < 0))
		goto oom;
	hamle_dedup_keep_values(c.dedup);
	for (unsigned i = 0; i < c.nworkers; i++)
		if (hamle_replay_new(&c.workers[i].rp, &cfg->popts) < 0 ||
		    hamle_where_annotator(cfg->where, cfg->where_eco, &c.workers[i].where_an) < 0)
			goto oom;
		else if (cfg->bridge_gaps)
			hamle_replay_set_bridge_gaps(c.workers[i].rp, cfg->bridge, 0);
		else
			hamle_replay_set_bridge(c.workers[i].rp, cfg->bridge, 0);
	hamle_pool_fns fns = {pool_work, pool_emit, pool_discard, NULL}; /* small items: the ring bounds them */
	if (hamle_pool_new(&pool, c.nworkers, 0, &fns, &c) < 0)
		goto oom;
	hamle_pool_warn_fewer(pool, m);
	c.borrow = hamle_pool_threads(pool) == 1;
	c.own = hamle_pool_threads(pool) - 1; /* the pool's caller works items as the last worker */
	c.one_pass = !cfg->full && !cfg->all && !cfg->unique && !cfg->where && !cfg->select.any &&
		!cfg->select.invert && !getenv("HAMLE_NO_ONE_PASS");
	if (hamle_inputs_new(&in, operands, n, m) < 0)
		goto oom;
	hamle_inputs_set_limits(in, &cfg->unpack);
	/* A file is mapped (its pages mapped a few MiB ahead of the reader in one call, not faulted in
	 * one by one), not read: read(2) copies every byte from the page cache, a fifth of the time
	 * on TCEC's comment-heavy files. Two threads and up map every file (the fork's second thread
	 * reads its pieces there); one thread reads a file under MAP_COPY_MAX as a stream, which
	 * costs less than a mapping made and undone for each of many small files. */
	hamle_inputs_set_map(in, true, c.borrow ? MAP_COPY_MAX : 0);
	c.in = in;

	FILE *f; /* not read: hamle_inputs_attach gives the reader its bytes */
	const char *name;
	int more = 0;
	bool stopped = false;
	while (!stopped && (more = hamle_inputs_next(in, &f, &name)) > 0) {
		const char *source = hamle_names_keep(&names, name);
		hamle_reader *r = NULL;
		if (!source || hamle_reader_new(&r, &cfg->ropts) < 0 ||
			hamle_inputs_attach(in, r, source) < 0) {
			hamle_reader_free(r);
			goto oom;
		}
		c.map = hamle_inputs_map(in, &c.map_len);
		if (c.map && c.map_len <= MAP_COPY_MAX && !c.borrow)
			c.map = NULL; /* a small file's games are copied, as a stream's are */
		c.fork = NULL;
		size_t first = SIZE_MAX;
		if (c.one_pass && !c.borrow && c.map && !getenv("HAMLE_NO_FORK"))
			vd_fork_new(&c.fork, cfg, c.map, c.map_len, source, &first); /* none: one reader alone */
		c.fork_open = c.fork != NULL;
		c.solo = c.nworkers == 2 && hamle_inputs_packed(in) && !getenv("HAMLE_NO_SOLO");
		if (c.fork)
			hamle_reader_set_stop(r, first);
		int rc = run_input(&c, pool, r, source);
		vd_fork_free(c.fork); /* after its last piece */
		c.fork = NULL;
		c.fork_open = false;
		/* the items of a mapping are emitted before it goes (at the next input) */
		if (c.map && hamle_pool_wait(pool) != 0)
			stopped = true;
		c.map = NULL;
		c.mapped = 0;
		hamle_reader_free(r);
		if (rc < 0)
			io_error = true;
		else if (rc > 0)
			stopped = true;
	}
	if (!stopped && more < 0)
		goto oom;
	if (hamle_pool_finish(pool) != 0)
		stopped = true;
	vd_progress_clear(&c.progress, m);
	if (c.oom)
		goto oom;
	if (!hamle_out_failed(out)) {
		vd_summary(m, &c.totals, cfg->messages);
		hamle_inputs_summary(in, cfg->messages);
	}
	if (io_error || hamle_inputs_failed(in))
		status = HAMLE_EXIT_ERROR;
	else if (c.totals.games > c.totals.valid)
		status = HAMLE_EXIT_INVALID;
	else
		status = HAMLE_EXIT_OK;
	/* the report is kept when every game came through (a read error of one input, reported,
	 * leaves the others in it, as on stdout) */
	status = vd_html_close(cfg, html, &c.totals, names.n, !stopped, status);
	html = NULL;
	if (dof) {
		/* like the report, --duplicates FILE is replaced when every game came through */
		int ds = hamle_outfile_close(dof, !stopped && !hamle_out_failed(c.dups), status);
		dof = NULL;
		status = stopped ? status : ds;
	}
	goto cleanup;

oom:
	vd_progress_clear(&c.progress, m);
	status = hamle_msg_nomem(m);
cleanup:
	if (html)
		hamle_outfile_close(html, false, status); /* out of memory: the report is not written */
	if (dof)
		hamle_outfile_close(dof, false, status);
	hamle_dedup_free(c.dedup);
	hamle_pool_free(pool);
	hamle_inputs_free(in);
	if (c.workers) {
		for (unsigned i = 0; i < c.nworkers; i++) {
			hamle_replay_free(c.workers[i].rp);
			hamle_game_free(c.workers[i].game);
			hamle_annotator_free(c.workers[i].where_an);
		}
		free(c.workers);
	}
	while (c.free_items) {
		vd_item *next = c.free_items->next_free;
		item_free(c.free_items);
		c.free_items = next;
	}
	hamle_names_free(&names);
	return status;
}
