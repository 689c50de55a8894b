/* replay_fuzzer.c: the input as PGN (or a typed scoresheet's movetext) read, replayed with language
 * detection over every shipped locale, and written in every output form -- the path of
 * hamle-validate and hamle-convert. abort() unless every game written as PGN reads back as one
 * game, its parentheses and braces balanced, its movetext lines no longer than 255 characters
 * (but for a single word or an escape line); a game replayed without an error and written whole
 * replays back to the same mainline moves, and a game with an error fails again. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "hamle/replay.h"
#include "hamle/writer.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const hamle_locale *en, *tr;

static void setup(void)
{
	static int done;
	if (done)
		return;
	done = 1;
	en = fuzz_locale("en");
	tr = fuzz_locale("tr");
}

/* Mainline moves of the game rp has just replayed. */
static size_t mainline(const hamle_game *g, const hamle_replay *rp, hamle_move *out, size_t cap)
{
	const hamle_token *t = hamle_game_tokens(g);
	const hamle_replay_move *m = hamle_replay_moves(rp);
	size_t n = 0;
	for (size_t i = 0; i < hamle_game_token_count(g); i++)
		if (t[i].kind == HAMLE_TOKEN_MOVE && t[i].depth == 0 && (m[i].flags & HAMLE_RM_MOVE) && n < cap)
			out[n++] = m[i].move;
	return n;
}

#define MAX_PLIES 1024

/* The game g (replayed by rp, no move error) written as PGN must replay to the same mainline. */
static void check_pgn_round_trip(const hamle_game *g, const hamle_replay *rp, const char *pgn, size_t len)
{
	static hamle_move want[MAX_PLIES], got[MAX_PLIES];
	size_t nw = mainline(g, rp, want, MAX_PLIES);
	hamle_reader *r = NULL;
	hamle_replay *rp2 = NULL;
	hamle_replay_options ro = HAMLE_REPLAY_OPTIONS_INIT;
	ro.from = en;
	ro.flags = HAMLE_REPLAY_NO_SUGGEST;
	if (hamle_reader_new(&r, NULL) != 0 || hamle_replay_new(&rp2, &ro) != 0)
		abort();
	hamle_reader_set_input_buffer(r, pgn, len, "written");
	hamle_game *g2 = NULL;
	if (hamle_reader_next(r, &g2) != HAMLE_OK || hamle_replay_run(rp2, g2) != 0)
		abort();
	size_t ng = mainline(g2, rp2, got, MAX_PLIES);
	if (hamle_replay_first_error(rp2) != (size_t)-1 || ng != nw || memcmp(want, got, nw * sizeof(*want))) {
		fprintf(stderr, "written PGN replays differently (%zu plies, now %zu; error at token %zu):\n%.*s\n",
			nw, ng, hamle_replay_first_error(rp2), (int)len, pgn);
		abort();
	}
	hamle_game_free(g2);
	hamle_replay_free(rp2);
	hamle_reader_free(r);
}

/* The movetext of pgn (after its tag lines): '(' ')' balanced outside comments, every '{' closed,
 * no line over 255 characters that holds a blank after its first character (a word longer than a
 * line is written whole) or is not an escape line. */
static void check_shape(const char *pgn, size_t len)
{
	size_t i = 0;
	while (i < len && pgn[i] == '[') { /* the tag section: one tag pair a line */
		while (i < len && pgn[i] != '\n')
			i++;
		i++;
	}
	long depth = 0;
	int brace = 0, line_comment = 0, escape = 0;
	size_t chars = 0, blanks = 0;
	for (; i < len; i++) {
		char c = pgn[i];
		if (c == '\n') {
			if (chars > 255 && blanks && !escape) {
				fprintf(stderr, "a written line of %zu characters:\n%.*s\n", chars, (int)len, pgn);
				abort();
			}
			chars = blanks = 0;
			line_comment = escape = 0;
			continue;
		}
		if (chars == 0 && c == '%' && !brace)
			escape = 1;
		if (((unsigned char)c & 0xC0) != 0x80)
			chars++;
		if (c == ' ' && chars > 1)
			blanks++;
		if (escape || line_comment)
			continue;
		if (brace) {
			brace = c != '}';
			continue;
		}
		if (c == '{')
			brace = 1;
		else if (c == ';')
			line_comment = 1;
		else if (c == '(')
			depth++;
		else if (c == ')' && --depth < 0)
			break;
	}
	if (depth != 0 || brace) {
		fprintf(stderr, "written PGN not balanced (depth %ld, brace %d):\n%.*s\n", depth, brace, (int)len, pgn);
		abort();
	}
}

/* The game g, which failed (rp found an error), written as PGN: read back under the same options it
 * is one game, and it fails again. */
static void check_still_fails(const hamle_replay_options *ro, const char *pgn, size_t len)
{
	hamle_reader *r = NULL;
	hamle_replay *rp2 = NULL;
	hamle_replay_options o = *ro;
	o.flags |= HAMLE_REPLAY_NO_SUGGEST;
	if (hamle_reader_new(&r, NULL) != 0 || hamle_replay_new(&rp2, &o) != 0)
		abort();
	hamle_reader_set_input_buffer(r, pgn, len, "written");
	hamle_game *g2 = NULL;
	if (hamle_reader_next(r, &g2) != HAMLE_OK || hamle_replay_run(rp2, g2) != 0)
		abort();
	hamle_game *g3 = NULL;
	int more = hamle_reader_next(r, &g3);
	if (more != HAMLE_ITEROVER || hamle_replay_error_count(rp2) == 0) {
		fprintf(stderr, "written PGN of a failed game %s:\n%.*s\n",
			more != HAMLE_ITEROVER ? "reads as more than one game" : "reads without an error", (int)len, pgn);
		abort();
	}
	hamle_game_free(g3);
	hamle_game_free(g2);
	hamle_replay_free(rp2);
	hamle_reader_free(r);
}

/* Whether game g failed for the writer (rp found an error, also one of the input's bytes alone:
 * that game is written decoded with an encoding note, and fails again): 1, 0, or -1 when that
 * cannot be told (the reader only counted some of its errors). */
static int failed(const hamle_game *g, const hamle_replay *rp)
{
	for (size_t i = 0; i < hamle_replay_finding_count(rp); i++)
		if (hamle_replay_finding(rp, i)->severity == HAMLE_SEVERITY_ERROR)
			return 1;
	size_t kept = 0;
	for (size_t i = 0; i < hamle_game_finding_count(g); i++)
		kept += hamle_game_finding_at(g, i)->severity == HAMLE_SEVERITY_ERROR;
	return hamle_game_error_count(g) > kept ? -1 : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	setup();
	if (size > 8192)
		return 0;
	unsigned flags = size ? data[0] : 0;
	hamle_reader *r = NULL;
	if (hamle_reader_new(&r, NULL) != 0)
		abort();
	hamle_reader_set_input_buffer(r, data, size, "fuzz");
	hamle_replay_options ro = fuzz_replay_options(NULL, (flags & 4) ? tr : NULL);
	ro.flags = HAMLE_REPLAY_KEEP_POSITIONS | ((flags & 1) ? HAMLE_REPLAY_STRICT : 0) |
	           ((flags & 2) ? HAMLE_REPLAY_REPAIR_TR : 0);
	hamle_replay *rp = NULL;
	if (hamle_replay_new(&rp, &ro) != 0)
		abort();
	static const int formats[] = {HAMLE_WRITE_PGN, HAMLE_WRITE_FIDE, HAMLE_WRITE_SAN, HAMLE_WRITE_LAN,
		HAMLE_WRITE_UCI, HAMLE_WRITE_SPOKEN, HAMLE_WRITE_FEN, HAMLE_WRITE_EPD, HAMLE_WRITE_JSON};
	hamle_writer *w[sizeof(formats) / sizeof(formats[0])];
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		hamle_writer_options wo = HAMLE_WRITER_OPTIONS_INIT;
		wo.format = formats[i];
		wo.locale = formats[i] == HAMLE_WRITE_FIDE ? tr : en;
		wo.line_width = (flags & 8) ? 20 : 0;
		if (hamle_writer_new(&w[i], &wo) != 0)
			abort();
	}
	hamle_game *g = NULL;
	while (hamle_reader_next_reuse(r, &g) == HAMLE_OK) {
		if (hamle_replay_run(rp, g) != 0)
			abort();
		for (size_t i = 0; i < hamle_replay_finding_count(rp); i++) {
			const hamle_diagnostic *d = hamle_replay_finding(rp, i);
			if (!d->id || !memchr(d->error.message, '\0', sizeof(d->error.message)) ||
			    d->n_suggestions > HAMLE_MAX_SUGGESTIONS)
				abort();
		}
		const char *variant = hamle_game_tag(g, "Variant");
		int playable = !variant || hamle_variant_kind(variant) != HAMLE_VARIANT_UNSUPPORTED;
		for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
			hamle_writer_reset(w[i]);
			int rc = playable ? hamle_writer_game(w[i], g, rp) : hamle_writer_passthrough(w[i], g, rp);
			if (rc != 0)
				abort();
			size_t len;
			const char *out = hamle_writer_output(w[i], &len);
			if (!out || strlen(out) != len)
				abort();
			if ((formats[i] == HAMLE_WRITE_PGN || formats[i] == HAMLE_WRITE_FIDE) && playable)
				check_shape(out, len);
			int f = failed(g, rp);
			if (formats[i] == HAMLE_WRITE_PGN && playable && f == 0 && !hamle_writer_stopped(w[i]))
				check_pgn_round_trip(g, rp, out, len);
			else if (formats[i] == HAMLE_WRITE_PGN && playable && f != -1)
				check_still_fails(&ro, out, len);
			hamle_error err;
			hamle_error_clear(&err);
			(void)hamle_writer_encode(w[i], (flags & 16) ? HAMLE_ENCODING_CP1254 : HAMLE_ENCODING_LATIN1, &err);
		}
	}
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		hamle_writer_free(w[i]);
	hamle_game_free(g);
	hamle_replay_free(rp);
	hamle_reader_free(r);
	return 0;
}
