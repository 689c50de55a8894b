/* locale_docs.h: the YAML documents of locales/ as libyaml builds them, compiled into the library
 * (build/lib/generated/locale_docs.c, written by tools/gen_locale_docs.c at build time), so that
 * a shipped locale is loaded without parsing its YAML. Read-only: a document is never changed or
 * deleted (the casts in its data only meet libyaml's non-const types). */
#ifndef HAMLE_LOCALE_DOCS_H
#define HAMLE_LOCALE_DOCS_H

#include <stddef.h>
#include <yaml.h>

struct hamle_locale_doc {
	const char *tag;            /* file name without .yaml, e.g. "tr" */
	const yaml_document_t *doc; /* as yaml_parser_load gives it for the file */
};

/* In the order of the file names; ends with {NULL, NULL}. */
extern const struct hamle_locale_doc hamle_locale_docs[];

#endif
