/* check_cli_io.c: cmd/common's ordered worker pool, the inputs (operands, directory walks, stdin)
 * and the output (a closed pipe, a full disk). */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture.h"
#include "input.h"
#include "msg.h"
#include "out.h"
#include "pool.h"
#include "testutil.h"

/* ---------------- pool ---------------- */

#define POOL_ITEMS 2000

typedef struct {
	size_t seq;
	unsigned long result;
	unsigned worker;
	int worked_before; /* submitted with hamle_pool_submit_done */
} pool_item;

typedef struct {
	size_t next_expected;
	size_t emitted, discarded, worked;
	size_t stop_at; /* emit returns 7 at this seq; 0 = never */
	unsigned nthreads;
	int order_ok, worker_ok;
	size_t item_bytes, emitted_bytes; /* each item's size (pool_size), and those emitted */
} pool_ctx;

static void pool_work(void *ctx, unsigned worker, void *it)
{
	pool_ctx *c = ctx;
	pool_item *item = it;
	/* uneven work so that items finish out of order */
	unsigned long x = item->seq, rounds = (item->seq * 7919u) % 5000u;
	for (unsigned long i = 0; i < rounds; i++)
		x = x * 6364136223846793005ull + 1442695040888963407ull;
	item->result = item->seq * 3 + (x & 0); /* depends on the loop, equals seq * 3 */
	item->worker = worker;
	if (item->worked_before)
		__atomic_fetch_add(&c->worked, 1, __ATOMIC_RELAXED); /* must not happen */
}

static int pool_emit(void *ctx, void *it)
{
	pool_ctx *c = ctx;
	pool_item *item = it;
	if (item->seq != c->next_expected || item->result != item->seq * 3)
		c->order_ok = 0;
	if (item->worker >= c->nthreads)
		c->worker_ok = 0;
	c->next_expected = item->seq + 1;
	c->emitted++;
	c->emitted_bytes += c->item_bytes;
	size_t seq = item->seq;
	free(item);
	return c->stop_at && seq == c->stop_at ? 7 : 0;
}

static void pool_discard(void *ctx, void *it)
{
	pool_ctx *c = ctx;
	c->discarded++;
	free(it);
}

/* A new item of sequence number seq. */
static pool_item *new_item(size_t seq)
{
	pool_item *item = calloc(1, sizeof(*item));
	ck_assert_ptr_nonnull(item);
	item->seq = seq;
	return item;
}

static const unsigned pool_threads[] = {1, 2, 4};

START_TEST(test_pool_order)
{
	pool_ctx c = {0, 0, 0, 0, 0, pool_threads[_i], 1, 1, 0, 0};
	hamle_pool_fns fns = {pool_work, pool_emit, pool_discard, NULL};
	size_t caps[] = {0, 1, 3};
	for (size_t k = 0; k < 3; k++) {
		hamle_pool *p;
		c.next_expected = 0;
		c.emitted = 0;
		ck_assert_int_eq(hamle_pool_new(&p, pool_threads[_i], caps[k], &fns, &c), 0);
		ck_assert_uint_eq(hamle_pool_threads(p), pool_threads[_i]);
		for (size_t s = 0; s < POOL_ITEMS; s++) {
			pool_item *item = new_item(s);
			ck_assert_int_eq(hamle_pool_submit(p, item), 0);
		}
		ck_assert_int_eq(hamle_pool_finish(p), 0);
		ck_assert_int_eq(hamle_pool_finish(p), 0); /* idempotent */
		hamle_pool_free(p);
		ck_assert_int_eq(c.order_ok, 1);
		ck_assert_int_eq(c.worker_ok, 1);
		ck_assert_uint_eq(c.emitted, POOL_ITEMS);
		ck_assert_uint_eq(c.discarded, 0);
	}
}
END_TEST

START_TEST(test_pool_stop)
{
	pool_ctx c = {0, 0, 0, 0, 100, pool_threads[_i], 1, 1, 0, 0};
	hamle_pool_fns fns = {pool_work, pool_emit, pool_discard, NULL};
	hamle_pool *p;
	int last = 0;
	ck_assert_int_eq(hamle_pool_new(&p, pool_threads[_i], 8, &fns, &c), 0);
	for (size_t s = 0; s < 500; s++) {
		pool_item *item = new_item(s);
		int rc = hamle_pool_submit(p, item);
		ck_assert(rc == 0 || rc == 7);
		if (rc)
			last = rc;
	}
	ck_assert_int_eq(last, 7);
	ck_assert_int_eq(hamle_pool_finish(p), 7);
	hamle_pool_free(p);
	ck_assert_int_eq(c.order_ok, 1);
	ck_assert_uint_eq(c.emitted, 101); /* 0..100, then nothing */
	ck_assert_uint_eq(c.emitted + c.discarded, 500);
}
END_TEST

START_TEST(test_pool_free_without_finish)
{
	pool_ctx c = {0, 0, 0, 0, 0, 4, 1, 1, 0, 0};
	hamle_pool_fns fns = {pool_work, pool_emit, pool_discard, NULL};
	hamle_pool *p;
	ck_assert_int_eq(hamle_pool_new(&p, 4, 0, &fns, &c), 0);
	for (size_t s = 0; s < 50; s++) {
		pool_item *item = new_item(s);
		ck_assert_int_eq(hamle_pool_submit(p, item), 0);
	}
	hamle_pool_free(p); /* finishes: everything emitted, nothing leaked */
	ck_assert_uint_eq(c.emitted, 50);
	ck_assert_int_eq(c.order_ok, 1);
	hamle_pool_free(NULL);
	ck_assert_uint_ge(hamle_pool_default_jobs(), 1);
}
END_TEST

/* Items submitted worked among items that need work (the worked ones often behind waiting ones):
 * each is emitted in its turn and work is never called on it. */
START_TEST(test_pool_done_behind_work)
{
	pool_ctx c = {0, 0, 0, 0, 0, pool_threads[_i], 1, 1, 0, 0};
	hamle_pool_fns fns = {pool_work, pool_emit, pool_discard, NULL};
	hamle_pool *p;
	ck_assert_int_eq(hamle_pool_new(&p, pool_threads[_i], 0, &fns, &c), 0);
	size_t done = 0;
	for (size_t s = 0; s < POOL_ITEMS; s++) {
		pool_item *item = new_item(s);
		if (s % 3 == 2) {
			item->worked_before = 1;
			item->result = s * 3;
			done++;
			ck_assert_int_eq(hamle_pool_submit_done(p, item), 0);
		} else {
			ck_assert_int_eq(hamle_pool_submit(p, item), 0);
		}
	}
	ck_assert_int_eq(hamle_pool_finish(p), 0);
	hamle_pool_free(p);
	ck_assert_uint_eq(c.emitted, POOL_ITEMS);
	ck_assert_int_eq(c.order_ok, 1);
	ck_assert_uint_gt(done, 0);
	ck_assert_uint_eq(c.worked, 0);
}
END_TEST

static size_t pool_size(void *ctx, const void *it)
{
	(void)it;
	return ((const pool_ctx *)ctx)->item_bytes;
}

/* Items of a declared size: those in flight (submitted, not yet emitted) hold at most
 * HAMLE_POOL_MAX_BYTES, and a batch of 32 not yet handed on; the ring's 64 items a thread would
 * hold twice that with 2 threads, four times with 4. The order is kept. */
START_TEST(test_pool_max_bytes)
{
	pool_ctx c = {0, 0, 0, 0, 0, pool_threads[_i], 1, 1, HAMLE_POOL_MAX_BYTES / 64, 0};
	hamle_pool_fns fns = {pool_work, pool_emit, pool_discard, pool_size};
	hamle_pool *p;
	ck_assert_int_eq(hamle_pool_new(&p, pool_threads[_i], 0, &fns, &c), 0);
	size_t most = 0;
	for (size_t s = 0; s < POOL_ITEMS; s++) {
		pool_item *item = new_item(s);
		ck_assert_int_eq(hamle_pool_submit(p, item), 0);
		size_t held = (s + 1) * c.item_bytes - c.emitted_bytes;
		most = held > most ? held : most;
	}
	ck_assert_int_eq(hamle_pool_finish(p), 0);
	hamle_pool_free(p);
	ck_assert_int_eq(c.order_ok, 1);
	ck_assert_uint_eq(c.emitted, POOL_ITEMS);
	ck_assert_uint_le(most, HAMLE_POOL_MAX_BYTES + 32 * c.item_bytes);
}
END_TEST

/* ---------------- input ---------------- */

START_TEST(test_inputs_walk)
{
	char dir[] = "/tmp/hamle-input-XXXXXX";
	char sub[600], sub2[600], link[600], target[600], list[2048];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(sub, sizeof(sub), "%s/sub", dir);
	snprintf(sub2, sizeof(sub2), "%s/sub/Deep", dir);
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	ck_assert_int_eq(mkdir(sub2, 0700), 0);
	tu_write_file(dir, "b.pgn", "B");
	tu_write_file(dir, "a.txt", "A 1. e4"); /* a .txt of a walk is read when it holds moves (check_sniff.c) */
	tu_write_file(dir, "c.dat", "C");
	tu_write_file(dir, "Z.PGN", "Z");
	tu_write_file(dir, "sub/m.pgn", "M");
	tu_write_file(dir, "sub/Deep/x.Txt", "X\n1\te4\te5\n");
	tu_write_file(dir, "sub/notes", "N");
	snprintf(link, sizeof(link), "%s/sub/loop", dir); /* a directory cycle is not followed */
	ck_assert_int_eq(symlink(dir, link), 0);

	capture c;
	cap_open(&c, 0);
	hamle_inputs *in;
	snprintf(target, sizeof(target), "%s/c.dat", dir);
	const char *ops[] = {target, "/nonexistent/hamle.pgn", dir};
	ck_assert_int_eq(hamle_inputs_new(&in, ops, 3, &c.m), 0);
	FILE *f;
	const char *name;
	size_t len = 0;
	list[0] = '\0';
	int rc;
	while ((rc = hamle_inputs_next(in, &f, &name)) > 0) {
		int ch = fgetc(f);
		len += (size_t)snprintf(list + len, sizeof(list) - len, "%s=%c\n", name + strlen(dir), ch);
	}
	ck_assert_int_eq(rc, 0);
	ck_assert_uint_eq(hamle_inputs_failed(in), 1);
	hamle_inputs_free(in);
	char *err = cap_close(&c);
	/* c.dat named explicitly is read; in the walk only .pgn/.txt, byte order ("Z" < "a") */
	ck_assert_str_eq(list, "/c.dat=C\n/Z.PGN=Z\n/a.txt=A\n/b.pgn=B\n/sub/Deep/x.Txt=X\n/sub/m.pgn=M\n");
	ck_assert_str_eq(err, "hamle-test: /nonexistent/hamle.pgn: No such file or directory\n");
	free(err);

	char cmd[700];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(test_inputs_stdin)
{
	capture c;
	hamle_inputs *in;
	FILE *f;
	const char *name;
	/* its first bytes are read to tell its kind: not from a terminal */
	ck_assert_ptr_nonnull(freopen("/dev/null", "rb", stdin));
	cap_open(&c, 0);
	ck_assert_int_eq(hamle_inputs_new(&in, NULL, 0, &c.m), 0);
	ck_assert_int_eq(hamle_inputs_next(in, &f, &name), 1);
	ck_assert_ptr_eq(f, stdin);
	ck_assert_str_eq(name, "<stdin>");
	ck_assert_int_eq(hamle_inputs_next(in, &f, &name), 0);
	hamle_inputs_free(in);

	const char *ops[] = {"-", "--"}; /* "--" here is a file name: the parser already removed options */
	ck_assert_int_eq(hamle_inputs_new(&in, ops, 2, &c.m), 0);
	ck_assert_int_eq(hamle_inputs_next(in, &f, &name), 1);
	ck_assert_str_eq(name, "<stdin>");
	ck_assert_int_eq(hamle_inputs_next(in, &f, &name), 0);
	ck_assert_uint_eq(hamle_inputs_failed(in), 1);
	hamle_inputs_free(in);
	hamle_inputs_free(NULL);
	free(cap_close(&c));

	ck_assert(hamle_input_wanted_name("a.pgn"));
	ck_assert(hamle_input_wanted_name("A.PgN"));
	ck_assert(hamle_input_wanted_name("x/y.txt"));
	ck_assert(!hamle_input_wanted_name(".pgnx"));
	ck_assert(!hamle_input_wanted_name("pgn"));
	/* compressed games and archives (a walk takes them; their kind comes from their bytes) */
	ck_assert(hamle_input_wanted_name("a.pgn.gz"));
	ck_assert(hamle_input_wanted_name("a.PGN.ZST"));
	ck_assert(hamle_input_wanted_name("a.pgn.bz2"));
	ck_assert(hamle_input_wanted_name("a.pgn.xz"));
	ck_assert(hamle_input_wanted_name("twic1500g.zip"));
	ck_assert(hamle_input_wanted_name("t.tar"));
	ck_assert(hamle_input_wanted_name("t.tar.xz"));
	ck_assert(hamle_input_wanted_name("t.tgz"));
	ck_assert(!hamle_input_wanted_name("a.txt.gz")); /* a .txt is read in a walk only after a sniff */
	ck_assert(!hamle_input_wanted_name("a.gz"));
	ck_assert(!hamle_input_wanted_name(".gz"));
	ck_assert(!hamle_input_wanted_name("a.pgn.lz4"));
}
END_TEST

/* ---------------- out ---------------- */

START_TEST(test_out_broken_pipe_is_quiet)
{
	int fds[2];
	capture c;
	hamle_out o;
	hamle_out_ignore_sigpipe();
	ck_assert_int_eq(pipe(fds), 0);
	close(fds[0]); /* the reader went away, as with | head */
	FILE *f = fdopen(fds[1], "w");
	ck_assert_ptr_nonnull(f);
	cap_open(&c, 0);
	hamle_out_init(&o, f, NULL);
	char chunk[4096];
	memset(chunk, 'x', sizeof(chunk));
	int rc = 0;
	for (int i = 0; i < 64 && rc == 0; i++)
		rc = hamle_out_write(&o, chunk, sizeof(chunk));
	ck_assert_int_eq(rc, -1);
	ck_assert(hamle_out_failed(&o));
	ck_assert(hamle_out_broken_pipe(&o));
	ck_assert_int_eq(hamle_out_printf(&o, "%d", 1), -1);
	ck_assert_int_eq(hamle_out_close(&o, &c.m, 1), 1);
	char *t = cap_close(&c);
	ck_assert_str_eq(t, "");
	free(t);
}
END_TEST

START_TEST(test_out_full_disk_is_error)
{
	capture c;
	hamle_out o;
	FILE *f = fopen("/dev/full", "w");
	if (!f)
		return; /* not on Linux */
	cap_open(&c, -1);
	hamle_out_init(&o, f, NULL);
	ck_assert_int_eq(hamle_out_puts(&o, "small"), 0); /* buffered, fails on flush */
	ck_assert_int_eq(hamle_out_close(&o, &c.m, 0), 2);
	char *t = cap_close(&c);
	ck_assert_str_eq(t, "hamle-test: error writing <stdout>: No space left on device\n");
	free(t);
}
END_TEST

START_TEST(test_out_ok)
{
	capture c;
	hamle_out o;
	FILE *f = tmpfile();
	cap_open(&c, 0);
	hamle_out_init(&o, f, "out.pgn");
	ck_assert_int_eq(hamle_out_printf(&o, "%s %d\n", "game", 1), 0);
	ck_assert_int_eq(hamle_out_write(&o, "", 0), 0);
	ck_assert(!hamle_out_failed(&o));
	ck_assert_int_eq(hamle_out_close(&o, &c.m, 1), 1);
	ck_assert_int_eq(hamle_out_close(&o, &c.m, 0), 0); /* already closed: no-op */
	char *t = cap_close(&c);
	ck_assert_str_eq(t, "");
	free(t);
}
END_TEST

Suite *cli_io_suite(void);
Suite *cli_io_suite(void)
{
	Suite *s = suite_create("cli_io");
	TCase *t = tcase_create("pool");
	tcase_set_timeout(t, 60);
	tcase_add_loop_test(t, test_pool_order, 0, 3);
	tcase_add_loop_test(t, test_pool_stop, 0, 3);
	tcase_add_test(t, test_pool_free_without_finish);
	tcase_add_loop_test(t, test_pool_done_behind_work, 0, 3);
	tcase_add_loop_test(t, test_pool_max_bytes, 0, 3);
	suite_add_tcase(s, t);

	t = tcase_create("input");
	tcase_add_test(t, test_inputs_walk);
	tcase_add_test(t, test_inputs_stdin);
	suite_add_tcase(s, t);

	t = tcase_create("out");
	tcase_add_test(t, test_out_broken_pipe_is_quiet);
	tcase_add_test(t, test_out_full_disk_is_error);
	tcase_add_test(t, test_out_ok);
	suite_add_tcase(s, t);
	return s;
}
