/* locale_repair.c: the locale facts the text repairs use: input.repair_mojibake (which repair its
 * games get) and alphabet (the language's letters, which decide the words it may change). */
#include <stdlib.h>
#include <string.h>

#include "notation/locale_build.h"

/* The code point at s[*i] (valid UTF-8: libyaml checked it), advancing *i. */
static uint32_t next_cp(const char *s, size_t len, size_t *i)
{
	unsigned char c = (unsigned char)s[*i];
	size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
	uint32_t cp = n == 1 ? c : n == 2 ? (c & 0x1Fu) : n == 3 ? (c & 0x0Fu) : (c & 0x07u);
	for (size_t k = 1; k < n && *i + k < len; k++)
		cp = (cp << 6) | ((unsigned char)s[*i + k] & 0x3Fu);
	*i += n;
	return cp;
}

static int cmp_cp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* alphabet: "a b c ç ...": every letter once, spaces between them optional. */
static int make_alphabet(struct loc_build *b)
{
	const struct loc_scalar *al = &b->scalar[S_ALPHABET];
	b->loc->alphabet = NULL;
	b->loc->n_alphabet = 0;
	if (!al->text)
		return 0;
	size_t n = 0;
	for (size_t i = 0; i < al->len;) {
		uint32_t cp = next_cp(al->text, al->len, &i);
		if (cp == ' ')
			continue;
		if (cp < 0x80 && !((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z'))
			return loc_fail(b, &al->at, "alphabet holds letters and spaces only (got '%c')",
				cp >= 0x20 && cp < 0x7F ? (int)cp : '?');
		n++;
	}
	if (n == 0)
		return loc_fail(b, &al->at, "'alphabet' must not be empty");
	uint32_t *v = loc_arena_alloc(&b->loc->arena, n * sizeof(*v));
	if (!v)
		return loc_nomem(b);
	n = 0;
	for (size_t i = 0; i < al->len;) {
		uint32_t cp = next_cp(al->text, al->len, &i);
		if (cp != ' ')
			v[n++] = cp;
	}
	qsort(v, n, sizeof(*v), cmp_cp);
	for (size_t i = 1; i < n; i++)
		if (v[i] == v[i - 1])
			return loc_fail(b, &al->at, "alphabet lists U+%04X twice", (unsigned)v[i]);
	b->loc->alphabet = v;
	b->loc->n_alphabet = n;
	return 0;
}

/* input.repair_mojibake: "cp1254", the one repair the decoder knows (pgn/mojibake.c), or unset.
 * The repair changes only words of the locale's alphabet, so it needs one. */
int loc_make_repair(struct loc_build *b)
{
	int rc = make_alphabet(b);
	if (rc < 0)
		return rc;
	const struct loc_scalar *mj = &b->scalar[S_MOJIBAKE];
	b->loc->repair_mojibake = 0;
	if (!mj->text)
		return 0;
	if (strcmp(mj->text, "cp1254") != 0)
		return loc_fail(b, &mj->at, "input.repair_mojibake must be 'cp1254' (got '%s')", mj->text);
	if (!b->loc->alphabet)
		return loc_fail(b, &mj->at, "input.repair_mojibake needs the language's letters in 'alphabet' "
			"(the repair changes only words made of them)");
	b->loc->repair_mojibake = 1;
	return 0;
}
