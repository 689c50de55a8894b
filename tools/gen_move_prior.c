/* gen_move_prior.c: writes data/move-prior/move-prior.bin, how often players choose each kind of
 * move, from the games of PGN files (the GNU Chess book: data/move-prior/README.md).
 *
 * A kind of move is its piece type, its origin and its destination, seen from the side that
 * moves (ranks mirrored for Black), in one of three stretches of the game (plies 0-15, 16-49,
 * 50 on). For each kind the generator counts the positions where a move of that kind was legal
 * (legal) and those where it was the move played (chosen); the file holds, for each kind,
 * round(20 * -ln((chosen + 0.5) / (legal + 5))), at most 255, one byte, in the order
 * [stretch][piece type pawn..king][origin a1..h8][destination a1..h8]. The library reads it as
 * the prior of the bridge search (lib/src/replay/bridge_score.c).
 *
 * Only the mainlines of games from the standard start that replay without an error count.
 *
 * usage: hamle_gen_move_prior OUT.bin FILE.pgn... */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "chess/position_internal.h"
#include "hamle/hamle.h"
#include "replay/move_prior.h"

static double legal[HAMLE_MOVE_PRIOR_SIZE], chosen[HAMLE_MOVE_PRIOR_SIZE];

static void count_game(const hamle_game *g, const hamle_replay *rp)
{
	const hamle_token *t = hamle_game_tokens(g);
	const hamle_replay_move *rm = hamle_replay_moves(rp);
	struct hamle_position p;
	hamle_error err;
	if (hamle_position_parse(&p, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &err) != HAMLE_OK)
		return;
	for (size_t i = 0; i < hamle_game_token_count(g); i++) {
		if (t[i].depth != 0 || !(rm[i].flags & HAMLE_RM_MOVE))
			continue;
		hamle_move list[HAMLE_MAX_MOVES];
		int n = hamle_gen_legal(&p, GEN_ALL_TYPES, GEN_ALL_SQUARES, list);
		for (int k = 0; k < n; k++) {
			size_t at = hamle_move_prior_index(&p, list[k]);
			legal[at] += 1;
			if (list[k] == rm[i].move)
				chosen[at] += 1;
		}
		hamle_make_move(&p, rm[i].move);
	}
}

static long count_file(const char *path, hamle_replay *rp)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return -1;
	}
	hamle_reader *r = NULL;
	hamle_game *g = NULL;
	long games = 0;
	if (hamle_reader_new(&r, NULL) == HAMLE_OK && hamle_reader_set_input_file(r, f, path) == HAMLE_OK)
		while (hamle_reader_next_reuse(r, &g) == HAMLE_OK) {
			if (hamle_game_tag(g, "FEN") || hamle_game_tag(g, "Variant"))
				continue;
			if (hamle_replay_run(rp, g) < 0 || hamle_replay_error_count(rp))
				continue;
			count_game(g, rp);
			games++;
		}
	hamle_game_free(g);
	hamle_reader_free(r);
	fclose(f);
	return games;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: %s OUT.bin FILE.pgn...\n", argv[0]);
		return 2;
	}
	hamle_replay_options ro = HAMLE_REPLAY_OPTIONS_INIT;
	ro.flags = HAMLE_REPLAY_NO_SUGGEST;
	hamle_replay *rp = NULL;
	if (hamle_replay_new(&rp, &ro) != HAMLE_OK)
		return 1;
	long games = 0;
	for (int i = 2; i < argc; i++) {
		long n = count_file(argv[i], rp);
		if (n < 0)
			return 1;
		games += n;
	}
	hamle_replay_free(rp);
	static unsigned char out[HAMLE_MOVE_PRIOR_SIZE];
	for (size_t i = 0; i < HAMLE_MOVE_PRIOR_SIZE; i++) {
		long v = lrint(-20.0 * log((chosen[i] + 0.5) / (legal[i] + 5.0)));
		out[i] = (unsigned char)(v < 0 ? 0 : v > 255 ? 255 : v);
	}
	FILE *o = fopen(argv[1], "wb");
	if (!o || fwrite(out, sizeof out, 1, o) != 1 || fclose(o) != 0) {
		perror(argv[1]);
		return 1;
	}
	fprintf(stderr, "%s: %ld games\n", argv[1], games);
	return 0;
}
