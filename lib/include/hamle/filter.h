/* hamle/filter.h: selecting games by their tags with PCRE2 regular expressions (--where).
 *
 * An expression is one condition on one tag:
 *   Tag~/REGEX/FLAGS   the tag's value matches REGEX (FLAGS: i caseless, x extended, s dotall,
 *                      m multiline; any order)
 *   Tag~REGEX          the same without delimiters or flags
 *   Tag!~/REGEX/FLAGS  the tag's value does not match (also true when the tag is missing)
 *   Tag=TEXT           the tag's value is exactly TEXT (byte for byte)
 *   Tag!=TEXT          the tag's value is not TEXT (also true when the tag is missing)
 * Tag is a PGN tag name (letters, digits, '_'), compared exactly. A game passes a filter when
 * every expression added to it holds; an empty filter passes every game.
 *
 * Patterns are compiled in PCRE2's UTF and UCP modes: \w, \d, \b and POSIX classes know all of
 * Unicode, and /i folds case by Unicode simple case folding. Under that folding Turkish dotted
 * capital İ (U+0130) and dotless ı (U+0131) do NOT fold to i / I: /istanbul/i does not match
 * "İstanbul"; write [iİ]stanbul or (?i)[İi]stanbul for that.
 *
 * Every match runs under PCRE2 limits (a million backtracking steps, a nesting of 10,000): a
 * pattern that backtracks without end on some value ((a+)+$ on "aaa...ab") stops at a limit, and
 * that game is neither selected nor left out: the match functions return an error for it
 * (HAMLE_ELIMIT), which the tools report as a `limit` error of the game.
 *
 * A compiled filter is immutable: share it between threads (matching allocates its own match
 * data; the match limits sit in a context that matching only reads). Ownership:
 * hamle_filter_new -> hamle_filter_add... -> hamle_filter_free. */
#ifndef HAMLE_FILTER_H
#define HAMLE_FILTER_H

#include "hamle/common.h"
#include "hamle/pgn.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hamle_filter hamle_filter;

HAMLE_EXTERN int hamle_filter_new(hamle_filter **out);
HAMLE_EXTERN void hamle_filter_free(hamle_filter *f); /* NULL-safe */

/* Adds one expression. A malformed expression returns HAMLE_EUSAGE with err->message saying why
 * (for a bad regular expression, PCRE2's own message), err->column the 1-based character position
 * in expr where the problem is, err->offset the same as a 0-based byte offset, err->token the
 * expression (truncated). Returns 0, HAMLE_EUSAGE or HAMLE_ENOMEM. */
HAMLE_EXTERN int hamle_filter_add(hamle_filter *f, const char *expr, hamle_error *err);

/* Number of expressions added. */
HAMLE_EXTERN size_t hamle_filter_count(const hamle_filter *f);

/* 1 when every expression holds for the game's tags, 0 when one does not, HAMLE_ENOMEM. A NULL
 * filter passes every game. When a tag occurs more than once, its first value is used. When a
 * regular expression cannot be decided on its tag's value and no other expression fails, the
 * game is undecided: HAMLE_ELIMIT (a match limit hit), HAMLE_EENCODING (a value that is not
 * UTF-8) or HAMLE_ERROR (another PCRE2 failure). */
HAMLE_EXTERN int hamle_filter_match(const hamle_filter *f, const hamle_game *g);

/* As hamle_filter_match; for an undecided game err (when non-NULL) says why: code, message (which
 * limit, which tag), token (the expression), source, game, and line/column/offset of the tag pair
 * in the input. */
HAMLE_EXTERN int hamle_filter_check(const hamle_filter *f, const hamle_game *g, hamle_error *err);

/* The same test on a tag lookup of the caller's: value(payload, name) returns the value or NULL.
 * Same return values (no position to give). */
HAMLE_EXTERN int hamle_filter_match_fn(const hamle_filter *f,
	const char *(*value)(void *payload, const char *name), void *payload);

/* What the expressions ask beyond a game's tags: HAMLE_FILTER_NEEDS_REPLAY when one tests Plies
 * or Final (then match with hamle_filter_check_facts, e.g. by hamle_replay_filter_check). */
#define HAMLE_FILTER_NEEDS_REPLAY 1u
HAMLE_EXTERN unsigned hamle_filter_needs(const hamle_filter *f);

/* What Plies and Final test, filled by the caller from a replay of the game. */
typedef struct hamle_filter_facts {
	unsigned plies;    /* mainline plies */
	const char *board; /* FEN of the final position (its first field is used); NULL: unknown */
} hamle_filter_facts;

/* As hamle_filter_check, with Plies and Final taken from facts (NULL: unknown; every other call
 * knows none, and a condition on them is false, its != true). */
HAMLE_EXTERN int hamle_filter_check_facts(const hamle_filter *f, const hamle_game *g,
	const hamle_filter_facts *facts, hamle_error *err);

#ifdef __cplusplus
}
#endif
#endif
