/* locale_image.h: the shipped locales as built, compiled into the library
 * (build/lib/generated/locale_image.c, written at build time by tools/gen_locale_image.c from
 * locales/NAME.yaml through the library's own loader), so that loading a shipped locale copies one
 * finished structure instead of building it: the tools load every shipped locale at start-up.
 *
 * An image's strings and arrays are read-only data shared by every copy; a copy owns only itself
 * and its scoresheet patterns (compiled when first matched, locale_regex.c). */
#ifndef HAMLE_LOCALE_IMAGE_H
#define HAMLE_LOCALE_IMAGE_H

#include "notation/locale_internal.h"

struct hamle_locale_image {
	const char *tag;                 /* file name without .yaml, e.g. "tr" */
	const struct hamle_locale *loc;  /* arena and pattern_own NULL */
};

/* In the order of the file names; ends with {NULL, NULL}. Empty in the generator itself
 * (tools/locale_image_none.c), which builds every locale from its document. */
extern const struct hamle_locale_image hamle_locale_images[];

#endif
