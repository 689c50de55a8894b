/* process.c: a UCI engine as a child process (see hamle/engine.h). posix_spawn with two pipes
 * (close-on-exec, so that no other child holds them), stderr to /dev/null, the signals the child
 * needs at their defaults; every read waits in poll() for at most what is left of its deadline;
 * writes block SIGPIPE in the calling thread and take back a SIGPIPE they raised; a child that
 * fails is killed and waited for, and the next search starts a new one. No global state. */
#define _GNU_SOURCE 1 /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "chess/position_internal.h"
#include "error_internal.h"
#include "hamle/engine.h"

extern char **environ;

#define LINE_MAX_BYTES 65536
#define HANDSHAKE_LINES 10000 /* lines an engine may write before uciok (banners, options) */

struct hamle_engine {
	hamle_engine_options o;
	pid_t pid;
	int to, from;           /* its stdin (we write), its stdout (we read) */
	char *buf;              /* what was read and not yet taken as lines */
	size_t start, len;
	char name[HAMLE_UCI_NAME_MAX];
	int has960, is960;
	unsigned starts;
};

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Waits for the child; returns its status text in buf ("" when it is still running after
 * wait_ms). */
static void reap(hamle_engine *e, int wait_ms, char *buf, size_t size)
{
	buf[0] = '\0';
	if (!e->pid)
		return;
	int st = 0;
	pid_t r;
	long long until = now_ms() + wait_ms;
	for (;;) {
		r = waitpid(e->pid, &st, WNOHANG);
		if (r != 0 || now_ms() >= until)
			break;
		struct timespec ts = { 0, 5 * 1000000 };
		nanosleep(&ts, NULL);
	}
	if (r == 0) {
		kill(e->pid, SIGKILL);
		while ((r = waitpid(e->pid, &st, 0)) < 0 && errno == EINTR)
			;
		snprintf(buf, size, "%s", "");
	} else if (r > 0 && WIFEXITED(st)) {
		snprintf(buf, size, " with status %d", WEXITSTATUS(st));
	} else if (r > 0 && WIFSIGNALED(st)) {
		snprintf(buf, size, " by signal %d", WTERMSIG(st));
	}
	if (e->o.on_child)
		e->o.on_child(e->o.payload, (int)e->pid, 0);
	e->pid = 0;
}

/* Closes the pipes and ends the child (at once: SIGKILL, then waits for it). */
static void stop(hamle_engine *e)
{
	char st[64];
	if (e->to >= 0)
		close(e->to);
	if (e->pid)
		kill(e->pid, SIGKILL);
	reap(e, 1000, st, sizeof(st));
	if (e->from >= 0)
		close(e->from);
	e->to = e->from = -1;
	e->start = e->len = 0;
}

/* Fails the search: stops the engine, err says what happened. */
static int fail(hamle_engine *e, hamle_error *err, const char *what, const char *detail)
{
	hamle_error_set(err, HAMLE_EIO, "%s%s", what, detail ? detail : "");
	stop(e);
	return HAMLE_EIO;
}

/* The child closed its output: it exited (say how), or it is stopped. */
static int fail_exited(hamle_engine *e, hamle_error *err)
{
	char st[64];
	if (e->to >= 0)
		close(e->to);
	e->to = -1;
	reap(e, 500, st, sizeof(st));
	return fail(e, err, "the engine exited", st);
}

static int spawn(hamle_engine *e, hamle_error *err)
{
	int in[2] = { -1, -1 }, out[2] = { -1, -1 };
	if (pipe2(in, O_CLOEXEC) < 0 || pipe2(out, O_CLOEXEC) < 0) {
		int en = errno;
		if (in[0] >= 0) {
			close(in[0]);
			close(in[1]);
		}
		return hamle_error_set(err, HAMLE_EIO, "the engine could not start: %s", strerror(en));
	}
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	posix_spawn_file_actions_init(&fa);
	posix_spawnattr_init(&at);
	posix_spawn_file_actions_adddup2(&fa, in[0], 0);
	posix_spawn_file_actions_adddup2(&fa, out[1], 1);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	sigset_t def, none;
	sigemptyset(&def);
	sigaddset(&def, SIGPIPE);
	sigaddset(&def, SIGINT);
	sigaddset(&def, SIGTERM);
	sigaddset(&def, SIGHUP);
	sigaddset(&def, SIGQUIT);
	sigemptyset(&none);
	posix_spawnattr_setsigdefault(&at, &def);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
	size_t na = 0;
	while (e->o.args && e->o.args[na])
		na++;
	char **argv = calloc(na + 2, sizeof(*argv));
	int rc = ENOMEM;
	pid_t pid = 0;
	if (argv) {
		argv[0] = (char *)e->o.path;
		for (size_t i = 0; i < na; i++)
			argv[i + 1] = (char *)e->o.args[i];
		rc = posix_spawnp(&pid, e->o.path, &fa, &at, argv, environ);
	}
	free(argv);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	close(in[0]);
	close(out[1]);
	if (rc != 0) {
		close(in[1]);
		close(out[0]);
		return hamle_error_set(err, HAMLE_EIO, "the engine %s could not start: %s", e->o.path, strerror(rc));
	}
	fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
	e->pid = pid;
	e->to = in[1];
	e->from = out[0];
	e->start = e->len = 0;
	e->starts++;
	if (e->o.on_child)
		e->o.on_child(e->o.payload, (int)pid, 1);
	return 0;
}

/* Writes text to the engine; SIGPIPE blocked in this thread and taken back if raised. */
static int send_text(hamle_engine *e, const char *text, size_t n, hamle_error *err)
{
	sigset_t pipeset, old, pend;
	sigemptyset(&pipeset);
	sigaddset(&pipeset, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipeset, &old);
	sigpending(&pend);
	int was = sigismember(&pend, SIGPIPE);
	int rc = 0;
	while (n > 0) {
		ssize_t w = write(e->to, text, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			rc = -1;
			break;
		}
		text += w;
		n -= (size_t)w;
	}
	if (rc < 0 && errno == EPIPE && !was) {
		struct timespec z = { 0, 0 };
		sigtimedwait(&pipeset, NULL, &z);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return rc < 0 ? fail_exited(e, err) : 0;
}

static int sendf(hamle_engine *e, hamle_error *err, const char *text)
{
	return send_text(e, text, strlen(text), err);
}

/* The next line the engine writes (without its "\n"), waiting until deadline (ms, monotonic).
 * Returns 0 with *line / *n, or HAMLE_EIO (the engine is stopped). */
static int read_line(hamle_engine *e, long long deadline, const char **line, size_t *n, hamle_error *err)
{
	for (;;) {
		char *nl = memchr(e->buf + e->start, '\n', e->len - e->start);
		if (nl) {
			*line = e->buf + e->start;
			*n = (size_t)(nl - *line);
			e->start += *n + 1;
			return 0;
		}
		if (e->start > 0) {
			memmove(e->buf, e->buf + e->start, e->len - e->start);
			e->len -= e->start;
			e->start = 0;
		}
		if (e->len >= LINE_MAX_BYTES)
			return fail(e, err, "the engine wrote a line of more than 64 KiB: not UCI", NULL);
		long long left = deadline - now_ms();
		if (left <= 0)
			return HAMLE_ELIMIT; /* the caller says what it waited for */
		struct pollfd p = { e->from, POLLIN, 0 };
		int r = poll(&p, 1, left > 1000000 ? 1000000 : (int)left);
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0)
			continue; /* the deadline is checked above */
		ssize_t k = read(e->from, e->buf + e->len, LINE_MAX_BYTES - e->len);
		if (k < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (k <= 0)
			return fail_exited(e, err);
		e->len += (size_t)k;
	}
}

static int timed_out(hamle_engine *e, hamle_error *err, const char *what, unsigned ms)
{
	char d[96];
	snprintf(d, sizeof(d), " within %u.%u s: the engine was stopped", ms / 1000, ms % 1000 / 100);
	return fail(e, err, what, d);
}

/* Reads lines until one of kind want (a garbage line fails unless tolerate). */
static int wait_for(hamle_engine *e, hamle_uci_kind want, unsigned ms, int tolerate, hamle_error *err)
{
	long long deadline = now_ms() + ms;
	for (unsigned k = 0;; k++) {
		const char *s;
		size_t n;
		int rc = read_line(e, deadline, &s, &n, err);
		if (rc == HAMLE_ELIMIT)
			return timed_out(e, err, want == HAMLE_UCI_UCIOK ? "no uciok" : "no readyok", ms);
		if (rc < 0)
			return rc;
		hamle_uci_line l;
		hamle_error pe;
		hamle_error_clear(&pe);
		if (hamle_uci_parse(&l, s, n, &pe) < 0) {
			if (tolerate && k < HANDSHAKE_LINES)
				continue;
			char d[HAMLE_ERROR_MESSAGE_MAX];
			snprintf(d, sizeof(d), ": '%.48s' (%.120s)", pe.token, pe.message);
			return fail(e, err, "the engine wrote garbage", d);
		}
		if (l.kind == HAMLE_UCI_ID && !l.id_author)
			memcpy(e->name, l.name, sizeof(e->name));
		if (l.kind == HAMLE_UCI_OPTION && strcmp(l.name, "UCI_Chess960") == 0)
			e->has960 = 1;
		if (l.kind == want)
			return 0;
	}
}

static unsigned timeout_of(const hamle_engine *e, const hamle_engine_limit *lim)
{
	if (e->o.timeout_ms)
		return e->o.timeout_ms;
	return lim && lim->kind == HAMLE_LIMIT_DEPTH ? 60000 : 10000;
}

static int handshake_steps(hamle_engine *e, hamle_error *err);

/* Starts the engine: a failure says "could not start" (so that a caller can tell it from a search
 * that failed). */
static int handshake(hamle_engine *e, hamle_error *err)
{
	int rc = handshake_steps(e, err);
	if (rc < 0 && err && !strstr(err->message, "could not start")) {
		char m[HAMLE_ERROR_MESSAGE_MAX];
		snprintf(m, sizeof(m), "%s", err->message);
		snprintf(err->message, sizeof(err->message), "the engine could not start: %.200s", m);
	}
	return rc;
}

static int handshake_steps(hamle_engine *e, hamle_error *err)
{
	e->name[0] = '\0';
	e->has960 = e->is960 = 0;
	int rc = spawn(e, err);
	if (rc < 0)
		return rc;
	unsigned ms = timeout_of(e, NULL);
	if ((rc = sendf(e, err, "uci\n")) < 0 || (rc = wait_for(e, HAMLE_UCI_UCIOK, ms, 1, err)) < 0)
		return rc;
	char cmd[128], v[24];
	if (e->o.threads) {
		snprintf(v, sizeof(v), "%u", e->o.threads);
		hamle_uci_setoption(cmd, sizeof(cmd), "Threads", v);
		if ((rc = sendf(e, err, cmd)) < 0)
			return rc;
	}
	if (e->o.hash_mb) {
		snprintf(v, sizeof(v), "%u", e->o.hash_mb);
		hamle_uci_setoption(cmd, sizeof(cmd), "Hash", v);
		if ((rc = sendf(e, err, cmd)) < 0)
			return rc;
	}
	if ((rc = sendf(e, err, "isready\n")) < 0 || (rc = wait_for(e, HAMLE_UCI_READYOK, ms, 0, err)) < 0)
		return rc;
	return 0;
}

int hamle_engine_new(hamle_engine **out, const hamle_engine_options *opts, hamle_error *err)
{
	if (!out || !opts || opts->version != HAMLE_ENGINE_OPTIONS_VERSION || !opts->path)
		return HAMLE_EUSAGE;
	*out = NULL;
	hamle_engine *e = calloc(1, sizeof(*e));
	if (!e || !(e->buf = malloc(LINE_MAX_BYTES))) {
		free(e);
		return HAMLE_ENOMEM;
	}
	e->o = *opts;
	e->to = e->from = -1;
	*out = e;
	return handshake(e, err);
}

void hamle_engine_free(hamle_engine *e)
{
	if (!e)
		return;
	if (e->pid && e->to >= 0) {
		hamle_error ignore;
		if (sendf(e, &ignore, "quit\n") == 0) {
			close(e->to);
			e->to = -1;
			char st[64];
			reap(e, 300, st, sizeof(st));
		}
	}
	stop(e);
	free(e->buf);
	free(e);
}

const char *hamle_engine_name(const hamle_engine *e) { return e ? e->name : ""; }
unsigned hamle_engine_starts(const hamle_engine *e) { return e ? e->starts : 0; }
int hamle_engine_pid(const hamle_engine *e) { return e ? (int)e->pid : 0; }

/* The result from the last scored info line and bestmove (the engine's view to White's). */
static int finish(const hamle_position *pos, const hamle_uci_line *info, const hamle_uci_line *best,
	hamle_engine_result *res, char *why, size_t size)
{
	memset(res, 0, sizeof(*res));
	if (!(info->info & HAMLE_UCI_HAS_SCORE)) {
		snprintf(why, size, "no score before bestmove");
		return -1;
	}
	int sign = pos->side == HAMLE_WHITE ? 1 : -1;
	if (info->mate && info->score == 0) {
		res->eval.kind = HAMLE_EVAL_OVER;
		res->eval.value = hamle_position_state(pos) == HAMLE_STATE_CHECKMATE ? -sign : 0;
	} else {
		res->eval.kind = info->mate ? HAMLE_EVAL_MATE : HAMLE_EVAL_CP;
		res->eval.value = info->score * sign;
	}
	res->depth = info->depth;
	res->nodes = info->nodes;
	res->time_ms = info->time_ms;
	struct hamle_position p = *pos;
	unsigned from = 0;
	if (best->best[0] && (!info->npv || strcmp(info->pv[0], best->best) != 0)) {
		hamle_move m = hamle_uci_move(&p, best->best);
		if (m == HAMLE_MOVE_NONE) {
			snprintf(why, size, "bestmove %.5s is not legal", best->best);
			return -1;
		}
		res->pv[res->npv++] = m;
		return 0; /* the pv was of another move: only the best move */
	}
	for (unsigned i = from; i < info->npv; i++) {
		hamle_move m = hamle_uci_move(&p, info->pv[i]);
		if (m == HAMLE_MOVE_NONE) {
			if (i == 0) {
				snprintf(why, size, "pv move %.5s is not legal", info->pv[i]);
				return -1;
			}
			break; /* the line is cut at a move that is not legal */
		}
		res->pv[res->npv++] = m;
		hamle_position_play(&p, m);
	}
	return 0;
}

int hamle_engine_search(hamle_engine *e, const hamle_position *pos, const hamle_engine_limit *lim,
	int clear_hash, hamle_engine_result *res, hamle_error *err)
{
	if (!e || !pos || !lim || !res)
		return HAMLE_EUSAGE;
	int rc;
	if (!e->pid && (rc = handshake(e, err)) < 0)
		return rc;
	unsigned ms = timeout_of(e, lim);
	char cmd[HAMLE_FEN_MAX + 128];
	if (e->has960 && e->is960 != pos->chess960) {
		hamle_uci_setoption(cmd, sizeof(cmd), "UCI_Chess960", pos->chess960 ? "true" : "false");
		if ((rc = sendf(e, err, cmd)) < 0)
			return rc;
		e->is960 = pos->chess960;
	}
	/* one write, one round trip: the engine reads its commands in order, so the position and go
	 * wait for the hash to be cleared without a readyok between (on a loaded machine each round
	 * trip waits for the other process to be scheduled) */
	size_t clen = 0;
	if (clear_hash)
		clen = (size_t)snprintf(cmd, sizeof(cmd), "ucinewgame\nisready\n");
	clen += (size_t)hamle_uci_position(cmd + clen, sizeof(cmd) - clen, pos);
	if (clen < sizeof(cmd))
		clen += (size_t)hamle_uci_go(cmd + clen, sizeof(cmd) - clen, lim);
	if (clen >= sizeof(cmd))
		return hamle_error_set(err, HAMLE_EUSAGE, "the position does not fit a command");
	if ((rc = send_text(e, cmd, clen, err)) < 0)
		return rc;
	if (clear_hash && (rc = wait_for(e, HAMLE_UCI_READYOK, ms, 0, err)) < 0)
		return rc;
	unsigned wait = ms + (lim->kind == HAMLE_LIMIT_MOVETIME ? (unsigned)(lim->value > 3600000 ? 3600000 : lim->value) : 0);
	long long deadline = now_ms() + wait;
	hamle_uci_line info, l;
	memset(&info, 0, sizeof(info));
	for (;;) {
		const char *s;
		size_t n;
		rc = read_line(e, deadline, &s, &n, err);
		if (rc == HAMLE_ELIMIT)
			return timed_out(e, err, "no bestmove", wait);
		if (rc < 0)
			return rc;
		hamle_error pe;
		hamle_error_clear(&pe);
		if (hamle_uci_parse(&l, s, n, &pe) < 0) {
			char d[HAMLE_ERROR_MESSAGE_MAX];
			snprintf(d, sizeof(d), ": '%.48s' (%.120s)", pe.token, pe.message);
			return fail(e, err, "the engine wrote garbage", d);
		}
		if (l.kind == HAMLE_UCI_INFO && (l.info & HAMLE_UCI_HAS_SCORE) && l.multipv == 1) {
			info = l;
			continue;
		}
		if (l.kind == HAMLE_UCI_INFO && (l.info & HAMLE_UCI_HAS_TIME) && l.multipv == 1)
			info.time_ms = l.time_ms;
		if (l.kind != HAMLE_UCI_BESTMOVE)
			continue;
		char why[96];
		if (finish(pos, &info, &l, res, why, sizeof(why)) < 0)
			return fail(e, err, "the engine wrote garbage: ", why);
		return 0;
	}
}
