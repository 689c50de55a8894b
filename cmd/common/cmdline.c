/* cmdline.c: the command-line parts every tool shares (see cmdline.h). */
#include "cmdline.h"

#include <stdlib.h>
#include <string.h>

#include "limits.h"

int hamle_cmdline_init(hamle_cmdline *c, int argc, const hamle_msg *m)
{
	hamle_usage usage = HAMLE_USAGE_INIT;
	hamle_cli_locales ls = HAMLE_CLI_LOCALES_INIT;
	memset(c, 0, sizeof(*c));
	c->usage = usage;
	c->ls = ls;
	c->operands = calloc((size_t)argc + 1, sizeof(*c->operands));
	c->locale_files = calloc((size_t)argc + 1, sizeof(*c->locale_files));
	if (!c->operands || !c->locale_files)
		return hamle_msg_nomem(m);
	return 0;
}

bool hamle_cmdline_take(hamle_cmdline *c, int id, const hamle_opt_parser *p, int locale_file_id)
{
	switch (id) {
	case HAMLE_OPT_OPERAND: c->operands[c->nops++] = p->arg; return true;
	case HAMLE_OPT_FAIL: hamle_opt_note_error(p, &c->usage); return true;
	case HAMLE_OPT_HELP:
	case HAMLE_OPT_HELP_TABLES:
	case HAMLE_OPT_VERSION:
		if (!c->usage.key && !c->info_id)
			c->info_id = id;
		return true;
	default: break;
	}
	if (locale_file_id && id == locale_file_id) {
		c->locale_files[c->nlocfiles++] = p->arg;
		return true;
	}
	if (c->ropts && hamle_opt_is_limit(id)) {
		hamle_opt_limit_note(c->ropts, id, p->arg, &c->usage);
		return true;
	}
	if (c->unpack && hamle_opt_is_input_limit(id)) {
		hamle_opt_input_limit_note(c->unpack, id, p->arg, &c->usage);
		return true;
	}
	return false;
}

/* The exit status after writing to stdout: 2 when it failed. */
static int stdout_status(int written)
{
	return written < 0 || fflush(stdout) || ferror(stdout) ? HAMLE_EXIT_ERROR : HAMLE_EXIT_OK;
}

bool hamle_cmdline_version(const hamle_cmdline *c, const hamle_cli_info *info, int *status)
{
	if (c->info_id != HAMLE_OPT_VERSION)
		return false;
	*status = stdout_status(hamle_opt_version(stdout, info));
	return true;
}

int hamle_cmdline_load(hamle_cmdline *c, const hamle_msg *m)
{
	return hamle_cli_locales_load(&c->ls, c->locale_files, c->nlocfiles, m) < 0 ? HAMLE_EXIT_ERROR : 0;
}

bool hamle_cmdline_help(const hamle_cmdline *c, const hamle_cli_info *info, const hamle_cli_opt *opts,
	const hamle_locale *messages, int *status)
{
	if (c->info_id != HAMLE_OPT_HELP && c->info_id != HAMLE_OPT_HELP_TABLES)
		return false;
	*status = stdout_status(hamle_opt_help_in(stdout, info, opts, hamle_opt_help_locale(c->info_id, messages)));
	return true;
}

void hamle_cmdline_free(hamle_cmdline *c)
{
	hamle_cli_locales_free(&c->ls);
	free(c->operands);
	free(c->locale_files);
	c->operands = c->locale_files = NULL;
	c->nops = c->nlocfiles = 0;
}
