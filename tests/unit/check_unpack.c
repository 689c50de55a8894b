/* check_unpack.c: cmd/common/input/magic.c (an input's kind from its first bytes) and unpack.c (the
 * members of compressed files and archives, streamed), over archives written at test time in
 * memory by libarchive's writer; with and without the decompression thread. */
#include <archive.h>
#include <archive_entry.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive_lib.h"
#include "magic.h"
#include "unpack.h"

#define GAME "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n" /* 31 bytes */

typedef struct {
	const char *name; /* NULL: a raw compressed stream (one member, no name) */
	const char *data;
	size_t len;       /* 0: strlen(data) */
} member;

/* An archive of format (ARCHIVE_FORMAT_ZIP, _TAR_USTAR or _RAW) and filter (ARCHIVE_FILTER_*) in
 * memory; *len its size. */
static unsigned char *make(int format, int filter, const member *m, size_t n, size_t *len)
{
	size_t cap = (size_t)64 << 20;
	unsigned char *buf = malloc(cap);
	struct archive *a = archive_write_new();
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(archive_write_set_format(a, format), ARCHIVE_OK);
	if (filter != ARCHIVE_FILTER_NONE)
		ck_assert_int_eq(archive_write_add_filter(a, filter), ARCHIVE_OK);
	archive_write_set_bytes_in_last_block(a, 1);
	ck_assert_int_eq(archive_write_open_memory(a, buf, cap, len), ARCHIVE_OK);
	for (size_t i = 0; i < n; i++) {
		size_t dl = m[i].len ? m[i].len : strlen(m[i].data);
		struct archive_entry *e = archive_entry_new();
		archive_entry_set_pathname(e, m[i].name ? m[i].name : "data");
		archive_entry_set_filetype(e, AE_IFREG);
		archive_entry_set_perm(e, 0644);
		archive_entry_set_size(e, (la_int64_t)dl);
		ck_assert_int_eq(archive_write_header(a, e), ARCHIVE_OK);
		ck_assert_int_eq(archive_write_data(a, m[i].data, dl), (la_ssize_t)dl);
		archive_entry_free(e);
	}
	ck_assert_int_eq(archive_write_close(a), ARCHIVE_OK);
	archive_write_free(a);
	return buf;
}

/* Reads every event of data[0..len) into a listing: "M name=bytes" per member read (its length,
 * and "!why" when it ended early), "S name!why" per skip, "E" or "E!why" at the end. */
static char *listing(const unsigned char *data, size_t len, const hamle_unpack_limits *lim, char **content)
{
	static char out[4096];
	FILE *f = fmemopen((void *)data, len, "rb");
	ck_assert_ptr_nonnull(f);
	unsigned char head[HAMLE_MAGIC_BYTES];
	size_t nh = fread(head, 1, sizeof(head), f);
	hamle_unpack *u;
	ck_assert_int_eq(hamle_unpack_new(&u, f, head, nh, lim), 0);
	size_t o = 0, clen = 0;
	char *text = NULL;
	out[0] = '\0';
	for (;;) {
		hamle_unpack_event ev;
		ck_assert_int_eq(hamle_unpack_next(u, &ev), 0);
		if (ev.kind == HAMLE_UNPACK_END) {
			o += (size_t)snprintf(out + o, sizeof(out) - o, "E%s%s", ev.why ? "!" : "", ev.why ? ev.why : "");
			break;
		}
		if (ev.kind == HAMLE_UNPACK_SKIP) {
			o += (size_t)snprintf(out + o, sizeof(out) - o, "S %s!%c ", ev.name ? ev.name : "-",
				"NME"[ev.level]);
			continue;
		}
		o += (size_t)snprintf(out + o, sizeof(out) - o, "M %s=", ev.name ? ev.name : "-");
		size_t got, total = 0;
		unsigned char buf[1000]; /* small reads: a slot is read in many calls */
		do {
			ck_assert_int_eq(hamle_unpack_read(u, buf, sizeof(buf), &got), 0);
			if (content) {
				text = realloc(text, clen + got + 1);
				memcpy(text + clen, buf, got);
				clen += got;
				text[clen] = '\0';
			}
			total += got;
		} while (got > 0);
		if (content && text) {
			*content = text;
			content = NULL;
		}
		const char *why = hamle_unpack_finish(u);
		o += (size_t)snprintf(out + o, sizeof(out) - o, "%zu%s ", total, why ? "!" : "");
	}
	hamle_unpack_free(u);
	fclose(f);
	return out;
}

static const hamle_unpack_limits threads[2] = {
	{HAMLE_DEFAULT_MAX_MEMBER_BYTES, HAMLE_DEFAULT_MAX_RATIO, false},
	{HAMLE_DEFAULT_MAX_MEMBER_BYTES, HAMLE_DEFAULT_MAX_RATIO, true},
};

START_TEST(test_magic)
{
	static const struct {
		int format, filter;
		hamle_magic_kind kind;
	} cases[] = {
		{ARCHIVE_FORMAT_RAW, ARCHIVE_FILTER_GZIP, HAMLE_MAGIC_GZIP},
		{ARCHIVE_FORMAT_RAW, ARCHIVE_FILTER_BZIP2, HAMLE_MAGIC_BZIP2},
		{ARCHIVE_FORMAT_RAW, ARCHIVE_FILTER_XZ, HAMLE_MAGIC_XZ},
		{ARCHIVE_FORMAT_RAW, ARCHIVE_FILTER_ZSTD, HAMLE_MAGIC_ZSTD},
		{ARCHIVE_FORMAT_ZIP, ARCHIVE_FILTER_NONE, HAMLE_MAGIC_ZIP},
		{ARCHIVE_FORMAT_TAR_USTAR, ARCHIVE_FILTER_NONE, HAMLE_MAGIC_TAR},
		{ARCHIVE_FORMAT_TAR_GNUTAR, ARCHIVE_FILTER_NONE, HAMLE_MAGIC_TAR},
		{ARCHIVE_FORMAT_TAR_USTAR, ARCHIVE_FILTER_GZIP, HAMLE_MAGIC_GZIP},
	};
	member m = {"a.pgn", GAME, 0};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t len;
		unsigned char *b = make(cases[i].format, cases[i].filter, &m, 1, &len);
		ck_assert_msg(hamle_magic(b, len < 512 ? len : 512) == cases[i].kind, "case %zu: %s", i,
			hamle_magic_name(hamle_magic(b, len)));
		free(b);
	}
	ck_assert(hamle_magic((const unsigned char *)GAME, strlen(GAME)) == HAMLE_MAGIC_PLAIN);
	ck_assert(hamle_magic((const unsigned char *)"", 0) == HAMLE_MAGIC_PLAIN);
	ck_assert(hamle_magic((const unsigned char *)"\x1F", 1) == HAMLE_MAGIC_PLAIN);
	ck_assert(hamle_magic((const unsigned char *)"BZh0", 4) == HAMLE_MAGIC_PLAIN);
	/* "ustar" at 257 with a wrong checksum is text */
	unsigned char t[512];
	memset(t, ' ', sizeof(t));
	memcpy(t + 257, "ustar", 5);
	memcpy(t + 148, "0000000", 7);
	ck_assert(hamle_magic(t, sizeof(t)) == HAMLE_MAGIC_PLAIN);
	ck_assert_str_eq(hamle_magic_name(HAMLE_MAGIC_ZSTD), "zstd");
}
END_TEST

START_TEST(test_stream)
{
	static const int filters[] = {ARCHIVE_FILTER_GZIP, ARCHIVE_FILTER_BZIP2, ARCHIVE_FILTER_XZ, ARCHIVE_FILTER_ZSTD};
	/* more than a slot, so that the member spans several blocks */
	size_t n = 3 * HAMLE_UNPACK_SLOT_BYTES / strlen(GAME) + 7, glen = strlen(GAME);
	char *text = malloc(n * glen + 1);
	for (size_t i = 0; i < n; i++)
		memcpy(text + i * glen, GAME, glen);
	text[n * glen] = '\0';
	member m = {NULL, text, 0};
	for (size_t i = 0; i < sizeof(filters) / sizeof(filters[0]); i++) {
		size_t len;
		unsigned char *b = make(ARCHIVE_FORMAT_RAW, filters[i], &m, 1, &len);
		char *got = NULL, want[64];
		snprintf(want, sizeof(want), "M -=%zu E", n * glen);
		ck_assert_str_eq(listing(b, len, &threads[_i], &got), want);
		ck_assert_ptr_nonnull(got);
		ck_assert(strcmp(got, text) == 0);
		free(got);
		/* cut short: the bytes before the cut, then why; or only why, when the cut is in the first
		 * block the decompressor needs whole (bzip2's are 900 KB) */
		char *l = listing(b, len / 2, &threads[_i], NULL);
		ck_assert_msg((strncmp(l, "M -=", 4) == 0 && strstr(l, "! E")) ||
			(filters[i] == ARCHIVE_FILTER_BZIP2 && strstr(l, "E!not read: truncated")), "cut: %s", l);
		free(b);
	}
	free(text);
}
END_TEST

START_TEST(test_archive_members)
{
	member ms[] = {
		{"a.pgn", GAME, 0},
		{"notes.md", "hello", 0},
		{"../up.pgn", GAME, 0},
		{"/abs.pgn", GAME, 0},
		{"bin.pgn", "\x89PNG\r\n\x1a\n\0\0\0", 11},
		{"LICENSE.txt", "Permission is hereby granted\n", 0},
		{"dir/sheet.TXT", "Beyaz: A\n1. e4 e5\n", 0},
		{"z.PGN", GAME, 0},
	};
	size_t n = sizeof(ms) / sizeof(ms[0]);
	static const char *const want =
		"M a.pgn=31 S notes.md!N S ../up.pgn!E S /abs.pgn!E S bin.pgn!E S LICENSE.txt!M "
		"M dir/sheet.TXT=18 M z.PGN=31 E";
	static const int formats[][2] = {
		{ARCHIVE_FORMAT_ZIP, ARCHIVE_FILTER_NONE},
		{ARCHIVE_FORMAT_TAR_USTAR, ARCHIVE_FILTER_NONE},
		{ARCHIVE_FORMAT_TAR_USTAR, ARCHIVE_FILTER_GZIP},
		{ARCHIVE_FORMAT_TAR_USTAR, ARCHIVE_FILTER_ZSTD},
	};
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		size_t len;
		unsigned char *b = make(formats[i][0], formats[i][1], ms, n, &len);
		ck_assert_str_eq(listing(b, len, &threads[_i], NULL), want);
		free(b);
	}
}
END_TEST

START_TEST(test_limits)
{
	/* a member of 40 MiB of spaces (a bomb), between two games */
	size_t big = (size_t)40 << 20;
	char *sp = malloc(big);
	memset(sp, ' ', big);
	member ms[] = {{"a.pgn", GAME, 0}, {"bomb.pgn", sp, big}, {"b.pgn", GAME, 0}};
	size_t len;
	unsigned char *b = make(ARCHIVE_FORMAT_ZIP, ARCHIVE_FILTER_NONE, ms, 3, &len);
	free(sp);
	ck_assert_uint_lt(len, (size_t)1 << 20);
	hamle_unpack_limits lim = threads[_i];
	char want[128];
	snprintf(want, sizeof(want), "M a.pgn=31 M bomb.pgn=%llu! M b.pgn=31 E",
		(unsigned long long)HAMLE_UNPACK_RATIO_FROM);
	ck_assert_str_eq(listing(b, len, &lim, NULL), want);
	lim.max_ratio = 0; /* no ratio: read in full */
	snprintf(want, sizeof(want), "M a.pgn=31 M bomb.pgn=%zu M b.pgn=31 E", big);
	ck_assert_str_eq(listing(b, len, &lim, NULL), want);
	lim.max_member_bytes = 1000; /* the byte limit */
	ck_assert_str_eq(listing(b, len, &lim, NULL), "M a.pgn=31 M bomb.pgn=1000! M b.pgn=31 E");
	lim.max_member_bytes = 31; /* exactly a member's size is not over it */
	ck_assert_str_eq(listing(b, len, &lim, NULL), "M a.pgn=31 M bomb.pgn=31! M b.pgn=31 E");
	free(b);

	/* in a compressed tar, the rest after a stopped member is not read */
	member ts[] = {{"a.pgn", GAME, 0}, {"big.pgn", GAME GAME GAME, 0}, {"b.pgn", GAME, 0}};
	b = make(ARCHIVE_FORMAT_TAR_USTAR, ARCHIVE_FILTER_GZIP, ts, 3, &len);
	lim.max_member_bytes = 40;
	ck_assert_str_eq(listing(b, len, &lim, NULL), "M a.pgn=31 M big.pgn=40! E");
	free(b);
}
END_TEST

START_TEST(test_not_archives)
{
	/* a gzip header over garbage, and an empty gzip stream */
	static const unsigned char bad[] = {0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
	char *l = listing(bad, sizeof(bad), &threads[_i], NULL);
	ck_assert_msg(strncmp(l, "E!", 2) == 0 || strstr(l, "! E"), "bad gzip: %s", l);
	member m = {NULL, "", 0};
	size_t len;
	unsigned char *b = make(ARCHIVE_FORMAT_RAW, ARCHIVE_FILTER_GZIP, &m, 0, &len);
	l = listing(b, len, &threads[_i], NULL);
	ck_assert_msg(strcmp(l, "E") == 0 || strcmp(l, "M -=0 E") == 0, "empty gzip: %s", l);
	free(b);
	hamle_unpack_free(NULL);
	ck_assert_ptr_null(hamle_unpack_finish(NULL));
}
END_TEST

/* libarchive through dlopen: its functions found and working; a library that is not there, and
 * one without libarchive's functions (libc), each said so with nothing left open. */
START_TEST(test_archive_lib)
{
	hamle_archive_lib lib;
	char why[256] = "";
	ck_assert_int_eq(hamle_archive_lib_open(&lib, why, sizeof(why)), 0);
	ck_assert_ptr_nonnull(lib.handle);
	ck_assert_ptr_nonnull(lib.read_new);
	ck_assert_ptr_nonnull(lib.set_error);
	ck_assert_ptr_nonnull(lib.entry_pathname);
	ck_assert_ptr_nonnull(lib.entry_filetype);
	struct archive *a = lib.read_new();
	ck_assert_ptr_nonnull(a);
	ck_assert_int_eq(lib.read_support_format_raw(a), ARCHIVE_OK);
	ck_assert_int_eq(lib.format(a), 0);
	ck_assert_int_eq(lib.read_free(a), ARCHIVE_OK);
	hamle_archive_lib_close(&lib);
	ck_assert_ptr_null(lib.handle);
	hamle_archive_lib_close(&lib); /* twice, and NULL: nothing */
	hamle_archive_lib_close(NULL);

	ck_assert_int_eq(hamle_archive_lib_open_named(&lib, "libhamle-no-such-archive.so.99", why, sizeof(why)), -1);
	ck_assert_ptr_null(lib.handle);
	ck_assert_ptr_nonnull(strstr(why, "compressed files and archives need libhamle-no-such-archive.so.99"));
	hamle_archive_lib_close(&lib);
	ck_assert_int_eq(hamle_archive_lib_open_named(&lib, "libc.so.6", why, sizeof(why)), -1);
	ck_assert_ptr_null(lib.handle);
	ck_assert_str_eq(why, "libc.so.6 has no archive_read_new: too old a libarchive");
}
END_TEST

Suite *unpack_suite(void);
Suite *unpack_suite(void)
{
	Suite *s = suite_create("unpack");
	TCase *t = tcase_create("core");
	tcase_set_timeout(t, 60);
	tcase_add_test(t, test_magic);
	tcase_add_test(t, test_archive_lib);
	tcase_add_loop_test(t, test_stream, 0, 2);
	tcase_add_loop_test(t, test_archive_members, 0, 2);
	tcase_add_loop_test(t, test_limits, 0, 2);
	tcase_add_loop_test(t, test_not_archives, 0, 2);
	suite_add_tcase(s, t);
	return s;
}
