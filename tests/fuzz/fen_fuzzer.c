/* fen_fuzzer.c: the input as a FEN (up to its first NUL). An accepted position is written back
 * (X-FEN and Shredder-FEN) and read again: the same position must come back (same FEN, hash,
 * pieces, counters, legal moves). Then the rules run on it, however odd: legal moves (each one
 * played, its child written, read back and compared; each written in SAN and read back), every
 * move word hamle_position_is_legal is asked about agrees with the list, state and repetition key.
 * Any disagreement is abort(). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/position.h"
#include "hamle/rules.h"
#include "hamle/san.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static hamle_locale *en;

static int fen_of(char *buf, const hamle_position *pos, int style)
{
	int n = hamle_position_fen(buf, HAMLE_FEN_MAX, pos, style);
	if (n <= 0 || n >= HAMLE_FEN_MAX || strlen(buf) != (size_t)n)
		abort();
	return n;
}

static int cmp_move(const void *a, const void *b)
{
	return (int)*(const hamle_move *)a - (int)*(const hamle_move *)b;
}

static int sorted_moves(const hamle_position *pos, hamle_move *moves)
{
	int n = hamle_position_legal_moves(pos, moves);
	if (n < 0 || n > HAMLE_MAX_MOVES)
		abort();
	qsort(moves, (size_t)n, sizeof(*moves), cmp_move);
	return n;
}

/* a and b must be the same position (the Chess960 flag too when check960). */
static void same(const hamle_position *a, const hamle_position *b, int check960, const char *what)
{
	char fa[HAMLE_FEN_MAX], fb[HAMLE_FEN_MAX];
	fen_of(fa, a, HAMLE_FEN_XFEN);
	fen_of(fb, b, HAMLE_FEN_XFEN);
	int bad = strcmp(fa, fb) != 0;
	bad |= hamle_position_hash(a) != hamle_position_hash(b);
	bad |= hamle_position_repetition_key(a) != hamle_position_repetition_key(b);
	bad |= hamle_position_side(a) != hamle_position_side(b);
	bad |= hamle_position_halfmove(a) != hamle_position_halfmove(b);
	bad |= hamle_position_fullmove(a) != hamle_position_fullmove(b);
	if (check960)
		bad |= hamle_position_is_chess960(a) != hamle_position_is_chess960(b);
	bad |= hamle_position_in_check(a) != hamle_position_in_check(b);
	for (int sq = 0; sq < 64; sq++) {
		int ta = -1, ca = -1, tb = -1, cb = -1;
		int ha = hamle_position_piece_at(a, sq, &ta, &ca), hb = hamle_position_piece_at(b, sq, &tb, &cb);
		bad |= ha != hb || (ha && (ta != tb || ca != cb));
	}
	hamle_move ma[HAMLE_MAX_MOVES], mb[HAMLE_MAX_MOVES];
	int na = sorted_moves(a, ma), nb = sorted_moves(b, mb);
	bad |= na != nb || memcmp(ma, mb, (size_t)na * sizeof(*ma)) != 0;
	if (bad) {
		fprintf(stderr, "%s: '%s' and '%s' differ (%d and %d moves)\n", what, fa, fb, na, nb);
		abort();
	}
}

/* pos written in `style` and read back must be pos. The Chess960 flag says how castling is
 * written: standard chess must come back from X-FEN as standard, Chess960 with castling rights from
 * Shredder-FEN as Chess960 (X-FEN cannot tell a Chess960 game in the standard setup). */
static void round_trip(const hamle_position *pos, int style, const char *what)
{
	char fen[HAMLE_FEN_MAX];
	fen_of(fen, pos, style);
	const char *castling = strchr(fen, ' ');
	castling = castling ? strchr(castling + 1, ' ') : NULL;
	int rights = castling && castling[1] != '-';
	int check960 = style == HAMLE_FEN_XFEN ? !hamle_position_is_chess960(pos)
	                                       : hamle_position_is_chess960(pos) && rights;
	hamle_position *back = NULL;
	hamle_error err;
	hamle_error_clear(&err);
	if (hamle_position_new(&back, fen, &err) != 0) {
		fprintf(stderr, "%s: '%s' written, not read back: %s\n", what, fen, err.message);
		abort();
	}
	same(pos, back, check960, what);
	hamle_position_free(back);
}

static int in_list(const hamle_move *moves, int n, hamle_move m)
{
	return bsearch(&m, moves, (size_t)n, sizeof(*moves), cmp_move) != NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!en && hamle_locale_load_builtin(&en, "en", NULL) != 0)
		abort();
	if (size > 512)
		return 0;
	char fen[513];
	memcpy(fen, data, size);
	fen[size] = '\0';
	hamle_position *pos = NULL;
	hamle_error err;
	hamle_error_clear(&err);
	int rc = hamle_position_new(&pos, fen, &err);
	if (rc != 0) {
		if (rc != HAMLE_EBADFEN || pos != NULL || err.message[0] == '\0' ||
		    !memchr(err.message, '\0', sizeof(err.message)))
			abort();
		return 0;
	}
	round_trip(pos, HAMLE_FEN_XFEN, "x-fen");
	round_trip(pos, HAMLE_FEN_SHREDDER, "shredder-fen");
	hamle_position *copy = NULL;
	if (hamle_position_copy(&copy, pos) != 0)
		abort();
	same(pos, copy, 1, "copy");

	hamle_move moves[HAMLE_MAX_MOVES];
	int n = sorted_moves(pos, moves);
	hamle_state st = hamle_position_state(pos);
	if ((n == 0) != (st == HAMLE_STATE_CHECKMATE || st == HAMLE_STATE_STALEMATE))
		abort();
	if (n == 0 && (st == HAMLE_STATE_CHECKMATE) != (hamle_position_in_check(pos) != 0))
		abort();
	(void)hamle_position_dead(pos);
	(void)hamle_state_id(st);

	/* every move word from a square of the side to move: is_legal agrees with the list */
	int side = hamle_position_side(pos);
	for (int from = 0; from < 64; from++) {
		int t, c;
		if (!hamle_position_piece_at(pos, from, &t, &c) || c != side)
			continue;
		for (int to = 0; to < 64; to++)
			for (int kind = 0; kind < 4; kind++)
				for (int promo = 0; promo < (kind == HAMLE_MOVE_PROMOTION ? 4 : 1); promo++) {
					hamle_move m = HAMLE_MOVE_MAKE(from, to, kind, promo);
					if ((hamle_position_is_legal(pos, m) != 0) != in_list(moves, n, m)) {
						fprintf(stderr, "is_legal(%d) disagrees with the move list\n", m);
						abort();
					}
				}
	}

	for (int i = 0; i < n; i++) {
		char san[HAMLE_SAN_MAX], uci[16];
		int len = hamle_san_format(san, sizeof(san), pos, en, moves[i], HAMLE_FORM_SAN);
		if (len <= 0 || (size_t)len >= sizeof(san))
			abort();
		hamle_move back = HAMLE_MOVE_NONE;
		hamle_error_clear(&err);
		if (hamle_san_parse(&back, pos, en, san, (size_t)len, NULL, &err) != 0 || back != moves[i]) {
			fprintf(stderr, "'%s' in '%s' reads back as %d (%s), want %d\n", san, fen, back, err.message,
				moves[i]);
			abort();
		}
		len = hamle_move_uci(uci, sizeof(uci), pos, moves[i]);
		if (len <= 0 || (size_t)len >= sizeof(uci))
			abort();
		hamle_position_play(copy, moves[i]);
		round_trip(copy, hamle_position_is_chess960(copy) ? HAMLE_FEN_SHREDDER : HAMLE_FEN_XFEN,
			"after a move");
		hamle_move child[HAMLE_MAX_MOVES];
		(void)hamle_position_legal_moves(copy, child);
		hamle_position_free(copy);
		copy = NULL;
		if (hamle_position_copy(&copy, pos) != 0)
			abort();
	}
	if (!hamle_position_in_check(copy))
		hamle_position_play(copy, HAMLE_MOVE_NULL);
	hamle_position_free(copy);
	hamle_position_free(pos);
	return 0;
}
