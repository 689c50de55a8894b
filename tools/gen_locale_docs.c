/* gen_locale_docs.c: a build-time host program. It parses every YAML file of locales/ with libyaml and
 * writes their documents as C data (nodes, sequence items, mapping pairs, the scalars' bytes and
 * the marks), so that loading a shipped locale skips parsing its YAML: the library walks the same
 * yaml_document_t it would have built (notation/locale_docs.h). The YAML files stay the source.
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

static void put_mark(FILE *o, const char *name, yaml_mark_t m)
{
	fprintf(o, ".%s = {%zu, %zu, %zu}, ", name, m.index, m.line, m.column);
}

/* Writes the document of file as locale_doc_<k>; returns 0, or 1 on a read or parse error. */
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
	size_t nn = (size_t)(d.nodes.top - d.nodes.start), ni = 0, np = 0;
	/* the bytes of every tag and scalar, one after the other */
	fprintf(o, "static const yaml_char_t bytes_%d[] = {", k);
	size_t at = 0;
	size_t *tag_at = calloc(nn + 1, sizeof(size_t)), *val_at = calloc(nn + 1, sizeof(size_t));
	for (size_t i = 0; i < nn; i++) {
		yaml_node_t *n = &d.nodes.start[i];
		tag_at[i] = at;
		size_t tl = n->tag ? strlen((const char *)n->tag) : 0;
		put_bytes(o, n->tag ? n->tag : (const yaml_char_t *)"", tl);
		at += tl + 1;
		if (n->type == YAML_SCALAR_NODE) {
			val_at[i] = at;
			put_bytes(o, n->data.scalar.value, n->data.scalar.length);
			at += n->data.scalar.length + 1;
		} else if (n->type == YAML_SEQUENCE_NODE) {
			ni += (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
		} else if (n->type == YAML_MAPPING_NODE) {
			np += (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
		}
	}
	fputs("0};\n", o);
	fprintf(o, "static const yaml_node_item_t items_%d[] = {", k);
	for (size_t i = 0; i < nn; i++) {
		yaml_node_t *n = &d.nodes.start[i];
		if (n->type == YAML_SEQUENCE_NODE)
			for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++)
				fprintf(o, "%d,", *it);
	}
	fputs("0};\n", o);
	fprintf(o, "static const yaml_node_pair_t pairs_%d[] = {", k);
	for (size_t i = 0; i < nn; i++) {
		yaml_node_t *n = &d.nodes.start[i];
		if (n->type == YAML_MAPPING_NODE)
			for (yaml_node_pair_t *pr = n->data.mapping.pairs.start; pr < n->data.mapping.pairs.top; pr++)
				fprintf(o, "{%d,%d},", pr->key, pr->value);
	}
	fputs("{0,0}};\n", o);
	fprintf(o, "static const yaml_node_t nodes_%d[] = {\n", k);
	size_t ui = 0, up = 0;
	for (size_t i = 0; i < nn; i++) {
		yaml_node_t *n = &d.nodes.start[i];
		if (n->tag)
			fprintf(o, "\t{.type = %d, .tag = (yaml_char_t *)(bytes_%d + %zu), ", (int)n->type, k, tag_at[i]);
		else
			fprintf(o, "\t{.type = %d, .tag = NULL, ", (int)n->type);
		if (n->type == YAML_SCALAR_NODE) {
			fprintf(o, ".data.scalar = {(yaml_char_t *)(bytes_%d + %zu), %zu, %d}, ", k, val_at[i],
				n->data.scalar.length, (int)n->data.scalar.style);
		} else if (n->type == YAML_SEQUENCE_NODE) {
			size_t c = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
			fprintf(o, ".data.sequence = {{(yaml_node_item_t *)(items_%d + %zu), (yaml_node_item_t *)(items_%d + %zu), "
				"(yaml_node_item_t *)(items_%d + %zu)}, %d}, ", k, ui, k, ui + c, k, ui + c,
				(int)n->data.sequence.style);
			ui += c;
		} else if (n->type == YAML_MAPPING_NODE) {
			size_t c = (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
			fprintf(o, ".data.mapping = {{(yaml_node_pair_t *)(pairs_%d + %zu), (yaml_node_pair_t *)(pairs_%d + %zu), "
				"(yaml_node_pair_t *)(pairs_%d + %zu)}, %d}, ", k, up, k, up + c, k, up + c,
				(int)n->data.mapping.style);
			up += c;
		}
		put_mark(o, "start_mark", n->start_mark);
		put_mark(o, "end_mark", n->end_mark);
		fputs("},\n", o);
	}
	fputs("};\n", o);
	fprintf(o, "static const yaml_document_t doc_%d = {.nodes = {(yaml_node_t *)nodes_%d, (yaml_node_t *)(nodes_%d + %zu), "
		"(yaml_node_t *)(nodes_%d + %zu)}, .start_implicit = %d, .end_implicit = %d, ", k, k, k, nn, k, nn,
		d.start_implicit, d.end_implicit);
	put_mark(o, "start_mark", d.start_mark);
	put_mark(o, "end_mark", d.end_mark);
	fputs("};\n", o);
	free(tag_at);
	free(val_at);
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
