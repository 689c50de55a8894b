/* Compiled locale documents (suite "locale_docs"): every document tools/gen_locale_docs.c compiled
 * into the library (notation/locale_docs.h) is, node by node, the document libyaml parses from the
 * same locale's embedded YAML: types, tags, scalar bytes and styles, sequence items, mapping pairs
 * and marks; and there is one for every shipped locale. */
#include <check.h>
#include <string.h>
#include <yaml.h>

#include "notation/locale_docs.h"
#include "notation/locale_embedded.h"
#include "suites_decl.h"

static int same_mark(yaml_mark_t a, yaml_mark_t b)
{
	return a.index == b.index && a.line == b.line && a.column == b.column;
}

static void compare(const char *tag, const yaml_document_t *c, yaml_document_t *p)
{
	size_t n = (size_t)(p->nodes.top - p->nodes.start);
	ck_assert_msg((size_t)(c->nodes.top - c->nodes.start) == n, "%s: node count", tag);
	ck_assert(c->start_implicit == p->start_implicit && c->end_implicit == p->end_implicit);
	for (size_t i = 0; i < n; i++) {
		const yaml_node_t *a = &c->nodes.start[i], *b = &p->nodes.start[i];
		ck_assert_msg(a->type == b->type, "%s: node %zu type", tag, i);
		ck_assert_msg((!a->tag && !b->tag) || (a->tag && b->tag && !strcmp((const char *)a->tag, (const char *)b->tag)),
			"%s: node %zu tag", tag, i);
		ck_assert_msg(same_mark(a->start_mark, b->start_mark) && same_mark(a->end_mark, b->end_mark),
			"%s: node %zu marks", tag, i);
		if (a->type == YAML_SCALAR_NODE) {
			ck_assert_msg(a->data.scalar.length == b->data.scalar.length &&
				!memcmp(a->data.scalar.value, b->data.scalar.value, a->data.scalar.length) &&
				a->data.scalar.value[a->data.scalar.length] == '\0' &&
				a->data.scalar.style == b->data.scalar.style, "%s: node %zu scalar", tag, i);
		} else if (a->type == YAML_SEQUENCE_NODE) {
			size_t k = (size_t)(b->data.sequence.items.top - b->data.sequence.items.start);
			ck_assert_msg((size_t)(a->data.sequence.items.top - a->data.sequence.items.start) == k &&
				!memcmp(a->data.sequence.items.start, b->data.sequence.items.start, k * sizeof(yaml_node_item_t)) &&
				a->data.sequence.style == b->data.sequence.style, "%s: node %zu sequence", tag, i);
		} else if (a->type == YAML_MAPPING_NODE) {
			size_t k = (size_t)(b->data.mapping.pairs.top - b->data.mapping.pairs.start);
			ck_assert_msg((size_t)(a->data.mapping.pairs.top - a->data.mapping.pairs.start) == k &&
				!memcmp(a->data.mapping.pairs.start, b->data.mapping.pairs.start, k * sizeof(yaml_node_pair_t)) &&
				a->data.mapping.style == b->data.mapping.style, "%s: node %zu mapping", tag, i);
		}
	}
}

START_TEST(compiled_documents_are_the_parsed_ones)
{
	size_t docs = 0;
	for (; hamle_locale_docs[docs].tag; docs++)
		;
	size_t k = 0;
	for (; hamle_embedded_locales[k].tag; k++) {
		const struct hamle_embedded_locale *e = &hamle_embedded_locales[k];
		const yaml_document_t *c = NULL;
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
		yaml_document_delete(&d);
		yaml_parser_delete(&parser);
	}
	ck_assert_uint_eq(k, docs);
	ck_assert_uint_ge(k, 8);
}
END_TEST

Suite *locale_docs_suite(void)
{
	Suite *s = suite_create("locale_docs");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, compiled_documents_are_the_parsed_ones);
	suite_add_tcase(s, tc);
	return s;
}
