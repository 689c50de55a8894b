/* input.c: iterate files, directories (sorted, recursive via an explicit stack) and stdin. */
#include "input.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

int hamle_input_wanted_name(const char *name)
{
	size_t len = strlen(name);
	if (len < 4 || name[len - 4] != '.')
		return 0;
	char ext[4];
	for (int i = 0; i < 3; i++) {
		char c = name[len - 3 + i];
		ext[i] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
	}
	ext[3] = '\0';
	return strcmp(ext, "pgn") == 0 || strcmp(ext, "txt") == 0;
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

void hamle_inputs_free(hamle_inputs *in)
{
	if (!in)
		return;
	close_current(in);
	for (size_t i = 0; i < in->len; i++)
		free(in->stack[i].path);
	free(in->stack);
	free(in);
}
