/* validate.h: the parts of hamle-validate (shared types).
 *
 * Flow: main.c parses options and sets up the locales; run.c reads every input with the streaming
 * reader, cuts it into raw game chunks on the main thread and hands each chunk (copied into a
 * vd_item) to the ordered pool; a worker (work.c) decodes and lexes the chunk, replays the game with
 * its own hamle_replay and formats the findings (format.c) into the item's buffer; the main thread
 * writes the buffers out in input order and adds up the counts (report.c). */
#ifndef HAMLE_VALIDATE_H
#define HAMLE_VALIDATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <hamle/annotate.h>
#include <hamle/eco.h>
#include <hamle/filter.h>
#include <hamle/hamle.h>
#include <hamle/replay.h>

#include "buf.h"
#include "codes.h"
#include "finding.h"
#include "msg.h"
#include "out.h"
#include "select.h"
#include "unpack.h"

enum { VD_FORMAT_TEXT = 0, VD_FORMAT_JSON = 1 };

/* Finding codes counted in the summary: those of the library's table (hamle_code_at), in its order,
 * then VD_CODE_OTHER for any id the table lacks. */
enum { VD_CODE_OTHER = HAMLE_CLI_MAX_CODES, VD_NCODES };
/* Index of a finding id among the counted codes (VD_CODE_OTHER when unknown). */
int vd_code_index(const char *id);
/* The id of counted code i ("other" for VD_CODE_OTHER), NULL for an index no code has. */
const char *vd_code_id(int i);

/* Settings shared read-only by every worker. */
typedef struct vd_config {
	int format;                     /* VD_FORMAT_* */
	bool all;                       /* --all: one JSON object (or text line) per game */
	bool strict;                    /* --strict: warnings make a game invalid */
	hamle_reader_options ropts;     /* encoding, repair flag, limits */
	hamle_unpack_limits unpack;     /* --max-member-bytes, --max-ratio */
	hamle_replay_options popts;     /* from, candidates, messages, flags */
	const hamle_locale *messages;   /* --lang or the environment's (never NULL once set up) */
	hamle_code_filter codes;        /* --ignore, --select */
	hamle_finding_view view;        /* what is printed: -q, -v; view.codes points at codes */
	hamle_diagram diagram;          /* --diagram, --ascii (view.diagram points at it) */
	const hamle_filter *where;      /* --where (NULL: every game) */
	const hamle_eco *where_eco;     /* the opening table when --where tests ComputedECO */
	hamle_game_select select;       /* --game, --invert */
	bool full;                      /* --full-replay: never the quick lane (hamle_replay_quick) */
	const char *html;               /* --html FILE: the report (NULL: none) */
	unsigned bridge;                /* bridges: plies at most (0: no search, --no-bridge) */
	bool bridge_gaps;               /* only where the record shows a gap (the default; not --bridge) */
	int unique;                     /* VD_UNIQUE_*: --unique, --unique=positions */
	const char *duplicates;         /* --duplicates FILE: the games --unique leaves out, or NULL */
} vd_config;

/* --unique: each distinct game is validated once; a later one is a duplicate-game warning */
enum { VD_UNIQUE_NONE, VD_UNIQUE_MOVES, VD_UNIQUE_POSITIONS };

/* One game on its way through the pool: raw bytes in, formatted output and counts out. */
typedef struct vd_item {
	struct vd_item *next_free;      /* free list (main thread only) */
	unsigned char *data;            /* copy of the chunk's bytes */
	size_t cap;
	hamle_chunk chunk;              /* chunk.data points at data, or into the mapped input
	                                 * (mapped); chunk.source at a kept name */
	bool mapped;
	hamle_buf out;                  /* what the game prints (text lines or JSON Lines) */
	hamle_buf html;                 /* --html: the game's section of the report ("" none) */
	/* results */
	bool oom;                       /* parsing or replaying ran out of memory */
	bool skipped;                   /* left out by --where, --game, --invert (not counted) */
	bool quick;                     /* judged clean by the quick lane */
	bool tagged;                    /* read in one pass, only its tags' findings to make (plies:
	                                 * its mainline's) */
	size_t batch;                   /* games the item stands for: 1, or a run of games the quick
	                                 * lane judged clean (chunk: the first; total_len: all) */
	size_t errors, warnings;        /* findings of the game (including those not kept; without
	                                 * the warnings --ignore or --select leave out) */
	unsigned plies;
	unsigned counts[VD_NCODES];     /* kept findings per code */
	unsigned errors_of[VD_NCODES];  /* of them, the errors (the rest are warnings) */
	/* --unique: the game read into the item's own game (its tags are needed when the main thread
	 * finds it is a duplicate), its key (dedup.h) when it has one, its language and variant */
	hamle_game *game;
	hamle_buf key;
	bool keyed;
	const hamle_locale *lang;
	bool chess960;
} vd_item;

/* Per worker thread: a replay and a reusable game. */
typedef struct vd_worker {
	hamle_replay *rp;
	hamle_game *game;
	hamle_annotator *where_an;      /* when --where tests Has or ComputedECO */
} vd_worker;

/* Reading a game in one pass (hamle_replay_quick_next), tried less often on a file where the lane
 * keeps giving up (variations, NAGs): the games the lane gave up on in a row, and the games to read
 * the usual way before the next try. */
typedef struct vd_quick_tries {
	unsigned misses, wait;
} vd_quick_tries;

/* hamle_replay_quick_next_findings (hamle_replay_quick_next under --html, whose report wants a
 * game with findings replayed in full) when t says to try: 1 (the game read and judged clean), 2
 * (read, its movetext clean, its tags' findings for a worker: vd_item.tagged), 0 (read it with
 * hamle_reader_next_chunk), or negative on error. */
int vd_quick_next(vd_quick_tries *t, hamle_replay *rp, hamle_reader *r, const vd_config *cfg, hamle_chunk *ch);

/* Totals over every game, kept by the main thread. */
typedef struct vd_totals {
	size_t games, valid, with_errors, with_warnings;
	size_t skipped;                 /* games left out by --where */
	size_t quick;                   /* games judged by the quick lane (shown with -v) */
	size_t counts[VD_NCODES];
	size_t errors_of[VD_NCODES];    /* of counts, the errors */
	unsigned long long bytes;       /* raw input bytes of the games seen */
} vd_totals;

/* work.c: parses, replays and formats one item (worker thread). */
void vd_work_item(const vd_config *cfg, vd_worker *w, vd_item *it);

/* format.c: appends one finding, or the per-game record of --all, to b. rp NULL (a duplicate,
 * formatted on the main thread): the item's language and variant stand for the replay's. */
void vd_format_finding(hamle_buf *b, const vd_config *cfg, const hamle_game *g,
	const hamle_replay *rp, const hamle_diagnostic *f);
void vd_format_game(hamle_buf *b, const vd_config *cfg, const hamle_game *g,
	const hamle_replay *rp, const vd_item *it);
/* The duplicate-game finding f of item it (its game g, on the main thread). */
void vd_format_duplicate(hamle_buf *b, const vd_config *cfg, const hamle_game *g, const vd_item *it,
	const hamle_diagnostic *f);

/* work.c (main thread): makes item it, whose game has the same key as game `first` of input
 * first_source (NULL: the same input), a duplicate: its findings give way to one duplicate-game
 * warning (unless --ignore or --select leaves it out), its --html section to none. */
void vd_duplicate(const vd_config *cfg, vd_item *it, size_t first, const char *first_source);

/* html.c: the game's section of the --html report (nothing when it has no finding shown);
 * undecided is the --where finding made for it, or NULL. */
/* The report's line for n valid games from game first of source, collapsed (html.c). */
void vd_format_html_valid(hamle_buf *b, const vd_config *cfg, const char *source, size_t first, size_t n);
void vd_format_html(hamle_buf *b, const vd_config *cfg, const hamle_game *g, const hamle_replay *rp,
	const hamle_diagnostic *undecided);

/* html_report.c: --html FILE opened with the report's head (a temporary file beside FILE; an input
 * that is the report is a usage error): 0 or the exit status; closed with its summary, then it
 * replaces FILE when all of it was written (keep): the exit status. */
struct hamle_outfile;
int vd_html_open(const vd_config *cfg, struct hamle_outfile **of, const char *const *operands, size_t n,
	const hamle_msg *m);
int vd_html_close(const vd_config *cfg, struct hamle_outfile *of, const vd_totals *t, size_t files, bool keep,
	int status);

/* report.c: totals, summary and progress on stderr. */
void vd_totals_add(vd_totals *t, const vd_config *cfg, const vd_item *it);
bool vd_game_invalid(const vd_config *cfg, const vd_item *it);
void vd_summary(const hamle_msg *m, const vd_totals *t, const hamle_locale *messages);

typedef struct vd_progress {
	bool enabled;                   /* stderr is a terminal and not -q */
	double start, last;             /* monotonic seconds */
	bool shown;                     /* a progress line is on the screen */
} vd_progress;
void vd_progress_init(vd_progress *p, const hamle_msg *m);
void vd_progress_update(vd_progress *p, const hamle_msg *m, const vd_totals *t);
void vd_progress_clear(vd_progress *p, const hamle_msg *m);

/* run.c: validates every operand; returns the exit status. */
int vd_run(const vd_config *cfg, unsigned jobs, const char *const *operands, size_t n,
	const hamle_msg *m, hamle_out *out);

#endif
