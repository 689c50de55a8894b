/* locales.h: the locales a tool runs with: every built-in locale and every language of the
 * locale directories (each from the first directory that has its file, else built in), then the
 * --locale-file ones.
 *
 * A hamle_cli_locales is plain data owned by the caller (usually a local in main, initialised
 * with HAMLE_CLI_LOCALES_INIT); the locales in it are owned by it and freed by
 * hamle_cli_locales_free. Once loaded it is read-only and may be shared by worker threads. */
#ifndef HAMLE_CLI_LOCALES_H
#define HAMLE_CLI_LOCALES_H

#include <stddef.h>

#include <hamle/locale.h>

#include "msg.h"

#define HAMLE_CLI_MAX_LOCALES 64  /* in all */
#define HAMLE_CLI_MAX_BUILTIN 48  /* built-in and searched locales taken at the most */
#define HAMLE_CLI_PATH_MAX 4096
#define HAMLE_CLI_TAG_MAX 32

typedef struct hamle_cli_locales {
	hamle_locale *loc[HAMLE_CLI_MAX_LOCALES]; /* owned */
	size_t n;
	const hamle_locale *last_file; /* the locale of the last --locale-file (one of loc); NULL: none */
} hamle_cli_locales;

#define HAMLE_CLI_LOCALES_INIT {{NULL}, 0, NULL}

/* The directories searched for locale files NAME.yaml, most wanted first, into dirs[0..max):
 * $XDG_DATA_HOME/hamle/locales ($HOME/.local/share/hamle/locales when XDG_DATA_HOME is unset or
 * not an absolute path), then the installed <datadir>/hamle/locales, found from the tool's own
 * path (/proc/self/exe, so that a moved install still finds its files), else the configured one.
 * Returns how many were written. */
size_t hamle_cli_locale_dirs(char (*dirs)[HAMLE_CLI_PATH_MAX], size_t max);

/* Loads every built-in locale and every language of the search directories (a file there that
 * has a built-in's tag replaces it; one that fails to load is an error), noting each file
 * loaded under -v ("locale TAG: PATH"), then each of files[0..nfiles) in order; a file whose tag is the
 * tag of a locale already loaded replaces that one. On failure prints one error on m
 * ("built-in locale TAG: why", the file's error, or "too many locale files") and returns -1
 * (the locales loaded so far stay in ls, for hamle_cli_locales_free); 0 on success. */
int hamle_cli_locales_load(hamle_cli_locales *ls, const char *const *files, size_t nfiles, const hamle_msg *m);

/* The locale tagged `tag` ("tr"), borrowed from ls; NULL when none is. */
const hamle_locale *hamle_cli_locales_find(const hamle_cli_locales *ls, const char *tag);

/* The language of messages the environment names, as POSIX has it: the first of LC_ALL,
 * LC_MESSAGES and LANG that is set and not empty, cut before its territory, codeset or modifier
 * ("tr" for "tr_TR.UTF-8", "de" for "de_DE@euro"), into buf[0..size); "" when none is set, or for
 * "C" and "POSIX" (and "C.UTF-8"). */
void hamle_cli_env_language(char *buf, size_t size);

/* The locale of the messages: the one tagged lang (--lang) when lang is not NULL, NULL when ls
 * holds none; without lang the one the environment names (hamle_cli_env_language) when ls holds
 * it, else "en". The environment chooses the language of messages only, never the notation a
 * tool writes. */
const hamle_locale *hamle_cli_locales_messages(const hamle_cli_locales *ls, const char *lang);

/* Frees every locale in ls and empties it. */
void hamle_cli_locales_free(hamle_cli_locales *ls);

#endif
