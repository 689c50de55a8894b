/* locale_dates.c: the locale facts dates on scoresheets are read with (dates: in the YAML): the
 * order of day and month in a numeric date, and the names of the months. */
#include <string.h>

#include "notation/locale_build.h"

static const char *const month_key[12] = {"january", "february", "march", "april", "may", "june",
	"july", "august", "september", "october", "november", "december"};

int loc_make_dates(struct loc_build *b)
{
	struct hamle_locale *loc = b->loc;
	static const struct { const char *text; int order; } orders[] = {
		{"", HAMLE_LOC_DATE_ANY}, {"dmy", HAMLE_LOC_DATE_DMY}, {"mdy", HAMLE_LOC_DATE_MDY},
		{"ymd", HAMLE_LOC_DATE_YMD}};
	const struct loc_scalar *o = &b->scalar[S_DATE_ORDER];
	loc->date_order = HAMLE_LOC_DATE_ANY;
	if (o->text) {
		size_t i = 0;
		while (i < sizeof(orders) / sizeof(orders[0]) && strcmp(o->text, orders[i].text) != 0)
			i++;
		if (i == sizeof(orders) / sizeof(orders[0]))
			return loc_fail(b, &o->at, "dates.order is \"dmy\", \"mdy\", \"ymd\" or \"\" (not fixed)");
		loc->date_order = orders[i].order;
	}
	size_t total = 0;
	for (int m = 0; m < 12; m++)
		total += b->list[L_MONTH + m].n;
	struct hamle_loc_word *w = loc_arena_alloc(&loc->arena, (total ? total : 1) * sizeof(*w));
	if (!w)
		return loc_nomem(b);
	size_t n = 0;
	for (int m = 0; m < 12; m++) {
		const struct loc_list *l = &b->list[L_MONTH + m];
		for (size_t k = 0; k < l->n; k++) {
			const struct loc_item *it = &l->v[k];
			if (it->len == 0 || memchr(it->text, ' ', it->len) || (it->text[0] >= '0' && it->text[0] <= '9'))
				return loc_fail(b, &it->at, "dates.months.%s: a month name is one word, not a number",
					month_key[m]);
			w[n++] = (struct hamle_loc_word){it->text, it->len, m + 1};
		}
	}
	/* longest first (insertion sort: a few dozen names), so "Mart" is tried before "Mar" */
	for (size_t i = 1; i < n; i++) {
		struct hamle_loc_word x = w[i];
		size_t j = i;
		for (; j > 0 && w[j - 1].len < x.len; j--)
			w[j] = w[j - 1];
		w[j] = x;
	}
	loc->months.v = w;
	loc->months.n = n;
	return 0;
}
