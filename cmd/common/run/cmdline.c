/* cmdline.c: the command-line parts every tool shares (see cmdline.h). */
#include "cmdline.h"

#include <stdlib.h>
#include <string.h>

#include <hamle/replay.h>

#include "limits.h"
#include "out.h"

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
	if (c->replay_flags && id == HAMLE_OPT_MAINLINE) {
		*c->replay_flags |= HAMLE_REPLAY_MAINLINE;
		return true;
	}
	return false;
}

/* Writes what the memory stream f over *text, *len got (rc: what the printing returned) to stdout
 * as every output is written (out.h): a closed pipe ends quietly, any other failure is said, exit
 * 2. Returns the exit status. */
static int to_stdout(const hamle_msg *m, FILE *f, char **text, size_t *len, int rc)
{
	if (fclose(f) != 0 || rc < 0 || !*text) {
		free(*text);
		return hamle_msg_nomem(m);
	}
	hamle_out out;
	hamle_out_init(&out, stdout, NULL);
	hamle_out_write(&out, *text, *len);
	free(*text);
	return hamle_out_close(&out, m, HAMLE_EXIT_OK);
}

bool hamle_cmdline_version(const hamle_cmdline *c, const hamle_cli_info *info, const hamle_msg *m, int *status)
{
	if (c->info_id != HAMLE_OPT_VERSION)
		return false;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	*status = f ? to_stdout(m, f, &text, &len, hamle_opt_version(f, info)) : hamle_msg_nomem(m);
	return true;
}

int hamle_cmdline_load(hamle_cmdline *c, const hamle_msg *m)
{
	return hamle_cli_locales_load(&c->ls, c->locale_files, c->nlocfiles, m) < 0 ? HAMLE_EXIT_ERROR : 0;
}

bool hamle_cmdline_help(const hamle_cmdline *c, const hamle_cli_info *info, const hamle_cli_opt *opts,
	const hamle_msg *m, int *status)
{
	if (c->info_id != HAMLE_OPT_HELP && c->info_id != HAMLE_OPT_HELP_TABLES)
		return false;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f) {
		*status = hamle_msg_nomem(m);
		return true;
	}
	int rc = hamle_opt_help_in(f, info, opts, hamle_opt_help_locale(c->info_id, m->messages));
	*status = to_stdout(m, f, &text, &len, rc);
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
