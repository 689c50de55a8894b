/* codes.c: --ignore and --select over the library's finding codes (see codes.h). */
#include "codes.h"

#include <stdio.h>
#include <string.h>

int hamle_code_index(const char *id)
{
	const hamle_code_info *c;
	for (size_t i = 0; id && i < HAMLE_CLI_MAX_CODES && (c = hamle_code_at(i)) != NULL; i++)
		if (c->id[0] == id[0] && !strcmp(c->id, id)) /* once per finding: the first byte first */
			return (int)i;
	return -1;
}

/* Index of the code s[0..len), or -1. */
static int code_index_n(const char *s, size_t len)
{
	const hamle_code_info *c;
	for (size_t i = 0; i < HAMLE_CLI_MAX_CODES && (c = hamle_code_at(i)) != NULL; i++)
		if (strlen(c->id) == len && !memcmp(c->id, s, len))
			return (int)i;
	return -1;
}

int hamle_code_filter_add(hamle_code_filter *f, const char *list, bool select, char *why, size_t size)
{
	hamle_usage u = HAMLE_USAGE_INIT;
	if (hamle_code_filter_note(f, list, select, &u) == 0)
		return 0;
	hamle_usage_text(NULL, &u, why, size);
	return -1;
}

int hamle_code_filter_note(hamle_code_filter *f, const char *list, bool select, hamle_usage *u)
{
	const char *opt = select ? "--select" : "--ignore";
	for (const char *s = list;;) {
		const char *comma = strchr(s, ',');
		size_t len = comma ? (size_t)(comma - s) : strlen(s);
		char code[72];
		snprintf(code, sizeof(code), "%.*s", len > 64 ? 64 : (int)len, s);
		const char *a[2] = {opt, code};
		int i = code_index_n(s, len);
		if (len == 0) {
			a[1] = list;
			hamle_usage_note(u, "usage_code_empty", "%1$s: an empty code in '%2$s'", 2, a);
			return -1;
		}
		if (i < 0) {
			hamle_usage_note(u, "usage_code_unknown", "%1$s: unknown code '%2$s' (codes: docs/tools.md, 'Finding codes')", 2, a);
			return -1;
		}
		if (!(hamle_code_at((size_t)i)->severities & HAMLE_CODE_WARNINGS)) {
			hamle_usage_note(u, "usage_code_error_only", "%1$s: '%2$s' is an error code, and errors always count", 2, a);
			return -1;
		}
		if (select)
			f->select |= (uint64_t)1 << i;
		else
			f->ignore |= (uint64_t)1 << i;
		if (!comma)
			break;
		s = comma + 1;
	}
	if (select)
		f->selecting = true;
	return 0;
}

bool hamle_code_filter_keeps(const hamle_code_filter *f, const char *id, hamle_severity sev)
{
	if (!f || sev == HAMLE_SEVERITY_ERROR || (!f->ignore && !f->selecting))
		return true;
	int i = hamle_code_index(id);
	if (i < 0)
		return !f->selecting; /* a code the table lacks is never named, so never ignored */
	uint64_t bit = (uint64_t)1 << i;
	return !(f->ignore & bit) && (!f->selecting || (f->select & bit));
}
