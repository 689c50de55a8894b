/* replay_game.c: read the games of a PGN file (or typed scoresheet) and replay them: for each
 * game its players, the language it was read in, the plies replayed and the final position.
 *
 *   cc replay_game.c $(pkg-config --cflags --libs hamle) -o replay_game
 *   ./replay_game game.pgn
 *
 * Exit status: 0 when every game replayed without an error, 1 otherwise, 2 on a failure. */
#include <stdio.h>

#include <hamle/hamle.h>

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s FILE.pgn\n", argv[0]);
		return 2;
	}
	FILE *f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		return 2;
	}
	hamle_reader *reader = NULL;
	hamle_replay *replay = NULL;
	hamle_game *game = NULL;
	int status = 0, rc;
	if (hamle_reader_new(&reader, NULL) < 0 || hamle_replay_new(&replay, NULL) < 0
		|| hamle_reader_set_input_file(reader, f, argv[1]) < 0) {
		fprintf(stderr, "out of memory\n");
		status = 2;
		goto done;
	}
	/* One game at a time: memory stays flat however long the file is. */
	while ((rc = hamle_reader_next_reuse(reader, &game)) == HAMLE_OK) {
		if (hamle_replay_run(replay, game) < 0) {
			status = 2;
			break;
		}
		char fen[HAMLE_FEN_MAX];
		hamle_position_fen(fen, sizeof(fen), hamle_replay_final(replay), HAMLE_FEN_XFEN);
		const char *white = hamle_game_tag(game, "White"), *black = hamle_game_tag(game, "Black");
		printf("game %zu: %s - %s, read as %s, %u plies, %zu errors\n", hamle_game_index(game),
			white ? white : "?", black ? black : "?", hamle_locale_tag(hamle_replay_locale(replay)),
			hamle_replay_plies(replay), hamle_replay_error_count(replay));
		printf("final: %s\n", fen);
		if (hamle_replay_error_count(replay))
			status = status ? status : 1;
	}
	if (rc < 0) {
		fprintf(stderr, "%s: %s\n", argv[1], hamle_reader_error(reader)->message);
		status = 2;
	}
done:
	hamle_game_free(game);
	hamle_replay_free(replay);
	hamle_reader_free(reader);
	fclose(f);
	return status;
}
