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

int hamle_msg_usage(const hamle_msg *m, const char *fmt, ...)
{
	FILE *s = m->stream ? m->stream : stderr;
	const char *prog = m->prog ? m->prog : "hamle";
	va_list ap;
	va_start(ap, fmt);
	flockfile(s);
	fprintf(s, "%s: ", prog);
	vfprintf(s, fmt, ap);
	fprintf(s, "\n%s: try '%s --help' for more information\n", prog, prog);
	funlockfile(s);
	fflush(s);
	va_end(ap);
	return HAMLE_EXIT_ERROR;
}

int hamle_msg_syserr(const hamle_msg *m, const char *path, int errnum)
{
	hamle_msg_error(m, "%s: %s", path ? path : "<stdin>", strerror(errnum));
	return HAMLE_EXIT_ERROR;
}
