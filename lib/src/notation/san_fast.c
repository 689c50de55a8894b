/* san_fast.c: the reader's fast path. For the common token (a piece or pawn move to a square,
 * no castling, no en passant) the candidate origins come straight from the attack tables of the
 * destination square, and each is tested for king safety directly; no move list is built.
 * Anything unusual, and every case that is not exactly one legal match, goes to the general
 * path (san_parse.c), which gives the same answer with messages. */
#include "notation/san_internal.h"

/* Origins of pieces of `type` (side to move) that could move to `to` by the piece's pattern,
 * ignoring pins. Pawns: the push (single or double) onto an empty square, or captures of an
 * enemy piece. */
static bitboard origins(const struct hamle_position *p, int type, int to, bitboard occ)
{
	int us = p->side;
	bitboard mine = p->pieces[us][type];
	if (type != HAMLE_PAWN) {
		/* no branch on the piece kind (a switch's jump is mispredicted on most moves): each
		 * pattern gets the pieces, or nothing */
		bitboard none = 0;
		bitboard n = type == HAMLE_KNIGHT ? mine : none, k = type == HAMLE_KING ? mine : none;
		bitboard rq = type == HAMLE_ROOK || type == HAMLE_QUEEN ? mine : none;
		bitboard bq = type == HAMLE_BISHOP || type == HAMLE_QUEEN ? mine : none;
		return (hamle_knight_attacks[to] & n) | (hamle_king_attacks[to] & k) | bb_sliders_to(rq, bq, to, occ);
	}
	if (p->occupied[!us] & BB(to))
		return bb_pawn_attacks(!us, to) & mine;
	int back = us == HAMLE_WHITE ? -8 : 8, rank = HAMLE_SQ_RANK(to);
	if (occ & BB(to) || rank == (us == HAMLE_WHITE ? 0 : 7))
		return 0;
	int from = to + back;
	if (mine & BB(from))
		return BB(from);
	if (rank == (us == HAMLE_WHITE ? 3 : 4) && !(occ & BB(from)) && (mine & BB(from + back)))
		return BB(from + back);
	return 0;
}

/* 1 when moving `type` from `from` to `to` (no castling, no en passant) leaves our king safe:
 * no enemy piece but the one captured on `to` attacks the king's square afterwards. */
static int safe(const struct hamle_position *p, int type, int from, int to, bitboard occ)
{
	int us = p->side, them = !us;
	int ksq = type == HAMLE_KING ? to : pos_king(p, us);
	bitboard keep = ~BB(to);
	const bitboard *pc = p->pieces[them];
	if ((hamle_knight_attacks[ksq] & pc[HAMLE_KNIGHT] & keep) ||
		(bb_pawn_attacks(us, ksq) & pc[HAMLE_PAWN] & keep) ||
		(hamle_king_attacks[ksq] & pc[HAMLE_KING]))
		return 0;
	bitboard occ2 = (occ ^ BB(from)) | BB(to);
	return bb_sliders_to((pc[HAMLE_ROOK] | pc[HAMLE_QUEEN]) & keep, (pc[HAMLE_BISHOP] | pc[HAMLE_QUEEN]) & keep,
		ksq, occ2) == 0;
}

int san_fast_resolve(const struct hamle_position *p, const struct san_tok *t, hamle_move *out,
	int *before)
{
	int to = t->to, us = p->side;
	if (t->castle >= 0 || t->null_move || to == p->ep || (p->occupied[us] & BB(to)))
		return 0;
	int type = t->piece;
	if (type < 0) {
		if (t->from_file >= 0 && t->from_rank >= 0) {
			int code = p->board[HAMLE_SQ(t->from_file, t->from_rank)];
			if (code == PIECE_NONE || PIECE_COLOR(code) != us)
				return 0;
			type = PIECE_TYPE(code);
		} else {
			type = HAMLE_PAWN;
		}
	}
	int last = HAMLE_SQ_RANK(to) == (us == HAMLE_WHITE ? 7 : 0);
	int kind = HAMLE_MOVE_NORMAL, promo = 0;
	if (type == HAMLE_PAWN && last) {
		if (t->promo < HAMLE_KNIGHT || t->promo > HAMLE_QUEEN)
			return 0;
		kind = HAMLE_MOVE_PROMOTION;
		promo = t->promo - HAMLE_KNIGHT;
	} else if (t->promo >= 0) {
		return 0;
	}
	bitboard occ = pos_all(p);
	bitboard cand = origins(p, type, to, occ);
	/* a pawn capture needs its origin file: "d5" never means exd5 */
	if (type == HAMLE_PAWN && t->from_file < 0)
		cand &= FILE_A_BB << HAMLE_SQ_FILE(to);
	bitboard pick = cand;
	if (t->from_file >= 0)
		pick &= FILE_A_BB << t->from_file;
	if (t->from_rank >= 0)
		pick &= RANK_1_BB << (8 * t->from_rank);
	int found = 0, from = 0, legal = 0;
	while (cand) {
		int sq = bb_pop(&cand);
		if (!safe(p, type, sq, to, occ))
			continue;
		legal++;
		if (pick & BB(sq)) {
			found++;
			from = sq;
		}
	}
	if (found != 1)
		return 0;
	*out = HAMLE_MOVE_MAKE(from, to, kind, promo);
	*before = legal;
	return 1;
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
