/* locale_embedded.h: the YAML files of locales/ compiled into the library
 * (build/lib/generated/locales_embedded.c, written by tools/embed_locales.cmake). */
#ifndef HAMLE_LOCALE_EMBEDDED_H
#define HAMLE_LOCALE_EMBEDDED_H

#include <stddef.h>

struct hamle_embedded_locale {
	const char *tag;           /* file name without .yaml, e.g. "tr" */
	const unsigned char *data; /* file bytes, NUL-terminated */
	size_t size;               /* bytes, excluding the NUL */
};

/* Sorted by tag; ends with {NULL, NULL, 0}. */
extern const struct hamle_embedded_locale hamle_embedded_locales[];

#endif
