/* input.c: iterate files, directories (sorted, recursive via an explicit stack) and stdin. */
#include "input.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
	char *cur_name;
	size_t failed;
	size_t no_moves; /* .txt files of a walk skipped: no moves in their first lines */
	char *sniff;     /* HAMLE_SNIFF_BYTES, allocated at the first .txt of a walk */
};

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

int hamle_inputs_new(hamle_inputs **out, const char *const *operands, size_t n, const hamle_msg *msg)
{
	hamle_inputs *in = calloc(1, sizeof(*in));
	*out = NULL;
	if (!in)
		return -1;
	in->msg = msg;
	if (n == 0) {
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

int hamle_input_wanted_name(const char *name)
{
	return ends_in(name, "pgn") || ends_in(name, "txt");
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void report(hamle_inputs *in, const char *path, int errnum)
{
	hamle_msg_syserr(in->msg, path, errnum);
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

static void close_current(hamle_inputs *in)
{
	if (in->cur && in->cur != stdin)
		fclose(in->cur);
	in->cur = NULL;
	free(in->cur_name);
	in->cur_name = NULL;
}

int hamle_inputs_next(hamle_inputs *in, FILE **f, const char **name)
{
	close_current(in);
	*f = NULL;
	*name = NULL;
	while (in->len > 0) {
		pending p = in->stack[--in->len];
		struct stat st;
		if (p.explicit_ && strcmp(p.path, "-") == 0) {
			free(p.path);
			in->cur = stdin;
			in->cur_name = strdup("<stdin>");
			if (!in->cur_name)
				return -1;
			*f = in->cur;
			*name = in->cur_name;
			return 1;
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
					hamle_msg_note(in->msg, "%s: skipped: a symbolic link to nothing (%s)", p.path,
						strerror(errno));
				free(p.path);
				continue;
			}
			if (S_ISDIR(to.st_mode))
				hamle_msg_note(in->msg, "%s: skipped: a symbolic link to a directory, not followed", p.path);
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
					hamle_msg_note(in->msg, "%s: skipped: no moves in its first %d lines", p.path,
						HAMLE_SNIFF_LINES);
					in->no_moves++;
				}
				free(p.path);
				continue;
			}
		}
		in->cur = fp;
		in->cur_name = p.path;
		*f = fp;
		*name = p.path;
		return 1;
	}
	return 0;
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
