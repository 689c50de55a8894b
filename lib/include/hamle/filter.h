/* hamle/filter.h: selecting games by their tags (and, given the replay, their plies and final
 * position) with an expression (--where).
 *
 * Grammar (blanks allowed between the parts):
 *   expr  := or
 *   or    := and { "||" and }
 *   and   := unary { "&&" unary }
 *   unary := "!" unary | "(" expr ")" | FIELD OP VALUE
 * so ! binds tighter than &&, && tighter than ||: a || b && c is a || (b && c). Parsed without
 * recursion (shunting-yard with a bounded stack): at most 256 conditions and operators and 256
 * nested parentheses; compiled once, immutable.
 *
 * FIELD is a PGN tag name (letters, digits, '_'), compared exactly, or a derived field:
 *   Player  White or Black (either side's name)     Elo    WhiteElo or BlackElo (either side)
 *   Plies   mainline plies replayed                 Final  the final position (a board pattern)
 *   Ends    how the game ends on the board: checkmate, stalemate, dead (no mate possible),
 *           fivefold (the final position for the fifth time) or seventyfive (75 moves without
 *           capture or pawn move); a game with an error ends
 *           nowhere (Ends=... false, Ends!=... true)
 * and along the mainline (the start position and the position after each move, as far as the
 * replay read them; each test stops at the first position that decides):
 *   Position   some position matches a board pattern (= and !=: none does), as pgn-extract's -Tf
 *   PositionI  the same, with the pattern or the pattern with the colours swapped (its ranks in
 *              reverse order, White's letters Black's and back), as pgn-extract's FENPatternI
 *   Material   some position has this material: piece letters KQRBNP for White, kqrbnp for Black,
 *              each with an optional count and '+' for "or more" (KRPkr, KQ+P3+kq); the kings
 *              may be left out; a piece not written is absent. As in pgn-extract's -y/-z files,
 *              after a letter (and its count N, 1 when not written): '-' N or fewer, '*' any
 *              number, '?' at most one, or a relation to the other side's pieces of that kind:
 *              '=' as many, '#' not as many, 'N>' / 'N<' at least N more / fewer, 'N>=' / 'N<='
 *              exactly N more / fewer (KR+P+kr=p#); L / l: a bishop or a knight (then not B, N
 *              for that side); "N:" first (2:KRPkr): the material lasts N plies (N + 1
 *              positions in a row), as pgn-extract's stability number. Colours as written:
 *              pgn-extract's -z (either side) is Material=KRPkr || Material=KRkrp. (pgn-extract's
 *              stability is 2 unless given, hamle's 0; and pgn-extract never tests the final
 *              position, hamle does.)
 *   Hash       some position has this Polyglot key (1-16 hex digits, 0x optional), as -H
 *   Moves      Moves~'1. e4 c5 2. Nf3': the game starts with these moves (from the standard
 *              start; move numbers optional), written in any language hamle reads (the first in
 *              which all are legal, English first: 2. Af3 and 2. Sf3 work); Moves= the mainline is
 *              exactly these moves; !~ and != their negations
 * and from the annotator (hamle/annotate.h: the draw rules of the Laws of Chess; a game with an
 * error has none of them):
 *   Has        threefold (a position on the board for the third time, "the same" as FIDE 9.2.3
 *              says: an en passant square counts only when the capture is legal), fifty (the
 *              half-move clock reaches 100), fivefold, seventyfive: somewhere in the game
 *   ComputedECO  the ECO code of the opening the moves reach in the built-in table (as hamle-annotate
 *              --eco writes it; "" when none): the ECO *tag* stays ECO, as pgn-extract's -Te
 * Position, Material, Hash, Has and ComputedECO take = and != (ComputedECO also ~ !~); their
 * values are bare up to a blank, or quoted.
 * A derived field shadows a tag of its name. A condition on Player or Elo holds when it holds for
 * either side, and its != and !~ are the negations of = and ~: Player!~/Tal/ means neither player.
 * The fields from Plies on need the replayed game: hamle_filter_check_facts (below); elsewhere they
 * are unknown, so a condition on them is false (and its != true). What an expression needs is
 * known when it is compiled (hamle_filter_needs): a filter on tags alone costs no replay.
 *
 * OP is one of
 *   =  !=     the value is exactly VALUE (byte for byte) / is not (true when the tag is missing)
 *   ~  !~     the value matches the PCRE2 regular expression VALUE / does not (!~: true when the
 *             tag is missing); VALUE /REGEX/FLAGS takes flags (i caseless, x extended, s dotall,
 *             m multiline; any order)
 *   <  <=  >  >=   by value: false when the tag is missing or is not such a value:
 *     numbers   [+-]digits[.digits], compared exactly as decimals (WhiteElo>=2700, Round>3);
 *     dates     a tag whose name ends in "Date" (Date, EventDate, UTCDate): operand YYYY,
 *               YYYY.MM or YYYY.MM.DD (a trailing .?? part is the same as none), compared field by
 *               field over the operand's parts; a '?' part of the value that those parts reach
 *               leaves the comparison undecided, which is false: "1990.??.??" is >= 1990, <= 1990,
 *               < 1991 and > 1989.12.31, but neither >= 1990.01 nor < 1990.06 nor > 1990 nor < 1990;
 *               "????.??.??" compares false with every date (unknown parts make < <= > >= true only
 *               when the known parts already decide);
 *     results   Result, from White's side: 0-1 < 1/2-1/2 < 1-0 ("*" and others are no result);
 *     Final     only = and !=; Ends: = != ~ !~.
 * VALUE is quoted ('...' or "...", no escapes: the other quote goes inside) to hold blanks and
 * operators, or a regular expression /.../ (for ~ and !~: it ends at the first '/', not escaped
 * nor in a [class], followed by flags and a blank, ')', "&&", "||" or the end), or bare: for
 * < <= > >= and Final up to a blank, else up to "&&", "||", a ')' that closes no '(' of the
 * value, or the end, blanks around it dropped (Event=World Ch (Women) && Round=3 works).
 *
 * A board pattern (Final) is the first field of a FEN (a whole FEN may be given: the rest is
 * ignored), rank 8 first, with wildcards as pgn-extract's FENPattern: a piece letter, 1-8 empty
 * squares, '?' any square, '!' any piece, 'A' any white piece, 'a' any black piece, 'm' anything but
 * a pawn (an empty square too), a class "[...]" of piece letters, 'A' and 'a' (any of them; "[^...]":
 * any square but them, an empty one too), '*' any run of squares within the rank; each rank has 8
 * squares unless it has a '*'.
 *
 * A game passes a filter when every expression added to it holds (several --where mean &&); an
 * empty filter passes every game. When a tag occurs more than once, its first value is used.
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
 * An expression that cannot be decided on a game is neither true nor false (three-valued: false &&
 * undecided is false, true || undecided is true); && and || do not test their right operand once
 * the left one decides.
 *
 * A compiled filter is immutable: share it between threads (matching allocates its own match
 * data; the match limits sit in a context that matching only reads). Ownership:
 * hamle_filter_new -> hamle_filter_add... -> hamle_filter_free. */
#ifndef HAMLE_FILTER_H
#define HAMLE_FILTER_H

#include "hamle/common.h"
#include "hamle/pgn.h"
#include "hamle/position.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hamle_filter hamle_filter;

HAMLE_EXTERN int hamle_filter_new(hamle_filter **out);
HAMLE_EXTERN void hamle_filter_free(hamle_filter *f); /* NULL-safe */

/* Adds one expression (all added must hold). A malformed expression returns HAMLE_EUSAGE with
 * err->message saying why (English; for a bad regular expression, PCRE2's own message),
 * err->column the 1-based character position in expr where the problem is, err->offset the same
 * as a 0-based byte offset, err->line 1, err->token the expression (truncated, blanks as one
 * space). Returns 0, HAMLE_EUSAGE or HAMLE_ENOMEM. */
HAMLE_EXTERN int hamle_filter_add(hamle_filter *f, const char *expr, hamle_error *err);

/* Number of expressions added (each hamle_filter_add that succeeded). */
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

/* What the expressions ask beyond a game's tags (compiled in: a filter on tags alone costs no
 * replay): HAMLE_FILTER_NEEDS_REPLAY when one tests a field of the replayed game (every field from
 * Plies on), HAMLE_FILTER_NEEDS_MAINLINE when one walks its mainline (Position, Material, Hash,
 * Moves: the facts' start and moves), HAMLE_FILTER_NEEDS_ANNOTATE when one needs the annotator's
 * rules (Has) and HAMLE_FILTER_NEEDS_ECO its opening table (ComputedECO): the last two are filled
 * by hamle_annotate_filter_check (hamle/annotate.h), the others by hamle_replay_filter_check. */
#define HAMLE_FILTER_NEEDS_REPLAY 1u
#define HAMLE_FILTER_NEEDS_MAINLINE 2u
#define HAMLE_FILTER_NEEDS_ANNOTATE 4u
#define HAMLE_FILTER_NEEDS_ECO 8u
HAMLE_EXTERN unsigned hamle_filter_needs(const hamle_filter *f);

/* Has: what happens somewhere in the game (hamle_filter_facts.has). */
#define HAMLE_FILTER_HAS_THREEFOLD 0x1u   /* a position on the board for the third time (9.2) */
#define HAMLE_FILTER_HAS_FIFTY 0x2u       /* 50 moves by each side without capture or pawn move (9.3) */
#define HAMLE_FILTER_HAS_FIVEFOLD 0x4u    /* the fifth time (9.6.1) */
#define HAMLE_FILTER_HAS_SEVENTYFIVE 0x8u /* 75 moves (9.6.2) */
#define HAMLE_FILTER_HAS_KNOWN 0x100u     /* set when the others are known */

/* What the fields of the replayed game test, filled by the caller from a replay of the game
 * (zero what is unknown). */
typedef struct hamle_filter_facts {
	unsigned plies;    /* mainline plies */
	const char *board; /* FEN of the final position (its first field is used); NULL: unknown */
	const char *ends;  /* how it ends on the board: "checkmate", "stalemate", "dead",
	                    * "fivefold", "seventyfive" or "" (none of them); NULL: unknown */
	const hamle_position *start; /* the mainline's start position; NULL: unknown */
	const hamle_move *moves;     /* the mainline's legal moves from start, nmoves of them */
	size_t nmoves;
	unsigned has;      /* HAMLE_FILTER_HAS_*; without HAMLE_FILTER_HAS_KNOWN: unknown */
	const char *eco;   /* ComputedECO: the opening's code, "" none; NULL: unknown */
} hamle_filter_facts;

/* As hamle_filter_check, with the fields of the replayed game taken from facts (NULL: unknown;
 * every other call knows none, and a condition on them is false, its != true). */
HAMLE_EXTERN int hamle_filter_check_facts(const hamle_filter *f, const hamle_game *g,
	const hamle_filter_facts *facts, hamle_error *err);

#ifdef __cplusplus
}
#endif
#endif
