/* run.c: every input through the reader and the ordered pool; output in
 * input order to stdout, or (outfile.h) to a temporary file renamed at the end over -o FILE or,
 * with --in-place, over each input. An input that is the output is refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "convert.h"
#include "dedup.h"
#include "input.h"
#include "names.h"
#include "outfile.h"
#include "pool.h"

/* The output's buffer: some games a write() (a TCEC game with its engine comments is some 30 KB) */
#define CV_OUT_BUFFER ((size_t)256 << 10)

typedef struct run_ctx {
	const cv_config *cfg;
	cv_worker *workers;
	hamle_out *out;
	bool failed;   /* some game had an error */
	bool fatal;    /* out of memory */
	bool stop;     /* --on-error fail triggered */
	size_t games, written, dropped;
	hamle_dedup *dedup;  /* --unique */
	hamle_out *dups;     /* --duplicates FILE */
	cv_split *split;     /* --split, --split-by */
	cv_item *free_items; /* items done with, for the next games (main thread only) */
	bool borrow;         /* the pool runs each item at once: an item borrows the reader's bytes */
	hamle_inputs *in;    /* the inputs: the current one is read through hamle_inputs_attach */
	hamle_pool *pool;    /* one for the run: it goes on from one input to the next */
	hamle_names names;   /* the inputs' names, kept while games of theirs may be in flight */
} run_ctx;

static void item_free(cv_item *it)
{
	if (!it)
		return;
	free(it->data);
	hamle_buf_free(&it->out);
	hamle_buf_free(&it->err);
	hamle_buf_free(&it->key);
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
	size_t len;
	const char *text;
	if (it->err.len)
		fwrite(it->err.data, 1, it->err.len, stderr);
	if (it->oom) {
		hamle_msg_nomem(rc->cfg->msg);
		rc->fatal = true;
		ret = 1;
	} else if (!it->skipped) {
		rc->games++;
		if (it->failed)
			rc->failed = true;
		if (it->failed && rc->cfg->on_error == CV_ON_ERROR_FAIL) {
			rc->stop = true;
			ret = 1;
		} else if ((text = cv_item_text(it, &len)) != NULL && len) {
			/* here, in input order: the first of equal games is kept, whatever -j is */
			int dup = it->keyed && rc->dedup ? hamle_dedup_add(rc->dedup, it->key.data, it->key.len) : 0;
			if (dup < 0) {
				hamle_msg_nomem(rc->cfg->msg);
				rc->fatal = true;
				ret = 1;
			} else if (dup) {
				/* a failed write of --duplicates stops the run: -o FILE is then not replaced */
				rc->dropped++;
				if (rc->dups && hamle_out_write(rc->dups, text, len) < 0)
					rc->fatal = true, ret = 1;
			} else {
				rc->written++;
				hamle_out *o = rc->split ? cv_split_out(rc->split, it) : rc->out;
				if (!o)
					rc->fatal = true, ret = 1;
				else if (hamle_out_write(o, text, len) < 0)
					rc->fatal = rc->fatal || o != rc->out, ret = 1;
			}
		}
	}
	/* back to the free list; buffers a huge game grew are let go, so memory stays bounded */
	hamle_bytes_trim(&it->data, &it->cap, (size_t)1 << 16);
	hamle_buf_trim(&it->out, (size_t)1 << 16);
	hamle_buf_trim(&it->err, (size_t)1 << 16);
	hamle_buf_trim(&it->key, (size_t)1 << 16);
	it->next_free = rc->free_items;
	rc->free_items = it;
	return ret;
}

/* A cleared item for chunk ch: from the free list, else new. NULL when out of memory. */
static cv_item *item_for(run_ctx *rc, const hamle_chunk *ch, const char *source)
{
	cv_item *it = rc->free_items;
	if (it) {
		rc->free_items = it->next_free;
	} else if (!(it = calloc(1, sizeof(*it)))) {
		return NULL;
	} else {
		hamle_buf_init(&it->out);
		hamle_buf_init(&it->err);
		hamle_buf_init(&it->key);
	}
	if (!rc->borrow && hamle_bytes_copy(&it->data, &it->cap, ch->data, ch->len) < 0) {
		item_free(it);
		return NULL;
	}
	it->chunk = *ch;
	if (!rc->borrow)
		it->chunk.data = it->data;
	it->chunk.source = source;
	it->text = NULL;
	it->text_len = 0;
	hamle_buf_clear(&it->out);
	hamle_buf_clear(&it->err);
	hamle_buf_clear(&it->key);
	it->group[0] = '\0';
	it->skipped = it->failed = it->oom = it->keyed = false;
	return it;
}

static void discard(void *ctx, void *item)
{
	(void)ctx;
	item_free(item);
}

/* What an item holds in flight: its game's bytes, and about as many again converted. */
static size_t item_size(void *ctx, const void *item)
{
	(void)ctx;
	return 2 * ((const cv_item *)item)->chunk.len;
}

/* Converts the current input into rc->out. Returns 0, or -1 when the pool stopped. Its games are
 * emitted before it returns with --in-place (each input has an output of its own) and with
 * --on-error fail (no later input is opened once a game failed); else the pool goes on into the
 * next input (a thousand one-game files: a round trip to the workers per file, and their threads
 * made and joined per file, had made -j 2 slower than -j 1). */
static int convert_input(run_ctx *rc, const char *name)
{
	const cv_config *cfg = rc->cfg;
	hamle_reader *r = NULL;
	int ret = 0;
	const char *source = hamle_names_keep(&rc->names, name);
	if (!source || hamle_reader_new(&r, &cfg->ropts) < 0 || hamle_inputs_attach(rc->in, r, source) < 0) {
		hamle_msg_nomem(cfg->msg);
		rc->fatal = true;
		hamle_reader_free(r);
		return -1;
	}
	for (;;) {
		hamle_chunk ch;
		int st = hamle_reader_next_chunk(r, &ch);
		if (st == HAMLE_ITEROVER)
			break;
		if (st < 0) {
			const hamle_error *e = hamle_reader_error(r);
			hamle_pool_wait(rc->pool); /* the games before it first */
			hamle_msg_error(cfg->msg, "%s: %s", name,
				e && e->message[0] ? e->message : hamle_msg_text(cfg->msg, "read_error", "read error"));
			rc->fatal = true;
			ret = -1;
			break;
		}
		cv_item *it = item_for(rc, &ch, source);
		if (!it) {
			hamle_msg_nomem(cfg->msg);
			rc->fatal = true;
			ret = -1;
			break;
		}
		if (hamle_pool_submit(rc->pool, it) != 0) {
			ret = -1;
			break;
		}
	}
	if ((cfg->in_place || cfg->on_error == CV_ON_ERROR_FAIL || ret < 0) && hamle_pool_wait(rc->pool) != 0)
		ret = -1;
	hamle_reader_free(r);
	return ret;
}

/* Before the inputs print a message: the games read so far go out first (stderr in input order). */
static void wait_pool(void *pool)
{
	hamle_pool_wait(pool);
}

/* --in-place: converts name into a temporary file beside it, renamed over it when all went well
 * (mode and owner kept, a symbolic link followed). 0; -1 when a game failed (the file is then left
 * as it was); -2 when the file could not be rewritten (I/O). */
static int convert_in_place(run_ctx *rc, FILE *f, const char *name)
{
	const cv_config *cfg = rc->cfg;
	struct stat st;
	hamle_outfile *of = NULL;
	if (hamle_inputs_packed(rc->in)) {
		hamle_msg_error(cfg->msg, "%s: left unchanged: --in-place rewrites plain files, not compressed "
			"ones or archives", name);
		return -2;
	}
	if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
		hamle_msg_error(cfg->msg, "%s: left unchanged: --in-place rewrites regular files only", name);
		return -2;
	}
	if (hamle_outfile_open(&of, name, cfg->msg) != 0) {
		hamle_msg_error(cfg->msg, "%s: left unchanged", name);
		return -2;
	}
	hamle_out *saved = rc->out;
	bool failed_before = rc->failed;
	rc->failed = false;
	rc->out = hamle_outfile_out(of);
	hamle_out_set_buffer(rc->out, CV_OUT_BUFFER);
	int ret = convert_input(rc, name);
	bool bad = rc->failed || ret < 0 || hamle_out_failed(rc->out);
	rc->out = saved;
	rc->failed = rc->failed || failed_before;
	if (hamle_outfile_close(of, !bad, 0) != 0)
		return -2; /* a failed write: outfile.c said so, and that the file is left unchanged */
	if (bad) {
		char text[1024];
		const char *args[1] = {name};
		const char *key = rc->fatal ? "left_unchanged_stopped" : "left_unchanged_errors";
		if (hamle_locale_format(text, sizeof(text), cfg->msg->messages, key, 1, args) < 0)
			snprintf(text, sizeof(text), "%s: left unchanged (%s)", name,
				rc->fatal ? "the run stopped on an error" : "errors in its games");
		hamle_msg_error(cfg->msg, "%s", text);
		ret = rc->fatal ? -2 : -1;
	}
	return ret;
}

/* -v: how many games --unique left out, and what the table held. */
static void unique_note(const run_ctx *rc)
{
	char num[24], kib[24], text[512];
	snprintf(num, sizeof(num), "%zu", rc->dropped);
	snprintf(kib, sizeof(kib), "%zu", (hamle_dedup_bytes(rc->dedup) + 1023) / 1024);
	const char *a[2] = {num, kib};
	if (hamle_locale_format(text, sizeof(text), rc->cfg->msg->messages, "convert_unique_note", 2, a) < 0)
		snprintf(text, sizeof(text), "--unique left out %s games (keys: %s KiB)", num, kib);
	hamle_msg_note(rc->cfg->msg, "%s", text);
}

/* The -o file, NULL for stdout. */
static const char *output_name(const cv_config *cfg)
{
	return cfg->output && strcmp(cfg->output, "-") != 0 ? cfg->output : NULL;
}

/* Before any work: an operand (stdin with none) that is the output is a usage error. */
static int check_operands(const cv_config *cfg, const hamle_outfile *of, const char *const *operands,
	size_t n)
{
	for (size_t i = 0; i < (n ? n : 1); i++) {
		const char *op = n ? operands[i] : "-";
		bool in = strcmp(op, "-") == 0;
		struct stat st;
		if ((in ? fstat(STDIN_FILENO, &st) : stat(op, &st)) == 0 && S_ISREG(st.st_mode) &&
		    hamle_outfile_is(of, &st)) {
			const char *a[2] = {in ? "<stdin>" : op, output_name(cfg)};
			if (a[1])
				return hamle_msg_usage_key(cfg->msg, "usage_convert_same_file",
					"'%1$s' is both an input and the output (-o %2$s)", 2, a);
			return hamle_msg_usage_key(cfg->msg, "usage_convert_same_stdout",
				"'%s' is both an input and the output (stdout)", 1, a);
		}
	}
	return 0;
}

int cv_run(const cv_config *cfg, const char *const *operands, size_t n)
{
	unsigned jobs = cfg->jobs ? cfg->jobs : hamle_pool_default_jobs();
	run_ctx rc;
	memset(&rc, 0, sizeof(rc));
	rc.cfg = cfg;
	int status = HAMLE_EXIT_OK;
	hamle_outfile *of = NULL, *dof = NULL;
	bool split = cfg->split || cfg->split_by; /* -o names the directory */
	if (hamle_outfile_open(&of, cfg->in_place || split ? NULL : cfg->output, cfg->msg) != 0)
		return HAMLE_EXIT_ERROR;
	if (!cfg->in_place && !split && check_operands(cfg, of, operands, n) != 0)
		return hamle_outfile_close(of, false, HAMLE_EXIT_ERROR);
	rc.out = hamle_outfile_out(of);
	hamle_out_set_buffer(rc.out, CV_OUT_BUFFER);
	if (cfg->unique && hamle_dedup_new(&rc.dedup, 64) < 0) {
		hamle_msg_nomem(cfg->msg);
		return hamle_outfile_close(of, false, HAMLE_EXIT_ERROR);
	}
	if ((cfg->duplicates && hamle_outfile_open(&dof, cfg->duplicates, cfg->msg) != 0) ||
	    (split && cv_split_open(&rc.split, cfg) != 0)) {
		hamle_dedup_free(rc.dedup);
		hamle_outfile_close(dof, false, 0);
		return hamle_outfile_close(of, false, HAMLE_EXIT_ERROR);
	}
	rc.dups = dof ? hamle_outfile_out(dof) : NULL;
	hamle_inputs *in = NULL;
	bool cut = false; /* the run stopped before its end: -o FILE is not replaced */
	bool unread = false; /* ... because an input could not be read */
	rc.workers = calloc(jobs, sizeof(*rc.workers));
	if (!rc.workers || hamle_inputs_new(&in, operands, n, cfg->msg) < 0) {
		hamle_msg_nomem(cfg->msg);
		status = HAMLE_EXIT_ERROR;
		cut = true;
		goto cleanup;
	}
	hamle_inputs_set_limits(in, &cfg->unpack);
	rc.in = in;
	for (unsigned i = 0; i < jobs; i++) {
		if (cv_worker_init(cfg, &rc.workers[i]) < 0) {
			hamle_msg_nomem(cfg->msg);
			status = HAMLE_EXIT_ERROR;
			cut = true;
			goto cleanup;
		}
	}
	hamle_pool_fns fns = { work, emit, discard, item_size };
	if (hamle_pool_new(&rc.pool, jobs, 0, &fns, &rc) < 0) {
		hamle_msg_nomem(cfg->msg);
		status = HAMLE_EXIT_ERROR;
		cut = true;
		goto cleanup;
	}
	hamle_pool_warn_fewer(rc.pool, cfg->msg);
	/* one job: each game is worked and emitted within its submit, before the reader's next chunk
	 * and the writer's next game */
	rc.borrow = hamle_pool_threads(rc.pool) == 1;
	for (unsigned i = 0; i < jobs; i++)
		rc.workers[i].borrow = rc.borrow;
	hamle_inputs_set_before_message(in, wait_pool, rc.pool);
	FILE *f;
	const char *name;
	bool in_place_failed = false;
	int more;
	while (!rc.stop && !rc.fatal && !hamle_out_failed(rc.out) && !(rc.dups && hamle_out_failed(rc.dups)) &&
	    (more = hamle_inputs_next(in, &f, &name)) != 0) {
		if (more < 0) {
			hamle_msg_error(cfg->msg, "out of memory");
			rc.fatal = true;
			break;
		}
		if (cfg->in_place) {
			if (strcmp(name, "<stdin>") == 0) {
				hamle_msg_error(cfg->msg, "--in-place needs files, not stdin");
				status = HAMLE_EXIT_ERROR;
				break;
			}
			int r = convert_in_place(&rc, f, name);
			if (r < 0)
				in_place_failed = true;
			if (r == -2)
				status = HAMLE_EXIT_ERROR;
		} else if (hamle_outfile_is_stream(of, f)) {
			/* met in a directory walk (operands were checked): the output is never read */
			hamle_pool_wait(rc.pool);
			hamle_msg_error(cfg->msg, "%s: is the output (%s%s): not read, and the run stopped", name,
				output_name(cfg) ? "-o " : "", output_name(cfg) ? output_name(cfg) : "stdout");
			status = HAMLE_EXIT_ERROR;
			cut = true;
			break;
		} else if (convert_input(&rc, name) < 0 && (rc.stop || rc.fatal)) {
			break;
		}
	}
	hamle_pool_finish(rc.pool); /* the last games emitted (rc.stop, rc.fatal set by then) */
	if (rc.failed || rc.stop || in_place_failed)
		status = status ? status : HAMLE_EXIT_INVALID;
	if (rc.fatal || hamle_inputs_failed(in))
		status = HAMLE_EXIT_ERROR;
	if (rc.fatal)
		cut = true;
	else if (hamle_inputs_failed(in) && hamle_outfile_replaces(of))
		unread = cut = true; /* the output would lack an input's games (a name mistyped) */
	hamle_inputs_summary(in, cfg->popts.messages);
	if (rc.dedup)
		unique_note(&rc);
cleanup:
	hamle_pool_free(rc.pool); /* after an early stop: the games in flight discarded */
	hamle_names_free(&rc.names);
	hamle_inputs_free(in);
	while (rc.free_items) {
		cv_item *it = rc.free_items;
		rc.free_items = it->next_free;
		item_free(it);
	}
	for (unsigned i = 0; rc.workers && i < jobs; i++)
		cv_worker_free(&rc.workers[i]);
	free(rc.workers);
	if (cut && hamle_outfile_replaces(of))
		hamle_msg_error(cfg->msg, "%s: left unchanged: %s", cfg->output,
			unread ? "an input could not be read" : "the run stopped before its end");
	hamle_dedup_free(rc.dedup);
	if (rc.split)
		status = cv_split_close(rc.split, !cut, status);
	if (dof)
		status = hamle_outfile_close(dof, !cut, status);
	return hamle_outfile_close(of, !cut, status);
}
