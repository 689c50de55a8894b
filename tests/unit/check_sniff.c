/* check_sniff.c: cmd/common/input/sniff.c (does a text hold games?) and the .txt files a directory walk
 * skips for holding none (input.c). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <hamle/locale.h>

#include "input.h"
#include "msg.h"
#include "sniff.h"
#include "testutil.h"

static const struct {
	const char *text;
	bool moves;
} text_cases[] = {
	{"1. e4 e5 2. Nf3\n", true},
	{"1.e4 e5\n", true},
	{"1) d4 d5\n", true},
	{"1 e4 e5\n", true},
	{"1\te4\te5\n2\tNf3\tNc6\n", true},   /* tab columns of a typed scoresheet */
	{"1. Af3 Ac6\n", true},              /* Turkish At */
	{"1. Şe2\n", true},                  /* Turkish Şah: a non-ASCII letter */
	{"1. ♘f3 ♞f6\n", true},              /* figurines */
	{"1. ♘\xEF\xB8\x8F" "f3\n", true},    /* figurine + variation selector */
	{"1. 0-0\n", true},
	{"12. O-O-O Kb8\n", true},
	{"6. 0–0 a6\n", true},               /* castling with an en dash */
	{"1. g1f3 g8f6\n", true},            /* UCI */
	{"1. Ng1-f3\n", true},               /* long algebraic */
	{"1. exd5 exd5\n", true},
	{"5. e:d5\n", true},                 /* ':' as capture mark */
	{"23. Dxd1+ Txd1\n", true},
	{"1. e4!? c5\n", true},
	{"1... e5\n", true},
	{"1 ... e5\n", true},
	{"1…e5\n", true},
	{"\xEF\xBB\xBF" "1. d4\n", true},    /* byte order mark */
	{"1. e4\r\n", true},                 /* CRLF */
	{"[Event \"x\"]\n[Site \"y\"]\n\n1.e4 e5 *\n", true},
	{"{a comment} 1. e4 e5\n", true},    /* a move number after a blank */
	{"White: Ali\nBlack: Veli\n\n1. e4 e5\n", true},
	{"", false},
	{"1. Definitions.\n", false},
	{"2. Grant of Copyright License. Subject to the terms\n", false},
	{"Copyright (c) 2012-2023 Niklas Fiekas\n", false},
	{"1. Redistributions of source code must retain\n", false},
	{"3) b) c)\n", false},
	{"1-0\n", false},
	{"1. 0-1\n", false},                 /* a result, not castling */
	{"1. e45\n", false},                 /* no square: a digit follows */
	{"1. h2o\n", false},                 /* a lower-case letter follows the square */
	{"x1. e4\n", false},                 /* the number does not start a word */
	{"12345. e4\n", false},              /* five digits: no move number */
	{"1e4\n", false},                    /* no separator */
	{"1. A4 paper\n", false},            /* not a square: upper case */
	{"-- 2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -\n", false},
	{"0x9d39247e33776d41\n", false},
	{"1. abcdefghijklmnopqrstuvwxyz e4\n", false},
};

START_TEST(test_sniff_text)
{
	const char *t = text_cases[_i].text;
	ck_assert_msg(hamle_sniff_text(t, strlen(t)) == text_cases[_i].moves, "%s: expected %s", t,
		text_cases[_i].moves ? "moves" : "no moves");
}
END_TEST

/* A move on line 50 is seen; on line 51 it is not; nor past HAMLE_SNIFF_BYTES. */
START_TEST(test_sniff_bounds)
{
	size_t cap = HAMLE_SNIFF_BYTES * 2 + 100;
	char *buf = malloc(cap);
	ck_assert_ptr_nonnull(buf);
	for (int lines = 49; lines <= 50; lines++) {
		size_t len = 0;
		for (int i = 0; i < lines; i++)
			len += (size_t)snprintf(buf + len, cap - len, "Section %d. Definitions.\n", i + 1);
		len += (size_t)snprintf(buf + len, cap - len, "1. e4 e5\n");
		ck_assert_int_eq(hamle_sniff_text(buf, len), lines < HAMLE_SNIFF_LINES);
	}
	/* one long first line: the move stands past the bytes looked at */
	memset(buf, 'z', HAMLE_SNIFF_BYTES + 10);
	memcpy(buf + HAMLE_SNIFF_BYTES + 10, " 1. e4\n", 7);
	size_t len = HAMLE_SNIFF_BYTES + 17;
	ck_assert(hamle_sniff_text(buf, len)); /* the text function reads what it is given... */
	char path[] = "/tmp/hamle-sniff-XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	FILE *f = fdopen(fd, "w+b");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(buf, 1, len, f), len);
	rewind(f);
	char *scratch = malloc(HAMLE_SNIFF_BYTES);
	ck_assert_ptr_nonnull(scratch);
	ck_assert_int_eq(hamle_sniff_file(f, scratch), 0); /* ...the file function reads 64 KiB */
	ck_assert_int_eq(fgetc(f), 'z');                   /* and puts the file back at its start */
	rewind(f);
	ck_assert_int_eq(ftruncate(fd, 0), 0);
	fputs("A scoresheet\n\n1. e4 e5\n", f);
	fflush(f);
	rewind(f);
	ck_assert_int_eq(hamle_sniff_file(f, scratch), 1);
	ck_assert_int_eq(fgetc(f), 'A');
	fclose(f);
	unlink(path);
	free(scratch);
	free(buf);
}
END_TEST

/* Walks dir (and names `extra` explicitly) at the given verbosity; returns what was read, one
 * name per line, and sets *err to the messages (both malloc'd). */
static char *walk(const char *dir, const char *extra, int verbosity, const hamle_locale *messages,
	char **err, size_t *skipped)
{
	char *text = NULL;
	size_t len = 0;
	hamle_msg m = {"hamle-test", verbosity, false, open_memstream(&text, &len), NULL};
	ck_assert_ptr_nonnull(m.stream);
	const char *ops[2] = {dir, extra};
	hamle_inputs *in;
	ck_assert_int_eq(hamle_inputs_new(&in, ops, extra ? 2 : 1, &m), 0);
	char list[2048];
	size_t n = 0;
	FILE *f;
	const char *name;
	list[0] = '\0';
	while (hamle_inputs_next(in, &f, &name) > 0) {
		char first[16] = "";
		ck_assert_ptr_nonnull(fgets(first, sizeof(first), f)); /* read from its start */
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s %s", name + strlen(dir), first);
	}
	ck_assert_uint_eq(hamle_inputs_failed(in), 0);
	*skipped = hamle_inputs_skipped(in);
	hamle_inputs_summary(in, messages);
	hamle_inputs_free(in);
	fclose(m.stream);
	*err = text;
	return strdup(list);
}

START_TEST(test_walk_skips_txt_without_moves)
{
	char dir[] = "/tmp/hamle-sniffwalk-XXXXXX";
	char sub[600], named[600];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(sub, sizeof(sub), "%s/sub", dir);
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	tu_write_file(dir, "LICENSE.txt", "MIT License\n\n1. Definitions.\n2. Grant of Copyright License.\n");
	tu_write_file(dir, "a.pgn", "[Event \"a\"]\n1. Definitions.\n"); /* a .pgn is read whatever it holds */
	tu_write_file(dir, "sheet.txt", "Beyaz: Ali\nSiyah: Veli\n\n1. e4 e5\n");
	tu_write_file(dir, "sub/notes.TXT", "notes\nno games here\n");
	snprintf(named, sizeof(named), "%s/sub/notes.TXT", dir);

	char *err, *list;
	size_t skipped;
	list = walk(dir, NULL, 0, NULL, &err, &skipped);
	ck_assert_str_eq(list, "/a.pgn [Event \"a\"]\n/sheet.txt Beyaz: Ali\n");
	ck_assert_uint_eq(skipped, 2);
	ck_assert_str_eq(err, "hamle-test: 2 files skipped: no moves\n");
	free(list);
	free(err);

	/* -v names each; a file named on the command line is read whatever it holds */
	list = walk(dir, named, 1, NULL, &err, &skipped);
	ck_assert_str_eq(list, "/a.pgn [Event \"a\"]\n/sheet.txt Beyaz: Ali\n/sub/notes.TXT notes\n");
	ck_assert_uint_eq(skipped, 2);
	char want[2048];
	snprintf(want, sizeof(want),
		"hamle-test: %s/LICENSE.txt: skipped: no moves in its first 50 lines\n"
		"hamle-test: %s/sub/notes.TXT: skipped: no moves in its first 50 lines\n"
		"hamle-test: 2 files skipped: no moves\n", dir, dir);
	ck_assert_str_eq(err, want);
	free(list);
	free(err);

	/* -q: no summary; one file: singular; the words come from the messages locale */
	list = walk(dir, NULL, -1, NULL, &err, &skipped);
	ck_assert_str_eq(err, "");
	free(list);
	free(err);
	ck_assert_int_eq(unlink(named), 0);
	hamle_locale *tr = NULL, *de = NULL;
	hamle_error e;
	ck_assert_int_eq(hamle_locale_load_builtin(&tr, "tr", &e), 0);
	ck_assert_int_eq(hamle_locale_load_builtin(&de, "de", &e), 0);
	list = walk(dir, NULL, 0, NULL, &err, &skipped);
	ck_assert_str_eq(err, "hamle-test: 1 file skipped: no moves\n");
	free(list);
	free(err);
	list = walk(dir, NULL, 0, tr, &err, &skipped);
	ck_assert_str_eq(err, "hamle-test: 1 dosya atlandı: hamle yok\n");
	free(list);
	free(err);
	list = walk(dir, NULL, 0, de, &err, &skipped);
	ck_assert_str_eq(err, "hamle-test: 1 Datei übersprungen: keine Züge\n");
	free(list);
	free(err);
	hamle_locale_free(tr);
	hamle_locale_free(de);

	/* nothing skipped: no summary line */
	char path[700];
	snprintf(path, sizeof(path), "%s/LICENSE.txt", dir);
	ck_assert_int_eq(unlink(path), 0);
	list = walk(dir, NULL, 0, NULL, &err, &skipped);
	ck_assert_uint_eq(skipped, 0);
	ck_assert_str_eq(err, "");
	free(list);
	free(err);

	char cmd[700];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

Suite *sniff_suite(void);
Suite *sniff_suite(void)
{
	Suite *s = suite_create("sniff");
	TCase *t = tcase_create("text");
	tcase_add_loop_test(t, test_sniff_text, 0, (int)(sizeof(text_cases) / sizeof(text_cases[0])));
	tcase_add_test(t, test_sniff_bounds);
	suite_add_tcase(s, t);
	t = tcase_create("walk");
	tcase_add_test(t, test_walk_skips_txt_without_moves);
	suite_add_tcase(s, t);
	return s;
}
