/* scoresheet.c: typed scoresheet headers (`Beyaz: Ali`) -> PGN tag lines, and the chunk joining
 * that keeps a scoresheet in one piece (see hamle/scoresheet.h). */
#include <stdlib.h>
#include <string.h>

#include "hamle/scoresheet.h"
#include "notation/locale_internal.h"
#include "pgn/game_internal.h"

struct hamle_scoresheet {
	const hamle_locale **loc;
	size_t nloc;
	pcre2_match_data *md;
	unsigned char *out; /* rewritten chunk */
	size_t out_cap;
	unsigned char *join; /* joined chunks */
	size_t join_cap;
	unsigned char *pend; /* a chunk read ahead */
	size_t pend_cap;
	hamle_chunk pending;
	int has_pending;
	size_t games;
	/* the last rewrite: input offset of the chunk and of each header line */
	size_t last_offset;
	size_t *hdr_off;
	size_t nhdr, hdr_cap;
	const unsigned char *last_out;
};

int hamle_scoresheet_new(hamle_scoresheet **out, const hamle_locale *const *locales, size_t n)
{
	if (!out)
		return HAMLE_EUSAGE;
	hamle_scoresheet *sc = calloc(1, sizeof(*sc));
	if (!sc)
		return HAMLE_ENOMEM;
	if (n && !(sc->loc = malloc(n * sizeof(*sc->loc))))
		goto fail;
	for (size_t i = 0; i < n; i++)
		if (locales[i])
			sc->loc[sc->nloc++] = locales[i];
	if (!(sc->md = pcre2_match_data_create(16, NULL)))
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
	free(sc->loc);
	free(sc->out);
	free(sc->join);
	free(sc->pend);
	free(sc->hdr_off);
	free(sc);
}

static int grow(unsigned char **buf, size_t *cap, size_t need)
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

/* 3 when the line starts with a byte order mark (files joined with cat: read as if absent), else 0. */
static size_t bom_len(const void *line, size_t len)
{
	return len >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
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

/* One header line: on success sets the tag name (*tag, *tag_len) and the value span. */
typedef struct header_hit {
	const char *tag;
	size_t tag_len;
	size_t vstart, vlen; /* within the line */
} header_hit;

static int group(pcre2_code *re, pcre2_match_data *md, const char *name, size_t *start, size_t *len)
{
	int num = pcre2_substring_number_from_name(re, (PCRE2_SPTR)name);
	if (num < 0)
		return 0;
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
	if ((uint32_t)num >= pcre2_get_ovector_count(md) || ov[2 * num] == PCRE2_UNSET)
		return 0;
	*start = ov[2 * num];
	*len = ov[2 * num + 1] - ov[2 * num];
	return 1;
}

static int header_line(hamle_scoresheet *sc, const char *line, size_t len, header_hit *hit)
{
	size_t b = bom_len(line, len);
	line += b;
	len -= b;
	size_t k = 0;
	while (k < len && (line[k] == ' ' || line[k] == '\t'))
		k++;
	if (k == len || line[k] == '[' || line[k] == '%' || line[k] == '{' || line[k] == ';')
		return 0;
	for (size_t i = 0; i < sc->nloc; i++) {
		const struct hamle_locale *loc = sc->loc[i];
		pcre2_code *re = loc->pattern[HAMLE_LOC_PAT_HEADER];
		if (!re)
			continue;
		if (pcre2_match(re, (PCRE2_SPTR)line, len, 0, 0, sc->md, NULL) < 0)
			continue;
		size_t ks, kl, vs, vl;
		if (!group(re, sc->md, "key", &ks, &kl) || !group(re, sc->md, "value", &vs, &vl))
			continue;
		const char *tag = hamle_locale_header_tag(loc, line + ks, kl);
		if (!tag) {
			/* the first locale whose pattern matches decides an unknown key */
			size_t j = i + 1;
			for (; j < sc->nloc && !tag; j++)
				tag = hamle_locale_header_tag(sc->loc[j], line + ks, kl);
		}
		int known = tag != NULL;
		if (tag) {
			hit->tag = tag;
			hit->tag_len = strlen(tag);
		} else if (is_tag_name(line + ks, kl)) {
			hit->tag = line + ks;
			hit->tag_len = kl;
		} else {
			return 0;
		}
		hit->vstart = b + vs;
		hit->vlen = vl;
		return known ? 2 : 1;
	}
	return 0;
}

/* Walks the leading lines of data: calls back for each header line. Returns the number of header
 * lines; *body is where the first non-header, non-blank line starts (len when none). */
typedef int (*header_cb)(void *payload, const unsigned char *line, size_t len, size_t eol_len,
	const header_hit *hit);

static size_t scan_headers(hamle_scoresheet *sc, const unsigned char *data, size_t len, size_t *body,
	header_cb cb, void *payload, int *rc)
{
	size_t pos = 0, count = 0, known = 0;
	*body = len;
	*rc = 0;
	if (cb) { /* only after a scan without callback found the block to hold a known key */
		size_t b2;
		int r2;
		if (scan_headers(sc, data, len, &b2, NULL, NULL, &r2) == 0)
			return 0;
	}
	while (pos < len) {
		size_t e = pos;
		while (e < len && data[e] != '\n' && data[e] != '\r')
			e++;
		size_t eol = e;
		if (eol < len && data[eol] == '\r')
			eol++;
		if (eol < len && data[eol] == '\n' && (eol == e || data[e] == '\r'))
			eol++;
		size_t k = pos + bom_len(data + pos, e - pos);
		while (k < e && (data[k] == ' ' || data[k] == '\t'))
			k++;
		if (k == e) { /* blank */
			if (cb && (*rc = cb(payload, data + pos, e - pos, eol - e, NULL)) < 0)
				return count;
			pos = eol;
			continue;
		}
		header_hit hit;
		int h = header_line(sc, (const char *)data + pos, e - pos, &hit);
		if (!h) {
			*body = pos;
			break;
		}
		count++;
		known += h == 2;
		if (cb && (*rc = cb(payload, data + pos, e - pos, eol - e, &hit)) < 0)
			return count;
		pos = eol;
	}
	/* a block of unknown keys alone ("de: 1.e4 e5") is not a scoresheet header */
	return known ? count : 0;
}

size_t hamle_scoresheet_headers(hamle_scoresheet *sc, const unsigned char *data, size_t len, int *only_headers)
{
	size_t body;
	int rc;
	size_t n = scan_headers(sc, data, len, &body, NULL, NULL, &rc);
	if (only_headers)
		*only_headers = body == len;
	return n;
}

typedef struct rewrite_state {
	hamle_scoresheet *sc;
	size_t len;
	const unsigned char *base; /* the input chunk's data */
	size_t base_offset;
} rewrite_state;

static int put(rewrite_state *st, const void *p, size_t n)
{
	if (grow(&st->sc->out, &st->sc->out_cap, st->len + n + 1) < 0)
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
	size_t b = bom_len(line, len), k = b;
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
	size_t body;
	int rc;
	size_t n = scan_headers(sc, in->data, in->len, &body, NULL, NULL, &rc);
	sc->last_out = NULL;
	if (n == 0)
		return 0;
	rewrite_state st = { sc, 0, in->data, in->offset };
	sc->nhdr = 0;
	scan_headers(sc, in->data, in->len, &body, rewrite_line, &st, &rc);
	if (rc < 0)
		return rc;
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
	out->total_len = in->total_len;
	return (int)n;
}

/* Line and column after data[0..len) given the start. */
static void end_of(const unsigned char *d, size_t len, size_t *line, size_t *col)
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

static int starts_with_tag(const hamle_chunk *c)
{
	for (size_t i = bom_len(c->data, c->len); i < c->len; i++) {
		unsigned char b = c->data[i];
		if (b != ' ' && b != '\t' && b != '\n' && b != '\r')
			return b == '[';
	}
	return 0;
}

/* Appends chunk b to the joined chunk in sc->join (described by *a), refilling the whitespace the
 * reader skipped between them so that lines, columns and offsets of b stay right. */
static int join_append(hamle_scoresheet *sc, hamle_chunk *a, const hamle_chunk *b)
{
	size_t line = a->line, col = a->column;
	end_of(a->data, a->len, &line, &col);
	size_t nl = b->line > line ? b->line - line : 0;
	size_t sp = nl ? b->column - 1 : (b->column > col ? b->column - col : 0);
	size_t gap = b->offset > a->offset + a->len ? b->offset - (a->offset + a->len) : 0;
	size_t pad = gap > nl + sp ? gap - nl - sp : 0;
	size_t need = a->len + pad + nl + sp + b->len + 1;
	int in_join = a->data == sc->join;
	if (grow(&sc->join, &sc->join_cap, need) < 0)
		return HAMLE_ENOMEM;
	if (!in_join)
		memmove(sc->join, a->data, a->len);
	unsigned char *p = sc->join + a->len;
	memset(p, ' ', pad);
	p += pad;
	memset(p, '\n', nl);
	p += nl;
	memset(p, ' ', sp);
	p += sp;
	memcpy(p, b->data, b->len);
	p += b->len;
	*p = '\0';
	a->data = sc->join;
	a->len = (size_t)(p - sc->join);
	a->total_len = a->len;
	a->flags |= b->flags;
	return 0;
}

int hamle_scoresheet_next_chunk(hamle_scoresheet *sc, hamle_reader *r, hamle_chunk *out)
{
	if (!sc || !r || !out)
		return HAMLE_EUSAGE;
	hamle_chunk c;
	int rc;
	if (sc->has_pending) {
		c = sc->pending;
		sc->has_pending = 0;
	} else if ((rc = hamle_reader_next_chunk(r, &c)) != HAMLE_OK) {
		return rc;
	}
	int only = 0;
	if (hamle_scoresheet_headers(sc, c.data, c.len, &only) > 0 && only) {
		/* "Sonuç: 1-0" ended the reader's game: join what follows */
		if (c.data != sc->join) {
			if (grow(&sc->join, &sc->join_cap, c.len + 1) < 0)
				return HAMLE_ENOMEM;
			memcpy(sc->join, c.data, c.len);
			sc->join[c.len] = '\0';
			c.data = sc->join;
		}
		for (;;) {
			hamle_chunk nx;
			rc = hamle_reader_next_chunk(r, &nx);
			if (rc < 0)
				return rc;
			if (rc == HAMLE_ITEROVER)
				break;
			if (starts_with_tag(&nx)) {
				if (grow(&sc->pend, &sc->pend_cap, nx.len + 1) < 0)
					return HAMLE_ENOMEM;
				memcpy(sc->pend, nx.data, nx.len);
				sc->pend[nx.len] = '\0';
				sc->pending = nx;
				sc->pending.data = sc->pend;
				sc->has_pending = 1;
				break;
			}
			if ((rc = join_append(sc, &c, &nx)) < 0)
				return rc;
			if (!(hamle_scoresheet_headers(sc, c.data, c.len, &only) > 0 && only))
				break;
		}
	}
	c.game = ++sc->games;
	rc = hamle_scoresheet_rewrite(sc, out, &c);
	return rc < 0 ? rc : HAMLE_OK;
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
