/* input.c: iterate files, directories (sorted, recursive via an explicit stack) and stdin, and
 * the members of the compressed files and archives among them (unpack.h). */
#define _DEFAULT_SOURCE 1 /* madvise */
#include "input.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "magic.h"
#include "map_guard.h"
#include "sniff.h"

/* A pending path; explicit ones were named on the command line. */
typedef struct {
	char *path;
	bool explicit_;
} pending;

struct hamle_inputs {
	const hamle_msg *msg;
	pending *stack; /* top = next input; directories are expanded in place */
	size_t len, cap;
	FILE *cur;
	char *cur_name;  /* what the tool is given: the file, or "file:member" */
	char *file_name; /* the file of the members being read (unpack set) */
	size_t failed;
	size_t no_moves; /* .txt files of a walk skipped: no moves in their first lines */
	char *sniff;     /* HAMLE_SNIFF_BYTES, allocated at the first .txt of a walk */
	/* a plain input that could not be put back at its start (a pipe): its first bytes, read to
	 * tell its kind, are given to the reader first (head_read) */
	unsigned char head[HAMLE_MAGIC_BYTES];
	size_t head_len, head_pos;
	bool head_eof; /* the head's read met the end (a terminal's Ctrl-D is not to be asked for twice) */
	hamle_unpack *unpack; /* the current file is compressed or an archive */
	bool member;          /* cur_name is a member of unpack, open */
	hamle_unpack_limits lim;
	/* hamle_inputs_set_map: a regular file named or walked is read from a mapping of it (map,
	 * map_len; NULL: none), its pages before map_dropped given back as the reader and the tool go
	 * on (hamle_inputs_keep) */
	bool use_map;
	size_t map_min; /* a smaller file is read as a stream */
	unsigned char *map;
	size_t map_len, map_dropped, map_ready;
	size_t map_reader; /* the reader needs no byte before it (its callback) */
	size_t map_tool;   /* the tool needs the bytes from it on (hamle_inputs_keep; SIZE_MAX: none) */
	void (*before)(void *); /* hamle_inputs_set_before_message */
	void *before_ctx;
};

/* Before each message: the tool's own messages of the inputs before go out first. */
static const hamle_msg *say(hamle_inputs *in)
{
	if (in->before)
		in->before(in->before_ctx);
	return in->msg;
}

static int push(hamle_inputs *in, char *path, bool explicit_)
{
	if (in->len == in->cap) {
		size_t cap = in->cap ? in->cap * 2 : 16;
		pending *s = realloc(in->stack, cap * sizeof(*s));
		if (!s)
			return -1;
		in->stack = s;
		in->cap = cap;
	}
	in->stack[in->len].path = path;
	in->stack[in->len].explicit_ = explicit_;
	in->len++;
	return 0;
}

void hamle_input_stdin_notice(const hamle_msg *msg)
{
	if (msg && isatty(STDIN_FILENO) == 1)
		hamle_msg_say(msg, "%s", hamle_msg_text(msg, "reading_stdin", "reading standard input (Ctrl-D ends it)"));
}

int hamle_inputs_new(hamle_inputs **out, const char *const *operands, size_t n, const hamle_msg *msg)
{
	hamle_inputs *in = calloc(1, sizeof(*in));
	*out = NULL;
	if (!in)
		return -1;
	in->msg = msg;
	in->lim = (hamle_unpack_limits)HAMLE_UNPACK_LIMITS_INIT;
	if (n == 0) {
		hamle_input_stdin_notice(msg);
		char *p = strdup("-");
		if (!p || push(in, p, true) < 0) {
			free(p);
			goto fail;
		}
	}
	for (size_t i = n; i-- > 0;) { /* reversed: the first operand ends on top */
		char *p = strdup(operands[i]);
		if (!p || push(in, p, true) < 0) {
			free(p);
			goto fail;
		}
	}
	*out = in;
	return 0;
fail:
	hamle_inputs_free(in);
	return -1;
}

/* True when name ends in "." and the three lower-case letters ext, in any ASCII case. */
static bool ends_in(const char *name, const char *ext)
{
	size_t len = strlen(name);
	if (len < 4 || name[len - 4] != '.')
		return false;
	for (int i = 0; i < 3; i++) {
		char c = name[len - 3 + i];
		if (((c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c) != ext[i])
			return false;
	}
	return true;
}

/* The length of name without a compression suffix (.gz .bz2 .xz .zst, any case), or 0 when it
 * has none. */
static size_t strip_compression(const char *name)
{
	static const char *const exts[] = {".gz", ".bz2", ".xz", ".zst"};
	size_t len = strlen(name);
	for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		size_t n = strlen(exts[i]);
		if (len <= n)
			continue;
		size_t k = 0;
		while (k < n) {
			char c = name[len - n + k];
			if (((c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c) != exts[i][k])
				break;
			k++;
		}
		if (k == n)
			return len - n;
	}
	return 0;
}

int hamle_input_wanted_name(const char *name)
{
	if (ends_in(name, "pgn") || ends_in(name, "txt") || ends_in(name, "zip") || ends_in(name, "tar") ||
	    ends_in(name, "tgz"))
		return 1;
	size_t base = strip_compression(name);
	if (base == 0 || base >= 4096)
		return 0;
	char stem[4096];
	memcpy(stem, name, base);
	stem[base] = '\0';
	return ends_in(stem, "pgn") || ends_in(stem, "tar");
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void report(hamle_inputs *in, const char *path, int errnum)
{
	hamle_msg_syserr(say(in), path, errnum);
	in->failed++;
}

/* Replaces a directory by its wanted entries, pushed so that they come out sorted.
 * Returns -1 only when out of memory. */
static int expand_dir(hamle_inputs *in, const char *dir)
{
	DIR *d = opendir(dir);
	char **names = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;
	struct dirent *e;
	if (!d) {
		report(in, dir, errno);
		return 0;
	}
	size_t dlen = strlen(dir);
	bool slash = dlen > 0 && dir[dlen - 1] == '/';
	errno = 0;
	while ((e = readdir(d)) != NULL) {
		const char *nm = e->d_name;
		if (nm[0] == '.' && (nm[1] == '\0' || (nm[1] == '.' && nm[2] == '\0')))
			continue;
		if (n == cap) {
			size_t nc = cap ? cap * 2 : 32;
			char **t = realloc(names, nc * sizeof(*t));
			if (!t) {
				rc = -1;
				goto done;
			}
			names = t;
			cap = nc;
		}
		size_t len = dlen + (slash ? 0 : 1) + strlen(nm) + 1;
		char *p = malloc(len);
		if (!p) {
			rc = -1;
			goto done;
		}
		snprintf(p, len, "%s%s%s", dir, slash ? "" : "/", nm);
		names[n++] = p;
		errno = 0;
	}
	if (errno != 0)
		report(in, dir, errno);
	if (n > 1) /* qsort of NULL with no entries is undefined */
		qsort(names, n, sizeof(*names), cmp_names);
	for (size_t i = n; i-- > 0;) {
		if (push(in, names[i], false) < 0) {
			rc = -1;
			goto done;
		}
		names[i] = NULL;
		n = i;
	}
done:
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	closedir(d);
	return rc;
}

/* The end of the member being read: why it ended early is an error of that member. */
static void end_member(hamle_inputs *in)
{
	if (!in->member)
		return;
	in->member = false;
	const char *why = hamle_unpack_finish(in->unpack);
	if (why) {
		hamle_msg_error(say(in), "%s: %s", in->cur_name, why);
		in->failed++;
	}
}

static void close_current(hamle_inputs *in)
{
	in->member = false; /* closed without reading the rest: the tool stops */
	if (in->map)
		munmap(in->map, in->map_len);
	in->map = NULL;
	in->map_len = in->map_dropped = in->map_reader = in->map_ready = 0;
	in->map_tool = SIZE_MAX;
	hamle_unpack_free(in->unpack);
	in->unpack = NULL;
	if (in->cur && in->cur != stdin)
		fclose(in->cur);
	in->cur = NULL;
	free(in->cur_name);
	in->cur_name = NULL;
	free(in->file_name);
	in->file_name = NULL;
	in->head_len = in->head_pos = 0;
	in->head_eof = false;
}

/* The next member of in->unpack: 1 with it in cur_name, 0 when there are no more (the archive is
 * closed), -1 when out of memory. Members not read are reported here. */
static int next_member(hamle_inputs *in, FILE **f, const char **name)
{
	end_member(in);
	for (;;) {
		hamle_unpack_event ev;
		if (hamle_unpack_next(in->unpack, &ev) < 0)
			return -1;
		if (ev.kind == HAMLE_UNPACK_END) {
			if (ev.why) {
				hamle_msg_error(say(in), "%s: %s", in->file_name, ev.why);
				in->failed++;
			}
			close_current(in);
			return 0;
		}
		free(in->cur_name);
		in->cur_name = NULL;
		size_t len = strlen(in->file_name) + (ev.name ? strlen(ev.name) + 1 : 0) + 1;
		if (!(in->cur_name = malloc(len)))
			return -1;
		snprintf(in->cur_name, len, "%s%s%s", in->file_name, ev.name ? ":" : "", ev.name ? ev.name : "");
		if (ev.kind == HAMLE_UNPACK_MEMBER) {
			in->member = true;
			*f = in->cur;
			*name = in->cur_name;
			return 1;
		}
		if (ev.level == HAMLE_UNPACK_ERROR) {
			hamle_msg_error(say(in), "%s: %s", in->cur_name, ev.why);
			in->failed++;
		} else {
			hamle_msg_note(say(in), "%s: %s", in->cur_name, ev.why);
			if (ev.level == HAMLE_UNPACK_NO_MOVES)
				in->no_moves++;
		}
	}
}

/* Reads the first bytes of fp, the file path opened (owned from here), and makes it the current
 * input: 1 when it is plain or has a member to read, 0 when it is done with (reported), -1 when
 * out of memory. */
static int start_file(hamle_inputs *in, FILE *fp, char *path, FILE **f, const char **name)
{
	size_t n = fread(in->head, 1, sizeof(in->head), fp);
	in->cur = fp;
	if (n < sizeof(in->head) && ferror(fp)) {
		report(in, path, errno);
		free(path);
		close_current(in);
		return 0;
	}
	hamle_magic_kind kind = hamle_magic(in->head, n);
	if (kind == HAMLE_MAGIC_PLAIN) {
		/* back at its start when it can be (a file), else its first bytes go to the reader first */
		bool eof = feof(fp) != 0;
		if (n > 0 && fseek(fp, 0, SEEK_SET) != 0) {
			clearerr(fp);
			in->head_len = n;
			in->head_eof = eof;
		}
		in->cur_name = path;
		*f = fp;
		*name = path;
		return 1;
	}
	in->file_name = path;
	if (hamle_unpack_new(&in->unpack, fp, in->head, n, &in->lim) < 0)
		return -1;
	return next_member(in, f, name);
}

int hamle_inputs_next(hamle_inputs *in, FILE **f, const char **name)
{
	*f = NULL;
	*name = NULL;
	if (in->unpack) {
		int rc = next_member(in, f, name);
		if (rc != 0)
			return rc;
	}
	close_current(in);
	while (in->len > 0) {
		pending p = in->stack[--in->len];
		struct stat st;
		if (p.explicit_ && strcmp(p.path, "-") == 0) {
			free(p.path);
			char *nm = strdup("<stdin>");
			if (!nm)
				return -1;
			int rc = start_file(in, stdin, nm, f, name);
			if (rc != 0)
				return rc;
			continue;
		}
		/* Inside a walk: lstat, so a link to a directory is not followed. */
		if ((p.explicit_ ? stat(p.path, &st) : lstat(p.path, &st)) != 0) {
			report(in, p.path, errno);
			free(p.path);
			continue;
		}
		if (!p.explicit_ && S_ISLNK(st.st_mode)) {
			struct stat to;
			bool wanted = hamle_input_wanted_name(p.path);
			if (stat(p.path, &to) != 0) {
				if (wanted)
					hamle_msg_note(say(in), "%s: skipped: a symbolic link to nothing (%s)", p.path,
						strerror(errno));
				free(p.path);
				continue;
			}
			if (S_ISDIR(to.st_mode))
				hamle_msg_note(say(in), "%s: skipped: a symbolic link to a directory, not followed", p.path);
			if (!wanted || !S_ISREG(to.st_mode)) {
				free(p.path);
				continue;
			}
			st = to;
		}
		if (S_ISDIR(st.st_mode)) {
			int rc = expand_dir(in, p.path);
			free(p.path);
			if (rc < 0)
				return -1;
			continue;
		}
		if (!p.explicit_ && (!S_ISREG(st.st_mode) || !hamle_input_wanted_name(p.path))) {
			free(p.path);
			continue;
		}
		FILE *fp = fopen(p.path, "rb");
		if (!fp) {
			report(in, p.path, errno);
			free(p.path);
			continue;
		}
		if (!p.explicit_ && ends_in(p.path, "txt")) {
			int moves = -1, errnum = ENOMEM;
			if (in->sniff || (in->sniff = malloc(HAMLE_SNIFF_BYTES)) != NULL) {
				moves = hamle_sniff_file(fp, in->sniff);
				errnum = errno;
			}
			if (moves <= 0) {
				fclose(fp);
				if (!in->sniff) {
					free(p.path);
					return -1;
				}
				if (moves < 0) {
					report(in, p.path, errnum);
				} else {
					hamle_msg_note(say(in), "%s: skipped: no moves in its first %d lines", p.path,
						HAMLE_SNIFF_LINES);
					in->no_moves++;
				}
				free(p.path);
				continue;
			}
		}
		int rc = start_file(in, fp, p.path, f, name);
		if (rc != 0)
			return rc;
	}
	return 0;
}

static int head_read(void *payload, unsigned char *buf, size_t size, size_t *got)
{
	hamle_inputs *in = payload;
	size_t n = in->head_len - in->head_pos;
	if (n > size)
		n = size;
	memcpy(buf, in->head + in->head_pos, n);
	in->head_pos += n;
	*got = n;
	if (n < size && !in->head_eof) { /* the whole block, as a file read would give it */
		*got += fread(buf + n, 1, size - n, in->cur);
		if (*got == n && ferror(in->cur))
			return -1;
	}
	return 0;
}

/* Maps the mapping's pages from map_ready up to 4 MiB past offset (where the reader is) in 2 MiB
 * calls of MADV_POPULATE_READ: one system call where walking them would take a page fault every
 * few pages. Only a hint: where the kernel has no such advice, the pages fault in as read. */
static void map_ahead(hamle_inputs *in, size_t offset)
{
	const size_t step = (size_t)1 << 21;
	while (in->map_ready < in->map_len && in->map_ready < offset + 2 * step) {
		size_t n = in->map_len - in->map_ready < step ? in->map_len - in->map_ready : step;
#ifdef MADV_POPULATE_READ
		(void)madvise(in->map + in->map_ready, n, MADV_POPULATE_READ);
#endif
		in->map_ready += n;
	}
}

/* Maps the current input when it is a regular file other than stdin (not empty): true when
 * in->map holds it. Else (a pipe, a device, no mapping) it is read as a stream. */
static bool map_current(hamle_inputs *in)
{
	struct stat st;
	if (in->map)
		return true;
	if (!in->cur || in->cur == stdin || fstat(fileno(in->cur), &st) != 0 || !S_ISREG(st.st_mode) ||
		st.st_size <= 0 || (unsigned long long)st.st_size > SIZE_MAX / 2 ||
		(unsigned long long)st.st_size < in->map_min)
		return false;
	void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fileno(in->cur), 0);
	if (m == MAP_FAILED)
		return false;
	hamle_map_guard_arm(in->msg, in->cur_name);
	in->map = m;
	in->map_len = (size_t)st.st_size;
	in->map_tool = SIZE_MAX;
	map_ahead(in, 0); /* (map_ready is 0: close_current) */
	return true;
}

/* Gives back the mapping's pages before the offset both the reader and the tool are done with
 * (the file's pages stay in the page cache), 4 MiB at a time: with two threads each call also
 * flushes the other core's TLB, so a few large calls cost -j 2 less than many small ones. */
static void map_drop(hamle_inputs *in)
{
	const size_t step = (size_t)1 << 22;
	size_t to = in->map_reader < in->map_tool ? in->map_reader : in->map_tool;
	to &= ~(step - 1); /* a multiple of the page size */
	if (to > in->map_dropped && madvise(in->map + in->map_dropped, to - in->map_dropped, MADV_DONTNEED) == 0)
		in->map_dropped = to;
}

/* The reader needs no byte of the mapping before offset again. */
static void map_done(void *payload, size_t offset)
{
	hamle_inputs *in = payload;
	in->map_reader = offset;
	map_drop(in);
	map_ahead(in, offset);
}

void hamle_inputs_keep(hamle_inputs *in, size_t offset)
{
	if (!in->map)
		return;
	in->map_tool = offset;
	map_drop(in);
}

int hamle_inputs_attach(hamle_inputs *in, hamle_reader *r, const char *source)
{
	if (in->member)
		return hamle_reader_set_input(r, hamle_unpack_read, in->unpack, source);
	if (in->head_len > in->head_pos)
		return hamle_reader_set_input(r, head_read, in, source);
	if (in->use_map && map_current(in))
		return hamle_reader_set_input_mapped(r, in->map, in->map_len, map_done, in, source);
	return hamle_reader_set_input_file(r, in->cur, source);
}

const unsigned char *hamle_inputs_map(const hamle_inputs *in, size_t *len)
{
	*len = in->map_len;
	return in->map;
}

void hamle_inputs_set_map(hamle_inputs *in, bool on, size_t min_size)
{
	in->use_map = on;
	in->map_min = min_size;
}


void hamle_inputs_set_before_message(hamle_inputs *in, void (*fn)(void *), void *ctx)
{
	in->before = fn;
	in->before_ctx = ctx;
}

bool hamle_inputs_packed(const hamle_inputs *in)
{
	return in->member;
}

void hamle_inputs_set_limits(hamle_inputs *in, const hamle_unpack_limits *lim)
{
	in->lim = *lim;
}

size_t hamle_inputs_failed(const hamle_inputs *in)
{
	return in->failed;
}

size_t hamle_inputs_skipped(const hamle_inputs *in)
{
	return in->no_moves;
}

void hamle_inputs_summary(const hamle_inputs *in, const hamle_locale *messages)
{
	const hamle_msg *m = in->msg;
	if (in->no_moves == 0 || m->verbosity < 0)
		return;
	char num[32], line[256];
	const char *args[1] = {num};
	snprintf(num, sizeof(num), "%zu", in->no_moves);
	const char *key = in->no_moves == 1 ? "file_skipped_no_moves" : "files_skipped_no_moves";
	if (hamle_locale_format(line, sizeof(line), messages, key, 1, args) < 0 || line[0] == '\0')
		snprintf(line, sizeof(line), "%s file%s skipped: no moves", num, in->no_moves == 1 ? "" : "s");
	FILE *s = m->stream ? m->stream : stderr;
	fprintf(s, "%s: %s\n", m->prog ? m->prog : "hamle", line);
	fflush(s);
}

void hamle_inputs_free(hamle_inputs *in)
{
	if (!in)
		return;
	close_current(in);
	for (size_t i = 0; i < in->len; i++)
		free(in->stack[i].path);
	free(in->stack);
	free(in->sniff);
	free(in);
}
