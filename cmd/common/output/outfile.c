/* outfile.c: a temporary file beside the target, renamed over it at the end; removed on error or
 * on a terminating signal (see outfile.h). */
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <pthread.h>

/* The longest part of the target's name kept in the temporary file's name (NAME_MAX is 255). */
#define BASE_KEEP 200
/* Symbolic links followed from the target before giving up (ELOOP), as the kernel does. */
#define MAX_LINKS 40

struct hamle_outfile {
	hamle_out out;
	const hamle_msg *msg;
	char *name;          /* the target as given: messages */
	char *path;          /* the file replaced: name with its symbolic links followed */
	char *tmp;           /* the temporary file; NULL when writing straight (stdout, a device) */
	int slot;            /* tmp's place among the armed paths, -1 when none */
	bool have_target, have_tmp;
	dev_t target_dev, tmp_dev;
	ino_t target_ino, tmp_ino;
};

/* ---- signals: the only process-wide state of the tools ----
 * armed[] holds the temporary files that a terminating signal removes. Only the thread that opens
 * and closes outfiles changes it, with the caught signals blocked; the handler reads it. */
static const int caught[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGXFSZ};
#define NCAUGHT (sizeof(caught) / sizeof(caught[0]))
_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2, "the signal handler needs lock-free atomic pointers");
static _Atomic(const char *) armed[HAMLE_OUTFILE_MAX];
static struct sigaction default_action; /* SIG_DFL, set before any handler is installed */
static bool handlers_installed;

void hamle_outfile_remove_armed(void)
{
	for (size_t i = 0; i < HAMLE_OUTFILE_MAX; i++) {
		const char *p = atomic_load(&armed[i]);
		if (p)
			unlink(p);
	}
}

static void on_signal(int sig)
{
	int saved = errno;
	hamle_outfile_remove_armed();
	/* the signal is blocked while this runs: once it returns, the re-raised one ends the process
	 * with the default action (exit status 128 + sig, or a core dump for SIGQUIT) */
	sigaction(sig, &default_action, NULL);
	raise(sig);
	errno = saved;
}

static void caught_set(sigset_t *set)
{
	sigemptyset(set);
	for (size_t i = 0; i < NCAUGHT; i++)
		sigaddset(set, caught[i]);
}

/* Installs the handler for every caught signal not ignored now (once per process). */
static void install_handlers(void)
{
	if (handlers_installed)
		return;
	handlers_installed = true;
	memset(&default_action, 0, sizeof(default_action));
	default_action.sa_handler = SIG_DFL;
	sigemptyset(&default_action.sa_mask);
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	caught_set(&sa.sa_mask);
	for (size_t i = 0; i < NCAUGHT; i++) {
		struct sigaction old;
		if (sigaction(caught[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(caught[i], &sa, NULL);
	}
}

static void block_caught(sigset_t *old)
{
	sigset_t set;
	caught_set(&set);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

static void restore_mask(const sigset_t *old)
{
	pthread_sigmask(SIG_SETMASK, old, NULL);
}

/* A free slot for path (with the caught signals blocked), or -1 when all are taken. */
static int arm(const char *path)
{
	for (int i = 0; i < HAMLE_OUTFILE_MAX; i++) {
		if (!atomic_load(&armed[i])) {
			atomic_store(&armed[i], path);
			return i;
		}
	}
	return -1;
}

static void disarm(int slot)
{
	if (slot >= 0)
		atomic_store(&armed[slot], NULL);
}

/* ---- names ---- */

/* A copy of name with every symbolic link of its last component followed; a name that does not
 * exist is returned as it is (the file to create). NULL with *err set on failure. */
static char *follow_links(const char *name, int *err)
{
	char *p = strdup(name);
	if (!p) {
		*err = ENOMEM;
		return NULL;
	}
	for (int hops = 0;; hops++) {
		struct stat st;
		if (lstat(p, &st) != 0) {
			if (errno == ENOENT)
				return p;
			*err = errno;
			break;
		}
		if (!S_ISLNK(st.st_mode))
			return p;
		if (hops == MAX_LINKS) {
			*err = ELOOP;
			break;
		}
		size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 256;
		char *link = NULL;
		ssize_t n;
		for (;;) {
			char *l = realloc(link, cap);
			if (!l) {
				n = -1;
				errno = ENOMEM;
				break;
			}
			link = l;
			n = readlink(p, link, cap);
			if (n < 0 || (size_t)n < cap)
				break;
			cap *= 2; /* the link grew since lstat */
		}
		if (n < 0) {
			*err = errno;
			free(link);
			break;
		}
		link[n] = '\0';
		const char *slash = strrchr(p, '/');
		if (link[0] == '/' || !slash) {
			free(p);
			p = link;
			continue;
		}
		/* relative to the directory of the link */
		size_t dlen = (size_t)(slash - p) + 1, len = dlen + (size_t)n + 1;
		char *q = malloc(len);
		if (!q) {
			*err = ENOMEM;
			free(link);
			break;
		}
		memcpy(q, p, dlen);
		memcpy(q + dlen, link, (size_t)n + 1);
		free(link);
		free(p);
		p = q;
	}
	free(p);
	return NULL;
}

/* Writes "DIR/.BASE.hamle-XXXXXX" for path into tmp (size enough: strlen(path) + 16); the six
 * letters are drawn from the clock, the process and the attempt. */
static void temp_name(char *tmp, size_t size, const char *path, const void *self, unsigned attempt)
{
	static const char letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	const char *slash = strrchr(path, '/');
	size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
	size_t base = strlen(path + dir);
	if (base > BASE_KEEP)
		base = BASE_KEEP;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	uint64_t x = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 30) ^ ((uint64_t)getpid() << 40) ^
		(uint64_t)(uintptr_t)self ^ ((uint64_t)attempt * 0x9E3779B97F4A7C15u);
	/* splitmix64 finaliser: every input bit moves every letter */
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9u;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBu;
	x ^= x >> 31;
	char rnd[7];
	for (int i = 0; i < 6; i++) {
		rnd[i] = letters[x % (sizeof(letters) - 1)];
		x /= sizeof(letters) - 1;
	}
	rnd[6] = '\0';
	snprintf(tmp, size, "%.*s.%.*s.hamle-%s", (int)dir, path, (int)base, path + dir, rnd);
}

/* ---- open / close ---- */

static hamle_outfile *outfile_free(hamle_outfile *of)
{
	if (of) {
		free(of->name);
		free(of->path);
		free(of->tmp);
		free(of);
	}
	return NULL;
}

/* Removes the temporary file (the target untouched). */
static void discard_tmp(hamle_outfile *of)
{
	sigset_t old;
	block_caught(&old);
	unlink(of->tmp);
	disarm(of->slot);
	of->slot = -1;
	restore_mask(&old);
}

/* Creates the temporary file beside of->path (mode 0600 when st, the existing target, is given, to
 * become st's mode below; else 0666 less the umask) and arms it. A descriptor, or -1 with errno. */
static int create_tmp(hamle_outfile *of, const struct stat *st)
{
	size_t size = strlen(of->path) + 16;
	of->tmp = malloc(size);
	if (!of->tmp) {
		errno = ENOMEM;
		return -1;
	}
	install_handlers();
	for (unsigned attempt = 0; attempt < 100; attempt++) {
		temp_name(of->tmp, size, of->path, of, attempt);
		sigset_t old;
		block_caught(&old);
		int fd = open(of->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, st ? 0600 : 0666);
		int e = errno;
		if (fd >= 0 && (of->slot = arm(of->tmp)) < 0) {
			unlink(of->tmp);
			close(fd);
			fd = -1;
			e = EMFILE;
		}
		restore_mask(&old);
		if (fd >= 0 || e != EEXIST) {
			errno = e;
			return fd;
		}
	}
	errno = EEXIST;
	return -1;
}

static void open_stdout(hamle_outfile *of)
{
	struct stat st;
	hamle_out_init(&of->out, stdout, NULL);
	if (fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode)) {
		of->have_target = true;
		of->target_dev = st.st_dev;
		of->target_ino = st.st_ino;
	}
}

/* Gives the temporary file the owner and mode of the target (st). 0, or -1 after a message. */
static int keep_owner_and_mode(hamle_outfile *of, int fd, const struct stat *st)
{
	struct stat now;
	int e = fchown(fd, st->st_uid, st->st_gid) == 0 ? 0 : errno;
	if (e != 0 && (fstat(fd, &now) != 0 || now.st_uid != st->st_uid || now.st_gid != st->st_gid)) {
		hamle_msg_error(of->msg, "%s: cannot keep its owner (uid %ld, gid %ld): %s", of->name,
			(long)st->st_uid, (long)st->st_gid, strerror(e));
		return -1;
	}
	if (fchmod(fd, st->st_mode & 07777) != 0) {
		hamle_msg_error(of->msg, "%s: cannot keep its mode %04o: %s", of->name,
			(unsigned)(st->st_mode & 07777), strerror(errno));
		return -1;
	}
	return 0;
}

int hamle_outfile_open(hamle_outfile **out, const char *target, const hamle_msg *m)
{
	hamle_outfile *of = calloc(1, sizeof(*of));
	struct stat st, ts;
	int err = 0, fd = -1;
	FILE *f = NULL;
	*out = NULL;
	if (!of)
		goto oom;
	of->msg = m;
	of->slot = -1;
	if (!target || strcmp(target, "-") == 0) {
		open_stdout(of);
		*out = of;
		return 0;
	}
	if (!(of->name = strdup(target)))
		goto oom;
	if (!(of->path = follow_links(target, &err)))
		goto syserr;
	bool exists = stat(of->path, &st) == 0;
	err = errno;
	if (!exists && err != ENOENT)
		goto syserr;
	if (exists && S_ISDIR(st.st_mode)) {
		err = EISDIR;
		goto syserr;
	}
	/* the permission to write the target, as writing into it would need */
	if (exists && faccessat(AT_FDCWD, of->path, W_OK, AT_EACCESS) != 0) {
		err = errno;
		goto syserr;
	}
	if (exists && !S_ISREG(st.st_mode)) {
		/* a device, a FIFO, a socket: nothing to replace, written straight */
		if (!(f = fopen(of->path, "wb"))) {
			err = errno;
			goto syserr;
		}
		hamle_out_init(&of->out, f, of->name);
		*out = of;
		return 0;
	}
	if (exists) {
		of->have_target = true;
		of->target_dev = st.st_dev;
		of->target_ino = st.st_ino;
	}
	if ((fd = create_tmp(of, exists ? &st : NULL)) < 0) {
		hamle_msg_error(m, "%s: cannot create a temporary file beside it: %s", target, strerror(errno));
		goto fail;
	}
	if (exists && keep_owner_and_mode(of, fd, &st) < 0)
		goto fail;
	if (fstat(fd, &ts) != 0 || !(f = fdopen(fd, "wb"))) {
		err = errno;
		goto syserr;
	}
	of->have_tmp = true;
	of->tmp_dev = ts.st_dev;
	of->tmp_ino = ts.st_ino;
	hamle_out_init(&of->out, f, of->name);
	*out = of;
	return 0;
oom:
	err = ENOMEM;
syserr:
	if (err == ENOMEM)
		hamle_msg_error(m, "out of memory");
	else
		hamle_msg_syserr(m, target, err);
fail:
	if (fd >= 0) {
		close(fd);
		discard_tmp(of);
	}
	outfile_free(of);
	return HAMLE_EXIT_ERROR;
}

hamle_out *hamle_outfile_out(hamle_outfile *of)
{
	return &of->out;
}

bool hamle_outfile_replaces(const hamle_outfile *of)
{
	return of->tmp != NULL;
}

bool hamle_outfile_is(const hamle_outfile *of, const struct stat *st)
{
	return (of->have_target && st->st_dev == of->target_dev && st->st_ino == of->target_ino) ||
		(of->have_tmp && st->st_dev == of->tmp_dev && st->st_ino == of->tmp_ino);
}

bool hamle_outfile_is_stream(const hamle_outfile *of, FILE *f)
{
	struct stat st;
	return f && fstat(fileno(f), &st) == 0 && hamle_outfile_is(of, &st);
}

int hamle_outfile_close(hamle_outfile *of, bool keep, int status)
{
	if (!of)
		return status;
	int st = hamle_out_close(&of->out, of->msg, status);
	if (of->tmp) {
		if (of->out.err != 0) { /* a failed write, flush or close: hamle_out_close said which */
			discard_tmp(of);
			hamle_msg_error(of->msg, "%s: left unchanged", of->name);
		} else if (!keep) {
			discard_tmp(of);
		} else {
			sigset_t old;
			block_caught(&old);
			int rc = rename(of->tmp, of->path), e = errno;
			if (rc != 0)
				unlink(of->tmp);
			disarm(of->slot);
			of->slot = -1;
			restore_mask(&old);
			if (rc != 0) {
				st = hamle_msg_syserr(of->msg, of->name, e);
				hamle_msg_error(of->msg, "%s: left unchanged", of->name);
			}
		}
	}
	outfile_free(of);
	return st;
}

void hamle_outfile_block_signals(sigset_t *old)
{
	sigset_t block;
	sigemptyset(&block);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGQUIT);
	sigaddset(&block, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &block, old);
}
