/* hamle/writer.h: writing a read and replayed game in one of the output forms of hamle-convert.
 *
 *   pgn     PGN export format (PGN spec §8): the Seven Tag Roster first in its order (missing ones
 *           written with "?", Date "????.??.??"), then the other tags in ASCII order of their names;
 *           movetext lines under 80 characters; `N.` before White's moves and `N...` before a
 *           Black move that follows a comment or a variation (or starts the game or a variation);
 *           moves as SAN in the writer's locale (English by default: O-O, e8=Q; `tr`: Af3, e8=V;
 *           `fan`: figurines); glyphs as NAGs ($1); comments kept ({} as {}, ; as ;), whitespace
 *           inside a {} comment collapsed to single spaces; variations `( ... )`; % escape lines
 *           kept on lines of their own; the FIDE draw offer (=) as the comment {(=)}; one blank
 *           line after each game. UTF-8, LF.
 *   fide    the same document in the FIDE form of the locale (0-0, d8V, exd6 e.p.): the draw offer
 *           written (=), and a comment that is exactly "(=)" also turned back into (=).
 *   san, lan, uci, spoken
 *           one line per game: the mainline's moves separated by single spaces (spoken: " ; ").
 *   fen, epd
 *           the start position, then the position after each mainline ply, one per line; a blank
 *           line after each game (epd: the first four FEN fields).
 *   json    one JSON object per line and game (see json_game.c for the keys).
 *
 * A game that failed (an error finding of any kind but an encoding error of its bytes, which the
 * decoding replaced by U+FFFD or a space: that text is written; or a game that could not be
 * replayed) is still written in pgn/fide, so that it reads back as one game that fails again: its
 * tags as read; its movetext in its own language (hamle_replay_locale, not opts.locale: a game is
 * never written in two) up to the first place where it failed (its first move error, or the token
 * at or after any other error: an unclosed variation or comment, a stray character, a bad tag or
 * FEN: the whole movetext, a limit: where reading stopped); then the note
 * {hamle: error: CODE 'TOKEN': MESSAGE} (a '}' in it written U+007D, read back as '}'; not written
 * again when an earlier note stands there);
 * then the rest of the movetext as it was read: its words as written ("12)" as "12."), comments,
 * variations ( ) left open through it and closed at its end, text the reader skipped in a comment;
 * then its termination marker. What a limit left unread is not written (the note says how much).
 * The reader flags the note (HAMLE_TOKEN_ERROR_NOTE) and the replay reports it as the game's error
 * when nothing else is one. The line forms stop at the error.
 *
 * Lines: movetext and comments are wrapped at their spaces before line_width (at most 256: no
 * movetext or comment line holds more than 255 characters); a ';' comment longer than that goes
 * over several ';' lines. Only a tag line with a longer value, an escape line, or a single word
 * longer than a line (never cut) is longer. A word starting with '%' never starts a line.
 *
 * Lifecycle: hamle_writer_new -> (hamle_writer_game | hamle_writer_passthrough)... ->
 * hamle_writer_output / hamle_writer_reset -> hamle_writer_free. Text accumulates in the writer
 * until reset. One writer per thread (locales are shared read-only). No recursion. */
#ifndef HAMLE_WRITER_H
#define HAMLE_WRITER_H

#include "hamle/common.h"
#include "hamle/locale.h"
#include "hamle/pgn.h"
#include "hamle/replay.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
	HAMLE_WRITE_PGN = 0,
	HAMLE_WRITE_FIDE,
	HAMLE_WRITE_SAN,
	HAMLE_WRITE_LAN,
	HAMLE_WRITE_UCI,
	HAMLE_WRITE_SPOKEN,
	HAMLE_WRITE_FEN,
	HAMLE_WRITE_EPD,
	HAMLE_WRITE_JSON
} hamle_write_format;

/* "pgn", "fide", "san", "lan", "uci", "spoken", "fen", "epd", "json" -> format; -1 when unknown. */
HAMLE_EXTERN int hamle_write_format_parse(const char *name);

typedef struct hamle_writer hamle_writer;

/* Output shapes (hamle_writer_options.shape), for pgn, fide and json (the line forms hold none of
 * these parts and are not changed): NO_COMMENTS leaves out {} and ; comments (not the draw
 * offer, not % escape lines), NO_NAGS the NAGs, NO_VARIATIONS the variations; STR_ONLY writes the
 * Seven Tag Roster alone, NO_TAGS no tags, both keeping SetUp, FEN and Variant when the game has
 * them (without them its moves would not read back); KEEP_TAG_ORDER writes the tags as read, in
 * their order, none added. A game that failed (pgn/fide) is written whole, as without these
 * flags (all its tags, comments, NAGs and variations), so that it still fails and nothing of it
 * is lost; only the line width and the tag order apply to it. */
#define HAMLE_WRITE_NO_COMMENTS 0x1u
#define HAMLE_WRITE_NO_NAGS 0x2u
#define HAMLE_WRITE_NO_VARIATIONS 0x4u
#define HAMLE_WRITE_STR_ONLY 0x8u
#define HAMLE_WRITE_NO_TAGS 0x10u
#define HAMLE_WRITE_KEEP_TAG_ORDER 0x20u

#define HAMLE_WRITER_OPTIONS_VERSION 2 /* 1 is still accepted (no shape, tag_order) */
typedef struct hamle_writer_options {
	unsigned int version;        /* HAMLE_WRITER_OPTIONS_VERSION */
	int format;                  /* hamle_write_format */
	const hamle_locale *locale;  /* output language; NULL only for uci, fen, epd (else HAMLE_EUSAGE) */
	unsigned int line_width;     /* pgn/fide: lines hold fewer characters than this; 0 = 80, at most 256 */
	unsigned int shape;          /* HAMLE_WRITE_NO_COMMENTS | ... */
	/* pgn/fide: the tags of these names first, in this order (a roster tag the game lacks as
	 * "?"), then the others as usual; borrowed, must outlive the writer. NULL: none. */
	const char *const *tag_order;
	size_t n_tag_order;
} hamle_writer_options;
#define HAMLE_WRITER_OPTIONS_INIT { HAMLE_WRITER_OPTIONS_VERSION, HAMLE_WRITE_PGN, NULL, 0, 0, NULL, 0 }

HAMLE_EXTERN int hamle_writer_new(hamle_writer **out, const hamle_writer_options *opts);
HAMLE_EXTERN void hamle_writer_free(hamle_writer *w); /* NULL-safe */

/* Appends game g, which rp has just replayed (hamle_replay_run(rp, g)). Returns 0 or HAMLE_ENOMEM. */
HAMLE_EXTERN int hamle_writer_game(hamle_writer *w, const hamle_game *g, const hamle_replay *rp);

/* Appends g as it was read (its decoded text, then one blank line): for games the tool cannot
 * play (unsupported variants). In the line forms nothing is written but an empty line (san, lan,
 * uci, spoken) or a blank line (fen, epd); json writes tags and findings without moves. */
HAMLE_EXTERN int hamle_writer_passthrough(hamle_writer *w, const hamle_game *g, const hamle_replay *rp);

/* When the last game could not be written whole although its replay found no error (a move the
 * replay did not read, after a game end such as a fivefold repetition, that is not legal either):
 * the error, with the token's location. NULL when the game was written whole or its replay's own
 * error finding explains the stop. */
HAMLE_EXTERN const hamle_error *hamle_writer_stopped(const hamle_writer *w);

/* The text written since the last reset (UTF-8 unless re-encoded); borrowed. */
HAMLE_EXTERN const char *hamle_writer_output(const hamle_writer *w, size_t *len);
HAMLE_EXTERN void hamle_writer_reset(hamle_writer *w);

/* Re-encodes the text written since the last reset from UTF-8 into a single-byte encoding
 * (HAMLE_ENCODING_CP1254, _ISO8859_9, _LATIN1, _CP1252; _UTF8 does nothing), in place. A character
 * the encoding cannot hold fails with HAMLE_EENCODING: err->message names it ("'♘' (U+2658)
 * cannot be written in latin1"), err->line/column locate it in the output, err->token holds it;
 * the text is then left as it was. */
HAMLE_EXTERN int hamle_writer_encode(hamle_writer *w, hamle_encoding enc, hamle_error *err);

/* ---- records: games for bindings (the Python package), many a call ----
 * A record is one game as text, its fields separated by 0x1E, ended by 0x1C:
 *   1 "INDEX LINE OFFSET STARTED CHESS960 PLIES ERRORS WARNINGS RESULT LANG": the game's number in
 *     its source, its first line and byte offset, 1 when the replay could start it, 1 for Chess960,
 *     the mainline plies replayed, the error and warning findings, its termination marker
 *     (hamle_result), the tag of the locale its moves were read in;
 *   2 the tags in input order, NAME 0x1F VALUE 0x1F NAME ... (HAMLE_RECORD_TAGS);
 *   3 the mainline's moves as replayed, in UCI, separated by spaces (HAMLE_RECORD_MOVES);
 *   4 the FEN of the final position (HAMLE_RECORD_MOVES; Shredder-FEN for Chess960);
 *   5 the findings, separated by 0x1D, each "ID SEVERITY LINE COLUMN OFFSET PLY MOVE_NUMBER SIDE
 *     TOKEN MESSAGE FEN PATH SUGGESTIONS" separated by 0x1F (PATH: variation indices joined by
 *     '.'; SUGGESTIONS: "SAN UCI SAN UCI ...");
 *   6 the bridges (hamle/bridge.h), separated by 0x1D, each "PLY MOVE_NUMBER SIDE REPLAYED COMPLETE
 *     MOVES" separated by 0x1F (MOVES: "SAN UCI SAN UCI ...");
 *   7 the game's decoded text (HAMLE_RECORD_TEXT).
 * Fields left out are empty. A byte 0x1C to 0x1F in a text (a decoded game holds none) is
 * written as a space. */
#define HAMLE_RECORD_TAGS 0x1u
#define HAMLE_RECORD_MOVES 0x2u
#define HAMLE_RECORD_TEXT 0x4u
/* Appends g's record (rp has just replayed g) to w's text, whatever w's format. Returns 0,
 * HAMLE_ENOMEM or HAMLE_EUSAGE. */
HAMLE_EXTERN int hamle_writer_record(hamle_writer *w, const hamle_game *g, const hamle_replay *rp,
	unsigned what);
/* Reads up to max games from r (hamle_reader_next_reuse into *game), replays each with rp and
 * appends its record. *games: the games read. Returns 0 after max games, HAMLE_ITEROVER at the
 * end of the input, or a failure (the reader's, HAMLE_ENOMEM). */
HAMLE_EXTERN int hamle_writer_records(hamle_writer *w, hamle_reader *r, hamle_replay *rp,
	hamle_game **game, unsigned what, size_t max, size_t *games);
/* Judges up to max games from r as hamle-validate does (the quick lane when the game is plain,
 * else the game read with opts, r's options, into *game and replayed with rp) and appends a
 * record, without tags, moves or text, for each game that has findings (clean games give none).
 * *games: the games judged. Returns as hamle_writer_records. */
HAMLE_EXTERN int hamle_writer_verdicts(hamle_writer *w, hamle_reader *r, hamle_replay *rp,
	const hamle_reader_options *opts, hamle_game **game, size_t max, size_t *games);

#ifdef __cplusplus
}
#endif
#endif
