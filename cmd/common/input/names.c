/* names.c: the inputs' names, kept until the run's end (see names.h). */
#include "names.h"

#include <stdlib.h>
#include <string.h>

const char *hamle_names_keep(hamle_names *ns, const char *name)
{
	if (ns->n == ns->cap) {
		size_t cap = ns->cap ? ns->cap * 2 : 16;
		char **p = realloc(ns->name, cap * sizeof(*p));
		if (!p)
			return NULL;
		ns->name = p;
		ns->cap = cap;
	}
	char *copy = strdup(name);
	if (copy)
		ns->name[ns->n++] = copy;
	return copy;
}

void hamle_names_free(hamle_names *ns)
{
	if (!ns)
		return;
	for (size_t i = 0; i < ns->n; i++)
		free(ns->name[i]);
	free(ns->name);
	ns->name = NULL;
	ns->n = ns->cap = 0;
}
