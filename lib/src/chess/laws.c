/* laws.c: which of the FIDE Laws' date-dependent rules apply on a date (see hamle/rules.h). A date
 * with unknown parts is the range of days it could be; a rule is decided by it only when it came
 * into force before the first of those days or after the last. */
#include "hamle/rules.h"

/* The rules whose force depends on the date, and the day each came into force (YYYYMMDD). */
static const struct law_date {
	unsigned int flag;
	unsigned long since;
} law_dates[] = {
	{HAMLE_LAW_FIVEFOLD_AUTOMATIC, 20140701ul},     /* Laws of 2014, Art. 9.6.1 */
	{HAMLE_LAW_SEVENTY_FIVE_AUTOMATIC, 20140701ul}, /* Laws of 2014, Art. 9.6.2 */
	{HAMLE_LAW_ELECTRONIC_SCORESHEET, 20230101ul},  /* Laws of 2023, Art. 8.1.1.2 */
};

#define YEAR_MAX 9999u

/* The rules for a game played on some day of [lo, hi] (YYYYMMDD). */
static void laws_between(hamle_laws *out, unsigned long lo, unsigned long hi)
{
	out->in_force = out->uncertain = 0;
	for (size_t i = 0; i < sizeof(law_dates) / sizeof(law_dates[0]); i++) {
		if (hi < law_dates[i].since)
			continue; /* not in force on any of the days */
		out->in_force |= law_dates[i].flag;
		if (lo < law_dates[i].since)
			out->uncertain |= law_dates[i].flag; /* in force on some days only: as today */
	}
}

static unsigned long ymd(unsigned year, unsigned month, unsigned day)
{
	return (unsigned long)year * 10000ul + month * 100ul + day;
}

/* A month or day known to lie in [*lo, *hi] (from its digits), made a range of real values in
 * 1..max: 0 alone means unknown. Returns 0, or -1 when no value of the range is possible. */
static int part_range(unsigned *lo, unsigned *hi, unsigned max)
{
	if (*hi == 0) {
		*lo = 1;
		*hi = max;
		return 0;
	}
	if (*lo > max)
		return -1;
	if (*lo == 0)
		*lo = 1;
	if (*hi > max)
		*hi = max;
	return 0;
}

void hamle_laws_on(hamle_laws *out, unsigned year, unsigned month, unsigned day)
{
	if (!out)
		return;
	if (year == 0) {
		laws_between(out, 0, ymd(YEAR_MAX, 12, 31));
		return;
	}
	if (year > YEAR_MAX)
		year = YEAR_MAX;
	unsigned mlo = month, mhi = month, dlo = day, dhi = day;
	if (month > 12)
		mlo = mhi = 0;
	if (day > 31)
		dlo = dhi = 0;
	part_range(&mlo, &mhi, 12);
	part_range(&dlo, &dhi, 31);
	laws_between(out, ymd(year, mlo, dlo), ymd(year, mhi, dhi));
}

/* n characters of s, each a digit or '?': the smallest and largest numbers they can be. Returns 0,
 * or -1 when another character is among them. */
static int date_digits(const char *s, size_t n, unsigned *lo, unsigned *hi)
{
	unsigned a = 0, b = 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c >= '0' && c <= '9') {
			a = a * 10 + (unsigned)(c - '0');
			b = b * 10 + (unsigned)(c - '0');
		} else if (c == '?') {
			a = a * 10;
			b = b * 10 + 9;
		} else {
			return -1;
		}
	}
	*lo = a;
	*hi = b;
	return 0;
}

int hamle_laws_for_date(hamle_laws *out, const char *date)
{
	if (!out)
		return HAMLE_EUSAGE;
	out->in_force = out->uncertain = HAMLE_LAWS_CURRENT; /* an unknown date, as hamle_laws_on */
	if (!date || !date[0])
		return HAMLE_OK;
	size_t len = 0;
	while (len < 11 && date[len])
		len++;
	/* "YYYY", "YYYY.MM" or "YYYY.MM.DD" */
	if ((len != 4 && len != 7 && len != 10) || (len > 4 && date[4] != '.') || (len > 7 && date[7] != '.'))
		return HAMLE_ESYNTAX;
	unsigned ylo, yhi, mlo = 0, mhi = 0, dlo = 0, dhi = 0;
	if (date_digits(date, 4, &ylo, &yhi) < 0 || (len > 4 && date_digits(date + 5, 2, &mlo, &mhi) < 0) ||
		(len > 7 && date_digits(date + 8, 2, &dlo, &dhi) < 0))
		return HAMLE_ESYNTAX;
	if (part_range(&mlo, &mhi, 12) < 0 || part_range(&dlo, &dhi, 31) < 0)
		return HAMLE_ESYNTAX;
	if (yhi == 0)
		return HAMLE_OK; /* "0000": no year, an unknown date */
	laws_between(out, ymd(ylo, mlo, dlo), ymd(yhi, mhi, dhi));
	return HAMLE_OK;
}
