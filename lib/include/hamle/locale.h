/* hamle/locale.h: languages of chess notation (piece letters, marks, words, messages).
 *
 * A locale is read from YAML (locales/NAME.yaml, embedded in the library at build time, or any
 * file or buffer) with libyaml. Every locale inherits the keys it does not set from its base
 * (`base:` key, default "en"), so adding a language is adding one YAML file.
 *
 * A loaded locale is immutable: share it freely between threads; free it once. */
#ifndef HAMLE_LOCALE_H
#define HAMLE_LOCALE_H

#include "hamle/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hamle_locale hamle_locale;

/* Output forms a locale describes (section `output:` of the YAML). */
#define HAMLE_LOCALE_STYLE_PGN 0  /* PGN export: O-O, e8=Q, no e.p. */
#define HAMLE_LOCALE_STYLE_FIDE 1 /* FIDE scoresheet: 0-0, e8Q, exd6 e.p., (=) */

/* Loads a shipped locale by tag ("en", "tr", ...). Unknown tag: HAMLE_ELOCALE.
 * *out belongs to the caller (hamle_locale_free). */
HAMLE_EXTERN int hamle_locale_load_builtin(hamle_locale **out, const char *tag, hamle_error *err);
/* A cache for loading several shipped locales: their scoresheet patterns are then one compiled
 * pattern each, shared (compiled when first matched), where the locales' patterns are the same.
 * Owned by the caller (hamle_locale_cache_new -> ..._free, NULL-safe); one thread at a time; the
 * locales loaded through it do not depend on it (free it once loading is done). */
typedef struct hamle_locale_cache hamle_locale_cache;
HAMLE_EXTERN int hamle_locale_cache_new(hamle_locale_cache **out);
HAMLE_EXTERN void hamle_locale_cache_free(hamle_locale_cache *c);
/* hamle_locale_load_builtin through cache (NULL: none). */
HAMLE_EXTERN int hamle_locale_load_builtin_cached(hamle_locale **out, const char *tag,
	hamle_locale_cache *cache, hamle_error *err);
/* Loads a locale from a YAML file (at most 1 MiB). */
HAMLE_EXTERN int hamle_locale_load_file(hamle_locale **out, const char *path, hamle_error *err);
/* Loads a locale from YAML bytes; source_name (e.g. the path; NULL = "<buffer>") names the
 * input in error messages. */
HAMLE_EXTERN int hamle_locale_load_buffer(hamle_locale **out, const char *data, size_t len,
	const char *source_name, hamle_error *err);
/* Loads the locale tagged `tag` from the first of dirs[0..ndirs) that holds a file TAG.yaml, else
 * the shipped one (hamle_locale_load_builtin). The library reads no environment variable: the
 * caller names the directories and their order (the hamle tools search
 * $XDG_DATA_HOME/hamle/locales, then <datadir>/hamle/locales). A file found is loaded or is the
 * error, never skipped for the next directory, and its locale must have the tag of its name
 * (HAMLE_ELOCALE otherwise). When path is not NULL, path[0..size) receives the file loaded ("" for
 * a shipped locale) and err->source points at it. A tag that is empty, holds '/' or starts with
 * '.' is HAMLE_EUSAGE; a tag found nowhere is HAMLE_ELOCALE. NULL entries in dirs are skipped. */
HAMLE_EXTERN int hamle_locale_load_search(hamle_locale **out, const char *tag,
	const char *const *dirs, size_t ndirs, char *path, size_t size, hamle_error *err);
/* hamle_locale_load_search, a shipped locale loaded through cache (NULL: none). */
HAMLE_EXTERN int hamle_locale_load_search_cached(hamle_locale **out, const char *tag,
	const char *const *dirs, size_t ndirs, char *path, size_t size, hamle_locale_cache *cache,
	hamle_error *err);
/* A malformed locale fails with HAMLE_ELOCALE; err->message reads "SOURCE:LINE:COLUMN: problem",
 * err->line/column/offset locate the problem (1-based; offset 0-based bytes) and err->source
 * points at the source name given by the caller (or a static string for builtins). */

/* NULL-safe. */
HAMLE_EXTERN void hamle_locale_free(hamle_locale *loc);

/* Tag ("tr") and human name ("Türkçe") of the locale; borrowed from loc. */
HAMLE_EXTERN const char *hamle_locale_tag(const hamle_locale *loc);
HAMLE_EXTERN const char *hamle_locale_name(const hamle_locale *loc);

/* Tag of the i-th shipped locale (sorted by tag); NULL past the end. Static text. */
HAMLE_EXTERN const char *hamle_locale_builtin_tag(size_t i);

/* A message template or word by key ("no_piece_can_reach", "white", ...), from this locale or
 * the locales it inherits from (ultimately English). NULL for an unknown key. Templates use
 * only %s (arguments in order) or %N$s (argument N, 1-based) and %%. */
HAMLE_EXTERN const char *hamle_locale_message(const hamle_locale *loc, const char *key);

/* The name of the language tagged `tag` ("tr") in loc's language: loc's words.language_<tag>
 * ("Turkish" in en, "Türkçe" in tr, "Türkisch" in de); NULL when loc has no name for it. */
HAMLE_EXTERN const char *hamle_locale_language_name(const hamle_locale *loc, const char *tag);

/* Fills the template `key` with args[0..nargs-1] (no printf: the template is data), snprintf
 * contract: returns the length of the full text (excluding NUL), writes at most size bytes.
 * A placeholder with no argument expands to "". Unknown key: returns -1 and writes "". */
HAMLE_EXTERN int hamle_locale_format(char *buf, size_t size, const hamle_locale *loc,
	const char *key, size_t nargs, const char *const *args);

/* Output letter of a piece type (hamle_piece_type: pawn 0 .. king 5); "" for the pawn and for
 * out-of-range values. */
HAMLE_EXTERN const char *hamle_locale_piece_letter(const hamle_locale *loc, int piece);
/* Lower-case noun of a piece for messages ("knight", "at"); "" when out of range. */
HAMLE_EXTERN const char *hamle_locale_piece_noun(const hamle_locale *loc, int piece);
/* Spoken name of a piece ("Springer"); "" when out of range. */
HAMLE_EXTERN const char *hamle_locale_piece_spoken(const hamle_locale *loc, int piece);

/* HAMLE_LOCALE_STYLE_PGN or _FIDE: the form the locale writes unless told otherwise. */
HAMLE_EXTERN int hamle_locale_default_style(const hamle_locale *loc);

/* Scoresheet header key ("Beyaz", exact bytes, ASCII letters compared without case) to its PGN
 * tag ("White"); NULL when the locale does not know the key. */
HAMLE_EXTERN const char *hamle_locale_header_tag(const hamle_locale *loc, const char *key, size_t len);
/* PGN tag to the locale's preferred header key ("White" -> "Beyaz"); NULL when none. */
HAMLE_EXTERN const char *hamle_locale_header_key(const hamle_locale *loc, const char *tag);

#ifdef __cplusplus
}
#endif
#endif
