/* game_internal.h: the game object shared by the reader, the lexer and the modules above (replay,
 * writer). All arrays are reused across games by hamle_reader_next_reuse / hamle_game_parse. */
#ifndef HAMLE_PGN_GAME_INTERNAL_H
#define HAMLE_PGN_GAME_INTERNAL_H

#include "hamle/pgn.h"

/* Decoded-to-raw offset map: after decoded byte dec_end the raw offset is raw_end (relative to the
 * game start). Entries only where decoding changed byte counts; empty when the text is identical. */
typedef struct pgn_map_entry {
	size_t dec_end, raw_end;
} pgn_map_entry;

/* Readable bytes after the NUL that ends g->raw and g->text (zeroed), so the lexer may load 16
 * bytes at any position up to the NUL. */
#define PGN_TEXT_PAD 32

/* Limits resolved from hamle_reader_options (0 replaced by defaults). */
typedef struct pgn_limits {
	hamle_encoding encoding;
	int text_ascii; /* 1: text is all ASCII, 0: it is not, -1: not known */
	unsigned int flags;
	size_t max_game_bytes, max_comment_bytes, max_tag_bytes, max_depth, max_tokens, max_findings;
	const hamle_locale *repair; /* HAMLE_READ_REPAIR_TR: its locale, NULL = the built-in "tr" */
	const hamle_locale *messages; /* NULL: English */
	const hamle_locale *const *sheet_locales; /* scoresheet headers; NULL = every built-in one */
	size_t n_sheet_locales;
} pgn_limits;

/* A part of a game's decoded text [start, end) that is no movetext (a scoresheet header line,
 * the key of its result line): the lexer skips it. */
typedef struct pgn_span {
	size_t start, end;
} pgn_span;

struct pgn_sheet_cache; /* scoresheet reading's reusable state (pgn/sheet.h) */

/* A reader flag for the tests alone: the lexer's inline path for plain movetext (lex_plain) off, so
 * that its tokens can be compared with the general path's. */
#define PGN_READ_NO_INLINE_LEX 0x80000000u

void pgn_limits_resolve(pgn_limits *out, const hamle_reader_options *opts);

struct hamle_game {
	char *source; /* owned copy */
	size_t source_cap;
	size_t index, line, column, offset;
	unsigned int chunk_flags;

	unsigned char *raw; /* original bytes, NUL-terminated */
	size_t raw_len, raw_cap;
	char *text; /* decoded UTF-8, NUL-terminated; == (char *)raw when decoding changed nothing */
	size_t text_len, text_cap;
	char *textbuf; /* owned decoding buffer (text points here when decoded) */
	pgn_map_entry *map;
	size_t map_len, map_cap;
	hamle_encoding encoding;
	int text_ascii; /* 1: text is all ASCII, 0: it is not, -1: not known */

	hamle_token *tokens;
	size_t ntokens, tokens_cap;
	hamle_tag *tags;
	size_t ntags, tags_cap;
	char *strs; /* tag names and values, NUL-separated; tag pointers fixed after lexing */
	size_t strs_len, strs_cap;

	hamle_finding *findings;
	size_t nfindings, findings_cap, findings_dropped, nerrors;
	size_t nerrors_structure; /* errors but encoding ones (those only counted too): the writer's */
	size_t max_findings;
	const hamle_locale *messages; /* language of the findings' messages (NULL: English) */
	hamle_result result;
	uint64_t move_first[4]; /* first bytes of the MOVE tokens, a bit each (language detection) */
	size_t nvars;           /* VAR_START tokens (the replay copies positions only where there are) */
	size_t first_move[128]; /* index of the first MOVE token that starts with ASCII byte c, where
	                         * move_first has c's bit (language detection's shapes) */
	size_t movetext_at;     /* where the lexer stopped in text (its end, unless a limit or a tags-only
	                         * lex stopped it sooner) */
	size_t movetext_start;  /* where the movetext starts in text: its first character that is not
	                         * part of a tag pair or an escape line (text_len when none) */
	size_t first_note;      /* index of the first {hamle: error ...} comment token, (size_t)-1 if none */
	int comment_pct;        /* a comment token may hold a '%' (0: none does, so no [%clk]; the
	                         * lexer's plain path looks, the general path sets it) */
	pgn_span *spans;        /* scoresheet lines the lexer skips, in text order */
	size_t nspans, spans_cap;
	struct pgn_sheet_cache *sheet; /* owned; NULL until a scoresheet is read */
};

/* Quick test whether s[0..len) (len >= 1) may be a termination marker: every form starts with 0, 1,
 * * or '½', ends with 0, 1, 2, 5, * or '½', and is "*" or has - : / , '½' (its second byte), an en or
 * em dash, or ".5" after its first character. hamle_result_parse decides. */
static inline int pgn_may_be_result(const unsigned char *s, size_t len)
{
	unsigned char a = s[0], z = s[len - 1];
	if (!((a == '0' || a == '1' || a == '*' || a == 0xC2) &&
	      (z == '0' || z == '1' || z == '2' || z == '5' || z == '*' || z == 0xBD)))
		return 0;
	if (len == 1)
		return 1;
	unsigned char b = s[1];
	if (b == '.')
		return len > 2 && s[2] == '5';
	return b == '-' || b == ':' || b == '/' || b == ',' || b == 0xBD || b == 0xE2;
}

/* hamle_game_parse; with tags_only the lexer stops where the movetext starts (g->movetext_at) and no
 * movetext token is made. */
int pgn_game_parse(hamle_game **inout, const hamle_chunk *chunk, const hamle_reader_options *opts,
	int tags_only);

/* Resets a game for reuse, keeping its buffers. */
void pgn_game_reset(hamle_game *g);
/* Raw offset (relative to the game start) of a decoded position. */
size_t pgn_game_raw_pos(const hamle_game *g, size_t dec_pos);
/* Appends a finding at a location (line/column and the absolute byte offset in the input).
 * Returns 0 or HAMLE_ENOMEM. */
int pgn_game_add_finding(hamle_game *g, hamle_severity sev, int code, const char *id,
	size_t line, size_t column, size_t offset, const char *token, size_t token_len,
	const char *fmt, ...) __attribute__((format(printf, 10, 11)));
/* The same with a message of the messages locale: template `key` of g->messages filled with
 * args[0..nargs) (strings), or `english` (a template of the same form) when there is no messages
 * locale or it lacks the key. locales/en.yaml holds the same English text under the same key. */
int pgn_game_add_finding_t(hamle_game *g, hamle_severity sev, int code, const char *id,
	size_t line, size_t column, size_t offset, const char *token, size_t token_len,
	const char *key, const char *english, size_t nargs, const char *const *args);
/* Appends a tag (name[0..nlen), value[0..vlen)) at a position (the absolute byte offset in the
 * input), its strings in g->strs as the lexer leaves them until pgn_lex fixes the pointers (so
 * call it before pgn_lex). Returns 0 or HAMLE_ENOMEM. */
int pgn_game_add_tag(hamle_game *g, const char *name, size_t nlen, const char *value, size_t vlen,
	size_t line, size_t column, size_t offset);
/* Grows *buf (element size elem) to hold at least need elements. Returns 0 or HAMLE_ENOMEM. */
int pgn_grow(void **buf, size_t *cap, size_t need, size_t elem);

#endif
