/* html_report.c: the --html report's file: opened with its head (a temporary file beside FILE,
 * refused when it is one of the inputs), closed with the summary and renamed over FILE. The games'
 * sections are html.c's. */
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "html.h"
#include "outfile.h"
#include "validate.h"

/* --html FILE: opens the report (a temporary file beside FILE, renamed over it at the end) and
 * writes its head; an input that is the report is a usage error. Returns 0 or the exit status. */
int vd_html_open(const vd_config *cfg, hamle_outfile **of, const char *const *operands, size_t n,
	const hamle_msg *m)
{
	if (hamle_outfile_open(of, cfg->html, m) != 0)
		return HAMLE_EXIT_ERROR;
	for (size_t i = 0; i < (n ? n : 1); i++) {
		const char *op = n ? operands[i] : "-";
		bool in = strcmp(op, "-") == 0;
		struct stat st;
		if ((in ? fstat(STDIN_FILENO, &st) : stat(op, &st)) == 0 && S_ISREG(st.st_mode) &&
			hamle_outfile_is(*of, &st)) {
			const char *a[1] = {in ? "<stdin>" : op};
			hamle_outfile_close(*of, false, 0);
			*of = NULL;
			return hamle_msg_usage_key(m, "usage_validate_html_input", "'%s' is both an input and the --html report",
				1, a);
		}
	}
	hamle_buf b;
	hamle_buf_init(&b);
	hamle_html_head(&b, cfg->messages, m->prog);
	int rc = hamle_buf_failed(&b) || hamle_out_write(hamle_outfile_out(*of), b.data, b.len) < 0;
	hamle_buf_free(&b);
	return rc ? HAMLE_EXIT_ERROR : 0;
}

/* The report's summary and end; then the file replaces FILE when all of it was written (keep). */
int vd_html_close(const vd_config *cfg, hamle_outfile *of, const vd_totals *t, size_t files, bool keep,
	int status)
{
	if (!of)
		return status;
	if (keep) {
		const char *ids[VD_NCODES];
		size_t counts[VD_NCODES], errors[VD_NCODES];
		for (int i = 0; i < VD_NCODES; i++) {
			ids[i] = vd_code_id(i);
			counts[i] = t->counts[i];
			errors[i] = t->errors_of[i];
		}
		hamle_html_summary s = {files, t->games, t->valid, ids, counts, VD_NCODES, errors};
		hamle_buf b;
		hamle_buf_init(&b);
		hamle_html_tail(&b, cfg->messages, &s);
		keep = !hamle_buf_failed(&b) && hamle_out_write(hamle_outfile_out(of), b.data, b.len) == 0;
		hamle_buf_free(&b);
	}
	int rc = hamle_outfile_close(of, keep, status);
	return keep ? rc : HAMLE_EXIT_ERROR;
}
