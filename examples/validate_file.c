/* validate_file.c: a small hamle-validate: every finding of every game of a file, with its
 * location, in the language given (default en), and a count at the end.
 *
 *   cc validate_file.c $(pkg-config --cflags --libs hamle) -o validate_file
 *   ./validate_file games.pgn tr
 *
 * Exit status: 0 every game valid, 1 at least one game with an error, 2 on a failure. */
#include <stdio.h>

#include <hamle/hamle.h>

int main(int argc, char **argv)
{
	if (argc != 2 && argc != 3) {
		fprintf(stderr, "usage: %s FILE [LANG]\n", argv[0]);
		return 2;
	}
	hamle_error err;
	hamle_error_clear(&err);
	hamle_locale *messages = NULL;
	if (hamle_locale_load_builtin(&messages, argc == 3 ? argv[2] : "en", &err) < 0) {
		fprintf(stderr, "%s\n", err.message);
		return 2;
	}
	FILE *f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		hamle_locale_free(messages);
		return 2;
	}
	hamle_reader_options ropts = HAMLE_READER_OPTIONS_INIT;
	ropts.messages = messages; /* borrowed: freed after the reader and the games */
	hamle_replay_options popts = HAMLE_REPLAY_OPTIONS_INIT;
	popts.messages = messages;
	hamle_reader *reader = NULL;
	hamle_replay *replay = NULL;
	hamle_game *game = NULL;
	size_t games = 0, invalid = 0;
	int status = 0, rc = 0;
	if (hamle_reader_new(&reader, &ropts) < 0 || hamle_replay_new(&replay, &popts) < 0
		|| hamle_reader_set_input_file(reader, f, argv[1]) < 0) {
		status = 2;
		goto done;
	}
	while ((rc = hamle_reader_next_reuse(reader, &game)) == HAMLE_OK) {
		if (hamle_replay_run(replay, game) < 0) {
			status = 2;
			break;
		}
		games++;
		/* The replay's findings include the reader's: syntax, encoding, tags... */
		for (size_t i = 0; i < hamle_replay_finding_count(replay); i++) {
			const hamle_diagnostic *d = hamle_replay_finding(replay, i);
			printf("%s:%zu:%zu: game %zu: %s%s: %s\n", argv[1], d->error.line, d->error.column,
				hamle_game_index(game), d->severity == HAMLE_SEVERITY_ERROR ? "" : "warning: ",
				d->id, d->error.message);
		}
		if (hamle_replay_error_count(replay))
			invalid++;
	}
	if (rc < 0) {
		fprintf(stderr, "%s: %s\n", argv[1], hamle_reader_error(reader)->message);
		status = 2;
	}
	printf("%zu games, %zu with errors\n", games, invalid);
	if (!status && invalid)
		status = 1;
done:
	hamle_game_free(game);
	hamle_replay_free(replay);
	hamle_reader_free(reader);
	hamle_locale_free(messages);
	fclose(f);
	return status;
}
