/* error.c: status identifiers and the helpers that fill hamle_error records. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "error_internal.h"

const char *hamle_status_id(int code)
{
	switch (code) {
	case HAMLE_OK: return "ok";
	case HAMLE_ITEROVER: return "end";
	case HAMLE_ENOMEM: return "out-of-memory";
	case HAMLE_EIO: return "io";
	case HAMLE_ELIMIT: return "limit";
	case HAMLE_EBADFEN: return "bad-fen";
	case HAMLE_EENCODING: return "encoding";
	case HAMLE_ELOCALE: return "bad-locale";
	case HAMLE_EUSAGE: return "usage";
	case HAMLE_ESYNTAX: return "syntax";
	case HAMLE_EILLEGAL: return "illegal-move";
	case HAMLE_EAMBIGUOUS: return "ambiguous-move";
	default: return "error";
	}
}

void hamle_error_clear(hamle_error *err)
{
	if (err)
		memset(err, 0, sizeof(*err));
}

const char *hamle_version(void)
{
	return "0.1.0";
}

int hamle_error_set(hamle_error *err, int code, const char *fmt, ...)
{
	if (!err)
		return code;
	err->code = code;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof(err->message), fmt, ap);
	va_end(ap);
	return code;
}

static int is_blank(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

size_t hamle_error_text_line(char *dst, size_t size, const char *text, size_t len)
{
	size_t n = 0, max = size - 1, i = 0;
	while (i < len) {
		if (is_blank((unsigned char)text[i])) {
			while (i < len && is_blank((unsigned char)text[i]))
				i++;
			if (n == max)
				break;
			dst[n++] = ' ';
			continue;
		}
		/* a whole character or nothing: never half a UTF-8 sequence */
		size_t k = 1;
		while (i + k < len && ((unsigned char)text[i + k] & 0xC0) == 0x80)
			k++;
		if (k > max - n)
			break;
		memcpy(dst + n, text + i, k);
		n += k;
		i += k;
	}
	dst[n] = '\0';
	return n;
}

void hamle_error_set_token(hamle_error *err, const char *text, size_t len)
{
	if (!err)
		return;
	hamle_error_text_line(err->token, sizeof(err->token), text, len);
}
