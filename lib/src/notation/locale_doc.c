/* locale_doc.c: libyaml's parsed document converted into the loader's form (locale_docs.h). */
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "notation/locale_docs.h"

_Static_assert(LOC_NODE_SCALAR == YAML_SCALAR_NODE && LOC_NODE_SEQUENCE == YAML_SEQUENCE_NODE &&
	LOC_NODE_MAPPING == YAML_MAPPING_NODE, "node types are libyaml's");

int loc_doc_from_yaml(struct loc_doc *out, void **mem, const struct yaml_document_s *y)
{
	memset(out, 0, sizeof(*out));
	*mem = NULL;
	size_t nn = (size_t)(y->nodes.top - y->nodes.start), ni = 0, np = 0, nb = 0;
	for (size_t i = 0; i < nn; i++) {
		const yaml_node_t *n = &y->nodes.start[i];
		if (n->type == YAML_SCALAR_NODE)
			nb += n->data.scalar.length + 1;
		else if (n->type == YAML_SEQUENCE_NODE)
			ni += (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
		else if (n->type == YAML_MAPPING_NODE)
			np += (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
	}
	/* a locale file is at most LOC_MAX_FILE bytes: every count and offset fits 32 bits */
	if (nn > UINT32_MAX / 64 || ni > UINT32_MAX / 64 || np > UINT32_MAX / 64 || nb > UINT32_MAX / 2)
		return -1;
	size_t size = nn * sizeof(struct loc_node) + ni * sizeof(uint32_t) + np * sizeof(struct loc_pair) + nb;
	unsigned char *m = malloc(size ? size : 1);
	if (!m)
		return -1;
	struct loc_node *nodes = (struct loc_node *)m;
	uint32_t *items = (uint32_t *)(nodes + nn);
	struct loc_pair *pairs = (struct loc_pair *)(items + ni);
	char *bytes = (char *)(pairs + np);
	size_t ui = 0, up = 0, ub = 0;
	for (size_t i = 0; i < nn; i++) {
		const yaml_node_t *n = &y->nodes.start[i];
		struct loc_node *o = &nodes[i];
		memset(o, 0, sizeof(*o));
		o->type = (uint32_t)n->type;
		o->line = (uint32_t)n->start_mark.line;
		o->column = (uint32_t)n->start_mark.column;
		o->index = (uint32_t)n->start_mark.index;
		if (n->type == YAML_SCALAR_NODE) {
			o->at = (uint32_t)ub;
			o->n = (uint32_t)n->data.scalar.length;
			memcpy(bytes + ub, n->data.scalar.value, n->data.scalar.length);
			ub += n->data.scalar.length;
			bytes[ub++] = '\0';
		} else if (n->type == YAML_SEQUENCE_NODE) {
			o->at = (uint32_t)ui;
			for (const yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++)
				items[ui++] = (uint32_t)*it;
			o->n = (uint32_t)(ui - o->at);
		} else if (n->type == YAML_MAPPING_NODE) {
			o->at = (uint32_t)up;
			for (const yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++)
				pairs[up++] = (struct loc_pair){(uint32_t)p->key, (uint32_t)p->value};
			o->n = (uint32_t)(up - o->at);
		}
	}
	out->nodes = nodes;
	out->n_nodes = (uint32_t)nn;
	out->items = items;
	out->pairs = pairs;
	out->bytes = bytes;
	*mem = m;
	return 0;
}
