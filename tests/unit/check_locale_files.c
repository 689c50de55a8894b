/* check_locale_files.c: locales from files and buffers, their messages, and malformed ones. */
#include <check.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/hamle.h"
#include "notation/locale_embedded.h"
#include "notation/locale_build.h"
#include "notation/locale_internal.h"
#include "suites_decl.h"
#include "testutil.h"


static hamle_locale *load_testdata(const char *name)
{
	char path[4096];
	hamle_locale *loc = NULL;
	hamle_error err;
	hamle_error_clear(&err);
	int rc = hamle_locale_load_file(&loc, tu_testdata(path, sizeof(path), name), &err);
	ck_assert_msg(rc == HAMLE_OK, "loading %s: %s", name, err.message);
	return loc;
}

/* Piece read at the start of s (whole string); *used in bytes. */
static int piece(const hamle_locale *loc, const char *s, size_t *used)
{
	return hamle_loc_read_piece(loc, s, strlen(s), used);
}

START_TEST(messages)
{
	hamle_locale *en = tu_locale("en"), *tr = tu_locale("tr"), *de = tu_locale("de");
	char buf[256];
	const char *a1[] = {en->no_piece[HAMLE_KNIGHT], "f3"};
	hamle_locale_format(buf, sizeof(buf), en, "no_piece_can_reach", 2, a1);
	ck_assert_str_eq(buf, "no knight can reach f3");
	const char *a2[] = {en->count_word[0], en->noun_plural[HAMLE_ROOK], "d1", "Rad1 or Rfd1"};
	hamle_locale_format(buf, sizeof(buf), en, "ambiguous", 4, a2);
	ck_assert_str_eq(buf, "two rooks can reach d1: Rad1 or Rfd1");
	const char *a3[] = {tr->no_piece[HAMLE_KNIGHT], "f3"};
	hamle_locale_format(buf, sizeof(buf), tr, "no_piece_can_reach", 2, a3);
	ck_assert_str_eq(buf, "f3 karesine gidebilecek at yok"); /* reordered with %2$s */
	const char *a4[] = {tr->count_word[0], tr->noun_plural[HAMLE_ROOK], "d1", "Kad1 veya Kfd1"};
	hamle_locale_format(buf, sizeof(buf), tr, "ambiguous", 4, a4);
	ck_assert_str_eq(buf, "iki kale d1 karesine gidebilir: Kad1 veya Kfd1");
	const char *a5[] = {de->no_piece[HAMLE_QUEEN], "f3"};
	hamle_locale_format(buf, sizeof(buf), de, "no_piece_can_reach", 2, a5);
	ck_assert_str_eq(buf, "keine Dame kann f3 erreichen");
	ck_assert_str_eq(hamle_locale_message(tr, "white"), "Beyaz");
	ck_assert_str_eq(hamle_locale_message(de, "white"), "Weiß");
	ck_assert_str_eq(hamle_locale_message(tr, "or"), " veya ");
	ck_assert_ptr_null(hamle_locale_message(en, "no_such_key"));
	ck_assert_int_eq(hamle_locale_format(buf, sizeof(buf), en, "no_such_key", 0, NULL), -1);
	ck_assert_str_eq(buf, "");
	/* snprintf contract: truncated output, full length returned */
	int n = hamle_locale_format(buf, 8, en, "no_piece_can_reach", 2, a1);
	ck_assert_int_eq(n, (int)strlen("no knight can reach f3"));
	ck_assert_str_eq(buf, "no knig");
	/* missing arguments expand to nothing, %% to % */
	ck_assert_int_eq(hamle_loc_expand(buf, sizeof(buf), "%s%%|%2$s", 0, NULL), 2);
	ck_assert_str_eq(buf, "%|");
	/* every shipped locale has exactly the English keys (argument counts are checked at load) */
	for (size_t i = 0; hamle_locale_builtin_tag(i); i++) {
		hamle_locale *loc = tu_locale(hamle_locale_builtin_tag(i));
		for (size_t k = 0; k < loc->n_text; k++) {
			const char *t = hamle_locale_message(en, hamle_loc_text_key(loc, k));
			ck_assert_msg(t != NULL, "%s: key %s unknown in en", loc->tag, hamle_loc_text_key(loc, k));
		}
		ck_assert_uint_eq(loc->n_text, en->n_text); /* same keys: nothing missing, nothing extra */
		hamle_locale_free(loc);
	}
	hamle_locale_free(en);
	hamle_locale_free(tr);
	hamle_locale_free(de);
}
END_TEST

START_TEST(unshipped_polish)
{
	hamle_locale *pl = load_testdata("locales/pl.yaml");
	ck_assert_str_eq(hamle_locale_tag(pl), "pl");
	ck_assert_str_eq(hamle_locale_name(pl), "Polski");
	size_t used;
	ck_assert_int_eq(piece(pl, "Hd1", &used), HAMLE_QUEEN);
	ck_assert_int_eq(piece(pl, "Wa1", &used), HAMLE_ROOK);
	ck_assert_int_eq(piece(pl, "Gc4", &used), HAMLE_BISHOP);
	ck_assert_int_eq(piece(pl, "Sf3", &used), HAMLE_KNIGHT);
	ck_assert_int_eq(piece(pl, "Kg1", &used), HAMLE_KING);
	ck_assert_int_eq(piece(pl, "Qd1", &used), HAMLE_NO_PIECE);
	ck_assert_int_eq(piece(pl, "Nf3", &used), HAMLE_NO_PIECE);
	ck_assert_int_eq(piece(pl, "Pe4", &used), HAMLE_PAWN);
	ck_assert_str_eq(hamle_locale_piece_letter(pl, HAMLE_QUEEN), "H");
	ck_assert_str_eq(hamle_locale_piece_spoken(pl, HAMLE_QUEEN), "Hetman");
	/* translated message, then fallbacks to English */
	ck_assert_str_eq(hamle_locale_message(pl, "not_a_move"), "to nie jest ruch: %s");
	ck_assert_str_eq(hamle_locale_message(pl, "did_you_mean"), "did you mean %s?");
	ck_assert_str_eq(hamle_locale_message(pl, "white"), "Białe");
	ck_assert_str_eq(hamle_locale_message(pl, "move"), "move");
	ck_assert_str_eq(hamle_locale_piece_noun(pl, HAMLE_KNIGHT), "knight");
	ck_assert_str_eq(hamle_locale_header_tag(pl, "Białe", strlen("Białe")), "White");
	ck_assert_str_eq(pl->spoken.file[0], "Anna");
	ck_assert_ptr_nonnull(hamle_loc_pattern(pl, HAMLE_LOC_PAT_MOVE_PAIR));
	hamle_locale_free(pl);

	/* a chain: cs on top of de on top of en */
	hamle_locale *cs = load_testdata("locales/cs.yaml");
	ck_assert_int_eq(piece(cs, "Jf3", &used), HAMLE_KNIGHT);
	ck_assert_int_eq(piece(cs, "Sc4", &used), HAMLE_BISHOP);
	ck_assert_int_eq(piece(cs, "Va1", &used), HAMLE_ROOK);
	ck_assert_int_eq(piece(cs, "Ta1", &used), HAMLE_NO_PIECE); /* de letters replaced */
	ck_assert_str_eq(hamle_locale_message(cs, "did_you_mean"), "mysleli jste %s?");
	ck_assert_str_eq(hamle_locale_message(cs, "white"), "Weiß"); /* from de */
	ck_assert_str_eq(hamle_locale_message(cs, "bad_fen"), "fehlerhafte Stellung: %s");
	hamle_locale_free(cs);
}
END_TEST

START_TEST(from_buffer)
{
	static const char yaml[] = "tag: \"sv\"\nname: \"Svenska\"\npieces: {king: K, queen: D, rook: T,"
		" bishop: L, knight: S}\n";
	hamle_locale *sv = NULL;
	hamle_error err;
	ck_assert_int_eq(hamle_locale_load_buffer(&sv, yaml, strlen(yaml), "sv.yaml", &err), HAMLE_OK);
	size_t used;
	ck_assert_int_eq(piece(sv, "Lb5", &used), HAMLE_BISHOP);
	ck_assert_ptr_null(sv->pawn_letter); /* `pieces:` replaces en's set whole: no P */
	ck_assert_int_eq(piece(sv, "Pe4", &used), HAMLE_NO_PIECE);
	ck_assert_int_eq(piece(sv, "\xE2\x99\x98", &used), HAMLE_KNIGHT); /* figurines inherited */
	hamle_locale_free(sv);
	hamle_locale *x = (hamle_locale *)1;
	ck_assert_int_eq(hamle_locale_load_file(&x, "/nonexistent/xx.yaml", &err), HAMLE_EIO);
	ck_assert_ptr_null(x);
}
END_TEST

/* ---- an installed copy of a shipped file: loaded from the compiled-in document (no parse),
 * the same locale; a file of the same size with one byte changed is read as written ---- */
static void write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(data, 1, len, f), len);
	ck_assert_int_eq(fclose(f), 0);
}

START_TEST(installed_copy)
{
	char dir[] = "/tmp/hamle-locXXXXXX", path[4200], got[4200];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	const struct hamle_embedded_locale *e = hamle_embedded_locales;
	while (e->tag && strcmp(e->tag, "tr"))
		e++;
	ck_assert_ptr_nonnull(e->tag);
	size_t len = e->size;
	char *tr = malloc(len + 1);
	ck_assert_ptr_nonnull(tr);
	memcpy(tr, e->data, len + 1);
	snprintf(path, sizeof(path), "%s/tr.yaml", dir);
	const char *dirs[1] = {dir};
	hamle_error err;
	hamle_locale_cache *cache = NULL;
	ck_assert_int_eq(hamle_locale_cache_new(&cache), HAMLE_OK);
	for (int changed = 0; changed < 2; changed++) {
		if (changed) { /* "Beyaz" -> "Beyax": same length, other bytes */
			char *w = strstr(tr, "white: \"Beyaz\"");
			ck_assert_ptr_nonnull(w);
			w[strlen("white: \"Beya")] = 'x';
		}
		write_file(path, tr, len);
		for (int cached = 0; cached < 2; cached++) {
			hamle_locale *loc = NULL;
			hamle_error_clear(&err);
			int rc = hamle_locale_load_search_cached(&loc, "tr", dirs, 1, got, sizeof(got),
				cached ? cache : NULL, &err);
			ck_assert_msg(rc == HAMLE_OK, "%s", err.message);
			ck_assert_str_eq(got, path);
			ck_assert_str_eq(hamle_locale_message(loc, "white"), changed ? "Beyax" : "Beyaz");
			size_t used;
			ck_assert_int_eq(piece(loc, "Ke4", &used), HAMLE_ROOK);
			ck_assert_int_eq(piece(loc, "\xC5\x9E" "e2", &used), HAMLE_KING); /* Ş */
			hamle_locale *file = NULL;
			ck_assert_int_eq(hamle_locale_load_file(&file, path, &err), HAMLE_OK);
			ck_assert_str_eq(hamle_locale_message(file, "white"), changed ? "Beyax" : "Beyaz");
			ck_assert_str_eq(hamle_locale_message(file, "bad_fen"), hamle_locale_message(loc, "bad_fen"));
			hamle_locale_free(file);
			hamle_locale_free(loc);
		}
	}
	hamle_locale_cache_free(cache);
	free(tr);
	ck_assert_int_eq(remove(path), 0);
	ck_assert_int_eq(remove(dir), 0);
}
END_TEST

/* ---- malformed locales: each fails with its line and column ---- */
static const struct {
	const char *file;
	size_t line, column;
	const char *words; /* part of the message */
} bad[] = {
	{"bad-yaml-syntax.yaml", 5, 3, "did not find expected"},
	{"bad-unknown-key.yaml", 3, 1, "unknown key 'pices'"},
	{"bad-duplicate-letter.yaml", 5, 10, "'K' is given for both"},
	{"bad-template-args.yaml", 4, 17, "uses 2 argument(s)"},
	{"bad-placeholder.yaml", 4, 22, "bad placeholder"},
	{"bad-regex.yaml", 5, 13, "scoresheet.patterns.result"},
	{"bad-missing-tag.yaml", 1, 1, "missing key 'tag'"},
	{"bad-file-letter.yaml", 5, 13, "cannot be a piece letter"},
	{"bad-spoken-files.yaml", 4, 10, "exactly 8"},
	{"bad-base.yaml", 3, 9, "unknown base locale 'zz'"},
	{"bad-duplicate-key.yaml", 3, 1, "duplicate key 'tag'"},
	{"bad-duplicate-message.yaml", 6, 3, "duplicate key 'illegal-move'"},
	{"bad-unknown-before-duplicate.yaml", 4, 3, "unknown key 'input.pices'"},
	{"bad-not-mapping.yaml", 1, 1, "must be a mapping"},
	{"bad-pattern-group.yaml", 5, 13, "(?<value>"},
	{"bad-unreadable-output.yaml", 6, 21, "output.pgn.castling_short writes 'OO'"},
	{"bad-repair-mojibake.yaml", 5, 20, "input.repair_mojibake must be 'cp1254'"},
	{"bad-repair-no-alphabet.yaml", 5, 20, "needs the language's letters in 'alphabet'"},
	{"bad-alphabet.yaml", 4, 11, "letters and spaces only (got '1')"},
	{"bad-alphabet-twice.yaml", 4, 11, "alphabet lists U+00E7 twice"},
	{"bad-deep-nesting.yaml", 3, 70, "YAML nested deeper than 64 levels"},
	{"bad-date-order.yaml", 4, 10, "dates.order is"},
	{"bad-month-name.yaml", 5, 13, "dates.months.march: a month name is one word"},
};

START_TEST(malformed)
{
	char rel[256], path[4096], expect[4200];
	snprintf(rel, sizeof(rel), "locales/%s", bad[_i].file);
	tu_testdata(path, sizeof(path), rel);
	hamle_locale *loc = (hamle_locale *)1;
	hamle_error err;
	hamle_error_clear(&err);
	int rc = hamle_locale_load_file(&loc, path, &err);
	ck_assert_int_eq(rc, HAMLE_ELOCALE);
	ck_assert_int_eq(err.code, HAMLE_ELOCALE);
	ck_assert_ptr_null(loc);
	ck_assert_msg(err.line == bad[_i].line && err.column == bad[_i].column,
		"%s: got %zu:%zu (%s)", bad[_i].file, err.line, err.column, err.message);
	snprintf(expect, sizeof(expect), "%s:%zu:%zu: ", path, bad[_i].line, bad[_i].column);
	ck_assert_msg(strncmp(err.message, expect, strlen(expect)) == 0 ||
		strlen(err.message) == HAMLE_ERROR_MESSAGE_MAX - 1, "message: %s", err.message);
	ck_assert_msg(strstr(err.message, bad[_i].words), "message: %s", err.message);
	ck_assert_ptr_eq(err.source, path);
}
END_TEST

Suite *locale_files_suite(void)
{
	Suite *s = suite_create("locale_files");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, messages);
	tcase_add_test(tc, unshipped_polish);
	tcase_add_test(tc, from_buffer);
	tcase_add_test(tc, installed_copy);
	tcase_add_loop_test(tc, malformed, 0, sizeof(bad) / sizeof(bad[0]));
	suite_add_tcase(s, tc);
	return s;
}
