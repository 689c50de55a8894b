/* cli.c: hamle-convert's options and the configuration they make (see cli.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "where.h"

int cv_cli_init(cv_cli *c, const char *prog, int argc)
{
	memset(c, 0, sizeof(*c));
	hamle_msg_init(&c->msg, prog);
	hamle_reader_options ro = HAMLE_READER_OPTIONS_INIT;
	hamle_replay_options po = HAMLE_REPLAY_OPTIONS_INIT;
	hamle_writer_options wo = HAMLE_WRITER_OPTIONS_INIT;
	c->cfg.ropts = ro;
	c->cfg.popts = po;
	c->cfg.unpack = (hamle_unpack_limits)HAMLE_UNPACK_LIMITS_INIT;
	c->cfg.wopts = wo;
	c->cfg.out_encoding = HAMLE_ENCODING_UTF8;
	c->cfg.bridge = HAMLE_BRIDGE_GAP_PLIES;
	c->cfg.bridge_gaps = true;
	c->cfg.msg = &c->msg;
	c->from = "auto";
	c->to = "pgn";
	int st = hamle_cmdline_init(&c->cl, argc, &c->msg);
	if (st)
		return st;
	c->cl.ropts = &c->cfg.ropts;
	c->cl.unpack = &c->cfg.unpack;
	c->cl.replay_flags = &c->cfg.popts.flags;
	if (hamle_filter_new(&c->where) < 0)
		return hamle_msg_nomem(&c->msg);
	return 0;
}

void cv_cli_free(cv_cli *c)
{
	hamle_filter_free(c->where);
	hamle_eco_free(c->eco);
	hamle_cmdline_free(&c->cl);
	free(c->tag_text);
	free(c->tag_names);
	c->tag_text = NULL;
	c->tag_names = NULL;
	c->where = NULL;
	c->eco = NULL;
}

int cv_cli_option(cv_cli *c, int id, const hamle_opt_parser *p)
{
	cv_config *cfg = &c->cfg;
	hamle_msg *msg = &c->msg;
	hamle_usage *usage = &c->cl.usage;
	unsigned long v;
	const char *a[3] = {p->arg, NULL, NULL};
	if (hamle_cmdline_take(&c->cl, id, p, CV_OPT_LOCALE_FILE))
		return 0;
	switch (id) {
	case CV_OPT_FROM: c->from = p->arg; return 0;
	case CV_OPT_LANG: c->lang = p->arg; return 0;
	case CV_OPT_TO: c->to = p->arg; return 0;
	case CV_OPT_ENCODING:
		if (hamle_encoding_parse(&cfg->ropts.encoding, p->arg) < 0)
			hamle_usage_note(usage, "usage_convert_encoding", "--encoding: unknown encoding '%s'", 1, a);
		return 0;
	case CV_OPT_OUT_ENCODING:
		if (hamle_encoding_parse(&cfg->out_encoding, p->arg) < 0 || cfg->out_encoding == HAMLE_ENCODING_AUTO)
			hamle_usage_note(usage, "usage_convert_output_encoding",
				"--output-encoding: unknown output encoding '%s' (utf-8, cp1254, iso-8859-9, latin1)", 1, a);
		return 0;
	case CV_OPT_REPAIR:
		if (strcmp(p->arg, "tr") != 0)
			hamle_usage_note(usage, "usage_convert_repair", "--repair knows only 'tr', not '%s'", 1, a);
		cfg->ropts.flags |= HAMLE_READ_REPAIR_TR;
		cfg->popts.flags |= HAMLE_REPLAY_REPAIR_TR;
		return 0;
	case CV_OPT_WHERE:
		if (hamle_where_add(&c->where, p->arg, usage) == HAMLE_ENOMEM)
			hamle_usage_note(usage, "out_of_memory", "out of memory", 0, NULL); /* exit 2, as any */
		return 0;
	case CV_OPT_GAME: hamle_select_add(&cfg->select, p->arg, usage); return 0;
	case CV_OPT_INVERT: cfg->select.invert = true; return 0;
	case CV_OPT_OUTPUT: cfg->output = p->arg; return 0;
	case CV_OPT_IN_PLACE: cfg->in_place = true; return 0;
	case CV_OPT_JOBS:
		if (hamle_opt_parse_ulong(p->arg, 1, 1024, &v) < 0)
			hamle_usage_note(usage, "usage_convert_jobs", "-j wants a number from 1 to 1024, not '%s'", 1, a);
		else
			cfg->jobs = (unsigned)v;
		return 0;
	case CV_OPT_NO_BRIDGE:
		cfg->bridge = 0;
		return 0;
	case CV_OPT_BRIDGE:
		cfg->bridge_gaps = false;
		if (!p->arg)
			cfg->bridge = HAMLE_BRIDGE_DEFAULT;
		else if (hamle_opt_parse_ulong(p->arg, 1, HAMLE_BRIDGE_PLIES_MAX, &v) < 0)
			hamle_usage_note(usage, "usage_bridge", "--bridge: expected 1 to 8, not '%s'", 1, a);
		else
			cfg->bridge = (unsigned)v;
		return 0;
	case CV_OPT_ON_ERROR:
		if (strcmp(p->arg, "keep") == 0)
			cfg->on_error = CV_ON_ERROR_KEEP;
		else if (strcmp(p->arg, "skip") == 0)
			cfg->on_error = CV_ON_ERROR_SKIP;
		else if (strcmp(p->arg, "fail") == 0)
			cfg->on_error = CV_ON_ERROR_FAIL;
		else
			hamle_usage_note(usage, "usage_convert_on_error", "--on-error wants keep, skip or fail, not '%s'", 1, a);
		return 0;
	case CV_OPT_QUIET: msg->verbosity = -1; return 0;
	case CV_OPT_DIAGRAM: cfg->diagram.on = true; return 0;
	case CV_OPT_ASCII: cfg->diagram.ascii = true; return 0;
	case CV_OPT_VERBOSE: msg->verbosity = msg->verbosity < 0 ? 1 : msg->verbosity + 1; return 0;
	case CV_OPT_IGNORE:
	case CV_OPT_SELECT:
		hamle_code_filter_note(&cfg->codes, p->arg, id == CV_OPT_SELECT, usage);
		return 0;
	default: return cv_cli_shape_option(c, id, p);
	}
}

int cv_cli_finish(cv_cli *c, const hamle_cli_info *info, const hamle_cli_opt *opts, int *done)
{
	cv_config *cfg = &c->cfg;
	hamle_msg *msg = &c->msg;
	int status;
	*done = 1;
	if (hamle_cmdline_version(&c->cl, info, msg, &status) || (status = hamle_cmdline_load(&c->cl, msg)) != 0)
		return status;
	hamle_cli_locales *ls = &c->cl.ls;
	/* --lang names the language of the moves written and of the messages; the environment
	 * (LC_ALL, LC_MESSAGES, LANG) only the messages' (and those of an unknown --lang) */
	const hamle_locale *out_loc = hamle_cli_locales_find(ls, c->lang ? c->lang : "en");
	cfg->messages = hamle_cli_locales_messages(ls, out_loc ? c->lang : NULL);
	msg->messages = cfg->messages;
	if (hamle_cmdline_help(&c->cl, info, opts, msg, &status))
		return status;
	if (c->cl.usage.key)
		return hamle_usage_report(msg, &c->cl.usage);
	const char *a[1] = {c->to};
	int fmt = hamle_write_format_parse(c->to);
	if (fmt < 0)
		return hamle_msg_usage_key(msg, "usage_convert_to",
			"--to: unknown output form '%s' (pgn fide san lan uci spoken fen epd json)", 1, a);
	if (cfg->in_place && cfg->output)
		return hamle_msg_usage_key(msg, "usage_convert_in_place_output", "--in-place and -o exclude each other", 0, NULL);
	if (cfg->in_place && c->cl.nops == 0)
		return hamle_msg_usage_key(msg, "usage_convert_in_place_stdin", "--in-place needs files, not stdin", 0, NULL);
	int st = cv_cli_shape_finish(c);
	if (st)
		return st;
	if (!out_loc) {
		a[0] = c->lang;
		return hamle_msg_usage_key(msg, "usage_convert_lang", "--lang: unknown output language '%s'", 1, a);
	}
	c->out_loc = out_loc;
	if (strcmp(c->from, "auto") != 0 && !(cfg->popts.from = hamle_cli_locales_find(ls, c->from))) {
		a[0] = c->from;
		return hamle_msg_usage_key(msg, "usage_convert_from", "--from: unknown input language '%s'", 1, a);
	}
	*done = 0;
	if (cfg->popts.flags & HAMLE_REPLAY_MAINLINE)
		cfg->wopts.shape |= HAMLE_WRITE_NO_VARIATIONS; /* variations not replayed are not written */
	cfg->popts.candidates = (const hamle_locale *const *)ls->loc;
	cfg->popts.n_candidates = ls->n;
	cfg->ropts.sheet_locales = cfg->popts.candidates; /* scoresheet headers in every language */
	cfg->ropts.n_sheet_locales = ls->n;
	if (cfg->ropts.flags & HAMLE_READ_REPAIR_TR)
		cfg->ropts.repair = hamle_cli_locales_find(ls, "tr"); /* its alphabet decides the words */
	cfg->popts.messages = out_loc;
	cfg->popts_msg = cfg->popts;
	cfg->popts_msg.messages = cfg->messages;
	cfg->msg_replay = cfg->messages != out_loc;
	cfg->ropts.messages = out_loc;
	cfg->ropts_msg = cfg->ropts;
	cfg->ropts_msg.messages = cfg->messages;
	cfg->view.messages = cfg->messages;
	cfg->view.codes = &cfg->codes;
	cfg->view.warnings = msg->verbosity > 0;
	cfg->view.bridges = msg->verbosity >= 0; /* the moves an error's sheet misses, but with -q */
	cfg->view.fen = msg->verbosity > 0;
	cfg->diagram.color = hamle_color_wanted(stderr); /* the findings go to stderr */
	cfg->view.diagram = &cfg->diagram;
	cfg->wopts.format = fmt;
	cfg->wopts.locale = out_loc;
	cfg->where = hamle_filter_count(c->where) ? c->where : NULL;
	if (hamle_where_eco(cfg->where, &c->eco) < 0)
		return hamle_msg_nomem(msg);
	cfg->where_eco = c->eco;
	return 0;
}
