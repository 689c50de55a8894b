/* writer_encode.c: the writer's UTF-8 output re-encoded into a legacy single-byte encoding
 * (--output-encoding). A character the encoding cannot hold is an error naming it; never '?'. */
#include <stdio.h>
#include <string.h>

#include "error_internal.h"
#include "pgn/encoding.h"
#include "write/writer_internal.h"

/* Windows-1252 0x80-0x9F (0 = undefined); Windows-1254 is the same there except 0x8E and 0x9E
 * (undefined in 1254). */
static const unsigned short cp1252_80[32] = {
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
	0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161,
	0x203A, 0x0153, 0, 0x017E, 0x0178,
};

/* The six places where ISO-8859-9 / Windows-1254 differ from Latin-1. */
static const struct {
	unsigned char byte;
	unsigned short cp;
} turkish[6] = {
	{ 0xD0, 0x011E }, { 0xDD, 0x0130 }, { 0xDE, 0x015E }, { 0xF0, 0x011F }, { 0xFD, 0x0131 }, { 0xFE, 0x015F },
};

/* Byte for code point cp in enc, or -1. */
static int encode_cp(hamle_encoding enc, unsigned long cp)
{
	int tr = enc == HAMLE_ENCODING_CP1254 || enc == HAMLE_ENCODING_ISO8859_9;
	if (cp < 0x80)
		return (int)cp;
	if (tr) {
		for (int i = 0; i < 6; i++) {
			if (turkish[i].cp == cp)
				return turkish[i].byte;
			if (turkish[i].byte == cp)
				return -1; /* Ð Ý Þ ð ý þ do not exist in the Turkish code pages */
		}
	}
	if (cp >= 0xA0 && cp <= 0xFF)
		return (int)cp;
	if (enc == HAMLE_ENCODING_CP1252 || enc == HAMLE_ENCODING_CP1254) {
		for (int i = 0; i < 32; i++) {
			if (cp1252_80[i] == cp) {
				if (enc == HAMLE_ENCODING_CP1254 && (i == 0x0E || i == 0x1E))
					return -1;
				return 0x80 + i;
			}
		}
	}
	if (enc == HAMLE_ENCODING_LATIN1 && cp >= 0x80 && cp < 0xA0)
		return (int)cp;
	return -1;
}

int hamle_writer_encode(hamle_writer *w, hamle_encoding enc, hamle_error *err)
{
	if (!w)
		return HAMLE_EUSAGE;
	if (enc == HAMLE_ENCODING_UTF8 || enc == HAMLE_ENCODING_AUTO || w->len == 0)
		return 0;
	const unsigned char *s = (const unsigned char *)w->buf;
	size_t n = w->len, line = 1, col = 1;
	/* first pass: check every character, so a failure leaves the text as it was */
	for (size_t i = 0; i < n;) {
		unsigned long cp = s[i];
		size_t k = 1;
		if (cp >= 0x80 && !(k = pgn_utf8_decode(s + i, n - i, &cp)))
			return hamle_error_set(err, HAMLE_EENCODING, "invalid UTF-8 in the output at line %zu", line);
		if (encode_cp(enc, cp) < 0) {
			if (err) {
				hamle_error_set(err, HAMLE_EENCODING, "'%.*s' (U+%04lX) cannot be written in %s", (int)k,
					(const char *)s + i, cp, hamle_encoding_name(enc));
				hamle_error_set_token(err, (const char *)s + i, k);
				err->line = line;
				err->column = col;
				err->offset = i;
			}
			return HAMLE_EENCODING;
		}
		if (cp == '\n') {
			line++;
			col = 1;
		} else {
			col++;
		}
		i += k;
	}
	size_t o = 0;
	for (size_t i = 0; i < n;) {
		unsigned long cp = s[i];
		size_t k = 1;
		if (cp >= 0x80)
			k = pgn_utf8_decode(s + i, n - i, &cp);
		w->buf[o++] = (char)encode_cp(enc, cp);
		i += k;
	}
	w->len = o;
	w->buf[o] = '\0';
	return 0;
}
