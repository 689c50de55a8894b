/* san_fast.c: the fast resolution of san_fast.h as a function (for san_parse.c), and the fast
 * "does this move give check" test without making the move. */
#include "notation/san_fast.h"

int san_fast_resolve(const struct hamle_position *p, const struct san_tok *t, hamle_move *out,
	int *before)
{
	return san_fast_resolve_inline(p, t, out, before);
}

int san_fast_check(const struct hamle_position *p, hamle_move m)
{
	int kind = HAMLE_MOVE_KIND(m);
	if (kind == HAMLE_MOVE_CASTLING || kind == HAMLE_MOVE_EN_PASSANT)
		return -1;
	int us = p->side, from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m);
	int type = kind == HAMLE_MOVE_PROMOTION ? HAMLE_MOVE_PROMO(m) : PIECE_TYPE(p->board[from]);
	int ek = bb_lsb(p->pieces[!us][HAMLE_KING]);
	bitboard occ2 = (pos_all(p) ^ BB(from)) | BB(to);
	/* the moved piece itself: on a line with the king (empty-board rays), nothing between */
	switch (type) {
	case HAMLE_PAWN:
		if (bb_pawn_attacks(us, to) & BB(ek))
			return 1;
		break;
	case HAMLE_KNIGHT:
		if (hamle_knight_attacks[to] & BB(ek))
			return 1;
		break;
	case HAMLE_KING: break;
	default: {
		bitboard rays = 0;
		if (type != HAMLE_BISHOP)
			rays |= bb_rook_rays(to);
		if (type != HAMLE_ROOK)
			rays |= bb_bishop_rays(to);
		if ((rays & BB(ek)) && !(bb_between(to, ek) & occ2))
			return 1;
	}
	}
	/* discovered: `from` on a line with the king that the piece leaves, and one of our sliders
	 * of the line's kind sees the king along it once `from` is empty */
	bitboard line = bb_line(ek, from);
	if (__builtin_expect(!line, 1) || (line & BB(to)))
		return 0;
	const bitboard *pc = p->pieces[us];
	if (bb_rook_rays(ek) & BB(from))
		return (bb_rook_attacks(ek, occ2) & line & (pc[HAMLE_ROOK] | pc[HAMLE_QUEEN]) & ~BB(from)) != 0;
	return (bb_bishop_attacks(ek, occ2) & line & (pc[HAMLE_BISHOP] | pc[HAMLE_QUEEN]) & ~BB(from)) != 0;
}
