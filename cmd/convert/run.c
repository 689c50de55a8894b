/* run.c: every input through the reader, the scoresheet wrapper and the ordered pool; output in
 * input order to stdout, -o FILE, or (--in-place) a temporary file renamed over each input. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "convert.h"
#include "input.h"
#include "pool.h"

typedef struct run_ctx {
	const cv_config *cfg;
	cv_worker *workers;
	hamle_out *out;
	bool failed;   /* some game had an error */
	bool fatal;    /* out of memory */
	bool stop;     /* --on-error fail triggered */
	size_t games, written;
	unsigned jobs;
	cv_item *free_items; /* items done with, for the next games (main thread only) */
} run_ctx;

static void item_free(cv_item *it)
{
	if (!it)
		return;
	free(it->data);
	free(it->tag_offsets);
	hamle_buf_free(&it->out);
	hamle_buf_free(&it->err);
	free(it);
}

static void work(void *ctx, unsigned worker, void *item)
{
	run_ctx *rc = ctx;
	cv_work_item(rc->cfg, &rc->workers[worker], item);
}

static int emit(void *ctx, void *item)
{
	run_ctx *rc = ctx;
	cv_item *it = item;
	int ret = 0;
	if (it->err.len)
		fwrite(it->err.data, 1, it->err.len, stderr);
	if (it->oom) {
		hamle_msg_error(rc->cfg->msg, "out of memory");
		rc->fatal = true;
		ret = 1;
	} else if (!it->skipped) {
		rc->games++;
		if (it->failed)
			rc->failed = true;
		if (it->failed && rc->cfg->on_error == CV_ON_ERROR_FAIL) {
			rc->stop = true;
			ret = 1;
		} else if (it->out.len) {
			rc->written++;
			if (hamle_out_write(rc->out, it->out.data, it->out.len) < 0)
				ret = 1;
		}
	}
	/* back to the free list; buffers a huge game grew are let go, so memory stays bounded */
	hamle_bytes_trim(&it->data, &it->cap, (size_t)1 << 20);
	hamle_buf_trim(&it->out, (size_t)1 << 20);
	hamle_buf_trim(&it->err, (size_t)1 << 20);
	it->next_free = rc->free_items;
	rc->free_items = it;
	return ret;
}

/* A cleared item for chunk ch: from the free list, else new. NULL when out of memory. */
static cv_item *item_for(run_ctx *rc, const hamle_chunk *ch)
{
	cv_item *it = rc->free_items;
	if (it) {
		rc->free_items = it->next_free;
	} else if (!(it = calloc(1, sizeof(*it)))) {
		return NULL;
	} else {
		hamle_buf_init(&it->out);
		hamle_buf_init(&it->err);
	}
	if (hamle_bytes_copy(&it->data, &it->cap, ch->data, ch->len) < 0) {
		item_free(it);
		return NULL;
	}
	it->chunk = *ch;
	it->chunk.data = it->data;
	it->ntag_offsets = 0;
	it->game_offset = 0;
	hamle_buf_clear(&it->out);
	hamle_buf_clear(&it->err);
	it->skipped = it->failed = it->oom = false;
	return it;
}

static void discard(void *ctx, void *item)
{
	(void)ctx;
	item_free(item);
}

/* Converts one opened input into rc->out. Returns 0, or -1 when the pool stopped. */
static int convert_input(run_ctx *rc, FILE *f, const char *name)
{
	const cv_config *cfg = rc->cfg;
	hamle_reader *r = NULL;
	hamle_scoresheet *sc = NULL;
	hamle_pool *pool = NULL;
	int ret = 0;
	hamle_pool_fns fns = { work, emit, discard };
	if (hamle_reader_new(&r, &cfg->ropts) < 0 || hamle_reader_set_input_file(r, f, name) < 0 ||
	    hamle_scoresheet_new(&sc, cfg->candidates, cfg->n_candidates) < 0 ||
	    hamle_pool_new(&pool, rc->jobs, 0, &fns, rc) < 0) {
		hamle_msg_error(cfg->msg, "out of memory");
		rc->fatal = true;
		ret = -1;
		goto cleanup;
	}
	if (hamle_pool_warn_fewer(pool, cfg->msg))
		rc->jobs = hamle_pool_threads(pool); /* the next inputs ask for no more, and warn no more */
	for (;;) {
		hamle_chunk ch;
		int st = hamle_scoresheet_next_chunk(sc, r, &ch);
		if (st == HAMLE_ITEROVER)
			break;
		if (st < 0) {
			const hamle_error *e = hamle_reader_error(r);
			hamle_msg_error(cfg->msg, "%s: %s", name, e && e->message[0] ? e->message : "read error");
			rc->fatal = true;
			ret = -1;
			break;
		}
		cv_item *it = item_for(rc, &ch);
		if (it) {
			const size_t *offs;
			size_t go = 0, n = hamle_scoresheet_last_offsets(sc, &go, &offs);
			if (n > it->offsets_cap) {
				size_t *o = realloc(it->tag_offsets, n * sizeof(size_t));
				if (o) {
					it->tag_offsets = o;
					it->offsets_cap = n;
				}
			}
			if (n && n <= it->offsets_cap) {
				memcpy(it->tag_offsets, offs, n * sizeof(size_t));
				it->ntag_offsets = n;
				it->game_offset = go;
			}
		} else {
			item_free(it);
			hamle_msg_error(cfg->msg, "out of memory");
			rc->fatal = true;
			ret = -1;
			break;
		}
		if (hamle_pool_submit(pool, it) != 0) {
			ret = -1;
			break;
		}
	}
	if (hamle_pool_finish(pool) != 0)
		ret = -1;
cleanup:
	hamle_pool_free(pool);
	hamle_scoresheet_free(sc);
	hamle_reader_free(r);
	return ret;
}

/* --in-place: converts name into a temporary file beside it, renamed over it when all went well. */
static int convert_in_place(run_ctx *rc, FILE *f, const char *name)
{
	const cv_config *cfg = rc->cfg;
	size_t n = strlen(name);
	char *tmp = malloc(n + 32);
	if (!tmp)
		return -1;
	const char *slash = strrchr(name, '/');
	size_t dir = slash ? (size_t)(slash - name) + 1 : 0;
	snprintf(tmp, n + 32, "%.*s.%s.hamle-XXXXXX", (int)dir, name, name + dir);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		hamle_msg_syserr(cfg->msg, tmp, errno);
		free(tmp);
		return -1;
	}
	FILE *tf = fdopen(fd, "wb");
	hamle_out o;
	hamle_out_init(&o, tf, tmp);
	hamle_out *saved = rc->out;
	bool failed_before = rc->failed;
	rc->failed = false;
	rc->out = &o;
	int ret = convert_input(rc, f, name);
	bool bad = rc->failed || ret < 0 || hamle_out_failed(&o);
	rc->out = saved;
	rc->failed = rc->failed || failed_before;
	int st = hamle_out_close(&o, cfg->msg, 0);
	if (st != 0)
		bad = true;
	if (!bad && rename(tmp, name) != 0) {
		hamle_msg_syserr(cfg->msg, name, errno);
		bad = true;
	}
	if (bad) {
		unlink(tmp);
		hamle_msg_error(cfg->msg, "%s: left unchanged (errors in its games, or a failed write)", name);
		ret = -1;
	}
	free(tmp);
	return ret;
}

int cv_run(const cv_config *cfg, const char *const *operands, size_t n)
{
	unsigned jobs = cfg->jobs ? cfg->jobs : hamle_pool_default_jobs();
	run_ctx rc = { cfg, NULL, NULL, false, false, false, 0, 0, jobs, NULL };
	int status = HAMLE_EXIT_OK;
	hamle_out out;
	FILE *of = stdout;
	if (cfg->output && !(of = fopen(cfg->output, "wb")))
		return hamle_msg_syserr(cfg->msg, cfg->output, errno);
	hamle_out_init(&out, of, cfg->output);
	rc.out = &out;
	hamle_inputs *in = NULL;
	rc.workers = calloc(jobs, sizeof(*rc.workers));
	if (!rc.workers || hamle_inputs_new(&in, operands, n, cfg->msg) < 0) {
		hamle_msg_error(cfg->msg, "out of memory");
		status = HAMLE_EXIT_ERROR;
		goto cleanup;
	}
	for (unsigned i = 0; i < jobs; i++) {
		if (cv_worker_init(cfg, &rc.workers[i]) < 0) {
			hamle_msg_error(cfg->msg, "out of memory");
			status = HAMLE_EXIT_ERROR;
			goto cleanup;
		}
	}
	FILE *f;
	const char *name;
	bool in_place_failed = false;
	while (!rc.stop && !rc.fatal && !hamle_out_failed(&out) && hamle_inputs_next(in, &f, &name) > 0) {
		if (cfg->in_place) {
			if (strcmp(name, "<stdin>") == 0) {
				hamle_msg_error(cfg->msg, "--in-place needs files, not stdin");
				status = HAMLE_EXIT_ERROR;
				break;
			}
			if (convert_in_place(&rc, f, name) < 0)
				in_place_failed = true;
		} else if (convert_input(&rc, f, name) < 0 && (rc.stop || rc.fatal)) {
			break;
		}
	}
	if (rc.failed || rc.stop || in_place_failed)
		status = status ? status : HAMLE_EXIT_INVALID;
	if (rc.fatal || hamle_inputs_failed(in))
		status = HAMLE_EXIT_ERROR;
cleanup:
	hamle_inputs_free(in);
	while (rc.free_items) {
		cv_item *it = rc.free_items;
		rc.free_items = it->next_free;
		item_free(it);
	}
	for (unsigned i = 0; rc.workers && i < jobs; i++)
		cv_worker_free(&rc.workers[i]);
	free(rc.workers);
	return hamle_out_close(&out, cfg->msg, status);
}
