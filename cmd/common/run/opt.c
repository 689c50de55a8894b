/* opt.c: table-driven option parsing and --help generation (see opt.h). */
#include "opt.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define HELP_WIDTH 79
#define LEFT_MAX 30

void hamle_opt_init(hamle_opt_parser *p, const hamle_cli_opt *opts, int argc, char **argv)
{
	memset(p, 0, sizeof(*p));
	p->opts = opts;
	p->argc = argc;
	p->argv = argv;
	p->index = 1;
}

static bool table_end(const hamle_cli_opt *o)
{
	return o->long_name == NULL && o->short_name == 0;
}

static const hamle_cli_opt *find_long(const hamle_cli_opt *opts, const char *name, size_t len)
{
	for (const hamle_cli_opt *o = opts; !table_end(o); o++)
		if (o->long_name && strlen(o->long_name) == len && memcmp(o->long_name, name, len) == 0)
			return o;
	return NULL;
}

/* The options --help shows whose long name starts with name[0..len) (getopt_long's
 * abbreviations; a hidden option is taken only spelled out), one entry per id. *count: how many;
 * returns the first. */
static const hamle_cli_opt *find_prefix(const hamle_cli_opt *opts, const char *name, size_t len, int *count)
{
	const hamle_cli_opt *first = NULL;
	*count = 0;
	for (const hamle_cli_opt *o = opts; !table_end(o); o++) {
		if (!o->long_name || !o->help || strncmp(o->long_name, name, len) != 0 || len == 0)
			continue;
		int seen = 0;
		for (const hamle_cli_opt *q = opts; q < o; q++)
			seen |= q->id == o->id && q->long_name && q->help && strncmp(q->long_name, name, len) == 0;
		if (seen)
			continue;
		if (!first)
			first = o;
		(*count)++;
	}
	return first;
}

/* Edit distance (insertions, deletions, substitutions and swaps of neighbours) between a[0..n)
 * and b, or 99 when either is longer than 63 bytes. */
static int edit_distance(const char *a, size_t n, const char *b)
{
	size_t m = strlen(b);
	if (n > 63 || m > 63)
		return 99;
	int d[3][64]; /* rows i - 2, i - 1, i of the table, by i % 3 */
	for (size_t j = 0; j <= m; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= n; i++) {
		int *cur = d[i % 3], *up = d[(i - 1) % 3], *up2 = d[(i + 1) % 3];
		cur[0] = (int)i;
		for (size_t j = 1; j <= m; j++) {
			int v = up[j - 1] + (a[i - 1] != b[j - 1]);
			if (up[j] + 1 < v)
				v = up[j] + 1;
			if (cur[j - 1] + 1 < v)
				v = cur[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && up2[j - 2] + 1 < v)
				v = up2[j - 2] + 1;
			cur[j] = v;
		}
	}
	return d[n % 3][m];
}

/* The shown long option closest to name[0..len) by edit distance, when close enough to be a
 * slip of the keyboard (one edit in three characters, two at most), else NULL. */
static const hamle_cli_opt *find_closest(const hamle_cli_opt *opts, const char *name, size_t len)
{
	const hamle_cli_opt *best = NULL;
	int best_d = 3;
	for (const hamle_cli_opt *o = opts; !table_end(o); o++) {
		if (!o->long_name || !o->help)
			continue;
		int d = edit_distance(name, len, o->long_name);
		if (d < best_d && (size_t)d * 3 <= len) {
			best = o;
			best_d = d;
		}
	}
	return best;
}

static const hamle_cli_opt *find_short(const hamle_cli_opt *opts, char c)
{
	for (const hamle_cli_opt *o = opts; !table_end(o); o++)
		if (o->short_name == c)
			return o;
	return NULL;
}

/* english with its placeholders ("%s" or "%1$s" the option, "%2$s" extra) filled in p->error. */
static void render_error(hamle_opt_parser *p, const char *english, const char *extra)
{
	size_t o = 0, cap = sizeof(p->error);
	for (const char *t = english; *t && o + 1 < cap; t++) {
		const char *arg = NULL;
		if (t[0] == '%' && t[1] == 's') {
			arg = p->error_option;
			t += 1;
		} else if (t[0] == '%' && (t[1] == '1' || t[1] == '2') && t[2] == '$' && t[3] == 's') {
			arg = t[1] == '1' ? p->error_option : extra;
			t += 3;
		}
		if (!arg) {
			p->error[o++] = *t;
			continue;
		}
		for (; *arg && o + 1 < cap; arg++)
			p->error[o++] = *arg;
	}
	p->error[o] = '\0';
}

/* A usage error about the option written prefix + what[0..len) ("--" "jobs"): key, English
 * template ("%s" or "%1$s": the option; "%2$s": extra, NULL for none). */
static int fail_with(hamle_opt_parser *p, const char *key, const char *english, const char *prefix,
	const char *what, size_t len, const char *extra)
{
	int n = (int)(len > 64 ? 64 : len);
	snprintf(p->error_option, sizeof(p->error_option), "%s%.*s", prefix, n, what);
	snprintf(p->error_extra, sizeof(p->error_extra), "%s", extra ? extra : "");
	p->error_key = key;
	p->error_english = english;
	render_error(p, english, p->error_extra);
	p->opt = NULL;
	p->arg = NULL;
	return HAMLE_OPT_FAIL;
}

static int fail(hamle_opt_parser *p, const char *key, const char *english, const char *prefix,
	const char *what, size_t len)
{
	return fail_with(p, key, english, prefix, what, len, NULL);
}

#define UNKNOWN "usage_unknown_option", "unknown option '%s'"
#define NO_VALUE "usage_no_value", "option '%s' takes no value"
#define NEEDS_VALUE "usage_needs_value", "option '%s' requires a value"
#define AMBIGUOUS "usage_ambiguous_option", "option '%1$s' is ambiguous; possibilities: %2$s"
#define SUGGEST "usage_unknown_option_suggest", "unknown option '%1$s'; did you mean '%2$s'?"

int hamle_opt_note_error(const hamle_opt_parser *p, hamle_usage *u)
{
	const char *a[2] = {p->error_option, p->error_extra};
	return hamle_usage_note(u, p->error_key ? p->error_key : "usage_unknown_option",
		p->error_english ? p->error_english : "%s", p->error_extra[0] ? 2 : 1, a);
}

/* The error of an abbreviation of several options: "'--format' '--from'" (as many as fit). */
static int ambiguous(hamle_opt_parser *p, const char *body, size_t len)
{
	char list[sizeof(p->error_extra)];
	size_t o = 0;
	list[0] = '\0';
	for (const hamle_cli_opt *c = p->opts; !table_end(c); c++) {
		if (!c->long_name || !c->help || strncmp(c->long_name, body, len) != 0)
			continue;
		int alias = 0; /* of an option listed already */
		for (const hamle_cli_opt *q = p->opts; q < c; q++)
			alias |= q->id == c->id && q->long_name && q->help && strncmp(q->long_name, body, len) == 0;
		if (alias)
			continue;
		size_t need = strlen(c->long_name) + 5;
		if (o + need + 4 >= sizeof(list)) {
			snprintf(list + o, sizeof(list) - o, "%s...", o ? " " : "");
			break;
		}
		o += (size_t)snprintf(list + o, sizeof(list) - o, "%s'--%s'", o ? " " : "", c->long_name);
	}
	return fail_with(p, AMBIGUOUS, "--", body, len, list);
}

static int take_long(hamle_opt_parser *p, const char *body)
{
	const char *eq = strchr(body, '=');
	size_t len = eq ? (size_t)(eq - body) : strlen(body);
	const hamle_cli_opt *o = find_long(p->opts, body, len);
	if (!o) {
		int count;
		o = find_prefix(p->opts, body, len, &count);
		if (count > 1)
			return ambiguous(p, body, len);
	}
	if (!o) {
		const hamle_cli_opt *near = find_closest(p->opts, body, len);
		if (!near)
			return fail(p, UNKNOWN, "--", body, len);
		char alt[72];
		snprintf(alt, sizeof(alt), "--%s", near->long_name);
		return fail_with(p, SUGGEST, "--", body, len, alt);
	}
	p->opt = o;
	p->arg = NULL;
	switch (o->arg) {
	case HAMLE_OPT_NOARG:
		if (eq)
			return fail(p, NO_VALUE, "--", body, len);
		break;
	case HAMLE_OPT_OPTARG:
		p->arg = eq ? eq + 1 : NULL;
		break;
	case HAMLE_OPT_ARG:
	default:
		if (eq) {
			p->arg = eq + 1;
		} else if (p->index < p->argc) {
			p->arg = p->argv[p->index++];
		} else {
			return fail(p, NEEDS_VALUE, "--", body, len);
		}
		break;
	}
	return o->id;
}

static int take_short(hamle_opt_parser *p)
{
	char c = *p->cluster++;
	const hamle_cli_opt *o = find_short(p->opts, c);
	if (!o) {
		p->cluster = NULL;
		return fail(p, UNKNOWN, "-", &c, 1);
	}
	p->opt = o;
	p->arg = NULL;
	if (o->arg == HAMLE_OPT_NOARG) {
		if (*p->cluster == '\0')
			p->cluster = NULL;
		return o->id;
	}
	if (*p->cluster != '\0') {
		p->arg = p->cluster;
	} else if (o->arg == HAMLE_OPT_ARG) {
		if (p->index >= p->argc) {
			p->cluster = NULL;
			return fail(p, NEEDS_VALUE, "-", &c, 1);
		}
		p->arg = p->argv[p->index++];
	}
	p->cluster = NULL;
	return o->id;
}

int hamle_opt_next(hamle_opt_parser *p)
{
	p->opt = NULL;
	p->arg = NULL;
	if (p->cluster)
		return take_short(p);
	if (p->index >= p->argc)
		return HAMLE_OPT_END;
	const char *a = p->argv[p->index++];
	if (p->operands_only || a[0] != '-' || a[1] == '\0') {
		p->arg = a;
		return HAMLE_OPT_OPERAND;
	}
	if (a[1] == '-') {
		if (a[2] == '\0') { /* "--": everything after it is an operand */
			p->operands_only = true;
			if (p->index >= p->argc)
				return HAMLE_OPT_END;
			p->arg = p->argv[p->index++];
			return HAMLE_OPT_OPERAND;
		}
		return take_long(p, a + 2);
	}
	p->cluster = a + 1;
	return take_short(p);
}

/* ---- help ---- */

/* Left column of an option: "  -j, --jobs=N", "      --format=FMT", "  -q". */
static size_t left_column(char *buf, size_t size, const hamle_cli_opt *o)
{
	const char *an = o->arg_name ? o->arg_name : "ARG";
	int n;
	char sc[8] = "    ";
	if (o->short_name)
		snprintf(sc, sizeof(sc), "-%c%s", o->short_name, o->long_name ? ", " : "");
	if (!o->long_name) {
		if (o->arg == HAMLE_OPT_ARG)
			n = snprintf(buf, size, "  %s %s", sc, an);
		else if (o->arg == HAMLE_OPT_OPTARG)
			n = snprintf(buf, size, "  %s[%s]", sc, an);
		else
			n = snprintf(buf, size, "  %s", sc);
	} else if (o->arg == HAMLE_OPT_ARG) {
		n = snprintf(buf, size, "  %s--%s=%s", sc, o->long_name, an);
	} else if (o->arg == HAMLE_OPT_OPTARG) {
		n = snprintf(buf, size, "  %s--%s[=%s]", sc, o->long_name, an);
	} else {
		n = snprintf(buf, size, "  %s--%s", sc, o->long_name);
	}
	if (n < 0)
		return 0;
	return (size_t)n < size ? (size_t)n : size - 1;
}

/* Characters (UTF-8 lead bytes) of s[0..len). */
static size_t utf8_chars(const char *s, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		n += ((unsigned char)s[i] & 0xC0) != 0x80;
	return n;
}

/* Bytes of the first line of s[0..len) wrapped at room characters: up to the last space or newline
 * that leaves at most room characters before it; a longer first word up to the first space. */
static size_t line_take(const char *s, size_t len, size_t room)
{
	size_t chars = 0, brk = 0, first = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if ((c & 0xC0) == 0x80)
			continue;
		if ((c == ' ' || c == '\n') && i > 0) {
			if (chars <= room)
				brk = i;
			else if (!first)
				first = i;
		}
		chars++;
	}
	if (chars <= room)
		return len;
	if (brk > 0)
		return brk;
	return first ? first : len;
}

/* Writes text wrapped at HELP_WIDTH characters, continuation lines indented by indent. The first
 * line starts at column col. The text is reflowed: a single newline is a space, an empty line
 * ("\n\n") ends a paragraph. Breaks at spaces only (a longer word overflows). */
static int put_wrapped(FILE *f, const char *text, size_t col, size_t indent)
{
	const char *s = text;
	int rc = 0;
	while (*s) {
		size_t room = HELP_WIDTH > col ? HELP_WIDTH - col : 1;
		const char *para = strstr(s, "\n\n");
		size_t len = para ? (size_t)(para - s) : strlen(s);
		size_t take = line_take(s, len, room);
		for (size_t i = 0; i < take; i++)
			if (fputc(s[i] == '\n' ? ' ' : s[i], f) == EOF)
				rc = -1;
		if (fputc('\n', f) == EOF)
			rc = -1;
		s += take;
		if (s == para && fputc('\n', f) == EOF)
			rc = -1;
		while (*s == ' ' || *s == '\n')
			s++;
		if (*s && fprintf(f, "%*s", (int)indent, "") < 0)
			rc = -1;
		col = indent;
	}
	return rc;
}

/* messages' text of "help_" + a ["_" + b] ('-' written '_'), else fallback. */
static const char *help_text(const hamle_locale *messages, const char *a, const char *b, const char *fallback)
{
	char key[128];
	if (!messages || !a)
		return fallback;
	int n = snprintf(key, sizeof(key), b ? "help_%s_%s" : "help_%s", a, b ? b : "");
	if (n < 0 || (size_t)n >= sizeof(key))
		return fallback;
	for (char *k = key; *k; k++)
		if (*k == '-')
			*k = '_';
	const char *t = hamle_locale_message(messages, key);
	return t && t[0] ? t : fallback;
}

/* The usage lines: "Usage: NAME ALT1", then "       NAME ALT2"... for each '\n'-separated
 * alternative, aligned under the first. */
static int put_usage(FILE *f, const char *word, const char *name, const char *usage)
{
	int rc = 0;
	size_t indent = utf8_chars(word, strlen(word)) + 1;
	for (const char *s = usage, *nl;; s = nl + 1) {
		nl = strchr(s, '\n');
		int len = (int)(nl ? (size_t)(nl - s) : strlen(s));
		if (s == usage ? fprintf(f, "%s %s %.*s\n", word, name, len, s) < 0
			       : fprintf(f, "%*s%s %.*s\n", (int)indent, "", name, len, s) < 0)
			rc = -1;
		if (!nl)
			break;
	}
	return rc;
}

int hamle_opt_help(FILE *f, const hamle_cli_info *info, const hamle_cli_opt *opts)
{
	return hamle_opt_help_in(f, info, opts, NULL);
}

int hamle_opt_help_in(FILE *f, const hamle_cli_info *info, const hamle_cli_opt *opts,
	const hamle_locale *messages)
{
	const hamle_locale *m = messages;
	const char *tool = info->name && strncmp(info->name, "hamle-", 6) == 0 ? info->name + 6 : info->name;
	char left[128];
	size_t width = 0;
	int rc = 0;
	for (const hamle_cli_opt *o = opts; !table_end(o); o++) {
		size_t n = left_column(left, sizeof(left), o);
		if (o->help && n <= LEFT_MAX && n > width)
			width = n;
	}
	width += 2;
	const char *usage = help_text(m, tool, "usage", info->usage ? info->usage : "[options]");
	if (put_usage(f, help_text(m, "usage", NULL, "Usage:"), info->name, usage) < 0)
		rc = -1;
	const char *summary = help_text(m, tool, "summary", info->summary);
	if (summary && (fputc('\n', f) == EOF || put_wrapped(f, summary, 0, 0) < 0))
		rc = -1;
	if (fprintf(f, "\n%s\n", help_text(m, "options", NULL, "Options:")) < 0)
		rc = -1;
	for (const hamle_cli_opt *o = opts; !table_end(o); o++) {
		if (!o->help)
			continue;
		const char *text = o->long_name ? help_text(m, tool, o->long_name,
			help_text(m, o->long_name, NULL, o->help)) : o->help;
		size_t n = left_column(left, sizeof(left), o);
		if (fputs(left, f) == EOF)
			rc = -1;
		if (n + 2 > width) { /* too long: help on its own line */
			if (fprintf(f, "\n%*s", (int)width, "") < 0)
				rc = -1;
		} else if (fprintf(f, "%*s", (int)(width - n), "") < 0) {
			rc = -1;
		}
		if (put_wrapped(f, text, width, width) < 0)
			rc = -1;
	}
	const char *footer = help_text(m, tool, "exit", info->footer ? info->footer : HAMLE_CLI_EXIT_TEXT);
	if (footer[0] && (fputc('\n', f) == EOF || fputs(footer, f) == EOF))
		rc = -1;
	return rc;
}

const hamle_locale *hamle_opt_help_locale(int id, const hamle_locale *messages)
{
	return id == HAMLE_OPT_HELP_TABLES ? NULL : messages;
}

int hamle_opt_version(FILE *f, const hamle_cli_info *info)
{
	return fprintf(f, "%s %s\n", info->name, info->version ? info->version : "unknown") < 0 ? -1 : 0;
}

int hamle_opt_parse_ulong(const char *s, unsigned long min, unsigned long max, unsigned long *out)
{
	char *end = NULL;
	if (!s || s[0] < '0' || s[0] > '9')
		return -1;
	errno = 0;
	unsigned long v = strtoul(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}
