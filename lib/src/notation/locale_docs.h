/* locale_docs.h: a locale's YAML document in the form the loader walks, and the documents of
 * locales/ compiled into the library in that form (build/lib/generated/locale_docs.c, written by
 * tools/gen_locale_docs.c at build time), so that a shipped locale is loaded without parsing its
 * YAML. A file read at run time is parsed by libyaml and converted (locale_doc.c).
 *
 * The form holds no pointers but the four of struct loc_doc: nodes, items and pairs name each other
 * by number and a scalar by its offset in the document's bytes. So the compiled documents are
 * plain read-only data: a position-independent executable maps them from the file as they are,
 * where libyaml's own form (a pointer in every node) had some 10,000 relocations written into
 * about 100 pages at every start. */
#ifndef HAMLE_LOCALE_DOCS_H
#define HAMLE_LOCALE_DOCS_H

#include <stddef.h>
#include <stdint.h>

/* Values of loc_node.type: libyaml's yaml_node_type_t numbers (locale_doc.c checks). */
#define LOC_NODE_SCALAR 1
#define LOC_NODE_SEQUENCE 2
#define LOC_NODE_MAPPING 3

struct loc_node {
	uint32_t type;
	uint32_t at; /* scalar: its first byte in bytes (a NUL follows its last); sequence: its first
	              * item in items; mapping: its first pair in pairs */
	uint32_t n;  /* scalar: its length in bytes; sequence: items; mapping: pairs */
	uint32_t line, column, index; /* where it starts, from 0 (libyaml's start_mark) */
};

struct loc_pair {
	uint32_t key, value; /* node numbers */
};

/* A document: its nodes are numbered from 1, the root first (libyaml's numbering). */
struct loc_doc {
	const struct loc_node *nodes; /* nodes[k - 1] is node k */
	uint32_t n_nodes;
	const char *bytes;
	const uint32_t *items; /* node numbers */
	const struct loc_pair *pairs;
};

/* Node k of d; NULL when d has none so numbered. */
static inline const struct loc_node *loc_doc_node(const struct loc_doc *d, uint32_t k)
{
	return k >= 1 && k <= d->n_nodes ? &d->nodes[k - 1] : NULL;
}

/* The bytes of scalar node n (NUL-terminated; n->n of them before the NUL). */
static inline const char *loc_node_text(const struct loc_doc *d, const struct loc_node *n)
{
	return d->bytes + n->at;
}

struct hamle_locale_doc {
	const char *tag;           /* file name without .yaml, e.g. "tr" */
	const struct loc_doc *doc; /* as libyaml parses the file, in this form */
};

/* In the order of the file names; ends with {NULL, NULL}. */
extern const struct hamle_locale_doc hamle_locale_docs[];

/* Converts libyaml's document y into *out, whose arrays are one block returned in *mem (the
 * caller frees it; y may be deleted at once). 0, or -1 when out of memory. */
struct yaml_document_s;
int loc_doc_from_yaml(struct loc_doc *out, void **mem, const struct yaml_document_s *y);

#endif
