/* gen_locale_image.c: a build-time host program. It loads every shipped locale with the library's
 * own loader (its locale sources compiled into this tool, with no image: locale_image_none.c), from
 * the documents of locales/NAME.yaml, and writes each finished struct hamle_locale as C data
 * (notation/locale_image.h): one pool of every string, arrays of words, texts and header keys, and
 * the structures naming them. The library then loads a shipped locale by copying its structure.
 * The YAML files stay the source: a file added to locales/ is in the next build's image.
 *
 * Usage: hamle_gen_locale_image OUT.c
 *
 * Every field of struct hamle_locale (notation/locale_internal.h) is written here but arena and
 * pattern_own, which each loaded copy makes for itself; unit.locale_docs compares every shipped
 * locale loaded from the image with the same locale built from its document, field by field. */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/hamle.h"
#include "notation/locale_build.h"
#include "notation/locale_embedded.h"

/* ---- the string pool: each distinct string once, NUL-terminated ---- */

struct pool {
	char *b;
	size_t n, cap;
	size_t *slot; /* open-addressed: offset + 1 (0 = free) */
	size_t nslot, used;
};

static void no_memory(void)
{
	fprintf(stderr, "gen_locale_image: out of memory\n");
	exit(1);
}

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n);
	if (!q)
		no_memory();
	return q;
}

static size_t hash(const char *s, size_t len)
{
	size_t h = 1469598103934665603u;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211u;
	return h;
}

static void pool_grow(struct pool *p)
{
	size_t n = p->nslot ? 2 * p->nslot : 4096;
	size_t *slot = calloc(n, sizeof(*slot));
	if (!slot)
		no_memory();
	for (size_t i = 0; i < p->nslot; i++)
		if (p->slot[i]) {
			const char *s = p->b + p->slot[i] - 1;
			size_t k = hash(s, strlen(s)) & (n - 1);
			while (slot[k])
				k = (k + 1) & (n - 1);
			slot[k] = p->slot[i];
		}
	free(p->slot);
	p->slot = slot;
	p->nslot = n;
}

/* The offset of s[0..len) and a NUL in the pool, added when new. */
static size_t pool_add(struct pool *p, const char *s, size_t len)
{
	if (2 * (p->used + 1) > p->nslot)
		pool_grow(p);
	size_t k = hash(s, len) & (p->nslot - 1);
	for (; p->slot[k]; k = (k + 1) & (p->nslot - 1)) {
		const char *t = p->b + p->slot[k] - 1;
		if (strlen(t) == len && memcmp(t, s, len) == 0)
			return p->slot[k] - 1;
	}
	if (p->n + len + 1 > p->cap) {
		p->cap = (p->n + len + 1) * 2;
		p->b = xrealloc(p->b, p->cap);
	}
	size_t off = p->n;
	memcpy(p->b + off, s, len);
	p->b[off + len] = '\0';
	p->n += len + 1;
	p->slot[k] = off + 1;
	p->used++;
	return off;
}

/* ---- writing C ---- */

/* Where the locales' C goes and the pool its strings are gathered in. */
struct gen {
	FILE *out;
	struct pool pool;
};

/* A string as a pointer into the pool ("NULL" for none). */
static void put_str(struct gen *g, const char *s)
{
	if (!s)
		fputs("NULL", g->out);
	else
		fprintf(g->out, "S + %zu", pool_add(&g->pool, s, strlen(s)));
}

static void put_bytes(struct gen *g, const uint8_t *v, size_t n)
{
	fputs("{", g->out);
	for (size_t i = 0; i < n; i++)
		fprintf(g->out, "%s%u", i ? (i % 32 ? "," : ",\n\t\t") : "", v[i]);
	fputs("}", g->out);
}

static void put_strs(struct gen *g, const char *const *v, size_t n)
{
	fputs("{", g->out);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ", " : "", g->out);
		put_str(g, v[i]);
	}
	fputs("}", g->out);
}

static void put_u32s(struct gen *g, const uint32_t *v, size_t n)
{
	fputs("{", g->out);
	for (size_t i = 0; i < n; i++)
		fprintf(g->out, "%s%" PRIu32 "u", i ? (i % 16 ? "," : ",\n\t\t") : "", v[i]);
	fputs("}", g->out);
}

/* The word lists of a locale, in this order, written into one array w_K. */
#define N_LISTS 10
static const struct hamle_loc_words *lists_of(const hamle_locale *loc, int i)
{
	const struct hamle_loc_words *l[N_LISTS] = {&loc->piece_alias, &loc->ignore_after_piece,
		&loc->castling, &loc->capture, &loc->en_passant, &loc->check_marks, &loc->draw_offer,
		&loc->null_move, &loc->results, &loc->months};
	return l[i];
}
static const char *const list_name[N_LISTS] = {"piece_alias", "ignore_after_piece", "castling",
	"capture", "en_passant", "check_marks", "draw_offer", "null_move", "results", "months"};

/* A field of a structure written as strings: one (n 0) or an array of n, on the line so far or
 * on a line of its own. */
struct str_field {
	const char *name;
	size_t off, n;
	int new_line;
};

#define STR_ONE(type, field, new_line) {#field, offsetof(type, field), 0, new_line}
#define STR_ARRAY(type, field, new_line) \
	{#field, offsetof(type, field), sizeof(((type *)0)->field) / sizeof(((type *)0)->field[0]), new_line}

#define STYLE(field, new_line) STR_ONE(struct hamle_loc_style, field, new_line)
static const struct str_field style_fields[] = {
	STYLE(castle_short, 0), STYLE(castle_long, 0), STYLE(promo_open, 0), STYLE(promo_close, 0),
	STYLE(capture, 1), STYLE(check, 0), STYLE(mate, 0), STYLE(en_passant, 0), STYLE(draw_offer, 0),
	STR_ARRAY(struct hamle_loc_style, result, 1),
};

#define SPOKEN(field) STR_ONE(struct hamle_loc_spoken, field, 1)
static const struct str_field spoken_fields[] = {
	STR_ARRAY(struct hamle_loc_spoken, file, 1), STR_ARRAY(struct hamle_loc_spoken, rank, 1),
	STR_ARRAY(struct hamle_loc_spoken, piece, 1), SPOKEN(castle_short), SPOKEN(castle_long),
	SPOKEN(takes), SPOKEN(check), SPOKEN(mate), SPOKEN(promotes), SPOKEN(en_passant),
};

/* The string fields f[0..n) of the structure at base, as a designated initializer. */
static void put_fields(struct gen *g, const void *base, const struct str_field *f, size_t n)
{
	fputs("{", g->out);
	for (size_t i = 0; i < n; i++) {
		const char *at = (const char *)base + f[i].off;
		fprintf(g->out, "%s.%s = ", i == 0 ? "" : f[i].new_line ? ",\n\t\t" : ", ", f[i].name);
		if (f[i].n)
			put_strs(g, (const char *const *)(const void *)at, f[i].n);
		else
			put_str(g, *(const char *const *)(const void *)at);
	}
	fputs("}", g->out);
}

#define N_FIELDS(f) (sizeof(f) / sizeof((f)[0]))

/* The arrays of locale k (each with one entry more than it holds: no array is empty). */
static void put_arrays(struct gen *g, const hamle_locale *loc, int k)
{
	fprintf(g->out, "static const struct hamle_loc_word w_%d[] = {\n", k);
	for (int l = 0; l < N_LISTS; l++) {
		const struct hamle_loc_words *w = lists_of(loc, l);
		for (size_t i = 0; i < w->n; i++) {
			fputs("\t{", g->out);
			put_str(g, w->v[i].text);
			fprintf(g->out, ", %" PRIu32 "u, %" PRId32 "},\n", w->v[i].len, w->v[i].value);
		}
	}
	fputs("\t{NULL, 0, 0}\n};\n", g->out);
	fprintf(g->out, "static const struct hamle_loc_promo promo_%d[] = {\n", k);
	for (size_t i = 0; i < loc->n_promo; i++) {
		fputs("\t{", g->out);
		put_str(g, loc->promo[i].open);
		fputs(", ", g->out);
		put_str(g, loc->promo[i].close);
		fprintf(g->out, ", %" PRIu32 "u, %" PRIu32 "u},\n", loc->promo[i].open_len, loc->promo[i].close_len);
	}
	fputs("\t{NULL, NULL, 0, 0}\n};\n", g->out);
	fprintf(g->out, "static const struct hamle_loc_text text_%d[] = {\n", k);
	for (size_t i = 0; i < loc->n_text; i++) {
		const char *key = hamle_loc_text_key(loc, i), *text = hamle_loc_text_text(loc, i);
		size_t ko = pool_add(&g->pool, key, strlen(key)), to = pool_add(&g->pool, text, strlen(text));
		fprintf(g->out, "\t{%zuu, %zuu, %uu},\n", ko, to, loc->text[i].nargs);
	}
	fputs("\t{0, 0, 0}\n};\n", g->out);
	fprintf(g->out, "static const struct hamle_loc_header header_%d[] = {\n", k);
	for (size_t i = 0; i < loc->n_header; i++) {
		fputs("\t{", g->out);
		put_str(g, loc->header[i].key);
		fprintf(g->out, ", %" PRIu32 "u, ", loc->header[i].key_len);
		put_str(g, loc->header[i].tag);
		fprintf(g->out, ", %d},\n", loc->header[i].preferred);
	}
	fputs("\t{NULL, 0, NULL, 0}\n};\n", g->out);
	fprintf(g->out, "static const char *const count_word_%d[] = {", k);
	for (size_t i = 0; i < loc->n_count_word; i++) {
		put_str(g, loc->count_word[i]);
		fputs(", ", g->out);
	}
	fputs("NULL};\n", g->out);
	if (loc->alphabet) {
		fprintf(g->out, "static const uint32_t alphabet_%d[] = ", k);
		put_u32s(g, loc->alphabet, loc->n_alphabet ? loc->n_alphabet : 1);
		fputs(";\n", g->out);
	}
}

/* A pointer to an array of locale k, or NULL where the locale's is NULL. */
static void put_array_ref(struct gen *g, const void *p, const char *array, int k, size_t at)
{
	if (!p)
		fputs("NULL", g->out);
	else if (at)
		fprintf(g->out, "%s_%d + %zu", array, k, at);
	else
		fprintf(g->out, "%s_%d", array, k);
}

static void put_locale(struct gen *g, const hamle_locale *loc, int k)
{
	put_arrays(g, loc, k);
	fprintf(g->out, "static const struct hamle_locale loc_%d = {\n\t.tag = ", k);
	put_str(g, loc->tag);
	fputs(",\n\t.name = ", g->out);
	put_str(g, loc->name);
	fputs(",\n\t.piece_byte = ", g->out);
	put_bytes(g, loc->piece_byte, 256);
	fputs(",\n\t.plain_mark = ", g->out);
	put_bytes(g, loc->plain_mark, 256);
	fprintf(g->out, ",\n\t.plain_capture = %u,\n\t.word_lead = ", loc->plain_capture);
	put_bytes(g, loc->word_lead, 256);
	fputs(",\n\t.plain_castle = ", g->out);
	put_strs(g, loc->plain_castle, 2);
	fprintf(g->out, ",\n\t.plain_castle_len = {%" PRIu32 "u, %" PRIu32 "u}", loc->plain_castle_len[0],
		loc->plain_castle_len[1]);
	size_t at = 0;
	for (int l = 0; l < N_LISTS; l++) {
		const struct hamle_loc_words *w = lists_of(loc, l);
		fprintf(g->out, ",\n\t.%s = {", list_name[l]);
		put_array_ref(g, w->v, "w", k, at);
		fprintf(g->out, ", %zu}", w->n);
		at += w->n;
	}
	fprintf(g->out, ",\n\t.repair_mojibake = %d,\n\t.alphabet = ", loc->repair_mojibake);
	put_array_ref(g, loc->alphabet, "alphabet", k, 0);
	fprintf(g->out, ", .n_alphabet = %zu,\n\t.pawn_letter = ", loc->n_alphabet);
	put_str(g, loc->pawn_letter);
	fputs(",\n\t.promo = ", g->out);
	put_array_ref(g, loc->promo, "promo", k, 0);
	fprintf(g->out, ", .n_promo = %zu,\n\t.letter = ", loc->n_promo);
	put_strs(g, loc->letter, 6);
	fputs(",\n\t.letter_len = ", g->out);
	put_u32s(g, loc->letter_len, 6);
	fputs(",\n\t.style = {", g->out);
	put_fields(g, &loc->style[0], style_fields, N_FIELDS(style_fields));
	fputs(",\n\t\t", g->out);
	put_fields(g, &loc->style[1], style_fields, N_FIELDS(style_fields));
	fprintf(g->out, "},\n\t.default_style = %d,\n\t.spoken = ", loc->default_style);
	put_fields(g, &loc->spoken, spoken_fields, N_FIELDS(spoken_fields));
	fputs(",\n\t.noun = ", g->out);
	put_strs(g, loc->noun, 6);
	fputs(",\n\t.no_piece = ", g->out);
	put_strs(g, loc->no_piece, 6);
	fputs(",\n\t.noun_plural = ", g->out);
	put_strs(g, loc->noun_plural, 6);
	fputs(",\n\t.count_word = ", g->out);
	put_array_ref(g, loc->count_word, "count_word", k, 0);
	fprintf(g->out, ", .n_count_word = %zu,\n\t.text = ", loc->n_count_word);
	put_array_ref(g, loc->text, "text", k, 0);
	fprintf(g->out, ", .n_text = %zu, .text_pool = S,\n\t.header = ", loc->n_text);
	put_array_ref(g, loc->header, "header", k, 0);
	fprintf(g->out, ", .n_header = %zu,\n\t.pattern_src = ", loc->n_header);
	put_strs(g, loc->pattern_src, HAMLE_LOC_PATTERNS);
	fprintf(g->out, ",\n\t.date_order = %d,\n};\n\n", loc->date_order);
}

/* The pool as one string literal (octal escapes: a hex one would run on into the next digit). */
static void put_pool(FILE *f, const struct pool *pool)
{
	fputs("static const char S[] =\n\t\"", f);
	for (size_t i = 0, col = 0; i < pool->n; i++, col++) {
		unsigned char c = (unsigned char)pool->b[i];
		if (col >= 96) {
			fputs("\"\n\t\"", f);
			col = 0;
		}
		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '?')
			fputc(c, f);
		else
			fprintf(f, "\\%03o", c);
	}
	fputs("\";\n\n", f);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: hamle_gen_locale_image OUT.c\n");
		return 2;
	}
	struct gen g = {NULL, {NULL, 0, 0, NULL, 0, 0}};
	/* the locales' C goes to a temporary file first: the pool they fill is written before them */
	g.out = tmpfile();
	if (!g.out) {
		fprintf(stderr, "gen_locale_image: no temporary file\n");
		return 1;
	}
	int n = 0;
	for (; hamle_embedded_locales[n].tag; n++) {
		hamle_locale *loc = NULL;
		hamle_error err;
		hamle_error_clear(&err);
		if (hamle_locale_load_builtin(&loc, hamle_embedded_locales[n].tag, &err) < 0) {
			fprintf(stderr, "gen_locale_image: %s\n", err.message);
			return 1;
		}
		put_locale(&g, loc, n);
		hamle_locale_free(loc);
	}
	fputs("const struct hamle_locale_image hamle_locale_images[] = {\n", g.out);
	for (int k = 0; k < n; k++)
		fprintf(g.out, "\t{\"%s\", &loc_%d},\n", hamle_embedded_locales[k].tag, k);
	fputs("\t{NULL, NULL}\n};\n", g.out);

	FILE *f = fopen(argv[1], "w");
	if (!f) {
		fprintf(stderr, "gen_locale_image: cannot write %s\n", argv[1]);
		return 1;
	}
	fputs("/* Generated by tools/gen_locale_image.c from locales/NAME.yaml: do not edit. */\n"
		"#include <stddef.h>\n#include <stdint.h>\n\n#include \"notation/locale_image.h\"\n\n", f);
	put_pool(f, &g.pool);
	rewind(g.out);
	char buf[65536];
	for (size_t got; (got = fread(buf, 1, sizeof(buf), g.out)) > 0;)
		fwrite(buf, 1, got, f);
	fclose(g.out);
	free(g.pool.b);
	free(g.pool.slot);
	if (fclose(f) != 0) {
		fprintf(stderr, "gen_locale_image: write error on %s\n", argv[1]);
		return 1;
	}
	return 0;
}
