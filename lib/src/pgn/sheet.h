/* sheet.h: typed scoresheets inside hamle_game_parse (the rules are in hamle/pgn.h): the header
 * and result lines of a chunk with HAMLE_CHUNK_SCORESHEET become tags, findings and the spans of text
 * the lexer skips (scoresheet.c); header values become PGN values (sheet_value.c). */
#ifndef HAMLE_PGN_SHEET_H
#define HAMLE_PGN_SHEET_H

#include <stddef.h>

#include "pgn/game_internal.h"

/* Reads the header lines and the result line of g's decoded text (g->text; start_line and
 * start_column locate its first character) into g's tags (before pgn_lex), findings and spans
 * (g->spans, for pgn_lex), with the header patterns and keys of lim->sheet_locales (NULL: every
 * built-in locale, loaded for the call). Returns 0 or HAMLE_ENOMEM. */
int pgn_sheet_read(hamle_game *g, const pgn_limits *lim, size_t start_line, size_t start_column);

/* Frees a game's scoresheet state (NULL-safe). */
void pgn_sheet_cache_free(struct pgn_sheet_cache *c);

/* What pgn_sheet_value made of a value. */
enum { PGN_VALUE_SAME = 0, PGN_VALUE_CHANGED = 1, PGN_VALUE_UNREADABLE = 2 };
#define PGN_VALUE_MAX 16 /* room for a value pgn_sheet_value writes ("2024.03.12", "1/2-1/2") */

/* Why a value cannot be read (PGN_VALUE_UNREADABLE). */
enum {
	PGN_WHY_NOT_DATE,   /* no day, month and four-digit year (31.02.2024, "spring") */
	PGN_WHY_AMBIGUOUS,  /* day and month could be either way: readings in reading[0], [1] */
	PGN_WHY_NO_MONTH,   /* word[0..word_len) is no month name of the locale */
	PGN_WHY_SHORT_YEAR, /* a year of two digits */
	PGN_WHY_NOT_RESULT  /* a Result that is none */
};
typedef struct pgn_value_why {
	int reason; /* PGN_WHY_* */
	char reading[2][PGN_VALUE_MAX];
	const char *word;
	size_t word_len;
} pgn_value_why;

/* The PGN form of value v[0..n) of tag `tag` (Date: loc's dates facts; Result): SAME (already
 * PGN, or a tag whose values are free text), CHANGED (out[0..*out_len) holds the PGN form), or
 * UNREADABLE (*why says what is wrong: the value stays as written). */
int pgn_sheet_value(const char *tag, const char *v, size_t n, const struct hamle_locale *loc,
	char out[PGN_VALUE_MAX], size_t *out_len, pgn_value_why *why);

#endif
