/* msg.c: gated diagnostics with a program-name prefix (see msg.h). */
#include "msg.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void hamle_msg_init(hamle_msg *m, const char *prog)
{
	m->prog = prog;
	m->verbosity = 0;
	m->stream = stderr;
	m->color = hamle_color_wanted(stderr);
	m->messages = NULL;
}

const char *hamle_msg_text(const hamle_msg *m, const char *key, const char *fallback)
{
	const char *t = m ? hamle_locale_message(m->messages, key) : NULL;
	return t && t[0] ? t : fallback;
}

int hamle_msg_nomem(const hamle_msg *m)
{
	hamle_msg_error(m, "%s", hamle_msg_text(m, "out_of_memory", "out of memory"));
	return HAMLE_EXIT_ERROR;
}

bool hamle_color_wanted(FILE *f)
{
	const char *nc = getenv("NO_COLOR");
	const char *term = getenv("TERM");
	if (nc && nc[0] != '\0')
		return false;
	if (term && strcmp(term, "dumb") == 0)
		return false;
	return isatty(fileno(f)) == 1;
}

static bool gate_open(const hamle_msg *m, hamle_msg_level level)
{
	switch (level) {
	case HAMLE_MSG_NOTE:
		return m->verbosity > 0;
	case HAMLE_MSG_WARN:
		return m->verbosity >= 0;
	case HAMLE_MSG_ERROR:
	default:
		return true;
	}
}

static void put_level(const hamle_msg *m, hamle_msg_level level)
{
	static const char *const word[] = {"note", "warning", "error"};
	static const char *const color[] = {"\033[1;36m", "\033[1;35m", "\033[1;31m"};
	const char *w = hamle_msg_text(m, word[level], word[level]);
	if (m->color)
		fprintf(m->stream, "%s%s:\033[0m ", color[level], w);
	else
		fprintf(m->stream, "%s: ", w);
}

/* Writes "prog: " + [level word] + text + "\n" as one locked unit. */
static void emit(const hamle_msg *m, hamle_msg_level level, bool with_level, const char *fmt, va_list ap)
{
	FILE *s = m->stream ? m->stream : stderr;
	flockfile(s);
	fprintf(s, "%s: ", m->prog ? m->prog : "hamle");
	if (with_level)
		put_level(m, level);
	vfprintf(s, fmt, ap);
	putc('\n', s);
	funlockfile(s);
	fflush(s);
}

void hamle_msg_note(const hamle_msg *m, const char *fmt, ...)
{
	va_list ap;
	if (!gate_open(m, HAMLE_MSG_NOTE))
		return;
	va_start(ap, fmt);
	emit(m, HAMLE_MSG_NOTE, false, fmt, ap);
	va_end(ap);
}

void hamle_msg_say(const hamle_msg *m, const char *fmt, ...)
{
	va_list ap;
	if (!gate_open(m, HAMLE_MSG_WARN))
		return;
	va_start(ap, fmt);
	emit(m, HAMLE_MSG_WARN, false, fmt, ap);
	va_end(ap);
}

void hamle_msg_warn(const hamle_msg *m, const char *fmt, ...)
{
	va_list ap;
	if (!gate_open(m, HAMLE_MSG_WARN))
		return;
	va_start(ap, fmt);
	emit(m, HAMLE_MSG_WARN, true, fmt, ap);
	va_end(ap);
}

void hamle_msg_error(const hamle_msg *m, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	emit(m, HAMLE_MSG_ERROR, false, fmt, ap);
	va_end(ap);
}

void hamle_msg_vat(const hamle_msg *m, hamle_msg_level level, const char *source, size_t line,
	size_t col, const char *fmt, va_list ap)
{
	FILE *s = m->stream ? m->stream : stderr;
	if (!gate_open(m, level))
		return;
	flockfile(s);
	fprintf(s, "%s: %s:", m->prog ? m->prog : "hamle", source ? source : "<stdin>");
	if (line > 0) {
		fprintf(s, "%zu:", line);
		if (col > 0)
			fprintf(s, "%zu:", col);
	}
	putc(' ', s);
	put_level(m, level);
	vfprintf(s, fmt, ap);
	putc('\n', s);
	funlockfile(s);
	fflush(s);
}

void hamle_msg_at(const hamle_msg *m, hamle_msg_level level, const char *source, size_t line,
	size_t col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	hamle_msg_vat(m, level, source, line, col, fmt, ap);
	va_end(ap);
}

/* Writes "prog: text\nprog: try 'prog --help' for more information\n" as one locked unit. */
static void emit_usage(const hamle_msg *m, const char *text)
{
	FILE *s = m->stream ? m->stream : stderr;
	const char *prog = m->prog ? m->prog : "hamle";
	char hint[256];
	const char *a[1] = {prog};
	if (hamle_locale_format(hint, sizeof(hint), m->messages, "usage_hint", 1, a) < 0)
		snprintf(hint, sizeof(hint), "try '%s --help' for more information", prog);
	flockfile(s);
	fprintf(s, "%s: %s\n%s: %s\n", prog, text, prog, hint);
	funlockfile(s);
	fflush(s);
}

int hamle_msg_usage(const hamle_msg *m, const char *fmt, ...)
{
	char text[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	emit_usage(m, text);
	return HAMLE_EXIT_ERROR;
}

int hamle_usage_note(hamle_usage *u, const char *key, const char *fallback, size_t nargs,
	const char *const *args)
{
	if (u->key)
		return HAMLE_EXIT_ERROR;
	u->key = key;
	u->fallback = fallback;
	u->nargs = nargs < HAMLE_USAGE_ARGS ? nargs : HAMLE_USAGE_ARGS;
	for (size_t i = 0; i < u->nargs; i++)
		snprintf(u->arg[i], sizeof(u->arg[i]), "%s", args[i] ? args[i] : "");
	return HAMLE_EXIT_ERROR;
}

/* Expands the English template t (the locale files' placeholders: %s in turn, %N$s, %%). */
static int expand_english(char *buf, size_t size, const char *t, size_t nargs, const char *const *args)
{
	size_t n = 0, next = 0;
	for (const char *s = t; *s; s++) {
		const char *piece = s;
		size_t len = 1;
		if (s[0] == '%' && s[1] == '%') {
			s++;
		} else if (s[0] == '%' && (s[1] == 's' || (s[1] >= '1' && s[1] <= '9' && s[2] == '$' && s[3] == 's'))) {
			size_t i = s[1] == 's' ? next++ : (size_t)(s[1] - '1');
			s += s[1] == 's' ? 1 : 3;
			piece = i < nargs && args[i] ? args[i] : "";
			len = strlen(piece);
		}
		for (size_t k = 0; k < len; k++, n++)
			if (n + 1 < size)
				buf[n] = piece[k];
	}
	if (size > 0)
		buf[n < size ? n : size - 1] = '\0';
	return (int)n;
}

int hamle_usage_text(const hamle_msg *m, const hamle_usage *u, char *buf, size_t size)
{
	const char *a[HAMLE_USAGE_ARGS];
	for (size_t i = 0; i < u->nargs; i++)
		a[i] = u->arg[i];
	int n = m && u->key ? hamle_locale_format(buf, size, m->messages, u->key, u->nargs, a) : -1;
	if (n < 0)
		n = expand_english(buf, size, u->fallback ? u->fallback : "", u->nargs, a);
	return n;
}

int hamle_usage_report(const hamle_msg *m, const hamle_usage *u)
{
	char text[1024];
	hamle_usage_text(m, u, text, sizeof(text));
	emit_usage(m, text);
	return HAMLE_EXIT_ERROR;
}

int hamle_msg_usage_key(const hamle_msg *m, const char *key, const char *fallback, size_t nargs,
	const char *const *args)
{
	hamle_usage u = HAMLE_USAGE_INIT;
	hamle_usage_note(&u, key, fallback, nargs, args);
	return hamle_usage_report(m, &u);
}

int hamle_msg_syserr(const hamle_msg *m, const char *path, int errnum)
{
	hamle_msg_error(m, "%s: %s", path ? path : "<stdin>", strerror(errnum));
	return HAMLE_EXIT_ERROR;
}
