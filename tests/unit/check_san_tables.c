/* check_san_tables.c: the per-language tables testdata/san/<tag>.tsv.
 *
 * Each row: position, token, expected, message (see testdata/san/make_tables.py). The position
 * is a FEN (or "startpos") optionally followed by " moves " and UCI moves, played by matching
 * the core's UCI text of each legal move (not with the SAN reader under test). A row passes when
 * hamle_san_parse gives the expected move (compared as UCI) or the expected error kind, and the
 * exact message when one is given. Each resolved move is also written back in SAN, FIDE and LAN
 * with the same locale and must read back as the same move. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/hamle.h"
#include "hamle/san.h"
#include "suites_decl.h"
#include "testutil.h"

static const char *const langs[] = {"en", "tr", "de", "fr", "es", "it", "nl", "fan"};
#define NLANGS (sizeof(langs) / sizeof(langs[0]))

/* Plays UCI move text on pos; 0 when it is a legal move. */
static int play_uci(hamle_position *pos, const char *uci, size_t len)
{
	hamle_move moves[HAMLE_MAX_MOVES];
	char buf[8];
	int n = hamle_position_legal_moves(pos, moves);
	for (int i = 0; i < n; i++) {
		hamle_move_uci(buf, sizeof(buf), pos, moves[i]);
		if (strlen(buf) == len && memcmp(buf, uci, len) == 0) {
			hamle_position_play(pos, moves[i]);
			return 0;
		}
	}
	return -1;
}

/* "FEN [moves m1 m2 ...]" -> position; returns the FEN status (moves must be legal). */
static int setup(hamle_position **pos, char *spec, hamle_error *err)
{
	char *moves = strstr(spec, " moves");
	if (moves)
		*moves = '\0';
	int rc = hamle_position_new(pos, strcmp(spec, "startpos") == 0 ? NULL : spec, err);
	if (rc < 0 || !moves)
		return rc;
	for (char *m = moves + 6; *m;) {
		while (*m == ' ')
			m++;
		size_t len = strcspn(m, " ");
		if (len == 0)
			break;
		ck_assert_msg(play_uci(*pos, m, len) == 0, "setup move '%.*s' is not legal", (int)len, m);
		m += len;
	}
	return 0;
}

static void check_row(const hamle_locale *loc, const char *file, int lineno, char **col, int ncol)
{
	hamle_error err;
	hamle_error_clear(&err);
	hamle_position *pos = NULL;
	const char *want = col[2], *want_msg = ncol > 3 ? col[3] : "";
	int rc = setup(&pos, col[0], &err);
	if (rc < 0) {
		ck_assert_msg(strcmp(want, "bad-fen") == 0, "%s:%d: bad FEN: %s", file, lineno, err.message);
		return;
	}
	ck_assert_msg(strcmp(want, "bad-fen") != 0, "%s:%d: FEN was accepted", file, lineno);
	hamle_move m;
	hamle_san_info info = {0};
	rc = hamle_san_parse(&m, pos, loc, col[1], strlen(col[1]), &info, &err);
	if (rc < 0) {
		ck_assert_msg(strcmp(hamle_status_id(rc), want) == 0, "%s:%d: '%s': got %s (%s), want %s",
			file, lineno, col[1], hamle_status_id(rc), err.message, want);
		ck_assert_msg(m == HAMLE_MOVE_NONE, "%s:%d: a move was returned with an error", file, lineno);
		ck_assert_msg(err.message[0] != '\0', "%s:%d: empty message", file, lineno);
		if (want_msg[0])
			ck_assert_msg(strcmp(err.message, want_msg) == 0, "%s:%d: '%s': message '%s', want '%s'",
				file, lineno, col[1], err.message, want_msg);
		hamle_position_free(pos);
		return;
	}
	char uci[8];
	hamle_move_uci(uci, sizeof(uci), pos, m);
	if (m == HAMLE_MOVE_NULL)
		strcpy(uci, "0000");
	ck_assert_msg(strcmp(uci, want) == 0, "%s:%d: '%s' read as %s, want %s", file, lineno, col[1], uci,
		want);
	ck_assert_msg(!want_msg[0], "%s:%d: message given for a move", file, lineno);
	for (int form = HAMLE_FORM_SAN; form <= HAMLE_FORM_UCI && m != HAMLE_MOVE_NULL; form++) {
		char text[HAMLE_SAN_MAX];
		hamle_move back;
		int n = hamle_san_format(text, sizeof(text), pos, loc, m, form);
		ck_assert_msg(n > 0 && (size_t)n < sizeof(text), "%s:%d: format %d failed", file, lineno, form);
		rc = hamle_san_parse(&back, pos, loc, text, (size_t)n, NULL, &err);
		ck_assert_msg(rc == 0 && back == m, "%s:%d: '%s' written as '%s' (form %d) reads back as %d (%s)",
			file, lineno, col[1], text, form, rc, err.message);
	}
	hamle_position_free(pos);
}

START_TEST(test_table)
{
	const char *lang = langs[_i];
	char path[1024], rel[64];
	size_t len;
	snprintf(rel, sizeof(rel), "san/%s.tsv", lang);
	char *data = tu_read_file(tu_testdata(path, sizeof(path), rel), &len);
	ck_assert_msg(data != NULL, "cannot read %s", path);
	hamle_locale *loc;
	hamle_error err;
	hamle_error_clear(&err);
	ck_assert_msg(hamle_locale_load_builtin(&loc, lang, &err) == 0, "%s", err.message);
	int rows = 0, lineno = 0;
	for (char *line = data, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (line[0] == '#' || line[0] == '\0')
			continue;
		char *col[4] = {line, NULL, NULL, NULL};
		int ncol = 1;
		for (char *c = line; *c && ncol < 4; c++)
			if (*c == '\t') {
				*c = '\0';
				col[ncol++] = c + 1;
			}
		ck_assert_msg(ncol >= 3, "%s:%d: expected at least 3 columns", path, lineno);
		check_row(loc, path, lineno, col, ncol);
		rows++;
	}
	ck_assert_msg(rows >= 60, "%s: only %d rows", path, rows);
	hamle_locale_free(loc);
	free(data);
}
END_TEST

Suite *san_tables_suite(void)
{
	Suite *s = suite_create("san_tables");
	TCase *tc = tcase_create("tables");
	tcase_add_loop_test(tc, test_table, 0, (int)NLANGS);
	suite_add_tcase(s, tc);
	return s;
}
