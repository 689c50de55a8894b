#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

const char *tu_testdata(char *buf, size_t size, const char *rel)
{
	const char *dir = getenv("HAMLE_TESTDATA");
	snprintf(buf, size, "%s/%s", dir ? dir : "testdata", rel);
	return buf;
}

const char *tu_shared(char *buf, size_t size, const char *rel)
{
	const char *dir = getenv("HAMLE_SHARED");
	struct stat st;
	if (!dir || stat(dir, &st) != 0)
		return NULL;
	snprintf(buf, size, "%s/%s", dir, rel);
	return buf;
}

char *tu_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *data = malloc(cap + 1);
	size_t got;
	while (data && (got = fread(data + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			cap *= 2;
			char *bigger = realloc(data, cap + 1);
			if (!bigger) {
				free(data);
				data = NULL;
			}
			data = bigger;
		}
	}
	fclose(f);
	if (!data)
		return NULL;
	data[n] = '\0';
	if (len)
		*len = n;
	return data;
}
