/* buf.h: a growable byte buffer, e.g. the text one pool item produces, written out in order later.
 * Allocation failure is sticky: later appends do nothing and hamle_buf_failed() says so. */
#ifndef HAMLE_CLI_BUF_H
#define HAMLE_CLI_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct hamle_buf {
	char *data;  /* NUL-terminated when non-NULL; owned */
	size_t len;
	size_t cap;
	bool oom;
} hamle_buf;

#define HAMLE_BUF_INIT {NULL, 0, 0, false}

void hamle_buf_init(hamle_buf *b);
void hamle_buf_free(hamle_buf *b);   /* releases memory, back to the init state; NULL-safe */
void hamle_buf_clear(hamle_buf *b);  /* len = 0, keeps the memory for reuse */
void hamle_buf_trim(hamle_buf *b, size_t max); /* releases the memory when more than max is held */
int hamle_buf_append(hamle_buf *b, const void *data, size_t len); /* 0 or -1 (out of memory) */
int hamle_buf_putc(hamle_buf *b, char c);
int hamle_buf_puts(hamle_buf *b, const char *s);
int hamle_buf_printf(hamle_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool hamle_buf_failed(const hamle_buf *b);

/* A pool item's own copy of raw bytes (a game chunk: the reader reuses its buffer at the next
 * call). *data (capacity *cap, at least 4 KB once set) receives src[0..len) and a NUL after it;
 * 0, or -1 when out of memory (the old buffer is kept). */
int hamle_bytes_copy(unsigned char **data, size_t *cap, const void *src, size_t len);
/* Lets go of *data when its capacity is over max (a huge game's), so memory stays bounded. */
void hamle_bytes_trim(unsigned char **data, size_t *cap, size_t max);

#endif
