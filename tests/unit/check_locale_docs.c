/* Compiled locale documents (suite "locale_docs"): every document tools/gen_locale_docs.c compiled
 * into the library (notation/locale_docs.h) is, node by node, the document libyaml parses from the
 * same locale's embedded YAML: types, scalar bytes, sequence items, mapping pairs and start marks,
 * in the numbering libyaml gives them; the run-time conversion of that parse (a file's) is the
 * compiled one byte for byte; and there is one for every shipped locale. A locale built through a cache (its
 * strings those of the compiled documents, its patterns the cache's) equals, field by field, the
 * image of it the library loads (locale_image.h). */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "hamle/hamle.h"
#include "notation/locale_docs.h"
#include "notation/locale_build.h"
#include "notation/locale_embedded.h"
#include "notation/locale_image.h"
#include "notation/locale_internal.h"
#include "suites_decl.h"

/* c, compiled in, holds what the loader reads of p, libyaml's parse of the same file. */
static void compare(const char *tag, const struct loc_doc *c, yaml_document_t *p)
{
	size_t n = (size_t)(p->nodes.top - p->nodes.start);
	ck_assert_msg(c->n_nodes == n, "%s: node count", tag);
	ck_assert_msg(loc_doc_node(c, 0) == NULL && loc_doc_node(c, (uint32_t)n + 1) == NULL, "%s: numbering", tag);
	for (size_t i = 0; i < n; i++) {
		const struct loc_node *a = loc_doc_node(c, (uint32_t)i + 1);
		const yaml_node_t *b = yaml_document_get_node(p, (int)i + 1);
		ck_assert_msg(a && (int)a->type == (int)b->type, "%s: node %zu type", tag, i);
		ck_assert_msg(a->line == b->start_mark.line && a->column == b->start_mark.column &&
			a->index == b->start_mark.index, "%s: node %zu mark", tag, i);
		if (b->type == YAML_SCALAR_NODE) {
			const char *t = loc_node_text(c, a);
			ck_assert_msg(a->n == b->data.scalar.length && !memcmp(t, b->data.scalar.value, a->n) &&
				t[a->n] == '\0', "%s: node %zu scalar", tag, i);
		} else if (b->type == YAML_SEQUENCE_NODE) {
			size_t k = (size_t)(b->data.sequence.items.top - b->data.sequence.items.start);
			ck_assert_msg(a->n == k, "%s: node %zu items", tag, i);
			for (size_t j = 0; j < k; j++)
				ck_assert_msg((int)c->items[a->at + j] == b->data.sequence.items.start[j],
					"%s: node %zu item %zu", tag, i, j);
		} else if (b->type == YAML_MAPPING_NODE) {
			size_t k = (size_t)(b->data.mapping.pairs.top - b->data.mapping.pairs.start);
			ck_assert_msg(a->n == k, "%s: node %zu pairs", tag, i);
			for (size_t j = 0; j < k; j++)
				ck_assert_msg((int)c->pairs[a->at + j].key == b->data.mapping.pairs.start[j].key &&
					(int)c->pairs[a->at + j].value == b->data.mapping.pairs.start[j].value,
					"%s: node %zu pair %zu", tag, i, j);
		}
	}
}

/* The run-time conversion (a file's document) gives what the generator compiled. */
static void compare_converted(const char *tag, const struct loc_doc *c, yaml_document_t *p)
{
	struct loc_doc d;
	void *mem;
	ck_assert(loc_doc_from_yaml(&d, &mem, p) == 0);
	ck_assert_msg(d.n_nodes == c->n_nodes, "%s: converted node count", tag);
	for (uint32_t k = 1; k <= d.n_nodes; k++) {
		const struct loc_node *a = loc_doc_node(&d, k), *b = loc_doc_node(c, k);
		ck_assert_msg(!memcmp(a, b, sizeof(*a)), "%s: converted node %u", tag, k);
		if (a->type == LOC_NODE_SCALAR)
			ck_assert(!memcmp(loc_node_text(&d, a), loc_node_text(c, b), a->n + 1));
		else if (a->type == LOC_NODE_SEQUENCE)
			ck_assert(!memcmp(d.items + a->at, c->items + b->at, a->n * sizeof(uint32_t)));
		else if (a->type == LOC_NODE_MAPPING)
			ck_assert(!memcmp(d.pairs + a->at, c->pairs + b->at, a->n * sizeof(struct loc_pair)));
	}
	free(mem);
}

START_TEST(compiled_documents_are_the_parsed_ones)
{
	size_t docs = 0;
	for (; hamle_locale_docs[docs].tag; docs++)
		;
	size_t k = 0;
	for (; hamle_embedded_locales[k].tag; k++) {
		const struct hamle_embedded_locale *e = &hamle_embedded_locales[k];
		const struct loc_doc *c = NULL;
		for (size_t i = 0; i < docs; i++)
			if (!strcmp(hamle_locale_docs[i].tag, e->tag))
				c = hamle_locale_docs[i].doc;
		ck_assert_msg(c != NULL, "no compiled document for %s", e->tag);
		yaml_parser_t parser;
		yaml_document_t d;
		ck_assert(yaml_parser_initialize(&parser));
		yaml_parser_set_input_string(&parser, e->data, e->size);
		yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
		ck_assert(yaml_parser_load(&parser, &d));
		compare(e->tag, c, &d);
		compare_converted(e->tag, c, &d);
		yaml_document_delete(&d);
		yaml_parser_delete(&parser);
	}
	ck_assert_uint_eq(k, docs);
	ck_assert_uint_ge(k, 8);
}
END_TEST

/* ---- a locale built from its document is the one loaded from the image ---- */

static void same_str(const char *tag, const char *what, const char *a, const char *b)
{
	ck_assert_msg((!a && !b) || (a && b && !strcmp(a, b)), "%s: %s: '%s' vs '%s'", tag, what,
		a ? a : "(null)", b ? b : "(null)");
}

static void same_words(const char *tag, const char *what, const struct hamle_loc_words *a,
	const struct hamle_loc_words *b)
{
	ck_assert_msg(a->n == b->n, "%s: %s: %zu vs %zu words", tag, what, a->n, b->n);
	for (size_t i = 0; i < a->n; i++) {
		same_str(tag, what, a->v[i].text, b->v[i].text);
		ck_assert_msg(a->v[i].len == b->v[i].len && a->v[i].value == b->v[i].value, "%s: %s %zu", tag, what, i);
	}
}

static void same_style(const char *tag, const struct hamle_loc_style *a, const struct hamle_loc_style *b)
{
	same_str(tag, "castle_short", a->castle_short, b->castle_short);
	same_str(tag, "castle_long", a->castle_long, b->castle_long);
	same_str(tag, "promo_open", a->promo_open, b->promo_open);
	same_str(tag, "promo_close", a->promo_close, b->promo_close);
	same_str(tag, "capture", a->capture, b->capture);
	same_str(tag, "check", a->check, b->check);
	same_str(tag, "mate", a->mate, b->mate);
	same_str(tag, "en_passant", a->en_passant, b->en_passant);
	same_str(tag, "draw_offer", a->draw_offer, b->draw_offer);
	for (int i = 0; i < HAMLE_LOC_RESULTS; i++)
		same_str(tag, "result", a->result[i], b->result[i]);
}

static void same_locale(const char *tag, const hamle_locale *a, const hamle_locale *b)
{
	same_str(tag, "tag", a->tag, b->tag);
	same_str(tag, "name", a->name, b->name);
	ck_assert_msg(!memcmp(a->piece_byte, b->piece_byte, sizeof(a->piece_byte)) &&
		!memcmp(a->plain_mark, b->plain_mark, sizeof(a->plain_mark)) &&
		!memcmp(a->word_lead, b->word_lead, sizeof(a->word_lead)) && a->plain_capture == b->plain_capture,
		"%s: byte tables", tag);
	for (int i = 0; i < 2; i++)
		same_str(tag, "plain_castle", a->plain_castle[i], b->plain_castle[i]);
	const struct hamle_loc_words *wa[] = {&a->piece_alias, &a->ignore_after_piece, &a->castling,
		&a->capture, &a->en_passant, &a->check_marks, &a->draw_offer, &a->null_move, &a->results,
		&a->months};
	const struct hamle_loc_words *wb[] = {&b->piece_alias, &b->ignore_after_piece, &b->castling,
		&b->capture, &b->en_passant, &b->check_marks, &b->draw_offer, &b->null_move, &b->results,
		&b->months};
	for (size_t i = 0; i < sizeof(wa) / sizeof(wa[0]); i++)
		same_words(tag, "words", wa[i], wb[i]);
	ck_assert_msg(a->repair_mojibake == b->repair_mojibake && a->n_alphabet == b->n_alphabet &&
		(!a->n_alphabet || !memcmp(a->alphabet, b->alphabet, a->n_alphabet * sizeof(*a->alphabet))),
		"%s: alphabet", tag);
	same_str(tag, "pawn_letter", a->pawn_letter, b->pawn_letter);
	ck_assert_msg(a->n_promo == b->n_promo, "%s: promotions", tag);
	for (size_t i = 0; i < a->n_promo; i++) {
		same_str(tag, "promo open", a->promo[i].open, b->promo[i].open);
		same_str(tag, "promo close", a->promo[i].close, b->promo[i].close);
	}
	for (int p = 0; p < 6; p++) {
		same_str(tag, "letter", a->letter[p], b->letter[p]);
		same_str(tag, "noun", a->noun[p], b->noun[p]);
		same_str(tag, "no_piece", a->no_piece[p], b->no_piece[p]);
		same_str(tag, "noun_plural", a->noun_plural[p], b->noun_plural[p]);
		same_str(tag, "spoken piece", a->spoken.piece[p], b->spoken.piece[p]);
	}
	for (int i = 0; i < 8; i++) {
		same_str(tag, "spoken file", a->spoken.file[i], b->spoken.file[i]);
		same_str(tag, "spoken rank", a->spoken.rank[i], b->spoken.rank[i]);
	}
	same_str(tag, "spoken castle", a->spoken.castle_short, b->spoken.castle_short);
	same_str(tag, "spoken takes", a->spoken.takes, b->spoken.takes);
	same_style(tag, &a->style[0], &b->style[0]);
	same_style(tag, &a->style[1], &b->style[1]);
	ck_assert_msg(a->default_style == b->default_style && a->date_order == b->date_order, "%s: style, dates", tag);
	ck_assert_msg(a->n_count_word == b->n_count_word, "%s: count words", tag);
	for (size_t i = 0; i < a->n_count_word; i++)
		same_str(tag, "count word", a->count_word[i], b->count_word[i]);
	ck_assert_msg(a->n_text == b->n_text, "%s: %zu vs %zu texts", tag, a->n_text, b->n_text);
	for (size_t i = 0; i < a->n_text; i++) {
		const char *key = hamle_loc_text_key(a, i);
		same_str(tag, "text key", key, hamle_loc_text_key(b, i));
		same_str(tag, key, hamle_loc_text_text(a, i), hamle_loc_text_text(b, i));
		ck_assert_msg(a->text[i].nargs == b->text[i].nargs, "%s: %s nargs", tag, key);
	}
	ck_assert_msg(a->n_header == b->n_header, "%s: headers", tag);
	for (size_t i = 0; i < a->n_header; i++) {
		same_str(tag, "header key", a->header[i].key, b->header[i].key);
		same_str(tag, "header tag", a->header[i].tag, b->header[i].tag);
		ck_assert_msg(a->header[i].preferred == b->header[i].preferred, "%s: header %zu", tag, i);
	}
	for (int i = 0; i < HAMLE_LOC_PATTERNS; i++)
		same_str(tag, "pattern", a->pattern_src[i], b->pattern_src[i]);
}

/* Every shipped locale built through one cache (its patterns shared with the first locale's), the
 * cache freed before they are looked at, in two orders
 * (en first, en last), each equal field by field to the same locale loaded without a cache (from
 * the library's image of it, locale_image.h). */
START_TEST(cached_locales_are_the_uncached_ones)
{
	size_t n = 0;
	while (hamle_locale_builtin_tag(n))
		n++;
	ck_assert_uint_ge(n, 8);
	for (int order = 0; order < 2; order++) {
		hamle_locale *cached[32] = {0};
		hamle_locale_cache *cache = NULL;
		ck_assert_int_eq(hamle_locale_cache_new(&cache), HAMLE_OK);
		for (size_t k = 0; k < n; k++) {
			size_t i = order == 0 ? k : n - 1 - k;
			ck_assert_int_eq(loc_load_builtin_built(&cached[i], hamle_locale_builtin_tag(i), cache, NULL), HAMLE_OK);
		}
		hamle_locale_cache_free(cache);
		for (size_t i = 0; i < n; i++) {
			hamle_locale *plain = NULL;
			ck_assert_int_eq(hamle_locale_load_builtin(&plain, hamle_locale_builtin_tag(i), NULL), HAMLE_OK);
			same_locale(hamle_locale_builtin_tag(i), cached[i], plain);
			hamle_locale_free(plain);
		}
		for (size_t i = 0; i < n; i++)
			hamle_locale_free(cached[i]);
	}
	/* and the comparison tells locales apart */
	hamle_locale *de = NULL, *tr = NULL;
	ck_assert_int_eq(hamle_locale_load_builtin(&de, "de", NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_locale_load_builtin(&tr, "tr", NULL), HAMLE_OK);
	ck_assert_str_ne(de->letter[HAMLE_ROOK], tr->letter[HAMLE_ROOK]);
	hamle_locale_free(de);
	hamle_locale_free(tr);
}
END_TEST

/* The image of every shipped locale (locale_image.h), one per embedded file in the same order, is
 * the locale built from its document, field by field; loaded through a cache, its patterns are the
 * cache's, as a built one's are, and outlive the cache. */
START_TEST(image_locales_are_the_built_ones)
{
	size_t n = 0;
	for (; hamle_embedded_locales[n].tag; n++) {
		ck_assert_ptr_nonnull(hamle_locale_images[n].tag);
		ck_assert_str_eq(hamle_locale_images[n].tag, hamle_embedded_locales[n].tag);
	}
	ck_assert_ptr_null(hamle_locale_images[n].tag);
	ck_assert_uint_ge(n, 8);
	hamle_locale_cache *cache = NULL;
	ck_assert_int_eq(hamle_locale_cache_new(&cache), HAMLE_OK);
	hamle_locale *via[32] = {0};
	for (size_t i = 0; i < n; i++) {
		const char *tag = hamle_embedded_locales[i].tag;
		hamle_locale *built = NULL, *image = NULL;
		ck_assert_int_eq(loc_load_builtin_built(&built, tag, NULL, NULL), HAMLE_OK);
		ck_assert_int_eq(hamle_locale_load_builtin(&image, tag, NULL), HAMLE_OK);
		ck_assert_int_eq(hamle_locale_load_builtin_cached(&via[i], tag, cache, NULL), HAMLE_OK);
		same_locale(tag, image, built);
		same_locale(tag, via[i], built);
		ck_assert(image->text_pool != built->text_pool); /* not the same locale twice */
		for (int p = 0; p < 6; p++)
			ck_assert_uint_eq(image->letter_len[p], built->letter_len[p]);
		for (int c = 0; c < 2; c++)
			ck_assert_uint_eq(image->plain_castle_len[c], built->plain_castle_len[c]);
		for (size_t h = 0; h < built->n_header; h++)
			ck_assert_uint_eq(image->header[h].key_len, built->header[h].key_len);
		for (size_t p = 0; p < built->n_promo; p++)
			ck_assert(image->promo[p].open_len == built->promo[p].open_len &&
				image->promo[p].close_len == built->promo[p].close_len);
		for (int r = 0; r < 8; r++)
			same_str(tag, "spoken rank", image->spoken.rank[r], built->spoken.rank[r]);
		const char *sp[][2] = {{image->spoken.castle_long, built->spoken.castle_long},
			{image->spoken.check, built->spoken.check}, {image->spoken.mate, built->spoken.mate},
			{image->spoken.promotes, built->spoken.promotes},
			{image->spoken.en_passant, built->spoken.en_passant}};
		for (size_t k = 0; k < sizeof(sp) / sizeof(sp[0]); k++)
			same_str(tag, "spoken", sp[k][0], sp[k][1]);
		for (int p = 0; p < HAMLE_LOC_PATTERNS; p++) {
			ck_assert_ptr_nonnull(image->pattern_own[p]);
			ck_assert_int_eq(hamle_loc_pattern(image, p) != NULL, hamle_loc_pattern(built, p) != NULL);
		}
		hamle_locale_free(built);
		hamle_locale_free(image);
	}
	/* through the cache, a pattern with the first locale's source is the first locale's */
	for (size_t i = 1; i < n; i++)
		for (int p = 0; p < HAMLE_LOC_PATTERNS; p++)
			if (!strcmp(via[i]->pattern_src[p], via[0]->pattern_src[p]))
				ck_assert_ptr_eq(via[i]->pattern_own[p], via[0]->pattern_own[p]);
	hamle_locale_cache_free(cache);
	for (size_t i = 0; i < n; i++) {
		ck_assert_ptr_nonnull(hamle_loc_pattern(via[i], HAMLE_LOC_PAT_HEADER));
		hamle_locale_free(via[i]);
	}
}
END_TEST

Suite *locale_docs_suite(void)
{
	Suite *s = suite_create("locale_docs");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, compiled_documents_are_the_parsed_ones);
	tcase_add_test(tc, cached_locales_are_the_uncached_ones);
	tcase_add_test(tc, image_locales_are_the_built_ones);
	suite_add_tcase(s, tc);
	return s;
}
