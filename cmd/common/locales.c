/* locales.c: built-in and --locale-file locales for the tools (see locales.h). */
#include "locales.h"

#include <stdlib.h>
#include <string.h>

static int load_builtins(hamle_cli_locales *ls, const hamle_msg *m)
{
	hamle_error err;
	for (size_t i = 0; hamle_locale_builtin_tag(i) && ls->n < HAMLE_CLI_MAX_BUILTIN; i++) {
		hamle_error_clear(&err);
		if (hamle_locale_load_builtin(&ls->loc[ls->n], hamle_locale_builtin_tag(i), &err) < 0) {
			hamle_msg_error(m, "built-in locale %s: %s", hamle_locale_builtin_tag(i), err.message);
			return -1;
		}
		ls->n++;
	}
	return 0;
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
	if (load_builtins(ls, m) < 0)
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
