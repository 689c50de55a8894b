/* tool.h: the parts of hamle-reconcile.
 *
 * Flow: main.c parses the options and loads the locales; run.c reads the two sets (a file or a
 * directory each, with the shared input code), pairs their games (the only game of each, or by
 * the --pair-by tags), replays both games of a pair and reconciles them (hamle/reconcile.h);
 * emit.c writes each divergence on stderr (GNU lines or JSON Lines) and the agreed game on
 * stdout through hamle-convert's writer (--to, --lang). One thread: pairs are few and small. */
#ifndef HAMLE_RECONCILE_TOOL_H
#define HAMLE_RECONCILE_TOOL_H

#include <stdbool.h>
#include <stddef.h>

#include <hamle/hamle.h>

#include "buf.h"
#include "codes.h"
#include "diagram.h"
#include "msg.h"
#include "out.h"
#include "unpack.h"

#define RT_MAX_PAIR_TAGS 16

typedef struct rt_config {
	hamle_reader_options ropts;
	hamle_replay_options popts;     /* the sheets: detected (or --from) language; messages */
	hamle_replay_options popts_en;  /* the agreed game, as written in English before the writer */
	hamle_writer_options wopts;     /* --to, --lang */
	hamle_reconcile_options copts;
	hamle_unpack_limits unpack;     /* --max-member-bytes, --max-ratio */
	const hamle_locale *en;
	const hamle_locale *messages;   /* --lang, else the environment's */
	const char *pair_by[RT_MAX_PAIR_TAGS];
	size_t n_pair_by;
	bool pair_given;                /* --pair-by was given: pair by tags even two single games */
	bool json;                      /* --format json */
	hamle_code_filter codes;        /* --ignore, --select */
	hamle_diagram diagram;          /* --diagram, --ascii */
	const char *html;               /* --html FILE (NULL: none) */
	const hamle_msg *msg;
} rt_config;

/* One pair's work: the replays, the reconciliation and the agreed game's reader and writer. */
typedef struct rt_worker {
	hamle_replay *rpa, *rpb, *rp_en;
	hamle_reconcile *rc;
	hamle_writer *w;
	hamle_buf pgn;
} rt_worker;

/* emit.c: the divergences of the pair just reconciled (a, b) on err, the agreed game on out.
 * Returns 0, or -1 when out of memory. */
int rt_emit(const rt_config *cfg, rt_worker *wk, const hamle_game *a, const hamle_game *b,
	hamle_buf *err, hamle_buf *out);

/* emit.c: the agreed game's position before ply (1-based) into *pos (the caller frees it), and
 * the move before that ply as SAN in the output language in last ("" at the start). Returns 0, or
 * -1 when out of memory. */
int rt_position_before(const rt_config *cfg, const hamle_reconcile *rc, unsigned ply, hamle_position **pos,
	char *last, size_t size);

/* emit.c: whether divergence d is reported (--ignore, --select: an error, one that stops the
 * agreed game, always is). One left out is not printed, not counted, and does not make its pair
 * diverge; the agreed game keeps its comment. */
bool rt_kept(const rt_config *cfg, const hamle_divergence *d);
/* The number of divergences of rc that are reported. */
size_t rt_kept_count(const rt_config *cfg, const hamle_reconcile *rc);

/* emit.c: divergence d as a replay finding, for the shared text line. */
void rt_as_diagnostic(hamle_diagnostic *f, const hamle_divergence *d);

/* html.c: the --html report's counts per divergence code, and a pair's section. */
#define RT_HTML_CODES 16
typedef struct rt_html_counts {
	const char *id[RT_HTML_CODES]; /* static ids */
	size_t count[RT_HTML_CODES];
	size_t errors[RT_HTML_CODES];  /* of count, the divergences that stop the game */
	size_t n;
} rt_html_counts;
/* Counts a divergence of code id (an error when it stops the game, else a warning). */
void rt_html_count(rt_html_counts *c, const char *id, int error);
/* The section of the pair just reconciled into out (nothing when the sheets agree), its
 * divergences counted. 0, or -1 when out of memory. */
int rt_html_pair(const rt_config *cfg, const hamle_reconcile *rc, const hamle_game *a, const hamle_game *b,
	hamle_buf *out, rt_html_counts *counts);

/* run.c: reconciles set_a with set_b; returns the exit status. */
int rt_run(const rt_config *cfg, const char *set_a, const char *set_b);

#endif
