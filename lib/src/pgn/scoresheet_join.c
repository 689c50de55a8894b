/* scoresheet_join.c: the chunks of one typed-scoresheet header block joined into one game (see
 * hamle/scoresheet.h): the reader ends a game after a result word, so "Sonuç: 1-0" cuts a sheet
 * after its headers. */
#include <stdlib.h>
#include <string.h>

#include "pgn/scoresheet_internal.h"

static int starts_with_tag(const hamle_chunk *c)
{
	for (size_t i = pgn_sheet_bom_len(c->data, c->len); i < c->len; i++) {
		unsigned char b = c->data[i];
		if (b != ' ' && b != '\t' && b != '\n' && b != '\r')
			return b == '[';
	}
	return 0;
}

/* Folds d[0..len) into the position where sc->join ends (end_of's rule: a CR before an LF is no
 * line end of its own; a CR at the end is one until an LF follows). */
static void advance(hamle_scoresheet *sc, const unsigned char *d, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = d[i];
		if (sc->end_cr) {
			sc->end_cr = 0;
			if (c != '\n') {
				sc->end_line++;
				sc->end_col = 1;
			}
		}
		if (c == '\n') {
			sc->end_line++;
			sc->end_col = 1;
		} else if (c == '\r') {
			sc->end_cr = 1;
		} else if ((c & 0xC0) != 0x80) {
			sc->end_col++;
		}
	}
}

/* Appends chunk b to the joined chunk *a (in sc->join), refilling the whitespace the reader
 * skipped between them so that lines, columns and offsets of b stay right: first the blanks of
 * a's last line, then the line ends, then the columns before b. *eol gets where the first of
 * those line ends went (a's last line ends there), *line_at where b's first line starts. */
static int join_append(hamle_scoresheet *sc, hamle_chunk *a, const hamle_chunk *b, size_t *eol,
	size_t *line_at)
{
	size_t line = sc->end_cr ? sc->end_line + 1 : sc->end_line, col = sc->end_cr ? 1 : sc->end_col;
	size_t nl = b->line > line ? b->line - line : 0;
	size_t sp = nl ? b->column - 1 : (b->column > col ? b->column - col : 0);
	size_t gap = b->offset > a->offset + a->len ? b->offset - (a->offset + a->len) : 0;
	size_t pad = gap > nl + sp ? gap - nl - sp : 0;
	size_t need = a->len + pad + nl + sp + b->len + 1;
	if (need < b->len || pgn_sheet_grow(&sc->join, &sc->join_cap, need) < 0)
		return HAMLE_ENOMEM;
	unsigned char *p = sc->join + a->len;
	memset(p, ' ', pad);
	p += pad;
	*eol = (size_t)(p - sc->join);
	memset(p, '\n', nl);
	p += nl;
	*line_at = nl ? (size_t)(p - sc->join) : sc->open;
	memset(p, ' ', sp);
	p += sp;
	memcpy(p, b->data, b->len);
	p += b->len;
	*p = '\0';
	advance(sc, sc->join + a->len, (size_t)(p - (sc->join + a->len)));
	a->data = sc->join;
	a->len = (size_t)(p - sc->join);
	a->total_len = a->len;
	a->flags |= b->flags;
	return 0;
}

/* Keeps chunk c (the reader's buffer) for the next call. */
static int hold(hamle_scoresheet *sc, const hamle_chunk *c)
{
	if (pgn_sheet_grow(&sc->pend, &sc->pend_cap, c->len + 1) < 0)
		return HAMLE_ENOMEM;
	memcpy(sc->pend, c->data, c->len);
	sc->pend[c->len] = '\0';
	sc->pending = *c;
	sc->pending.data = sc->pend;
	sc->has_pending = 1;
	sc->pending_scanned = 0;
	return 0;
}

/* The known tags of the header block being joined (sc->tags[0..ntags)); each header line of a
 * scan adds its tag after them, and says when the block has it already. */
typedef struct tag_scan {
	hamle_scoresheet *sc;
	size_t n;   /* tags so far, the block's and the scan's */
	int repeat; /* a tag the block has */
} tag_scan;

static int tag_line(void *payload, const unsigned char *line, size_t len, size_t eol_len,
	const header_hit *hit)
{
	(void)line, (void)len, (void)eol_len;
	tag_scan *ts = payload;
	hamle_scoresheet *sc = ts->sc;
	if (!hit || !hit->known)
		return 0; /* the tags of unknown keys are the writer's: any number, in any order */
	for (size_t i = 0; i < sc->ntags; i++)
		if (strcmp(sc->tags[i], hit->tag) == 0)
			ts->repeat = 1;
	for (size_t i = sc->ntags; i < ts->n; i++)
		if (strcmp(sc->tags[i], hit->tag) == 0)
			return 0;
	if (ts->n == sc->tags_cap) {
		size_t cap = sc->tags_cap ? sc->tags_cap * 2 : 16;
		const char **v = realloc(sc->tags, cap * sizeof(*v));
		if (!v)
			return HAMLE_ENOMEM;
		sc->tags = v;
		sc->tags_cap = cap;
	}
	sc->tags[ts->n++] = hit->tag;
	return 0;
}

/* Scans data[0..len) for header lines, their tags staged after the block's (kept by the caller
 * setting sc->ntags = ts->n). */
static int scan_tags(hamle_scoresheet *sc, const unsigned char *data, size_t len, tag_scan *ts,
	scan_result *res)
{
	*ts = (tag_scan){ sc, sc->ntags, 0 };
	return pgn_sheet_scan(sc, data, len, tag_line, ts, res);
}

/* Whether the line sc->join[sc->open..end) is still a header line (or blank). Matched when it has
 * ended (ended) and grown since it last was, or has doubled since then: a line that many chunks
 * continue ("Sonuç: 1-0 1-0 1-0 ...") is matched O(its length) bytes in all. 1, 0, or < 0. */
static int open_line_ok(hamle_scoresheet *sc, size_t end, int ended)
{
	size_t len = end - sc->open;
	if (len <= sc->open_checked || (!ended && len < 2 * sc->open_checked))
		return 1;
	scan_result res;
	int rc = pgn_sheet_scan(sc, sc->join + sc->open, len, NULL, NULL, &res);
	if (rc < 0)
		return rc;
	sc->open_checked = len;
	return res.body == len;
}

/* c holds header lines only ("Sonuç: 1-0" ended the reader's game): joins the chunks that follow
 * as long as the text is header lines, up to a PGN tag (left for the next call), a header line
 * whose key the block has already (the next sheet's header block, left for the next call: one
 * game per header block), or a chunk holding anything else (joined: the sheet's movetext). The
 * lines are matched against the patterns a bounded number of times each: linear in the input. */
static int join_block(hamle_scoresheet *sc, hamle_reader *r, hamle_chunk *c, const scan_result *first)
{
	if (c->data != sc->join) {
		if (pgn_sheet_grow(&sc->join, &sc->join_cap, c->len + 1) < 0)
			return HAMLE_ENOMEM;
		memcpy(sc->join, c->data, c->len);
		sc->join[c->len] = '\0';
		c->data = sc->join;
	}
	sc->end_line = c->line;
	sc->end_col = c->column;
	sc->end_cr = 0;
	advance(sc, c->data, c->len);
	sc->open = first->last;
	sc->open_checked = c->len - first->last;
	for (;;) {
		hamle_chunk nx;
		int rc = hamle_reader_next_chunk(r, &nx);
		if (rc < 0)
			return rc;
		if (rc == HAMLE_ITEROVER)
			return 0;
		if (starts_with_tag(&nx))
			return hold(sc, &nx);
		/* a chunk that starts a line is scanned on its own first: its header lines are those of
		 * the next game when it holds a tag the block has already */
		scan_result res;
		tag_scan ts;
		int new_line = nx.line > (sc->end_cr ? sc->end_line + 1 : sc->end_line);
		if (new_line && (rc = scan_tags(sc, nx.data, nx.len, &ts, &res)) < 0)
			return rc;
		hamle_chunk before = *c;
		size_t end_line = sc->end_line, end_col = sc->end_col;
		int end_cr = sc->end_cr;
		size_t eol, from;
		if ((rc = join_append(sc, c, &nx, &eol, &from)) < 0)
			return rc;
		if (!new_line) {
			/* nx goes on with the open line ("Sonuç: 1-0" "(hükmen)") */
			size_t k = c->len - nx.len;
			while (k < c->len && c->data[k] != '\n' && c->data[k] != '\r')
				k++;
			if ((rc = open_line_ok(sc, k, k < c->len)) <= 0)
				return rc;
			if (k == c->len)
				continue;
			from = k; /* the rest of nx, from the end of that line */
			if ((rc = scan_tags(sc, c->data + from, c->len - from, &ts, &res)) < 0)
				return rc;
		} else if ((rc = open_line_ok(sc, eol, 1)) <= 0) {
			return rc; /* the line before nx was no header after all: the sheet ends with nx */
		} else if (ts.repeat) {
			/* nx begins the next sheet's header block: give it back, with its scan */
			*c = before;
			c->data = sc->join;
			sc->join[c->len] = '\0';
			sc->end_line = end_line;
			sc->end_col = end_col;
			sc->end_cr = end_cr;
			if ((rc = hold(sc, &nx)) < 0)
				return rc;
			sc->pending_res = res;
			sc->pending_tags = sc->ntags;
			sc->pending_ntags = ts.n;
			sc->pending_scanned = 1;
			return 0;
		} else if (from != c->len - nx.len &&
			(rc = scan_tags(sc, c->data + from, c->len - from, &ts, &res)) < 0) {
			return rc; /* (rescanned with the columns before nx that its first line has here) */
		}
		sc->ntags = ts.n;
		if (res.body < c->len - from)
			return 0; /* the movetext (or other text) has begun: the sheet ends with nx */
		sc->open = from + res.last;
		sc->open_checked = c->len - sc->open;
	}
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
	scan_result res;
	tag_scan ts = { sc, 0, 0 };
	sc->ntags = 0;
	if (sc->pending_scanned) {
		/* held back by join_block, which scanned it */
		res = sc->pending_res;
		ts.n = sc->pending_ntags - sc->pending_tags;
		memmove(sc->tags, sc->tags + sc->pending_tags, ts.n * sizeof(*sc->tags));
		sc->pending_scanned = 0;
	} else if ((rc = scan_tags(sc, c.data, c.len, &ts, &res)) < 0) {
		return rc;
	}
	if (res.known && res.body == c.len) {
		sc->ntags = ts.n;
		if ((rc = join_block(sc, r, &c, &res)) < 0)
			return rc;
	}
	c.game = ++sc->games;
	rc = hamle_scoresheet_rewrite(sc, out, &c);
	return rc < 0 ? rc : HAMLE_OK;
}
