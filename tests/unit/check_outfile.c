/* check_outfile.c: cmd/common/output/outfile.c, output files written whole: the temporary file (its name,
 * never a walk's input), rename or removal at close, same-file detection, links, mode, failures
 * (stdout, "-", is in tests/cli/convert_output.sh: closing it here would close the runner's). */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input.h"
#include "msg.h"
#include "outfile.h"

/* A scratch directory and messages into a memory stream. */
typedef struct {
	char dir[64];
	char *text;
	size_t len;
	hamle_msg m;
} fixture;

static void fx_open(fixture *fx)
{
	snprintf(fx->dir, sizeof(fx->dir), "/tmp/hamle-outfile.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(fx->dir));
	hamle_msg_init(&fx->m, "hamle-test");
	fx->m.color = false;
	fx->text = NULL;
	fx->len = 0;
	fx->m.stream = open_memstream(&fx->text, &fx->len);
	ck_assert_ptr_nonnull(fx->m.stream);
}

static const char *fx_path(const fixture *fx, char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/%s", fx->dir, name);
	return buf;
}

/* Names in the scratch directory, sorted, space-separated (into buf). */
static const char *fx_listing(const fixture *fx, char *buf, size_t size)
{
	DIR *d = opendir(fx->dir);
	struct dirent *e;
	char names[16][256];
	size_t n = 0, len = 0;
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL && n < 16)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			snprintf(names[n++], sizeof(names[0]), "%s", e->d_name);
	closedir(d);
	qsort(names, n, sizeof(names[0]), (int (*)(const void *, const void *))strcmp);
	buf[0] = '\0';
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", names[i]);
	return buf;
}

/* Closes the message stream and removes the scratch directory; returns the messages (malloc'd). */
static char *fx_close(fixture *fx)
{
	char cmd[128];
	fclose(fx->m.stream);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", fx->dir);
	ck_assert_int_eq(system(cmd), 0);
	return fx->text;
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

static void expect_content(const char *path, const char *text)
{
	char buf[256];
	FILE *f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	size_t n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	ck_assert_str_eq(buf, text);
}

START_TEST(test_outfile_rename_at_close)
{
	fixture fx;
	char p[128], l[512];
	hamle_outfile *of;
	fx_open(&fx);
	fx_path(&fx, p, sizeof(p), "out.pgn");
	ck_assert_int_eq(hamle_outfile_open(&of, p, &fx.m), 0);
	ck_assert(hamle_outfile_replaces(of));
	ck_assert_int_eq(hamle_out_puts(hamle_outfile_out(of), "1. e4 *\n"), 0);
	/* until the close, only the temporary file: a dot name no walk reads */
	fx_listing(&fx, l, sizeof(l));
	ck_assert_msg(strncmp(l, ".out.pgn.hamle-", 15) == 0 && strlen(l) == 21 && !strchr(l, ' '), "listing '%s'", l);
	ck_assert(!hamle_input_wanted_name(l));
	struct stat st;
	fx_path(&fx, p, sizeof(p), l);
	ck_assert_int_eq(stat(p, &st), 0);
	ck_assert(hamle_outfile_is(of, &st)); /* the temporary file is the output too */
	fx_path(&fx, p, sizeof(p), "out.pgn");
	ck_assert_int_eq(hamle_outfile_close(of, true, 1), 1);
	ck_assert_str_eq(fx_listing(&fx, l, sizeof(l)), "out.pgn");
	expect_content(p, "1. e4 *\n");
	/* an existing target: the same file is the output; discarded, it keeps its content */
	ck_assert_int_eq(stat(p, &st), 0);
	ck_assert_int_eq(hamle_outfile_open(&of, p, &fx.m), 0);
	ck_assert(hamle_outfile_is(of, &st));
	ck_assert_int_eq(hamle_out_puts(hamle_outfile_out(of), "changed\n"), 0);
	ck_assert_int_eq(hamle_outfile_close(of, false, 0), 0);
	ck_assert_str_eq(fx_listing(&fx, l, sizeof(l)), "out.pgn");
	expect_content(p, "1. e4 *\n");
	char *t = fx_close(&fx);
	ck_assert_str_eq(t, "");
	free(t);
}
END_TEST

START_TEST(test_outfile_mode_and_links)
{
	fixture fx;
	char p[128], q[128], l[512];
	struct stat st;
	hamle_outfile *of;
	fx_open(&fx);
	write_file(fx_path(&fx, p, sizeof(p), "real.pgn"), "old\n");
	ck_assert_int_eq(chmod(p, 0604), 0);
	ck_assert_int_eq(symlink("real.pgn", fx_path(&fx, q, sizeof(q), "link.pgn")), 0);
	ck_assert_int_eq(hamle_outfile_open(&of, q, &fx.m), 0);
	ck_assert_int_eq(hamle_out_puts(hamle_outfile_out(of), "new\n"), 0);
	ck_assert_int_eq(hamle_outfile_close(of, true, 0), 0);
	ck_assert_int_eq(lstat(q, &st), 0);
	ck_assert(S_ISLNK(st.st_mode)); /* the link stays a link */
	expect_content(p, "new\n");
	ck_assert_int_eq(stat(p, &st), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0604);
	ck_assert_str_eq(fx_listing(&fx, l, sizeof(l)), "link.pgn real.pgn");
	char *t = fx_close(&fx);
	ck_assert_str_eq(t, "");
	free(t);
}
END_TEST

START_TEST(test_outfile_errors)
{
	fixture fx;
	char p[128], l[512];
	hamle_outfile *of = NULL;
	fx_open(&fx);
	ck_assert_int_eq(hamle_outfile_close(NULL, true, 1), 1); /* NULL-safe */
	/* a directory; a missing directory */
	ck_assert_int_eq(hamle_outfile_open(&of, fx.dir, &fx.m), HAMLE_EXIT_ERROR);
	ck_assert_ptr_null(of);
	ck_assert_int_eq(hamle_outfile_open(&of, fx_path(&fx, p, sizeof(p), "no/x.pgn"), &fx.m), HAMLE_EXIT_ERROR);
	/* a link loop */
	ck_assert_int_eq(symlink("loop.pgn", fx_path(&fx, p, sizeof(p), "loop.pgn")), 0);
	ck_assert_int_eq(hamle_outfile_open(&of, p, &fx.m), HAMLE_EXIT_ERROR);
	ck_assert_str_eq(fx_listing(&fx, l, sizeof(l)), "loop.pgn");
	/* a device is written straight: nothing to rename, /dev/null stays */
	ck_assert_int_eq(hamle_outfile_open(&of, "/dev/null", &fx.m), 0);
	ck_assert(!hamle_outfile_replaces(of));
	ck_assert_int_eq(hamle_out_puts(hamle_outfile_out(of), "x"), 0);
	ck_assert_int_eq(hamle_outfile_close(of, true, 0), 0);
	struct stat st;
	ck_assert_int_eq(stat("/dev/null", &st), 0);
	ck_assert(S_ISCHR(st.st_mode));
	char *t = fx_close(&fx);
	char want[512];
	snprintf(want, sizeof(want),
		"hamle-test: %s: Is a directory\n"
		"hamle-test: %s/no/x.pgn: cannot create a temporary file beside it: No such file or directory\n"
		"hamle-test: %s/loop.pgn: Too many levels of symbolic links\n", fx.dir, fx.dir, fx.dir);
	ck_assert_str_eq(t, want);
	free(t);
}
END_TEST

Suite *outfile_suite(void);
Suite *outfile_suite(void)
{
	Suite *s = suite_create("outfile");
	TCase *t = tcase_create("outfile");
	tcase_add_test(t, test_outfile_rename_at_close);
	tcase_add_test(t, test_outfile_mode_and_links);
	tcase_add_test(t, test_outfile_errors);
	suite_add_tcase(s, t);
	return s;
}
