/* filter.c: --where tag filters (see hamle/filter.h). PCRE2 in UTF + UCP mode, every match under
 * the limits of pgn/pattern.h. */
#include <stdlib.h>
#include <string.h>

#include "error_internal.h"
#include "hamle/filter.h"
#include "pgn/pattern.h"

enum { OP_MATCH, OP_NOMATCH, OP_EQ, OP_NE };

typedef struct filter_expr {
	char *expr;        /* the expression as given: owned */
	char *tag;         /* owned */
	int op;
	char *text;        /* OP_EQ / OP_NE: owned */
	pcre2_code *re;    /* OP_MATCH / OP_NOMATCH: owned */
} filter_expr;

struct hamle_filter {
	filter_expr *v;
	size_t n, cap;
	pcre2_match_context *mc; /* the match limits; only read while matching */
};

int hamle_filter_new(hamle_filter **out)
{
	if (!out)
		return HAMLE_EUSAGE;
	hamle_filter *f = calloc(1, sizeof(*f));
	if (f && !(f->mc = hamle_pattern_context())) {
		free(f);
		f = NULL;
	}
	*out = f;
	return f ? 0 : HAMLE_ENOMEM;
}

void hamle_filter_free(hamle_filter *f)
{
	if (!f)
		return;
	for (size_t i = 0; i < f->n; i++) {
		free(f->v[i].expr);
		free(f->v[i].tag);
		free(f->v[i].text);
		pcre2_code_free(f->v[i].re);
	}
	free(f->v);
	pcre2_match_context_free(f->mc);
	free(f);
}

size_t hamle_filter_count(const hamle_filter *f)
{
	return f ? f->n : 0;
}

static int is_tag_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/* Characters (code points) in s[0..n). */
static size_t count_chars(const char *s, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			c++;
	return c;
}

static int bad(hamle_error *err, const char *expr, size_t at, const char *fmt, const char *arg)
{
	if (err) {
		hamle_error_set(err, HAMLE_EUSAGE, fmt, arg);
		hamle_error_set_token(err, expr, strlen(expr));
		err->offset = at;
		err->column = count_chars(expr, at) + 1;
		err->line = 1;
	}
	return HAMLE_EUSAGE;
}

static char *dup_n(const char *s, size_t n)
{
	char *d = malloc(n + 1);
	if (d) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

int hamle_filter_add(hamle_filter *f, const char *expr, hamle_error *err)
{
	if (!f || !expr)
		return HAMLE_EUSAGE;
	size_t n = 0;
	while (is_tag_char(expr[n]))
		n++;
	if (n == 0)
		return bad(err, expr, 0, "%s", "expected a tag name (letters, digits, '_') at the start, as in White~/Kasparov/i");
	const char *p = expr + n;
	filter_expr e = { NULL, NULL, 0, NULL, NULL };
	if (p[0] == '~')
		e.op = OP_MATCH, p += 1;
	else if (p[0] == '!' && p[1] == '~')
		e.op = OP_NOMATCH, p += 2;
	else if (p[0] == '=')
		e.op = OP_EQ, p += 1;
	else if (p[0] == '!' && p[1] == '=')
		e.op = OP_NE, p += 2;
	else
		return bad(err, expr, n, "%s", "expected '~', '!~', '=' or '!=' after the tag name");
	if (f->n == f->cap) {
		size_t cap = f->cap ? f->cap * 2 : 4;
		filter_expr *v = realloc(f->v, cap * sizeof(*v));
		if (!v)
			return HAMLE_ENOMEM;
		f->v = v;
		f->cap = cap;
	}
	e.tag = dup_n(expr, n);
	e.expr = dup_n(expr, strlen(expr));
	if (!e.tag || !e.expr) {
		free(e.tag);
		free(e.expr);
		return HAMLE_ENOMEM;
	}
	if (e.op == OP_EQ || e.op == OP_NE) {
		e.text = dup_n(p, strlen(p));
		if (!e.text) {
			free(e.tag);
			free(e.expr);
			return HAMLE_ENOMEM;
		}
		f->v[f->n++] = e;
		return 0;
	}
	const char *pat = p;
	size_t plen = strlen(p);
	uint32_t opts = PCRE2_UTF | PCRE2_UCP;
	if (p[0] == '/') {
		const char *close = strrchr(p + 1, '/');
		if (!close) {
			free(e.tag);
			free(e.expr);
			return bad(err, expr, (size_t)(p - expr), "%s", "regular expression '/' without its closing '/'");
		}
		pat = p + 1;
		plen = (size_t)(close - pat);
		for (const char *q = close + 1; *q; q++) {
			switch (*q) {
			case 'i': opts |= PCRE2_CASELESS; break;
			case 'x': opts |= PCRE2_EXTENDED; break;
			case 's': opts |= PCRE2_DOTALL; break;
			case 'm': opts |= PCRE2_MULTILINE; break;
			default: {
				char flag[2] = { *q, 0 };
				free(e.tag);
				free(e.expr);
				return bad(err, expr, (size_t)(q - expr), "unknown regular expression flag '%s' (known: i x s m)", flag);
			}
			}
		}
	}
	int ec = 0;
	PCRE2_SIZE eo = 0;
	e.re = pcre2_compile((PCRE2_SPTR)pat, plen, opts, &ec, &eo, NULL);
	if (!e.re) {
		PCRE2_UCHAR msg[200];
		if (pcre2_get_error_message(ec, msg, sizeof(msg)) < 0)
			strcpy((char *)msg, "invalid regular expression");
		free(e.tag);
		free(e.expr);
		if (ec == PCRE2_ERROR_NOMEMORY)
			return HAMLE_ENOMEM;
		return bad(err, expr, (size_t)(pat - expr) + eo, "%s", (const char *)msg);
	}
	f->v[f->n++] = e;
	return 0;
}

/* Where the first tag named name is in g's input (nothing when g is NULL or has none). */
static void tag_position(const hamle_game *g, const char *name, hamle_error *err)
{
	size_t n = hamle_game_tag_count(g);
	for (size_t i = 0; i < n; i++) {
		const hamle_tag *t = hamle_game_tag_at(g, i);
		if (t && t->name && strcmp(t->name, name) == 0) {
			err->line = t->line;
			err->column = t->column;
			err->offset = t->offset;
			return;
		}
	}
}

/* An expression that cannot be decided: returns HAMLE_ELIMIT (a limit of pgn/pattern.h),
 * HAMLE_EENCODING (a value that is not UTF-8) or HAMLE_ERROR (another PCRE2 failure), with err
 * set. */
static int undecided(const filter_expr *e, int m, const hamle_game *g, hamle_error *err)
{
	const char *limit = hamle_pattern_limit(m);
	int utf = m <= PCRE2_ERROR_UTF8_ERR1 && m >= PCRE2_ERROR_UTF8_ERR21;
	int code = limit ? HAMLE_ELIMIT : utf ? HAMLE_EENCODING : HAMLE_ERROR;
	if (!err)
		return code;
	hamle_error_clear(err);
	if (limit) {
		hamle_error_set(err, code, "pattern hit its %s on the value of tag %s (too much backtracking), so "
			"the filter cannot decide on this game", limit, e->tag);
	} else {
		PCRE2_UCHAR msg[160];
		if (pcre2_get_error_message(m, msg, sizeof(msg)) < 0)
			strcpy((char *)msg, "matching failed");
		hamle_error_set(err, code, "pattern cannot be matched against the value of tag %s: %s", e->tag,
			(const char *)msg);
	}
	hamle_error_set_token(err, e->expr, strlen(e->expr));
	if (g) {
		err->source = hamle_game_source(g);
		err->game = hamle_game_index(g);
		tag_position(g, e->tag, err);
	}
	return code;
}

/* Every expression in turn: 1, 0, or the first expression that cannot be decided (unless a later
 * one does not hold, which decides). */
static int evaluate(const hamle_filter *f, const char *(*value)(void *payload, const char *name),
	void *payload, const hamle_game *g, hamle_error *err)
{
	if (!f || f->n == 0)
		return 1;
	pcre2_match_data *md = NULL;
	int rc = 1, failed = 0;
	for (size_t i = 0; i < f->n && rc != 0; i++) {
		const filter_expr *e = &f->v[i];
		const char *v = value(payload, e->tag);
		switch (e->op) {
		case OP_EQ: rc = v && strcmp(v, e->text) == 0; break;
		case OP_NE: rc = !v || strcmp(v, e->text) != 0; break;
		default: {
			int hit = 0;
			if (v) {
				if (!md && !(md = pcre2_match_data_create(1, NULL)))
					return HAMLE_ENOMEM;
				/* the shared context holds the limit for short values; a longer one (over 62 KB)
				 * gets a context of its own with a limit for its length */
				size_t len = strlen(v);
				pcre2_match_context *mc = f->mc, *own = NULL;
				if (hamle_pattern_match_limit(len) > HAMLE_PATTERN_MATCH_LIMIT) {
					if (!(mc = own = pcre2_match_context_copy(f->mc))) {
						pcre2_match_data_free(md);
						return HAMLE_ENOMEM;
					}
					pcre2_set_match_limit(own, hamle_pattern_match_limit(len));
				}
				int m = pcre2_match(e->re, (PCRE2_SPTR)v, len, 0, 0, md, mc);
				pcre2_match_context_free(own);
				if (m == PCRE2_ERROR_NOMEMORY) {
					pcre2_match_data_free(md);
					return HAMLE_ENOMEM;
				}
				if (m < 0 && m != PCRE2_ERROR_NOMATCH) {
					if (!failed)
						failed = undecided(e, m, g, err);
					continue;
				}
				hit = m >= 0;
			}
			rc = e->op == OP_MATCH ? hit : !hit;
			break;
		}
		}
	}
	pcre2_match_data_free(md);
	return rc == 0 ? 0 : failed ? failed : rc;
}

int hamle_filter_match_fn(const hamle_filter *f, const char *(*value)(void *payload, const char *name),
	void *payload)
{
	return evaluate(f, value, payload, NULL, NULL);
}

static const char *game_value(void *payload, const char *name)
{
	return hamle_game_tag((const hamle_game *)payload, name);
}

int hamle_filter_match(const hamle_filter *f, const hamle_game *g)
{
	return evaluate(f, game_value, (void *)g, g, NULL);
}

int hamle_filter_check(const hamle_filter *f, const hamle_game *g, hamle_error *err)
{
	return evaluate(f, game_value, (void *)g, g, err);
}
