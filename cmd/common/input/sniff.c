/* sniff.c: a move number followed by a move in the first lines of a text (see sniff.h). */
#include "sniff.h"

#include <errno.h>
#include <string.h>

#define MAX_PREFIX 12 /* bytes before the square: figurine + variation selector + "b1x" fits */

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_file(char c)
{
	return c >= 'a' && c <= 'h';
}

static bool is_rank(char c)
{
	return c >= '1' && c <= '8';
}

/* Length of the dash at t[0..n): '-', en dash or em dash (UTF-8); 0 when none. */
static size_t dash_len(const char *t, size_t n)
{
	if (n >= 1 && t[0] == '-')
		return 1;
	if (n >= 3 && (unsigned char)t[0] == 0xE2 && (unsigned char)t[1] == 0x80 &&
		((unsigned char)t[2] == 0x93 || (unsigned char)t[2] == 0x94))
		return 3;
	return 0;
}

/* 0-0, O-O, o-o (and the long forms, which start so). */
static bool is_castling(const char *t, size_t n)
{
	char c = n ? t[0] : '\0';
	if (c != '0' && c != 'O' && c != 'o')
		return false;
	size_t d = dash_len(t + 1, n - 1);
	return d > 0 && 1 + d < n && t[1 + d] == c;
}

/* What may stand before the square: piece letters of any locale (upper-case ASCII or non-ASCII
 * bytes), an origin file or rank, capture marks and the hyphen of long algebraic. */
static bool prefix_byte(char c)
{
	return (c >= 'A' && c <= 'Z') || (unsigned char)c >= 0x80 || is_file(c) || is_rank(c) ||
		c == 'x' || c == ':' || c == '-';
}

bool hamle_sniff_move(const char *t, size_t n)
{
	if (is_castling(t, n))
		return true;
	for (size_t i = 0; i < n && i <= MAX_PREFIX; i++) {
		if (is_file(t[i]) && i + 1 < n && is_rank(t[i + 1])) {
			char after = i + 2 < n ? t[i + 2] : ' ';
			if (!(after >= 'a' && after <= 'z') && !is_digit(after))
				return true;
		}
		if (!prefix_byte(t[i]))
			return false;
	}
	return false;
}

/* Bytes of the separator after a move number at s[0..n): blanks, '.', ')', '…'; 0 when none. */
static size_t separator_len(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		if (is_blank(s[i]) || s[i] == '.' || s[i] == ')')
			i++;
		else if (i + 3 <= n && (unsigned char)s[i] == 0xE2 && (unsigned char)s[i + 1] == 0x80 &&
			(unsigned char)s[i + 2] == 0xA6)
			i += 3;
		else
			break;
	}
	return i;
}

/* A move number followed by a move somewhere in line s[0..n). */
static bool line_has_move(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (!is_digit(s[i]) || (i > 0 && !is_blank(s[i - 1])))
			continue;
		size_t d = i;
		while (d < n && is_digit(s[d]) && d - i < 5)
			d++;
		if (d - i > 4)
			continue;
		size_t sep = separator_len(s + d, n - d);
		if (sep == 0)
			continue;
		size_t t = d + sep, e = t;
		while (e < n && !is_blank(s[e]) && s[e] != '\r')
			e++;
		if (e > t && hamle_sniff_move(s + t, e - t))
			return true;
	}
	return false;
}

bool hamle_sniff_text(const char *text, size_t len)
{
	size_t pos = 0;
	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
		pos = 3;
	for (int line = 0; line < HAMLE_SNIFF_LINES && pos < len; line++) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - text) : len;
		if (line_has_move(text + pos, end - pos))
			return true;
		pos = end + 1;
	}
	return false;
}

int hamle_sniff_file(FILE *f, char *buf)
{
	size_t got = 0;
	int lines = 0;
	errno = 0;
	while (got < HAMLE_SNIFF_BYTES && lines < HAMLE_SNIFF_LINES) {
		size_t want = HAMLE_SNIFF_BYTES - got < 8192 ? HAMLE_SNIFF_BYTES - got : 8192;
		size_t n = fread(buf + got, 1, want, f);
		for (const char *p = buf + got, *end = buf + got + n;
			lines < HAMLE_SNIFF_LINES && (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
			lines++;
		got += n;
		if (n < want)
			break;
	}
	if (ferror(f)) {
		if (errno == 0)
			errno = EIO;
		return -1;
	}
	bool moves = hamle_sniff_text(buf, got);
	clearerr(f);
	if (fseek(f, 0, SEEK_SET) != 0)
		return -1;
	return moves ? 1 : 0;
}
