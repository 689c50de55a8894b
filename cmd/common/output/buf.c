/* buf.c: growable byte buffer (see buf.h). */
#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hamle_buf_init(hamle_buf *b)
{
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
	b->oom = false;
}

void hamle_buf_free(hamle_buf *b)
{
	if (!b)
		return;
	free(b->data);
	hamle_buf_init(b);
}

void hamle_buf_clear(hamle_buf *b)
{
	b->len = 0;
	if (b->data)
		b->data[0] = '\0';
}

/* Room for `extra` more bytes plus the terminating NUL. */
static int reserve(hamle_buf *b, size_t extra)
{
	if (b->oom)
		return -1;
	if (extra >= (size_t)-1 / 2 - b->len) {
		b->oom = true;
		return -1;
	}
	size_t need = b->len + extra + 1;
	if (need <= b->cap)
		return 0;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < need)
		cap *= 2;
	char *p = realloc(b->data, cap);
	if (!p) {
		b->oom = true;
		return -1;
	}
	b->data = p;
	b->cap = cap;
	return 0;
}

int hamle_buf_append(hamle_buf *b, const void *data, size_t len)
{
	if (reserve(b, len) < 0)
		return -1;
	if (len)
		memcpy(b->data + b->len, data, len);
	b->len += len;
	b->data[b->len] = '\0';
	return 0;
}

int hamle_buf_putc(hamle_buf *b, char c)
{
	return hamle_buf_append(b, &c, 1);
}

int hamle_buf_puts(hamle_buf *b, const char *s)
{
	return hamle_buf_append(b, s, strlen(s));
}

int hamle_buf_printf(hamle_buf *b, const char *fmt, ...)
{
	va_list ap, ap2;
	va_start(ap, fmt);
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || reserve(b, (size_t)n) < 0) {
		if (n < 0)
			b->oom = true;
		va_end(ap2);
		return -1;
	}
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	b->len += (size_t)n;
	return 0;
}

bool hamle_buf_failed(const hamle_buf *b)
{
	return b->oom;
}

void hamle_buf_trim(hamle_buf *b, size_t max)
{
	if (b && b->cap > max)
		hamle_buf_free(b);
}

int hamle_bytes_copy(unsigned char **data, size_t *cap, const void *src, size_t len)
{
	if (!*data || *cap < len + 1) {
		size_t want = len + 1 < 4096 ? 4096 : len + 1;
		unsigned char *d = realloc(*data, want);
		if (!d)
			return -1;
		*data = d;
		*cap = want;
	}
	memcpy(*data, src, len);
	(*data)[len] = '\0';
	return 0;
}

void hamle_bytes_trim(unsigned char **data, size_t *cap, size_t max)
{
	if (*cap > max) {
		free(*data);
		*data = NULL;
		*cap = 0;
	}
}
