/* scoresheet.c: typed scoresheet headers (`Beyaz: Ali`) -> PGN tag lines (see hamle/scoresheet.h);
 * the joining of a sheet's chunks is in scoresheet_join.c. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "notation/locale_internal.h"
#include "pgn/game_internal.h"
#include "pgn/scoresheet_internal.h"

int hamle_scoresheet_new(hamle_scoresheet **out, const hamle_locale *const *locales, size_t n)
{
	if (!out)
		return HAMLE_EUSAGE;
	hamle_scoresheet *sc = calloc(1, sizeof(*sc));
	if (!sc)
		return HAMLE_ENOMEM;
	if (n && (!(sc->loc = malloc(n * sizeof(*sc->loc))) || !(sc->groups = malloc(2 * n * sizeof(int)))))
		goto fail;
	for (size_t i = 0; i < n; i++) {
		if (!locales[i])
			continue;
		pcre2_code *re = locales[i]->pattern[HAMLE_LOC_PAT_HEADER];
		sc->groups[2 * sc->nloc] = re ? pcre2_substring_number_from_name(re, (PCRE2_SPTR)"key") : -1;
		sc->groups[2 * sc->nloc + 1] = re ? pcre2_substring_number_from_name(re, (PCRE2_SPTR)"value") : -1;
		sc->loc[sc->nloc++] = locales[i];
	}
	if (!(sc->md = pcre2_match_data_create(16, NULL)) || !(sc->mc = hamle_pattern_context()))
		goto fail;
	*out = sc;
	return 0;
fail:
	hamle_scoresheet_free(sc);
	return HAMLE_ENOMEM;
}

void hamle_scoresheet_free(hamle_scoresheet *sc)
{
	if (!sc)
		return;
	pcre2_match_data_free(sc->md);
	pcre2_match_context_free(sc->mc);
	free(sc->tags);
	free(sc->groups);
	free(sc->loc);
	free(sc->out);
	free(sc->join);
	free(sc->pend);
	free(sc->hdr_off);
	free(sc);
}

int pgn_sheet_grow(unsigned char **buf, size_t *cap, size_t need)
{
	if (need <= *cap)
		return 0;
	size_t c = *cap ? *cap : 4096;
	while (c < need)
		c *= 2;
	unsigned char *b = realloc(*buf, c);
	if (!b)
		return HAMLE_ENOMEM;
	*buf = b;
	*cap = c;
	return 0;
}

static int is_tag_name(const char *s, size_t n)
{
	if (n == 0 || n > 64 || !((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z')))
		return 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
			return 0;
	}
	return 1;
}

static int group(pcre2_match_data *md, int num, size_t *start, size_t *len)
{
	if (num < 0)
		return 0;
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
	if ((uint32_t)num >= pcre2_get_ovector_count(md) || ov[2 * num] == PCRE2_UNSET)
		return 0;
	*start = ov[2 * num];
	*len = ov[2 * num + 1] - ov[2 * num];
	return 1;
}

/* The PGN tag of a key that locale i's pattern found: its own header table's, else a later
 * locale's (the first locale whose pattern matches decides an unknown key), else NULL. A sheet
 * repeats a few keys, so the answers are remembered. */
static const char *key_tag(hamle_scoresheet *sc, size_t i, const char *key, size_t len)
{
	struct sheet_key_memo *m = NULL;
	if (len <= sizeof(m->key)) {
		uint32_t h = 2166136261u ^ (uint32_t)i;
		for (size_t k = 0; k < len; k++)
			h = (h ^ (unsigned char)key[k]) * 16777619u;
		m = &sc->memo[h % SHEET_KEY_MEMO];
		if (m->len == len + 1 && m->loc == i && memcmp(m->key, key, len) == 0)
			return m->tag;
	}
	const char *tag = NULL;
	for (size_t j = i; j < sc->nloc && !tag; j++)
		tag = hamle_locale_header_tag(sc->loc[j], key, len);
	if (m) {
		m->len = len + 1;
		m->loc = i;
		memcpy(m->key, key, len);
		m->tag = tag;
	}
	return tag;
}

enum { H_NONE = 0, H_UNKNOWN = 1, H_KNOWN = 2, H_LIMIT = 3 };

/* What one line is: H_KNOWN or H_UNKNOWN (a header line, *hit set), H_NONE, H_LIMIT (a pattern
 * hit a match limit: undecided, so not read as a header), or HAMLE_ENOMEM. */
static int header_line(hamle_scoresheet *sc, const char *line, size_t len, header_hit *hit)
{
	size_t b = pgn_sheet_bom_len(line, len);
	line += b;
	len -= b;
	size_t k = 0;
	while (k < len && (line[k] == ' ' || line[k] == '\t'))
		k++;
	if (k == len || line[k] == '[' || line[k] == '%' || line[k] == '{' || line[k] == ';')
		return H_NONE;
	for (size_t i = 0; i < sc->nloc; i++) {
		const struct hamle_locale *loc = sc->loc[i];
		pcre2_code *re = loc->pattern[HAMLE_LOC_PAT_HEADER];
		if (!re)
			continue;
		pcre2_set_match_limit(sc->mc, hamle_pattern_match_limit(len));
		int m = pcre2_match(re, (PCRE2_SPTR)line, len, 0, 0, sc->md, sc->mc);
		if (m == PCRE2_ERROR_NOMEMORY)
			return HAMLE_ENOMEM;
		if (hamle_pattern_limit(m))
			return H_LIMIT; /* a later locale must not decide what this one could not */
		if (m < 0)
			continue;
		size_t ks, kl, vs, vl;
		if (!group(sc->md, sc->groups[2 * i], &ks, &kl) || !group(sc->md, sc->groups[2 * i + 1], &vs, &vl))
			continue;
		const char *tag = key_tag(sc, i, line + ks, kl);
		hit->known = tag != NULL;
		if (tag) {
			hit->tag = tag;
			hit->tag_len = strlen(tag);
		} else if (is_tag_name(line + ks, kl)) {
			hit->tag = line + ks;
			hit->tag_len = kl;
		} else {
			return H_NONE;
		}
		hit->vstart = b + vs;
		hit->vlen = vl;
		return hit->known ? H_KNOWN : H_UNKNOWN;
	}
	return H_NONE;
}

/* Walks the leading header and blank lines of data. Returns 0 or < 0 (HAMLE_ENOMEM, a callback's
 * failure). A block of unknown keys alone is no header block: callers look at res->known. */
int pgn_sheet_scan(hamle_scoresheet *sc, const unsigned char *data, size_t len, header_cb cb,
	void *payload, scan_result *res)
{
	size_t pos = 0;
	*res = (scan_result){ 0, 0, len, 0, (size_t)-1 };
	while (pos < len) {
		size_t e = pos;
		while (e < len && data[e] != '\n' && data[e] != '\r')
			e++;
		size_t eol = e;
		if (eol < len && data[eol] == '\r')
			eol++;
		if (eol < len && data[eol] == '\n' && (eol == e || data[e] == '\r'))
			eol++;
		res->last = pos;
		size_t k = pos + pgn_sheet_bom_len(data + pos, e - pos);
		while (k < e && (data[k] == ' ' || data[k] == '\t'))
			k++;
		header_hit hit;
		int h = k == e ? H_NONE : header_line(sc, (const char *)data + pos, e - pos, &hit);
		if (h < 0)
			return h;
		if (k != e && (h == H_NONE || h == H_LIMIT)) {
			if (h == H_LIMIT)
				res->limit_at = pos;
			res->body = pos;
			return 0;
		}
		if (k != e) {
			res->count++;
			res->known += h == H_KNOWN;
		}
		int rc = cb ? cb(payload, data + pos, e - pos, eol - e, k == e ? NULL : &hit) : 0;
		if (rc < 0)
			return rc;
		pos = eol;
	}
	if (len && (data[len - 1] == '\n' || data[len - 1] == '\r'))
		res->last = len;
	return 0;
}

size_t hamle_scoresheet_headers(hamle_scoresheet *sc, const unsigned char *data, size_t len, int *only_headers)
{
	scan_result res;
	if (!sc || pgn_sheet_scan(sc, data, len, NULL, NULL, &res) < 0)
		res.known = 0, res.body = 0;
	if (only_headers)
		*only_headers = res.body == len;
	return res.known ? res.count : 0;
}

typedef struct rewrite_state {
	hamle_scoresheet *sc;
	size_t len;
	const unsigned char *base; /* the input chunk's data */
	size_t base_offset;
} rewrite_state;

static int put(rewrite_state *st, const void *p, size_t n)
{
	if (pgn_sheet_grow(&st->sc->out, &st->sc->out_cap, st->len + n + 1) < 0)
		return HAMLE_ENOMEM;
	memcpy(st->sc->out + st->len, p, n);
	st->len += n;
	return 0;
}

static int rewrite_line(void *payload, const unsigned char *line, size_t len, size_t eol_len,
	const header_hit *hit)
{
	rewrite_state *st = payload;
	if (!hit)
		return put(st, line, len + eol_len);
	hamle_scoresheet *sc = st->sc;
	if (sc->nhdr == sc->hdr_cap) {
		size_t cap = sc->hdr_cap ? sc->hdr_cap * 2 : 16;
		size_t *v = realloc(sc->hdr_off, cap * sizeof(*v));
		if (!v)
			return HAMLE_ENOMEM;
		sc->hdr_off = v;
		sc->hdr_cap = cap;
	}
	size_t b = pgn_sheet_bom_len(line, len), k = b;
	while (k < len && (line[k] == ' ' || line[k] == '\t'))
		k++;
	sc->hdr_off[sc->nhdr++] = st->base_offset + (size_t)(line - st->base) + k;
	int rc = put(st, line, b); /* the mark stays (the reader warns of it, the decoder drops it) */
	rc = rc ? rc : put(st, "[", 1);
	rc = rc ? rc : put(st, hit->tag, hit->tag_len);
	rc = rc ? rc : put(st, " \"", 2);
	for (size_t i = 0; i < hit->vlen && !rc; i++) {
		unsigned char c = line[hit->vstart + i];
		if (c == '"' || c == '\\')
			rc = put(st, "\\", 1);
		rc = rc ? rc : put(st, &c, 1);
	}
	rc = rc ? rc : put(st, "\"]", 2);
	return rc ? rc : put(st, line + len, eol_len);
}

int hamle_scoresheet_rewrite(hamle_scoresheet *sc, hamle_chunk *out, const hamle_chunk *in)
{
	if (!sc || !out || !in)
		return HAMLE_EUSAGE;
	*out = *in;
	sc->last_out = NULL;
	sc->nhdr = 0;
	rewrite_state st = { sc, 0, in->data, in->offset };
	scan_result res;
	int rc = pgn_sheet_scan(sc, in->data, in->len, rewrite_line, &st, &res);
	if (rc < 0)
		return rc;
	if (res.limit_at != (size_t)-1) {
		/* the line stays as it is (read as movetext); the game gets a limit error there */
		size_t line = in->line, col = in->column;
		pgn_sheet_end_of(in->data, res.limit_at, &line, &col);
		out->flags |= HAMLE_CHUNK_PATTERN_LIMIT;
		out->limit_line = line;
		out->limit_column = col;
		out->limit_offset = in->offset + res.limit_at;
	}
	if (res.known == 0) {
		sc->nhdr = 0;
		return 0;
	}
	size_t body = res.body;
	if (put(&st, in->data + body, in->len - body) < 0)
		return HAMLE_ENOMEM;
	sc->out[st.len] = '\0';
	/* movetext byte offsets stay exact: shift the base by the growth of the header block (modulo
	 * 2^64, as size_t arithmetic is; hamle_scoresheet_fix_offsets puts the game's own back) */
	size_t grown = st.len - (in->len - body);
	out->offset = in->offset - (grown - body);
	sc->last_offset = in->offset;
	sc->last_out = sc->out;
	out->data = sc->out;
	out->len = st.len;
	out->flags |= HAMLE_CHUNK_SCORESHEET;
	return (int)res.count;
}

void pgn_sheet_end_of(const unsigned char *d, size_t len, size_t *line, size_t *col)
{
	for (size_t i = 0; i < len; i++) {
		if (d[i] == '\n' || (d[i] == '\r' && !(i + 1 < len && d[i + 1] == '\n'))) {
			(*line)++;
			*col = 1;
		} else if (d[i] != '\r' && (d[i] & 0xC0) != 0x80) {
			(*col)++;
		}
	}
}
void hamle_scoresheet_fix_offsets(const hamle_scoresheet *sc, const hamle_chunk *chunk, hamle_game *g)
{
	if (!sc || !chunk || !g || chunk->data != sc->last_out || !sc->last_out)
		return;
	hamle_scoresheet_apply_offsets(g, sc->last_offset, sc->hdr_off, sc->nhdr);
}

size_t hamle_scoresheet_last_offsets(const hamle_scoresheet *sc, size_t *game_offset, const size_t **tag_offsets)
{
	if (!sc || !sc->last_out) {
		if (tag_offsets)
			*tag_offsets = NULL;
		return 0;
	}
	if (game_offset)
		*game_offset = sc->last_offset;
	if (tag_offsets)
		*tag_offsets = sc->hdr_off;
	return sc->nhdr;
}

void hamle_scoresheet_apply_offsets(hamle_game *g, size_t game_offset, const size_t *tag_offsets, size_t n)
{
	if (!g || !tag_offsets)
		return;
	g->offset = game_offset;
	for (size_t i = 0; i < g->ntags && i < n; i++)
		g->tags[i].offset = tag_offsets[i];
}
