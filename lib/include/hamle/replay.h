/* hamle/replay.h: where a read game meets the rules. Replays the mainline and every variation of a
 * game (each variation from the position before the move it replaces), under one locale for the
 * whole game (declared, or detected from the game's letters), and collects findings: the reader's
 * own, move errors (syntax, illegal-move, ambiguous-move, bad-fen) with suggestions,
 * ambiguous-language (an error: detected, candidate languages replay the game equally far but read
 * different moves; located at the first such move, which counts as a move error and ends the
 * replay of the whole game), and warnings (check-mark, capture-mark, move-number,
 * result-mismatch, moves-after-end, missing-tag, encoding, bad-escape, bad-nag, truncated). A move
 * error ends its line: after an error in a variation the rest of that variation (and the
 * variations inside it after the error) is not replayed, but the mainline and the other
 * variations are, each reporting its own first error; after an error in the mainline nothing
 * further is replayed (suggestions are made for the first 16 move errors of a game). The
 * automatic draws (fivefold repetition, 75 moves) end a line only where the Laws at the game's
 * Date have them (hamle_game_laws).
 *
 * Lifecycle: hamle_replay_new (options, candidate locales borrowed) -> hamle_replay_run per game
 * (reuses its buffers; results valid until the next run) -> hamle_replay_free. One replay per thread;
 * locales are shared read-only. No recursion: variations use an explicit stack. */
#ifndef HAMLE_REPLAY_H
#define HAMLE_REPLAY_H

#include "hamle/common.h"
#include "hamle/filter.h"
#include "hamle/locale.h"
#include "hamle/pgn.h"
#include "hamle/position.h"
#include "hamle/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hamle_replay hamle_replay;

/* Replay flags. */
#define HAMLE_REPLAY_STRICT 0x1u     /* also report missing check/mate and capture marks */
#define HAMLE_REPLAY_REPAIR_TR 0x2u  /* repair Turkish mojibake whatever the moves' language (the
                                      * first locale given that has the repair, else the built-in tr) */
#define HAMLE_REPLAY_NO_SUGGEST 0x4u /* skip "did you mean" (faster when only counting errors) */
#define HAMLE_REPLAY_KEEP_POSITIONS 0x8u /* keep the position before every move (for writers) */
#define HAMLE_REPLAY_MAINLINE 0x10u  /* replay the mainline only: the moves of variations are read
                                      * (and their tokens checked) but not played, so they make no
                                      * move finding */

#define HAMLE_REPLAY_OPTIONS_VERSION 1
typedef struct hamle_replay_options {
	unsigned int version;          /* HAMLE_REPLAY_OPTIONS_VERSION */
	const hamle_locale *from;      /* input language; NULL = detect per game among candidates */
	const hamle_locale *const *candidates; /* locales for detection and for "same move in another
	                                * language" suggestions; borrowed; may be NULL when from is set;
	                                * NULL with from NULL too (or NULL options): every built-in
	                                * locale, which hamle_replay_new loads once */
	size_t n_candidates;
	const hamle_locale *messages;  /* language of messages; NULL = English (candidates' "en" or from) */
	unsigned int flags;            /* HAMLE_REPLAY_* */
	unsigned int max_suggestions;  /* 0 = 3 */
	unsigned long mate_budget;     /* nodes per side the unwinnability analysis of a final position
	                                * may search (dead positions beyond material); 0 = its static
	                                * arguments alone */
} hamle_replay_options;
#define HAMLE_REPLAY_OPTIONS_INIT { HAMLE_REPLAY_OPTIONS_VERSION, NULL, NULL, 0, NULL, 0, 0, 0 }

#define HAMLE_MAX_SUGGESTIONS 5
#define HAMLE_PATH_MAX 32   /* variation path entries kept (deeper paths are cut) */
#define HAMLE_SAN_TEXT_MAX 48

typedef struct hamle_suggestion {
	char san[HAMLE_SAN_TEXT_MAX]; /* in the game's input language */
	char uci[8];
	hamle_move move;
} hamle_suggestion;

/* One finding of a game. error.{code,source,game,line,column,offset,ply,token,message} are set
 * (message in the messages language). */
typedef struct hamle_diagnostic {
	hamle_error error;
	const char *id;           /* "illegal-move", "check-mark", ... static */
	hamle_severity severity;
	size_t token;             /* index into hamle_game_tokens, or (size_t)-1 */
	unsigned move_number;     /* 0 when not about a move */
	int side;                 /* HAMLE_WHITE / HAMLE_BLACK, -1 when not about a move */
	unsigned path[HAMLE_PATH_MAX]; /* 1-based variation indices from the mainline down */
	unsigned path_len;
	char fen[HAMLE_FEN_MAX];  /* position before the move; "" when not about a move */
	hamle_suggestion suggestion[HAMLE_MAX_SUGGESTIONS];
	unsigned n_suggestions;
	unsigned reads_as_at;     /* > 0: error.message from here on names the language the game
	                           * reads further in, " (the game reads as German: --from de)" (the
	                           * mainline's move error under a declared language), which a text
	                           * line writes after the suggestions */
} hamle_diagnostic;

/* The finding codes the library reports (hamle_diagnostic.id, hamle_finding.id), in the order
 * tools list them: the i-th, NULL past the end; or the one of an id, NULL when unknown. Static. */
#define HAMLE_CODE_ERRORS 0x1u   /* the code's findings can be errors */
#define HAMLE_CODE_WARNINGS 0x2u /* ... or warnings */
typedef struct hamle_code_info {
	const char *id;          /* "check-mark" */
	unsigned int severities; /* HAMLE_CODE_ERRORS | HAMLE_CODE_WARNINGS */
} hamle_code_info;
HAMLE_EXTERN const hamle_code_info *hamle_code_at(size_t i);
HAMLE_EXTERN const hamle_code_info *hamle_code_find(const char *id);

/* Per movetext token (index as in hamle_game_tokens). */
#define HAMLE_RM_MOVE 0x1u      /* a resolved move: move and before are set */
#define HAMLE_RM_ERROR 0x2u     /* a move error: the first of its line */
#define HAMLE_RM_SKIPPED 0x4u   /* a move token after an error of its line (or after the end of
                                 * the game, or in a variation HAMLE_REPLAY_MAINLINE leaves): not
                                 * replayed */
typedef struct hamle_replay_move {
	hamle_move move;
	unsigned int flags;       /* HAMLE_RM_* */
	unsigned int ply;         /* 1-based along its line */
	const hamle_position *before; /* with HAMLE_REPLAY_KEEP_POSITIONS; else NULL */
} hamle_replay_move;

/* How the replay treats a Variant tag value: HAMLE_VARIANT_STANDARD ("standard", "chess",
 * "from position", empty...), HAMLE_VARIANT_CHESS960 ("chess960", "chess 960", "fischerandom",
 * "Fischer Random", "frc", "960"; ASCII case, blanks, '-' and '_' ignored) or
 * HAMLE_VARIANT_UNSUPPORTED (Crazyhouse, Antichess...: the game is not replayed). */
#define HAMLE_VARIANT_STANDARD 0
#define HAMLE_VARIANT_CHESS960 1
#define HAMLE_VARIANT_UNSUPPORTED 2
HAMLE_EXTERN int hamle_variant_kind(const char *value);

/* Which Laws of Chess apply to the game: those in force on its Date tag (the first one), as
 * hamle_laws_for_date reads it; a game without a Date, or with an unreadable one, gets the
 * current Laws (every rule's flag also in `uncertain`). The replay ends lines by the automatic
 * draws only where these have them in force. Returns 0, or HAMLE_ESYNTAX for an unreadable Date
 * (*out set all the same). */
HAMLE_EXTERN int hamle_game_laws(hamle_laws *out, const hamle_game *g);

HAMLE_EXTERN int hamle_replay_new(hamle_replay **out, const hamle_replay_options *opts);
HAMLE_EXTERN void hamle_replay_free(hamle_replay *rp); /* NULL-safe */

/* Replays one game (which it may repair in place: Turkish mojibake when its moves are Turkish).
 * Returns HAMLE_OK (whatever the game's findings) or HAMLE_ENOMEM. */
HAMLE_EXTERN int hamle_replay_run(hamle_replay *rp, hamle_game *g);

/* The quick lane, for a verdict alone. Reads the chunk's tags into *game (allocated as by
 * hamle_game_parse when NULL) and, when the game is plain -- tags, the mainline's move numbers and
 * moves in ASCII, a result -- replays its movetext straight from the text, without tokens.
 * Returns 1 when the game is clean: hamle_replay_run would find nothing at all. Then the counts,
 * plies, final position and state, locale and start are set as by hamle_replay_run, but not the
 * per-token moves (hamle_replay_moves), and *game is unspecified (plain ASCII games are read from
 * the chunk's bytes without it; others leave their tags in it). Returns 0 when it cannot
 * tell (anything else, or any finding): parse the chunk with hamle_game_parse and run
 * hamle_replay_run as usual. HAMLE_ENOMEM on allocation failure. Not with the STRICT, REPAIR_TR
 * or KEEP_POSITIONS flags (returns 0). */
HAMLE_EXTERN int hamle_replay_quick(hamle_replay *rp, hamle_game **game, const hamle_chunk *chunk,
	const hamle_reader_options *opts);
/* As hamle_replay_quick, also for a game whose only findings are its tags' own (a Seven Tag Roster
 * name missing: a file of studies or of typed-in games with a few tags): returns 2 when its
 * movetext is clean, with the findings, counts, plies, final position and state, locale and start
 * set as by hamle_replay_run and the tags read into *game (what a finding's text names: the
 * players, the game's number and line). 1 and 0 as hamle_replay_quick. */
HAMLE_EXTERN int hamle_replay_quick_findings(hamle_replay *rp, hamle_game **game, const hamle_chunk *chunk,
	const hamle_reader_options *opts);
/* The quick lane and the reader in one pass: when r's next game starts in the bytes it holds and
 * is plain (as above) and clean, the lane reads it straight from there and finds its end, and the
 * reader takes it as hamle_reader_next_chunk would have: returns 1, *out as that call would fill it
 * (the same bytes, game number, line, column, offset and flags), rp as after hamle_replay_quick
 * answered 1 on it. Returns 0 when it cannot tell: nothing is taken (blanks before the game may be
 * passed over), and hamle_reader_next_chunk reads the game as usual. Negative on error. opts are
 * the reader's. For a verdict alone: the splitter's pass over a clean game's bytes is saved. */
HAMLE_EXTERN int hamle_replay_quick_next(hamle_replay *rp, hamle_reader *r, const hamle_reader_options *opts,
	hamle_chunk *out);
/* As hamle_replay_quick_next, also taking a game whose only findings would be its tags' own (a
 * Seven Tag Roster name missing, its other tags plain): then returns 2, the movetext judged clean
 * but the findings not made. hamle_replay_quick_tag_findings makes them from the chunk. */
HAMLE_EXTERN int hamle_replay_quick_next_findings(hamle_replay *rp, hamle_reader *r,
	const hamle_reader_options *opts, hamle_chunk *out);
/* For a chunk hamle_replay_quick_next_findings answered 2 on, with the plies it replayed: reads the
 * tags alone and returns 2 with rp and *game as hamle_replay_quick_findings leaves them after
 * answering 2 (the tags' findings, the start, the plies, the locale). 0 when the tags are not as
 * that call found them (then judge the chunk the usual way); negative on error. */
HAMLE_EXTERN int hamle_replay_quick_tag_findings(hamle_replay *rp, hamle_game **game, const hamle_chunk *chunk,
	const hamle_reader_options *opts, unsigned plies);

/* The locale the game was read in (detected or declared). */
HAMLE_EXTERN const hamle_locale *hamle_replay_locale(const hamle_replay *rp);
/* The start position (FEN/SetUp tags, else the standard one). */
HAMLE_EXTERN const hamle_position *hamle_replay_start(const hamle_replay *rp);
/* 1 when the game could be started; 0 when it could not (bad FEN, unsupported variant: see its
 * findings), and then start and final are the standard start position and no move was replayed. */
HAMLE_EXTERN int hamle_replay_started(const hamle_replay *rp);
/* The position at the end of the mainline as far as it was replayed. */
HAMLE_EXTERN const hamle_position *hamle_replay_final(const hamle_replay *rp);
HAMLE_EXTERN int hamle_replay_is_chess960(const hamle_replay *rp);

HAMLE_EXTERN size_t hamle_replay_finding_count(const hamle_replay *rp);
HAMLE_EXTERN const hamle_diagnostic *hamle_replay_finding(const hamle_replay *rp, size_t i);
HAMLE_EXTERN size_t hamle_replay_error_count(const hamle_replay *rp);
HAMLE_EXTERN size_t hamle_replay_warning_count(const hamle_replay *rp);
/* Token index of the first move error (or of the ambiguous-language error) in token order, or
 * (size_t)-1 when every move resolved. */
HAMLE_EXTERN size_t hamle_replay_first_error(const hamle_replay *rp);
/* Mainline plies replayed. */
HAMLE_EXTERN unsigned hamle_replay_plies(const hamle_replay *rp);

/* hamle_filter_check_facts with the facts of rp's replay of g: its plies, final position, how it
 * ends, and (only when the filter walks the mainline, HAMLE_FILTER_NEEDS_MAINLINE) its start and
 * moves as far as replayed (a game that could not be started has none: conditions on them are
 * false). */
HAMLE_EXTERN int hamle_replay_filter_check(const hamle_filter *f, const hamle_replay *rp,
	const hamle_game *g, hamle_error *err);
/* The same, with Has and ComputedECO taken from known (its has and eco; NULL: unknown), as
 * hamle_annotate_filter_check (hamle/annotate.h) fills them. */
HAMLE_EXTERN int hamle_replay_filter_check_with(const hamle_filter *f, const hamle_replay *rp,
	const hamle_game *g, const hamle_filter_facts *known, hamle_error *err);

/* Per-token results (array of hamle_game_token_count entries). */
HAMLE_EXTERN const hamle_replay_move *hamle_replay_moves(const hamle_replay *rp);

#ifdef __cplusplus
}
#endif
#endif
