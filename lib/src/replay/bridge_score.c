/* bridge_score.c: the evidence about a bridge beyond how far the record replays after it and
 * how its numbers fit (bridge.c): which of its moves the record then uses or answers, whether its
 * first move answers the move before it, which leave pieces to be lost (and which of the
 * record's moves do, under it), which leave the other side's pieces to be lost (a threat: what
 * players make), and how natural each move looks: how often players choose a move
 * of its kind where it is legal (move_prior.h, learnt from master games). Each is a count of
 * enum bridge_feature; bridge.c weighs them (bridge_default_weight). */
#include "replay/bridge_internal.h"
#include "replay/move_prior.h"

int bridge_prior(const struct hamle_position *p, hamle_move m)
{
	return -(int)hamle_embedded_move_prior[hamle_move_prior_index(p, m)];
}

const int bridge_worth[6] = {1, 3, 3, 5, 9, 100};

const int bridge_default_weight[BF_COUNT] = {
	[BF_MARKS] = 60, [BF_REC_HANG] = 90, [BF_REC_SIDE] = 40, [BF_USED] = -20, [BF_CAPTURE] = -40,
	[BF_HANG] = 60, [BF_SIDE] = 40, [BF_REPLY] = -40, [BF_RETAKE] = -40, [BF_ESCAPE] = -30, [BF_NEAR] = -30,
	[BF_PRIOR] = -1, [BF_REST] = -1, [BF_THREAT] = -40,
};

/* 1 when owner's piece on sq in p stands to be lost: taken by a cheaper piece, or attacked and
 * not defended, for more than it took (gain). */
static int at_risk(const struct hamle_position *p, int sq, int owner, int gain)
{
	int type = PIECE_TYPE(p->board[sq]);
	if (p->board[sq] == PIECE_NONE || type == HAMLE_KING)
		return 0;
	bitboard occ = pos_all(p), att = hamle_attackers(p, sq, !owner, occ);
	if (!att)
		return 0;
	int risk = 0;
	for (int t = HAMLE_PAWN; t < type && !risk; t++)
		if (att & p->pieces[!owner][t])
			risk = bridge_worth[type] - bridge_worth[t];
	if (!risk && !hamle_attackers(p, sq, owner, occ))
		risk = bridge_worth[type];
	return risk > gain;
}

/* The pieces of owner in p that stand to be lost (at_risk). */
static int pieces_at_risk(const struct hamle_position *p, int owner)
{
	int n = 0;
	bitboard men = p->occupied[owner] & ~p->pieces[owner][HAMLE_KING];
	while (men)
		n += at_risk(p, bb_pop(&men), owner, 0);
	return n;
}

/* 1 when the piece that has just moved to sq in p (by the side not to move) stands to be lost
 * for more than it took (gain). The record's moves rarely do that, so a bridge under which they
 * do is less likely. */
int bridge_left_en_prise(const struct hamle_position *p, int sq, int gain)
{
	return at_risk(p, sq, !p->side, gain);
}

/* The pieces of the side that has just moved in p that stand to be lost: a player seldom leaves
 * one, so a bridge under which the record's moves leave many is less likely. */
int bridge_side_en_prise(const struct hamle_position *p)
{
	return pieces_at_risk(p, !p->side);
}

/* What says that the bridge m[0..nm) (played from p0, reached by the other side's move last) is
 * the moves played, beyond the marks: each of its moves whose piece is used again (a later move
 * of the bridge or of the record, up to the horizon, leaves its square or lands on it: it moves
 * on, or is taken), and each that the next move of the other side answers (it gets out of its
 * check, or moves away the piece it now attacks), or that takes; a first move that answers last
 * (takes the piece that moved, moves away the piece it attacks, or is played next to it); and,
 * against it, each move that leaves pieces to be lost. A move that nothing later touches is the
 * filler any quiet move could be. from[] and to[] hold the squares of the n recorded moves that
 * replayed after it. */
void bridge_hints(const hamle_move *m, unsigned nm, const struct hamle_position *p0, hamle_move last,
	const uint8_t *from, const uint8_t *to, int n, int *f)
{
	if (nm && last != HAMLE_MOVE_NULL) {
		/* the first move answers the other side's last: it is played where that one went or
		 * next to it; it takes the piece that moved, or moves away the piece that one attacks */
		int t = HAMLE_MOVE_TO(last), from0 = HAMLE_MOVE_FROM(m[0]), to0 = HAMLE_MOVE_TO(m[0]);
		bitboard near = hamle_king_attacks[t] | BB(t);
		f[BF_NEAR] += ((near >> to0) & 1) | ((near >> from0) & 1);
		if (HAMLE_MOVE_KIND(last) != HAMLE_MOVE_CASTLING && HAMLE_MOVE_KIND(m[0]) != HAMLE_MOVE_CASTLING) {
			if (to0 == t)
				f[BF_RETAKE]++;
			else if (p0->board[t] != PIECE_NONE && (hamle_attackers(p0, from0, !p0->side, pos_all(p0)) & BB(t)))
				f[BF_ESCAPE]++;
		}
	}
	struct hamle_position p = *p0;
	for (unsigned i = 0; i < nm; i++) {
		int sq = HAMLE_MOVE_TO(m[i]), hit = 0;
		for (unsigned k = i + 1; k < nm && !hit; k++)
			hit = HAMLE_MOVE_FROM(m[k]) == sq || HAMLE_MOVE_TO(m[k]) == sq;
		for (int k = 0; k < n && !hit; k++)
			hit = from[k] == sq || to[k] == sq;
		f[BF_USED] += hit;
		int mover = p.side, gain = 0;
		int before = pieces_at_risk(&p, !mover); /* the other side's, for BF_THREAT */
		if (p.board[sq] != PIECE_NONE && HAMLE_MOVE_KIND(m[i]) != HAMLE_MOVE_CASTLING) {
			f[BF_CAPTURE]++;
			gain = bridge_worth[PIECE_TYPE(p.board[sq])];
		}
		hamle_make_move(&p, m[i]);
		/* a piece left where a cheaper one takes it, or where it is attacked and not defended:
		 * not what a player does (the one moved, or any other of that side) */
		if (HAMLE_MOVE_KIND(m[i]) != HAMLE_MOVE_CASTLING && bridge_left_en_prise(&p, sq, gain))
			f[BF_HANG]++;
		f[BF_SIDE] += bridge_side_en_prise(&p);
		f[BF_THREAT] += pieces_at_risk(&p, !mover) - before;
		int reply = i + 1 < nm ? HAMLE_MOVE_FROM(m[i + 1]) : n > 0 ? from[0] : -1;
		if (reply >= 0 && p.board[reply] != PIECE_NONE && HAMLE_MOVE_KIND(m[i]) != HAMLE_MOVE_CASTLING &&
		    PIECE_TYPE(p.board[reply]) != HAMLE_KING &&
		    (hamle_attackers(&p, reply, mover, pos_all(&p)) & BB(sq)))
			f[BF_REPLY]++;
		else if (reply >= 0 && hamle_position_in_check(&p))
			f[BF_REPLY]++;
	}
}
