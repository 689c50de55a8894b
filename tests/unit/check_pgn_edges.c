/* check_pgn_edges.c: the reader at the edges of its input: byte order marks at line
 * starts (files joined with cat), a last game cut short, NAGs out of range. Every input is also
 * read through a callback 1 to 7 bytes at a time, so that a mark cut by a block's end is met. */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/pgn.h"
#include "suites_decl.h"
#include "testutil.h"

#define BOM "\xEF\xBB\xBF"

typedef struct {
	char *s;
	size_t len, cap;
} dump;

static void put(dump *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(dump *d, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		va_start(ap, fmt);
		int n = vsnprintf(d->s + d->len, d->cap - d->len, fmt, ap);
		va_end(ap);
		ck_assert_int_ge(n, 0);
		if (d->len + (size_t)n < d->cap) {
			d->len += (size_t)n;
			return;
		}
		d->cap = 2 * d->cap + (size_t)n;
		d->s = realloc(d->s, d->cap);
		ck_assert_ptr_nonnull(d->s);
	}
}

/* Every game: "game N L:C@OFFSET+BYTES flags F" (less HAMLE_CHUNK_PLAIN_COMMENTS and
 * HAMLE_CHUNK_ASCII: "plain 0" or "plain 1" and "ascii 0" or "ascii 1" on the next lines), its
 * tags, tokens and findings with their positions. */
static char *read_all(const char *in, size_t len, size_t step)
{
	hamle_reader *r;
	ck_assert_int_eq(hamle_reader_new(&r, NULL), HAMLE_OK);
	tu_feeder f = { in, len, 0, step };
	if (step)
		ck_assert_int_eq(hamle_reader_set_input(r, tu_feed, &f, "t"), HAMLE_OK);
	else
		ck_assert_int_eq(hamle_reader_set_input_buffer(r, in, len, "t"), HAMLE_OK);
	dump d = { malloc(256), 0, 256 };
	d.s[0] = '\0';
	hamle_chunk ch;
	hamle_game *g = NULL;
	int rc;
	while ((rc = hamle_reader_next_chunk(r, &ch)) == HAMLE_OK) {
		put(&d, "game %zu %zu:%zu@%zu+%zu flags %u\nplain %u\nascii %u\n", ch.game, ch.line, ch.column,
			ch.offset, ch.total_len, ch.flags & ~(HAMLE_CHUNK_PLAIN_COMMENTS | HAMLE_CHUNK_ASCII),
			(ch.flags & HAMLE_CHUNK_PLAIN_COMMENTS) != 0, (ch.flags & HAMLE_CHUNK_ASCII) != 0);
		ck_assert_int_eq(hamle_game_parse(&g, &ch, NULL), HAMLE_OK);
		for (size_t i = 0; i < hamle_game_tag_count(g); i++) {
			const hamle_tag *t = hamle_game_tag_at(g, i);
			put(&d, "tag %zu:%zu@%zu %s=%s\n", t->line, t->column, t->offset, t->name, t->value);
		}
		const hamle_token *t = hamle_game_tokens(g);
		for (size_t i = 0; i < hamle_game_token_count(g); i++)
			put(&d, "tok %zu:%zu@%zu %u %.*s\n", t[i].line, t[i].column, t[i].offset, t[i].kind,
				(int)t[i].len, t[i].text);
		for (size_t i = 0; i < hamle_game_finding_count(g); i++) {
			const hamle_finding *k = hamle_game_finding_at(g, i);
			put(&d, "! %s %zu:%zu@%zu\n", k->id, k->error.line, k->error.column, k->error.offset);
		}
	}
	ck_assert_int_eq(rc, HAMLE_ITEROVER);
	hamle_game_free(g);
	hamle_reader_free(r);
	return d.s;
}

/* Reads in at once and through the callback in steps of 1 to 7 bytes: the same every time. */
static char *read_checked(const char *in)
{
	char *a = read_all(in, strlen(in), 0);
	if (getenv("PGN_DEBUG"))
		fputs(a, stderr);
	for (size_t step = 1; step <= 7; step++) {
		char *b = read_all(in, strlen(in), step);
		ck_assert_str_eq(a, b);
		free(b);
	}
	return a;
}

static void has(const char *dump_text, const char *line)
{
	if (!strstr(dump_text, line))
		ck_abort_msg("missing \"%s\" in:\n%s", line, dump_text);
}

static void has_not(const char *dump_text, const char *what)
{
	if (strstr(dump_text, what))
		ck_abort_msg("unexpected \"%s\" in:\n%s", what, dump_text);
}

static size_t count(const char *s, const char *what)
{
	size_t n = 0;
	for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

/* Reads in (read_checked): its games are as many as want holds, and the chunk flag dumped as
 * "\nNAME 0/1" is want[g] for game g. */
static void expect_flag(const char *in, const char *name, const unsigned *want, size_t games)
{
	char *d = read_checked(in);
	ck_assert_uint_eq(count(d, "game "), games);
	char label[16];
	snprintf(label, sizeof(label), "\n%s ", name);
	const char *at = d;
	for (size_t g = 0; g < games; g++) {
		at = strstr(at, label);
		ck_assert_ptr_nonnull(at);
		at += strlen(label);
		if ((unsigned)(at[0] - '0') != want[g])
			ck_abort_msg("game %zu: %s %c, want %u", g + 1, name, at[0], want[g]);
	}
	free(d);
}

/* A second file's byte order mark between two games: both games stay whole. */
START_TEST(test_bom_between_games)
{
	const char *in = "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 *\n\n" BOM "[Event \"b\"]\n[White \"W\"]\n"
			 "[Result \"*\"]\n\n1. d4 *\n";
	char *d = read_checked(in);
	ck_assert_uint_eq(count(d, "game "), 2);
	/* the second game starts at its mark (line 6, byte 35); its first tag is at column 1 */
	has(d, "game 1 1:1@0+33 flags 0\n");
	has(d, "game 2 6:1@35+48 flags 4\n");
	has(d, "tag 6:1@38 Event=b\n");
	has(d, "tag 7:1@50 White=W\n");
	has(d, "! encoding 6:1@35\n");
	ck_assert_uint_eq(count(d, "! "), 1);
	free(d);
}
END_TEST

/* A mark on the tag line that ends a game without a result goes with the next game; one inside an
 * open comment leaves the comment's resynchronisation working; marks in a row; a line starting with
 * another character of lead byte EF is a word. */
START_TEST(test_bom_inside_games)
{
	const char *in = "[Event \"a\"]\n\n1. e4 e5\n" BOM "[Event \"b\"]\n\n1. d4 {open\n\n" BOM
			 "[Event \"c\"]\n1. c4 *\n" BOM BOM "  [Event \"d\"]\n1. Nf3\n" BOM "2. g3\n\xEF\xBC\x81 *\n";
	char *d = read_checked(in);
	ck_assert_uint_eq(count(d, "game "), 4);
	const char *b = strstr(in, BOM);
	char want[128];
	/* b: starts at its mark, which game a does not hold */
	snprintf(want, sizeof(want), "game 1 1:1@0+%zu flags 0\n", (size_t)(b - in));
	has(d, want);
	snprintf(want, sizeof(want), "game 2 4:1@%zu+", (size_t)(b - in));
	has(d, want);
	snprintf(want, sizeof(want), "! encoding 4:1@%zu\n", (size_t)(b - in));
	has(d, want);
	snprintf(want, sizeof(want), "tag 4:1@%zu Event=b\n", (size_t)(b - in) + 3);
	has(d, want);
	/* c: cut off b's open comment at its tag; the mark stays in b's comment, and is reported there */
	const char *c = strstr(b + 3, BOM);
	snprintf(want, sizeof(want), "game 3 8:1@%zu+", (size_t)(c - in) + 3);
	has(d, want);
	snprintf(want, sizeof(want), "! encoding 8:1@%zu\n! syntax", (size_t)(c - in));
	has(d, want);
	/* d: two marks, then blanks, then the tag at column 3; a mark inside its movetext; a word */
	const char *e = strstr(c + 3, BOM);
	snprintf(want, sizeof(want), "game 4 10:1@%zu+", (size_t)(e - in));
	has(d, want);
	snprintf(want, sizeof(want), "tag 10:3@%zu Event=d\n", (size_t)(e - in) + 8);
	has(d, want);
	snprintf(want, sizeof(want), "! encoding 10:1@%zu\n! encoding 10:1@%zu\n! encoding 12:1@", (size_t)(e - in),
		(size_t)(e - in) + 3);
	has(d, want);
	has(d, "tok 12:1@104 2 2.\n");
	has(d, " 1 \xEF\xBC\x81\n");
	ck_assert_uint_eq(count(d, "! encoding"), 5);
	free(d);
}
END_TEST

/* A mark followed by more blanks than the reader holds back stays with the game before. */
START_TEST(test_bom_long_blanks)
{
	char *d = read_checked("[Event \"a\"]\n1. e4\n" BOM "                                        "
			       "[Event \"b\"]\n1. d4 *\n");
	has(d, "game 1 1:1@0+61 flags 4\n");
	has(d, "! encoding 3:1@18\ngame 2 3:41@61+");
	has(d, "tag 3:41@61 Event=b\n");
	free(d);
}
END_TEST

/* Marks at the start of the input, at its end after the last game, alone: nothing to report. */
START_TEST(test_bom_dropped_silently)
{
	char *d = read_checked(BOM "[Event \"a\"]\n1. e4 *\n" BOM "\n\n" BOM);
	ck_assert_uint_eq(count(d, "game "), 1);
	has(d, "game 1 1:1@3+19 flags 0\n");
	has_not(d, "! ");
	free(d);
	d = read_checked(BOM);
	ck_assert_str_eq(d, "");
	free(d);
	d = read_checked(BOM BOM "\n");
	ck_assert_str_eq(d, "");
	free(d);
}
END_TEST

/* A game decoded as Windows-1252 (it has a byte invalid in UTF-8) reads its mark as "ï»¿", which
 * the decoder repairs (doubly encoded) to U+FEFF: still treated as absent. */
START_TEST(test_bom_single_byte)
{
	char *d = read_checked("1. e4 *\n" BOM "[Event \"caf\xE9\"]\n1. d4 *\n");
	has(d, "game 2 2:1@8+25 flags 4\n");
	has(d, "tag 2:1@11 Event=caf\xC3\xA9\n");
	has(d, "! encoding 2:1@8\n");
	has_not(d, "! syntax");
	free(d);
}
END_TEST

static const struct {
	const char *in;
	int truncated;
	const char *where; /* of the warning */
} cut_cases[] = {
	{ "[Event \"a\"]\n\n1. e4 e5 2. Nf3", 1, "! truncated 3:16@28\n" },
	{ "[Event \"a\"]\n\n1. e4 e5 2. Nf3  \n\n", 1, "! truncated 3:16@28\n" },
	{ "[Event \"a\"]\n", 1, "! truncated 1:12@11\n" },
	{ "[Event \"a\"]\n1. e4 (1. d4 *", 1, "! truncated 2:15@26\n" },
	{ "[Event \"a\"]\n1. e4 {open", 1, "! truncated 2:12@23\n" },
	{ "[Event \"a\"]\n1. e4\n\n[Event \"b\"]\n1. d4 *", 0, NULL },
	{ "[Event \"a\"]\n\n1. e4 e5 *", 0, NULL },
	{ "[Event \"a\"]\n\n1. e4 e5 1/2-1/2 {agreed}", 0, NULL },
	{ "[Event \"a\"]\n\n1. e4 e5 0-1 {resigned", 0, NULL },
	{ "[Event \"a\"]\n\n1. e4 e5 1-0 ; won\n", 0, NULL },
	{ "1. e4 e5 2. Nf3\n", 0, NULL },
	{ "White: A\nBlack: B\n1. e4 e5\n", 0, NULL },
};

/* A last game with tags and no termination marker is flagged and warned of; nothing else is. */
START_TEST(test_truncated)
{
	char *d = read_checked(cut_cases[_i].in);
	if (cut_cases[_i].truncated) {
		has(d, " flags 2\n");
		has(d, cut_cases[_i].where);
		ck_assert_uint_eq(count(d, "! truncated"), 1);
	} else {
		has_not(d, " flags 2\n");
		has_not(d, "! truncated");
	}
	free(d);
}
END_TEST

/* PGN NAGs are $0 to $255: beyond that a warning, the token kept as written, never clamped. */
/* HAMLE_CHUNK_PLAIN_COMMENTS: set exactly when every byte of every {} comment of the game is
 * printable ASCII, HT, LF or CR, wherever the comment and the byte fall (the splitter takes short
 * comments whole in its 64-byte runs, long ones past them, the rest byte by byte; fed in small
 * steps it reads them all byte by byte: read_checked compares). Bytes outside comments (a tag
 * value, a ';' comment) do not count. */
START_TEST(test_plain_comments)
{
	static const struct { const char *bytes; unsigned plain; } odd[] = {
		{ "", 1 }, { "\t", 1 }, { "\n", 1 }, { "[x", 1 }, { "\xc3\xa9", 0 }, { "\x01", 0 },
		{ "\x7f", 0 }, { "\x1b", 0 }, { "\xa0", 0 }, { "~", 1 }, { "~~~\x7e~", 1 },
	};
	const size_t nodd = sizeof(odd) / sizeof(odd[0]);
	char *in = malloc(1 << 20);
	size_t len = 0, games = 0;
	unsigned want[1024];
	for (size_t o = 0; o < nodd; o++) {
		for (size_t pad = 0; pad < 90; pad += 3) {
			for (int where = 0; where < 3; where++) {
				/* where 0: in a short comment after the pad; 1: late in a long comment; 2: in
				 * a comment after the result */
				char p1[128], p2[128];
				memset(p1, 'a', pad);
				p1[pad] = '\0';
				memset(p2, 'b', 80);
				p2[where == 1 ? 80 : 0] = '\0';
				len += (size_t)sprintf(in + len,
					"[Event \"%s\"]\n[White \"\xc3\xa9\"]\n[Result \"*\"]\n\n1. e4 {%s} e5\n"
					"2. Nf3 {x%s%s%sy} Nc6 {[%%clk 0:01:00]} 3. Bb5 * %s%s%s\n\n",
					p1, p1, where != 2 ? p2 : "", where != 2 ? odd[o].bytes : "", p2,
					where == 2 ? "{" : "", where == 2 ? odd[o].bytes : "", where == 2 ? "}" : "");
				want[games++] = odd[o].plain;
			}
		}
	}
	len += (size_t)sprintf(in + len, "[Event \"x\"]\n\n1. e4 ; \x01\xff\n{\n[a\n\n[%%clk]} e5 *\n\n");
	want[games++] = 1;
	ck_assert_uint_lt(games, sizeof(want) / sizeof(want[0]));
	in[len] = '\0';
	expect_flag(in, "plain", want, games);
	free(in);
}
END_TEST

/* HAMLE_CHUNK_ASCII: set exactly when every byte of the game is printable ASCII or a blank or line
 * end (HT, LF, VT, FF, CR), wherever the byte falls: a tag's name or value (in the splitter's fast
 * path or, over a line end, its states), a word, a short or long comment, a ';' comment, a comment
 * after the result; fed in small steps the same (read_checked). In a {} comment VT and FF leave it
 * clear too, as they do HAMLE_CHUNK_PLAIN_COMMENTS (the decoder then looks at the game). */
START_TEST(test_ascii_chunks)
{
	static const struct { const char *bytes; unsigned ascii, in_comment; } odd[] = {
		{ "", 1, 1 }, { "\t", 1, 1 }, { "\v", 1, 0 }, { "\f", 1, 0 }, { "\xc3\xa9", 0, 0 },
		{ "\x01", 0, 0 }, { "\x7f", 0, 0 }, { "\x1b", 0, 0 }, { "\xa0", 0, 0 }, { "\x08", 0, 0 },
		{ "\x0e", 0, 0 }, { "\x1f", 0, 0 }, { "~", 1, 1 },
	};
	enum { PLACES = 8 };
	const size_t nodd = sizeof(odd) / sizeof(odd[0]);
	char *in = malloc(1 << 20);
	size_t len = 0, games = 0;
	unsigned want[2048];
	for (size_t o = 0; o < nodd; o++) {
		for (size_t pad = 0; pad < 70; pad += 5) {
			for (int w = 0; w < PLACES; w++) {
				const char *x[PLACES];
				for (int k = 0; k < PLACES; k++)
					x[k] = k == w ? odd[o].bytes : "";
				char p1[128], p2[128];
				memset(p1, 'a', pad);
				p1[pad] = '\0';
				memset(p2, 'b', 80);
				p2[80] = '\0';
				len += (size_t)sprintf(in + len,
					"[Event \"%s%s\"]\n[Si%ste \"x\"]\n[Round\n\"%s\"]\n[Result \"*\"]\n\n"
					"1. e4 {%s%s} e5\n2. Nf3%sa {x%s%s%sy} Nc6 ; c%s\n3. Bb5 * {%s}\n\n",
					p1, x[0], x[1], x[2], p1, x[3], x[4], p2, x[5], p2, x[6], x[7]);
				/* x[3], x[5] and x[7] are in {} comments */
				want[games++] = w == 3 || w == 5 || w == 7 ? odd[o].in_comment : odd[o].ascii;
			}
		}
	}
	ck_assert_uint_lt(games, sizeof(want) / sizeof(want[0]));
	in[len] = '\0';
	expect_flag(in, "ascii", want, games);
	free(in);
}
END_TEST

START_TEST(test_nag_range)
{
	const char *in = "1. e4 $0 $255 $256 e5 $999999999999 $0007 *";
	hamle_reader *r;
	ck_assert_int_eq(hamle_reader_new(&r, NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_set_input_buffer(r, in, strlen(in), "t"), HAMLE_OK);
	hamle_game *g = NULL;
	ck_assert_int_eq(hamle_reader_next(r, &g), HAMLE_OK);
	const hamle_token *t = hamle_game_tokens(g);
	ck_assert_uint_eq(hamle_game_token_count(g), 9);
	static const struct { size_t i; const char *text; unsigned value, flags; } nags[] = {
		{ 2, "$0", 0, 0 }, { 3, "$255", 255, 0 }, { 4, "$256", 0, HAMLE_TOKEN_OUT_OF_RANGE },
		{ 6, "$999999999999", 0, HAMLE_TOKEN_OUT_OF_RANGE }, { 7, "$0007", 7, 0 },
	};
	for (size_t k = 0; k < sizeof(nags) / sizeof(nags[0]); k++) {
		const hamle_token *n = &t[nags[k].i];
		ck_assert_uint_eq(n->kind, HAMLE_TOKEN_NAG);
		ck_assert_uint_eq(n->len, strlen(nags[k].text));
		ck_assert(memcmp(n->text, nags[k].text, n->len) == 0);
		ck_assert_uint_eq(n->value, nags[k].value);
		ck_assert_uint_eq(n->flags & HAMLE_TOKEN_OUT_OF_RANGE, nags[k].flags);
	}
	ck_assert_uint_eq(hamle_game_error_count(g), 0);
	ck_assert_uint_eq(hamle_game_finding_count(g), 2);
	const hamle_finding *f = hamle_game_finding_at(g, 0);
	ck_assert_str_eq(f->id, "bad-nag");
	ck_assert_int_eq(f->severity, HAMLE_SEVERITY_WARNING);
	ck_assert_uint_eq(f->error.column, 15);
	ck_assert_str_eq(f->error.token, "$256");
	f = hamle_game_finding_at(g, 1);
	ck_assert_str_eq(f->id, "bad-nag");
	ck_assert_uint_eq(f->error.offset, 22);
	ck_assert_str_eq(f->error.token, "$999999999999");
	hamle_game_free(g);
	hamle_reader_free(r);
}
END_TEST

Suite *pgn_edges_suite(void)
{
	Suite *s = suite_create("pgn_edges");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_bom_between_games);
	tcase_add_test(tc, test_bom_inside_games);
	tcase_add_test(tc, test_bom_long_blanks);
	tcase_add_test(tc, test_bom_dropped_silently);
	tcase_add_test(tc, test_bom_single_byte);
	tcase_add_loop_test(tc, test_truncated, 0, (int)(sizeof(cut_cases) / sizeof(cut_cases[0])));
	tcase_add_test(tc, test_nag_range);
	tcase_add_test(tc, test_plain_comments);
	tcase_add_test(tc, test_ascii_chunks);
	suite_add_tcase(s, tc);
	return s;
}
