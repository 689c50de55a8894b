/* cli_shape.c: hamle-convert's options for duplicates and output shapes: --unique,
 * --duplicates, --no-comments, --no-nags, --no-variations, --str-only, --no-tags, --width,
 * --tag-order, --keep-tag-order, --split, --split-by. The shapes are the writer's
 * (hamle_writer_options.shape, hamle/writer.h); the rest is run.c's and split.c's. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cv_cli_shape_option(cv_cli *c, int id, const hamle_opt_parser *p)
{
	cv_config *cfg = &c->cfg;
	hamle_usage *usage = &c->cl.usage;
	unsigned long v;
	const char *a[1] = {p->arg};
	switch (id) {
	case CV_OPT_UNIQUE:
		if (!p->arg)
			cfg->unique = CV_UNIQUE_MOVES;
		else if (strcmp(p->arg, "positions") == 0)
			cfg->unique = CV_UNIQUE_POSITIONS;
		else
			hamle_usage_note(usage, "usage_convert_unique", "--unique takes only '=positions', not '%s'", 1, a);
		return 0;
	case CV_OPT_DUPLICATES: cfg->duplicates = p->arg; return 0;
	case CV_OPT_NO_COMMENTS: cfg->wopts.shape |= HAMLE_WRITE_NO_COMMENTS; return 0;
	case CV_OPT_NO_NAGS: cfg->wopts.shape |= HAMLE_WRITE_NO_NAGS; return 0;
	case CV_OPT_NO_VARIATIONS: cfg->wopts.shape |= HAMLE_WRITE_NO_VARIATIONS; return 0;
	case CV_OPT_STR_ONLY: cfg->wopts.shape |= HAMLE_WRITE_STR_ONLY; return 0;
	case CV_OPT_NO_TAGS: cfg->wopts.shape |= HAMLE_WRITE_NO_TAGS; return 0;
	case CV_OPT_KEEP_TAG_ORDER: cfg->wopts.shape |= HAMLE_WRITE_KEEP_TAG_ORDER; return 0;
	case CV_OPT_TAG_ORDER: c->tag_file = p->arg; return 0;
	case CV_OPT_WIDTH:
		if (hamle_opt_parse_ulong(p->arg, 20, 256, &v) < 0)
			hamle_usage_note(usage, "usage_convert_width", "--width wants a number from 20 to 256, not '%s'", 1, a);
		else
			cfg->wopts.line_width = (unsigned)v;
		return 0;
	case CV_OPT_SPLIT:
		if (hamle_opt_parse_ulong(p->arg, 1, 1000000000, &v) < 0)
			hamle_usage_note(usage, "usage_convert_split", "--split wants a number of games from 1, not '%s'", 1, a);
		else
			cfg->split = v;
		return 0;
	case CV_OPT_SPLIT_BY:
		if (strcmp(p->arg, "eco") == 0)
			cfg->split_by = CV_SPLIT_BY_ECO;
		else if (strcmp(p->arg, "event") == 0)
			cfg->split_by = CV_SPLIT_BY_EVENT;
		else if (strcmp(p->arg, "date") == 0)
			cfg->split_by = CV_SPLIT_BY_DATE;
		else
			hamle_usage_note(usage, "usage_convert_split_by", "--split-by wants eco, event or date, not '%s'", 1, a);
		return 0;
	default:
		return -1;
	}
}

/* --tag-order FILE: its words (tag names, one a line; blank lines and lines starting with '#'
 * skipped; "[Name ...]" read as Name) into c->tag_names. 0, or the exit status (said). */
static int read_tag_order(cv_cli *c)
{
	FILE *f = fopen(c->tag_file, "rb");
	if (!f)
		return hamle_msg_syserr(&c->msg, c->tag_file, errno);
	size_t cap = 4096, len = 0;
	char *text = malloc(cap);
	for (size_t k; text && (k = fread(text + len, 1, cap - len - 1, f)) > 0;) {
		len += k;
		if (len + 1 == cap) {
			char *t = cap < ((size_t)1 << 20) ? realloc(text, cap * 2) : NULL;
			if (!t) {
				fclose(f);
				free(text);
				const char *a[1] = {c->tag_file};
				return hamle_msg_usage_key(&c->msg, "usage_convert_tag_order", "--tag-order: '%s' is too big", 1, a);
			}
			text = t;
			cap *= 2;
		}
	}
	int err = ferror(f) ? errno : 0;
	fclose(f);
	if (!text)
		return hamle_msg_nomem(&c->msg);
	if (err) {
		free(text);
		return hamle_msg_syserr(&c->msg, c->tag_file, err);
	}
	text[len] = '\0';
	size_t n = 0;
	const char **names = malloc((len / 2 + 2) * sizeof(*names));
	if (!names) {
		free(text);
		return hamle_msg_nomem(&c->msg);
	}
	for (char *line = text; line && *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl++ = '\0';
		char *s = line;
		while (*s == ' ' || *s == '\t' || *s == '[')
			s++;
		char *e = s;
		while (*e && *e != ' ' && *e != '\t' && *e != '\r' && *e != ']' && *e != '"')
			e++;
		*e = '\0';
		if (*s && *s != '#')
			names[n++] = s;
		line = nl;
	}
	c->tag_text = text;
	c->tag_names = names;
	c->cfg.wopts.tag_order = names;
	c->cfg.wopts.n_tag_order = n;
	return 0;
}

int cv_cli_shape_finish(cv_cli *c)
{
	cv_config *cfg = &c->cfg;
	hamle_msg *msg = &c->msg;
	if (cfg->duplicates && !cfg->unique)
		return hamle_msg_usage_key(msg, "usage_convert_duplicates", "--duplicates needs --unique", 0, NULL);
	if (c->tag_file && (cfg->wopts.shape & HAMLE_WRITE_KEEP_TAG_ORDER))
		return hamle_msg_usage_key(msg, "usage_convert_tag_orders", "--tag-order and --keep-tag-order exclude each other",
			0, NULL);
	if (cfg->split && cfg->split_by)
		return hamle_msg_usage_key(msg, "usage_convert_splits", "--split and --split-by exclude each other", 0, NULL);
	if ((cfg->split || cfg->split_by) && (cfg->in_place || !cfg->output || strcmp(cfg->output, "-") == 0))
		return hamle_msg_usage_key(msg, "usage_convert_split_dir", "--split and --split-by need -o DIR (not --in-place)",
			0, NULL);
	if (c->tag_file)
		return read_tag_order(c);
	return 0;
}
