/* gen_locale_docs.c: a build-time host program. It parses every YAML file of locales/ with libyaml and
 * writes their documents as C data in the loader's form (notation/locale_docs.h: nodes, sequence
 * items, mapping pairs and the scalars' bytes, numbered rather than pointed to; converted by the
 * library's own lib/src/notation/locale_doc.c), so that loading a shipped locale skips parsing its
 * YAML. The YAML files stay the source.
 *
 * Usage: hamle_gen_locale_docs OUT.c FILE.yaml...   (the tag is the file name without .yaml) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "notation/locale_docs.h"

/* Writes the document of file as doc_<k>, in the form the library converts a file's document to at
 * run time (locale_doc.c, compiled into this tool too); returns 0, or 1 on a read or parse error. */
static int put_doc(FILE *o, const char *file, int k)
{
	FILE *f = fopen(file, "rb");
	if (!f) {
		fprintf(stderr, "gen_locale_docs: cannot open %s\n", file);
		return 1;
	}
	yaml_parser_t p;
	yaml_document_t y;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_file(&p, f);
	yaml_parser_set_encoding(&p, YAML_UTF8_ENCODING);
	if (!yaml_parser_load(&p, &y)) {
		fprintf(stderr, "gen_locale_docs: %s:%zu: %s\n", file, p.problem_mark.line + 1,
			p.problem ? p.problem : "malformed YAML");
		yaml_parser_delete(&p);
		fclose(f);
		return 1;
	}
	struct loc_doc d;
	void *mem;
	int rc = loc_doc_from_yaml(&d, &mem, &y);
	yaml_document_delete(&y);
	yaml_parser_delete(&p);
	fclose(f);
	if (rc < 0) {
		fprintf(stderr, "gen_locale_docs: %s: out of memory\n", file);
		return 1;
	}
	/* how much of each array the nodes use */
	size_t nb = 0, ni = 0, np = 0;
	for (uint32_t i = 0; i < d.n_nodes; i++) {
		const struct loc_node *n = &d.nodes[i];
		size_t end = (size_t)n->at + n->n;
		if (n->type == LOC_NODE_SCALAR && end + 1 > nb)
			nb = end + 1;
		else if (n->type == LOC_NODE_SEQUENCE && end > ni)
			ni = end;
		else if (n->type == LOC_NODE_MAPPING && end > np)
			np = end;
	}
	fprintf(o, "static const unsigned char bytes_%d[] = {", k);
	for (size_t i = 0; i < nb; i++)
		fprintf(o, "%u,", (unsigned char)d.bytes[i]);
	fputs("0};\n", o);
	fprintf(o, "static const uint32_t items_%d[] = {", k);
	for (size_t i = 0; i < ni; i++)
		fprintf(o, "%u,", d.items[i]);
	fputs("0};\n", o);
	fprintf(o, "static const struct loc_pair pairs_%d[] = {", k);
	for (size_t i = 0; i < np; i++)
		fprintf(o, "{%u,%u},", d.pairs[i].key, d.pairs[i].value);
	fputs("{0,0}};\n", o);
	/* {type, at, n, line, column, index}: locale_docs.h */
	fprintf(o, "static const struct loc_node nodes_%d[] = {\n", k);
	for (uint32_t i = 0; i < d.n_nodes; i++) {
		const struct loc_node *n = &d.nodes[i];
		fprintf(o, "\t{%u, %u, %u, %u, %u, %u},\n", n->type, n->at, n->n, n->line, n->column, n->index);
	}
	fputs("};\n", o);
	fprintf(o, "static const struct loc_doc doc_%d = {nodes_%d, %u, (const char *)bytes_%d, items_%d, pairs_%d};\n",
		k, k, d.n_nodes, k, k, k);
	free(mem);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s OUT.c FILE.yaml...\n", argv[0]);
		return 2;
	}
	size_t len = strlen(argv[1]);
	char *tmp = malloc(len + 5);
	if (!tmp)
		return 1;
	memcpy(tmp, argv[1], len);
	memcpy(tmp + len, ".tmp", 5);
	FILE *o = fopen(tmp, "w");
	if (!o) {
		fprintf(stderr, "gen_locale_docs: cannot write %s\n", tmp);
		return 1;
	}
	fputs("/* Generated from the YAML files of locales/ by tools/gen_locale_docs.c. Do not edit. */\n"
	      "#include \"notation/locale_docs.h\"\n", o);
	for (int i = 2; i < argc; i++)
		if (put_doc(o, argv[i], i - 2)) {
			fclose(o);
			remove(tmp);
			return 1;
		}
	fputs("const struct hamle_locale_doc hamle_locale_docs[] = {\n", o);
	for (int i = 2; i < argc; i++) {
		const char *base = strrchr(argv[i], '/');
		base = base ? base + 1 : argv[i];
		size_t bl = strlen(base);
		if (bl > 5 && strcmp(base + bl - 5, ".yaml") == 0)
			bl -= 5;
		fprintf(o, "\t{\"%.*s\", &doc_%d},\n", (int)bl, base, i - 2);
	}
	fputs("\t{0, 0}\n};\n", o);
	if (fclose(o) != 0 || rename(tmp, argv[1]) != 0) {
		fprintf(stderr, "gen_locale_docs: cannot write %s\n", argv[1]);
		return 1;
	}
	free(tmp);
	return 0;
}
