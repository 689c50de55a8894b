/* msg.h: diagnostics on stderr for the hamle tools, with curl-style gates.
 *
 * Every line starts with the program name ("hamle-validate: ..."). Gates:
 *   note   printed only with -v (verbosity > 0)
 *   warn   printed unless -q (verbosity < 0)
 *   error  always printed (-q never hides errors, and never changes the exit code)
 * Located messages follow GNU style: "hamle-validate: game.pgn:12:7: error: ...".
 * Color (the "error:"/"warning:"/"note:" word only) is used when the stream is a terminal and
 * NO_COLOR is unset or empty, and TERM is not "dumb". The level words come from the messages
 * locale once the tool has set it (words error, warning, note).
 *
 * A hamle_msg is plain data owned by the caller (usually a local in main); functions only read it,
 * so it may be shared by threads once set up. Each message is written with one locked stdio call
 * sequence, so lines from different threads never interleave. */
#ifndef HAMLE_CLI_MSG_H
#define HAMLE_CLI_MSG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <hamle/locale.h>

/* Exit codes shared by every tool (documented in --help and docs/tools.md). */
enum {
	HAMLE_EXIT_OK = 0,      /* every input valid */
	HAMLE_EXIT_INVALID = 1, /* processed, but at least one game is invalid */
	HAMLE_EXIT_ERROR = 2    /* usage, I/O, locale or out-of-memory error, failed write */
};

typedef enum { HAMLE_MSG_NOTE, HAMLE_MSG_WARN, HAMLE_MSG_ERROR } hamle_msg_level;

typedef struct hamle_msg {
	const char *prog; /* "hamle-validate"; borrowed */
	int verbosity;    /* -1 with -q, 0 by default, 1 and up with -v */
	bool color;       /* color the level word; set by hamle_msg_init from the stream */
	FILE *stream;     /* where messages go: stderr (tests may use another stream) */
	const hamle_locale *messages; /* the words "error", "warning", "note" (NULL: English); borrowed */
} hamle_msg;

/* Sets prog, verbosity 0, stream stderr, color = hamle_color_wanted(stderr), no messages locale. */
void hamle_msg_init(hamle_msg *m, const char *prog);

/* True when f is a terminal, NO_COLOR is unset or empty and TERM is not "dumb". */
bool hamle_color_wanted(FILE *f);

/* "prog: text" under the gate of its level. */
void hamle_msg_note(const hamle_msg *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void hamle_msg_warn(const hamle_msg *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void hamle_msg_error(const hamle_msg *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "prog: text" with no level word, unless -q: what the tool is doing (reading a terminal). */
void hamle_msg_say(const hamle_msg *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* GNU style "prog: source:line:col: error: text" (":col" left out when col is 0, ":line:col" when
 * line is 0; source NULL means "<stdin>"), under the gate of its level. */
void hamle_msg_at(const hamle_msg *m, hamle_msg_level level, const char *source, size_t line,
	size_t col, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
void hamle_msg_vat(const hamle_msg *m, hamle_msg_level level, const char *source, size_t line,
	size_t col, const char *fmt, va_list ap);

/* A usage error: "prog: text" then "prog: try 'prog --help' for more information" (that line in
 * m's language: message usage_hint). Always printed; returns HAMLE_EXIT_ERROR (2), so a tool can
 * `return hamle_msg_usage(...)`. English text only: the tools use the keyed forms below. */
int hamle_msg_usage(const hamle_msg *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A usage error noted while the command line is parsed and reported once the messages locale is
 * known (after --lang and the environment): the message key, its English template (the fallback
 * when the locale has no such key; placeholders %s, %1$s..%9$s, %%, as in the locale files) and
 * copies of its arguments (cut at HAMLE_USAGE_ARG_MAX - 1 bytes). Plain data; the first error
 * noted is kept, later ones are ignored. */
#define HAMLE_USAGE_ARGS 3
#define HAMLE_USAGE_ARG_MAX 256
typedef struct hamle_usage {
	const char *key;      /* NULL: no error noted */
	const char *fallback; /* English template */
	size_t nargs;
	char arg[HAMLE_USAGE_ARGS][HAMLE_USAGE_ARG_MAX];
} hamle_usage;

#define HAMLE_USAGE_INIT {NULL, NULL, 0, {{0}}}

/* Notes the usage error key (English template fallback) with args[0..nargs) in u unless u holds
 * one already. Returns HAMLE_EXIT_ERROR. */
int hamle_usage_note(hamle_usage *u, const char *key, const char *fallback, size_t nargs,
	const char *const *args);

/* The text of u in m's language (the English template when m has no messages locale or it lacks
 * the key) into buf[0..size), snprintf contract. */
int hamle_usage_text(const hamle_msg *m, const hamle_usage *u, char *buf, size_t size);

/* Prints the usage error u as hamle_msg_usage does (text, then the hint), in m's language.
 * Returns HAMLE_EXIT_ERROR. */
int hamle_usage_report(const hamle_msg *m, const hamle_usage *u);

/* hamle_usage_note then hamle_usage_report at once: for errors found once the locale is known. */
int hamle_msg_usage_key(const hamle_msg *m, const char *key, const char *fallback, size_t nargs,
	const char *const *args);

/* A system error on a path: "prog: path: strerror(errnum)". Returns HAMLE_EXIT_ERROR. */
int hamle_msg_syserr(const hamle_msg *m, const char *path, int errnum);

/* The text of message key of m's messages locale, or fallback (English) when it has none. */
const char *hamle_msg_text(const hamle_msg *m, const char *key, const char *fallback);

/* "prog: out of memory" in m's language. Returns HAMLE_EXIT_ERROR. */
int hamle_msg_nomem(const hamle_msg *m);

#endif
