/* locales.c: built-in, installed, user and --locale-file locales for the tools (see locales.h). */
#include "locales.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Where the installed locales are, relative to the tools' directory and absolute (cmake sets
 * both from GNUInstallDirs; the relative one lets an installed tree be moved). */
#ifndef HAMLE_LOCALEDIR_REL
#define HAMLE_LOCALEDIR_REL "../share/hamle/locales"
#endif
#ifndef HAMLE_LOCALEDIR
#define HAMLE_LOCALEDIR "/usr/local/share/hamle/locales"
#endif

size_t hamle_cli_locale_dirs(char (*dirs)[HAMLE_CLI_PATH_MAX], size_t max)
{
	size_t n = 0;
	if (max == 0)
		return 0;
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	int w = -1;
	if (xdg && xdg[0] == '/') /* the XDG spec: a relative path is invalid, ignored */
		w = snprintf(dirs[n], HAMLE_CLI_PATH_MAX, "%s/hamle/locales", xdg);
	else if (home && home[0])
		w = snprintf(dirs[n], HAMLE_CLI_PATH_MAX, "%s/.local/share/hamle/locales", home);
	if (w > 0 && w < HAMLE_CLI_PATH_MAX)
		n++;
	if (n == max)
		return n;
	char exe[HAMLE_CLI_PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash = len > 0 ? (exe[len] = '\0', strrchr(exe, '/')) : NULL;
	if (slash) {
		*slash = '\0';
		w = snprintf(dirs[n], HAMLE_CLI_PATH_MAX, "%s/%s", exe, HAMLE_LOCALEDIR_REL);
	} else {
		w = snprintf(dirs[n], HAMLE_CLI_PATH_MAX, "%s", HAMLE_LOCALEDIR);
	}
	if (w > 0 && w < HAMLE_CLI_PATH_MAX)
		n++;
	return n;
}

/* A file name NAME.yaml whose NAME may be a tag: letters, digits, '-' and '_', at most 31 bytes. */
static size_t yaml_tag_len(const char *name)
{
	size_t n = strlen(name);
	if (n <= 5 || n - 5 >= HAMLE_CLI_TAG_MAX || strcmp(name + n - 5, ".yaml"))
		return 0;
	for (size_t i = 0; i < n - 5; i++) {
		unsigned char c = (unsigned char)name[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
			return 0;
	}
	return n - 5;
}

static int cmp_tag(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* Appends to tags[*n..max) the tag of every NAME.yaml in dir that is not there already. Returns 0
 * when dir is not there (no file of it to look for), else 1 (also when it cannot be listed: its
 * files may still be read). */
static int scan_dir(const char *dir, char (*tags)[HAMLE_CLI_TAG_MAX], size_t *n, size_t max)
{
	DIR *d = opendir(dir);
	if (!d)
		return errno != ENOENT && errno != ENOTDIR; /* no such directory: nothing to add */
	size_t first = *n;
	for (struct dirent *e; (e = readdir(d)) && *n < max;) {
		size_t len = yaml_tag_len(e->d_name);
		if (!len)
			continue;
		char tag[HAMLE_CLI_TAG_MAX];
		memcpy(tag, e->d_name, len);
		tag[len] = '\0';
		size_t k = 0;
		while (k < *n && strcmp(tags[k], tag))
			k++;
		if (k == *n)
			memcpy(tags[(*n)++], tag, len + 1);
	}
	closedir(d);
	qsort(tags[first], *n - first, sizeof(tags[0]), cmp_tag); /* readdir's order is no order */
	return 1;
}

/* Every built-in locale and every language of the search directories, each from the first
 * directory that has its file (else built in); -v names each file loaded. */
static int load_searched(hamle_cli_locales *ls, const hamle_msg *m)
{
	char dirs[2][HAMLE_CLI_PATH_MAX];
	const char *dirp[2];
	size_t ndirs = hamle_cli_locale_dirs(dirs, 2);
	char tags[HAMLE_CLI_MAX_BUILTIN][HAMLE_CLI_TAG_MAX];
	size_t ntags = 0;
	for (size_t i = 0; hamle_locale_builtin_tag(i) && ntags < HAMLE_CLI_MAX_BUILTIN; i++)
		snprintf(tags[ntags++], HAMLE_CLI_TAG_MAX, "%s", hamle_locale_builtin_tag(i));
	/* only the directories there are searched for each tag's file (most runs have none: then no
	 * file is looked for, twice for every locale) */
	size_t nsearch = 0;
	for (size_t i = 0; i < ndirs; i++)
		if (scan_dir(dirs[i], tags, &ntags, HAMLE_CLI_MAX_BUILTIN))
			dirp[nsearch++] = dirs[i];
	hamle_error err;
	char path[HAMLE_CLI_PATH_MAX];
	/* the shipped files parsed once each (en, the base of all, is most of the start-up) */
	hamle_locale_cache *cache = NULL;
	if (hamle_locale_cache_new(&cache) < 0) {
		hamle_msg_error(m, "out of memory");
		return -1;
	}
	int rc = 0;
	for (size_t i = 0; i < ntags && rc == 0; i++) {
		hamle_error_clear(&err);
		if (hamle_locale_load_search_cached(&ls->loc[ls->n], tags[i], dirp, nsearch, path, sizeof(path),
			cache, &err) < 0) {
			if (path[0])
				hamle_msg_error(m, "%s", err.message);
			else
				hamle_msg_error(m, "built-in locale %s: %s", tags[i], err.message);
			rc = -1;
			break;
		}
		if (path[0])
			hamle_msg_note(m, "locale %s: %s", tags[i], path);
		ls->n++;
	}
	hamle_locale_cache_free(cache);
	return rc;
}

/* Makes the locale just loaded at ls->loc[ls->n] the one of its tag, replacing an earlier one. */
static void add_loaded(hamle_cli_locales *ls)
{
	const char *tag = hamle_locale_tag(ls->loc[ls->n]);
	for (size_t k = 0; k < ls->n; k++) {
		if (!strcmp(hamle_locale_tag(ls->loc[k]), tag)) {
			hamle_locale_free(ls->loc[k]);
			ls->loc[k] = ls->loc[ls->n];
			ls->loc[ls->n] = NULL;
			return;
		}
	}
	ls->n++;
}

int hamle_cli_locales_load(hamle_cli_locales *ls, const char *const *files, size_t nfiles, const hamle_msg *m)
{
	hamle_error err;
	if (load_searched(ls, m) < 0)
		return -1;
	for (size_t i = 0; i < nfiles; i++) {
		if (ls->n == HAMLE_CLI_MAX_LOCALES) {
			hamle_msg_error(m, "too many locale files");
			return -1;
		}
		hamle_error_clear(&err);
		if (hamle_locale_load_file(&ls->loc[ls->n], files[i], &err) < 0) {
			hamle_msg_error(m, "%s", err.message[0] ? err.message : files[i]);
			return -1;
		}
		ls->last_file = ls->loc[ls->n];
		add_loaded(ls);
	}
	return 0;
}

const hamle_locale *hamle_cli_locales_find(const hamle_cli_locales *ls, const char *tag)
{
	for (size_t i = 0; i < ls->n; i++)
		if (!strcmp(hamle_locale_tag(ls->loc[i]), tag))
			return ls->loc[i];
	return NULL;
}

void hamle_cli_env_language(char *buf, size_t size)
{
	static const char *const vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
	const char *v = NULL;
	if (size == 0)
		return;
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]) && !v; i++) {
		const char *e = getenv(vars[i]);
		if (e && e[0])
			v = e;
	}
	if (!v)
		return;
	size_t n = strcspn(v, "_.@");
	if (n >= size || (n == 1 && v[0] == 'C') || (n == 5 && !memcmp(v, "POSIX", 5)))
		return;
	memcpy(buf, v, n);
	buf[n] = '\0';
}

const hamle_locale *hamle_cli_locales_messages(const hamle_cli_locales *ls, const char *lang)
{
	if (lang)
		return hamle_cli_locales_find(ls, lang);
	char env[32];
	hamle_cli_env_language(env, sizeof(env));
	const hamle_locale *loc = env[0] ? hamle_cli_locales_find(ls, env) : NULL;
	return loc ? loc : hamle_cli_locales_find(ls, "en");
}

void hamle_cli_locales_free(hamle_cli_locales *ls)
{
	for (size_t i = 0; i < ls->n; i++)
		hamle_locale_free(ls->loc[i]);
	ls->n = 0;
	ls->last_file = NULL;
}
