/* locale_internal.h: the loaded form of a locale, laid out for the SAN reader's hot path.
 *
 * Everything here is immutable after hamle_locale_load_*; every string is NUL-terminated
 * UTF-8 owned by the locale (its arena). Piece types are hamle_piece_type (hamle/position.h):
 * PAWN 0, KNIGHT 1, BISHOP 2, ROOK 3, QUEEN 4, KING 5.
 *
 * Word lists (struct hamle_loc_words) are sorted LONGEST FIRST, so the first entry that is a
 * prefix (or suffix) of the input is the right one: "++" before "+", "S\xCC\xA7" before "S",
 * "0-0-0" before "0-0". Comparisons are byte-exact; every case variant a language accepts is
 * listed in its YAML file (no case folding anywhere). */
#ifndef HAMLE_LOCALE_INTERNAL_H
#define HAMLE_LOCALE_INTERNAL_H

#include <stdint.h>
#include <string.h>

#ifndef PCRE2_CODE_UNIT_WIDTH
#define PCRE2_CODE_UNIT_WIDTH 8
#endif
#include <pcre2.h>

#include "hamle/locale.h"
#include "hamle/position.h"

/* Bits of word_lead[]. */
#define HAMLE_LOC_LEAD_CASTLING 1
#define HAMLE_LOC_LEAD_NULL_MOVE 2

/* Values of piece_byte[] besides a piece type 0..5. */
#define HAMLE_LOC_BYTE_NONE 6  /* = HAMLE_NO_PIECE: this byte starts no piece spelling */
#define HAMLE_LOC_BYTE_MULTI 7 /* some longer spelling starts with this byte: scan piece_alias */

/* Values in the check_marks list. */
#define HAMLE_LOC_CHECK 1
#define HAMLE_LOC_MATE 2
/* Values in the castling list. */
#define HAMLE_LOC_CASTLE_SHORT 0 /* with the h-side rook (O-O) */
#define HAMLE_LOC_CASTLE_LONG 1  /* with the a-side rook (O-O-O) */
/* Values in the results list and indexes of style.result[]. */
#define HAMLE_LOC_RESULT_WHITE 0   /* "1-0" */
#define HAMLE_LOC_RESULT_BLACK 1   /* "0-1" */
#define HAMLE_LOC_RESULT_DRAW 2    /* "1/2-1/2" */
#define HAMLE_LOC_RESULT_UNKNOWN 3 /* "*" */
#define HAMLE_LOC_RESULTS 4

/* Scoresheet patterns (PCRE2, compiled with PCRE2_UTF) and their named groups. */
enum hamle_loc_pattern {
	HAMLE_LOC_PAT_MOVE_PAIR = 0, /* "1. e4 e5", "1 e4 e5", "1) e4", "1.e4", tabs: (?<num>)(?<white>)(?<black>)? */
	HAMLE_LOC_PAT_MOVE_BLACK,    /* "1... e5": (?<num>)(?<black>) */
	HAMLE_LOC_PAT_HEADER,        /* "Beyaz: Ali": (?<key>)(?<value>) */
	HAMLE_LOC_PAT_RESULT,        /* a line holding only a result: (?<result>) */
	HAMLE_LOC_PATTERNS
};

/* Orders of day and month in a numeric date (dates.order). */
#define HAMLE_LOC_DATE_ANY 0 /* "": not fixed (03/04/2024 is ambiguous; 13/04/2024 is not) */
#define HAMLE_LOC_DATE_DMY 1 /* "dmy": 03.04.2024 is 3 April */
#define HAMLE_LOC_DATE_MDY 2 /* "mdy": 03/04/2024 is March 4 */
#define HAMLE_LOC_DATE_YMD 3 /* "ymd": the year first; a date that ends with its year is ambiguous */

/* One spelling and what it means (piece type, castling side, result code, ...). */
struct hamle_loc_word {
	const char *text; /* UTF-8, NUL-terminated */
	uint32_t len;     /* bytes */
	int32_t value;    /* meaning; 0 where the list has one meaning */
};

struct hamle_loc_words {
	const struct hamle_loc_word *v; /* longest first */
	size_t n;
};

/* A promotion form: the piece letter goes between open and close ("=" "", "(" ")", "" ""). */
struct hamle_loc_promo {
	const char *open, *close;
	uint32_t open_len, close_len;
};

/* How a move is written in one form (PGN or FIDE). Strings are never NULL ("" = nothing). */
struct hamle_loc_style {
	const char *castle_short, *castle_long; /* "O-O"/"O-O-O" or "0-0"/"0-0-0" */
	const char *promo_open, *promo_close;   /* around the piece letter: "=" "" or "" "" */
	const char *capture;                    /* "x" */
	const char *check, *mate;               /* "+", "#" */
	const char *en_passant;                 /* appended to an e.p. capture: "" or " e.p." */
	const char *draw_offer;                 /* appended to a move with a draw offer: "" or " (=)" */
	const char *result[HAMLE_LOC_RESULTS];  /* by HAMLE_LOC_RESULT_*: "1-0" or "1:0" ... */
};

/* Words for reading moves aloud (FIDE Laws, Appendix D.2.1, and the locale's piece names). */
struct hamle_loc_spoken {
	const char *file[8];                    /* "Anna" .. "Hector" */
	const char *rank[8];                    /* "eins" .. "acht" */
	const char *piece[6];                   /* by piece type: "Bauer", "Springer", ... */
	const char *castle_short, *castle_long; /* "Kurze Rochade", "Lange Rochade" */
	const char *takes, *check, *mate, *promotes, *en_passant;
};

/* A message template or word (YAML `messages:` and `words:`): its key and text as offsets in the
 * locale's text_pool (no pointer: a shipped locale's hundreds of texts are plain read-only data in
 * the library, locale_image.h, with nothing to relocate as it is loaded). */
struct hamle_loc_text {
	uint32_t key, text; /* NUL-terminated strings at text_pool + key, text_pool + text */
	unsigned nargs; /* placeholders the template takes (fixed by the first, English, definition) */
};

/* A scoresheet header key and the PGN tag it stands for ("Beyaz" -> "White"). */
struct hamle_loc_header {
	const char *key; /* as written in the YAML */
	uint32_t key_len;
	const char *tag; /* PGN tag name */
	int preferred;   /* 1 for the first key listed for its tag: the one written on output */
};

struct hamle_loc_arena;

struct hamle_locale {
	const char *tag;  /* "tr" */
	const char *name; /* "Türkçe" */

	/* ---- reading: piece letters ---- */
	/* First byte of a token -> piece type 0..5, HAMLE_LOC_BYTE_NONE, or HAMLE_LOC_BYTE_MULTI
	 * (then scan piece_alias). Lower-case ASCII letters are never pieces (b is the b-file). */
	uint8_t piece_byte[256];
	/* For the SAN lexer's fast path (made by loc_finish from the lists below): the last byte of a
	 * token -> HAMLE_LOC_CHECK / HAMLE_LOC_MATE when that byte alone is a check or mate mark (the
	 * mate one being the PGN style's) and no longer suffix word of the token reader ends with it;
	 * 0 otherwise. plain_capture: the PGN style's capture mark when it is one byte of the capture
	 * list, else 0. */
	uint8_t plain_mark[256];
	unsigned char plain_capture;
	/* First byte of a word -> HAMLE_LOC_LEAD_CASTLING | HAMLE_LOC_LEAD_NULL_MOVE when some
	 * castling or null-move spelling starts with it (the language detection skips the lists
	 * otherwise). */
	uint8_t word_lead[256];
	/* The PGN style's castling words ("O-O", "O-O-O") when the token reader takes each exactly as
	 * castling with no suffix stripped from it (else NULL): the fast path's castling. */
	const char *plain_castle[2]; /* by HAMLE_LOC_CASTLE_SHORT / _LONG */
	uint32_t plain_castle_len[2];
	/* Every accepted piece spelling (letters, aliases, figurines of both colours), value =
	 * piece type, longest first. Use hamle_loc_read_piece() rather than reading it directly. */
	struct hamle_loc_words piece_alias;
	/* Code points skipped right after a piece spelling (U+FE0E, U+FE0F). */
	struct hamle_loc_words ignore_after_piece;
	/* input.repair_mojibake "cp1254": the game's text, once its moves read in this locale, gets
	 * the repair of Windows-1254 text shown as Windows-1252 (Þ for Ş...); 0 otherwise. */
	int repair_mojibake;
	/* alphabet: the language's letters (every case form listed), sorted code points; NULL and 0
	 * when the locale gives none. The mojibake repair changes a word only into a word of these
	 * letters (pgn/mojibake.c). */
	const uint32_t *alphabet;
	size_t n_alphabet;
	/* The pawn letter accepted on input ("P" in en), NULL when the locale has none. */
	const char *pawn_letter;

	/* ---- reading: marks (all longest first) ---- */
	struct hamle_loc_words castling;    /* value HAMLE_LOC_CASTLE_SHORT/LONG: "0-0", "O–O", "o-o-o" ... */
	struct hamle_loc_words capture;     /* "x", ":" */
	struct hamle_loc_words en_passant;  /* "e.p.", "ep" (glued or after a space: the reader decides) */
	struct hamle_loc_words check_marks; /* value HAMLE_LOC_CHECK ("+") or HAMLE_LOC_MATE ("#", "++") */
	struct hamle_loc_words draw_offer;  /* "(=)" */
	struct hamle_loc_words null_move;   /* "--", "Z0" */
	struct hamle_loc_words results;     /* value HAMLE_LOC_RESULT_*: "1-0", "1:0", "½-½", "0,5-0,5" ... */
	const struct hamle_loc_promo *promo; /* promotion forms, longest (open+close) first */
	size_t n_promo;

	/* ---- writing ---- */
	const char *letter[6];     /* output letter by piece type; letter[HAMLE_PAWN] is "" */
	uint32_t letter_len[6];
	struct hamle_loc_style style[2]; /* by HAMLE_LOCALE_STYLE_PGN / _FIDE */
	int default_style;
	struct hamle_loc_spoken spoken;

	/* ---- messages ---- */
	const char *noun[6];        /* "knight": piece in running text */
	const char *no_piece[6];    /* "no knight" (carries gender: "keine Dame") */
	const char *noun_plural[6]; /* "knights": after a count word ("two rooks"; Turkish keeps singular) */
	const char *const *count_word; /* count_word[i] spells the number i + 2 ("two", "three", ...) */
	size_t n_count_word;
	const struct hamle_loc_text *text; /* messages and words, sorted by key (strcmp) */
	size_t n_text;
	const char *text_pool; /* their keys and texts: hamle_loc_text_key, hamle_loc_text_text */

	/* ---- scoresheets ---- */
	const struct hamle_loc_header *header; /* localized header keys */
	size_t n_header;
	const char *pattern_src[HAMLE_LOC_PATTERNS]; /* regex source text */
	struct loc_regex *pattern_own[HAMLE_LOC_PATTERNS]; /* compiled: hamle_loc_pattern (shared, counted) */
	/* dates on scoresheets (dates: in the YAML): month names, value = month 1..12, longest
	 * first (ASCII letters match without regard to case), and the order of day and month in a
	 * numeric date (HAMLE_LOC_DATE_*) */
	struct hamle_loc_words months;
	int date_order;

	struct hamle_loc_arena *arena; /* owns the strings and arrays above */
};

/* Scoresheet pattern i (HAMLE_LOC_PAT_*) of loc, compiled: a shipped one when first asked for,
 * by whichever thread asks first (locale_regex.c); use it with a match data block of your own.
 * NULL when loc has none, or out of memory. */
const pcre2_code *hamle_loc_pattern(const struct hamle_locale *loc, int i);

/* Key and text of loc's text i (0 <= i < n_text). */
static inline const char *hamle_loc_text_key(const struct hamle_locale *loc, size_t i)
{
	return loc->text_pool + loc->text[i].key;
}

static inline const char *hamle_loc_text_text(const struct hamle_locale *loc, size_t i)
{
	return loc->text_pool + loc->text[i].text;
}

/* Reads the piece spelling at the start of s[0..len): returns its piece type and sets *used
 * to its length in bytes (including ignored U+FE0E/FE0F after it), or returns HAMLE_NO_PIECE
 * (6) with *used = 0. */
static inline int hamle_loc_read_piece(const struct hamle_locale *loc, const char *s, size_t len,
	size_t *used)
{
	*used = 0;
	if (len == 0)
		return HAMLE_NO_PIECE;
	int v = loc->piece_byte[(unsigned char)s[0]];
	size_t n = 1;
	if (v == HAMLE_LOC_BYTE_NONE)
		return HAMLE_NO_PIECE;
	if (v == HAMLE_LOC_BYTE_MULTI) {
		const struct hamle_loc_word *w = loc->piece_alias.v;
		size_t i, cnt = loc->piece_alias.n;
		for (i = 0; i < cnt; i++)
			if (w[i].len <= len && memcmp(w[i].text, s, w[i].len) == 0)
				break;
		if (i == cnt)
			return HAMLE_NO_PIECE;
		v = w[i].value;
		n = w[i].len;
	}
	while (n < len && (unsigned char)s[n] >= 0x80) {
		size_t k, cnt = loc->ignore_after_piece.n;
		const struct hamle_loc_word *w = loc->ignore_after_piece.v;
		for (k = 0; k < cnt; k++)
			if (w[k].len <= len - n && memcmp(w[k].text, s + n, w[k].len) == 0)
				break;
		if (k == cnt)
			break;
		n += w[k].len;
	}
	*used = n;
	return v;
}

/* Whether code point cp is a letter of the locale's alphabet (0 when it gives none). */
static inline int hamle_loc_in_alphabet(const struct hamle_locale *loc, uint32_t cp)
{
	size_t lo = 0, hi = loc->n_alphabet;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (loc->alphabet[mid] == cp)
			return 1;
		if (loc->alphabet[mid] < cp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* Length of the first word of `list` that s[0..len) starts with; 0 when none. *value gets its
 * meaning (may be NULL). */
static inline size_t hamle_loc_match_prefix(const struct hamle_loc_words *list, const char *s,
	size_t len, int *value)
{
	for (size_t i = 0; i < list->n; i++) {
		const struct hamle_loc_word *w = &list->v[i];
		if (w->len <= len && memcmp(w->text, s, w->len) == 0) {
			if (value)
				*value = w->value;
			return w->len;
		}
	}
	return 0;
}

/* Length of the first word of `list` that s[0..len) ends with; 0 when none. */
static inline size_t hamle_loc_match_suffix(const struct hamle_loc_words *list, const char *s,
	size_t len, int *value)
{
	for (size_t i = 0; i < list->n; i++) {
		const struct hamle_loc_word *w = &list->v[i];
		if (w->len <= len && memcmp(w->text, s + len - w->len, w->len) == 0) {
			if (value)
				*value = w->value;
			return w->len;
		}
	}
	return 0;
}

/* 1 when s[0..len) equals a word of `list` (sets *value). */
static inline int hamle_loc_match_exact(const struct hamle_loc_words *list, const char *s,
	size_t len, int *value)
{
	for (size_t i = 0; i < list->n; i++) {
		const struct hamle_loc_word *w = &list->v[i];
		if (w->len == len && memcmp(w->text, s, len) == 0) {
			if (value)
				*value = w->value;
			return 1;
		}
	}
	return 0;
}

/* Expands a template (only %s, %N$s with N 1..9, and %%) with args; snprintf contract. */
int hamle_loc_expand(char *buf, size_t size, const char *tmpl, size_t nargs, const char *const *args);

#endif
