/* encoding.c: decoding a game to UTF-8 (valid UTF-8 kept, the bytes that are not valid UTF-8 alone
 * decoded with a fallback code page) and the doubly-encoded UTF-8 repair. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pgn/encoding.h"
#include "pgn/scan.h"

/* Windows-1252 0x80-0x9F; 0 = undefined. Windows-1254 differs at 0x8E and 0x9E (undefined). */
static const unsigned short cp1252_high[32] = {
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178
};

/* The six bytes where ISO-8859-9 / Windows-1254 differ from Latin-1, with their letters. */
static const struct { unsigned char byte; unsigned short latin, turkish; } tr_bytes[6] = {
	{ 0xD0, 0x00D0, 0x011E }, { 0xDD, 0x00DD, 0x0130 }, { 0xDE, 0x00DE, 0x015E },
	{ 0xF0, 0x00F0, 0x011F }, { 0xFD, 0x00FD, 0x0131 }, { 0xFE, 0x00FE, 0x015F }
};

const char *hamle_encoding_name(hamle_encoding enc)
{
	switch (enc) {
	case HAMLE_ENCODING_UTF8: return "utf-8";
	case HAMLE_ENCODING_CP1254: return "cp1254";
	case HAMLE_ENCODING_ISO8859_9: return "iso-8859-9";
	case HAMLE_ENCODING_LATIN1: return "latin1";
	case HAMLE_ENCODING_CP1252: return "cp1252";
	default: return "auto";
	}
}

static int ascii_ieq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = (*a >= 'A' && *a <= 'Z') ? (char)(*a + 32) : *a;
		if (x != *b)
			return 0;
	}
	return *a == *b;
}

int hamle_encoding_parse(hamle_encoding *out, const char *name)
{
	static const struct { const char *name; hamle_encoding enc; } names[] = {
		{ "auto", HAMLE_ENCODING_AUTO }, { "utf-8", HAMLE_ENCODING_UTF8 }, { "utf8", HAMLE_ENCODING_UTF8 },
		{ "cp1254", HAMLE_ENCODING_CP1254 }, { "windows-1254", HAMLE_ENCODING_CP1254 },
		{ "iso-8859-9", HAMLE_ENCODING_ISO8859_9 }, { "latin5", HAMLE_ENCODING_ISO8859_9 },
		{ "latin1", HAMLE_ENCODING_LATIN1 }, { "latin-1", HAMLE_ENCODING_LATIN1 },
		{ "iso-8859-1", HAMLE_ENCODING_LATIN1 }, { "cp1252", HAMLE_ENCODING_CP1252 },
		{ "windows-1252", HAMLE_ENCODING_CP1252 },
	};
	if (!out || !name)
		return HAMLE_EUSAGE;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (ascii_ieq(name, names[i].name)) {
			*out = names[i].enc;
			return HAMLE_OK;
		}
	}
	return HAMLE_EUSAGE;
}

size_t pgn_utf8_decode(const unsigned char *s, size_t n, unsigned long *cp)
{
	unsigned char c = s[0];
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	size_t len;
	unsigned long v, min;
	if (c >= 0xC2 && c <= 0xDF) { len = 2; v = c & 0x1F; min = 0x80; }
	else if (c >= 0xE0 && c <= 0xEF) { len = 3; v = c & 0x0F; min = 0x800; }
	else if (c >= 0xF0 && c <= 0xF4) { len = 4; v = c & 0x07; min = 0x10000; }
	else return 0;
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		v = (v << 6) | (s[i] & 0x3F);
	}
	if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	*cp = v;
	return len;
}

size_t pgn_utf8_encode(unsigned long cp, char *out)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* Byte that Windows-1252 (or Latin-1) shows as cp, limited to 0x80-0xBF (UTF-8 continuation
 * bytes); -1 otherwise. */
static int cont_byte_of(unsigned long cp)
{
	if (cp >= 0x80 && cp <= 0xBF)
		return (int)cp;
	for (int i = 0; i < 32; i++)
		if (cp1252_high[i] && cp1252_high[i] == cp)
			return 0x80 + i;
	return -1;
}

static int is_control(unsigned long cp)
{
	if (cp < 0x20)
		return !(cp == '\t' || cp == '\n' || cp == '\v' || cp == '\f' || cp == '\r');
	return cp == 0x7F || (cp >= 0x80 && cp <= 0x9F);
}

/* The character of byte c (>= 0x80) in a single-byte encoding; 0 when the byte has none
 * (Windows-1252 0x81 0x8D 0x8F 0x90 0x9D; Windows-1254 also 0x8E 0x9E). */
static unsigned long byte_char(unsigned char c, hamle_encoding enc)
{
	if ((enc == HAMLE_ENCODING_CP1252 || enc == HAMLE_ENCODING_CP1254) && c < 0xA0) {
		if (enc == HAMLE_ENCODING_CP1254 && (c == 0x8E || c == 0x9E))
			return 0;
		return cp1252_high[c - 0x80];
	}
	if (enc == HAMLE_ENCODING_CP1254 || enc == HAMLE_ENCODING_ISO8859_9)
		for (int i = 0; i < 6; i++)
			if (tr_bytes[i].byte == c)
				return tr_bytes[i].turkish;
	return c;
}

#define CH_BAD 1      /* the byte has no character: U+FFFD */
#define CH_FALLBACK 2 /* a byte that is not valid UTF-8, decoded with the fallback code page */

/* Decodes one character of raw at pos: in a single-byte encoding, or in UTF-8 where a byte that
 * starts no valid sequence is decoded alone with the fallback fb (HAMLE_ENCODING_AUTO: none, it is
 * then U+FFFD). *how gets CH_* bits. */
static size_t next_char(const unsigned char *raw, size_t len, size_t pos, hamle_encoding enc,
	hamle_encoding fb, unsigned long *cp, int *how)
{
	unsigned char c = raw[pos];
	*how = 0;
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (enc == HAMLE_ENCODING_UTF8 || enc == HAMLE_ENCODING_AUTO) {
		size_t n = pgn_utf8_decode(raw + pos, len - pos, cp);
		if (n)
			return n;
		if (fb == HAMLE_ENCODING_AUTO) {
			*cp = 0xFFFD;
			*how = CH_BAD;
			return 1;
		}
		*how = CH_FALLBACK;
		enc = fb;
	}
	*cp = byte_char(c, enc);
	if (!*cp) {
		*cp = 0xFFFD;
		*how |= CH_BAD;
	}
	return 1;
}

/* Whether the bytes of s[0..len) that are not valid UTF-8 (the ones the fallback decodes; valid
 * sequences are skipped) look Turkish: Þ/þ used as a piece letter before a square or a capture;
 * or some of the six Turkish bytes (Þ þ Ý ý Ð ð in Latin-1) and more Turkish letters (those six,
 * Ç ç Ü ü Ö ö Â â Î î Û û) than other high bytes (á é í ó ú æ ... which Turkish lacks, so
 * Icelandic "Þórhallsson" stays Latin). */
static int looks_turkish(const unsigned char *s, size_t len)
{
	static const unsigned char shared[] = { 0xC7, 0xE7, 0xDC, 0xFC, 0xD6, 0xF6, 0xC2, 0xE2, 0xCE, 0xEE, 0xDB, 0xFB };
	size_t six = 0, tr = 0, other = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = s[i];
		if (c < 0x80)
			continue;
		unsigned long cp;
		size_t n = pgn_utf8_decode(s + i, len - i, &cp);
		if (n) {
			i += n - 1;
			continue;
		}
		int is_six = 0, is_shared = 0;
		for (int k = 0; k < 6; k++)
			is_six |= tr_bytes[k].byte == c;
		for (size_t k = 0; k < sizeof(shared); k++)
			is_shared |= shared[k] == c;
		if (!is_six) {
			if (is_shared)
				tr++;
			else
				other++;
			continue;
		}
		six++;
		tr++;
		if ((c == 0xDE || c == 0xFE) && i + 2 < len && (i == 0 || s[i - 1] <= ' ' || s[i - 1] == '.')) {
			unsigned char f = s[i + 1], r = s[i + 2];
			if ((f >= 'a' && f <= 'h' && r >= '1' && r <= '8') || f == 'x')
				return 1;
		}
	}
	return six > 0 && tr > other;
}

/* The first byte where UTF-8 decoding fails, or len. */
static size_t first_invalid_utf8(const unsigned char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
#ifdef PGN_SCAN_SSE2
		/* ASCII 16 bytes at a time, up to the next byte from 0x80 */
		for (; i + 16 <= len; i += 16) {
			unsigned m = (unsigned)_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(const void *)(s + i)));
			if (m) {
				i += pgn_ctz(m);
				break;
			}
		}
#endif
		if (i >= len)
			break;
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		unsigned long cp;
		size_t n = pgn_utf8_decode(s + i, len - i, &cp);
		if (n == 0)
			return i;
		i += n;
	}
	return len;
}

typedef struct decoder {
	hamle_game *g;
	const unsigned char *raw;
	size_t len;
	hamle_encoding enc, fb; /* the encoding; for UTF-8, the code page of its invalid bytes */
	size_t line, column;    /* of the character being decoded */
	size_t out;             /* bytes written to the text buffer */
	size_t reported_line;   /* the last line whose fallback bytes were reported (0: none) */
} decoder;

static int push_map(hamle_game *g, size_t dec_end, size_t raw_end)
{
	if (g->map_len == g->map_cap && pgn_grow((void **)&g->map, &g->map_cap, g->map_len + 1,
		    sizeof(*g->map)) < 0)
		return HAMLE_ENOMEM;
	g->map[g->map_len].dec_end = dec_end;
	g->map[g->map_len].raw_end = raw_end;
	g->map_len++;
	return 0;
}

/* Whether s[0..len) is printable ASCII plus HT LF VT FF CR (nothing to decode, nothing to report).
 * Eight bytes at a time: with y = w & 0x7F.., a byte b < 0x80 is below n when b + (0x80 - n) has
 * its high bit clear (no carries cross bytes, since every sum stays below 0x100). */
static int clean_ascii(const unsigned char *s, size_t len)
{
	const uint64_t ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;
	size_t i = 0;
#ifdef PGN_SCAN_SSE2
	/* 32 bytes at a time: printable is 0x20..0x7E as signed bytes (0x80 and up are negative),
	 * the five blanks HT..CR are 9..13 */
	const __m128i lo = _mm_set1_epi8(0x1F), hi = _mm_set1_epi8(0x7F), nine = _mm_set1_epi8(9),
		four = _mm_set1_epi8(4);
	for (; i + 32 <= len; i += 32) {
		__m128i a = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(s + i + 16));
		__m128i pa = _mm_and_si128(_mm_cmpgt_epi8(a, lo), _mm_cmplt_epi8(a, hi));
		__m128i pb = _mm_and_si128(_mm_cmpgt_epi8(b, lo), _mm_cmplt_epi8(b, hi));
		__m128i ta = _mm_sub_epi8(a, nine), tb = _mm_sub_epi8(b, nine);
		pa = _mm_or_si128(pa, _mm_cmpeq_epi8(_mm_min_epu8(ta, four), ta));
		pb = _mm_or_si128(pb, _mm_cmpeq_epi8(_mm_min_epu8(tb, four), tb));
		if (_mm_movemask_epi8(_mm_and_si128(pa, pb)) != 0xFFFF)
			return 0;
	}
#endif
	for (; i + 8 <= len; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, 8);
		uint64_t y = w & ~high;
		uint64_t below09 = ~(y + ones * (0x80 - 0x09)) & high;
		uint64_t below20 = ~(y + ones * (0x80 - 0x20)) & high;
		uint64_t from0e = (y + ones * (0x80 - 0x0E)) & high;
		uint64_t del = (y + ones) & high; /* 0x7F */
		if ((w | below09 | (below20 & from0e) | del) & high)
			return 0;
	}
	for (; i < len; i++) {
		unsigned char c = s[i];
		if (c >= 0x7F || (c < 0x20 && !(c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r')))
			return 0;
	}
	return 1;
}

/* The length of the run of printable ASCII (0x20..0x7E) at s[pos..len): copied as it is by the
 * decoder, sixteen bytes at a time (a game with one letter from 0x80 in a long comment). */
static size_t printable_run(const unsigned char *s, size_t pos, size_t len)
{
	size_t i = pos;
#ifdef PGN_SCAN_SSE2
	const __m128i lo = _mm_set1_epi8(0x1F), hi = _mm_set1_epi8(0x7F);
	for (; i + 16 <= len; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		unsigned ok = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpgt_epi8(v, lo), _mm_cmplt_epi8(v, hi)));
		if (ok != 0xFFFFu)
			return i - pos + (size_t)__builtin_ctz(~ok);
	}
#endif
	while (i < len && s[i] >= 0x20 && s[i] < 0x7F)
		i++;
	return i - pos;
}

/* Tries the doubly-encoded repair at pos: cp0 is the character there (rawlen0 bytes). A repair
 * that would give a control character (C1 U+0080-U+009F from "Â€" .. "ÂŸ") is no repair: the text
 * stays as written, and what the writer makes of it reads back without an error. */
static size_t try_double(const decoder *d, size_t pos, unsigned long cp0, size_t rawlen0,
	unsigned long *fixed)
{
	int need;
	if (cp0 >= 0xC2 && cp0 <= 0xDF)
		need = 1;
	else if (cp0 >= 0xE0 && cp0 <= 0xEF)
		need = 2;
	else
		return 0;
	unsigned char bytes[3] = { (unsigned char)cp0, 0, 0 };
	size_t p = pos + rawlen0;
	for (int k = 1; k <= need; k++) {
		if (p >= d->len)
			return 0;
		unsigned long cp;
		int how;
		size_t n = next_char(d->raw, d->len, p, d->enc, d->fb, &cp, &how);
		int b = (how & CH_BAD) ? -1 : cont_byte_of(cp);
		if (b < 0)
			return 0;
		bytes[k] = (unsigned char)b;
		p += n;
	}
	unsigned long v;
	if (pgn_utf8_decode(bytes, (size_t)need + 1, &v) != (size_t)need + 1 || is_control(v))
		return 0;
	*fixed = v;
	return p - pos;
}

/* "Windows-1254 (Turkish)", the language named in the messages' language, or "Windows-1252". */
static void fallback_name(char *buf, size_t size, const hamle_game *g, hamle_encoding fb)
{
	if (fb == HAMLE_ENCODING_CP1254) {
		const char *tr = hamle_locale_language_name(g->messages, "tr");
		snprintf(buf, size, "Windows-1254 (%s)", tr ? tr : "Turkish");
	} else {
		snprintf(buf, size, "Windows-1252");
	}
}

/* Reports the bytes of the line from pos that are not valid UTF-8 and that the fallback decodes
 * (one "encoding" warning per line, at the first of them, naming each byte and its character;
 * a byte the fallback has no character for is an error of its own). */
static int report_fallback_line(decoder *d, size_t pos)
{
	enum { SHOWN = 8 };
	char list[SHOWN * 12 + 8]; /* ", 0xNN 'c'" is at most 12 bytes (c: 3 bytes at most) */
	size_t ll = 0, count = 0;
	list[0] = '\0';
	unsigned char first = d->raw[pos];
	unsigned long first_cp = 0;
	for (size_t p = pos; p < d->len && d->raw[p] != '\n' && d->raw[p] != '\r';) {
		unsigned long cp;
		int how;
		size_t n = next_char(d->raw, d->len, p, d->enc, d->fb, &cp, &how);
		if (how == CH_FALLBACK) {
			if (count == 0)
				first_cp = cp;
			int w = 0;
			if (count < SHOWN) {
				char ch[4];
				size_t cl = pgn_utf8_encode(cp, ch);
				w = snprintf(list + ll, sizeof(list) - ll, "%s0x%02X '%.*s'", count ? ", " : "",
					d->raw[p], (int)cl, ch);
			} else if (count == SHOWN) {
				w = snprintf(list + ll, sizeof(list) - ll, ", ...");
			}
			if (w > 0)
				ll = ll + (size_t)w < sizeof(list) ? ll + (size_t)w : sizeof(list) - 1;
			count++;
		}
		p += n;
	}
	d->reported_line = d->line;
	size_t off = d->g->offset + pos;
	char as[64], num[24], ch[5];
	fallback_name(as, sizeof(as), d->g, d->fb);
	if (count == 1) {
		size_t cl = pgn_utf8_encode(first_cp, ch);
		ch[cl] = '\0';
		snprintf(num, sizeof(num), "0x%02X", first);
		const char *args[3] = {num, as, ch};
		return pgn_game_add_finding_t(d->g, HAMLE_SEVERITY_WARNING, HAMLE_EENCODING, "encoding", d->line,
			d->column, off, NULL, 0, "fallback_byte", "invalid UTF-8 byte %s decoded as %s '%s'", 3, args);
	}
	snprintf(num, sizeof(num), "%zu", count);
	const char *args[3] = {num, as, list};
	return pgn_game_add_finding_t(d->g, HAMLE_SEVERITY_WARNING, HAMLE_EENCODING, "encoding", d->line,
		d->column, off, NULL, 0, "fallback_bytes", "%s invalid UTF-8 bytes on this line decoded as %s: %s",
		3, args);
}

int pgn_decode(hamle_game *g, const pgn_limits *lim, size_t start_line, size_t start_column)
{
	const unsigned char *raw = g->raw;
	size_t len = g->raw_len;
	g->map_len = 0;
	/* HAMLE_CHUNK_ASCII: the reader saw each byte clean already */
	if (lim->encoding == HAMLE_ENCODING_AUTO && ((g->chunk_flags & HAMLE_CHUNK_ASCII) || clean_ascii(raw, len))) {
		g->text = (char *)g->raw;
		g->text_len = len;
		g->encoding = HAMLE_ENCODING_UTF8;
		g->text_ascii = 1;
		return 0;
	}
	/* auto: UTF-8; when some bytes are not valid UTF-8, those bytes (and only those) are decoded
	 * with one code page chosen for the game */
	decoder d = { g, raw, len, lim->encoding, HAMLE_ENCODING_AUTO, start_line, start_column, 0, 0 };
	if (d.enc == HAMLE_ENCODING_AUTO) {
		d.enc = HAMLE_ENCODING_UTF8;
		if (first_invalid_utf8(raw, len) < len)
			d.fb = looks_turkish(raw, len) ? HAMLE_ENCODING_CP1254 : HAMLE_ENCODING_CP1252;
	}
	g->encoding = d.fb != HAMLE_ENCODING_AUTO ? d.fb : d.enc;
	/* worst case: every byte becomes 3 bytes (U+FFFD or a Windows-125x letter) */
	if (len > ((size_t)-1 - 1 - PGN_TEXT_PAD) / 3 ||
	    pgn_grow((void **)&g->textbuf, &g->text_cap, len * 3 + 1 + PGN_TEXT_PAD, 1) < 0)
		return HAMLE_ENOMEM;
	char *out = g->textbuf;
	size_t pos = 0;
	while (pos < len) {
		unsigned char c = raw[pos];
		if (c >= 0x20 && c < 0x7F) { /* fast path: a run of printable ASCII */
			size_t run = printable_run(raw, pos, len);
			memcpy(out + d.out, raw + pos, run);
			d.out += run;
			pos += run;
			d.column += run;
			continue;
		}
		unsigned long cp;
		int how;
		size_t n = next_char(raw, len, pos, d.enc, d.fb, &cp, &how);
		size_t start_out = d.out, start_pos = pos;
		if (how == CH_FALLBACK && d.reported_line != d.line && report_fallback_line(&d, pos) < 0)
			return HAMLE_ENOMEM;
		unsigned long fixed;
		size_t dn = (how & CH_BAD) ? 0 : try_double(&d, pos, cp, n, &fixed);
		if (dn) {
			char tok[16];
			size_t tl = 0;
			for (size_t k = pos; k < pos + dn && tl + 4 < sizeof(tok); ) {
				unsigned long x; int h2;
				size_t m = next_char(raw, len, k, d.enc, d.fb, &x, &h2);
				tl += pgn_utf8_encode(x, tok + tl);
				k += m;
			}
			char fx[4];
			size_t fl = pgn_utf8_encode(fixed, fx);
			char tz[sizeof(tok) + 1], fz[sizeof(fx) + 1];
			memcpy(tz, tok, tl);
			tz[tl] = '\0';
			memcpy(fz, fx, fl);
			fz[fl] = '\0';
			const char *args[2] = {tz, fz};
			if (pgn_game_add_finding_t(g, HAMLE_SEVERITY_WARNING, HAMLE_EENCODING, "encoding", d.line, d.column,
				    g->offset + pos, tok, tl, "double_utf8", "doubly encoded UTF-8 '%s' repaired as '%s'",
				    2, args) < 0)
				return HAMLE_ENOMEM;
			cp = fixed;
			n = dn;
		} else if (how & CH_BAD) {
			char byte[8];
			snprintf(byte, sizeof(byte), "0x%02X", c);
			const char *args[2] = {byte, hamle_encoding_name(how & CH_FALLBACK ? d.fb : d.enc)};
			if (pgn_game_add_finding_t(g, HAMLE_SEVERITY_ERROR, HAMLE_EENCODING, "encoding", d.line, d.column,
				    g->offset + pos, NULL, 0, "undecodable_byte", "byte %s cannot be decoded as %s", 2, args) < 0)
				return HAMLE_ENOMEM;
		} else if (is_control(cp)) {
			char what[24];
			snprintf(what, sizeof(what), "U+%04lX%s", cp, cp == 0 ? " (NUL)" : "");
			const char *args[1] = {what};
			if (pgn_game_add_finding_t(g, HAMLE_SEVERITY_ERROR, HAMLE_EENCODING, "encoding", d.line, d.column,
				    g->offset + pos, NULL, 0, "control_char", "control character %s", 1, args) < 0)
				return HAMLE_ENOMEM;
			cp = ' ';
		}
		pos += n;
		if (cp == 0xFEFF) { /* a byte order mark inside the input: dropped */
		} else {
			d.out += pgn_utf8_encode(cp, out + d.out);
		}
		if (cp == '\n' || (cp == '\r' && !(pos < len && raw[pos] == '\n'))) {
			d.line++;
			d.column = 1;
		} else if (cp != '\r' && cp != 0xFEFF) {
			d.column++;
		}
		if (d.out - start_out != pos - start_pos && push_map(g, d.out, pos) < 0)
			return HAMLE_ENOMEM;
	}
	memset(out + d.out, 0, 1 + PGN_TEXT_PAD);
	g->text = out;
	g->text_len = d.out;
	return 0;
}
