/* testutil.h: locating test data from unit tests. */
#ifndef HAMLE_TESTUTIL_H
#define HAMLE_TESTUTIL_H

#include <stddef.h>

/* Path of a file under testdata/ (HAMLE_TESTDATA), in a static-free caller buffer. */
const char *tu_testdata(char *buf, size_t size, const char *rel);
/* Path under ../shared (HAMLE_SHARED); NULL when ../shared is absent. */
const char *tu_shared(char *buf, size_t size, const char *rel);
/* Reads a whole file; returns malloc'd bytes (NUL-terminated) or NULL. */
char *tu_read_file(const char *path, size_t *len);

#endif
