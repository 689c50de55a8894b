/* hamle/pgn.h: the streaming PGN reader and the game model (documents of games, no chess rules).
 *
 * Lifecycle: hamle_reader_new -> one hamle_reader_set_input_* -> hamle_reader_next (repeat until
 * HAMLE_ITEROVER) -> hamle_reader_free. Every game handed out through a `hamle_game **` belongs to the
 * caller (hamle_game_free); pointers returned by getters are borrowed from the game.
 *
 * Splitting: the reader scans raw bytes (ASCII structure only, any ASCII-compatible encoding) and
 * cuts the input into games at these boundaries:
 *   - a tag-pair line (first non-blank character `[` at the start of a line) once the current game has
 *     movetext;
 *   - right after a termination marker at variation depth 0 (comments later on the same line stay
 *     with the game); so games without tags separated only by blank lines work when each ends with
 *     its result;
 *   - inside a `{` comment still open: a blank line followed by a tag-pair line ends the game, which
 *     then reports an unterminated comment (one broken game never swallows the next ones).
 * Blank lines inside a game (ChessBase writes some) do not end it. A UTF-8 byte order mark (EF BB BF)
 * at the start of a line (files joined with cat) is read as if it were not there, also for columns;
 * each is an "encoding" warning of its game at its line, column 1 (one at the start of the input is
 * dropped silently; one followed by nothing but blank lines to the end of the input too).
 * The last game, when the input ends before its termination marker, has a "truncated" warning if it
 * has a tag pair (a file cut mid-game; a typed scoresheet without a result is not one).
 *
 * Typed scoresheets (a game without tag pairs whose lines are `Key: value` header lines, move
 * lines and a result line) are one game each, read by this reader for every tool:
 *     Beyaz: Kübra Öztürk
 *     Sonuç: 1-0
 *
 *     1. e4 e5
 *     2) Af3 Ac6
 *     3<TAB>Fc4<TAB>Fc5
 *     Sonuç: 1-0
 * The splitter sees a header line as a key (no digit, tab or delimiter; at most 160 bytes) and a
 * ':' at the start of a line. A game whose first line is one is a sheet: its header block (those
 * lines and blank lines) never ends the game (a result in "Sonuç: 1-0" does not, nor does a blank
 * line before "1."), and a header line whose key (byte for byte) the block has already starts the
 * next sheet, with or without moves; after the moves, such a line starts the next sheet too
 * unless its value is a result (the sheet's result line, which ends the game as a result does).
 * Every chunk without tag pairs gets HAMLE_CHUNK_SCORESHEET, and hamle_game_parse reads its header and
 * result lines after decoding (so 8-bit keys such as Weiß in Windows-1252 are matched as the text
 * they are), with the header patterns and keys of options.sheet_locales (scoresheet: in the
 * locale YAML files; Beyaz -> White, Weiß -> White, Sonuç -> Result):
 *   - the header lines at the top become tags (a key no locale knows becomes a tag of that name when
 *     it is a valid tag name and the block has a known key; "de: 1.e4 e5" is no header), at the
 *     position of the key; after the moves, a header line of a known key whose tag the game lacks
 *     does too;
 *   - a Result line after the moves whose value is a result ("Ergebnis: 1:0", "Sonuç: ½-½") is the
 *     game's termination marker: its value is read as a RESULT token (the key is skipped), and it
 *     gives the Result tag when the header has none;
 *   - values become PGN: a Date as people write it (12.03.2024, 12/03/2024, 2024-03-12,
 *     12 Mart 2024, 12. März 2024; day and month order and month names are facts of the locale
 *     whose table has the key) is written 2024.03.12, a Result 1:0 or ½-½ is 1-0 or 1/2-1/2, and
 *     the value as written goes into a tag `<Name>Original` beside it. A value that cannot be
 *     read, or a date whose day and month could be either way in its locale (03/04/2024 in
 *     English), stays as written, with a "header-value" warning;
 *   - header lines are no movetext: the lexer skips them, so lines, columns and byte offsets of
 *     every token are those of the input;
 *   - header patterns run under the match limits of every PCRE2 match in hamle (a million
 *     backtracking steps, or 16 per byte of a longer line; a depth limit): a line on which a
 *     pattern hits one is no header (it ends the header block; no later locale decides it) and a
 *     `limit` error of the game.
 * A game larger than max_game_bytes is not stored past the limit: the reader skips to the next boundary
 * and the game carries a "limit" error (its tags, when they fit, are still read; no movetext tokens).
 *
 * Decoding: UTF-8 with or without BOM (dropped at the start of the input). Valid UTF-8 is kept as
 * written; each byte that is not valid UTF-8 (and only such a byte) is decoded with a fallback code
 * page chosen per game: Windows-1254 when those bytes look Turkish (Þ þ Ý ý Ð ð at least as frequent
 * as other high bytes, or Þ/þ as a piece letter before a square), else Windows-1252. An "encoding"
 * warning per line names those bytes and their characters, at the first of them. options.encoding
 * other than auto decodes the whole input with that encoding instead. Doubly encoded UTF-8 (`Åž` for
 * Ş, `Ã¼` for ü, `â€™` for ’) is repaired everywhere, except into a control character. Each repair is
 * an "encoding" warning; NUL and other C0/C1 control characters (except HT, LF, VT, FF, CR) are
 * "encoding" errors and become spaces. Turkish mojibake
 * (Þ þ Ý ý Ð ð read as Ş ş İ ı Ğ ğ) is repaired only by hamle_game_repair_mojibake() (or _turkish())
 * or the reader flag HAMLE_READ_REPAIR_TR, never by default, and then word by word, only where the
 * game's words are Turkish (Icelandic names use Þ, ð and ý rightly).
 *
 * Tokens: the movetext is a flat array in document order (see hamle_token). No recursion anywhere.
 * Thread safety: distinct readers and games share nothing; a game may be parsed in another thread
 * (hamle_reader_next_chunk + hamle_game_parse).
 */
#ifndef HAMLE_PGN_H
#define HAMLE_PGN_H

#include <stdio.h>

#include "hamle/common.h"
#include "hamle/locale.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hamle_reader hamle_reader;
typedef struct hamle_game hamle_game;

/* Input callback (libyaml style): fill buf with up to size bytes, set *got (0 at end of input) and
 * return 0; a negative return is an I/O error. */
typedef int (*hamle_read_fn)(void *payload, unsigned char *buf, size_t size, size_t *got);

typedef enum {
	HAMLE_ENCODING_AUTO = 0, /* UTF-8; bytes that are not, Windows-1254 or -1252 (per game) */
	HAMLE_ENCODING_UTF8,     /* invalid sequences become U+FFFD with an "encoding" error */
	HAMLE_ENCODING_CP1254,
	HAMLE_ENCODING_ISO8859_9,
	HAMLE_ENCODING_LATIN1,
	HAMLE_ENCODING_CP1252
} hamle_encoding;

/* Static name ("utf-8", "cp1254", "iso-8859-9", "latin1", "cp1252", "auto"). */
HAMLE_EXTERN const char *hamle_encoding_name(hamle_encoding enc);
/* Parses such a name (ASCII case-insensitive; also "utf8", "windows-1254", "latin-1", "iso-8859-1",
 * "windows-1252"); returns 0 or HAMLE_EUSAGE. */
HAMLE_EXTERN int hamle_encoding_parse(hamle_encoding *out, const char *name);

/* Reader flags. */
#define HAMLE_READ_REPAIR_TR 0x1u /* repair Turkish mojibake (Þ->Ş ...) in every game, with the
                                   * locale options.repair (see hamle_game_repair_mojibake) */

/* Defaults of the limits (used when an option is 0). */
#define HAMLE_DEFAULT_MAX_GAME_BYTES ((size_t)8 << 20)    /* 8 MiB of raw input per game */
#define HAMLE_DEFAULT_MAX_COMMENT_BYTES ((size_t)1 << 20) /* 1 MiB per comment */
#define HAMLE_DEFAULT_MAX_TAG_BYTES ((size_t)64 << 10)    /* 64 KiB per tag name or value */
#define HAMLE_DEFAULT_MAX_DEPTH 256                       /* variation nesting */
#define HAMLE_DEFAULT_MAX_TOKENS 200000                   /* movetext tokens per game */
#define HAMLE_DEFAULT_MAX_FINDINGS 100                    /* findings kept per game */

#define HAMLE_READER_OPTIONS_VERSION 3 /* 2 is still accepted (no sheet_locales) */
typedef struct hamle_reader_options {
	unsigned int version;    /* HAMLE_READER_OPTIONS_VERSION */
	hamle_encoding encoding; /* HAMLE_ENCODING_AUTO by default */
	unsigned int flags;      /* HAMLE_READ_* */
	size_t max_game_bytes;   /* 0 = default, for every limit */
	size_t max_comment_bytes;
	size_t max_tag_bytes;
	size_t max_depth;
	size_t max_tokens;
	size_t max_findings; /* further findings are counted, not kept */
	/* HAMLE_READ_REPAIR_TR: the locale whose mojibake repair and alphabet apply (borrowed; it
	 * must outlive the reader and the games parsed with these options). NULL: the built-in "tr",
	 * which hamle_reader_new loads once but hamle_game_parse loads per game (slow: set it). */
	const hamle_locale *repair;
	const hamle_locale *messages; /* language of the findings' messages (borrowed; must outlive the
	                               * games); NULL = English */
	/* Typed scoresheets (see above): the locales whose header patterns and keys read header
	 * lines, in order (the first whose pattern matches a line decides it; its key is looked up in
	 * it and the locales after it). Borrowed: they must outlive the reader and the games parsed
	 * with these options. NULL: every built-in locale, which hamle_reader_next loads once per
	 * reader but hamle_game_parse loads per sheet (slow: set it). */
	const hamle_locale *const *sheet_locales;
	size_t n_sheet_locales;
} hamle_reader_options;
#define HAMLE_READER_OPTIONS_INIT { HAMLE_READER_OPTIONS_VERSION, HAMLE_ENCODING_AUTO, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, NULL, 0 }

/* ---- reader ---- */

/* opts may be NULL (defaults). Returns 0, HAMLE_ENOMEM or HAMLE_EUSAGE (unknown options version). */
HAMLE_EXTERN int hamle_reader_new(hamle_reader **out, const hamle_reader_options *opts);
HAMLE_EXTERN void hamle_reader_free(hamle_reader *r); /* NULL-safe; does not close the FILE */

/* Exactly one input per reader. source names the input in findings ("<stdin>", a path); copied. */
HAMLE_EXTERN int hamle_reader_set_input_file(hamle_reader *r, FILE *f, const char *source);
/* data is borrowed and must outlive the reader. */
HAMLE_EXTERN int hamle_reader_set_input_buffer(hamle_reader *r, const void *data, size_t len,
	const char *source);
HAMLE_EXTERN int hamle_reader_set_input(hamle_reader *r, hamle_read_fn fn, void *payload,
	const char *source);
/* As hamle_reader_set_input_buffer, for a buffer that is a file mapped into memory: it is split a
 * slice at a time, as a stream would be (the same games, positions and findings), and no chunk is
 * copied, so a chunk stays valid while the buffer does. done(payload, offset), when not NULL, is
 * called after each slice (and each hamle_reader_join) with an offset before which the reader
 * needs no byte again (the caller may give those pages back). data is borrowed and must outlive the reader. */
typedef void (*hamle_done_fn)(void *payload, size_t offset);
HAMLE_EXTERN int hamle_reader_set_input_mapped(hamle_reader *r, const void *data, size_t len,
	hamle_done_fn done, void *payload, const char *source);

/* Reading one mapped input with several readers at once (hamle-validate -j 2). A fork reads data
 * from offset start (0 < start < len), a game's first byte after a blank line: its games count from
 * 1 and its lines from 1 there (offsets stay the input's). hamle_reader_set_stop makes a reader hand
 * out only the games that start before offset stop: at the first that starts at or after it,
 * hamle_reader_next_chunk answers HAMLE_ITEROVER and hamle_reader_stopped 1 (a later stop lets it
 * read on). hamle_reader_join: when r stopped exactly at the fork's start, in the state the fork
 * started from, r takes on the fork's end state as if it had read the fork's games itself (the
 * fork's game N is r's game *game_base + N, its line L r's line *line_base + L): 1. Else 0, r
 * unchanged (read on from where it stopped; the fork's games are not to be used). */
HAMLE_EXTERN int hamle_reader_set_input_mapped_from(hamle_reader *r, const void *data, size_t len, size_t start,
	hamle_done_fn done, void *payload, const char *source);
HAMLE_EXTERN int hamle_reader_set_stop(hamle_reader *r, size_t stop);
HAMLE_EXTERN int hamle_reader_stopped(const hamle_reader *r);
HAMLE_EXTERN int hamle_reader_join(hamle_reader *r, const hamle_reader *fork, size_t *game_base,
	size_t *line_base);

/* Next game, newly allocated, owned by the caller. Returns HAMLE_OK, HAMLE_ITEROVER at the end, or
 * < 0 (HAMLE_EIO, HAMLE_ENOMEM; details in hamle_reader_error). Problems in the game itself are not
 * failures: they are the game's findings. */
HAMLE_EXTERN int hamle_reader_next(hamle_reader *r, hamle_game **out);
/* As hamle_reader_next, reusing *inout's buffers when it is non-NULL (no allocation per game in the
 * steady state). */
HAMLE_EXTERN int hamle_reader_next_reuse(hamle_reader *r, hamle_game **inout);
/* The reader's last failure (I/O); valid until the next call. */
HAMLE_EXTERN const hamle_error *hamle_reader_error(const hamle_reader *r);

/* Raw game chunks, for parsing in worker threads: the reader only splits; hamle_game_parse decodes
 * and lexes. data is borrowed until the next call on the reader (copy it to hand it over). */
#define HAMLE_CHUNK_OVERFLOW 0x1u /* the game exceeded max_game_bytes; data holds its first bytes */
#define HAMLE_CHUNK_TRUNCATED 0x2u /* the input ends inside the game: it has a tag pair and no
                                    * termination marker (a "truncated" warning when parsed) */
#define HAMLE_CHUNK_BOM 0x4u      /* a byte order mark starts one of its lines (an "encoding"
                                   * warning each when parsed) */
#define HAMLE_CHUNK_SCORESHEET 0x10u /* the game has no tag pair (the reader sets it): a typed
                                      * scoresheet, or movetext alone. hamle_game_parse reads its
                                      * header and result lines (see above), and its movetext as a
                                      * scoresheet's (a lone "=" after a move is a draw offer, not
                                      * the NAG $10) */
#define HAMLE_CHUNK_PLAIN_COMMENTS 0x20u /* the reader saw every byte of the game's {} comments
                                          * to be printable ASCII, HT, LF or CR: the quick lane
                                          * then need not look at them again (a chunk made
                                          * elsewhere leaves it clear) */
#define HAMLE_CHUNK_ASCII 0x40u /* the reader saw every byte of data to be printable ASCII, HT, LF,
                                 * VT, FF or CR: hamle_game_parse then takes the text as it is,
                                 * without looking at its bytes again (a chunk made elsewhere
                                 * leaves it clear) */
typedef struct hamle_chunk {
	const unsigned char *data;
	size_t len;
	const char *source; /* borrowed from the reader */
	size_t game;        /* 1-based index in the source */
	size_t line, column, offset; /* where data starts in the input (1-based line/column) */
	size_t total_len;   /* bytes of the game in the input (> len when overflowed) */
	unsigned int flags; /* HAMLE_CHUNK_* */
} hamle_chunk;
HAMLE_EXTERN int hamle_reader_next_chunk(hamle_reader *r, hamle_chunk *out);
/* Decodes and lexes one chunk into *inout (allocated when NULL, else reused). opts may be NULL.
 * The game copies what it keeps. Returns 0 or HAMLE_ENOMEM. */
HAMLE_EXTERN int hamle_game_parse(hamle_game **inout, const hamle_chunk *chunk,
	const hamle_reader_options *opts);
/* The same for the tags alone (the lexer stops where the movetext starts: no movetext token, no
 * result): for a filter on tags before the whole game is read. Returns 0 or HAMLE_ENOMEM. */
HAMLE_EXTERN int hamle_game_parse_tags(hamle_game **inout, const hamle_chunk *chunk,
	const hamle_reader_options *opts);

/* ---- game ---- */

typedef enum {
	HAMLE_RESULT_NONE = 0, /* no termination marker */
	HAMLE_RESULT_WHITE,    /* 1-0 */
	HAMLE_RESULT_BLACK,    /* 0-1 */
	HAMLE_RESULT_DRAW,     /* 1/2-1/2 */
	HAMLE_RESULT_UNKNOWN   /* * */
} hamle_result;
/* Canonical text: "1-0", "0-1", "1/2-1/2", "*", "" for NONE. Static. */
HAMLE_EXTERN const char *hamle_result_string(hamle_result res);
/* Classifies a termination marker in any accepted form (1-0 0-1 1/2-1/2 * ½-½ 1:0 0:1 ½:½ 0,5-0,5
 * 0.5-0.5, en/em dashes for '-'); HAMLE_RESULT_NONE if it is not one. */
HAMLE_EXTERN hamle_result hamle_result_parse(const char *text, size_t len);

typedef enum {
	HAMLE_TOKEN_MOVE = 1,    /* a move as written ("Af3", "exd6 e.p.", "d8(Q)", "--", "Z0", "0-0"), with
	                          * the marks written apart from it ("e.p.", "+", "#", "++" after blanks,
	                          * a line end too: "exd6\ne.p.", "Qh5 +") */
	HAMLE_TOKEN_MOVE_NUMBER, /* "12.", "12...", "12…", "12)", "12"; value = number */
	HAMLE_TOKEN_COMMENT,     /* text = content without { } or ; */
	HAMLE_TOKEN_NAG,         /* "$14" or a glyph ("!?", "±"); value = NAG number (0 to 255) */
	HAMLE_TOKEN_VAR_START,   /* "(" ; depth = depth of the variation it opens */
	HAMLE_TOKEN_VAR_END,     /* ")" ; depth = depth of the variation it closes */
	HAMLE_TOKEN_DRAW_OFFER,  /* "(=)", the FIDE draw offer (not a variation), also "( = )"; and a lone
	                          * "=" right after a move in a typed scoresheet (no tag pairs, or
	                          * HAMLE_CHUNK_SCORESHEET); elsewhere "=" is the NAG $10, with a warning */
	HAMLE_TOKEN_ESCAPE,      /* "%" line; text = rest of the line after '%' */
	HAMLE_TOKEN_RESULT       /* termination marker as written; value = hamle_result */
} hamle_token_kind;

/* Token flags. */
#define HAMLE_TOKEN_BLACK 0x1u       /* MOVE_NUMBER: with two or more dots or '…' ("12...") */
#define HAMLE_TOKEN_EP 0x2u          /* MOVE: ends with "e.p." (glued or spaced); core_len excludes it */
#define HAMLE_TOKEN_LINE_COMMENT 0x4u /* COMMENT: a ';' comment */
#define HAMLE_TOKEN_UNTERMINATED 0x8u /* COMMENT: '{' without '}' before the end of the game */
#define HAMLE_TOKEN_GLUED 0x10u      /* MOVE: glued to its move number ("1.e4"); NAG: glyph glued to
                                      * the move before it ("e4!") */
#define HAMLE_TOKEN_OUT_OF_RANGE 0x20u /* NAG: "$256" and above (PGN has $0 to $255): value is 0,
                                        * text is the NAG as written (kept so: a "bad-nag" warning) */
#define HAMLE_TOKEN_ERROR_NOTE 0x40u /* COMMENT: a {} comment starting "hamle: error", the note hamle
                                      * writes where a game it could not read failed (hamle/writer.h);
                                      * the replay reports it as an error when nothing else is one */

/* One movetext token. text points into the game's decoded text (hamle_game_text) and is NOT
 * NUL-terminated. Positions: 1-based line and column (column in characters), byte offset in the
 * original input (before decoding). depth: variation depth, 0 = mainline. */
typedef struct hamle_token {
	const char *text;
	size_t len;
	size_t line, column, offset;
	unsigned int depth;
	unsigned int kind;  /* hamle_token_kind */
	unsigned int flags; /* HAMLE_TOKEN_* */
	unsigned int value; /* MOVE_NUMBER: number (saturates); NAG: number; RESULT: hamle_result;
	                     * MOVE: core_len (length without a trailing "e.p." marker and spaces) */
} hamle_token;

/* One tag pair, in input order. name and value are NUL-terminated, unescaped, decoded UTF-8. */
typedef struct hamle_tag {
	const char *name;
	const char *value;
	size_t value_len;
	size_t line, column, offset; /* of the '[' */
} hamle_tag;

typedef enum { HAMLE_SEVERITY_WARNING = 1, HAMLE_SEVERITY_ERROR = 2 } hamle_severity;

/* A reader finding. id is a static identifier: "syntax", "limit", "encoding", "bad-escape",
 * "bad-nag", "truncated", "header-value". error.code is the matching status (HAMLE_ESYNTAX,
 * HAMLE_ELIMIT, HAMLE_EENCODING; bad-escape, bad-nag, truncated and header-value use
 * HAMLE_ESYNTAX).
 * error.source/game/line/column/offset/token are set; ply is 0. */
typedef struct hamle_finding {
	hamle_error error;
	hamle_severity severity;
	const char *id;
} hamle_finding;

HAMLE_EXTERN void hamle_game_free(hamle_game *g); /* NULL-safe */

HAMLE_EXTERN const char *hamle_game_source(const hamle_game *g);
HAMLE_EXTERN size_t hamle_game_index(const hamle_game *g);  /* 1-based index in its source */
HAMLE_EXTERN size_t hamle_game_line(const hamle_game *g);   /* line where the game starts */
HAMLE_EXTERN size_t hamle_game_offset(const hamle_game *g); /* byte offset where it starts */

HAMLE_EXTERN size_t hamle_game_tag_count(const hamle_game *g);
HAMLE_EXTERN const hamle_tag *hamle_game_tag_at(const hamle_game *g, size_t i); /* NULL if out of range */
/* Value of the first tag with this exact (case-sensitive) name, or NULL. */
HAMLE_EXTERN const char *hamle_game_tag(const hamle_game *g, const char *name);

HAMLE_EXTERN size_t hamle_game_token_count(const hamle_game *g);
HAMLE_EXTERN const hamle_token *hamle_game_tokens(const hamle_game *g); /* array of token_count */

/* The termination marker's result (the last RESULT token at depth 0), or HAMLE_RESULT_NONE. */
HAMLE_EXTERN hamle_result hamle_game_result(const hamle_game *g);

/* The game's decoded text (UTF-8, NUL-terminated), from its first byte to its last; token texts point
 * into it, so `tok->text - hamle_game_text(g, NULL)` is a token's position in it. The rest of the
 * movetext after token i, verbatim, is the text from tokens[i].text to the end. */
HAMLE_EXTERN const char *hamle_game_text(const hamle_game *g, size_t *len);
/* The original bytes of the game (before decoding; only the first max_game_bytes when overflowed). */
HAMLE_EXTERN const unsigned char *hamle_game_raw(const hamle_game *g, size_t *len);
/* The decoding used: HAMLE_ENCODING_UTF8 for valid UTF-8 (incl. ASCII), else the single-byte one
 * (under auto: the fallback code page that decoded the bytes that are not valid UTF-8). */
HAMLE_EXTERN hamle_encoding hamle_game_encoding(const hamle_game *g);

HAMLE_EXTERN size_t hamle_game_finding_count(const hamle_game *g);
HAMLE_EXTERN const hamle_finding *hamle_game_finding_at(const hamle_game *g, size_t i);
/* Number of error findings (including those not kept). 0 = the reader found nothing wrong. */
HAMLE_EXTERN size_t hamle_game_error_count(const hamle_game *g);

/* Repairs the mojibake of loc's input.repair_mojibake (cp1254: Windows-1254 text shown as
 * Windows-1252, Þ þ Ý ý Ð ð for Ş ş İ ı Ğ ğ) in the game's text, tokens and tags, in place (byte
 * lengths do not change), word by word: only when every word of two or more letters holding one of
 * those letters (outside the move tokens) is, once repaired, made of letters of loc's `alphabet`,
 * and at least one such word exists when the text outside the moves has any ("Þórhallsson, Þröstur"
 * and "Guðmundsson" in one game stay as written). One "encoding" warning per repaired word, at its
 * position, with the word before and after. Returns the number of characters repaired; 0 when loc
 * has no such repair. Safe to call twice (the second call finds nothing). */
HAMLE_EXTERN size_t hamle_game_repair_mojibake(hamle_game *g, const hamle_locale *loc);
/* hamle_game_repair_mojibake with the built-in "tr" locale, loaded for the call. */
HAMLE_EXTERN size_t hamle_game_repair_turkish(hamle_game *g);

#ifdef __cplusplus
}
#endif
#endif
