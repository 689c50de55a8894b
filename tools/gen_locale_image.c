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

static FILE *out;
static struct pool pool;

/* A string as a pointer into the pool ("NULL" for none). */
static void put_str(const char *s)
{
	if (!s)
		fputs("NULL", out);
	else
		fprintf(out, "S + %zu", pool_add(&pool, s, strlen(s)));
}

static void put_bytes(const uint8_t *v, size_t n)
{
	fputs("{", out);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%u", i ? (i % 32 ? "," : ",\n\t\t") : "", v[i]);
	fputs("}", out);
}

static void put_strs(const char *const *v, size_t n)
{
	fputs("{", out);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ", " : "", out);
		put_str(v[i]);
	}
	fputs("}", out);
}

static void put_u32s(const uint32_t *v, size_t n)
{
	fputs("{", out);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%" PRIu32 "u", i ? (i % 16 ? "," : ",\n\t\t") : "", v[i]);
	fputs("}", out);
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

static void put_style(const struct hamle_loc_style *s)
{
	fputs("{.castle_short = ", out);
	put_str(s->castle_short);
	fputs(", .castle_long = ", out);
	put_str(s->castle_long);
	fputs(", .promo_open = ", out);
	put_str(s->promo_open);
	fputs(", .promo_close = ", out);
	put_str(s->promo_close);
	fputs(",\n\t\t.capture = ", out);
	put_str(s->capture);
	fputs(", .check = ", out);
	put_str(s->check);
	fputs(", .mate = ", out);
	put_str(s->mate);
	fputs(", .en_passant = ", out);
	put_str(s->en_passant);
	fputs(", .draw_offer = ", out);
	put_str(s->draw_offer);
	fputs(",\n\t\t.result = ", out);
	put_strs(s->result, HAMLE_LOC_RESULTS);
	fputs("}", out);
}

static void put_spoken(const struct hamle_loc_spoken *s)
{
	fputs("{.file = ", out);
	put_strs(s->file, 8);
	fputs(",\n\t\t.rank = ", out);
	put_strs(s->rank, 8);
	fputs(",\n\t\t.piece = ", out);
	put_strs(s->piece, 6);
	const char *const rest[] = {s->castle_short, s->castle_long, s->takes, s->check, s->mate,
		s->promotes, s->en_passant};
	const char *const name[] = {"castle_short", "castle_long", "takes", "check", "mate", "promotes",
		"en_passant"};
	for (size_t i = 0; i < sizeof(rest) / sizeof(rest[0]); i++) {
		fprintf(out, ",\n\t\t.%s = ", name[i]);
		put_str(rest[i]);
	}
	fputs("}", out);
}

/* The arrays of locale k (each with one entry more than it holds: no array is empty). */
static void put_arrays(const hamle_locale *loc, int k)
{
	fprintf(out, "static const struct hamle_loc_word w_%d[] = {\n", k);
	for (int l = 0; l < N_LISTS; l++) {
		const struct hamle_loc_words *w = lists_of(loc, l);
		for (size_t i = 0; i < w->n; i++) {
			fputs("\t{", out);
			put_str(w->v[i].text);
			fprintf(out, ", %" PRIu32 "u, %" PRId32 "},\n", w->v[i].len, w->v[i].value);
		}
	}
	fputs("\t{NULL, 0, 0}\n};\n", out);
	fprintf(out, "static const struct hamle_loc_promo promo_%d[] = {\n", k);
	for (size_t i = 0; i < loc->n_promo; i++) {
		fputs("\t{", out);
		put_str(loc->promo[i].open);
		fputs(", ", out);
		put_str(loc->promo[i].close);
		fprintf(out, ", %" PRIu32 "u, %" PRIu32 "u},\n", loc->promo[i].open_len, loc->promo[i].close_len);
	}
	fputs("\t{NULL, NULL, 0, 0}\n};\n", out);
	fprintf(out, "static const struct hamle_loc_text text_%d[] = {\n", k);
	for (size_t i = 0; i < loc->n_text; i++) {
		const char *key = hamle_loc_text_key(loc, i), *text = hamle_loc_text_text(loc, i);
		size_t ko = pool_add(&pool, key, strlen(key)), to = pool_add(&pool, text, strlen(text));
		fprintf(out, "\t{%zuu, %zuu, %uu},\n", ko, to, loc->text[i].nargs);
	}
	fputs("\t{0, 0, 0}\n};\n", out);
	fprintf(out, "static const struct hamle_loc_header header_%d[] = {\n", k);
	for (size_t i = 0; i < loc->n_header; i++) {
		fputs("\t{", out);
		put_str(loc->header[i].key);
		fprintf(out, ", %" PRIu32 "u, ", loc->header[i].key_len);
		put_str(loc->header[i].tag);
		fprintf(out, ", %d},\n", loc->header[i].preferred);
	}
	fputs("\t{NULL, 0, NULL, 0}\n};\n", out);
	fprintf(out, "static const char *const count_word_%d[] = {", k);
	for (size_t i = 0; i < loc->n_count_word; i++) {
		put_str(loc->count_word[i]);
		fputs(", ", out);
	}
	fputs("NULL};\n", out);
	if (loc->alphabet) {
		fprintf(out, "static const uint32_t alphabet_%d[] = ", k);
		put_u32s(loc->alphabet, loc->n_alphabet ? loc->n_alphabet : 1);
		fputs(";\n", out);
	}
}

/* A pointer to an array of locale k, or NULL where the locale's is NULL. */
static void put_array_ref(const void *p, const char *array, int k, size_t at)
{
	if (!p)
		fputs("NULL", out);
	else if (at)
		fprintf(out, "%s_%d + %zu", array, k, at);
	else
		fprintf(out, "%s_%d", array, k);
}

static void put_locale(const hamle_locale *loc, int k)
{
	put_arrays(loc, k);
	fprintf(out, "static const struct hamle_locale loc_%d = {\n\t.tag = ", k);
	put_str(loc->tag);
	fputs(",\n\t.name = ", out);
	put_str(loc->name);
	fputs(",\n\t.piece_byte = ", out);
	put_bytes(loc->piece_byte, 256);
	fputs(",\n\t.plain_mark = ", out);
	put_bytes(loc->plain_mark, 256);
	fprintf(out, ",\n\t.plain_capture = %u,\n\t.word_lead = ", loc->plain_capture);
	put_bytes(loc->word_lead, 256);
	fputs(",\n\t.plain_castle = ", out);
	put_strs(loc->plain_castle, 2);
	fprintf(out, ",\n\t.plain_castle_len = {%" PRIu32 "u, %" PRIu32 "u}", loc->plain_castle_len[0],
		loc->plain_castle_len[1]);
	size_t at = 0;
	for (int l = 0; l < N_LISTS; l++) {
		const struct hamle_loc_words *w = lists_of(loc, l);
		fprintf(out, ",\n\t.%s = {", list_name[l]);
		put_array_ref(w->v, "w", k, at);
		fprintf(out, ", %zu}", w->n);
		at += w->n;
	}
	fprintf(out, ",\n\t.repair_mojibake = %d,\n\t.alphabet = ", loc->repair_mojibake);
	put_array_ref(loc->alphabet, "alphabet", k, 0);
	fprintf(out, ", .n_alphabet = %zu,\n\t.pawn_letter = ", loc->n_alphabet);
	put_str(loc->pawn_letter);
	fputs(",\n\t.promo = ", out);
	put_array_ref(loc->promo, "promo", k, 0);
	fprintf(out, ", .n_promo = %zu,\n\t.letter = ", loc->n_promo);
	put_strs(loc->letter, 6);
	fputs(",\n\t.letter_len = ", out);
	put_u32s(loc->letter_len, 6);
	fputs(",\n\t.style = {", out);
	put_style(&loc->style[0]);
	fputs(",\n\t\t", out);
	put_style(&loc->style[1]);
	fprintf(out, "},\n\t.default_style = %d,\n\t.spoken = ", loc->default_style);
	put_spoken(&loc->spoken);
	fputs(",\n\t.noun = ", out);
	put_strs(loc->noun, 6);
	fputs(",\n\t.no_piece = ", out);
	put_strs(loc->no_piece, 6);
	fputs(",\n\t.noun_plural = ", out);
	put_strs(loc->noun_plural, 6);
	fputs(",\n\t.count_word = ", out);
	put_array_ref(loc->count_word, "count_word", k, 0);
	fprintf(out, ", .n_count_word = %zu,\n\t.text = ", loc->n_count_word);
	put_array_ref(loc->text, "text", k, 0);
	fprintf(out, ", .n_text = %zu, .text_pool = S,\n\t.header = ", loc->n_text);
	put_array_ref(loc->header, "header", k, 0);
	fprintf(out, ", .n_header = %zu,\n\t.pattern_src = ", loc->n_header);
	put_strs(loc->pattern_src, HAMLE_LOC_PATTERNS);
	fprintf(out, ",\n\t.date_order = %d,\n};\n\n", loc->date_order);
}

/* The pool as one string literal (octal escapes: a hex one would run on into the next digit). */
static void put_pool(FILE *f)
{
	fputs("static const char S[] =\n\t\"", f);
	for (size_t i = 0, col = 0; i < pool.n; i++, col++) {
		unsigned char c = (unsigned char)pool.b[i];
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
	/* the locales' C goes to a temporary file first: the pool they fill is written before them */
	out = tmpfile();
	if (!out) {
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
		put_locale(loc, n);
		hamle_locale_free(loc);
	}
	fputs("const struct hamle_locale_image hamle_locale_images[] = {\n", out);
	for (int k = 0; k < n; k++)
		fprintf(out, "\t{\"%s\", &loc_%d},\n", hamle_embedded_locales[k].tag, k);
	fputs("\t{NULL, NULL}\n};\n", out);

	FILE *f = fopen(argv[1], "w");
	if (!f) {
		fprintf(stderr, "gen_locale_image: cannot write %s\n", argv[1]);
		return 1;
	}
	fputs("/* Generated by tools/gen_locale_image.c from locales/NAME.yaml: do not edit. */\n"
		"#include <stddef.h>\n#include <stdint.h>\n\n#include \"notation/locale_image.h\"\n\n", f);
	put_pool(f);
	rewind(out);
	char buf[65536];
	for (size_t got; (got = fread(buf, 1, sizeof(buf), out)) > 0;)
		fwrite(buf, 1, got, f);
	fclose(out);
	if (fclose(f) != 0) {
		fprintf(stderr, "gen_locale_image: write error on %s\n", argv[1]);
		return 1;
	}
	return 0;
}
