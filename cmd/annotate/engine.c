/* engine.c: hamle-annotate --engine (see engine.h). Each worker owns one engine process, started
 * at its first game; the workers share the evaluation cache and the counters (one mutex). A fault
 * of the engine is a warning line with the game and ply; a worker whose engine failed to start 3
 * times in a row stops trying (each game then says it has no evaluations).
 *
 * Signals: the one process-wide state here is the table of engine pids that the handler of
 * SIGHUP, SIGINT, SIGQUIT and SIGTERM kills (SIGKILL, then waitpid: no child left, no zombie)
 * before it hands the signal on (to the handler that was there, outfile.c's, else the default
 * action), and the flag that has an engine started meanwhile killed at once. */
#include "engine.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "codes.h"
#include "finding.h"

#define AN_MAX_ENGINES 1024
#define START_FAILURES 3

_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the signal handler needs lock-free atomic ints");
static atomic_int child_pid[AN_MAX_ENGINES];
static atomic_int stopping; /* set by the handler: an engine started from now on is killed at once */
static atomic_int next_slot;
static const int caught[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM };
#define NCAUGHT (sizeof(caught) / sizeof(caught[0]))
static struct sigaction prev_action[NCAUGHT];
static pthread_once_t handlers_once = PTHREAD_ONCE_INIT;

static void kill_children(void)
{
	for (int i = 0; i < AN_MAX_ENGINES; i++) {
		pid_t p = (pid_t)atomic_exchange(&child_pid[i], 0);
		if (p > 0) {
			kill(p, SIGKILL);
			while (waitpid(p, NULL, 0) < 0 && errno == EINTR)
				;
		}
	}
}

static void on_signal(int sig)
{
	int saved = errno;
	/* the workers go on meanwhile: one whose engine was just killed starts another, which
	 * on_child kills once it sees the flag (it stores the pid first, the handler sets the flag
	 * first: one of the two kills it); a short wait lets a start under way get there */
	atomic_store(&stopping, 1);
	kill_children();
	struct timespec ts = { 0, 50 * 1000000 };
	nanosleep(&ts, NULL);
	kill_children();
	for (size_t i = 0; i < NCAUGHT; i++)
		if (caught[i] == sig) {
			void (*h)(int) = prev_action[i].sa_handler;
			if (!(prev_action[i].sa_flags & SA_SIGINFO) && h != SIG_DFL && h != SIG_IGN) {
				h(sig); /* outfile.c's: removes its file, re-raises with the default action */
			} else {
				struct sigaction dfl;
				memset(&dfl, 0, sizeof(dfl));
				dfl.sa_handler = SIG_DFL;
				sigaction(sig, &dfl, NULL);
				raise(sig);
			}
		}
	errno = saved;
}

static void install_handlers(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < NCAUGHT; i++)
		sigaddset(&sa.sa_mask, caught[i]);
	for (size_t i = 0; i < NCAUGHT; i++)
		if (sigaction(caught[i], NULL, &prev_action[i]) == 0 && prev_action[i].sa_handler != SIG_IGN)
			sigaction(caught[i], &sa, NULL);
}

static void on_child(void *payload, int pid, int alive)
{
	int slot = *(const int *)payload;
	if (slot >= 0)
		atomic_store(&child_pid[slot], alive ? pid : 0);
	if (alive && atomic_load(&stopping) && (slot < 0 || atomic_exchange(&child_pid[slot], 0) == pid)) {
		kill(pid, SIGKILL);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
}

struct an_engine_run {
	pthread_mutex_t lock;
	hamle_eval_cache *cache;
	const struct hamle_eco *book;
	bool progress;
	double t0, shown;
	unsigned long long games, positions, searched, cached, missing, faults, engine_ms;
	unsigned long long bytes, total; /* input read, and its size (0: unknown) for the time left */
};

struct an_engine_worker {
	hamle_engine *eng;
	hamle_analysis *an;
	int slot;
	unsigned start_failures;
};

void an_engine_init(an_engine_config *e)
{
	memset(e, 0, sizeof(*e));
	e->limit.kind = HAMLE_LIMIT_NODES;
	e->limit.value = 100000;
	e->line_plies = 10;
}

static bool number(const char *arg, unsigned long long max, unsigned long long *v)
{
	if (!arg || *arg < '0' || *arg > '9')
		return false;
	char *end;
	errno = 0;
	unsigned long long x = strtoull(arg, &end, 10);
	if (*end || errno || x > max)
		return false;
	*v = x;
	return true;
}

bool an_engine_option(an_engine_config *e, int id, const char *arg, hamle_usage *u)
{
	static const struct { int id; const char *name; unsigned long long min, max; } nums[] = {
		{ AN_OPT_NODES, "nodes", 1, 1000000000000ull }, { AN_OPT_DEPTH, "depth", 1, 200 },
		{ AN_OPT_MOVETIME, "movetime", 1, 3600000 }, { AN_OPT_ENGINE_THREADS, "engine-threads", 1, 1024 },
		{ AN_OPT_ENGINE_HASH, "engine-hash", 1, 1048576 }, { AN_OPT_ENGINE_TIMEOUT, "engine-timeout", 1, 86400 },
		{ AN_OPT_START_PLY, "start-ply", 0, 100000 }, { AN_OPT_LINE_PLIES, "line-plies", 0, HAMLE_UCI_PV_MAX },
	};
	if (id == AN_OPT_ENGINE) {
		e->path = arg;
		return true;
	}
	if (id == AN_OPT_SKIP_BOOK) {
		e->skip_book = true;
		return true;
	}
	for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++) {
		if (nums[i].id != id)
			continue;
		unsigned long long v = 0;
		if (!number(arg, nums[i].max, &v) || v < nums[i].min) {
			char range[64];
			snprintf(range, sizeof(range), "%llu..%llu", nums[i].min, nums[i].max);
			const char *a[3] = { nums[i].name, range, arg ? arg : "" };
			hamle_usage_note(u, "usage_annotate_engine_number", "--%s wants a number in %s, not '%s'", 3, a);
			return true;
		}
		switch (id) {
		case AN_OPT_NODES: e->limit = (hamle_engine_limit){ HAMLE_LIMIT_NODES, v }; break;
		case AN_OPT_DEPTH: e->limit = (hamle_engine_limit){ HAMLE_LIMIT_DEPTH, v }; break;
		case AN_OPT_MOVETIME: e->limit = (hamle_engine_limit){ HAMLE_LIMIT_MOVETIME, v }; break;
		case AN_OPT_ENGINE_THREADS: e->threads = (unsigned)v; break;
		case AN_OPT_ENGINE_HASH: e->hash_mb = (unsigned)v; break;
		case AN_OPT_ENGINE_TIMEOUT: e->timeout_s = (unsigned)v; e->timeout_set = true; break;
		case AN_OPT_START_PLY: e->start_ply = (unsigned)v; break;
		default: e->line_plies = (unsigned)v; break;
		}
		return true;
	}
	return false;
}

/* The size of the inputs when every one is a regular file (stdin too), else 0. */
static unsigned long long input_size(const char *const *ops, size_t n)
{
	unsigned long long sum = 0;
	struct stat st;
	if (n == 0)
		return fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode) ? (unsigned long long)st.st_size : 0;
	for (size_t i = 0; i < n; i++) {
		int ok = strcmp(ops[i], "-") == 0 ? fstat(STDIN_FILENO, &st) == 0 : stat(ops[i], &st) == 0;
		if (!ok || !S_ISREG(st.st_mode))
			return 0;
		sum += (unsigned long long)st.st_size;
	}
	return sum;
}

int an_engine_start(an_engine_config *e, const hamle_msg *msg, const struct hamle_eco *book,
	const char *const *ops, size_t nops)
{
	if (!e->path)
		return 0;
	struct an_engine_run *r = calloc(1, sizeof(*r));
	if (!r || hamle_eval_cache_new(&r->cache) < 0 || pthread_mutex_init(&r->lock, NULL) != 0) {
		if (r)
			hamle_eval_cache_free(r->cache);
		free(r);
		return hamle_msg_nomem(msg);
	}
	r->book = e->skip_book ? book : NULL;
	r->progress = isatty(STDERR_FILENO) && msg->verbosity >= 0;
	r->total = r->progress ? input_size(ops, nops) : 0;
	r->t0 = hamle_now_s();
	e->run = r;
	return 0;
}

void an_engine_finish(an_engine_config *e, const hamle_msg *msg)
{
	struct an_engine_run *r = e->run;
	if (!r)
		return;
	if (r->progress && r->shown > 0)
		fputs("\r\033[K", stderr);
	double wall = hamle_now_s() - r->t0;
	hamle_msg_note(msg, "engine: %llu games, %llu positions in %.1f s (%.1f positions/s): %llu searched "
		"(engine search time %.1f s), %llu from the cache (searches saved), %llu missing, %llu faults",
		r->games, r->positions, wall, wall > 0 ? (double)r->positions / wall : 0.0, r->searched,
		(double)r->engine_ms / 1000.0, r->cached, r->missing, r->faults);
	hamle_eval_cache_free(r->cache);
	pthread_mutex_destroy(&r->lock);
	free(r);
	e->run = NULL;
}

struct an_engine_worker *an_engine_worker_new(const an_engine_config *e)
{
	struct an_engine_worker *ew = calloc(1, sizeof(*ew));
	if (!ew)
		return NULL;
	hamle_analysis_options o = HAMLE_ANALYSIS_OPTIONS_INIT;
	o.limit = e->limit;
	/* deterministic: each search from a cleared hash (under --nodes and --depth; --movetime is
	 * not deterministic anyway, and keeps the engine's hash) */
	o.clear_hash = e->limit.kind != HAMLE_LIMIT_MOVETIME;
	o.start_ply = e->start_ply;
	o.book = e->run ? e->run->book : NULL;
	o.line_plies = e->line_plies;
	o.cache = e->run ? e->run->cache : NULL;
	if (hamle_analysis_new(&ew->an, &o) < 0) {
		free(ew);
		return NULL;
	}
	int s = atomic_fetch_add(&next_slot, 1);
	ew->slot = s < AN_MAX_ENGINES ? s : -1;
	return ew;
}

void an_engine_worker_free(struct an_engine_worker *ew)
{
	if (!ew)
		return;
	hamle_engine_free(ew->eng);
	hamle_analysis_free(ew->an);
	free(ew);
}

/* A warning line about the engine for game g at ply (its move's token, side, number). */
static void fault_line(const cv_config *cfg, cv_item *it, const hamle_game *g, const hamle_engine_fault *f,
	const char *extra)
{
	if (!hamle_code_filter_keeps(&cfg->codes, "engine-failed", HAMLE_SEVERITY_WARNING))
		return; /* --ignore engine-failed */
	hamle_diagnostic d;
	memset(&d, 0, sizeof(d));
	d.id = "engine-failed";
	d.severity = HAMLE_SEVERITY_WARNING;
	d.token = f->token;
	d.side = f->side;
	d.move_number = f->move_number;
	d.error.game = hamle_game_index(g);
	d.error.ply = f->ply;
	if (f->token != (size_t)-1 && f->token < hamle_game_token_count(g)) {
		const hamle_token *t = &hamle_game_tokens(g)[f->token];
		d.error.line = t->line;
		d.error.column = t->column;
	}
	snprintf(d.error.message, sizeof(d.error.message), "%.150s (searching the position after ply %u)%.50s", f->message,
		f->ply, extra);
	hamle_finding_text(&it->err, cfg->messages, g, &d);
}

static void progress(struct an_engine_run *r)
{
	double t = hamle_now_s();
	if (!r->progress || t - r->shown < 0.25)
		return;
	r->shown = t;
	double el = t - r->t0;
	fprintf(stderr, "\r\033[Khamle-annotate: %llu games, %llu positions, %.1f positions/s", r->games, r->positions,
		el > 0 ? (double)r->positions / el : 0.0);
	if (r->total && r->bytes && r->bytes <= r->total) {
		unsigned long long left = (unsigned long long)(el * (double)(r->total - r->bytes) / (double)r->bytes);
		fprintf(stderr, ", %llu:%02llu:%02llu left", left / 3600, left / 60 % 60, left % 60);
	}
	fflush(stderr);
}

int an_engine_game(const an_engine_config *e, const cv_config *cfg, struct an_engine_worker *ew, cv_item *it,
	const hamle_game *g, const hamle_replay *rp, hamle_writer *w)
{
	struct an_engine_run *r = e->run;
	if (!r)
		return 0;
	hamle_engine_fault f;
	memset(&f, 0, sizeof(f));
	f.token = (size_t)-1;
	f.side = -1;
	bool quiet = cfg->msg && cfg->msg->verbosity < 0;
	if (ew->start_failures >= START_FAILURES) {
		if (!quiet && hamle_replay_started(rp) && !hamle_replay_error_count(rp)) {
			snprintf(f.message, sizeof(f.message), "the engine could not start %u times: no evaluations",
				ew->start_failures);
			fault_line(cfg, it, g, &f, "");
		}
		return 0;
	}
	if (!ew->eng) {
		hamle_engine_options o = HAMLE_ENGINE_OPTIONS_INIT;
		o.path = e->path;
		o.threads = e->threads ? e->threads : 1;
		o.hash_mb = e->hash_mb;
		/* under --nodes the hash is cleared before each search: a small one, as the search needs
		 * (1 MB per 20,000 nodes, at most 16), so that clearing it costs ~1% of the search */
		if (!o.hash_mb && e->limit.kind == HAMLE_LIMIT_NODES)
			o.hash_mb = e->limit.value / 20000 < 1 ? 1 : e->limit.value / 20000 > 16 ? 16 :
				(unsigned)(e->limit.value / 20000);
		o.timeout_ms = e->timeout_set ? e->timeout_s * 1000u : 0;
		o.on_child = on_child;
		o.payload = &ew->slot;
		pthread_once(&handlers_once, install_handlers);
		hamle_error err;
		hamle_error_clear(&err);
		int rc = hamle_engine_new(&ew->eng, &o, &err);
		if (rc == HAMLE_ENOMEM || !ew->eng)
			return -1;
		if (rc < 0)
			ew->start_failures = 0; /* counted by the analysis's first search, which starts it again */
	}
	if (hamle_analysis_run(ew->an, ew->eng, g, rp) < 0)
		return -1;
	const hamle_analysis *an = ew->an;
	for (size_t i = 0; i < hamle_analysis_fault_count(an); i++) {
		const hamle_engine_fault *ft = hamle_analysis_fault(an, i);
		ew->start_failures = ft->start ? ew->start_failures + 1 : 0;
		if (!quiet)
			fault_line(cfg, it, g, ft, ft->start ? "; the rest of the game has no evaluations" :
				"; the engine is started again");
	}
	if (hamle_analysis_searched(an))
		ew->start_failures = 0;
	hamle_writer_analysis(w, an);
	pthread_mutex_lock(&r->lock);
	r->games++;
	r->positions += hamle_analysis_searched(an) + hamle_analysis_cached(an);
	r->searched += hamle_analysis_searched(an);
	r->cached += hamle_analysis_cached(an);
	r->missing += hamle_analysis_missing(an);
	r->faults += hamle_analysis_fault_count(an);
	r->engine_ms += hamle_analysis_engine_ms(an);
	r->bytes += it->chunk.total_len;
	progress(r);
	pthread_mutex_unlock(&r->lock);
	return 0;
}
