/* run.c: the two sets of sheets read (each a file, a directory or "-", with the shared input
 * code), their games paired, each pair reconciled, the unpaired listed. A pair is the only game
 * of each set, or (--pair-by, or sets of several games) the games whose pairing tags (White,
 * Black, Round by default) have the same values, taken in the order of set A. */
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "input.h"
#include "outfile.h"
#include "tool.h"

typedef struct rt_set {
	hamle_game **g;
	size_t n, cap;
	unsigned char *paired;
	size_t files; /* inputs read (for the --html summary) */
} rt_set;

static void set_free(rt_set *s)
{
	for (size_t i = 0; i < s->n; i++)
		hamle_game_free(s->g[i]);
	free(s->g);
	free(s->paired);
}

/* Every game of operand into s. Returns 0, 1 when an input failed (reported), -1 out of memory. */
static int read_set(const rt_config *cfg, const char *operand, rt_set *s)
{
	hamle_inputs *in = NULL;
	const char *ops[1] = {operand};
	FILE *f;
	const char *name;
	int status = 0, got;
	if (hamle_inputs_new(&in, ops, 1, cfg->msg) < 0)
		return -1;
	hamle_inputs_set_limits(in, &cfg->unpack);
	while ((got = hamle_inputs_next(in, &f, &name)) > 0) {
		s->files++;
		hamle_reader *r = NULL;
		if (hamle_reader_new(&r, &cfg->ropts) < 0 || hamle_reader_set_input_file(r, f, name) < 0) {
			hamle_reader_free(r);
			status = -1;
			break;
		}
		for (;;) {
			if (s->n == s->cap) {
				size_t cap = s->cap ? s->cap * 2 : 16;
				hamle_game **g = realloc(s->g, cap * sizeof(*g));
				if (!g) {
					status = -1;
					break;
				}
				s->g = g;
				s->cap = cap;
			}
			hamle_game *g = NULL;
			int rc = hamle_reader_next(r, &g);
			if (rc == HAMLE_ITEROVER)
				break;
			if (rc < 0) {
				hamle_game_free(g);
				if (rc == HAMLE_ENOMEM) {
					status = -1;
				} else {
					hamle_msg_error(cfg->msg, "%s: %s", name, hamle_reader_error(r)->message);
					status = 1;
				}
				break;
			}
			s->g[s->n++] = g;
		}
		hamle_reader_free(r);
		if (status < 0)
			break;
	}
	if (got < 0)
		status = -1;
	if (status == 0 && hamle_inputs_failed(in))
		status = 1;
	hamle_inputs_free(in);
	if (status == 0 && !(s->paired = calloc(s->n ? s->n : 1, 1)))
		status = -1;
	return status;
}

/* 1 when games x and y have the same values of every pairing tag (a missing tag is ""). */
static int same_key(const rt_config *cfg, const hamle_game *x, const hamle_game *y)
{
	for (size_t i = 0; i < cfg->n_pair_by; i++) {
		const char *vx = hamle_game_tag(x, cfg->pair_by[i]), *vy = hamle_game_tag(y, cfg->pair_by[i]);
		if (strcmp(vx ? vx : "", vy ? vy : ""))
			return 0;
	}
	return 1;
}

static void list_unpaired(const rt_config *cfg, const rt_set *s, size_t *count)
{
	for (size_t i = 0; i < s->n; i++) {
		if (s->paired[i])
			continue;
		(*count)++;
		char key[512], num[24];
		size_t len = 0;
		key[0] = '\0';
		for (size_t t = 0; t < cfg->n_pair_by && len + 1 < sizeof(key); t++) {
			const char *v = hamle_game_tag(s->g[i], cfg->pair_by[t]);
			int w = snprintf(key + len, sizeof(key) - len, "%s%s %s", t ? ", " : "", cfg->pair_by[t], v ? v : "-");
			if (w < 0 || (size_t)w >= sizeof(key) - len)
				break;
			len += (size_t)w;
		}
		snprintf(num, sizeof(num), "%zu", hamle_game_index(s->g[i]));
		const char *src = hamle_game_source(s->g[i]);
		const char *args[3] = {src ? src : "<stdin>", num, key};
		char text[768];
		if (hamle_locale_format(text, sizeof(text), cfg->messages, "reconcile_unpaired", 3, args) < 0)
			snprintf(text, sizeof(text), "%s: game %s (%s) has no partner in the other set", args[0], num, key);
		hamle_msg_warn(cfg->msg, "%s", text);
	}
}

static int worker_init(const rt_config *cfg, rt_worker *wk)
{
	memset(wk, 0, sizeof(*wk));
	hamle_buf_init(&wk->pgn);
	if (hamle_replay_new(&wk->rpa, &cfg->popts) < 0 || hamle_replay_new(&wk->rpb, &cfg->popts) < 0 ||
		hamle_replay_new(&wk->rp_en, &cfg->popts_en) < 0 || hamle_reconcile_new(&wk->rc, &cfg->copts) < 0 ||
		hamle_writer_new(&wk->w, &cfg->wopts) < 0)
		return -1;
	return 0;
}

static void worker_free(rt_worker *wk)
{
	hamle_replay_free(wk->rpa);
	hamle_replay_free(wk->rpb);
	hamle_replay_free(wk->rp_en);
	hamle_reconcile_free(wk->rc);
	hamle_writer_free(wk->w);
	hamle_buf_free(&wk->pgn);
}

/* Reconciles one pair and writes what it gives. 0 agree, 1 diverge, -1 out of memory. */
static int one_pair(const rt_config *cfg, rt_worker *wk, hamle_game *a, hamle_game *b, hamle_out *out,
	hamle_out *html, rt_html_counts *counts)
{
	hamle_buf err = HAMLE_BUF_INIT, text = HAMLE_BUF_INIT;
	int status = -1;
	if (hamle_replay_run(wk->rpa, a) < 0 || hamle_replay_run(wk->rpb, b) < 0 ||
		hamle_reconcile_run(wk->rc, a, wk->rpa, b, wk->rpb) < 0 || rt_emit(cfg, wk, a, b, &err, &text) < 0 ||
		hamle_buf_failed(&err) || hamle_buf_failed(&text))
		goto cleanup;
	if (err.len) {
		fwrite(err.data, 1, err.len, cfg->msg->stream);
		fflush(cfg->msg->stream);
	}
	hamle_out_write(out, text.data, text.len);
	if (html) {
		hamle_buf_clear(&err);
		if (rt_html_pair(cfg, wk->rc, a, b, &err, counts) < 0)
			goto cleanup;
		hamle_out_write(html, err.data, err.len);
	}
	status = rt_kept_count(cfg, wk->rc) ? 1 : 0;
cleanup:
	hamle_buf_free(&err);
	hamle_buf_free(&text);
	return status;
}

int rt_run(const rt_config *cfg, const char *set_a, const char *set_b)
{
	rt_set sa = {0}, sb = {0};
	rt_worker wk;
	hamle_out out;
	hamle_out_init(&out, stdout, NULL);
	int status = HAMLE_EXIT_OK, ra = 0, rb = 0;
	size_t pairs = 0, agree = 0, unpaired = 0;
	hamle_outfile *html = NULL;
	rt_html_counts counts = {{NULL}, {0}, {0}, 0};
	if (cfg->html) {
		hamle_buf head = HAMLE_BUF_INIT;
		if (hamle_outfile_open(&html, cfg->html, cfg->msg) != 0)
			return HAMLE_EXIT_ERROR;
		hamle_html_head(&head, cfg->messages, cfg->msg->prog);
		if (hamle_buf_failed(&head))
			head.len = 0;
		hamle_out_write(hamle_outfile_out(html), head.data, head.len);
		hamle_buf_free(&head);
	}
	bool nomem = worker_init(cfg, &wk) < 0;
	if (nomem || (ra = read_set(cfg, set_a, &sa)) < 0 || (rb = read_set(cfg, set_b, &sb)) < 0) {
		status = hamle_msg_nomem(cfg->msg);
		goto cleanup;
	}
	if (ra || rb) {
		status = HAMLE_EXIT_ERROR;
		goto cleanup;
	}
	bool by_tags = cfg->pair_given || sa.n != 1 || sb.n != 1;
	for (size_t i = 0; i < sa.n && !hamle_out_failed(&out); i++) {
		size_t k = 0;
		if (by_tags)
			while (k < sb.n && (sb.paired[k] || !same_key(cfg, sa.g[i], sb.g[k])))
				k++;
		if (k == sb.n)
			continue;
		sa.paired[i] = sb.paired[k] = 1;
		int r = one_pair(cfg, &wk, sa.g[i], sb.g[k], &out, html ? hamle_outfile_out(html) : NULL, &counts);
		if (r < 0) {
			status = hamle_msg_nomem(cfg->msg);
			goto cleanup;
		}
		pairs++;
		agree += r == 0;
		if (r)
			status = HAMLE_EXIT_INVALID;
	}
	list_unpaired(cfg, &sa, &unpaired);
	list_unpaired(cfg, &sb, &unpaired);
	if (unpaired)
		status = HAMLE_EXIT_INVALID;
	if (by_tags) {
		char n[4][24];
		snprintf(n[0], sizeof(n[0]), "%zu", pairs);
		snprintf(n[1], sizeof(n[1]), "%zu", agree);
		snprintf(n[2], sizeof(n[2]), "%zu", pairs - agree);
		snprintf(n[3], sizeof(n[3]), "%zu", unpaired);
		const char *args[4] = {n[0], n[1], n[2], n[3]};
		char text[256];
		if (hamle_locale_format(text, sizeof(text), cfg->messages, "reconcile_summary", 4, args) < 0)
			snprintf(text, sizeof(text), "%s pairs, %s agree, %s diverge, %s unpaired", n[0], n[1], n[2], n[3]);
		/* a summary, as hamle-validate's: no warning (-q leaves it out all the same) */
		if (cfg->msg->verbosity >= 0)
			fprintf(cfg->msg->stream, "%s: %s\n", cfg->msg->prog, text);
	}
	if (html) {
		/* the summary: the files of both sets, the pairs, those that agree, each code's count */
		hamle_html_summary sum = {sa.files + sb.files, pairs, agree, counts.id, counts.count, counts.n, counts.errors};
		hamle_buf tail = HAMLE_BUF_INIT;
		hamle_html_tail(&tail, cfg->messages, &sum);
		bool ok = !hamle_buf_failed(&tail) && hamle_out_write(hamle_outfile_out(html), tail.data, tail.len) == 0;
		hamle_buf_free(&tail);
		status = hamle_outfile_close(html, ok, status);
		if (!ok)
			status = HAMLE_EXIT_ERROR;
		html = NULL;
	}
cleanup:
	if (html)
		hamle_outfile_close(html, false, status); /* an input failed or no memory: no report */
	worker_free(&wk);
	set_free(&sa);
	set_free(&sb);
	return hamle_out_close(&out, cfg->msg, status);
}
