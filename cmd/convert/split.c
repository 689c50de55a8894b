/* split.c: --split N and --split-by eco|event|date: the games written into files in
 * the -o directory, each through the safe output (outfile.h: whole or not at all).
 *
 * --split N: 1.EXT, 2.EXT, ... of N games each, in input order, one file open at a time (each
 * renamed into place once full). --split-by: one file a group (its ECO, its Event, the year of its
 * Date; "unknown" when the game lacks it), the games of a group in input order. The games first go
 * to a spool (an unlinked temporary file, so nothing is left behind by a signal) with a 16-byte
 * record each (group, offset, length); at the end each group's file is written from it in turn,
 * so only one output file is open at any time, whatever the number of groups. EXT: pgn (pgn,
 * fide), jsonl (json), txt (the line forms). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "convert.h"
#include "outfile.h"

typedef struct spool_rec {
	uint64_t offset;
	uint32_t len;
	uint32_t group;
} spool_rec;

struct cv_split {
	const cv_config *cfg;
	const char *dir;
	const char *ext;
	/* --split N */
	hamle_outfile *cur;
	unsigned long in_cur, files;
	/* --split-by */
	FILE *spool;
	hamle_out spool_out;
	uint64_t spool_len;
	spool_rec *recs;
	size_t nrecs, caprecs;
	char **groups;       /* names, by group number */
	size_t ngroups, capgroups;
	uint32_t *index;     /* open addressing over the names: group number + 1, 0 empty */
	size_t index_mask;
	bool failed;
};

static const char *extension(int format)
{
	switch (format) {
	case HAMLE_WRITE_PGN:
	case HAMLE_WRITE_FIDE: return "pgn";
	case HAMLE_WRITE_JSON: return "jsonl";
	default: return "txt";
	}
}

int cv_split_open(cv_split **out, const cv_config *cfg)
{
	cv_split *s = calloc(1, sizeof(*s));
	if (!s)
		return hamle_msg_nomem(cfg->msg);
	s->cfg = cfg;
	s->dir = cfg->output;
	s->ext = extension(cfg->wopts.format);
	struct stat st;
	if (mkdir(s->dir, 0777) != 0 && errno != EEXIST) {
		free(s);
		return hamle_msg_syserr(cfg->msg, cfg->output, errno);
	}
	if (stat(s->dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		free(s);
		return hamle_msg_syserr(cfg->msg, cfg->output, ENOTDIR);
	}
	if (cfg->split_by) {
		s->index_mask = 255;
		if (!(s->index = calloc(s->index_mask + 1, sizeof(*s->index)))) {
			free(s);
			return hamle_msg_nomem(cfg->msg);
		}
		if (!(s->spool = tmpfile())) {
			int e = errno;
			free(s->index);
			free(s);
			return hamle_msg_syserr(cfg->msg, "tmpfile", e);
		}
		hamle_out_init(&s->spool_out, s->spool, "<spool>");
	}
	*out = s;
	return 0;
}

/* The path DIR/NAME.EXT into buf; -1 when it does not fit. */
static int file_path(const cv_split *s, char *buf, size_t size, const char *name)
{
	int n = snprintf(buf, size, "%s/%s.%s", s->dir, name, s->ext);
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

static uint64_t name_hash(const char *s)
{
	uint64_t h = 1469598103934665603u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return h;
}

/* The number of group name, added when new; -1 when out of memory. */
static long group_of(cv_split *s, const char *name)
{
	size_t i = (size_t)name_hash(name) & s->index_mask;
	for (; s->index[i]; i = (i + 1) & s->index_mask)
		if (strcmp(s->groups[s->index[i] - 1], name) == 0)
			return (long)s->index[i] - 1;
	if (s->ngroups == s->capgroups) {
		size_t cap = s->capgroups ? s->capgroups * 2 : 64;
		char **g = realloc(s->groups, cap * sizeof(*g));
		if (!g)
			return -1;
		s->groups = g;
		s->capgroups = cap;
	}
	char *copy = strdup(name);
	if (!copy)
		return -1;
	s->groups[s->ngroups] = copy;
	s->index[i] = (uint32_t)++s->ngroups;
	if (s->ngroups * 2 > s->index_mask) { /* rebuild at twice the size */
		size_t n = (s->index_mask + 1) * 2;
		uint32_t *x = calloc(n, sizeof(*x));
		if (!x)
			return -1;
		free(s->index);
		s->index = x;
		s->index_mask = n - 1;
		for (size_t k = 0; k < s->ngroups; k++) {
			size_t j = (size_t)name_hash(s->groups[k]) & s->index_mask;
			while (x[j])
				j = (j + 1) & s->index_mask;
			x[j] = (uint32_t)(k + 1);
		}
	}
	return (long)s->ngroups - 1;
}

/* --split N: the next file, NULL after an error (said). */
static hamle_out *next_file(cv_split *s)
{
	if (s->cur && hamle_outfile_close(s->cur, true, 0) != 0) {
		s->cur = NULL;
		return NULL;
	}
	s->cur = NULL;
	char name[32], path[4096];
	snprintf(name, sizeof(name), "%lu", ++s->files);
	if (file_path(s, path, sizeof(path), name) < 0) {
		hamle_msg_syserr(s->cfg->msg, s->dir, ENAMETOOLONG);
		return NULL;
	}
	if (hamle_outfile_open(&s->cur, path, s->cfg->msg) != 0) {
		s->cur = NULL;
		return NULL;
	}
	s->in_cur = 0;
	return hamle_outfile_out(s->cur);
}

hamle_out *cv_split_out(cv_split *s, const cv_item *it)
{
	if (s->failed)
		return NULL;
	if (!s->cfg->split_by) {
		hamle_out *o = s->cur && s->in_cur < s->cfg->split ? hamle_outfile_out(s->cur) : next_file(s);
		if (!o) {
			s->failed = true;
			return NULL;
		}
		s->in_cur++;
		return o;
	}
	long g = group_of(s, it->group[0] ? it->group : "unknown");
	if (g >= 0 && s->nrecs == s->caprecs) {
		size_t cap = s->caprecs ? s->caprecs * 2 : 1024;
		spool_rec *r = realloc(s->recs, cap * sizeof(*r));
		if (r) {
			s->recs = r;
			s->caprecs = cap;
		}
	}
	if (g < 0 || s->nrecs == s->caprecs) {
		hamle_msg_nomem(s->cfg->msg);
		s->failed = true;
		return NULL;
	}
	size_t len;
	cv_item_text(it, &len);
	s->recs[s->nrecs++] = (spool_rec){ s->spool_len, (uint32_t)len, (uint32_t)g };
	s->spool_len += len;
	return &s->spool_out;
}

static int by_group(const void *a, const void *b)
{
	const spool_rec *x = a, *y = b;
	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* --split-by at the end: each group's file from the spool. */
static int write_groups(cv_split *s)
{
	if (fflush(s->spool) != 0 || hamle_out_failed(&s->spool_out)) {
		hamle_msg_syserr(s->cfg->msg, "<spool>", s->spool_out.err ? s->spool_out.err : errno);
		return -1;
	}
	qsort(s->recs, s->nrecs, sizeof(*s->recs), by_group);
	int fd = fileno(s->spool);
	char *buf = NULL;
	size_t cap = 0;
	int ret = 0;
	for (size_t i = 0; i < s->nrecs && !ret;) {
		char path[4096];
		hamle_outfile *of = NULL;
		uint32_t g = s->recs[i].group;
		if (file_path(s, path, sizeof(path), s->groups[g]) < 0) {
			hamle_msg_syserr(s->cfg->msg, s->groups[g], ENAMETOOLONG);
			ret = -1;
			break;
		}
		if (hamle_outfile_open(&of, path, s->cfg->msg) != 0) {
			ret = -1;
			break;
		}
		hamle_out *o = hamle_outfile_out(of);
		for (; i < s->nrecs && s->recs[i].group == g; i++) {
			const spool_rec *r = &s->recs[i];
			if (r->len > cap) {
				char *b = realloc(buf, r->len);
				if (!b) {
					hamle_msg_nomem(s->cfg->msg);
					ret = -1;
					break;
				}
				buf = b;
				cap = r->len;
			}
			if (pread(fd, buf, r->len, (off_t)r->offset) != (ssize_t)r->len) {
				hamle_msg_syserr(s->cfg->msg, "<spool>", errno ? errno : EIO);
				ret = -1;
				break;
			}
			if (hamle_out_write(o, buf, r->len) < 0)
				break; /* said at the close */
		}
		if (hamle_outfile_close(of, ret == 0, 0) != 0)
			ret = -1;
	}
	free(buf);
	return ret;
}

int cv_split_close(cv_split *s, bool keep, int status)
{
	if (!s)
		return status;
	keep = keep && !s->failed;
	if (s->cur) {
		if (hamle_outfile_close(s->cur, keep, 0) != 0)
			status = HAMLE_EXIT_ERROR;
	}
	if (s->spool) {
		if (keep && write_groups(s) < 0)
			status = HAMLE_EXIT_ERROR;
		fclose(s->spool);
	}
	if (s->failed)
		status = HAMLE_EXIT_ERROR;
	for (size_t i = 0; i < s->ngroups; i++)
		free(s->groups[i]);
	free(s->groups);
	free(s->index);
	free(s->recs);
	free(s);
	return status;
}

/* The name of a group: the value's characters, '/', control characters and a leading '.' as '_',
 * at most 80 bytes (cut at a character's start); "unknown" for an empty or "?" value. */
static void group_name(char *out, size_t size, const char *v, size_t n)
{
	size_t o = 0;
	if (n > 80) {
		n = 80;
		while (n > 0 && ((unsigned char)v[n] & 0xC0) == 0x80)
			n--;
	}
	for (size_t i = 0; i < n && o + 1 < size; i++) {
		unsigned char c = (unsigned char)v[i];
		bool bad = c < 0x20 || c == 0x7F || c == '/' || c == '\\' || (o == 0 && c == '.');
		out[o++] = bad ? '_' : (char)c;
	}
	out[o] = '\0';
	if (o == 0 || strcmp(out, "?") == 0)
		snprintf(out, size, "unknown");
}

void cv_split_group(const cv_config *cfg, const hamle_game *g, cv_item *it)
{
	const char *tag = cfg->split_by == CV_SPLIT_BY_ECO ? "ECO" : cfg->split_by == CV_SPLIT_BY_EVENT ? "Event" : "Date";
	const char *v = hamle_game_tag(g, tag);
	size_t n = v ? strlen(v) : 0;
	if (cfg->split_by == CV_SPLIT_BY_DATE) {
		/* the year: four digits, else unknown */
		bool year = n >= 4;
		for (size_t i = 0; year && i < 4; i++)
			year = v[i] >= '0' && v[i] <= '9';
		n = year ? 4 : 0;
	}
	group_name(it->group, sizeof(it->group), v ? v : "", n);
}
