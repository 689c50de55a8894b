/* where.c: --where on the command line (see where.h). */
#include "where.h"

#include <stdio.h>
#include <string.h>

/* The most bytes of the expression shown: the expression and its caret line fit one usage
 * argument (HAMLE_USAGE_ARG_MAX) with the indents and the "..." marks. */
#define WHERE_SHOWN 100

static int is_continuation(unsigned char c)
{
	return (c & 0xC0) == 0x80;
}

size_t hamle_where_caret(char *buf, size_t size, const char *expr, size_t offset)
{
	size_t len = strlen(expr);
	if (offset > len)
		offset = len;
	/* the window [from, to) around offset, on character boundaries */
	size_t from = 0, to = len;
	if (len > WHERE_SHOWN) {
		from = offset > WHERE_SHOWN * 2 / 3 ? offset - WHERE_SHOWN * 2 / 3 : 0;
		while (from > 0 && is_continuation((unsigned char)expr[from]))
			from--;
		to = from + WHERE_SHOWN < len ? from + WHERE_SHOWN : len;
		while (to < len && is_continuation((unsigned char)expr[to]))
			to--;
	}
	char line[WHERE_SHOWN + 16], caret[WHERE_SHOWN + 16];
	size_t n = 0, c = 0;
	line[n++] = ' ', line[n++] = ' ';
	caret[c++] = ' ', caret[c++] = ' ';
	if (from > 0) {
		memcpy(line + n, "...", 3), n += 3;
		memcpy(caret + c, "   ", 3), c += 3;
	}
	for (size_t i = from; i < to; i++) {
		unsigned char ch = (unsigned char)expr[i];
		line[n++] = ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v' ? ' ' : (char)ch;
		if (i < offset && !is_continuation(ch))
			caret[c++] = ' ';
	}
	if (to < len)
		memcpy(line + n, "...", 3), n += 3;
	caret[c++] = '^';
	int w = snprintf(buf, size, "%.*s\n%.*s", (int)n, line, (int)c, caret);
	return w < 0 ? 0 : (size_t)w;
}

int hamle_where_add(hamle_filter **f, const char *expr, hamle_usage *u)
{
	if (!*f && hamle_filter_new(f) < 0)
		return HAMLE_ENOMEM;
	hamle_error err;
	hamle_error_clear(&err);
	int rc = hamle_filter_add(*f, expr, &err);
	if (rc != HAMLE_EUSAGE)
		return rc;
	char col[24], shown[HAMLE_USAGE_ARG_MAX];
	snprintf(col, sizeof(col), "%zu", err.column);
	hamle_where_caret(shown, sizeof(shown), expr, err.offset);
	const char *a[3] = { err.message, col, shown };
	hamle_usage_note(u, "usage_where", "--where: %1$s at character %2$s\n%3$s", 3, a);
	return rc;
}

int hamle_where_eco(const hamle_filter *f, hamle_eco **eco)
{
	*eco = NULL;
	if (!(hamle_filter_needs(f) & HAMLE_FILTER_NEEDS_ECO))
		return 0;
	return hamle_eco_load_builtin(eco, NULL) < 0 ? HAMLE_ENOMEM : 0;
}

int hamle_where_annotator(const hamle_filter *f, const hamle_eco *eco, hamle_annotator **out)
{
	*out = NULL;
	if (!(hamle_filter_needs(f) & HAMLE_FILTER_NEEDS_ANNOTATE))
		return 0;
	hamle_annotate_options o = HAMLE_ANNOTATE_OPTIONS_INIT;
	o.flags = HAMLE_ANNOTATE_CLAIMS | HAMLE_ANNOTATE_AUTOMATIC | (eco ? HAMLE_ANNOTATE_ECO : 0);
	o.eco = eco;
	return hamle_annotator_new(out, &o) < 0 ? HAMLE_ENOMEM : 0;
}
