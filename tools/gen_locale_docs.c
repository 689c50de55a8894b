/* gen_locale_docs.c: a build-time host program. It parses every YAML file of locales/ with libyaml and
 * writes their documents as C data in the loader's form (notation/locale_docs.h: nodes, sequence
 * items, mapping pairs and the scalars' bytes, numbered rather than pointed to), so that loading a
 * shipped locale skips parsing its YAML. The YAML files stay the source.
 *
 * Usage: hamle_gen_locale_docs OUT.c FILE.yaml...   (the tag is the file name without .yaml) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

static void put_bytes(FILE *o, const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fprintf(o, "%u,", s[i]);
	fputs("0,", o);
}

/* Writes the document of file as doc_<k>; returns 0, or 1 on a read or parse error. */
static int put_doc(FILE *o, const char *file, int k)
{
	FILE *f = fopen(file, "rb");
	if (!f) {
		fprintf(stderr, "gen_locale_docs: cannot open %s\n", file);
		return 1;
	}
	yaml_parser_t p;
	yaml_document_t d;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_file(&p, f);
	yaml_parser_set_encoding(&p, YAML_UTF8_ENCODING);
	if (!yaml_parser_load(&p, &d)) {
		fprintf(stderr, "gen_locale_docs: %s:%zu: %s\n", file, p.problem_mark.line + 1,
			p.problem ? p.problem : "malformed YAML");
		yaml_parser_delete(&p);
		fclose(f);
		return 1;
	}
	size_t nn = (size_t)(d.nodes.top - d.nodes.start);
	/* the bytes of every scalar, each followed by a NUL */
	fprintf(o, "static const unsigned char bytes_%d[] = {", k);
	for (size_t i = 0; i < nn; i++) {
		yaml_node_t *n = &d.nodes.start[i];
		if (n->type == YAML_SCALAR_NODE)
			put_bytes(o, n->data.scalar.value, n->data.scalar.length);
	}
	fputs("0};\n", o);
	fprintf(o, "static const uint32_t items_%d[] = {", k);
	for (size_t i = 0; i < nn; i++) {
		yaml_node_t *n = &d.nodes.start[i];
		if (n->type == YAML_SEQUENCE_NODE)
			for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++)
				fprintf(o, "%d,", *it);
	}
	fputs("0};\n", o);
	fprintf(o, "static const struct loc_pair pairs_%d[] = {", k);
	for (size_t i = 0; i < nn; i++) {
		yaml_node_t *n = &d.nodes.start[i];
		if (n->type == YAML_MAPPING_NODE)
			for (yaml_node_pair_t *pr = n->data.mapping.pairs.start; pr < n->data.mapping.pairs.top; pr++)
				fprintf(o, "{%d,%d},", pr->key, pr->value);
	}
	fputs("{0,0}};\n", o);
	/* {type, at, n, line, column, index}: locale_docs.h */
	fprintf(o, "static const struct loc_node nodes_%d[] = {\n", k);
	size_t ub = 0, ui = 0, up = 0;
	for (size_t i = 0; i < nn; i++) {
		yaml_node_t *n = &d.nodes.start[i];
		size_t at = 0, c = 0;
		if (n->type == YAML_SCALAR_NODE) {
			at = ub;
			c = n->data.scalar.length;
			ub += c + 1;
		} else if (n->type == YAML_SEQUENCE_NODE) {
			at = ui;
			c = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
			ui += c;
		} else if (n->type == YAML_MAPPING_NODE) {
			at = up;
			c = (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
			up += c;
		}
		fprintf(o, "\t{%d, %zu, %zu, %zu, %zu, %zu},\n", (int)n->type, at, c, n->start_mark.line,
			n->start_mark.column, n->start_mark.index);
	}
	fputs("};\n", o);
	fprintf(o, "static const struct loc_doc doc_%d = {nodes_%d, %zu, (const char *)bytes_%d, items_%d, pairs_%d};\n",
		k, k, nn, k, k, k);
	yaml_document_delete(&d);
	yaml_parser_delete(&p);
	fclose(f);
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
