/* check_pgn_reader.c: game splitting, streaming inputs, hostile inputs, golden token dumps and (with
 * HAMLE_PGN_CORPUS=1, from tests/corpus/pgn_reader.sh) every file of ../shared/corpus/{edge,lang}. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hamle/pgn.h"
#include "pgn/reader_internal.h"
#include "suites_decl.h"
#include "testutil.h"

typedef struct {
	size_t games, errors, with_event, max_raw;
	size_t first_tokens;
	char first_error[64];
	hamle_result last_result;
} stats;

/* Reads everything from a configured reader. */
static void drain(hamle_reader *r, stats *st)
{
	memset(st, 0, sizeof(*st));
	hamle_game *g = NULL;
	int rc;
	while ((rc = hamle_reader_next_reuse(r, &g)) == HAMLE_OK) {
		st->games++;
		if (hamle_game_error_count(g)) {
			st->errors++;
			if (!st->first_error[0])
				snprintf(st->first_error, sizeof(st->first_error), "%zu:%s", hamle_game_index(g),
					hamle_game_finding_at(g, 0) ? hamle_game_finding_at(g, 0)->id : "?");
		}
		if (hamle_game_tag(g, "Event"))
			st->with_event++;
		size_t raw;
		hamle_game_raw(g, &raw);
		if (raw > st->max_raw)
			st->max_raw = raw;
		if (st->games == 1)
			st->first_tokens = hamle_game_token_count(g);
		st->last_result = hamle_game_result(g);
	}
	ck_assert_int_eq(rc, HAMLE_ITEROVER);
	hamle_game_free(g);
}

static void read_buffer(const char *text, size_t len, const hamle_reader_options *o, stats *st)
{
	hamle_reader *r;
	ck_assert_int_eq(hamle_reader_new(&r, o), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_set_input_buffer(r, text, len, "t"), HAMLE_OK);
	drain(r, st);
	hamle_reader_free(r);
}

START_TEST(test_split_without_tags)
{
	stats st;
	const char *in = "1. e4 e5 1-0\n\n1. d4 d5 *\n\n1. c4 0-1 {after} ; more\n1. Nf3 1/2-1/2";
	read_buffer(in, strlen(in), NULL, &st);
	ck_assert_uint_eq(st.games, 4);
	ck_assert_uint_eq(st.errors, 0);
	ck_assert_int_eq(st.last_result, HAMLE_RESULT_DRAW);
}
END_TEST

/* A NAG's digits are no word: "$1-0" is the NAG $1 and "-0" (as the lexer reads it), not a
 * termination marker that ends the game (a failed game written back read as two games: found by
 * fuzz.replay.explore); a NAG before a marker still lets the marker end the game. */
START_TEST(test_split_nag_digits)
{
	stats st;
	const char *in = "[Event \"a\"]\n\n1. e4 $1-0 e5 *\n[Event \"b\"]\n\n1. d4 $14 1-0\n1. c4 *";
	read_buffer(in, strlen(in), NULL, &st);
	ck_assert_uint_eq(st.games, 3);
	/* a block's end between '$' and its digits, or inside them */
	for (size_t step = 1; step < 8; step++) {
		tu_feeder fd = {in, strlen(in), 0, step};
		hamle_reader *r = NULL;
		ck_assert_int_eq(hamle_reader_new(&r, NULL), HAMLE_OK);
		hamle_reader_set_input(r, tu_feed, &fd, "t");
		hamle_chunk ch;
		size_t games = 0;
		while (hamle_reader_next_chunk(r, &ch) == HAMLE_OK)
			games++;
		ck_assert_uint_eq(games, 3);
		hamle_reader_free(r);
	}
}
END_TEST

/* Neither tags nor results: a blank line and "1." start the next game; a blank line inside a game
 * (ChessBase) or before its first move (after a comment) does not. Long lines take the SIMD path. */
START_TEST(test_split_blank_line_move_one)
{
	stats st;
	const char *in = "{intro}\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6\n\n"
		"8. c3 O-O\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6\r\n\r\n"
		"1) c4 e5\n\n12. Nf3\n";
	read_buffer(in, strlen(in), NULL, &st);
	ck_assert_uint_eq(st.games, 3);
	ck_assert_uint_eq(st.errors, 0);
	ck_assert_uint_eq(st.first_tokens, 25);
}
END_TEST

START_TEST(test_split_tags)
{
	stats st;
	const char *in = "[Event \"a\"]\n\n[Site \"b\"]\n\n1. e4\n\ne5\n[Event \"c\"]\n1. d4 *\n"
			 "[Event \"d\"] 1. c4 *";
	read_buffer(in, strlen(in), NULL, &st);
	ck_assert_uint_eq(st.games, 3);
	ck_assert_uint_eq(st.with_event, 3);
	ck_assert_uint_eq(st.first_tokens, 3);
}
END_TEST

static char *dump_all(hamle_reader *r)
{
	size_t cap = 1 << 16, n = 0;
	char *out = malloc(cap);
	out[0] = '\0';
	hamle_game *g = NULL;
	while (hamle_reader_next_reuse(r, &g) == HAMLE_OK) {
		for (size_t i = 0; i < hamle_game_tag_count(g); i++) {
			const hamle_tag *tg = hamle_game_tag_at(g, i);
			if (n + tg->value_len + strlen(tg->name) + 100 > cap)
				out = realloc(out, cap = 2 * cap + tg->value_len);
			n += (size_t)sprintf(out + n, "%zu %zu:%zu@%zu [%s \"%s\"]\n", hamle_game_index(g), tg->line,
				tg->column, tg->offset, tg->name, tg->value);
		}
		const hamle_token *t = hamle_game_tokens(g);
		for (size_t i = 0; i < hamle_game_token_count(g); i++) {
			if (n + t[i].len + 100 > cap)
				out = realloc(out, cap *= 2);
			n += (size_t)sprintf(out + n, "%zu %zu:%zu@%zu %u %.*s\n", hamle_game_index(g), t[i].line,
				t[i].column, t[i].offset, t[i].kind, (int)t[i].len, t[i].text);
		}
		for (size_t i = 0; i < hamle_game_finding_count(g); i++) {
			const hamle_finding *f = hamle_game_finding_at(g, i);
			if (n + 400 > cap)
				out = realloc(out, cap *= 2);
			n += (size_t)sprintf(out + n, "! %s %zu:%zu@%zu %s\n", f->id, f->error.line, f->error.column,
				f->error.offset, f->error.message);
		}
	}
	hamle_game_free(g);
	return out;
}

/* The same text read at once, one byte at a time and through a FILE gives identical tokens. */
START_TEST(test_streaming_equivalence)
{
	const char *in = "\xEF\xBB\xBF[Event \"x\"]\r\n\r\n1. e4 {c\r\n\r\n[%clk 1]} e5 1-0\r\n\r\n"
			 "[Event \"y\"]\r\n1. d4 {open\r\n\r\n[Event \"z\"]\r\n1. c4 *\r\n";
	hamle_reader *r;
	hamle_reader_new(&r, NULL);
	hamle_reader_set_input_buffer(r, in, strlen(in), "t");
	char *a = dump_all(r);
	hamle_reader_free(r);
	if (getenv("PGN_DEBUG"))
		fputs(a, stderr);
	for (size_t step = 1; step <= 7; step += 3) {
		tu_feeder f = { in, strlen(in), 0, step };
		hamle_reader_new(&r, NULL);
		hamle_reader_set_input(r, tu_feed, &f, "t");
		char *b = dump_all(r);
		hamle_reader_free(r);
		ck_assert_str_eq(a, b);
		free(b);
	}
	FILE *fp = tmpfile();
	fwrite(in, 1, strlen(in), fp);
	rewind(fp);
	hamle_reader_new(&r, NULL);
	hamle_reader_set_input_file(r, fp, "t");
	char *c = dump_all(r);
	hamle_reader_free(r);
	fclose(fp);
	ck_assert_str_eq(a, c);
	/* BOM dropped: the first tag is at column 1, byte 3; [%clk after a blank line stays in the comment */
	ck_assert_ptr_nonnull(strstr(a, "1 3:7@24 3 c\r\n\r\n[%clk 1]"));
	ck_assert_ptr_nonnull(strstr(a, "! syntax 8:7@69 unterminated comment"));
	ck_assert_ptr_nonnull(strstr(a, "3 11:1@91 2 1."));
	free(a);
	free(c);
}
END_TEST

/* The done offsets a mapped reader gave (map_seen), most recent last. */
typedef struct {
	size_t last, calls;
} map_seen;

static void map_done_rec(void *payload, size_t offset)
{
	map_seen *m = payload;
	ck_assert_uint_ge(offset, m->last); /* never backwards */
	m->last = offset;
	m->calls++;
}

/* A mapped input split a slice at a time gives what the whole buffer gives, wherever the slices
 * end (in a tag, a comment, a CR LF, a byte order mark, "1." of an untagged game), and its chunks
 * are the buffer's own bytes, never before the last offset the reader said it was done with. */
START_TEST(test_mapped_equivalence)
{
	const char *in = "\xEF\xBB\xBF[Event \"x\"]\r\n\r\n1. e4 {c\r\n\r\n[%clk 1]} e5 1-0\r\n\r\n"
			 "[Event \"y\"]\r\n1. d4 {open\r\n\r\n[Event \"z\"]\r\n1. c4 *\r\n"
			 "\xEF\xBB\xBF[Event \"w\"]\n1. e4 e5 {a comment long enough to run past one window of sixty-four"
			 " bytes, plain} 2. Nf3 Nc6 1/2-1/2\n\n{intro}\n\n1. e4 e5 2. Nf3 Nc6\n\n1. d4 d5\r\n\r\n"
			 "1) c4 e5\n\n[Event \"v\"] 1. c4 ; line\n% escape\n*\n\xEF\xBB\xBF  \n[Event \"u\"]\n1. g3 *";
	size_t len = strlen(in);
	hamle_reader *r;
	hamle_reader_new(&r, NULL);
	hamle_reader_set_input_buffer(r, in, len, "t");
	char *a = dump_all(r);
	hamle_reader_free(r);
	size_t slices[] = { 3, 4, 5, 7, 11, 16, 29, 64, 65, 100, 4096 };
	for (size_t k = 0; k < sizeof(slices) / sizeof(slices[0]); k++) {
		map_seen seen = { 0, 0 };
		hamle_reader_new(&r, NULL);
		ck_assert_int_eq(hamle_reader_set_input_mapped(r, in, len, map_done_rec, &seen, "t"), HAMLE_OK);
		r->map_slice = slices[k];
		char *b = dump_all(r);
		hamle_reader_free(r);
		ck_assert_str_eq(a, b);
		free(b);
		seen.last = seen.calls = 0;
		hamle_reader_new(&r, NULL);
		hamle_reader_set_input_mapped(r, in, len, map_done_rec, &seen, "t");
		r->map_slice = slices[k];
		hamle_chunk ch;
		size_t inside = 0, games = 0;
		while (hamle_reader_next_chunk(r, &ch) == HAMLE_OK) {
			games++;
			const unsigned char *base = (const unsigned char *)in;
			if (ch.data >= base && ch.data < base + len) {
				inside++;
				ck_assert_uint_eq((size_t)(ch.data - base), ch.offset);
				ck_assert_uint_ge(ch.offset, seen.last);
			}
		}
		hamle_reader_free(r);
		ck_assert_uint_ge(inside + 2, games); /* a mark held back, a carried '[': copies */
		ck_assert_uint_gt(seen.calls, 0);
	}
	free(a);
}
END_TEST

/* Generator: prefix, then `count` copies of `unit`, then suffix, fed in 64 KiB blocks. */
typedef struct {
	const char *prefix, *unit, *suffix;
	size_t count, i, pos; /* pos within the current piece */
	int part;             /* 0 prefix, 1 units, 2 suffix, 3 done */
} gen;

static int gen_read(void *payload, unsigned char *buf, size_t size, size_t *got)
{
	gen *g = payload;
	size_t n = 0;
	while (n < size && g->part < 3) {
		const char *piece = g->part == 0 ? g->prefix : g->part == 1 ? g->unit : g->suffix;
		size_t plen = strlen(piece);
		size_t k = plen - g->pos < size - n ? plen - g->pos : size - n;
		memcpy(buf + n, piece + g->pos, k);
		n += k;
		g->pos += k;
		if (g->pos == plen) {
			g->pos = 0;
			if (g->part == 1 && ++g->i < g->count)
				continue;
			g->part++;
			if (g->part == 1 && g->count == 0)
				g->part++;
		}
	}
	*got = n;
	return 0;
}

static void read_gen(gen *g, stats *st)
{
	hamle_reader *r;
	ck_assert_int_eq(hamle_reader_new(&r, NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_set_input(r, gen_read, g, "gen"), HAMLE_OK);
	drain(r, st);
	hamle_reader_free(r);
}

START_TEST(test_hostile_nesting)
{
	size_t n = 1000000;
	char *in = malloc(n + 64);
	strcpy(in, "[Event \"deep\"]\n1. e4 ");
	size_t k = strlen(in);
	memset(in + k, '(', n);
	strcpy(in + k + n, " e5 *\n\n[Event \"next\"]\n1. d4 *\n");
	stats st;
	read_buffer(in, strlen(in), NULL, &st);
	ck_assert_uint_eq(st.games, 2);
	ck_assert_uint_eq(st.errors, 1);
	ck_assert_str_eq(st.first_error, "1:limit");
	free(in);
}
END_TEST

START_TEST(test_hostile_comment)
{
	gen g = { "[Event \"a\"]\n1. e4 {", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", "} e5 *\n\n[Event \"b\"]\n1. d4 *\n",
		60u << 20 >> 6, 0, 0, 0 };
	stats st;
	read_gen(&g, &st);
	ck_assert_uint_eq(st.games, 2);
	ck_assert_uint_eq(st.errors, 1);
	ck_assert_str_eq(st.first_error, "1:limit");
	ck_assert_uint_le(st.max_raw, HAMLE_DEFAULT_MAX_GAME_BYTES);
}
END_TEST

START_TEST(test_hostile_tag)
{
	gen g = { "[Event \"", "vvvvvvvvvvvvvvvv", "\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 *\n", 20u << 20 >> 4, 0, 0, 0 };
	stats st;
	read_gen(&g, &st);
	ck_assert_uint_eq(st.games, 2);
	ck_assert_uint_eq(st.errors, 1);
	ck_assert_str_eq(st.first_error, "1:limit");
	/* a value over the tag limit but inside the game limit */
	gen h = { "[Event \"", "vvvvvvvvvvvvvvvv", "\"]\n1. e4 *\n", 100000 / 16, 0, 0, 0 };
	read_gen(&h, &st);
	ck_assert_uint_eq(st.games, 1);
	ck_assert_str_eq(st.first_error, "1:limit");
}
END_TEST

START_TEST(test_hostile_unterminated)
{
	gen g = { "[Event \"broken\"]\n1. e4 {never closed\n\n", "[Event \"g\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 1-0\n\n",
		"", 20000, 0, 0, 0 };
	stats st;
	read_gen(&g, &st);
	ck_assert_uint_eq(st.games, 20001);
	ck_assert_uint_eq(st.errors, 1);
	ck_assert_str_eq(st.first_error, "1:syntax");
	ck_assert_uint_eq(st.with_event, 20001);
}
END_TEST

START_TEST(test_hostile_random)
{
	size_t n = 20u << 20;
	char *in = malloc(n);
	unsigned long long x = 88172645463325252ULL;
	for (size_t i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		in[i] = (char)(x >> 32);
	}
	stats st;
	read_buffer(in, n, NULL, &st);
	ck_assert_uint_ge(st.games, 1);
	ck_assert_uint_ge(st.errors, 1);
	ck_assert_uint_le(st.max_raw, HAMLE_DEFAULT_MAX_GAME_BYTES);
	free(in);
}
END_TEST

/* Golden: testdata/pgn/golden/NAME.pgn against NAME.tokens (UPDATE_GOLDEN=1 rewrites). */
static const char *golden[] = { "chessbase-empty-line", "utf8-bom", "pathological-headers",
	"headers-and-moves-on-the-same-line", "import-forms", "unterminated" };

START_TEST(test_golden)
{
	char path[1024], exp_path[1024], rel[256];
	snprintf(rel, sizeof(rel), "pgn/golden/%s.pgn", golden[_i]);
	tu_testdata(path, sizeof(path), rel);
	snprintf(rel, sizeof(rel), "pgn/golden/%s.tokens", golden[_i]);
	tu_testdata(exp_path, sizeof(exp_path), rel);
	FILE *f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	hamle_reader *r;
	hamle_reader_new(&r, NULL);
	hamle_reader_set_input_file(r, f, golden[_i]);
	char *got = dump_all(r);
	hamle_reader_free(r);
	fclose(f);
	if (getenv("UPDATE_GOLDEN")) {
		FILE *o = fopen(exp_path, "wb");
		fputs(got, o);
		fclose(o);
	}
	char *want = tu_read_file(exp_path, NULL);
	ck_assert_ptr_nonnull(want);
	ck_assert_str_eq(got, want);
	free(got);
	free(want);
}
END_TEST

/* ---- corpus (only from tests/corpus/pgn_reader.sh) ---- */
static size_t count_event_lines(const char *data, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i + 7 <= len; i++)
		if ((i == 0 || data[i - 1] == '\n') && memcmp(data + i, "[Event ", 7) == 0)
			n++;
	return n;
}

static void corpus_dir(const char *dir, size_t *files)
{
	/* iterative walk with an explicit stack of paths */
	char *stack[256];
	size_t sp = 0;
	stack[sp++] = strdup(dir);
	while (sp) {
		char *d = stack[--sp];
		DIR *dh = opendir(d);
		ck_assert_ptr_nonnull(dh);
		struct dirent *e;
		while ((e = readdir(dh))) {
			if (e->d_name[0] == '.')
				continue;
			char p[2048];
			snprintf(p, sizeof(p), "%s/%s", d, e->d_name);
			struct stat sb;
			if (stat(p, &sb) != 0)
				continue;
			if (S_ISDIR(sb.st_mode)) {
				ck_assert_uint_lt(sp, 256);
				stack[sp++] = strdup(p);
				continue;
			}
			size_t len;
			char *data = tu_read_file(p, &len);
			ck_assert_ptr_nonnull(data);
			stats st;
			read_buffer(data, len, NULL, &st);
			size_t ev = count_event_lines(data, len);
			/* a BOM hides the first "[Event " from grep; the reader drops it */
			if (len >= 3 && memcmp(data, "\xEF\xBB\xBF[Event ", 10) == 0)
				ev++;
			size_t nl = strlen(p);
			int is_pgn = nl > 4 && strcmp(p + nl - 4, ".pgn") == 0;
			if (is_pgn && st.with_event != ev)
				ck_abort_msg("%s: %zu games with Event, %zu '[Event ' lines", p, st.with_event, ev);
			printf("%s: %zu games (%zu with reader errors)\n", p, st.games, st.errors);
			(*files)++;
			free(data);
		}
		closedir(dh);
		free(d);
	}
}

START_TEST(test_corpus)
{
	char a[1024], b[1024];
	ck_assert_ptr_nonnull(tu_shared(a, sizeof(a), "corpus/edge"));
	tu_shared(b, sizeof(b), "corpus/lang");
	size_t files = 0;
	corpus_dir(a, &files);
	corpus_dir(b, &files);
	ck_assert_uint_gt(files, 100);
}
END_TEST

Suite *pgn_reader_suite(void)
{
	Suite *s = suite_create("pgn_reader");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_split_without_tags);
	tcase_add_test(tc, test_split_blank_line_move_one);
	tcase_add_test(tc, test_split_nag_digits);
	tcase_add_test(tc, test_split_tags);
	tcase_add_test(tc, test_streaming_equivalence);
	tcase_add_test(tc, test_mapped_equivalence);
	tcase_add_loop_test(tc, test_golden, 0, (int)(sizeof(golden) / sizeof(golden[0])));
	suite_add_tcase(s, tc);
	TCase *th = tcase_create("hostile");
	tcase_set_timeout(th, 60);
	tcase_add_test(th, test_hostile_nesting);
	tcase_add_test(th, test_hostile_comment);
	tcase_add_test(th, test_hostile_tag);
	tcase_add_test(th, test_hostile_unterminated);
	tcase_add_test(th, test_hostile_random);
	suite_add_tcase(s, th);
	if (getenv("HAMLE_PGN_CORPUS")) {
		TCase *tcc = tcase_create("corpus");
		tcase_set_timeout(tcc, 300);
		tcase_add_test(tcc, test_corpus);
		suite_add_tcase(s, tcc);
	}
	return s;
}
