/* eco.c: the opening table (see hamle/eco.h): TSV lines replayed once at load into a hash table
 * by position key, with a filter of the keys (eco/eco_internal.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/position_internal.h"
#include "hamle/eco.h"
#include "hamle/locale.h"
#include "hamle/rules.h"
#include "hamle/san.h"
#include "eco/eco_internal.h"

extern const unsigned char hamle_embedded_eco[];
extern const size_t hamle_embedded_eco_size;

void hamle_eco_free(hamle_eco *e)
{
	if (!e)
		return;
	free(e->entry);
	free(e->slot);
	free(e->text);
	free(e);
}

size_t hamle_eco_count(const hamle_eco *e) { return e ? e->n : 0; }
unsigned hamle_eco_max_plies(const hamle_eco *e) { return e ? e->max_plies : 0; }

static size_t slot_of(const hamle_eco *e, uint64_t key)
{
	size_t i = (size_t)(key ^ (key >> 29)) & (e->nslots - 1);
	while (e->slot[i].entry && e->slot[i].key != key)
		i = (i + 1) & (e->nslots - 1);
	return i;
}

const hamle_eco_entry *hamle_eco_find_key(const hamle_eco *e, uint64_t key)
{
	if (!e || !e->nslots || !eco_may_hold(e, key))
		return NULL;
	size_t i = slot_of(e, key);
	return e->slot[i].entry ? &e->entry[e->slot[i].entry - 1] : NULL;
}

const hamle_eco_entry *hamle_eco_find(const hamle_eco *e, const hamle_position *pos)
{
	return pos ? hamle_eco_find_key(e, hamle_position_repetition_key(pos)) : NULL;
}

static int fail(hamle_error *err, size_t line, const char *what)
{
	if (err) {
		hamle_error_clear(err);
		err->code = HAMLE_ESYNTAX;
		err->line = line;
		snprintf(err->message, sizeof(err->message), "ECO table line %zu: %s", line, what);
	}
	return HAMLE_ESYNTAX;
}

/* The line replayed last: its moves (into the table's text) and the positions after each, so that
 * the next line, which mostly starts with the same moves (the table is sorted), replays only
 * where it differs. */
#define ECO_LINE_MAX 64
struct eco_line {
	const char *tok[ECO_LINE_MAX];
	size_t len[ECO_LINE_MAX];
	struct hamle_position pos[ECO_LINE_MAX + 1]; /* pos[0]: the start position */
	unsigned n;
};

/* Replays the moves s[0..n) from the start position into *pos, after the moves it shares with the
 * line before (L, which it becomes); the plies in *plies. 0 or -1. */
static int replay_line(struct eco_line *L, hamle_position *pos, const hamle_locale *en, const char *s, size_t n,
	unsigned *plies)
{
	unsigned k = 0;
	int same = 1; /* the moves so far are the line before's */
	size_t i = 0;
	while (i < n) {
		while (i < n && s[i] == ' ')
			i++;
		size_t e = i;
		while (e < n && s[e] != ' ')
			e++;
		if (e > i && s[e - 1] != '.') { /* "12." and "12..." are move numbers */
			if (same && k < L->n && L->len[k] == e - i && memcmp(L->tok[k], s + i, e - i) == 0) {
				k++;
				i = e;
				continue;
			}
			if (same) {
				*pos = L->pos[k];
				same = 0;
			}
			hamle_move m;
			if (hamle_san_parse(&m, pos, en, s + i, e - i, NULL, NULL) < 0) {
				L->n = k < ECO_LINE_MAX ? k : ECO_LINE_MAX;
				return -1;
			}
			hamle_position_play(pos, m);
			if (k < ECO_LINE_MAX) {
				L->tok[k] = s + i;
				L->len[k] = e - i;
				L->pos[k + 1] = *pos;
			}
			k++;
		}
		i = e;
	}
	if (same)
		*pos = L->pos[k];
	L->n = k < ECO_LINE_MAX ? k : ECO_LINE_MAX;
	*plies = k;
	return 0;
}

int hamle_eco_load_buffer(hamle_eco **out, const char *data, size_t len, hamle_error *err)
{
	if (!out || (!data && len))
		return HAMLE_EUSAGE;
	*out = NULL;
	hamle_eco *e = calloc(1, sizeof(*e));
	struct eco_line *last = malloc(sizeof(*last));
	hamle_locale *en = NULL;
	hamle_position *start = NULL, *pos = NULL;
	int rc = HAMLE_ENOMEM;
	size_t lines = 1;
	for (size_t i = 0; i < len; i++)
		lines += data[i] == '\n';
	if (!e || !last || !(e->text = malloc(len + 1)) || !(e->entry = calloc(lines, sizeof(*e->entry))))
		goto cleanup;
	e->nslots = 16;
	while (e->nslots < 2 * lines)
		e->nslots *= 2;
	if (!(e->slot = calloc(e->nslots, sizeof(*e->slot))))
		goto cleanup;
	if ((rc = hamle_locale_load_builtin(&en, "en", err)) < 0 || (rc = hamle_position_new(&start, NULL, err)) < 0 ||
	    (rc = hamle_position_copy(&pos, start)) < 0)
		goto cleanup;
	last->pos[0] = *start;
	last->n = 0;
	memcpy(e->text, data, len);
	e->text[len] = '\0';
	char *s = e->text, *end = e->text + len;
	for (size_t line = 1; s < end; line++) {
		char *nl = memchr(s, '\n', (size_t)(end - s));
		char *le = nl ? nl : end;
		if (le > s && le[-1] == '\r')
			le[-1] = '\0';
		*le = '\0';
		char *t1 = strchr(s, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
		if (*s && strncmp(s, "eco\t", 4) != 0) { /* each file's header line is skipped */
			if (!t2) {
				rc = fail(err, line, "not ECO<TAB>NAME<TAB>MOVES");
				goto cleanup;
			}
			*t1 = *t2 = '\0';
			unsigned plies;
			if (replay_line(last, pos, en, t2 + 1, strlen(t2 + 1), &plies) < 0) {
				rc = fail(err, line, "its moves do not replay from the start position");
				goto cleanup;
			}
			uint64_t key = hamle_position_repetition_key(pos);
			size_t k = slot_of(e, key);
			if (!e->slot[k].entry) { /* the first line to reach a position stands for it */
				e->entry[e->n] = (hamle_eco_entry){ s, t1 + 1, plies };
				e->slot[k] = (struct eco_slot){ key, ++e->n };
				unsigned b = (unsigned)(key >> (64 - ECO_FILTER_BITS));
				e->filter[b >> 6] |= (uint64_t)1 << (b & 63);
				if (plies > e->max_plies)
					e->max_plies = plies;
			}
		}
		s = le + 1;
	}
	*out = e;
	e = NULL;
	rc = 0;
cleanup:
	free(last);
	hamle_position_free(start);
	hamle_position_free(pos);
	hamle_locale_free(en);
	hamle_eco_free(e);
	return rc;
}

int hamle_eco_load_builtin(hamle_eco **out, hamle_error *err)
{
	return hamle_eco_load_buffer(out, (const char *)hamle_embedded_eco, hamle_embedded_eco_size, err);
}
