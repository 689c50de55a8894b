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

void hamle_error_set_token(hamle_error *err, const char *text, size_t len)
{
	if (!err)
		return;
	size_t max = sizeof(err->token) - 1;
	if (len > max) {
		len = max;
		/* do not cut a UTF-8 sequence in half */
		while (len > 0 && ((unsigned char)text[len] & 0xC0) == 0x80)
			len--;
	}
	memcpy(err->token, text, len);
	err->token[len] = '\0';
}
