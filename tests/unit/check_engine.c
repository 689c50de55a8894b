/* check_engine.c: the engine process (lib/src/engine/process.c) against the fake engine of
 * tests/engine/fake_engine.c (HAMLE_FAKE_ENGINE_BIN), which fails on cue: it cannot start, never
 * answers uci, exits in a search, hangs, writes garbage, is slow. Each failure is an error saying
 * which, within the timeout; the child is gone afterwards (no process left, none a zombie); the
 * next search starts the engine again. And the evaluation cache (positions compared). */
#include <check.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "hamle/engine.h"
#include "suites_decl.h"

static const char *fake(void)
{
	const char *p = getenv("HAMLE_FAKE_ENGINE_BIN");
	ck_assert_msg(p != NULL, "HAMLE_FAKE_ENGINE_BIN not set");
	return p;
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* the child's pids as the engine reports them: started and ended */
struct kids {
	int started, ended, last;
};
static void on_child(void *payload, int pid, int alive)
{
	struct kids *k = payload;
	if (alive) {
		k->started++;
		k->last = pid;
	} else {
		k->ended++;
	}
}

static hamle_engine *start(const char *cue, unsigned timeout_ms, struct kids *k, int want_rc, hamle_error *err)
{
	if (cue)
		setenv("HAMLE_FAKE_ENGINE", cue, 1);
	else
		unsetenv("HAMLE_FAKE_ENGINE");
	hamle_engine_options o = HAMLE_ENGINE_OPTIONS_INIT;
	o.path = fake();
	o.timeout_ms = timeout_ms;
	o.on_child = on_child;
	o.payload = k;
	hamle_engine *e = NULL;
	hamle_error_clear(err);
	ck_assert_int_eq(hamle_engine_new(&e, &o, err), want_rc);
	ck_assert_ptr_nonnull(e);
	return e;
}

/* The process is gone: not running and not a zombie (it was waited for). */
static void assert_gone(int pid)
{
	ck_assert_int_gt(pid, 0);
	ck_assert_int_eq(kill(pid, 0), -1);
	ck_assert_int_eq(errno, ESRCH);
}

static hamle_position *at_ply(int ply)
{
	/* 1. e4 e5 2. Nf3 Nc6 3. Bb5: plies 0..5 */
	static const char *const fens[] = {
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
	};
	hamle_position *p = NULL;
	ck_assert_int_eq(hamle_position_new(&p, fens[ply], NULL), 0);
	return p;
}

static const hamle_engine_limit nodes = { HAMLE_LIMIT_NODES, 100 };

START_TEST(test_search)
{
	struct kids k = { 0, 0, 0 };
	hamle_error err;
	hamle_engine *e = start(NULL, 0, &k, 0, &err);
	ck_assert_str_eq(hamle_engine_name(e), "FakeEngine 1");
	hamle_position *p = at_ply(1);
	hamle_engine_result r;
	ck_assert_int_eq(hamle_engine_search(e, p, &nodes, 1, &r, &err), 0);
	ck_assert_int_eq(r.eval.kind, HAMLE_EVAL_CP);
	ck_assert_int_eq(r.eval.value, 0);
	ck_assert_uint_eq(r.npv, 2);
	ck_assert(hamle_position_is_legal(p, r.pv[0]));
	hamle_position_free(p);
	/* a mate in one, in White's view from Black's move: score mate 1 for Black is -1 */
	ck_assert_int_eq(hamle_position_new(&p, "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", NULL), 0);
	ck_assert_int_eq(hamle_engine_search(e, p, &nodes, 0, &r, &err), 0);
	ck_assert_int_eq(r.eval.kind, HAMLE_EVAL_MATE);
	ck_assert_int_eq(r.eval.value, -1);
	hamle_position_play(p, r.pv[0]);
	/* checkmated: mate 0, the game over, won by Black */
	ck_assert_int_eq(hamle_engine_search(e, p, &nodes, 0, &r, &err), 0);
	ck_assert_int_eq(r.eval.kind, HAMLE_EVAL_OVER);
	ck_assert_int_eq(r.eval.value, -1);
	hamle_position_free(p);
	int pid = hamle_engine_pid(e);
	hamle_engine_free(e);
	assert_gone(pid);
	ck_assert_int_eq(k.started, 1);
	ck_assert_int_eq(k.ended, 1);
	hamle_engine_free(NULL);
}
END_TEST

START_TEST(test_cannot_start)
{
	struct kids k = { 0, 0, 0 };
	hamle_error err;
	hamle_engine *e = start("nostart", 2000, &k, HAMLE_EIO, &err);
	ck_assert_msg(strstr(err.message, "the engine exited with status 3") != NULL, "%s", err.message);
	ck_assert_int_eq(hamle_engine_pid(e), 0);
	assert_gone(k.last);
	/* every search tries again, and fails the same way */
	hamle_position *p = at_ply(0);
	hamle_engine_result r;
	ck_assert_int_eq(hamle_engine_search(e, p, &nodes, 1, &r, &err), HAMLE_EIO);
	ck_assert_uint_eq(hamle_engine_starts(e), 2);
	hamle_position_free(p);
	hamle_engine_free(e);
	ck_assert_int_eq(k.started, k.ended);
	/* no such program */
	hamle_engine_options o = HAMLE_ENGINE_OPTIONS_INIT;
	o.path = "/nonexistent/engine";
	ck_assert_int_eq(hamle_engine_new(&e, &o, &err), HAMLE_EIO);
	ck_assert_msg(strstr(err.message, "could not start") != NULL, "%s", err.message);
	hamle_engine_free(e);
}
END_TEST

START_TEST(test_no_uciok)
{
	struct kids k = { 0, 0, 0 };
	hamle_error err;
	double t0 = now_s();
	hamle_engine *e = start("noready", 300, &k, HAMLE_EIO, &err);
	ck_assert_msg(strstr(err.message, "no uciok within 0.3 s") != NULL, "%s", err.message);
	ck_assert(now_s() - t0 < 3.0);
	assert_gone(k.last);
	hamle_engine_free(e);
}
END_TEST

/* A search the engine fails (the cue), then, where again >= 0, the next search that starts it
 * again. */
static const struct failure {
	const char *cue;
	unsigned timeout_ms;
	int ply, multipv;       /* the failing search */
	const char *says;       /* in its error */
	const char *says_too;   /* NULL or more of it */
	double min_s;           /* it takes at least this long (and under 3 s) */
	int again;              /* the next search's ply, -1 none */
} failures[] = {
	{"exit:1", 2000, 1, 1, "the engine exited with status 2", NULL, 0, 2},
	/* it ignores SIGTERM and SIGINT: killed */
	{"hang:2", 400, 2, 1, "no bestmove within 0.4 s: the engine was stopped", NULL, 0.35, 3},
	{"garbage:3", 2000, 3, 0, "the engine wrote garbage: '", "this is no UCI", 0, -1},
};

START_TEST(test_search_fails)
{
	const struct failure *f = &failures[_i];
	struct kids k = { 0, 0, 0 };
	hamle_error err;
	hamle_engine *e = start(f->cue, f->timeout_ms, &k, 0, &err);
	int pid = hamle_engine_pid(e);
	hamle_position *p = at_ply(f->ply);
	hamle_engine_result r;
	double t0 = now_s();
	ck_assert_int_eq(hamle_engine_search(e, p, &nodes, f->multipv, &r, &err), HAMLE_EIO);
	double dt = now_s() - t0;
	ck_assert_msg(strstr(err.message, f->says) != NULL, "%s: %s", f->cue, err.message);
	ck_assert_msg(!f->says_too || strstr(err.message, f->says_too) != NULL, "%s: %s", f->cue, err.message);
	ck_assert_msg(dt >= f->min_s && dt < 3.0, "%s: %.2f s", f->cue, dt);
	assert_gone(pid);
	hamle_position_free(p);
	if (f->again >= 0) {
		/* restarted by the next search */
		p = at_ply(f->again);
		ck_assert_int_eq(hamle_engine_search(e, p, &nodes, 1, &r, &err), 0);
		ck_assert_uint_eq(hamle_engine_starts(e), 2);
		ck_assert_int_ne(hamle_engine_pid(e), pid);
		hamle_position_free(p);
		pid = hamle_engine_pid(e);
	}
	hamle_engine_free(e);
	assert_gone(pid);
	ck_assert_int_eq(k.started, f->again >= 0 ? 2 : 1);
	ck_assert_int_eq(k.ended, k.started);
}
END_TEST

START_TEST(test_slow)
{
	struct kids k = { 0, 0, 0 };
	hamle_error err;
	hamle_engine *e = start("slow:150", 1000, &k, 0, &err);
	hamle_position *p = at_ply(0);
	hamle_engine_result r;
	ck_assert_int_eq(hamle_engine_search(e, p, &nodes, 1, &r, &err), 0);
	/* beyond the timeout it is a hang */
	hamle_engine_free(e);
	e = start("slow:900", 200, &k, 0, &err);
	ck_assert_int_eq(hamle_engine_search(e, p, &nodes, 1, &r, &err), HAMLE_EIO);
	ck_assert_msg(strstr(err.message, "no bestmove within 0.2 s") != NULL, "%s", err.message);
	hamle_position_free(p);
	hamle_engine_free(e);
	ck_assert_int_eq(k.started, k.ended);
}
END_TEST

/* a Chess960 position: UCI_Chess960 switched on (the fake answers garbage without it), castling
 * read as king takes rook; a standard position after it switches it off */
START_TEST(test_chess960)
{
	struct kids k = { 0, 0, 0 };
	hamle_error err;
	hamle_engine *e = start(NULL, 2000, &k, 0, &err);
	hamle_position *p = NULL;
	ck_assert_int_eq(hamle_position_new(&p, "1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBhb - 0 1", NULL), 0);
	ck_assert(hamle_position_is_chess960(p));
	hamle_engine_result r;
	ck_assert_msg(hamle_engine_search(e, p, &nodes, 1, &r, &err) == 0, "%s", err.message);
	ck_assert_uint_ge(r.npv, 1);
	ck_assert_int_eq(HAMLE_MOVE_KIND(r.pv[0]), HAMLE_MOVE_CASTLING);
	ck_assert(hamle_position_is_legal(p, r.pv[0]));
	hamle_position_free(p);
	p = at_ply(0);
	ck_assert_int_eq(hamle_engine_search(e, p, &nodes, 1, &r, &err), 0);
	hamle_position_free(p);
	hamle_engine_free(e);
}
END_TEST

START_TEST(test_cache)
{
	hamle_eval_cache *c = NULL;
	ck_assert_int_eq(hamle_eval_cache_new(&c), 0);
	hamle_position *a = at_ply(1), *b = NULL;
	/* the same position with another move number shares the entry; another half-move clock not */
	ck_assert_int_eq(hamle_position_new(&b, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7", NULL), 0);
	hamle_engine_result r, got;
	memset(&r, 0, sizeof(r));
	r.eval.kind = HAMLE_EVAL_CP;
	r.eval.value = 42;
	ck_assert_int_eq(hamle_eval_cache_get(c, a, &nodes, &got), 0);
	ck_assert_int_eq(hamle_eval_cache_put(c, a, &nodes, &r), 0);
	ck_assert_int_eq(hamle_eval_cache_get(c, b, &nodes, &got), 1);
	ck_assert_int_eq(got.eval.value, 42);
	hamle_engine_limit other = { HAMLE_LIMIT_NODES, 101 };
	ck_assert_int_eq(hamle_eval_cache_get(c, a, &other, &got), 0);
	hamle_position_free(b);
	ck_assert_int_eq(hamle_position_new(&b, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 5 7", NULL), 0);
	ck_assert_uint_eq(hamle_position_hash(a), hamle_position_hash(b)); /* one key, two positions */
	ck_assert_int_eq(hamle_eval_cache_get(c, b, &nodes, &got), 0);
	ck_assert_uint_eq(hamle_eval_cache_hits(c), 1);
	/* many entries: the table grows, every one is found */
	hamle_position *p = at_ply(0);
	for (int i = 0; i < 20000; i++) {
		r.eval.value = i;
		hamle_engine_limit l = { HAMLE_LIMIT_NODES, (uint64_t)i + 1000 };
		ck_assert_int_eq(hamle_eval_cache_put(c, p, &l, &r), 0);
	}
	for (int i = 0; i < 20000; i += 997) {
		hamle_engine_limit l = { HAMLE_LIMIT_NODES, (uint64_t)i + 1000 };
		ck_assert_int_eq(hamle_eval_cache_get(c, p, &l, &got), 1);
		ck_assert_int_eq(got.eval.value, i);
	}
	/* full at 200,000: the first kept, no more stored */
	for (int i = 20000; i < 200000; i++) {
		hamle_engine_limit l = { HAMLE_LIMIT_NODES, (uint64_t)i + 1000 };
		ck_assert_int_eq(hamle_eval_cache_put(c, p, &l, &r), 0);
	}
	hamle_engine_limit late = { HAMLE_LIMIT_NODES, 999 }, first = { HAMLE_LIMIT_NODES, 1000 };
	ck_assert_int_eq(hamle_eval_cache_put(c, p, &late, &r), 0);
	ck_assert_int_eq(hamle_eval_cache_get(c, p, &late, &got), 0);
	ck_assert_int_eq(hamle_eval_cache_get(c, p, &first, &got), 1);
	hamle_position_free(p);
	hamle_position_free(a);
	hamle_position_free(b);
	hamle_eval_cache_free(c);
	hamle_eval_cache_free(NULL);
}
END_TEST

Suite *engine_suite(void)
{
	Suite *s = suite_create("engine");
	TCase *tc = tcase_create("engine");
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_search);
	tcase_add_test(tc, test_cannot_start);
	tcase_add_test(tc, test_no_uciok);
	tcase_add_loop_test(tc, test_search_fails, 0, (int)(sizeof(failures) / sizeof(failures[0])));
	tcase_add_test(tc, test_slow);
	tcase_add_test(tc, test_chess960);
	tcase_add_test(tc, test_cache);
	suite_add_tcase(s, tc);
	return s;
}
