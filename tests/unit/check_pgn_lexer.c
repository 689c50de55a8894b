/* check_pgn_lexer.c: tokens of small games, with exact kinds, texts and positions. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/locale.h"
#include "hamle/pgn.h"
#include "suites_decl.h"

typedef struct {
	hamle_reader *r;
	hamle_game *g;
} one;

/* Reads the first game of text (with options o, may be NULL). */
static hamle_game *read1(one *x, const char *text, const hamle_reader_options *o)
{
	ck_assert_int_eq(hamle_reader_new(&x->r, o), HAMLE_OK);
	ck_assert_int_eq(hamle_reader_set_input_buffer(x->r, text, strlen(text), "t.pgn"), HAMLE_OK);
	x->g = NULL;
	ck_assert_int_eq(hamle_reader_next(x->r, &x->g), HAMLE_OK);
	return x->g;
}

static void done(one *x)
{
	hamle_game_free(x->g);
	hamle_reader_free(x->r);
}

/* "KIND:text" for every token, space separated. */
static void token_dump(const hamle_game *g, char *buf, size_t size)
{
	static const char *kn[] = { "?", "M", "N", "C", "G", "(", ")", "D", "E", "R" };
	size_t n = 0;
	buf[0] = '\0';
	const hamle_token *t = hamle_game_tokens(g);
	for (size_t i = 0; i < hamle_game_token_count(g) && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s:%.*s", i ? " " : "", kn[t[i].kind], (int)t[i].len, t[i].text);
}

static const struct {
	const char *input, *tokens;
} token_cases[] = {
	{ "1. e4 e5 2. Nf3 *", "N:1. M:e4 M:e5 N:2. M:Nf3 R:*" },
	{ "1.e4 e5 2.Af3 1-0", "N:1. M:e4 M:e5 N:2. M:Af3 R:1-0" },
	{ "1...Nf6 2... c5 3\xE2\x80\xA6 d6 *", "N:1... M:Nf6 N:2... M:c5 N:3\xE2\x80\xA6 M:d6 R:*" },
	{ "9 Nbd2 Nc6 10) Qe2 0-0-0 1/2-1/2", "N:9 M:Nbd2 M:Nc6 N:10) M:Qe2 M:0-0-0 R:1/2-1/2" },
	{ "1. e4 ... e5 \xC2\xBD-\xC2\xBD", "N:1. M:e4 M:e5 R:\xC2\xBD-\xC2\xBD" },
	{ "1. e4!? e5?? $14 Nf3 \xC2\xB1 0:1", "N:1. M:e4 G:!? M:e5 G:?? G:$14 M:Nf3 G:\xC2\xB1 R:0:1" },
	{ "1. e4 (1. d4 d5 (1... Nf6)) e5 1:0", "N:1. M:e4 (:( N:1. M:d4 M:d5 (:( N:1... M:Nf6 ):) ):) M:e5 R:1:0" },
	{ "12. d8(Q) Nf3(=) 13. Sg1 (=) 0,5-0,5", "N:12. M:d8(Q) M:Nf3 D:(=) N:13. M:Sg1 D:(=) R:0,5-0,5" },
	{ "5. exd6 e.p. Kxd6 6. axb6e.p. *", "N:5. M:exd6 e.p. M:Kxd6 N:6. M:axb6e.p. R:*" },
	{ "1. -- Z0 2. e4 {a (b} ; c }\n e5 1\xE2\x80\x93" "0", "N:1. M:-- M:Z0 N:2. M:e4 C:a (b C: c } M:e5 R:1\xE2\x80\x93" "0" },
	{ "1. e4\n%private stuff\ne5 2. Kc8. mat. 0\xE2\x80\x94" "1", "N:1. M:e4 E:private stuff M:e5 N:2. M:Kc8 M:mat R:0\xE2\x80\x94" "1" },
	{ "1. \xC5\x9E" "e2 \xE2\x99\x98" "f3 2. V:d8 Fxf7+ *", "N:1. M:\xC5\x9E" "e2 M:\xE2\x99\x98" "f3 N:2. M:V:d8 M:Fxf7+ R:*" },
	/* marks apart from their move, after a blank or wrapped onto the next line, belong to it */
	{ "14. exd6\ne.p. Kd7 15. Qh5\n+ g6 16. Qxe8\r\n# *",
	  "N:14. M:exd6\ne.p. M:Kd7 N:15. M:Qh5\n+ M:g6 N:16. M:Qxe8\r\n# R:*" },
	{ "3. exd6 e.p. ++ Kd7 4. Nf3 +\n+ *", "N:3. M:exd6 e.p. ++ M:Kd7 N:4. M:Nf3 +\n+ R:*" },
	{ "1. + e4 {c} # *", "N:1. M:+ M:e4 C:c M:# R:*" }, /* no move before them: not marks */
	/* the draw offer with blanks inside; a lone "=" after a move in a game without tags */
	{ "11. Kb1 ( = ) Re8 (\n=\n) 12. a3 (=\t) *", "N:11. M:Kb1 D:( = ) M:Re8 D:(\n=\n) N:12. M:a3 D:(=\t) R:*" },
	{ "6. Nf3 = h6 7. e4! = exd6 e.p. = *", "N:6. M:Nf3 D:= M:h6 N:7. M:e4 G:! D:= M:exd6 e.p. D:= R:*" },
	{ "1. e4 ( = e5) (e5 =) *", "N:1. M:e4 (:( G:= M:e5 ):) (:( M:e5 D:= ):) R:*" },
};

START_TEST(test_tokens)
{
	one x;
	hamle_game *g = read1(&x, token_cases[_i].input, NULL);
	char buf[512];
	token_dump(g, buf, sizeof(buf));
	ck_assert_str_eq(buf, token_cases[_i].tokens);
	ck_assert_uint_eq(hamle_game_error_count(g), 0);
	done(&x);
}
END_TEST

START_TEST(test_token_fields)
{
	one x;
	/* line 1: tags; line 2 starts with a two-byte letter so columns and offsets differ */
	const char *in = "[White \"\xC5\x9E" "ahin\"]\r\n\xC5\x9E" "e2 {x}\r\n3... d5 (e4 $1) 1-0";
	hamle_game *g = read1(&x, in, NULL);
	ck_assert_str_eq(hamle_game_tag(g, "White"), "\xC5\x9E" "ahin");
	const hamle_tag *tag = hamle_game_tag_at(g, 0);
	ck_assert_uint_eq(tag->line, 1);
	ck_assert_uint_eq(tag->column, 1);
	ck_assert_uint_eq(tag->offset, 0);
	const hamle_token *t = hamle_game_tokens(g);
	ck_assert_uint_eq(hamle_game_token_count(g), 9);
	/* Şe2 at line 2, col 1, byte 18 */
	ck_assert_uint_eq(t[0].kind, HAMLE_TOKEN_MOVE);
	ck_assert_uint_eq(t[0].line, 2);
	ck_assert_uint_eq(t[0].column, 1);
	ck_assert_uint_eq(t[0].offset, 18);
	ck_assert_uint_eq(t[0].value, 4);
	/* {x}: column 5 (Ş is one character), byte 23 */
	ck_assert_uint_eq(t[1].kind, HAMLE_TOKEN_COMMENT);
	ck_assert_uint_eq(t[1].column, 5);
	ck_assert_uint_eq(t[1].offset, 23);
	ck_assert_uint_eq(t[1].len, 1);
	ck_assert_uint_eq(t[2].kind, HAMLE_TOKEN_MOVE_NUMBER);
	ck_assert_uint_eq(t[2].line, 3);
	ck_assert_uint_eq(t[2].value, 3);
	ck_assert_uint_eq(t[2].flags & HAMLE_TOKEN_BLACK, HAMLE_TOKEN_BLACK);
	ck_assert_uint_eq(t[2].offset, 28);
	ck_assert_uint_eq(t[4].kind, HAMLE_TOKEN_VAR_START);
	ck_assert_uint_eq(t[4].depth, 1);
	ck_assert_uint_eq(t[4].column, 9);
	ck_assert_uint_eq(t[5].depth, 1);
	ck_assert_uint_eq(t[6].kind, HAMLE_TOKEN_NAG);
	ck_assert_uint_eq(t[6].value, 1);
	ck_assert_uint_eq(t[7].kind, HAMLE_TOKEN_VAR_END);
	ck_assert_uint_eq(t[8].kind, HAMLE_TOKEN_RESULT);
	ck_assert_uint_eq(t[8].value, HAMLE_RESULT_WHITE);
	ck_assert_uint_eq(t[8].depth, 0);
	ck_assert_uint_eq(t[8].column, 17);
	ck_assert_int_eq(hamle_game_result(g), HAMLE_RESULT_WHITE);
	/* the rest of the movetext from a token on is verbatim text */
	size_t len;
	const char *text = hamle_game_text(g, &len);
	ck_assert_str_eq(t[2].text, "3... d5 (e4 $1) 1-0");
	ck_assert_uint_eq((size_t)(t[2].text - text), 28);
	done(&x);
}
END_TEST

START_TEST(test_cr_lines)
{
	one x;
	hamle_game *g = read1(&x, "1. e4\re5\r\r2. Nf3 *", NULL);
	const hamle_token *t = hamle_game_tokens(g);
	ck_assert_uint_eq(t[2].line, 2);
	ck_assert_uint_eq(t[2].column, 1);
	ck_assert_uint_eq(t[3].line, 4);
	ck_assert_uint_eq(t[3].offset, 10);
	done(&x);
}
END_TEST

/* Line ends inside a comment (read 16 bytes at a time): LF, CR LF (also split across two of those
 * blocks) and CR, at every place of a 40-byte comment, one or two of them: the move after the
 * comment has its line and column as counted by hand. */
START_TEST(test_comment_lines)
{
	static const char *const ends[] = {"\n", "\r\n", "\r"};
	for (size_t e = 0; e < 3; e++)
		for (size_t p = 0; p <= 40; p++)
			for (size_t two = 0; two < 2; two++) {
				char c[64], text[160];
				size_t n = 0, q = two ? p / 2 : 41; /* a second line end at q (before p) */
				for (size_t k = 0; k <= 40; k++) {
					if (k == q && q < p)
						n += (size_t)snprintf(c + n, sizeof(c) - n, "%s", ends[(e + 1) % 3]);
					if (k == p)
						n += (size_t)snprintf(c + n, sizeof(c) - n, "%s", ends[e]);
					if (k < 40)
						c[n++] = 'x';
				}
				c[n] = '\0';
				snprintf(text, sizeof(text), "[Event \"a\"]\n\n1.e4 {%s} e5 *\n", c);
				one x;
				hamle_game *g = read1(&x, text, NULL);
				const hamle_token *t = hamle_game_tokens(g);
				size_t lines = 3 + 1 + (two && q < p);
				ck_assert_msg(hamle_game_token_count(g) >= 4 && t[3].len == 2 && !memcmp(t[3].text, "e5", 2),
					"end %zu at %zu", e, p);
				ck_assert_msg(t[3].line == lines && t[3].column == (40 - p) + 3,
					"end %zu at %zu (two %zu): e5 at %zu:%zu, not %zu:%zu", e, p, two, t[3].line,
					t[3].column, lines, (40 - p) + 3);
				done(&x);
			}
}
END_TEST

START_TEST(test_ep_flags)
{
	one x;
	hamle_game *g = read1(&x, "exd6 e.p. axb6e.p. *", NULL);
	const hamle_token *t = hamle_game_tokens(g);
	ck_assert_uint_eq(t[0].flags & HAMLE_TOKEN_EP, HAMLE_TOKEN_EP);
	ck_assert_uint_eq(t[0].value, 4);
	ck_assert_uint_eq(t[0].len, 9);
	ck_assert_uint_eq(t[1].flags & HAMLE_TOKEN_EP, HAMLE_TOKEN_EP);
	ck_assert_uint_eq(t[1].value, 4);
	done(&x);
}
END_TEST

START_TEST(test_marks_fields)
{
	one x;
	hamle_game *g = read1(&x, "5. exd6\r\ne.p. Qh5\n+ (\n = ) Nf3 *", NULL);
	const hamle_token *t = hamle_game_tokens(g);
	ck_assert_uint_eq(hamle_game_token_count(g), 6);
	/* "exd6" .. "e.p.": one move of the first line, EP, core_len without the marker */
	ck_assert_uint_eq(t[1].line, 1);
	ck_assert_uint_eq(t[1].column, 4);
	ck_assert_uint_eq(t[1].len, 10);
	ck_assert_uint_eq(t[1].flags & HAMLE_TOKEN_EP, HAMLE_TOKEN_EP);
	ck_assert_uint_eq(t[1].value, 4);
	/* "Qh5" .. "+": no EP, core_len the whole token (as for "Qh5+") */
	ck_assert_uint_eq(t[2].line, 2);
	ck_assert_uint_eq(t[2].len, 5);
	ck_assert_uint_eq(t[2].flags & HAMLE_TOKEN_EP, 0);
	ck_assert_uint_eq(t[2].value, 5);
	/* the draw offer over two lines: the lines after it are counted */
	ck_assert_uint_eq(t[3].kind, HAMLE_TOKEN_DRAW_OFFER);
	ck_assert_uint_eq(t[3].line, 3);
	ck_assert_uint_eq(t[3].column, 3);
	ck_assert_uint_eq(t[3].offset, 20);
	ck_assert_uint_eq(t[4].line, 4);
	ck_assert_uint_eq(t[4].column, 6);
	ck_assert_uint_eq(t[4].offset, 27);
	ck_assert_uint_eq(t[0].depth + t[4].depth, 0);
	ck_assert_uint_eq(hamle_game_finding_count(g), 0);
	done(&x);
}
END_TEST

/* A lone "=": the NAG $10 (with a warning) in PGN; a draw offer after a move in a scoresheet. */
START_TEST(test_lone_equals)
{
	one x;
	const char *pgn = "[Event \"x\"]\n1. e4 = e5 $10 (=) *";
	hamle_game *g = read1(&x, pgn, NULL);
	const hamle_token *t = hamle_game_tokens(g);
	ck_assert_uint_eq(t[2].kind, HAMLE_TOKEN_NAG);
	ck_assert_uint_eq(t[2].value, 10);
	ck_assert_uint_eq(t[5].kind, HAMLE_TOKEN_DRAW_OFFER);
	ck_assert_uint_eq(hamle_game_error_count(g), 0);
	ck_assert_uint_eq(hamle_game_finding_count(g), 1); /* "$10" as written is no question */
	const hamle_finding *f = hamle_game_finding_at(g, 0);
	ck_assert_str_eq(f->id, "syntax");
	ck_assert_int_eq(f->severity, HAMLE_SEVERITY_WARNING);
	ck_assert_uint_eq(f->error.line, 2);
	ck_assert_uint_eq(f->error.column, 7);
	ck_assert_uint_eq(f->error.offset, 18);
	ck_assert_str_eq(f->error.token, "=");
	ck_assert_ptr_nonnull(strstr(f->error.message, "draw offer"));
	done(&x);
	/* without tags, "=" not after a move is the glyph too */
	g = read1(&x, "{c} = 1. e4 *", NULL);
	ck_assert_uint_eq(hamle_game_tokens(g)[1].kind, HAMLE_TOKEN_NAG);
	ck_assert_uint_eq(hamle_game_finding_count(g), 1);
	done(&x);

	/* the same tagged chunk from a typed scoresheet whose headers became tags */
	hamle_chunk ch = { .data = (const unsigned char *)pgn, .len = strlen(pgn), .source = "t", .game = 1,
		.line = 1, .column = 1, .total_len = strlen(pgn) };
	for (int sheet = 0; sheet < 2; sheet++) {
		ch.flags = sheet ? HAMLE_CHUNK_SCORESHEET : 0;
		g = NULL;
		ck_assert_int_eq(hamle_game_parse(&g, &ch, NULL), 0);
		ck_assert_uint_eq(hamle_game_tokens(g)[2].kind, sheet ? HAMLE_TOKEN_DRAW_OFFER : HAMLE_TOKEN_NAG);
		ck_assert_uint_eq(hamle_game_finding_count(g), sheet ? 0 : 1);
		hamle_game_free(g);
	}
}
END_TEST

/* The reader marks a typed scoresheet's chunk (no tag pairs), so its "=" reads as a draw offer
 * though its header lines become tags. */
START_TEST(test_scoresheet_equals)
{
	hamle_locale *tr;
	ck_assert_int_eq(hamle_locale_load_builtin(&tr, "tr", NULL), 0);
	const hamle_locale *locs[] = { tr };
	hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
	o.sheet_locales = locs;
	o.n_sheet_locales = 1;
	const char *texts[] = { "Beyaz: Ali\nSiyah: Veli\n\n1. e4 e5 2. Af3 = Ac6 *\n", "[White \"X\"]\n\n1. e4 = e5 *\n" };
	for (int k = 0; k < 2; k++) {
		hamle_reader *r;
		ck_assert_int_eq(hamle_reader_new(&r, &o), 0);
		ck_assert_int_eq(hamle_reader_set_input_buffer(r, texts[k], strlen(texts[k]), "t"), 0);
		hamle_chunk ch;
		ck_assert_int_eq(hamle_reader_next_chunk(r, &ch), HAMLE_OK);
		ck_assert_uint_eq(ch.flags & HAMLE_CHUNK_SCORESHEET, k ? 0 : HAMLE_CHUNK_SCORESHEET);
		hamle_game *g = NULL;
		ck_assert_int_eq(hamle_game_parse(&g, &ch, &o), 0);
		const hamle_token *t = hamle_game_tokens(g);
		if (k == 0) {
			ck_assert_str_eq(hamle_game_tag(g, "White"), "Ali");
			ck_assert_uint_eq(t[5].kind, HAMLE_TOKEN_DRAW_OFFER);
			ck_assert_uint_eq(t[5].line, 4);
			ck_assert_uint_eq(t[5].column, 17);
			ck_assert_uint_eq(hamle_game_finding_count(g), 0);
		} else {
			ck_assert_uint_eq(t[2].kind, HAMLE_TOKEN_NAG); /* PGN: the glyph $10 */
		}
		hamle_game_free(g);
		hamle_reader_free(r);
	}
	hamle_locale_free(tr);
}
END_TEST

START_TEST(test_tag_escapes)
{
	one x;
	hamle_game *g = read1(&x,
		"[A \"b\\\"\"] [B \"x\\\\y\"] [C \"A]]\"]\n[D \"it\\'s\"]\n[E\n  \"two lines\"\n]\n1. e4 *", NULL);
	ck_assert_uint_eq(hamle_game_tag_count(g), 5);
	ck_assert_str_eq(hamle_game_tag(g, "A"), "b\"");
	ck_assert_str_eq(hamle_game_tag(g, "B"), "x\\y");
	ck_assert_str_eq(hamle_game_tag(g, "C"), "A]]");
	ck_assert_str_eq(hamle_game_tag(g, "D"), "it\\'s");
	ck_assert_str_eq(hamle_game_tag(g, "E"), "two lines");
	ck_assert_uint_eq(hamle_game_tag_at(g, 4)->line, 3);
	ck_assert_uint_eq(hamle_game_error_count(g), 0);
	ck_assert_uint_eq(hamle_game_finding_count(g), 1);
	const hamle_finding *f = hamle_game_finding_at(g, 0);
	ck_assert_str_eq(f->id, "bad-escape");
	ck_assert_int_eq(f->severity, HAMLE_SEVERITY_WARNING);
	ck_assert_uint_eq(f->error.line, 2);
	ck_assert_uint_eq(f->error.column, 7);
	ck_assert_str_eq(f->error.token, "\\'");
	ck_assert_uint_eq(hamle_game_token_count(g), 3);
	done(&x);
}
END_TEST

START_TEST(test_stray_and_unclosed)
{
	one x;
	hamle_game *g = read1(&x, "[Event \"x]\n1. e4 } e5 ) $ Nf3 {open", NULL);
	ck_assert_str_eq(hamle_game_tag(g, "Event"), "x");
	ck_assert_uint_eq(hamle_game_error_count(g), 5);
	const hamle_finding *f = hamle_game_finding_at(g, 1);
	ck_assert_str_eq(f->id, "syntax");
	ck_assert_uint_eq(f->error.line, 2);
	ck_assert_uint_eq(f->error.column, 7);
	ck_assert_uint_eq(f->error.offset, 17);
	f = hamle_game_finding_at(g, 4);
	ck_assert_str_eq(f->id, "syntax");
	ck_assert_uint_eq(f->error.column, 20);
	ck_assert_ptr_nonnull(strstr(f->error.message, "unterminated comment"));
	const hamle_token *t = hamle_game_tokens(g);
	size_t n = hamle_game_token_count(g);
	ck_assert_uint_eq(t[n - 1].kind, HAMLE_TOKEN_COMMENT);
	ck_assert_uint_eq(t[n - 1].flags & HAMLE_TOKEN_UNTERMINATED, HAMLE_TOKEN_UNTERMINATED);
	done(&x);
}
END_TEST

/* An unclosed variation is an error at the outermost '(' left open. */
START_TEST(test_unclosed_variation)
{
	one x;
	hamle_game *g = read1(&x, "1. e4 e5 (1... c5) (1... d5 2. exd5 (2. e5 *", NULL);
	ck_assert_uint_eq(hamle_game_error_count(g), 1);
	const hamle_finding *f = hamle_game_finding_at(g, 0);
	ck_assert_str_eq(f->id, "syntax");
	ck_assert_str_eq(f->error.token, "(");
	ck_assert_uint_eq(f->error.column, 20);
	ck_assert_uint_eq(f->error.offset, 19);
	ck_assert_ptr_nonnull(strstr(f->error.message, "variation not closed"));
	ck_assert_ptr_nonnull(strstr(f->error.message, "2 variations open"));
	done(&x);
	g = read1(&x, "1. e4 (1. d4 d5) (1. c4 (1. Nf3)) *", NULL);
	ck_assert_uint_eq(hamle_game_error_count(g), 0);
	done(&x);
}
END_TEST

/* The note a conversion writes where a game failed is flagged, and "e.p." joins the move before
 * it across blanks only. */
START_TEST(test_error_note_and_ep_join)
{
	one x;
	hamle_game *g = read1(&x, "1. e4 {hamle: error: syntax 'x': y} {hamle:\n  error} {hamle errors} *", NULL);
	const hamle_token *t = hamle_game_tokens(g);
	ck_assert_uint_eq(hamle_game_token_count(g), 6);
	ck_assert_uint_eq(t[2].flags & HAMLE_TOKEN_ERROR_NOTE, HAMLE_TOKEN_ERROR_NOTE);
	ck_assert_uint_eq(t[3].flags & HAMLE_TOKEN_ERROR_NOTE, HAMLE_TOKEN_ERROR_NOTE);
	ck_assert_uint_eq(t[4].flags & HAMLE_TOKEN_ERROR_NOTE, 0);
	done(&x);
	g = read1(&x, "1. e4 d5 2. e5 f5 3. exf6 \n e.p. *", NULL);
	t = hamle_game_tokens(g);
	ck_assert_uint_eq(t[7].flags & HAMLE_TOKEN_EP, HAMLE_TOKEN_EP);
	done(&x);
	g = read1(&x, "1. e4 d5 2. e5 f5 3. exf6 ] e.p. *", NULL);
	t = hamle_game_tokens(g);
	ck_assert_uint_eq(t[7].len, 4); /* "exf6": not stretched over the stray ']' */
	ck_assert_uint_eq(t[7].flags & HAMLE_TOKEN_EP, 0);
	done(&x);
	g = read1(&x, "1. e4 d5 2. e5 f5 3. exf6 [X \"y\"] e.p. *", NULL);
	ck_assert_uint_eq(hamle_game_tokens(g)[7].len, 4);
	done(&x);
}
END_TEST

START_TEST(test_limits)
{
	one x;
	hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
	o.max_depth = 2;
	o.max_comment_bytes = 4;
	hamle_game *g = read1(&x, "1. e4 (e5 (d5 (c5) ) ) *", &o);
	ck_assert_uint_eq(hamle_game_error_count(g), 1);
	ck_assert_str_eq(hamle_game_finding_at(g, 0)->id, "limit");
	ck_assert_uint_eq(hamle_game_finding_at(g, 0)->error.column, 15);
	done(&x);
	g = read1(&x, "1. e4 {12345} *", &o);
	ck_assert_str_eq(hamle_game_finding_at(g, 0)->id, "limit");
	ck_assert_uint_eq(hamle_game_token_count(g), 2);
	done(&x);
	o.max_tokens = 3;
	g = read1(&x, "1. e4 e5 2. Nf3 *", &o);
	ck_assert_uint_eq(hamle_game_token_count(g), 3);
	ck_assert_str_eq(hamle_game_finding_at(g, 0)->id, "limit");
	done(&x);
}
END_TEST

/* The reader's findings are in the language of options.messages: English without one, the same
 * English text with the en locale (locales/en.yaml holds the lexer's fallback words), Turkish
 * with tr; every message of the lexer, the encodings and the limits. */
static const struct {
	const char *text;
	unsigned flags;
	size_t max_game_bytes;
} message_inputs[] = {
	{"[Event \"x]\n1. e4 } e5 ) $ Nf3 [White \"a\"] {open", 0, 0},
	{"[Event x]\n[Site \"a\\b\"\n[]\n1. e4 *", 0, 0},
	{"[Event \"x\"]\n\n1. e4 (e5 (d5 (c5) ) ) {12345} e5 *", 0, 0},
	{"[Event \"\xDE\xFD\"]\n\n1. e4 e5 2. \xDE" "e2 \x01 *", 0, 0},
	{"[Event \"x\"]\n\n1. e4 e5 2. \xC3\x85\xC5\xBE" "e2 *", 0, 0},
	{"[Event \"Y\xC3\xBDld\xC3\xBDz\"]\n\n1. e4 e5 2. \xC3\x9E" "e2 *", HAMLE_READ_REPAIR_TR, 0},
	{"[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *", 0, 24},
	{"[Event \"x\"]\n\xEF\xBB\xBF[Site \"y\"]\n\n1. e4 $300 e5", 0, 0},
	{"[Event \"x\"]\n\n1. e4 = e5 *", 0, 0},
};

static void messages_of(char *buf, size_t size, size_t i, const hamle_locale *loc)
{
	one x;
	hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
	o.max_depth = 2;
	o.max_comment_bytes = 4;
	o.flags = message_inputs[i].flags;
	o.max_game_bytes = message_inputs[i].max_game_bytes;
	o.messages = loc;
	hamle_game *g = read1(&x, message_inputs[i].text, &o);
	size_t n = 0;
	buf[0] = '\0';
	ck_assert_uint_gt(hamle_game_finding_count(g), 0);
	for (size_t k = 0; k < hamle_game_finding_count(g) && n < size; k++)
		n += (size_t)snprintf(buf + n, size - n, "%s|", hamle_game_finding_at(g, k)->error.message);
	done(&x);
}

START_TEST(test_messages_language)
{
	hamle_locale *en = NULL, *tr = NULL;
	ck_assert_int_eq(hamle_locale_load_builtin(&en, "en", NULL), HAMLE_OK);
	ck_assert_int_eq(hamle_locale_load_builtin(&tr, "tr", NULL), HAMLE_OK);
	char none[4096], english[4096], turkish[4096];
	messages_of(none, sizeof(none), (size_t)_i, NULL);
	messages_of(english, sizeof(english), (size_t)_i, en);
	messages_of(turkish, sizeof(turkish), (size_t)_i, tr);
	ck_assert_str_eq(english, none);
	ck_assert_str_ne(turkish, none);
	if (_i == 0) {
		ck_assert_ptr_nonnull(strstr(none, "stray '}' in movetext"));
		ck_assert_ptr_nonnull(strstr(turkish, "hamle metninde yersiz '}'"));
		ck_assert_ptr_nonnull(strstr(turkish, "kapanmamış yorum"));
	}
	if (_i == 3) { /* the name of the language in the messages' language */
		ck_assert_ptr_nonnull(strstr(none, "control character U+0001"));
		ck_assert_ptr_nonnull(strstr(none, "Windows-1254 (Turkish)"));
		ck_assert_ptr_nonnull(strstr(turkish, "Windows-1254 (Türkçe)"));
	}
	if (_i == 4)
		ck_assert_ptr_nonnull(strstr(turkish, "iki kez kodlanmış UTF-8 'Åž', 'Ş' olarak onarıldı"));
	if (_i == 5)
		ck_assert_ptr_nonnull(strstr(turkish, "bozuk Türkçe karakterler onarıldı: 'Þe2', 'Şe2' olarak okunuyor"));
	if (_i == 6)
		ck_assert_ptr_nonnull(strstr(none, "exceeds the limit of 24 bytes"));
	if (_i == 7) { /* a byte order mark at a line start, a NAG out of range, a game cut short */
		ck_assert_ptr_nonnull(strstr(turkish, "bayt sırası işareti (U+FEFF) atıldı"));
		ck_assert_ptr_nonnull(strstr(turkish, "NAG aralık dışında"));
		ck_assert_ptr_nonnull(strstr(turkish, "girdi oyunun içinde bitiyor"));
	}
	if (_i == 8) { /* "=" in PGN: the NAG $10, and a question */
		ck_assert_ptr_nonnull(strstr(none, "'=' read as the NAG $10 (drawish position)"));
		ck_assert_ptr_nonnull(strstr(turkish, "beraberlik teklifi (=) diye yaz\xC4\xB1l\xC4\xB1r"));
	}
	hamle_locale_free(en);
	hamle_locale_free(tr);
}
END_TEST

START_TEST(test_results)
{
	static const struct { const char *t; hamle_result r; } rs[] = {
		{ "1-0", HAMLE_RESULT_WHITE }, { "0-1", HAMLE_RESULT_BLACK }, { "1/2-1/2", HAMLE_RESULT_DRAW },
		{ "*", HAMLE_RESULT_UNKNOWN }, { "\xC2\xBD-\xC2\xBD", HAMLE_RESULT_DRAW }, { "1:0", HAMLE_RESULT_WHITE },
		{ "0:1", HAMLE_RESULT_BLACK }, { "0,5-0,5", HAMLE_RESULT_DRAW }, { "1\xE2\x80\x93" "0", HAMLE_RESULT_WHITE },
		{ "0\xE2\x80\x94" "1", HAMLE_RESULT_BLACK }, { "0-0", HAMLE_RESULT_NONE }, { "1-", HAMLE_RESULT_NONE },
		{ "1/2", HAMLE_RESULT_NONE }, { "e4", HAMLE_RESULT_NONE },
	};
	for (size_t i = 0; i < sizeof(rs) / sizeof(rs[0]); i++)
		ck_assert_int_eq(hamle_result_parse(rs[i].t, strlen(rs[i].t)), rs[i].r);
	ck_assert_str_eq(hamle_result_string(HAMLE_RESULT_DRAW), "1/2-1/2");
}
END_TEST

Suite *pgn_lexer_suite(void)
{
	Suite *s = suite_create("pgn_lexer");
	TCase *tc = tcase_create("core");
	tcase_add_loop_test(tc, test_tokens, 0, (int)(sizeof(token_cases) / sizeof(token_cases[0])));
	tcase_add_test(tc, test_token_fields);
	tcase_add_test(tc, test_cr_lines);
	tcase_add_test(tc, test_comment_lines);
	tcase_add_test(tc, test_ep_flags);
	tcase_add_test(tc, test_marks_fields);
	tcase_add_test(tc, test_lone_equals);
	tcase_add_test(tc, test_scoresheet_equals);
	tcase_add_test(tc, test_tag_escapes);
	tcase_add_test(tc, test_stray_and_unclosed);
	tcase_add_test(tc, test_unclosed_variation);
	tcase_add_test(tc, test_error_note_and_ep_join);
	tcase_add_test(tc, test_limits);
	tcase_add_test(tc, test_results);
	tcase_add_loop_test(tc, test_messages_language, 0,
		(int)(sizeof(message_inputs) / sizeof(message_inputs[0])));
	suite_add_tcase(s, tc);
	return s;
}
