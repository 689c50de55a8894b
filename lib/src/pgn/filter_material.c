/* filter_material.c: the material signatures of --where Material (see hamle/filter.h), as
 * pgn-extract's -y/-z material files write a side: per piece letter a count, a range or a
 * relation to the other side's pieces of that kind; read once when the expression is compiled,
 * then tested on each position of the mainline. */
#include <string.h>

#include "chess/position_internal.h"
#include "hamle/filter.h"
#include "pgn/filter_internal.h"

/* The piece kind of a letter of either case: pawn..king, FM_MINOR for L (a bishop or a knight),
 * or -1. */
static int piece_kind(char c)
{
	static const char letters[] = "PNBRQKL";
	char u = c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
	const char *p = u ? strchr(letters, u) : NULL;
	return p ? (int)(p - letters) : -1;
}

static const char usage_why[] = "a material signature is piece letters (KQRBNPL White, kqrbnpl Black), each "
	"with an optional count and then '+' (or more), '-' (or fewer), '*' (any number), '?' (at most one), "
	"or a relation to the other side's: '=', '#', '>', '<', '>=', '<=', as KRPkr or KR+P+kr=p#";

/* The mark after a letter and its count at v[*i..n): its FM_* (FM_EXACT without one); *i moves past
 * it. */
static int read_mark(const char *v, size_t n, size_t *i)
{
	char c = *i < n ? v[*i] : '\0', d = *i + 1 < n ? v[*i + 1] : '\0';
	int occurs = FM_EXACT;
	switch (c) {
	case '+': occurs = FM_AT_LEAST; break;
	case '-': occurs = FM_AT_MOST; break;
	case '*': occurs = FM_ANY; break;
	case '?': occurs = FM_AT_MOST_ONE; break;
	case '=': occurs = FM_SAME; break;
	case '#': occurs = FM_OTHER; break;
	case '>': occurs = d == '=' ? FM_MORE_BY : FM_MORE; break;
	case '<': occurs = d == '=' ? FM_FEWER_BY : FM_FEWER; break;
	default: return FM_EXACT;
	}
	*i += occurs == FM_MORE_BY || occurs == FM_FEWER_BY ? 2 : 1;
	return occurs;
}

int hamle_filter_material_read(filter_material *m, const char *v, size_t n, size_t *bad, const char **why)
{
	memset(m, 0, sizeof(*m));
	uint8_t seen[2][FM_KINDS];
	memset(seen, 0, sizeof(seen));
	int any = 0;
	size_t i = 0;
	/* "N:" first: how many plies the material lasts (pgn-extract's stability, its default 2) */
	while (i < n && v[i] >= '0' && v[i] <= '9' && m->plies <= 10000)
		m->plies = m->plies * 10 + (unsigned)(v[i++] - '0');
	if (i > 0 && (i >= n || v[i] != ':' || m->plies > 10000)) {
		*bad = i < n && v[i] == ':' ? 0 : i;
		*why = "a stability is 'N:' before the signature (N plies, at most 10000), as 2:KRPkr";
		return HAMLE_EUSAGE;
	}
	if (i > 0)
		i++;
	while (i < n) {
		int t = piece_kind(v[i]);
		if (t < 0) {
			*bad = i, *why = usage_why;
			return HAMLE_EUSAGE;
		}
		int color = v[i] >= 'a' ? HAMLE_BLACK : HAMLE_WHITE;
		size_t at = i++;
		unsigned count = 1;
		int digits = i < n && v[i] >= '0' && v[i] <= '9';
		if (digits) {
			count = 0;
			while (i < n && v[i] >= '0' && v[i] <= '9' && count < 100)
				count = count * 10 + (unsigned)(v[i++] - '0');
		}
		size_t mark_at = i;
		int occurs = read_mark(v, n, &i);
		/* a count, a range or a distance is written once; a plain count may be added to */
		int plain = occurs == FM_EXACT || occurs == FM_AT_LEAST;
		if (seen[color][t] && (!plain || !(seen[color][t] & 1u))) {
			*bad = at, *why = "a piece with a range or a relation is written once for its side";
			return HAMLE_EUSAGE;
		}
		if (digits && (occurs == FM_ANY || occurs == FM_AT_MOST_ONE || occurs == FM_SAME || occurs == FM_OTHER)) {
			*bad = mark_at, *why = "'*', '?', '=' and '#' take no count before them";
			return HAMLE_EUSAGE;
		}
		if (t == HAMLE_KING && (count != 1 || occurs != FM_EXACT || seen[color][t])) {
			*bad = at, *why = "each side has one king";
			return HAMLE_EUSAGE;
		}
		if (count > 64) {
			*bad = at, *why = "more pieces than squares";
			return HAMLE_EUSAGE;
		}
		if ((t == FM_MINOR && (seen[color][HAMLE_BISHOP] || seen[color][HAMLE_KNIGHT])) ||
		    ((t == HAMLE_BISHOP || t == HAMLE_KNIGHT) && seen[color][FM_MINOR])) {
			*bad = at, *why = "L (a bishop or a knight) and B or N are not written for one side";
			return HAMLE_EUSAGE;
		}
		if (occurs == FM_ANY || occurs == FM_SAME || occurs == FM_OTHER)
			count = 0;
		if (plain && seen[color][t])
			count += m->count[color][t];
		m->count[color][t] = (uint8_t)(count > 64 ? 64 : count);
		if (!seen[color][t] || occurs == FM_AT_LEAST)
			m->occurs[color][t] = (uint8_t)occurs;
		seen[color][t] = (uint8_t)(plain ? 1 : 2);
		if (t == FM_MINOR)
			m->minor[color] = 1;
		any = 1;
	}
	if (!any) {
		*bad = i;
		*why = "expected a material signature, as KRPkr";
		return HAMLE_EUSAGE;
	}
	/* the kings need not be written */
	for (int c = 0; c < 2; c++)
		m->count[c][HAMLE_KING] = 1;
	return 0;
}

/* Whether a side with n pieces of a kind, against the other side's opp, meets count and occurs
 * (the distances of < > <= >= are count). */
static int holds(int occurs, unsigned count, unsigned n, unsigned opp)
{
	switch (occurs) {
	case FM_EXACT: return n == count;
	case FM_AT_LEAST: return n >= count;
	case FM_AT_MOST: return n <= count;
	case FM_ANY: return 1;
	case FM_AT_MOST_ONE: return n <= 1;
	case FM_SAME: return n == opp;
	case FM_OTHER: return n != opp;
	case FM_MORE: return n >= opp + count;
	case FM_FEWER: return n + count <= opp;
	case FM_MORE_BY: return n == opp + count;
	default: return n + count == opp; /* FM_FEWER_BY */
	}
}

int hamle_filter_material_matches(const filter_material *m, const struct hamle_position *pos)
{
	unsigned n[2][FM_KINDS];
	for (int c = 0; c < 2; c++) {
		for (int t = 0; t < 5; t++)
			n[c][t] = (unsigned)bb_count(pos->pieces[c][t]);
		n[c][FM_MINOR] = n[c][HAMLE_BISHOP] + n[c][HAMLE_KNIGHT];
	}
	for (int c = 0; c < 2; c++)
		for (int t = 0; t < FM_KINDS; t++) {
			/* a side with L: its bishops and knights are counted together */
			if (t == HAMLE_KING || (m->minor[c] ? t == HAMLE_BISHOP || t == HAMLE_KNIGHT : t == FM_MINOR))
				continue;
			if (!holds(m->occurs[c][t], m->count[c][t], n[c][t], n[!c][t]))
				return 0;
		}
	return 1;
}
