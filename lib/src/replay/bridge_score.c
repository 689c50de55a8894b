/* bridge_score.c: the evidence about a bridge beyond how far the record replays after it and
 * how its numbers fit (bridge.c): which of its moves the record then uses or answers, which
 * leave pieces to be lost (and which of the record's moves do, under it), and, the last
 * tie-break, how natural each move looks on its own: the gain of the piece-square values of the
 * simplified evaluation function (Tomasz Michniewski's tables: develop and centralise the
 * pieces, keep the king sheltered until the endgame, then bring it to the centre). */
#include "replay/bridge_internal.h"

/* White's values, a8 first (as the tables are usually printed); Black's mirrored. */
static const signed char pst[7][64] = {
	{ /* pawn */
	  0,  0,  0,  0,  0,  0,  0,  0,   50, 50, 50, 50, 50, 50, 50, 50,
	 10, 10, 20, 30, 30, 20, 10, 10,    5,  5, 10, 25, 25, 10,  5,  5,
	  0,  0,  0, 20, 20,  0,  0,  0,    5, -5,-10,  0,  0,-10, -5,  5,
	  5, 10, 10,-20,-20, 10, 10,  5,    0,  0,  0,  0,  0,  0,  0,  0},
	{ /* knight */
	-50,-40,-30,-30,-30,-30,-40,-50,  -40,-20,  0,  0,  0,  0,-20,-40,
	-30,  0, 10, 15, 15, 10,  0,-30,  -30,  5, 15, 20, 20, 15,  5,-30,
	-30,  0, 15, 20, 20, 15,  0,-30,  -30,  5, 10, 15, 15, 10,  5,-30,
	-40,-20,  0,  5,  5,  0,-20,-40,  -50,-40,-30,-30,-30,-30,-40,-50},
	{ /* bishop */
	-20,-10,-10,-10,-10,-10,-10,-20,  -10,  0,  0,  0,  0,  0,  0,-10,
	-10,  0,  5, 10, 10,  5,  0,-10,  -10,  5,  5, 10, 10,  5,  5,-10,
	-10,  0, 10, 10, 10, 10,  0,-10,  -10, 10, 10, 10, 10, 10, 10,-10,
	-10,  5,  0,  0,  0,  0,  5,-10,  -20,-10,-10,-10,-10,-10,-10,-20},
	{ /* rook */
	  0,  0,  0,  0,  0,  0,  0,  0,    5, 10, 10, 10, 10, 10, 10,  5,
	 -5,  0,  0,  0,  0,  0,  0, -5,   -5,  0,  0,  0,  0,  0,  0, -5,
	 -5,  0,  0,  0,  0,  0,  0, -5,   -5,  0,  0,  0,  0,  0,  0, -5,
	 -5,  0,  0,  0,  0,  0,  0, -5,    0,  0,  0,  5,  5,  0,  0,  0},
	{ /* queen */
	-20,-10,-10, -5, -5,-10,-10,-20,  -10,  0,  0,  0,  0,  0,  0,-10,
	-10,  0,  5,  5,  5,  5,  0,-10,   -5,  0,  5,  5,  5,  5,  0, -5,
	  0,  0,  5,  5,  5,  5,  0, -5,  -10,  5,  5,  5,  5,  5,  0,-10,
	-10,  0,  5,  0,  0,  0,  0,-10,  -20,-10,-10, -5, -5,-10,-10,-20},
	{ /* king, middlegame */
	-30,-40,-40,-50,-50,-40,-40,-30,  -30,-40,-40,-50,-50,-40,-40,-30,
	-30,-40,-40,-50,-50,-40,-40,-30,  -30,-40,-40,-50,-50,-40,-40,-30,
	-20,-30,-30,-40,-40,-30,-30,-20,  -10,-20,-20,-20,-20,-20,-20,-10,
	 20, 20,  0,  0,  0,  0, 20, 20,   20, 30, 10,  0,  0, 10, 30, 20},
	{ /* king, endgame */
	-50,-40,-30,-20,-20,-30,-40,-50,  -30,-20,-10,  0,  0,-10,-20,-30,
	-30,-10, 20, 30, 30, 20,-10,-30,  -30,-10, 30, 40, 40, 30,-10,-30,
	-30,-10, 30, 40, 40, 30,-10,-30,  -30,-10, 20, 30, 30, 20,-10,-30,
	-30,-30,  0,  0,  0,  0,-30,-30,  -50,-30,-30,-30,-30,-30,-30,-50},
};

static int value(int table, int color, int sq)
{
	int file = HAMLE_SQ_FILE(sq), rank = HAMLE_SQ_RANK(sq);
	return pst[table][(color == HAMLE_WHITE ? 7 - rank : rank) * 8 + file];
}

int bridge_prior(const struct hamle_position *p, hamle_move m)
{
	int from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m), color = p->side;
	int type = PIECE_TYPE(p->board[from]);
	if (HAMLE_MOVE_KIND(m) == HAMLE_MOVE_CASTLING)
		return 30; /* the king to shelter, the rook out */
	if (type == HAMLE_KING) {
		/* the endgame: no queens, or little else beside them */
		int queens = bb_count(p->pieces[0][HAMLE_QUEEN] | p->pieces[1][HAMLE_QUEEN]);
		int minors = bb_count(p->pieces[0][HAMLE_KNIGHT] | p->pieces[1][HAMLE_KNIGHT] |
			p->pieces[0][HAMLE_BISHOP] | p->pieces[1][HAMLE_BISHOP] | p->pieces[0][HAMLE_ROOK] |
			p->pieces[1][HAMLE_ROOK]);
		int table = queens == 0 || minors <= 2 ? 6 : 5;
		return value(table, color, to) - value(table, color, from);
	}
	return value(type, color, to) - value(type, color, from);
}

const int bridge_worth[6] = {1, 3, 3, 5, 9, 100};

/* 1 when the piece that has just moved to sq in p (by the side not to move) stands to be lost:
 * taken by a cheaper piece, or attacked and not defended, for more than it took (gain). The
 * record's moves rarely do that, so a bridge under which they do is less likely. */
int bridge_left_en_prise(const struct hamle_position *p, int sq, int gain)
{
	int mover = !p->side, type = PIECE_TYPE(p->board[sq]);
	if (p->board[sq] == PIECE_NONE || type == HAMLE_KING)
		return 0;
	bitboard occ = pos_all(p), att = hamle_attackers(p, sq, p->side, occ);
	if (!att)
		return 0;
	int risk = 0;
	for (int t = HAMLE_PAWN; t < type && !risk; t++)
		if (att & p->pieces[p->side][t])
			risk = bridge_worth[type] - bridge_worth[t];
	if (!risk && !hamle_attackers(p, sq, mover, occ))
		risk = bridge_worth[type];
	return risk > gain;
}

/* The pieces of the side that has just moved in p that stand to be lost (see left_en_prise):
 * a player seldom leaves one, so a bridge under which the record's moves leave many is less
 * likely. */
int bridge_side_en_prise(const struct hamle_position *p)
{
	int n = 0, mover = !p->side;
	bitboard mine = p->occupied[mover] & ~p->pieces[mover][HAMLE_KING];
	while (mine) {
		int sq = bb_pop(&mine);
		n += bridge_left_en_prise(p, sq, 0);
	}
	return n;
}

/* What says that the bridge m[0..nm) (played from p0) is the moves played, beyond the marks:
 * each of its moves whose piece is used again (a later move of the bridge or of the record, up to the
 * horizon, leaves its square or lands on it: it moves on, or is taken), and each that the next
 * move of the other side answers (it gets out of its check, or moves away the piece it now
 * attacks), or that takes; less each that leaves pieces to be lost. A move that nothing later
 * touches is the filler any quiet move could be. from[] and to[] hold the squares of the n
 * recorded moves that replayed after it. */
int bridge_hints(const hamle_move *m, unsigned nm, const struct hamle_position *p0, const uint8_t *from,
	const uint8_t *to, int n)
{
	int score = 0;
	struct hamle_position p = *p0;
	for (unsigned i = 0; i < nm; i++) {
		int sq = HAMLE_MOVE_TO(m[i]), hit = 0;
		for (unsigned k = i + 1; k < nm && !hit; k++)
			hit = HAMLE_MOVE_FROM(m[k]) == sq || HAMLE_MOVE_TO(m[k]) == sq;
		for (int k = 0; k < n && !hit; k++)
			hit = from[k] == sq || to[k] == sq;
		score += hit;
		int mover = p.side, gain = 0;
		if (p.board[sq] != PIECE_NONE && HAMLE_MOVE_KIND(m[i]) != HAMLE_MOVE_CASTLING) {
			score += CAPTURE;
			gain = bridge_worth[PIECE_TYPE(p.board[sq])];
		}
		hamle_make_move(&p, m[i]);
		/* a piece left where a cheaper one takes it, or where it is attacked and not defended:
		 * not what a player does (the one moved, or any other of that side) */
		if (HAMLE_MOVE_KIND(m[i]) != HAMLE_MOVE_CASTLING && bridge_left_en_prise(&p, sq, gain))
			score -= HANGING;
		score -= HANGING * bridge_side_en_prise(&p);
		int reply = i + 1 < nm ? HAMLE_MOVE_FROM(m[i + 1]) : n > 0 ? from[0] : -1;
		if (reply >= 0 && p.board[reply] != PIECE_NONE && HAMLE_MOVE_KIND(m[i]) != HAMLE_MOVE_CASTLING &&
		    PIECE_TYPE(p.board[reply]) != HAMLE_KING &&
		    (hamle_attackers(&p, reply, mover, pos_all(&p)) & BB(sq)))
			score++;
		else if (reply >= 0 && hamle_position_in_check(&p))
			score++;
	}
	return score;
}
