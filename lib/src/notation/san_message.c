/* san_message.c: the reader's error messages, built from the locale's templates
 * ("no knight can reach f3", "two rooks can reach d1: Rad1 or Rfd1"). Only the error path
 * comes here, so it may generate moves freely. */
#include <stdio.h>
#include <string.h>

#include "error_internal.h"
#include "notation/san_internal.h"

int san_err_format(hamle_error *err, int code, const struct hamle_locale *loc, const char *key,
	size_t nargs, const char *const *args)
{
	if (!err)
		return code;
	err->code = code;
	if (hamle_locale_format(err->message, sizeof(err->message), loc, key, nargs, args) < 0) {
		/* the locale lacks the key: still say everything we know */
		size_t o = (size_t)snprintf(err->message, sizeof(err->message), "%s", key);
		for (size_t i = 0; i < nargs && o < sizeof(err->message); i++)
			o += (size_t)snprintf(err->message + o, sizeof(err->message) - o, "%s%s",
				i ? ", " : ": ", args[i]);
	}
	return code;
}


int san_err_syntax(hamle_error *err, const struct hamle_locale *loc, const char *tok, size_t len)
{
	char text[HAMLE_ERROR_TOKEN_MAX];
	hamle_error_text_line(text, sizeof(text), tok, len); /* a token may span a line end */
	const char *args[] = {text};
	return san_err_format(err, HAMLE_ESYNTAX, loc, "not_a_move", 1, args);
}

int san_err_unknown_piece(hamle_error *err, const struct hamle_locale *loc,
	const struct hamle_locale *msg, const char *letter, size_t len)
{
	char text[16];
	hamle_error_text_line(text, sizeof(text), letter, len);
	const char *name = hamle_locale_language_name(msg, loc->tag);
	const char *args[] = {text, name ? name : loc->name};
	return san_err_format(err, HAMLE_ESYNTAX, msg, "unknown_piece_letter", 2, args);
}

static void square_name(char buf[3], int sq)
{
	buf[0] = (char)('a' + HAMLE_SQ_FILE(sq));
	buf[1] = (char)('1' + HAMLE_SQ_RANK(sq));
	buf[2] = '\0';
}

/* Is there a legal move of the token's kinds to its square, from its origin, that is (want 1)
 * or is not (want 0) a promotion? */
static int has_move(const struct hamle_position *p, unsigned types, const struct san_tok *t, int want)
{
	hamle_move list[HAMLE_MAX_MOVES];
	int n = hamle_gen_legal(p, types, BB(t->to), list);
	for (int i = 0; i < n; i++) {
		hamle_move m = list[i];
		int from = HAMLE_MOVE_FROM(m);
		if (HAMLE_MOVE_KIND(m) == HAMLE_MOVE_CASTLING || HAMLE_MOVE_TO(m) != t->to)
			continue;
		if ((t->from_file >= 0 && HAMLE_SQ_FILE(from) != t->from_file) ||
			(t->from_rank >= 0 && HAMLE_SQ_RANK(from) != t->from_rank))
			continue;
		if ((HAMLE_MOVE_KIND(m) == HAMLE_MOVE_PROMOTION) == want)
			return 1;
	}
	return 0;
}

int san_err_illegal(hamle_error *err, const struct hamle_position *p, const struct hamle_locale *msg,
	const struct san_tok *t)
{
	char body[HAMLE_ERROR_TOKEN_MAX], sq[3];
	hamle_error_text_line(body, sizeof(body), t->body, t->body_len);
	const char *body_arg[] = {body};
	if (t->castle >= 0)
		return san_err_format(err, HAMLE_EILLEGAL, msg, "illegal_castling", 1, body_arg);
	int type = t->piece;
	if (type < 0 && t->from_file >= 0 && t->from_rank >= 0) {
		int code = p->board[HAMLE_SQ(t->from_file, t->from_rank)];
		if (code == PIECE_NONE || PIECE_COLOR(code) != p->side)
			return san_err_format(err, HAMLE_EILLEGAL, msg, "illegal_move", 1, body_arg);
		type = PIECE_TYPE(code);
	}
	if (type < 0)
		type = HAMLE_PAWN;
	/* a promotion to a pawn or king, a missing or needless promotion piece, an origin that no
	 * piece of that kind stands on: "e8 is not a legal move here" */
	if (t->promo == HAMLE_PAWN || t->promo == HAMLE_KING || t->from_file >= 0 || t->from_rank >= 0 ||
		(t->promo < 0 && has_move(p, 1u << type, t, 1)) ||
		(t->promo >= 0 && has_move(p, 1u << type, t, 0)))
		return san_err_format(err, HAMLE_EILLEGAL, msg, "illegal_move", 1, body_arg);
	square_name(sq, t->to);
	const char *args[] = {msg->no_piece[type], sq};
	return san_err_format(err, HAMLE_EILLEGAL, msg, "no_piece_can_reach", 2, args);
}

int san_err_ambiguous(hamle_error *err, const struct hamle_position *p, const struct hamle_locale *loc,
	const struct hamle_locale *msg, const struct san_tok *t, const hamle_move *cand, int n)
{
	/* candidates in the locale's SAN, sorted (byte order), so the message does not depend on
	 * the order of move generation */
	char text[16][HAMLE_SAN_MAX], list[HAMLE_ERROR_MESSAGE_MAX], count[16], sq[3];
	int k = 0;
	for (int i = 0; i < n && k < 16; i++) {
		if (hamle_san_format(text[k], sizeof(text[k]), p, loc, cand[i], HAMLE_FORM_SAN) < 0)
			continue;
		for (int j = k; j > 0 && strcmp(text[j - 1], text[j]) > 0; j--) {
			char tmp[HAMLE_SAN_MAX];
			memcpy(tmp, text[j], sizeof(tmp));
			memcpy(text[j], text[j - 1], sizeof(tmp));
			memcpy(text[j - 1], tmp, sizeof(tmp));
		}
		k++;
	}
	const char *or_word = hamle_locale_message(msg, "or");
	const char *sep_word = hamle_locale_message(msg, "list_separator");
	size_t o = 0;
	list[0] = '\0';
	for (int i = 0; i < k && o < sizeof(list); i++) {
		const char *sepr = i == 0 ? "" : i + 1 < k ? (sep_word ? sep_word : ", ") :
			(or_word ? or_word : " / ");
		o += (size_t)snprintf(list + o, sizeof(list) - o, "%s%s", sepr, text[i]);
	}
	int type = PIECE_TYPE(p->board[HAMLE_MOVE_FROM(cand[0])]);
	if ((size_t)(n - 2) < msg->n_count_word)
		snprintf(count, sizeof(count), "%s", msg->count_word[n - 2]);
	else
		snprintf(count, sizeof(count), "%d", n);
	square_name(sq, t->to);
	const char *args[] = {count, msg->noun_plural[type], sq, list};
	return san_err_format(err, HAMLE_EAMBIGUOUS, msg, "ambiguous", 4, args);
}
