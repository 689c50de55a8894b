/* locale_image_none.c: no compiled locale image, for tools/gen_locale_image.c, which makes the
 * image by building every shipped locale from its document (notation/locale_image.h). */
#include <stddef.h>

#include "notation/locale_image.h"

const struct hamle_locale_image hamle_locale_images[] = {{NULL, NULL}};
