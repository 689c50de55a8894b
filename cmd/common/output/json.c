/* json.c: compact JSON writer with correct UTF-8 handling (see json.h). */
#include "json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hamle_json_init(hamle_json *j, hamle_buf *b)
{
	memset(j, 0, sizeof(*j));
	j->buf = b;
}

static void set_status(hamle_json *j, int status)
{
	if (j->status == HAMLE_JSON_OK)
		j->status = status;
}

static void put(hamle_json *j, const char *s, size_t len)
{
	if (hamle_buf_append(j->buf, s, len) < 0)
		set_status(j, HAMLE_JSON_ENOMEM);
}

/* Before any value: a comma when needed; inside an object a key must come first. */
static bool before_value(hamle_json *j)
{
	if (j->status)
		return false;
	if (j->depth == 0)
		return true;
	unsigned d = j->depth - 1;
	if (j->kind[d] == '{') {
		if (!j->want_value) {
			set_status(j, HAMLE_JSON_EMISUSE);
			return false;
		}
		j->want_value = false;
		return true;
	}
	if (j->count[d])
		put(j, ",", 1);
	j->count[d] = 1;
	return true;
}

static void open_container(hamle_json *j, char kind)
{
	if (!before_value(j))
		return;
	if (j->depth >= HAMLE_JSON_MAX_DEPTH) {
		set_status(j, HAMLE_JSON_EMISUSE);
		return;
	}
	j->kind[j->depth] = (unsigned char)kind;
	j->count[j->depth] = 0;
	j->depth++;
	put(j, &kind, 1);
}

static void close_container(hamle_json *j, char kind, char close)
{
	if (j->status)
		return;
	if (j->depth == 0 || j->kind[j->depth - 1] != (unsigned char)kind || j->want_value) {
		set_status(j, HAMLE_JSON_EMISUSE);
		return;
	}
	j->depth--;
	put(j, &close, 1);
}

void hamle_json_object_begin(hamle_json *j) { open_container(j, '{'); }
void hamle_json_object_end(hamle_json *j) { close_container(j, '{', '}'); }
void hamle_json_array_begin(hamle_json *j) { open_container(j, '['); }
void hamle_json_array_end(hamle_json *j) { close_container(j, '[', ']'); }

void hamle_json_key(hamle_json *j, const char *key)
{
	if (j->status)
		return;
	if (j->depth == 0 || j->kind[j->depth - 1] != '{' || j->want_value || !key) {
		set_status(j, HAMLE_JSON_EMISUSE);
		return;
	}
	unsigned d = j->depth - 1;
	if (j->count[d])
		put(j, ",", 1);
	j->count[d] = 1;
	if (hamle_json_escape(j->buf, key, strlen(key)) < 0)
		set_status(j, HAMLE_JSON_ENOMEM);
	put(j, ":", 1);
	j->want_value = true;
}

/* Length of the valid UTF-8 sequence at s (1-4), or 0 when the byte at s does not start one. */
static size_t utf8_valid(const unsigned char *s, size_t avail)
{
	unsigned char c = s[0];
	size_t n;
	unsigned char lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF) {
		n = 2;
	} else if (c >= 0xE0 && c <= 0xEF) {
		n = 3;
		if (c == 0xE0)
			lo = 0xA0; /* no overlong forms */
		else if (c == 0xED)
			hi = 0x9F; /* no surrogates */
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4;
		if (c == 0xF0)
			lo = 0x90;
		else if (c == 0xF4)
			hi = 0x8F; /* nothing above U+10FFFF */
	} else {
		return 0;
	}
	if (avail < n || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xBF)
			return 0;
	return n;
}

int hamle_json_escape(hamle_buf *b, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, run = 0; /* s[run..i) is copied as is */
	char esc[8];
	if (hamle_buf_putc(b, '"') < 0)
		return -1;
	while (i < len) {
		unsigned char c = s[i];
		const char *rep = NULL;
		size_t n = 1;
		if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
			i++;
			continue;
		}
		switch (c) {
		case '"': rep = "\\\""; break;
		case '\\': rep = "\\\\"; break;
		case '\b': rep = "\\b"; break;
		case '\f': rep = "\\f"; break;
		case '\n': rep = "\\n"; break;
		case '\r': rep = "\\r"; break;
		case '\t': rep = "\\t"; break;
		default:
			if (c < 0x20 || c == 0x7F) {
				snprintf(esc, sizeof(esc), "\\u%04x", c);
				rep = esc;
			} else {
				n = utf8_valid(s + i, len - i);
				if (n == 0) {
					rep = "\\ufffd";
					n = 1;
				} else if (n == 3 && c == 0xE2 && s[i + 1] == 0x80 && (s[i + 2] == 0xA8 || s[i + 2] == 0xA9)) {
					rep = s[i + 2] == 0xA8 ? "\\u2028" : "\\u2029";
				}
			}
			break;
		}
		if (!rep) { /* valid multibyte character: keep it in the run */
			i += n;
			continue;
		}
		if (hamle_buf_append(b, s + run, i - run) < 0 || hamle_buf_puts(b, rep) < 0)
			return -1;
		i += n;
		run = i;
	}
	if (hamle_buf_append(b, s + run, i - run) < 0 || hamle_buf_putc(b, '"') < 0)
		return -1;
	return 0;
}

void hamle_json_stringn(hamle_json *j, const char *s, size_t len)
{
	if (!before_value(j))
		return;
	if (hamle_json_escape(j->buf, s, len) < 0)
		set_status(j, HAMLE_JSON_ENOMEM);
}

void hamle_json_string(hamle_json *j, const char *s)
{
	if (!s) {
		hamle_json_null(j);
		return;
	}
	hamle_json_stringn(j, s, strlen(s));
}

static void put_number(hamle_json *j, const char *text)
{
	if (before_value(j))
		put(j, text, strlen(text));
}

void hamle_json_int(hamle_json *j, long long v)
{
	char t[32];
	snprintf(t, sizeof(t), "%lld", v);
	put_number(j, t);
}

void hamle_json_uint(hamle_json *j, unsigned long long v)
{
	char t[32];
	snprintf(t, sizeof(t), "%llu", v);
	put_number(j, t);
}

void hamle_json_double(hamle_json *j, double v)
{
	char t[40];
	if (!isfinite(v)) {
		hamle_json_null(j);
		return;
	}
	snprintf(t, sizeof(t), "%.15g", v); /* shortest of the two forms that reads back exactly */
	if (strtod(t, NULL) != v)
		snprintf(t, sizeof(t), "%.17g", v);
	put_number(j, t);
}

void hamle_json_bool(hamle_json *j, bool v)
{
	put_number(j, v ? "true" : "false");
}

void hamle_json_null(hamle_json *j)
{
	put_number(j, "null");
}

void hamle_json_kv_string(hamle_json *j, const char *key, const char *s)
{
	hamle_json_key(j, key);
	hamle_json_string(j, s);
}

void hamle_json_kv_int(hamle_json *j, const char *key, long long v)
{
	hamle_json_key(j, key);
	hamle_json_int(j, v);
}

void hamle_json_kv_uint(hamle_json *j, const char *key, unsigned long long v)
{
	hamle_json_key(j, key);
	hamle_json_uint(j, v);
}

void hamle_json_kv_bool(hamle_json *j, const char *key, bool v)
{
	hamle_json_key(j, key);
	hamle_json_bool(j, v);
}

void hamle_json_newline(hamle_json *j)
{
	if (j->status)
		return;
	if (j->depth != 0 || j->want_value) {
		set_status(j, HAMLE_JSON_EMISUSE);
		return;
	}
	put(j, "\n", 1);
}

int hamle_json_error(const hamle_json *j)
{
	return j->status;
}
