/* replay_internal.h: state of a replay (replay.c), the token walk (walk.c), language detection
 * (detect.c), findings (findings.c) and suggestions (suggest.c). */
#ifndef HAMLE_REPLAY_INTERNAL_H
#define HAMLE_REPLAY_INTERNAL_H

#include <string.h>

#include "chess/position_internal.h"
#include "hamle/bridge.h"
#include "hamle/replay.h"
#include "hamle/rules.h"
#include "hamle/san.h"
#include "hamle/unwinnable.h"
#include "notation/locale_internal.h"

/* The most candidate locales detection weighs against each other. */
#define REPLAY_AMB_MAX 32

/* One open line of play (the mainline or a variation) during the walk. */
struct walk_frame {
	struct hamle_position cur;  /* position after the line's last move */
	struct hamle_position prev; /* position before it (where a variation starts) */
	int has_prev;
	unsigned ply;               /* plies played from the start of the game along this line */
	unsigned nvars;             /* variations opened in this line so far */
	unsigned index;             /* this line's index among its parent's variations */
	int ended;                  /* the line reached an end of game (hamle_state or 4, 5 below) */
	int end_reported;
	size_t history_len;         /* history length when the line was opened */
	int truncated;              /* opening it dropped the parent's last position */
	int failed;                 /* a move error ended the line (or the line it branches off) */
	size_t number;              /* while a variation is open: 1 + token index of the move
	                             * number written before the line's next move; 0 none */
	long long number_shift;     /* plies the writer's numbering is off by since its last
	                             * mismatch (later numbers that follow on are not reported) */
};
#define END_FIVEFOLD 4
#define END_SEVENTY_FIVE 5

struct hamle_replay {
	hamle_replay_options opts;
	const hamle_locale *en;       /* English among the candidates, for messages by default */
	/* detection (replay_detect_prepare): bit k of lead_alone[c] when candidate k reads every
	 * token that starts with ASCII byte c (a one-byte piece letter); fit_all: the candidates
	 * detection tries (all but "fan"); lead_ok: 0 with more than 64 candidates (no masks);
	 * detect_ready: they are filled (at the first detection, not before: a process that reads
	 * no game does not pay for them) */
	uint64_t lead_alone[128];
	uint64_t lead_never[128];     /* bit k: candidate k reads no token that starts with c */
	uint64_t fit_all;
	int lead_ok;
	int detect_ready;
	const hamle_locale *repair;   /* REPAIR_TR: the locale whose mojibake repair every game gets */
	hamle_locale *repair_owned;   /* the built-in "tr" when no locale given has such a repair */
	hamle_locale **builtins;      /* every built-in locale, the candidates when the options name
	                               * no language at all (NULL options); owned */
	size_t nbuiltins;
	hamle_game *game;
	const char *tag_variant, *tag_fen, *tag_result, *tag_date; /* from scan_tags */
	unsigned laws;                /* HAMLE_LAW_* in force for the game (its Date) */
	char laws_date[12];           /* the Date laws was worked out for ("" none yet; a longer
	                               * date is never kept: worked out each time) */
	unsigned roster;              /* Seven Tag Roster tags present, bit per tag */
	const hamle_locale *loc;      /* the game's input language */
	struct hamle_position start, final;
	struct hamle_position standard; /* the standard start position, parsed once */
	int start_ok;

	hamle_replay_move *moves;     /* per token */
	struct hamle_position *positions; /* per token (KEEP_POSITIONS) */
	size_t moves_cap, positions_cap;

	struct walk_frame *stack;
	size_t stack_cap;
	uint64_t *history;            /* repetition keys along the current line */
	size_t history_len, history_cap;
	uint64_t rep_seen[4];         /* a bit per key of history[rep_lo..rep_hi), by the key's top
	                               * byte (replay_history_push) */
	size_t rep_lo, rep_hi;        /* rep_hi SIZE_MAX: the filter holds nothing */

	hamle_diagnostic *findings;
	size_t nfindings, findings_cap, nerrors, nwarnings;
	size_t first_error;
	unsigned plies;
	uint64_t moves_hash;          /* over the resolved moves, to compare languages */
	size_t resolved;              /* move tokens resolved */
	int final_state;              /* end reached by the mainline (hamle_state, END_*), 0 none */
	struct hamle_unwin *unwin;    /* the unwinnability analysis of final positions, made on first use */
	int main_failed;              /* a move error ended the mainline */
	unsigned suggested;           /* move errors given suggestions in this walk */

	/* Detection found candidates that replay equally far but read different moves (detect.c):
	 * the walk stops at token amb_at with an ambiguous-language error; amb_loc[k] read it as
	 * amb_move[k]. amb_at is (size_t)-1 otherwise. */
	size_t amb_at;
	size_t n_amb;
	const hamle_locale *amb_loc[REPLAY_AMB_MAX];
	hamle_move amb_move[REPLAY_AMB_MAX];

	/* moves missing from the record (bridge.c): plies at most (0: no search), the node budget;
	 * bridge_gaps: only where the record shows a gap (hamle_replay_set_bridge_gaps) */
	unsigned bridge_plies;
	int bridge_gaps;
	unsigned long bridge_budget, bridge_nodes;
	hamle_bridge bridges[HAMLE_BRIDGES_MAX];
	struct hamle_position bridge_before[HAMLE_BRIDGES_MAX]; /* the position before each */
	size_t nbridges;
	struct bridge_work *bridge_work; /* the search's scratch, made on first use */
};

/* The Seven Tag Roster (PGN standard 8.1.1), in its order; rp->roster has bit k for replay_roster[k]. */
#define REPLAY_ROSTER 7
struct replay_tag_name {
	const char *name;
	size_t len;
};
extern const struct replay_tag_name replay_roster[REPLAY_ROSTER];

/* Game-level steps of hamle_replay_run (replay.c), shared with the quick lane (quick.c). */
void replay_scan_tags(hamle_replay *rp);
void replay_check_tags(hamle_replay *rp);
/* Sets rp->start; returns 0, or 1 when the game cannot be replayed (finding added). */
int replay_setup_start(hamle_replay *rp);
void replay_check_result(hamle_replay *rp);
/* 1 when replay_check_result would find nothing in a game without move errors: the Result tag's
 * value tag_res, the termination marker and the board's end agree. */
int replay_results_agree(const hamle_replay *rp, hamle_result tag_res, hamle_result marker);
/* Room for one more key in the repetition history: 0, or -1 on ENOMEM (walk.c). */
int replay_history_grow(hamle_replay *rp);

/* Reversible plies from which the repetition count uses the history's filter: below, reading the
 * line back every other ply costs less than keeping the filter. */
#define REP_FILTER_FROM 32

/* The history's filter no longer says what it holds (entries dropped or written over). */
static inline void replay_history_changed(hamle_replay *rp)
{
	rp->rep_hi = (size_t)-1;
}

/* Starts the repetition history (empty) of a line from the start. */
static inline void replay_history_reset(hamle_replay *rp)
{
	rp->history_len = 0;
	replay_history_changed(rp);
}

/* 0 when key (pushed at history[cur], halfmove reversible plies since the last capture or pawn
 * move) has not occurred since then: rep_seen holds a bit for each key of that stretch, made from
 * the history when the stretch or the history changed, then kept a ply at a time. */
static inline int replay_history_maybe_seen(hamle_replay *rp, uint64_t key, size_t cur, unsigned halfmove)
{
	size_t lo = cur > halfmove ? cur - halfmove : 0;
	if (rp->rep_lo != lo || rp->rep_hi != cur) {
		memset(rp->rep_seen, 0, sizeof(rp->rep_seen));
		for (size_t i = lo; i < cur; i++)
			rp->rep_seen[rp->history[i] >> 62] |= (uint64_t)1 << ((rp->history[i] >> 56) & 63);
		rp->rep_lo = lo;
	}
	rp->rep_hi = cur + 1;
	uint64_t bit = (uint64_t)1 << ((key >> 56) & 63), *word = &rp->rep_seen[key >> 62];
	uint64_t seen = *word & bit;
	*word |= bit;
	return seen != 0;
}

/* Records the position reached in the repetition history; returns how often it has occurred along
 * the line (FIDE 9.2.3; 1 when it cannot have occurred five times yet), or -1 on ENOMEM. Inline:
 * it runs once a ply in the walk and the quick lane. From REP_FILTER_FROM reversible plies on, a
 * key the filter has not seen is not looked for in the history. */
static inline int replay_history_push(hamle_replay *rp, const struct hamle_position *p)
{
	if (__builtin_expect(rp->history_len >= rp->history_cap, 0) && replay_history_grow(rp) < 0)
		return -1;
	/* no en passant square (most positions): the key needs no move generation */
	uint64_t key = p->ep == HAMLE_NO_SQUARE ? p->key : hamle_position_repetition_key(p);
	size_t cur = rp->history_len++;
	rp->history[cur] = key;
	/* a fifth occurrence needs at least 16 reversible plies: only then is the count needed (it
	 * decides fivefold repetition alone) */
	if (p->halfmove < 16 ||
	    (p->halfmove >= REP_FILTER_FROM && !replay_history_maybe_seen(rp, key, cur, p->halfmove)))
		return 1;
	int count = 1;
	for (size_t back = 4; back <= cur && back <= p->halfmove; back += 2)
		count += rp->history[cur - back] == key;
	return count;
}

/* An end of game a legal move can still be played into: a dead position, a fivefold repetition, 75
 * moves (FIDE 5.2.2, 9.6; the last two only where laws, HAMLE_LAW_*, has them in force), or 0.
 * Checkmate and stalemate leave no legal move, so they are found only when a line goes on after
 * them (or at the end of the mainline): cheaper. */
static inline int replay_end_state(const struct hamle_position *p, int reps, unsigned laws)
{
	if (reps >= 5 && (laws & HAMLE_LAW_FIVEFOLD_AUTOMATIC))
		return END_FIVEFOLD;
	if (p->halfmove >= 150 && (laws & HAMLE_LAW_SEVENTY_FIVE_AUTOMATIC))
		return END_SEVENTY_FIVE;
	/* a pawn on the board: not dead (the cheap test first) */
	if ((p->pieces[0][HAMLE_PAWN] | p->pieces[1][HAMLE_PAWN]) == 0 && hamle_position_dead(p))
		return HAMLE_STATE_DEAD;
	return 0;
}
/* Fills rp's detection masks (lead_alone, lead_never, fit_all, lead_ok) from its candidates
 * (detect.c; once, at the first replay_fitting). */
void replay_detect_prepare(hamle_replay *rp);
/* Candidate locales (not "fan") that read every shape: the move tokens' leading spellings, one per
 * distinct first character (detect.c). Returns how many were written to fit (at most max). */
size_t replay_fitting(hamle_replay *rp, const char *const *text, const size_t *len, size_t n,
	const hamle_locale **fit, size_t max);

/* Dead positions by the unwinnability analysis (dead.c): replay_dead_at says whether p is one
 * (only where a few instructions say it can be); replay_final_dead makes a dead final position
 * of a mainline that resolved final_state DEAD (1); replay_dead_tail then reports the first move
 * after the mainline's first dead position as moves-after-end. */
int replay_dead_at(hamle_replay *rp, const struct hamle_position *p);
/* The dead-position test of replay_dead_at for any caller (the annotator too): insufficient
 * material (hamle_position_dead), or a locked pawn wall the analysis proves dead with budget nodes
 * per side (0: its static arguments alone). *u: the analyzer, made on first use (owned by the
 * caller). 1 dead, 0 not or undecided. */
int replay_position_dead(struct hamle_unwin **u, const struct hamle_position *p, unsigned long budget);
int replay_final_dead(hamle_replay *rp);
void replay_dead_tail(hamle_replay *rp);

/* Walks the tokens of rp->game under locale loc from rp->start. quiet: no findings, no
 * suggestions (detection runs). Returns 0 or HAMLE_ENOMEM. */
int replay_walk(hamle_replay *rp, const hamle_locale *loc, int quiet);
/* After replay_walk under the declared language (rp->loc, opts.from) ended the mainline at a move
 * error: the other candidates replay the game quietly, and the one that reads furthest, further
 * than rp->loc, is named at the end of the mainline's error ("(the game reads as German: --from
 * de)"); then rp->loc's walk runs again from the findings counts given (from_hint.c). */
int replay_from_hint(hamle_replay *rp, size_t nfindings, size_t nerrors, size_t nwarnings);
/* Puts the game's findings in input order (line, then column; the order made among equals), as
 * the tools print them whatever pass made them: the reader's, the tags', the walk's (findings.c). */
void replay_sort_findings(hamle_replay *rp);

/* Chooses the game's language among the candidates (*chosen). When candidates that replay the game
 * equally far read different moves, sets rp->amb_at to the first token where two of them read
 * different legal moves (the final walk then stops there with replay_detect_report). Returns 0
 * or HAMLE_ENOMEM. */
int replay_detect(hamle_replay *rp, const hamle_locale **chosen);
/* Adds the ambiguous-language error at token i (the walk, at rp->amb_at; before: the position
 * there, ply, stack and depth as for replay_finding_at_move). */
void replay_detect_report(hamle_replay *rp, size_t i, const struct hamle_position *before,
	unsigned ply, const struct walk_frame *stack, size_t depth);

/* Appends a finding; returns it (zeroed but for the fields set here) or NULL on ENOMEM. */
hamle_diagnostic *replay_add_finding(hamle_replay *rp, const char *id, hamle_severity sev,
	int code, size_t token);
/* Fills the move fields of a finding (ply, move number, side, path, fen) from the walk. */
void replay_finding_at_move(hamle_diagnostic *f, const struct hamle_position *before,
	unsigned ply, const struct walk_frame *stack, size_t depth);
/* Message language. */
const hamle_locale *replay_msg_locale(const hamle_replay *rp);
/* Formats a message template into f->error.message. */
void replay_message(hamle_replay *rp, hamle_diagnostic *f, const char *key, size_t nargs,
	const char *const *args);

/* Ranks the legal moves the writer of a bad token (index token of rp->game) most likely meant
 * (suggest.c). number_late: the move number written before the token numbers it as the next ply's
 * move (evidence that a move is missing before it). Returns the count written. */
int replay_suggest(hamle_suggestion *out, int max, const hamle_replay *rp,
	const struct hamle_position *pos, const hamle_locale *loc, size_t token, int code,
	int number_late);
/* The bridge search after the walk (bridge.c): with bridge_plies set and a mainline illegal-move
 * error, the bridges and the missing-moves finding after that error. 0 or HAMLE_ENOMEM. */
int replay_bridge(hamle_replay *rp);
void replay_bridge_free(hamle_replay *rp);
/* Move errors of a game given suggestions; later ones are reported without (bounded work). */
#define REPLAY_SUGGEST_ERRORS 16

#endif
