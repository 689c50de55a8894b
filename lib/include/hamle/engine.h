/* hamle/engine.h: a UCI chess engine as a child process, and what its evaluations say about the
 * moves of a game (the judgement model of lichess, see docs/engine.md).
 *
 * Three parts:
 *   the UCI protocol      hamle_uci_parse reads one line an engine writes; hamle_uci_* compose
 *                         the commands. Pure functions, no I/O (lib/src/engine/uci.c).
 *   the engine process    hamle_engine_new starts the program (posix_spawn, pipes), does the
 *                         handshake and sets the options; hamle_engine_search sends a position and
 *                         a limit and waits for bestmove, at most the limit and a timeout. An engine
 *                         that exits, hangs or writes garbage is killed (and waited for) and the
 *                         search fails with a message saying which; the next search starts it
 *                         again. Never blocks past its deadline, never raises SIGPIPE, no global
 *                         state (lib/src/engine/process.c). One engine per thread.
 *   the judgement model   winning chances, the ?! ? ?? judgement of a move, accuracy and average
 *                         centipawn loss (lib/src/engine/judge.c), from evaluations in White's
 *                         view. hamle_analysis (analysis.c) runs an engine over a game's mainline
 *                         and the writer puts the result into the game (hamle_writer_analysis).
 */
#ifndef HAMLE_ENGINE_H
#define HAMLE_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "hamle/common.h"
#include "hamle/locale.h"
#include "hamle/pgn.h"
#include "hamle/position.h"
#include "hamle/replay.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- evaluations ---- */
#define HAMLE_EVAL_NONE 0 /* no evaluation (the search failed or was not run) */
#define HAMLE_EVAL_CP 1   /* value: centipawns */
#define HAMLE_EVAL_MATE 2 /* value: mate in that many moves (> 0: White mates, < 0: Black mates) */
#define HAMLE_EVAL_OVER 3 /* the game is over on the board: value 1 White won, -1 Black won, 0 drawn */
typedef struct hamle_eval {
	int kind;  /* HAMLE_EVAL_* */
	int value; /* in White's view */
} hamle_eval;

/* ---- the UCI protocol ---- */
typedef enum {
	HAMLE_UCI_GARBAGE = 0, /* not UCI: the parse fails */
	HAMLE_UCI_BLANK,       /* an empty line */
	HAMLE_UCI_ID,          /* id name X / id author X */
	HAMLE_UCI_UCIOK,
	HAMLE_UCI_READYOK,
	HAMLE_UCI_OPTION,      /* option name X type ... */
	HAMLE_UCI_INFO,
	HAMLE_UCI_BESTMOVE,
	HAMLE_UCI_OTHER        /* copyprotection, registration */
} hamle_uci_kind;

#define HAMLE_UCI_PV_MAX 32
#define HAMLE_UCI_NAME_MAX 64
#define HAMLE_UCI_MOVE_MAX 6 /* e7e8q and the NUL */

/* hamle_uci_line.info: which fields an info line had */
#define HAMLE_UCI_HAS_DEPTH 0x1u
#define HAMLE_UCI_HAS_SCORE 0x2u
#define HAMLE_UCI_HAS_NODES 0x4u
#define HAMLE_UCI_HAS_TIME 0x8u
#define HAMLE_UCI_HAS_PV 0x10u
#define HAMLE_UCI_HAS_STRING 0x20u

#define HAMLE_UCI_BOUND_EXACT 0
#define HAMLE_UCI_BOUND_LOWER 1
#define HAMLE_UCI_BOUND_UPPER 2

typedef struct hamle_uci_line {
	hamle_uci_kind kind;
	char name[HAMLE_UCI_NAME_MAX]; /* id: the value (cut); option: the option's name (cut) */
	int id_author;                 /* id: 1 for "id author" */
	unsigned info;                 /* HAMLE_UCI_HAS_* */
	unsigned depth, multipv;       /* multipv 1 when not given */
	int mate;                      /* score: 1 when mate, 0 centipawns */
	int score;                     /* in the view of the side to move */
	int bound;                     /* HAMLE_UCI_BOUND_* */
	uint64_t nodes, time_ms;
	char pv[HAMLE_UCI_PV_MAX][HAMLE_UCI_MOVE_MAX]; /* the first HAMLE_UCI_PV_MAX moves */
	unsigned npv;
	char best[HAMLE_UCI_MOVE_MAX]; /* bestmove: "" for "(none)" / "0000" (no legal move) */
	char ponder[HAMLE_UCI_MOVE_MAX];
} hamle_uci_line;

/* Reads one line (without its line end; a trailing CR is ignored). Returns 0, or HAMLE_ESYNTAX
 * for a line that is not UCI, or a UCI line that is malformed (a score without a number, a move
 * that is no move): err->message says what, err->column where (1-based), err->token holds the
 * line (cut). Unknown words inside an info line are skipped as UCI says. Never reads past len. */
HAMLE_EXTERN int hamle_uci_parse(hamle_uci_line *out, const char *line, size_t len, hamle_error *err);

/* The search limit of a go command. */
#define HAMLE_LIMIT_NODES 1
#define HAMLE_LIMIT_DEPTH 2
#define HAMLE_LIMIT_MOVETIME 3 /* milliseconds */
typedef struct hamle_engine_limit {
	int kind;       /* HAMLE_LIMIT_* */
	uint64_t value;
} hamle_engine_limit;

/* Commands, each with its "\n", written into buf (snprintf contract: the length it needs). */
HAMLE_EXTERN int hamle_uci_go(char *buf, size_t size, const hamle_engine_limit *lim);
HAMLE_EXTERN int hamle_uci_setoption(char *buf, size_t size, const char *name, const char *value);
/* "position fen FEN\n" (the start position as "position startpos\n"). */
HAMLE_EXTERN int hamle_uci_position(char *buf, size_t size, const hamle_position *pos);
/* The legal move of pos written m in UCI (castling e1g1, or king takes rook in Chess960);
 * HAMLE_MOVE_NONE when none is. */
HAMLE_EXTERN hamle_move hamle_uci_move(const hamle_position *pos, const char *m);

/* ---- the engine process ---- */
#define HAMLE_ENGINE_OPTIONS_VERSION 1
typedef struct hamle_engine_options {
	unsigned int version;      /* HAMLE_ENGINE_OPTIONS_VERSION */
	const char *path;          /* the program (searched in PATH when it has no '/') */
	const char *const *args;   /* its arguments after argv[0], NULL-terminated; NULL: none */
	unsigned threads;          /* the Threads option; 0: the engine's default */
	unsigned hash_mb;          /* the Hash option; 0: the engine's default */
	unsigned timeout_ms;       /* how long past the search limit to wait for bestmove (and for the
	                            * handshake); 0: 10 s, 60 s under a depth limit */
	/* told each child's process id when it starts (alive 1) and when it is gone (alive 0), so that
	 * a signal handler of the program can kill the children; NULL: not told */
	void (*on_child)(void *payload, int pid, int alive);
	void *payload;
} hamle_engine_options;
#define HAMLE_ENGINE_OPTIONS_INIT { HAMLE_ENGINE_OPTIONS_VERSION, NULL, NULL, 0, 0, 0, NULL, NULL }

typedef struct hamle_engine_result {
	hamle_eval eval;        /* in White's view */
	unsigned depth;
	uint64_t nodes;
	uint64_t time_ms;       /* the search time the engine reported (its last info line) */
	hamle_move pv[HAMLE_UCI_PV_MAX]; /* the best line, legal moves from the position */
	unsigned npv;
} hamle_engine_result;

typedef struct hamle_engine hamle_engine;

/* Starts the engine and does the handshake (uci, the options, isready). *out is set even when
 * that fails (HAMLE_EIO, err says why): the engine is then started again by the next search. */
HAMLE_EXTERN int hamle_engine_new(hamle_engine **out, const hamle_engine_options *opts, hamle_error *err);
/* quit, then kill what is left and wait for it. NULL-safe. */
HAMLE_EXTERN void hamle_engine_free(hamle_engine *e);
/* Searches pos (clear_hash: ucinewgame and isready first, so that the search depends on pos alone;
 * a Chess960 position switches UCI_Chess960 on). Returns 0, HAMLE_EIO when the engine could not
 * start, exited, hung or wrote garbage (err->message says which; the engine is then stopped and
 * the next search starts it again), or HAMLE_ENOMEM. */
HAMLE_EXTERN int hamle_engine_search(hamle_engine *e, const hamle_position *pos, const hamle_engine_limit *lim,
	int clear_hash, hamle_engine_result *res, hamle_error *err);
/* The engine's "id name" ("" before a handshake), how many times it was started, its process id
 * (0 when none runs). */
HAMLE_EXTERN const char *hamle_engine_name(const hamle_engine *e);
HAMLE_EXTERN unsigned hamle_engine_starts(const hamle_engine *e);
HAMLE_EXTERN int hamle_engine_pid(const hamle_engine *e);

/* ---- the judgement model (lichess) ---- */
#define HAMLE_JUDGE_NONE 0
#define HAMLE_JUDGE_INACCURACY 1 /* ?! ($6) */
#define HAMLE_JUDGE_MISTAKE 2    /* ?  ($2) */
#define HAMLE_JUDGE_BLUNDER 3    /* ?? ($4) */
#define HAMLE_MATE_NONE 0
#define HAMLE_MATE_CREATED 1 /* the move lets the other side force mate */
#define HAMLE_MATE_LOST 2    /* the move gives up a forced mate */

/* 2 / (1 + exp(-0.00368208 * cp)) - 1 with cp cut to [-1000, 1000], in [-1, 1]; mate is +-1000 cp,
 * a game over on the board its result (won +1000 cp, drawn 0). ev in White's view; NONE gives 0. */
HAMLE_EXTERN double hamle_winning_chances(const hamle_eval *ev);
/* 50 + 50 * winning chances, in [0, 100] (White's). */
HAMLE_EXTERN double hamle_win_percent(const hamle_eval *ev);
/* The judgement of a move by the side `mover` (HAMLE_WHITE/BLACK) from the evaluation before it
 * to the one after it (both in White's view): between centipawn scores, by the drop of the mover's
 * winning chances (0.1, 0.2, 0.3); else by the mate sequence (*mate: HAMLE_MATE_*), as lichess.
 * NONE when either evaluation is missing. */
HAMLE_EXTERN int hamle_judge_move(const hamle_eval *before, const hamle_eval *after, int mover, int *mate);
/* The accuracy of one move in percent from the mover's win percent before and after it. */
HAMLE_EXTERN double hamle_move_accuracy(double win_before, double win_after);
/* Accuracy (lichess's game accuracy: the mean of the volatility-weighted mean and the harmonic
 * mean of the move accuracies) and average centipawn loss of each side over the moves from the
 * positions ev[0..n) (n - 1 moves, ev[0] before the first; first: who moves at ev[0]). Returns 0,
 * or HAMLE_EUSAGE when an evaluation is missing or a side made no move. acc[side], acpl[side]. */
HAMLE_EXTERN int hamle_game_accuracy(const hamle_eval *ev, size_t n, int first, double acc[2], double acpl[2]);

/* ---- an evaluation cache, shared by threads ---- */
typedef struct hamle_eval_cache hamle_eval_cache;
HAMLE_EXTERN int hamle_eval_cache_new(hamle_eval_cache **out);
HAMLE_EXTERN void hamle_eval_cache_free(hamle_eval_cache *c); /* NULL-safe */
/* 1 and *res when the cache holds a search of pos under lim (the positions compared, not only
 * their keys), else 0. */
HAMLE_EXTERN int hamle_eval_cache_get(hamle_eval_cache *c, const hamle_position *pos, const hamle_engine_limit *lim,
	hamle_engine_result *res);
/* Stores a search (not when the cache holds 200,000 already: it keeps the first). Returns 0 or
 * HAMLE_ENOMEM. */
HAMLE_EXTERN int hamle_eval_cache_put(hamle_eval_cache *c, const hamle_position *pos, const hamle_engine_limit *lim,
	const hamle_engine_result *res);
/* Searches the cache answered, so far. */
HAMLE_EXTERN uint64_t hamle_eval_cache_hits(hamle_eval_cache *c);

#ifdef __cplusplus
}
#endif
#endif
