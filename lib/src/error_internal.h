/* error_internal.h: filling hamle_error records inside the library. */
#ifndef HAMLE_ERROR_INTERNAL_H
#define HAMLE_ERROR_INTERNAL_H

#include "hamle/common.h"

/* Sets code and a printf-formatted message (NULL-safe on err); returns code. */
int hamle_error_set(hamle_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Copies a token into err->token, truncated on a character boundary, on one line (as
 * hamle_error_text_line). */
void hamle_error_set_token(hamle_error *err, const char *text, size_t len);
/* Copies text[0..len) into dst (size > 0, NUL-terminated), each run of blanks and line ends
 * written as one space ("exd6" and "e.p." on two lines are one token), truncated on a character
 * boundary. Returns the length written. */
size_t hamle_error_text_line(char *dst, size_t size, const char *text, size_t len);

#endif
