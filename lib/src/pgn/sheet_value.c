/* sheet_value.c: values of scoresheet header lines in their PGN form: dates as people write them
 * (12.03.2024, 12/03/2024, 2024-03-12, 12 Mart 2024, 12. März 2024, March 12, 2024) as
 * YYYY.MM.DD, with the order of day and month and the month names of the locale whose table has
 * the key; results (1:0, ½-½) as PGN's. */
#include <stdio.h>
#include <string.h>

#include "notation/locale_internal.h"
#include "pgn/sheet.h"

static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

static int is_sep(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '.' || c == '/' || c == '-' || c == ',';
}

/* PGN's own form: YYYY.MM.DD, each field digits or question marks. */
static int pgn_date(const char *v, size_t n)
{
	static const char shape[] = "9999.99.99";
	if (n != 10)
		return 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)v[i];
		if (shape[i] == '.' ? c != '.' : !(is_digit(c) || c == '?'))
			return 0;
	}
	return 1;
}

/* One number or word of a date, and the separators before it. */
struct item {
	const char *s;
	size_t len;
	int num;        /* 1: digits */
	unsigned value; /* of a number */
	char sep[4];    /* the separators before it, as written (at most 3 kept; sep_len counts all) */
	size_t sep_len;
};

static size_t items_of(const char *v, size_t n, struct item *it, size_t max)
{
	size_t k = 0, i = 0;
	while (i < n) {
		struct item x = { NULL, 0, 0, 0, "", 0 };
		while (i < n && is_sep((unsigned char)v[i])) {
			if (x.sep_len < sizeof(x.sep) - 1)
				x.sep[x.sep_len] = v[i];
			x.sep_len++;
			i++;
		}
		if (i == n)
			return k; /* separators at the end ("12. März 2024.") */
		if (k == max)
			return max + 1;
		size_t s = i;
		x.num = is_digit((unsigned char)v[i]);
		while (i < n && !is_sep((unsigned char)v[i]) && is_digit((unsigned char)v[i]) == x.num)
			i++;
		x.s = v + s;
		x.len = i - s;
		for (size_t d = 0; x.num && d < x.len && d < 5; d++)
			x.value = x.value * 10 + (unsigned)(v[s + d] - '0');
		it[k++] = x;
	}
	return k;
}

static unsigned char ascii_lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

/* The month (1..12) a word names in loc, 0 when none: ASCII letters compared without case. */
static int month_of(const struct hamle_locale *loc, const struct item *w)
{
	for (size_t i = 0; loc && i < loc->months.n; i++) {
		const struct hamle_loc_word *m = &loc->months.v[i];
		if (m->len != w->len)
			continue;
		size_t k = 0;
		while (k < w->len && ascii_lower((unsigned char)m->text[k]) == ascii_lower((unsigned char)w->s[k]))
			k++;
		if (k == w->len)
			return m->value;
	}
	return 0;
}

static int days_in(unsigned y, unsigned m)
{
	static const unsigned char d[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	return m == 2 && leap ? 29 : d[m - 1];
}

/* Writes y.m.d; 0 when it is no date. */
static int put_date(char out[PGN_VALUE_MAX], size_t *out_len, unsigned y, unsigned m, unsigned d)
{
	if (y < 1000 || y > 2999 || m < 1 || m > 12 || d < 1 || (int)d > days_in(y, m))
		return 0;
	*out_len = (size_t)snprintf(out, PGN_VALUE_MAX, "%04u.%02u.%02u", y, m, d);
	return 1;
}

static int unreadable(pgn_value_why *why, int reason)
{
	why->reason = reason;
	return PGN_VALUE_UNREADABLE;
}

static int no_month(pgn_value_why *why, const struct item *w)
{
	why->word = w->s;
	why->word_len = w->len;
	return unreadable(why, PGN_WHY_NO_MONTH);
}

static int date(const char *v, size_t n, const struct hamle_locale *loc, char out[PGN_VALUE_MAX],
	size_t *out_len, pgn_value_why *why)
{
	if (pgn_date(v, n))
		return PGN_VALUE_SAME;
	struct item it[3];
	size_t k = items_of(v, n, it, 3);
	if (k == 3 && it[0].num && it[1].num && it[2].num && it[1].sep_len == 1 && it[2].sep_len == 1 &&
	    it[1].sep[0] == it[2].sep[0] && it[1].sep[0] != ' ' && it[1].sep[0] != ',' && it[1].sep[0] != '\t' &&
	    it[0].sep_len == 0) {
		/* numbers only: 12.03.2024, 03/12/2024, 2024-03-12 */
		if (it[0].len == 4 && it[1].len <= 2 && it[2].len <= 2) {
			if (put_date(out, out_len, it[0].value, it[1].value, it[2].value))
				return PGN_VALUE_CHANGED;
		} else if (it[2].len == 4 && it[0].len <= 2 && it[1].len <= 2) {
			unsigned a = it[0].value, b = it[1].value, y = it[2].value;
			int order = loc ? loc->date_order : HAMLE_LOC_DATE_ANY;
			if (order == HAMLE_LOC_DATE_DMY || order == HAMLE_LOC_DATE_MDY) {
				int dmy = order == HAMLE_LOC_DATE_DMY;
				if (put_date(out, out_len, y, dmy ? b : a, dmy ? a : b))
					return PGN_VALUE_CHANGED;
				return unreadable(why, PGN_WHY_NOT_DATE);
			}
			if (a <= 12 && b <= 12 && a != b) {
				snprintf(why->reading[0], PGN_VALUE_MAX, "%04u.%02u.%02u", y % 10000, b, a);
				snprintf(why->reading[1], PGN_VALUE_MAX, "%04u.%02u.%02u", y % 10000, a, b);
				return unreadable(why, PGN_WHY_AMBIGUOUS);
			}
			if (a > 12 ? put_date(out, out_len, y, b, a) : put_date(out, out_len, y, a, b))
				return PGN_VALUE_CHANGED;
		} else if (it[2].len == 2 && it[0].len <= 2 && it[1].len <= 2) {
			return unreadable(why, PGN_WHY_SHORT_YEAR);
		}
		return unreadable(why, PGN_WHY_NOT_DATE);
	}
	if (k == 3 && it[0].num && !it[1].num && it[2].num && it[0].len <= 2 && it[2].len == 4) {
		/* 12 Mart 2024, 12. März 2024, 12-Mar-2024 */
		int m = month_of(loc, &it[1]);
		if (m && put_date(out, out_len, it[2].value, (unsigned)m, it[0].value))
			return PGN_VALUE_CHANGED;
		return m ? unreadable(why, PGN_WHY_NOT_DATE) : no_month(why, &it[1]);
	}
	if (k == 3 && !it[0].num && it[1].num && it[2].num && it[1].len <= 2 && it[2].len == 4) {
		/* March 12, 2024 */
		int m = month_of(loc, &it[0]);
		if (m && put_date(out, out_len, it[2].value, (unsigned)m, it[1].value))
			return PGN_VALUE_CHANGED;
		return m ? unreadable(why, PGN_WHY_NOT_DATE) : no_month(why, &it[0]);
	}
	return unreadable(why, PGN_WHY_NOT_DATE);
}

int pgn_sheet_value(const char *tag, const char *v, size_t n, const struct hamle_locale *loc,
	char out[PGN_VALUE_MAX], size_t *out_len, pgn_value_why *why)
{
	*out_len = 0;
	memset(why, 0, sizeof(*why));
	if (strcmp(tag, "Date") == 0)
		return date(v, n, loc, out, out_len, why);
	if (strcmp(tag, "Result") == 0) {
		hamle_result r = hamle_result_parse(v, n);
		if (r == HAMLE_RESULT_NONE)
			return unreadable(why, PGN_WHY_NOT_RESULT);
		const char *s = hamle_result_string(r);
		*out_len = strlen(s);
		memcpy(out, s, *out_len + 1);
		return *out_len == n && memcmp(s, v, n) == 0 ? PGN_VALUE_SAME : PGN_VALUE_CHANGED;
	}
	return PGN_VALUE_SAME;
}
