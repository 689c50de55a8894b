/* engine.h: hamle-annotate --engine: its options, one engine process per worker, the
 * evaluation cache and the counters shared by the workers, the findings for engine faults, the
 * progress line and the -v summary. engine.c; main.c and hooks.c call it at a few places. */
#ifndef HAMLE_ANNOTATE_ENGINE_H
#define HAMLE_ANNOTATE_ENGINE_H

#include <stdbool.h>

#include <hamle/analysis.h>

#include "cli.h"

enum {
	AN_OPT_ENGINE = CV_OPT_NEXT + 200, AN_OPT_DEPTH, AN_OPT_NODES, AN_OPT_MOVETIME, AN_OPT_ENGINE_THREADS,
	AN_OPT_ENGINE_HASH, AN_OPT_ENGINE_TIMEOUT, AN_OPT_START_PLY, AN_OPT_SKIP_BOOK, AN_OPT_LINE_PLIES
};

#define AN_ENGINE_OPT_ENTRIES \
	{"engine", 0, HAMLE_OPT_ARG, "PATH", \
		"analyse each game with this UCI engine (e.g. /usr/games/stockfish): evaluation comments after every move, " \
		"?! ? ?? by lichess's model, the best line of each mistake and blunder, accuracy and ACPL tags", \
		AN_OPT_ENGINE}, \
	{"nodes", 0, HAMLE_OPT_ARG, "N", "search N nodes per position (default 100000; deterministic)", AN_OPT_NODES}, \
	{"depth", 0, HAMLE_OPT_ARG, "N", "search to depth N instead", AN_OPT_DEPTH}, \
	{"movetime", 0, HAMLE_OPT_ARG, "MS", "search MS milliseconds per position instead (not deterministic)", \
		AN_OPT_MOVETIME}, \
	{"engine-threads", 0, HAMLE_OPT_ARG, "N", "the engine's Threads (default 1; more is not deterministic)", \
		AN_OPT_ENGINE_THREADS}, \
	{"engine-hash", 0, HAMLE_OPT_ARG, "MB", "the engine's Hash (default with --nodes: 1 per 20000 nodes, 1 to 16; else the engine's)", AN_OPT_ENGINE_HASH}, \
	{"engine-timeout", 0, HAMLE_OPT_ARG, "S", \
		"an engine without bestmove this many seconds past the search limit is stopped (default 10, 60 with --depth)", \
		AN_OPT_ENGINE_TIMEOUT}, \
	{"start-ply", 0, HAMLE_OPT_ARG, "N", "analyse from the position after ply N (default 0)", AN_OPT_START_PLY}, \
	{"skip-book", 0, HAMLE_OPT_NOARG, NULL, \
		"analyse from the position after the last move in the opening table of --eco", AN_OPT_SKIP_BOOK}, \
	{"line-plies", 0, HAMLE_OPT_ARG, "N", "plies of the best line written for a mistake or blunder (default 10)", \
		AN_OPT_LINE_PLIES}

struct an_engine_run; /* what the workers share (engine.c) */

typedef struct an_engine_config {
	const char *path;   /* --engine; NULL: no analysis */
	hamle_engine_limit limit;
	unsigned threads, hash_mb, timeout_s, line_plies;
	bool timeout_set;
	unsigned start_ply;
	bool skip_book;
	struct an_engine_run *run; /* made by an_engine_start */
} an_engine_config;

/* Defaults. */
void an_engine_init(an_engine_config *e);
/* Handles one of the options above: true when id is one (a usage error noted in u). */
bool an_engine_option(an_engine_config *e, int id, const char *arg, hamle_usage *u);
/* After the options: the cache and the counters; progress on a terminal unless quiet (the time
 * left from the size of the inputs ops[0..n) when they are regular files). Returns 0 or an exit
 * status. book: the opening table for --skip-book. */
int an_engine_start(an_engine_config *e, const hamle_msg *msg, const struct hamle_eco *book,
	const char *const *ops, size_t nops);
/* After the run: the progress line cleared; with -v the searches, the cache's savings and the
 * engine's search time. */
void an_engine_finish(an_engine_config *e, const hamle_msg *msg);

/* Per worker: its engine (started at its first search) and its analysis. NULL when out of memory. */
struct an_engine_worker;
struct an_engine_worker *an_engine_worker_new(const an_engine_config *e);
void an_engine_worker_free(struct an_engine_worker *ew);
/* Analyses g, attaches the analysis to the writer and writes a finding for each engine fault to
 * it->err. Returns 0, or -1 when out of memory. */
int an_engine_game(const an_engine_config *e, const cv_config *cfg, struct an_engine_worker *ew, cv_item *it,
	const hamle_game *g, const hamle_replay *rp, hamle_writer *w);

#endif
