/* diagram.c: the board before a finding's move as text (see diagram.h). */
#include <stdio.h>
#include <string.h>

#include "diagram.h"

/* The Unicode chess symbols (U+2654..U+265F) and FEN's letters, by hamle_piece_type, per colour. */
static const char *const figurine[2][6] = {
	{"\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"},
	{"\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A"}};
static const char letter[2][6] = {{'P', 'N', 'B', 'R', 'Q', 'K'}, {'p', 'n', 'b', 'r', 'q', 'k'}};

#define COLOR_FROM "\033[30;103m" /* black on bright yellow */
#define COLOR_TO "\033[30;102m"   /* black on bright green */
#define COLOR_OFF "\033[0m"

void hamle_diagram_squares(hamle_move m, int *from, int *to)
{
	*from = *to = HAMLE_NO_SQUARE;
	if (m == HAMLE_MOVE_NONE || m == HAMLE_MOVE_NULL)
		return;
	*from = HAMLE_MOVE_FROM(m);
	*to = HAMLE_MOVE_TO(m);
	if (HAMLE_MOVE_KIND(m) == HAMLE_MOVE_CASTLING) /* king takes rook: the king lands on g or c */
		*to = HAMLE_SQ(*to > *from ? 6 : 2, HAMLE_SQ_RANK(*from));
}

void hamle_diagram_token_text(char *buf, size_t size, const hamle_game *g, size_t token)
{
	if (!size)
		return;
	buf[0] = '\0';
	const hamle_token *t = hamle_game_tokens(g);
	if (!t || token >= hamle_game_token_count(g) || t[token].kind != HAMLE_TOKEN_MOVE)
		return;
	size_t len = t[token].value && t[token].value <= t[token].len ? t[token].value : t[token].len, k = 0;
	for (size_t i = 0; i < len && k + 1 < size; i++) {
		char c = t[token].text[i];
		buf[k++] = (unsigned char)c < 0x20 ? ' ' : c; /* a mark wrapped onto the next line */
	}
	buf[k] = '\0';
}

void hamle_diagram_last_move(char *buf, size_t size, const hamle_game *g, const hamle_replay_move *mv,
	size_t token)
{
	if (size)
		buf[0] = '\0';
	size_t n = hamle_game_token_count(g);
	const hamle_token *t = hamle_game_tokens(g);
	if (!mv || !t || token >= n || !size)
		return;
	unsigned depth = t[token].depth;
	bool skip = false; /* the move the variation we came out of replaces */
	for (size_t j = token; j-- > 0;) {
		if (t[j].depth > depth)
			continue; /* a variation inside the line */
		if (t[j].kind == HAMLE_TOKEN_VAR_START) {
			if (depth == 0)
				return;
			depth--; /* the line's own start: on in the line it branches from */
			skip = true;
			continue;
		}
		if (t[j].kind != HAMLE_TOKEN_MOVE || !(mv[j].flags & HAMLE_RM_MOVE))
			continue;
		if (skip) {
			skip = false;
			continue;
		}
		hamle_diagram_token_text(buf, size, g, j);
		return;
	}
}

/* The text beside rank line `row` (0 for rank 8). */
static void side_text(char *out, size_t size, const hamle_locale *messages, const hamle_position *pos,
	int row, const char *last, const char *marked)
{
	out[0] = '\0';
	if (row == 0) {
		bool white = hamle_position_side(pos) == HAMLE_WHITE;
		const char *key = white ? "diagram_white_to_move" : "diagram_black_to_move";
		if (hamle_locale_format(out, size, messages, key, 0, NULL) < 0)
			snprintf(out, size, "%s", white ? "White to move" : "Black to move");
	} else if (row == 1 && last && last[0]) {
		/* the last move was the other side's: Black's of the move before when White is to move */
		int full = hamle_position_fullmove(pos);
		bool white = hamle_position_side(pos) == HAMLE_WHITE;
		char move[HAMLE_SAN_TEXT_MAX + 32];
		snprintf(move, sizeof(move), "%d%s %s", white ? (full > 1 ? full - 1 : 1) : full, white ? "..." : ".",
			last);
		const char *args[1] = {move};
		if (hamle_locale_format(out, size, messages, "diagram_last_move", 1, args) < 0)
			snprintf(out, size, "last move: %s", move);
	} else if (row == 2 && marked && marked[0]) {
		const char *args[1] = {marked};
		if (hamle_locale_format(out, size, messages, "diagram_marked", 1, args) < 0)
			snprintf(out, size, "marked: %s", marked);
	}
}

void hamle_diagram_text(hamle_buf *b, const hamle_diagram *d, const hamle_locale *messages,
	const hamle_position *pos, const char *last, const char *marked, int from, int to)
{
	if (!d || !pos)
		return;
	for (int row = 0; row < 8; row++) {
		int rank = 7 - row;
		hamle_buf_printf(b, "    %d ", rank + 1);
		for (int file = 0; file < 8; file++) {
			int sq = HAMLE_SQ(file, rank), type, color;
			const char *glyph = d->ascii ? "." : "\u00B7";
			char one[2] = {0, 0};
			if (hamle_position_piece_at(pos, sq, &type, &color) && type >= 0 && type < 6 &&
				(color == HAMLE_WHITE || color == HAMLE_BLACK)) {
				one[0] = letter[color][type];
				glyph = d->ascii ? one : figurine[color][type];
			}
			bool is_from = sq == from, is_to = sq == to;
			if (d->color && (is_from || is_to))
				hamle_buf_printf(b, "%s %s %s", is_to ? COLOR_TO : COLOR_FROM, glyph, COLOR_OFF);
			else
				hamle_buf_printf(b, "%c%s%c", is_to ? '[' : is_from ? '(' : ' ', glyph,
					is_to ? ']' : is_from ? ')' : ' ');
		}
		char text[HAMLE_ERROR_MESSAGE_MAX];
		side_text(text, sizeof(text), messages, pos, row, last, marked);
		if (text[0])
			hamle_buf_printf(b, "   %s", text);
		else if (!hamle_buf_failed(b) && b->len && b->data[b->len - 1] == ' ')
			b->data[--b->len] = '\0'; /* no blank at the line's end */
		hamle_buf_putc(b, '\n');
	}
	hamle_buf_puts(b, "       a  b  c  d  e  f  g  h\n");
}

void hamle_diagram_finding(hamle_buf *b, const hamle_diagram *d, const hamle_locale *messages,
	const hamle_game *g, const hamle_replay *rp, const hamle_diagnostic *f)
{
	if (!d || !d->on || !f || !f->fen[0])
		return;
	hamle_position *pos = NULL;
	if (hamle_position_new(&pos, f->fen, NULL) < 0)
		return;
	char last[HAMLE_SAN_TEXT_MAX] = "", marked[HAMLE_SAN_TEXT_MAX + 16] = "";
	if (f->token != (size_t)-1)
		hamle_diagram_last_move(last, sizeof(last), g, rp ? hamle_replay_moves(rp) : NULL, f->token);
	int from = HAMLE_NO_SQUARE, to = HAMLE_NO_SQUARE;
	if (f->n_suggestions) {
		const hamle_suggestion *s = &f->suggestion[0];
		hamle_diagram_squares(s->move, &from, &to);
		if (from != HAMLE_NO_SQUARE)
			snprintf(marked, sizeof(marked), "%s (%c%c-%c%c)", s->san, 'a' + HAMLE_SQ_FILE(from),
				'1' + HAMLE_SQ_RANK(from), 'a' + HAMLE_SQ_FILE(to), '1' + HAMLE_SQ_RANK(to));
	}
	hamle_diagram_text(b, d, messages, pos, last, marked, from, to);
	hamle_position_free(pos);
}
