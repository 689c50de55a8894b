/* convert.h: the parts of hamle-convert.
 *
 * Flow: main.c parses the options and loads the locales; run.c reads each input with the streaming
 * reader (typed scoresheets too) and hands each raw game (copied into a cv_item) to the
 * ordered pool; a worker (work.c) parses, filters, replays and writes the game into the item's
 * buffers (text out, findings for stderr); the main thread writes them in input order. With -j 1
 * (the pool runs each item at once) an item borrows instead: the reader's bytes of the game and
 * the writer's output, each used before the next game is read. */
#ifndef HAMLE_CONVERT_H
#define HAMLE_CONVERT_H

#include <stdbool.h>
#include <stddef.h>

#include <hamle/annotate.h>
#include <hamle/eco.h>
#include <hamle/filter.h>
#include <hamle/hamle.h>
#include <hamle/replay.h>
#include <hamle/writer.h>

#include "buf.h"
#include "codes.h"
#include "finding.h"
#include "msg.h"
#include "out.h"
#include "select.h"
#include "unpack.h"

enum { CV_ON_ERROR_KEEP = 0, CV_ON_ERROR_SKIP, CV_ON_ERROR_FAIL };
enum { CV_UNIQUE_NONE = 0, CV_UNIQUE_MOVES, CV_UNIQUE_POSITIONS };
enum { CV_SPLIT_BY_NONE = 0, CV_SPLIT_BY_ECO, CV_SPLIT_BY_EVENT, CV_SPLIT_BY_DATE };

struct cv_config;
struct cv_item;

/* What another tool built on hamle-convert (hamle-annotate) adds to each game: per-worker state,
 * and a step between the replay and the writer. game() may attach things to the writer, write
 * lines to it->err, or write the game's output itself into it->out and set *written (the writer's
 * output is then not used). Returns 0, or -1 when out of memory. */
typedef struct cv_hooks {
	void *(*worker_new)(const struct cv_config *cfg); /* NULL when out of memory */
	void (*worker_free)(void *state);
	int (*game)(const struct cv_config *cfg, void *state, struct cv_item *it, const hamle_game *g,
		const hamle_replay *rp, hamle_writer *w, int *written);
} cv_hooks;

typedef struct cv_config {
	hamle_reader_options ropts;
	hamle_unpack_limits unpack;     /* --max-member-bytes, --max-ratio */
	hamle_replay_options popts;     /* messages: the output language (--lang), as the error comments
	                                 * written into the games are */
	hamle_reader_options ropts_msg; /* ropts and popts with the messages language, when it differs */
	hamle_replay_options popts_msg;
	bool msg_replay;                /* the messages language is not the output language */
	hamle_writer_options wopts;
	hamle_encoding out_encoding;
	const hamle_filter *where;
	const hamle_eco *where_eco;     /* the opening table when --where tests ComputedECO */
	hamle_game_select select;       /* --game, --invert */
	int on_error;
	bool in_place;
	const char *output; /* -o FILE or NULL */
	unsigned jobs;
	const hamle_msg *msg;
	const hamle_locale *messages;   /* language of the lines on stderr: --lang, else the environment's */
	hamle_code_filter codes;        /* --ignore, --select */
	hamle_finding_view view;        /* warnings with -v (never with -q), FEN with -v */
	hamle_diagram diagram;          /* --diagram, --ascii (view.diagram points at it) */
	unsigned bridge;                /* bridges: plies at most (0: no search, --no-bridge) */
	bool bridge_gaps;               /* only where the record shows a gap, for the findings (the
	                                 * default); --bridge also writes the best into the game */
	int unique;                     /* CV_UNIQUE_*: --unique, --unique=positions */
	const char *duplicates;         /* --duplicates FILE: the games --unique leaves out, or NULL */
	unsigned long split;            /* --split N: N games a file in -o DIR; 0: none */
	int split_by;                   /* CV_SPLIT_BY_*: --split-by eco|event|date */
	const cv_hooks *hooks;          /* NULL for hamle-convert */
	const void *tool;               /* the hooks' own configuration */
} cv_config;

typedef struct cv_item {
	struct cv_item *next_free;     /* free list (main thread only) */
	unsigned char *data;           /* the item's own copy of the chunk's bytes (not with an inline pool) */
	size_t cap;
	hamle_chunk chunk;
	hamle_buf out, err;
	const char *text;  /* the game's output borrowed from the worker's writer (an inline pool emits
	                    * the item before that writer's next game), or NULL: it is in out */
	size_t text_len;
	hamle_buf key; /* --unique: the game's key (dedup.h), when keyed */
	bool keyed;
	char group[96]; /* --split-by: the file the game goes to (its name without the extension) */
	bool skipped;  /* left out by --where, --game, --invert */
	bool failed;   /* an error finding (or the output could not be encoded) */
	bool oom;
} cv_item;

typedef struct cv_worker {
	hamle_game *game;
	hamle_replay *rp;
	hamle_writer *w;
	hamle_game *game_msg;  /* with msg_replay: the game read again for the stderr lines */
	hamle_replay *rp_msg;
	hamle_game *game_bridged; /* --bridge: the game with its best bridge written in */
	hamle_annotator *where_an; /* when --where tests Has or ComputedECO */
	void *hook;            /* cfg->hooks' worker state */
	void (*free_hook)(void *state);
	bool borrow;           /* the pool runs each item inline, emitted before the next is read: an
	                        * item borrows the writer's output instead of copying it */
} cv_worker;

/* The output of the item's game: borrowed (it->text) or its own (it->out). */
static inline const char *cv_item_text(const cv_item *it, size_t *len)
{
	*len = it->text ? it->text_len : it->out.len;
	return it->text ? it->text : it->out.data;
}

/* work.c */
void cv_work_item(const cv_config *cfg, cv_worker *w, cv_item *it);
int cv_worker_init(const cv_config *cfg, cv_worker *w);
void cv_worker_free(cv_worker *w);

/* run.c: converts every input; returns the exit status. */
int cv_run(const cv_config *cfg, const char *const *operands, size_t n);

/* split.c: --split N and --split-by, files in the -o directory, each written whole or not at all
 * (outfile.h). The games go to cv_split_out(s, it) (NULL after an error, said on cfg->msg) in
 * input order; cv_split_close renames them into place (keep) or removes them; it returns status,
 * or HAMLE_EXIT_ERROR. */
typedef struct cv_split cv_split;
int cv_split_open(cv_split **out, const cv_config *cfg);
hamle_out *cv_split_out(cv_split *s, const cv_item *it);
int cv_split_close(cv_split *s, bool keep, int status);
/* The group of game g for cfg->split_by, as a file name into it->group (work.c calls it). */
void cv_split_group(const cv_config *cfg, const hamle_game *g, cv_item *it);

#endif
