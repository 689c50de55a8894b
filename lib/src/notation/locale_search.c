/* locale_search.c: a locale by tag from the caller's directories, else the shipped one
 * (hamle_locale_load_search in hamle/locale.h). The library reads no environment: which
 * directories, and in which order, is the caller's choice. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "error_internal.h"
#include "hamle/locale.h"
#include "notation/locale_build.h"

#define SEARCH_PATH_MAX 4096

/* A tag names a file in a directory: not empty, no '/', not starting with '.'. */
static int tag_is_name(const char *tag)
{
	return tag && tag[0] && tag[0] != '.' && !strchr(tag, '/');
}

int hamle_locale_load_search(hamle_locale **out, const char *tag, const char *const *dirs,
	size_t ndirs, char *path, size_t size, hamle_error *err)
{
	return hamle_locale_load_search_cached(out, tag, dirs, ndirs, path, size, NULL, err);
}

int hamle_locale_load_search_cached(hamle_locale **out, const char *tag, const char *const *dirs,
	size_t ndirs, char *path, size_t size, hamle_locale_cache *cache, hamle_error *err)
{
	char buf[SEARCH_PATH_MAX];
	*out = NULL;
	if (path && size)
		path[0] = '\0';
	if (!tag_is_name(tag))
		return hamle_error_set(err, HAMLE_EUSAGE, "not a locale tag: '%s'", tag ? tag : "(null)");
	for (size_t i = 0; i < ndirs; i++) {
		if (!dirs[i] || !dirs[i][0])
			continue;
		int n = snprintf(buf, sizeof(buf), "%s/%s.yaml", dirs[i], tag);
		if (n < 0 || (size_t)n >= sizeof(buf))
			return hamle_error_set(err, HAMLE_EUSAGE, "locale path too long: %s/%s.yaml", dirs[i], tag);
		FILE *f = fopen(buf, "rb");
		if (!f) {
			if (errno == ENOENT || errno == ENOTDIR)
				continue; /* not in this directory: the next one */
			return hamle_error_set(err, HAMLE_EIO, "%s: %s", buf, strerror(errno));
		}
		if (path && size)
			snprintf(path, size, "%s", buf);
		int rc = loc_load_stream_cached(out, f, buf, cache, err); /* closes f */
		if (err)
			err->source = path && size ? path : NULL; /* buf is gone once this returns */
		if (rc < 0)
			return rc;
		if (strcmp(hamle_locale_tag(*out), tag)) {
			rc = hamle_error_set(err, HAMLE_ELOCALE, "%s: the file of locale '%s' has tag '%s'",
				buf, tag, hamle_locale_tag(*out));
			hamle_locale_free(*out);
			*out = NULL;
			return rc;
		}
		return 0;
	}
	return hamle_locale_load_builtin_cached(out, tag, cache, err);
}
