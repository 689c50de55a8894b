/* writer_tags.c: the tag section of PGN export: the Seven Tag Roster in its order, then the other
 * tags in ASCII order of their names, one tag pair a line, and the blank line after them. */
#include <string.h>

#include <stdio.h>

#include "hamle/eco.h"
#include "hamle/analysis.h"
#include "pgn/scan.h"
#include "write/annotate_internal.h"
#include "write/writer_internal.h"

static void tag_line(hamle_writer *w, const char *name, const char *value, size_t len)
{
	/* one reservation, the value copied between the bytes to escape ('"', '\\') */
	size_t nl = strlen(name);
	if (!wr_reserve(w, nl + 2 * len + 6))
		return;
	char *d = w->buf + w->len;
	*d++ = '[';
	memcpy(d, name, nl);
	d += nl;
	*d++ = ' ';
	*d++ = '"';
	const unsigned char *v = (const unsigned char *)value;
	for (size_t i = 0; i < len;) {
		size_t e = pgn_string_stop(v, i, len); /* also at LF and CR, which are copied */
		memcpy(d, value + i, e - i);
		d += e - i;
		if (e == len)
			break;
		if (value[e] == '"' || value[e] == '\\')
			*d++ = '\\';
		*d++ = value[e];
		i = e + 1;
	}
	memcpy(d, "\"]\n", 4); /* with the NUL */
	w->len = (size_t)(d + 3 - w->buf);
}

static const char *const roster[7] = { "Event", "Site", "Date", "Round", "White", "Black", "Result" };

static int roster_index(const char *name)
{
	for (int i = 0; i < 7; i++)
		if (name[0] == roster[i][0] && strcmp(name, roster[i]) == 0)
			return i;
	return -1;
}

/* 1 when tag i is the first occurrence of a roster tag. */
static int is_first_roster(const hamle_game *g, const size_t first[7], size_t i)
{
	int k = roster_index(hamle_game_tag_at(g, i)->name);
	return k >= 0 && first[k] == i;
}

/* A tag the annotations add (ECO, Opening, Variation, PlyCount, Zobrist). */
struct extra {
	const char *name;
	const char *value;
	size_t len;
	char buf[24];
	int done;
};

static size_t extras(const hamle_writer *w, struct extra *ex)
{
	const hamle_annotator *a = w->an;
	size_t n = 0;
	/* the engine analysis: the accuracy tags */
	for (int k = 0; k < 4; k++) {
		const char *name;
		ex[n] = (struct extra){ NULL, NULL, 0, "", 0 };
		if (hamle_analysis_tag(w->ea, k, &name, ex[n].buf, sizeof(ex[n].buf))) {
			ex[n].name = name;
			ex[n].value = ex[n].buf;
			ex[n].len = strlen(ex[n].buf);
			n++;
		}
	}
	if (!a)
		return n;
	const hamle_eco_entry *op = hamle_annotate_opening(a, NULL);
	if (op) {
		const char *colon = strstr(op->name, ": ");
		ex[n++] = (struct extra){ "ECO", op->eco, strlen(op->eco), "", 0 };
		ex[n++] = (struct extra){ "Opening", op->name, colon ? (size_t)(colon - op->name) : strlen(op->name), "", 0 };
		if (colon)
			ex[n++] = (struct extra){ "Variation", colon + 2, strlen(colon + 2), "", 0 };
		else /* the game's own Variation goes with its replaced Opening (done: never written) */
			ex[n++] = (struct extra){ "Variation", "", 0, "", 1 };
	}
	if (a->opts.flags & HAMLE_ANNOTATE_PLYCOUNT) {
		ex[n] = (struct extra){ "PlyCount", NULL, 0, "", 0 };
		ex[n].len = (size_t)snprintf(ex[n].buf, sizeof(ex[n].buf), "%u", a->plies);
		ex[n].value = ex[n].buf;
		n++;
	}
	if (a->opts.flags & HAMLE_ANNOTATE_ZOBRIST) {
		ex[n] = (struct extra){ "Zobrist", NULL, 0, "", 0 };
		ex[n].len = (size_t)snprintf(ex[n].buf, sizeof(ex[n].buf), "%016llx", (unsigned long long)a->final_key);
		ex[n].value = ex[n].buf;
		n++;
	}
	return n;
}

static int replaced(const struct extra *ex, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(ex[i].name, name) == 0)
			return 1;
	return 0;
}

/* The added tag not yet written that sorts first, when it sorts before `before` (NULL: the game's
 * own tags are done); n when none. Equal names cannot occur (the game's own are replaced). */
static size_t next_extra(const struct extra *ex, size_t n, const char *after, const char *before)
{
	(void)after;
	size_t best = n;
	for (size_t i = 0; i < n; i++)
		if (!ex[i].done && (best == n || strcmp(ex[i].name, ex[best].name) < 0))
			best = i;
	if (best < n && before && strcmp(ex[best].name, before) > 0)
		return n;
	return best;
}

int wr_tag_kept(unsigned shape, const char *name)
{
	if (!(shape & (HAMLE_WRITE_STR_ONLY | HAMLE_WRITE_NO_TAGS)))
		return 1;
	/* what the moves need to read back */
	if (strcmp(name, "SetUp") == 0 || strcmp(name, "FEN") == 0 || strcmp(name, "Variant") == 0)
		return 1;
	return !(shape & HAMLE_WRITE_NO_TAGS) && roster_index(name) >= 0;
}

/* 1 when name is one of opts.tag_order (written first). */
static int ordered(const hamle_writer *w, const char *name)
{
	for (size_t i = 0; i < w->opts.n_tag_order; i++)
		if (strcmp(w->opts.tag_order[i], name) == 0)
			return 1;
	return 0;
}

/* KEEP_TAG_ORDER: the game's tags as read (those the shape keeps), then those annotations add. */
static void tags_as_read(hamle_writer *w, const hamle_game *g, struct extra *ex, size_t nex)
{
	size_t n = hamle_game_tag_count(g), start = w->len;
	for (size_t i = 0; i < n; i++) {
		const hamle_tag *t = hamle_game_tag_at(g, i);
		if (wr_tag_kept(w->shape, t->name) && !(nex && replaced(ex, nex, t->name)))
			tag_line(w, t->name, t->value, t->value_len);
	}
	for (size_t e; (e = next_extra(ex, nex, NULL, NULL)) < nex; ex[e].done = 1)
		tag_line(w, ex[e].name, ex[e].value, ex[e].len);
	if (w->len > start)
		wr_putc(w, '\n'); /* no blank line after no tags (NO_TAGS) */
}

/* tag_order: the game's tags of each listed name (all of them, in input order; a roster tag it
 * lacks as unknown) first, in the list's order. */
static void tags_ordered(hamle_writer *w, const hamle_game *g, const size_t first[7], hamle_result fix,
	const struct extra *ex, size_t nex)
{
	size_t n = hamle_game_tag_count(g);
	for (size_t o = 0; o < w->opts.n_tag_order; o++) {
		const char *name = w->opts.tag_order[o];
		size_t before = 0;
		while (before < o && strcmp(w->opts.tag_order[before], name) != 0)
			before++;
		if (before < o || !wr_tag_kept(w->shape, name) || (nex && replaced(ex, nex, name)))
			continue; /* listed twice; left out; replaced by an annotation */
		int k = roster_index(name);
		if (k == 6 && fix != HAMLE_RESULT_NONE) {
			tag_line(w, roster[6], hamle_result_string(fix), strlen(hamle_result_string(fix)));
			continue;
		}
		if (k >= 0 && first[k] == (size_t)-1) {
			const char *v = k == 2 ? "????.??.??" : k == 6 ? hamle_result_string(wr_game_result(g)) : "?";
			tag_line(w, roster[k], v, strlen(v));
			continue;
		}
		for (size_t i = 0; i < n; i++) {
			const hamle_tag *t = hamle_game_tag_at(g, i);
			if (strcmp(t->name, name) == 0 && (k < 0 || i == first[k]))
				tag_line(w, t->name, t->value, t->value_len);
		}
	}
}

/* The most tags others_sorted sorts (on the stack): a game's tags are seldom more than twenty. */
#define WR_SORT_MAX 64

/* The tags after the roster (own[i]: tag i is the roster's), as wr_tags's selection writes them,
 * with no shape and no tag_order: in ASCII order of their names (input order among equal names),
 * each added tag before the first of the game's own that sorts after it. Sorted once (insertion
 * sort, stable) instead of a minimum sought for each. */
static void others_sorted(hamle_writer *w, const hamle_game *g, const unsigned char *own, struct extra *ex,
	size_t nex, size_t start)
{
	size_t n = hamle_game_tag_count(g), k = 0;
	const hamle_tag *t[WR_SORT_MAX];
	for (size_t i = 0; i < n; i++) {
		const hamle_tag *x = hamle_game_tag_at(g, i);
		if (own[i] || (nex && replaced(ex, nex, x->name)))
			continue;
		size_t j = k++;
		while (j > 0 && strcmp(t[j - 1]->name, x->name) > 0) {
			t[j] = t[j - 1];
			j--;
		}
		t[j] = x;
	}
	for (size_t i = 0; i <= k; i++) {
		size_t e;
		while ((e = next_extra(ex, nex, NULL, i < k ? t[i]->name : NULL)) < nex) {
			tag_line(w, ex[e].name, ex[e].value, ex[e].len);
			ex[e].done = 1;
		}
		if (i < k)
			tag_line(w, t[i]->name, t[i]->value, t[i]->value_len);
	}
	if (w->len > start)
		wr_putc(w, '\n');
}

/* Seven Tag Roster in order (first occurrence of each; missing ones as unknown), then every other
 * tag in ASCII order of its name (input order among equal names). With opts.tag_order the tags it
 * names come first; the shape (STR_ONLY, NO_TAGS, KEEP_TAG_ORDER) may leave some out. */
void wr_tags(hamle_writer *w, const hamle_game *g)
{
	size_t n = hamle_game_tag_count(g), start = w->len;
	size_t first[7];
	for (int k = 0; k < 7; k++)
		first[k] = (size_t)-1;
	/* which tags are the roster's own (kept for the selection below; tags are few) */
	unsigned char own[64] = {0};
	for (size_t i = 0; i < n; i++) {
		int k = roster_index(hamle_game_tag_at(g, i)->name);
		if (k >= 0 && first[k] == (size_t)-1) {
			first[k] = i;
			if (i < sizeof(own))
				own[i] = 1;
		}
	}
	/* annotations: the Result the board decides, and tags added (replacing the game's own) */
	struct extra ex[9];
	size_t nex = extras(w, ex);
	for (size_t e = 0; e < nex; e++)
		if (!wr_tag_kept(w->shape, ex[e].name))
			ex[e].done = 1;
	hamle_result fix = annot_result_override(w->an);
	if (w->shape & HAMLE_WRITE_KEEP_TAG_ORDER) {
		tags_as_read(w, g, ex, nex);
		return;
	}
	if (w->opts.n_tag_order)
		tags_ordered(w, g, first, fix, ex, nex);
	for (int k = 0; k < 7; k++) {
		if ((w->shape & HAMLE_WRITE_NO_TAGS) || (w->opts.n_tag_order && ordered(w, roster[k]))) {
			continue;
		} else if (k == 6 && fix != HAMLE_RESULT_NONE) {
			tag_line(w, roster[6], hamle_result_string(fix), strlen(hamle_result_string(fix)));
		} else if (first[k] != (size_t)-1) {
			const hamle_tag *t = hamle_game_tag_at(g, first[k]);
			tag_line(w, t->name, t->value, t->value_len);
		} else {
			const char *v = k == 2 ? "????.??.??" : k == 6 ? hamle_result_string(wr_game_result(g)) : "?";
			tag_line(w, roster[k], v, strlen(v));
		}
	}
	if (n <= WR_SORT_MAX && !w->shape && !w->opts.n_tag_order) {
		others_sorted(w, g, own, ex, nex, start);
		return;
	}
	/* the others: selection by repeated minimum (no allocation) */
	const char *prev_name = NULL;
	size_t prev_i = 0;
	for (;;) {
		size_t best = (size_t)-1;
		for (size_t i = 0; i < n; i++) {
			const hamle_tag *t = hamle_game_tag_at(g, i);
			if (i < sizeof(own) ? own[i] : is_first_roster(g, first, i))
				continue;
			if (nex && replaced(ex, nex, t->name))
				continue;
			if (__builtin_expect(w->shape || w->opts.n_tag_order, 0) &&
			    (!wr_tag_kept(w->shape, t->name) || (ordered(w, t->name) && roster_index(t->name) < 0)))
				continue;
			if (prev_name) { /* strictly after (prev_name, prev_i) */
				int c = strcmp(t->name, prev_name);
				if (c < 0 || (c == 0 && i <= prev_i))
					continue;
			}
			if (best == (size_t)-1) {
				best = i;
				continue;
			}
			int c = strcmp(t->name, hamle_game_tag_at(g, best)->name);
			if (c < 0)
				best = i;
		}
		/* an added tag that sorts before the next of the game's own comes first */
		size_t e = next_extra(ex, nex, prev_name, best == (size_t)-1 ? NULL : hamle_game_tag_at(g, best)->name);
		if (e < nex) {
			tag_line(w, ex[e].name, ex[e].value, ex[e].len);
			ex[e].done = 1;
			continue;
		}
		if (best == (size_t)-1)
			break;
		const hamle_tag *t = hamle_game_tag_at(g, best);
		tag_line(w, t->name, t->value, t->value_len);
		prev_name = t->name;
		prev_i = best;
	}
	if (w->len > start)
		wr_putc(w, '\n'); /* no blank line after no tags (NO_TAGS) */
}
