/* turkish_move.c: read a move written in Turkish (Şah Ş, Vezir V, Kale K, Fil F, At A) and write
 * it in English SAN and UCI.
 *
 *   cc turkish_move.c $(pkg-config --cflags --libs hamle) -o turkish_move
 *   ./turkish_move Af3                      # from the start position: Af3 -> Nf3 (g1f3)
 *   ./turkish_move 'FEN' Vxd8               # from any position
 *
 * Exit status: 0 the move was read, 1 it is not a legal move (the reason in Turkish), 2 failure. */
#include <stdio.h>
#include <string.h>

#include <hamle/hamle.h>

int main(int argc, char **argv)
{
	if (argc != 2 && argc != 3) {
		fprintf(stderr, "usage: %s [FEN] MOVE\n", argv[0]);
		return 2;
	}
	const char *fen = argc == 3 ? argv[1] : NULL, *token = argv[argc - 1];
	hamle_error err;
	hamle_error_clear(&err);
	hamle_locale *tr = NULL, *en = NULL;
	hamle_position *pos = NULL;
	int status = 2;
	if (hamle_locale_load_builtin(&tr, "tr", &err) < 0 || hamle_locale_load_builtin(&en, "en", &err) < 0
		|| hamle_position_new(&pos, fen, &err) < 0) {
		fprintf(stderr, "%s\n", err.message);
		goto done;
	}
	hamle_move m;
	if (hamle_san_parse(&m, pos, tr, token, strlen(token), NULL, &err) < 0) {
		printf("%s: %s: %s\n", token, hamle_status_id(err.code), err.message);
		status = 1;
		goto done;
	}
	char san[HAMLE_SAN_MAX], uci[HAMLE_SAN_MAX];
	hamle_san_format(san, sizeof(san), pos, en, m, HAMLE_FORM_SAN);
	hamle_san_format(uci, sizeof(uci), pos, NULL, m, HAMLE_FORM_UCI);
	printf("%s -> %s (%s)\n", token, san, uci);
	status = 0;
done:
	hamle_position_free(pos);
	hamle_locale_free(en);
	hamle_locale_free(tr);
	return status;
}
