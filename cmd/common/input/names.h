/* names.h: the inputs' names, kept until the run's end (games in flight in a pool point at them,
 * after the reader that read them and hamle_inputs_next's own copy are gone). */
#ifndef HAMLE_CLI_NAMES_H
#define HAMLE_CLI_NAMES_H

#include <stddef.h>

typedef struct hamle_names {
	char **name; /* in the order kept */
	size_t n, cap;
} hamle_names;

/* A copy of name that lives until hamle_names_free; NULL when out of memory. */
const char *hamle_names_keep(hamle_names *ns, const char *name);
/* Frees every copy (the struct itself is the caller's; NULL-safe). */
void hamle_names_free(hamle_names *ns);

#endif
