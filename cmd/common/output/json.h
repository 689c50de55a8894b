/* json.h: a tiny JSON writer for JSON Lines, appending to a hamle_buf.
 *
 *   hamle_buf b = HAMLE_BUF_INIT; hamle_json j;
 *   hamle_json_init(&j, &b);
 *   hamle_json_object_begin(&j);
 *   hamle_json_kv_string(&j, "source", "a.pgn");
 *   hamle_json_kv_uint(&j, "game", 3);
 *   hamle_json_key(&j, "path"); hamle_json_array_begin(&j); hamle_json_uint(&j, 1); hamle_json_array_end(&j);
 *   hamle_json_object_end(&j);
 *   hamle_json_newline(&j);                -> {"source":"a.pgn","game":3,"path":[1]}\n
 *   if (hamle_json_error(&j)) ...          (misuse or out of memory; sticky)
 *
 * Compact output, commas placed automatically, nesting tracked in a fixed array (no recursion).
 * Strings: '"' and '\\' escaped; \b \f \n \r \t; other controls (and DEL) as \u00XX; valid UTF-8
 * passes through as is (U+2028/U+2029 escaped for JavaScript); each byte of invalid UTF-8 (stray
 * continuation, overlong form, surrogate, above U+10FFFF, truncated sequence) becomes \ufffd.
 * Non-finite doubles are written as null. */
#ifndef HAMLE_CLI_JSON_H
#define HAMLE_CLI_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

#define HAMLE_JSON_MAX_DEPTH 64

typedef enum { HAMLE_JSON_OK = 0, HAMLE_JSON_ENOMEM = 1, HAMLE_JSON_EMISUSE = 2 } hamle_json_status;

typedef struct hamle_json {
	hamle_buf *buf; /* borrowed */
	unsigned depth;
	unsigned char kind[HAMLE_JSON_MAX_DEPTH];  /* '{' or '[' */
	unsigned char count[HAMLE_JSON_MAX_DEPTH]; /* 0 before the first member, then 1 */
	bool want_value;                           /* a key was written, its value is due */
	int status;                                /* hamle_json_status, sticky */
} hamle_json;

void hamle_json_init(hamle_json *j, hamle_buf *b);

void hamle_json_object_begin(hamle_json *j);
void hamle_json_object_end(hamle_json *j);
void hamle_json_array_begin(hamle_json *j);
void hamle_json_array_end(hamle_json *j);
void hamle_json_key(hamle_json *j, const char *key);

void hamle_json_string(hamle_json *j, const char *s);   /* NULL writes null */
void hamle_json_stringn(hamle_json *j, const char *s, size_t len); /* may hold NUL bytes */
void hamle_json_int(hamle_json *j, long long v);
void hamle_json_uint(hamle_json *j, unsigned long long v);
void hamle_json_double(hamle_json *j, double v);
void hamle_json_bool(hamle_json *j, bool v);
void hamle_json_null(hamle_json *j);

/* key + value in one call. */
void hamle_json_kv_string(hamle_json *j, const char *key, const char *s);
void hamle_json_kv_int(hamle_json *j, const char *key, long long v);
void hamle_json_kv_uint(hamle_json *j, const char *key, unsigned long long v);
void hamle_json_kv_bool(hamle_json *j, const char *key, bool v);

/* Ends a JSON Lines record with '\n'; misuse unless every container is closed. */
void hamle_json_newline(hamle_json *j);

/* HAMLE_JSON_OK, or the first problem seen. */
int hamle_json_error(const hamle_json *j);

/* Appends s (len bytes) as a quoted, escaped JSON string to b. 0 or -1 (out of memory). */
int hamle_json_escape(hamle_buf *b, const char *s, size_t len);

#endif
