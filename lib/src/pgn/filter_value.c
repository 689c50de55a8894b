/* filter_value.c: the values < <= > >= of --where compare (see hamle/filter.h): numbers as
 * decimals of any length (no conversion, so no overflow and no locale), dates field by field with
 * unknown parts, results from White's side. */
#include <string.h>

#include "pgn/filter_internal.h"

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* A decimal [+-]digits[.digits], the whole of s: its sign and its digits without leading zeros
 * (integer part) and trailing zeros (fraction). */
typedef struct decimal {
	int neg;
	const char *ip, *fp;
	size_t in, fn;
} decimal;

static int read_decimal(const char *s, decimal *d)
{
	d->neg = 0;
	if (*s == '+' || *s == '-')
		d->neg = *s++ == '-';
	const char *start = s;
	while (is_digit(*s))
		s++;
	if (s == start)
		return 0;
	d->ip = start;
	d->in = (size_t)(s - start);
	while (d->in > 0 && *d->ip == '0')
		d->ip++, d->in--;
	d->fp = s;
	d->fn = 0;
	if (*s == '.') {
		d->fp = ++s;
		while (is_digit(*s))
			s++;
		if (s == d->fp)
			return 0;
		d->fn = (size_t)(s - d->fp);
		while (d->fn > 0 && d->fp[d->fn - 1] == '0')
			d->fn--;
	}
	if (d->in == 0 && d->fn == 0)
		d->neg = 0; /* -0 is 0 */
	return *s == '\0';
}

static int compare_decimal(const decimal *a, const decimal *b)
{
	if (a->neg != b->neg)
		return a->neg ? -1 : 1;
	int c = 0;
	if (a->in != b->in)
		c = a->in < b->in ? -1 : 1;
	else if (a->in && (c = memcmp(a->ip, b->ip, a->in)) != 0)
		c = c < 0 ? -1 : 1;
	for (size_t i = 0; c == 0 && (i < a->fn || i < b->fn); i++) {
		char x = i < a->fn ? a->fp[i] : '0', y = i < b->fn ? b->fp[i] : '0';
		if (x != y)
			c = x < y ? -1 : 1;
	}
	return a->neg ? -c : c;
}

/* A PGN date YYYY.MM.DD, any part "??" ("????" for the year) when unknown, and the later parts
 * may be left out ("1990", "1990.05"). */
typedef struct date {
	int part[3];
	int known[3];
	int n;
} date;

static int read_date(const char *s, date *d)
{
	static const size_t width[3] = { 4, 2, 2 };
	d->n = 0;
	for (int i = 0; i < 3; i++) {
		size_t w = width[i], q = 0, k = 0;
		int v = 0;
		for (; k < w && (is_digit(s[k]) || s[k] == '?'); k++) {
			q += s[k] == '?';
			v = v * 10 + (s[k] == '?' ? 0 : s[k] - '0');
		}
		if (k != w || (q != 0 && q != w))
			return 0;
		d->part[i] = v;
		d->known[i] = q == 0;
		d->n++;
		s += w;
		if (*s == '\0')
			return 1;
		if (*s++ != '.' || i == 2)
			return 0;
	}
	return 0;
}

/* 2 for 1-0, 1 for a draw, 0 for 0-1, -1 for anything else ("*" included). */
static int read_result(const char *s)
{
	if (strcmp(s, "1-0") == 0)
		return 2;
	if (strcmp(s, "1/2-1/2") == 0 || strcmp(s, "\xC2\xBD-\xC2\xBD") == 0)
		return 1;
	if (strcmp(s, "0-1") == 0)
		return 0;
	return -1;
}

int hamle_filter_operand_ok(int kind, const char *r)
{
	decimal d;
	date t;
	switch (kind) {
	case FKIND_NUMBER: return read_decimal(r, &d);
	case FKIND_RESULT: return read_result(r) >= 0;
	case FKIND_DATE:
		if (!read_date(r, &t) || !t.known[0])
			return 0;
		for (int i = 1; i < t.n; i++)
			if (t.known[i] && (!t.known[i - 1] || t.part[i] < 1 || t.part[i] > (i == 1 ? 12 : 31)))
				return 0;
		return 1;
	default: return 0;
	}
}

static int holds(int op, int c)
{
	switch (op) {
	case FOP_LT: return c < 0;
	case FOP_LE: return c <= 0;
	case FOP_GT: return c > 0;
	default: return c >= 0;
	}
}

int hamle_filter_relation(int kind, int op, const char *v, const char *r)
{
	if (kind == FKIND_NUMBER) {
		decimal a, b;
		return read_decimal(v, &a) && read_decimal(r, &b) && holds(op, compare_decimal(&a, &b));
	}
	if (kind == FKIND_RESULT) {
		int a = read_result(v), b = read_result(r);
		return a >= 0 && b >= 0 && holds(op, a < b ? -1 : a > b);
	}
	date a, b;
	if (!read_date(v, &a) || !read_date(r, &b))
		return 0;
	/* the operand's known parts in turn; a part of the value that is unknown before the
	 * comparison is decided leaves it undecided, which is false */
	for (int i = 0; i < b.n && b.known[i]; i++) {
		if (i >= a.n || !a.known[i])
			return 0;
		if (a.part[i] != b.part[i])
			return holds(op, a.part[i] < b.part[i] ? -1 : 1);
	}
	return holds(op, 0);
}

/* The contents a square of a board pattern allows, as bits by the index of "PNBRQKpnbrqk." (12:
 * empty): a piece letter, '?' anything, '!' any piece, 'A' a white piece, 'a' a black piece, 'm'
 * anything but a pawn (as [^Pp]); 0 for any other letter. */
static uint16_t letter_mask(char c)
{
	static const char pieces[] = "PNBRQKpnbrqk";
	switch (c) {
	case '?': return FB_ALL;
	case '!': return FB_PIECES;
	case 'A': return 0x003F;
	case 'a': return 0x0FC0;
	case 'm': return FB_ALL & ~(uint16_t)0x0041;
	case '\0': return 0;
	}
	const char *p = strchr(pieces, c);
	return p ? (uint16_t)(1u << (p - pieces)) : 0;
}

/* The class "[...]" at p[0..n) (p[0] == '['): its length up to and with the ']', and the contents
 * it allows in *mask; 0 when it is no class (*bad: the offset of the problem, *why what it is). */
static size_t read_class(const char *p, size_t n, uint16_t *mask, size_t *bad, const char **why)
{
	size_t i = 1;
	int neg = i < n && p[i] == '^';
	uint16_t m = 0;
	for (i += (size_t)neg; i < n && p[i] != ']' && p[i] != '/'; i++) {
		uint16_t b = p[i] == '?' || p[i] == '!' || p[i] == 'm' ? 0 : letter_mask(p[i]);
		if (!b) {
			*bad = i;
			*why = "a class [...] holds piece letters (KQRBNPkqrbnp), 'A' and 'a' ('^' first: any square "
				"but those)";
			return 0;
		}
		m |= b;
	}
	if (i >= n || p[i] != ']') {
		*bad = 0, *why = "'[' without its closing ']'";
		return 0;
	}
	if (!m) {
		*bad = i, *why = "an empty class [] or [^] (write '?' for any square)";
		return 0;
	}
	*mask = neg ? (uint16_t)(FB_ALL & ~m) : m;
	return i + 1;
}

int hamle_filter_board_pattern_ok(const char *p, size_t n, size_t *bad, const char **why)
{
	size_t ranks = 1, squares = 0, start = 0;
	int star = 0;
	for (size_t i = 0; i <= n; i++) {
		char c = i < n ? p[i] : '/';
		uint16_t m;
		if (c == '/') {
			if (squares > 8 || (!star && squares != 8)) {
				*bad = start, *why = "a rank has 8 squares ('*' for any run of them)";
				return 0;
			}
			if (i < n && ++ranks > 8) {
				*bad = i, *why = "a board has 8 ranks";
				return 0;
			}
			squares = 0, start = i + 1, star = 0;
		} else if (c >= '1' && c <= '8') {
			squares += (size_t)(c - '0');
		} else if (c == '*') {
			star = 1;
		} else if (c == '[') {
			size_t len = read_class(p + i, n - i, &m, bad, why);
			if (!len) {
				*bad += i;
				return 0;
			}
			i += len - 1;
			squares++;
		} else if (letter_mask(c)) {
			squares++;
		} else {
			*bad = i;
			*why = "a board pattern has pieces (KQRBNPkqrbnp), 1-8 empty squares, '?', '!', 'A', 'a', 'm', "
				"[classes], '*', '/'";
			return 0;
		}
	}
	if (ranks != 8) {
		*bad = n, *why = "a board has 8 ranks";
		return 0;
	}
	return 1;
}

/* Whether the 8 squares sq (a rank of the board: contents by the index of "PNBRQKpnbrqk.") match
 * the rank pattern pat[0..pn) (masks and FB_STAR): glob matching with '*', iterative (one star
 * remembered). */
static int rank_matches(const uint8_t *sq, const uint16_t *pat, size_t pn)
{
	size_t si = 0, pi = 0, star = (size_t)-1, mark = 0;
	while (si < 8) {
		if (pi < pn && pat[pi] != FB_STAR && ((pat[pi] >> sq[si]) & 1u)) {
			si++, pi++;
		} else if (pi < pn && pat[pi] == FB_STAR) {
			star = pi++;
			mark = si;
		} else if (star != (size_t)-1) {
			pi = star + 1;
			si = ++mark;
		} else {
			return 0;
		}
	}
	while (pi < pn && pat[pi] == FB_STAR)
		pi++;
	return pi == pn;
}

void hamle_filter_board_compile(filter_board *b, const char *p)
{
	memset(b, 0, sizeof(*b));
	for (int r = 0; r < 8; r++) {
		size_t n = 0;
		for (; *p && *p != '/' && *p != ' '; p++) {
			uint16_t m = 0;
			size_t bad;
			const char *why;
			if (*p >= '1' && *p <= '8') {
				for (int k = 0; k < *p - '0' && n < FB_RANK_MAX; k++)
					b->sq[r][n++] = FB_EMPTY;
				continue;
			}
			if (*p == '[') {
				size_t len = read_class(p, strlen(p), &m, &bad, &why);
				if (len)
					p += len - 1;
			} else {
				m = *p == '*' ? FB_STAR : letter_mask(*p);
			}
			if (m && n < FB_RANK_MAX && !(m == FB_STAR && n && b->sq[r][n - 1] == FB_STAR))
				b->sq[r][n++] = m; /* "**" is "*": 8 squares and 9 stars at most */
			if (m == FB_STAR)
				b->star |= (uint8_t)(1u << r);
		}
		b->len[r] = (uint8_t)n;
		if (n == 1 && b->sq[r][0] == FB_STAR)
			b->any |= (uint8_t)(1u << r);
		if (*p == '/')
			p++;
	}
	/* the constrained squares of the ranks without '*', most selective first: one piece, then
	 * empty squares, then the classes */
	for (int pass = 0; pass < 3; pass++)
		for (int r = 0; r < 8; r++) {
			if (b->star & (1u << r))
				continue;
			for (int f = 0; f < 8 && f < b->len[r]; f++) {
				uint16_t m = b->sq[r][f];
				int one = (m & (m - 1)) == 0, kind = m == FB_EMPTY ? 1 : one ? 0 : 2;
				if (m == FB_ALL || kind != pass)
					continue;
				b->fixed_sq[b->nfixed] = (uint8_t)((7 - r) * 8 + f);
				b->fixed_mask[b->nfixed++] = m;
			}
		}
}

void hamle_filter_board_invert(char *out, const char *p, size_t n)
{
	static const char white[] = "KQRBNPA", black[] = "kqrbnpa";
	size_t o = 0, end = n;
	for (;;) {
		size_t start = end;
		while (start > 0 && p[start - 1] != '/')
			start--;
		for (size_t i = start; i < end; i++) {
			const char *w = strchr(white, p[i]), *b = strchr(black, p[i]);
			out[o++] = p[i] && w ? black[w - white] : p[i] && b ? white[b - black] : p[i];
		}
		if (start == 0)
			break;
		out[o++] = '/';
		end = start - 1;
	}
	out[o] = '\0';
}

int hamle_filter_board_rank(const filter_board *b, int r, const uint8_t sq[8])
{
	return rank_matches(sq, b->sq[r], b->len[r]);
}

int hamle_filter_board_squares(const filter_board *b, const uint8_t sq[64])
{
	for (int r = 0; r < 8; r++) {
		const uint8_t *s = sq + r * 8;
		const uint16_t *pat = b->sq[r];
		if (b->star & (1u << r)) {
			if (!rank_matches(s, pat, b->len[r]))
				return 0;
			continue;
		}
		for (int f = 0; f < 8; f++)
			if (!((pat[f] >> s[f]) & 1u))
				return 0;
	}
	return 1;
}

int hamle_filter_board_match(const char *pattern, const char *board)
{
	static const char contents[] = "PNBRQKpnbrqk";
	uint8_t sq[64];
	for (int r = 0; r < 8; r++) {
		int n = 0;
		for (; *board && *board != '/' && *board != ' '; board++) {
			const char *c = strchr(contents, *board);
			if (*board >= '1' && *board <= '8')
				for (int k = 0; k < *board - '0' && n < 8; k++)
					sq[r * 8 + n++] = 12;
			else if (!c || !*c)
				return 0;
			else if (n < 8)
				sq[r * 8 + n++] = (uint8_t)(c - contents);
		}
		if (n != 8)
			return 0;
		if (*board == '/')
			board++;
	}
	filter_board b;
	hamle_filter_board_compile(&b, pattern);
	return hamle_filter_board_squares(&b, sq);
}
