/* locale_build.h: state shared by the locale loader's files while a locale is being read
 * (locale.c: chain of base locales; locale_yaml.c: YAML -> slots; locale_finish.c: slots ->
 * struct hamle_locale; locale_arena.c: memory and templates). Not used after loading. */
#ifndef HAMLE_LOCALE_BUILD_H
#define HAMLE_LOCALE_BUILD_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "notation/locale_internal.h"

/* Limits on locale files (inputs may be untrusted). */
#define LOC_MAX_FILE (1u << 20)   /* bytes of one YAML file */
#define LOC_MAX_LAYERS 4          /* a file, its base, its base's base, ... */
#define LOC_MAX_PAIRS 512         /* pairs in one mapping */
#define LOC_MAX_ITEMS 256         /* items in one list */
#define LOC_MAX_SCALAR 4096       /* bytes of one string */
#define LOC_MAX_DEPTH 4           /* mapping nesting */
#define LOC_MAX_YAML_DEPTH 64     /* nesting of YAML collections while parsing */

/* ---- arena: every string and array of a locale ---- */
struct hamle_loc_arena;
void *loc_arena_alloc(struct hamle_loc_arena **arena, size_t size);
char *loc_arena_strndup(struct hamle_loc_arena **arena, const char *s, size_t len);
void loc_arena_free(struct hamle_loc_arena *arena);

/* ---- where a value was written ---- */
struct loc_mark {
	const char *source; /* caller's name, or the builtin's tag */
	int builtin;        /* 1: source is a builtin tag, shown as locales/TAG.yaml */
	size_t line, column, offset; /* 1-based line/column, 0-based byte offset */
};

struct loc_item {
	const char *text;
	uint32_t len;
	struct loc_mark at;
};

/* Lists: a layer that sets one replaces it whole. */
enum loc_list_id {
	L_ALIAS,                /* + piece type: input.aliases.<piece> */
	L_FIG = L_ALIAS + 6,    /* + piece type: input.figurines.<piece> */
	L_IGNORE = L_FIG + 6,
	L_CASTLE_SHORT, L_CASTLE_LONG, L_CAPTURE, L_EP, L_CHECK, L_MATE, L_DRAW, L_NULL, L_PROMO,
	L_RES,                  /* + HAMLE_LOC_RESULT_* */
	L_FILES = L_RES + HAMLE_LOC_RESULTS, L_RANKS, L_COUNTS,
	L_MONTH,                /* + month - 1: dates.months.<january..december> */
	L_COUNT = L_MONTH + 12
};

struct loc_list {
	struct loc_item *v; /* arena */
	size_t n;
	int set;
	struct loc_mark at;
};

/* Single strings. */
#define STYLE_FIELDS 12 /* castling_short, castling_long, promotion, capture, check, mate,
                         * en_passant, draw_offer, result x4 */
enum loc_scalar_id {
	S_TAG, S_NAME, S_BASE,
	S_LETTER,                              /* + piece type: pieces.<piece> */
	S_DEFAULT_STYLE = S_LETTER + 6,
	S_STYLE,                               /* + style * STYLE_FIELDS + field */
	S_SPOKEN_PIECE = S_STYLE + 2 * STYLE_FIELDS,
	S_SPOKEN_CS = S_SPOKEN_PIECE + 6, S_SPOKEN_CL, S_SPOKEN_TAKES, S_SPOKEN_CHECK, S_SPOKEN_MATE,
	S_SPOKEN_PROMOTES, S_SPOKEN_EP,
	S_NOUN, S_NO_PIECE = S_NOUN + 6, S_PLURAL = S_NO_PIECE + 6,
	S_PATTERN = S_PLURAL + 6,
	S_MOJIBAKE = S_PATTERN + HAMLE_LOC_PATTERNS,  /* input.repair_mojibake */
	S_ALPHABET,                            /* alphabet */
	S_DATE_ORDER,                          /* dates.order */
	S_COUNT
};

struct loc_scalar {
	const char *text; /* NULL = never set */
	uint32_t len;
	struct loc_mark at;
};

struct loc_header_set {
	const char *tag; /* PGN tag */
	struct loc_list keys;
};

struct loc_text_entry {
	const char *key, *text;
	size_t key_len;
	unsigned nargs;
	int key_copied; /* key is the locale's own copy (not a compiled-in document's string) */
};

struct loc_build {
	struct hamle_locale *loc;
	hamle_error *err;
	struct loc_list list[L_COUNT];
	struct loc_scalar scalar[S_COUNT];
	struct loc_text_entry *text; /* malloc */
	size_t n_text, cap_text;
	uint32_t *text_ix; /* malloc: open-addressed index into text (entry + 1; 0 = free), 2 * cap_text slots */
	struct loc_header_set *hdr; /* malloc */
	size_t n_hdr, cap_hdr;
	struct loc_mark doc_start; /* of the file being applied / of the leaf after loading */
	int static_doc; /* the document being applied is compiled in (locale_docs.h): its strings
	                 * last as long as the program and are kept as they are, not copied */
	struct loc_regex **shared; /* a cache's compiled patterns (HAMLE_LOC_PATTERNS), or NULL */
};

/* Sets err (HAMLE_ELOCALE, "SOURCE:LINE:COLUMN: message"); returns HAMLE_ELOCALE. */
int loc_fail(struct loc_build *b, const struct loc_mark *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Sets err to HAMLE_ENOMEM; returns HAMLE_ENOMEM. */
int loc_nomem(struct loc_build *b);

/* Refuses YAML nested deeper than LOC_MAX_YAML_DEPTH collections (locale_yaml.c): libyaml parses
 * deep nesting in time quadratic in the depth, so this walks the events, counting the depth as they
 * arrive, and stops at the cap. Returns 0 (also for malformed YAML: the loader reports that) or
 * HAMLE_ELOCALE with the line and column of the collection that goes too deep. */
int loc_check_depth(struct loc_build *b, const unsigned char *data, size_t len, const char *source,
	int builtin);

/* hamle_locale_load_file through cache (NULL: none) for a file whose bytes are a shipped locale's
 * (locale.c; hamle_locale_load_search_cached loads the files it finds with it). */
int loc_load_file_cached(hamle_locale **out, const char *path, hamle_locale_cache *cache, hamle_error *err);
/* Shipped locale tag built from its compiled-in document through cache (NULL: none), as the
 * image of it (locale_image.h) was made: what hamle_locale_load_builtin_cached loads without the
 * image (the image's generator, and the tests comparing the two). */
int loc_load_builtin_built(hamle_locale **out, const char *tag, hamle_locale_cache *cache, hamle_error *err);
/* The same for the file open as f (read to its end and closed here, whatever the outcome). */
int loc_load_stream_cached(hamle_locale **out, FILE *f, const char *path, hamle_locale_cache *cache,
	hamle_error *err);

/* Applies one YAML document, in the loader's form (locale_docs.h), to b (locale_yaml.c). */
struct loc_doc;
int loc_apply_document(struct loc_build *b, const struct loc_doc *doc, const char *source, int builtin);

/* Checks a template: only %s, %N$s (N 1..9, not mixed with %s) and %%. *nargs gets the number
 * of arguments it takes. Returns 0, or -1 with *bad set to the offending byte offset. */
int loc_template_check(const char *tmpl, unsigned *nargs, size_t *bad);

/* Rebuilds ix (2 * cap slots) as the index of the n entries of text. */
void loc_text_reindex(const struct loc_text_entry *text, size_t n, uint32_t *ix, size_t cap);

/* FNV-1a of a key (the text index, the duplicate-key check). */
uint32_t loc_key_hash(const char *key, size_t len);

/* Sets a text (message or word); checks the template against an earlier definition. key and
 * text are copied unless key_kept / text_kept say that they outlive the locale (NUL-terminated,
 * never freed: a compiled-in document's). */
int loc_set_text(struct loc_build *b, const char *key, size_t key_len, int key_kept, const char *text,
	size_t len, int text_kept, const struct loc_mark *at);

/* input.repair_mojibake and alphabet into b->loc (locale_repair.c). */
int loc_make_repair(struct loc_build *b);

/* The texts (messages, words) and scoresheet header keys into b->loc (locale_texts.c). */
int loc_make_texts_and_headers(struct loc_build *b);

/* dates.order and dates.months into b->loc (locale_dates.c). */
int loc_make_dates(struct loc_build *b);

/* A pattern's source text and its compiled code, counted references (locale_regex.c). */
struct loc_regex {
	_Atomic(pcre2_code *) code; /* NULL until first asked for (a shipped pattern's) */
	atomic_uint refs;
	int jit;    /* JIT-compile it when compiling it here */
	size_t len;
	char src[]; /* len bytes and a NUL */
};
/* Takes code, compiled already, or NULL: compiled (and with jit JIT-compiled) when first asked
 * for by hamle_loc_pattern. NULL when out of memory (code is not freed). */
struct loc_regex *loc_regex_new(pcre2_code *code, const char *src, size_t len, int jit);
struct loc_regex *loc_regex_ref(struct loc_regex *r);
/* src[0..len) compiled in UTF mode (with jit also JIT-compiled where PCRE2 can: else it is
 * interpreted, the same matches); NULL with *err (a PCRE2 error code) and *off set. */
pcre2_code *loc_regex_compile(const char *src, size_t len, int jit, int *err, size_t *off);
void loc_regex_unref(struct loc_regex *r); /* NULL-safe */
bool loc_regex_same(const struct loc_regex *r, const char *src, size_t len);

/* Turns the slots into b->loc (locale_finish.c). */
int loc_finish(struct loc_build *b);

#endif
