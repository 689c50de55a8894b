/* movegen.c: attacks and legal move generation (pins and checks handled up front),
 * castling for standard chess and Chess960, en passant with the horizontal-pin case. */
#include "chess/position_internal.h"

bitboard hamle_attackers(const struct hamle_position *p, int sq, int by, bitboard occ)
{
	const bitboard *pc = p->pieces[by];
	return (bb_pawn_attacks(!by, sq) & pc[HAMLE_PAWN])
		| (hamle_knight_attacks[sq] & pc[HAMLE_KNIGHT])
		| (hamle_king_attacks[sq] & pc[HAMLE_KING])
		| bb_sliders_to(pc[HAMLE_ROOK] | pc[HAMLE_QUEEN], pc[HAMLE_BISHOP] | pc[HAMLE_QUEEN], sq, occ);
}

int hamle_attacked(const struct hamle_position *p, int sq, int by, bitboard occ)
{
	return hamle_attackers(p, sq, by, occ) != 0;
}

int hamle_castle_king_to(hamle_move m)
{
	int from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m);
	return HAMLE_SQ(to > from ? 6 : 2, HAMLE_SQ_RANK(from));
}

int hamle_castle_rook_to(hamle_move m)
{
	int from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m);
	return HAMLE_SQ(to > from ? 5 : 3, HAMLE_SQ_RANK(from));
}

/* Castling is legal when every square the king and rook pass over or land on is empty but for
 * themselves, and no square the king stands on, crosses or reaches is attacked. */
static int castle_ok(const struct hamle_position *p, int us, int ksq, int rsq, bitboard occ)
{
	hamle_move m = HAMLE_MOVE_MAKE(ksq, rsq, HAMLE_MOVE_CASTLING, 0);
	int kto = hamle_castle_king_to(m), rto = hamle_castle_rook_to(m);
	bitboard span = bb_between(ksq, kto) | BB(kto) | bb_between(rsq, rto) | BB(rto);
	if (span & occ & ~(BB(ksq) | BB(rsq)))
		return 0;
	bitboard occ2 = occ ^ BB(ksq) ^ BB(rsq);
	bitboard path = bb_between(ksq, kto) | BB(kto);
	while (path) {
		if (hamle_attacked(p, bb_pop(&path), !us, occ2))
			return 0;
	}
	return 1;
}

static bitboard pinned_pieces(const struct hamle_position *p, int us, int ksq, bitboard occ)
{
	int them = !us;
	const bitboard *pc = p->pieces[them];
	bitboard snipers = (bb_rook_rays(ksq) & (pc[HAMLE_ROOK] | pc[HAMLE_QUEEN]))
		| (bb_bishop_rays(ksq) & (pc[HAMLE_BISHOP] | pc[HAMLE_QUEEN]));
	bitboard pinned = 0;
	while (snipers) {
		bitboard b = bb_between(ksq, bb_pop(&snipers)) & occ;
		if (b && !bb_more_than_one(b))
			pinned |= b & p->occupied[us];
	}
	return pinned;
}

static int add_pawn_move(hamle_move *out, int n, int from, int to)
{
	if (HAMLE_SQ_RANK(to) == 0 || HAMLE_SQ_RANK(to) == 7) {
		for (int promo = 3; promo >= 0; promo--)
			out[n++] = HAMLE_MOVE_MAKE(from, to, HAMLE_MOVE_PROMOTION, promo);
	} else {
		out[n++] = HAMLE_MOVE_MAKE(from, to, HAMLE_MOVE_NORMAL, 0);
	}
	return n;
}

static int ep_legal(const struct hamle_position *p, int us, int from, int ksq, bitboard occ)
{
	int capsq = p->ep + (us == HAMLE_WHITE ? -8 : 8);
	bitboard occ2 = (occ ^ BB(from) ^ BB(capsq)) | BB(p->ep);
	return (hamle_attackers(p, ksq, !us, occ2) & ~BB(capsq)) == 0;
}

static int gen_pawns(const struct hamle_position *p, int us, bitboard mask, bitboard targets,
	bitboard pinned, int ksq, hamle_move *out, int n)
{
	bitboard occ = pos_all(p), enemy = p->occupied[!us];
	int up = us == HAMLE_WHITE ? 8 : -8;
	int start_rank = us == HAMLE_WHITE ? 1 : 6;
	bitboard pawns = p->pieces[us][HAMLE_PAWN];
	while (pawns) {
		int from = bb_pop(&pawns);
		bitboard allowed = (pinned & BB(from)) ? bb_line(ksq, from) : ~(bitboard)0;
		int to = from + up;
		if (!(occ & BB(to))) {
			if (BB(to) & mask & allowed)
				n = add_pawn_move(out, n, from, to);
			int to2 = to + up;
			if (HAMLE_SQ_RANK(from) == start_rank && !(occ & BB(to2)) && (BB(to2) & mask & allowed))
				out[n++] = HAMLE_MOVE_MAKE(from, to2, HAMLE_MOVE_NORMAL, 0);
		}
		bitboard caps = bb_pawn_attacks(us, from) & enemy & mask & allowed;
		while (caps)
			n = add_pawn_move(out, n, from, bb_pop(&caps));
		if (p->ep != HAMLE_NO_SQUARE && (bb_pawn_attacks(us, from) & BB(p->ep) & targets)
			&& ep_legal(p, us, from, ksq, occ))
			out[n++] = HAMLE_MOVE_MAKE(from, p->ep, HAMLE_MOVE_EN_PASSANT, 0);
	}
	return n;
}

/* Legal destinations of the bishop, rook or queen on `from` among mask (a pinned one stays on its
 * line with the king). */
static inline bitboard slider_dests(int type, int from, bitboard occ, bitboard mask, bitboard pinned, int ksq)
{
	bitboard att = 0;
	if (type != HAMLE_ROOK)
		att |= bb_bishop_attacks(from, occ);
	if (type != HAMLE_BISHOP)
		att |= bb_rook_attacks(from, occ);
	bitboard d = att & mask;
	if (pinned & BB(from))
		d &= bb_line(ksq, from);
	return d;
}

int hamle_gen_legal(const struct hamle_position *p, unsigned type_mask, bitboard targets, hamle_move *out)
{
	int us = p->side, them = !us, n = 0;
	bitboard occ = pos_all(p), own = p->occupied[us];
	int ksq = pos_king(p, us);
	bitboard checkers = hamle_attackers(p, ksq, them, occ);

	if (type_mask & (1u << HAMLE_KING)) {
		bitboard occ_noking = occ ^ BB(ksq);
		bitboard dests = hamle_king_attacks[ksq] & ~own & targets;
		/* the squares the other side's pawns, knights and king hold, once for every step; then
		 * its sliders, seen through the king's square, for each step left */
		const bitboard *pc = p->pieces[them];
		bitboard held = hamle_king_attacks[pos_king(p, them)] | bb_pawns_attacks(them, pc[HAMLE_PAWN]);
		for (bitboard kn = pc[HAMLE_KNIGHT]; kn && (dests & ~held);)
			held |= hamle_knight_attacks[bb_pop(&kn)];
		dests &= ~held;
		bitboard rooks = pc[HAMLE_ROOK] | pc[HAMLE_QUEEN], bishops = pc[HAMLE_BISHOP] | pc[HAMLE_QUEEN];
		while (dests) {
			int to = bb_pop(&dests);
			if (!bb_sliders_to(rooks, bishops, to, occ_noking))
				out[n++] = HAMLE_MOVE_MAKE(ksq, to, HAMLE_MOVE_NORMAL, 0);
		}
		for (int side = 0; side < 2 && !checkers; side++) {
			int rsq = p->castle_rook[CASTLE_INDEX(us, side)];
			if (rsq == HAMLE_NO_SQUARE)
				continue;
			hamle_move m = HAMLE_MOVE_MAKE(ksq, rsq, HAMLE_MOVE_CASTLING, 0);
			if ((targets & (BB(rsq) | BB(hamle_castle_king_to(m)))) && castle_ok(p, us, ksq, rsq, occ))
				out[n++] = m;
		}
	}
	if (bb_more_than_one(checkers))
		return n;
	bitboard mask = (checkers ? (bb_between(ksq, bb_lsb(checkers)) | checkers) : ~own) & ~own & targets;
	bitboard pinned = pinned_pieces(p, us, ksq, occ);

	if (type_mask & (1u << HAMLE_KNIGHT)) {
		bitboard b = p->pieces[us][HAMLE_KNIGHT] & ~pinned;
		while (b) {
			int from = bb_pop(&b);
			bitboard d = hamle_knight_attacks[from] & mask;
			while (d)
				out[n++] = HAMLE_MOVE_MAKE(from, bb_pop(&d), HAMLE_MOVE_NORMAL, 0);
		}
	}
	for (int type = HAMLE_BISHOP; type <= HAMLE_QUEEN; type++) {
		if (!(type_mask & (1u << type)))
			continue;
		bitboard b = p->pieces[us][type];
		while (b) {
			int from = bb_pop(&b);
			bitboard d = slider_dests(type, from, occ, mask, pinned, ksq);
			while (d)
				out[n++] = HAMLE_MOVE_MAKE(from, bb_pop(&d), HAMLE_MOVE_NORMAL, 0);
		}
	}
	if (type_mask & (1u << HAMLE_PAWN))
		n = gen_pawns(p, us, mask, targets, pinned, ksq, out, n);
	return n;
}

/* Can the piece on `from` go to `to` by its own pattern (ignoring pins and checks)? */
static int reaches(const struct hamle_position *p, int type, int from, int to, bitboard occ)
{
	int us = p->side;
	switch (type) {
	case HAMLE_KNIGHT: return (hamle_knight_attacks[from] & BB(to)) != 0;
	case HAMLE_BISHOP: return (bb_bishop_attacks(from, occ) & BB(to)) != 0;
	case HAMLE_ROOK: return (bb_rook_attacks(from, occ) & BB(to)) != 0;
	case HAMLE_QUEEN: return ((bb_bishop_attacks(from, occ) | bb_rook_attacks(from, occ)) & BB(to)) != 0;
	case HAMLE_KING: return (hamle_king_attacks[from] & BB(to)) != 0;
	default: break;
	}
	if (bb_pawn_attacks(us, from) & BB(to))
		return (p->occupied[!us] & BB(to)) != 0;
	int up = us == HAMLE_WHITE ? 8 : -8;
	if (occ & BB(to))
		return 0;
	if (to == from + up)
		return 1;
	return to == from + 2 * up && HAMLE_SQ_RANK(from) == (us == HAMLE_WHITE ? 1 : 6) && !(occ & BB(from + up));
}

int hamle_move_legal(const struct hamle_position *p, hamle_move m)
{
	if (m == HAMLE_MOVE_NONE || m == HAMLE_MOVE_NULL)
		return 0;
	int from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m), code = p->board[from];
	if (code == PIECE_NONE || PIECE_COLOR(code) != p->side)
		return 0;
	int type = PIECE_TYPE(code), kind = HAMLE_MOVE_KIND(m);
	if (kind == HAMLE_MOVE_NORMAL || kind == HAMLE_MOVE_PROMOTION) {
		/* the common case without a move list: pattern, promotion rank, then king safety */
		int last = HAMLE_SQ_RANK(to) == (p->side == HAMLE_WHITE ? 7 : 0);
		if (from == to || (p->occupied[p->side] & BB(to)) || (m >> 12 && kind == HAMLE_MOVE_NORMAL))
			return 0;
		if ((kind == HAMLE_MOVE_PROMOTION) != (type == HAMLE_PAWN && last))
			return 0;
		return reaches(p, type, from, to, pos_all(p)) && hamle_pseudo_legal_ok(p, m);
	}
	if (kind == HAMLE_MOVE_CASTLING) {
		/* as hamle_gen_legal: a right with that rook, not in check, castle_ok */
		int us = p->side;
		if (type != HAMLE_KING || m != HAMLE_MOVE_MAKE(from, to, HAMLE_MOVE_CASTLING, 0))
			return 0;
		for (int side = 0; side < 2; side++)
			if (p->castle_rook[CASTLE_INDEX(us, side)] == to)
				return !hamle_attacked(p, from, !us, pos_all(p)) && castle_ok(p, us, from, to, pos_all(p));
		return 0;
	}
	hamle_move list[HAMLE_MAX_MOVES];
	int n = hamle_gen_legal(p, 1u << type, BB(to), list);
	for (int i = 0; i < n; i++)
		if (list[i] == m)
			return 1;
	return 0;
}

int hamle_ep_capturable(const struct hamle_position *p)
{
	if (p->ep == HAMLE_NO_SQUARE)
		return 0;
	return (bb_pawn_attacks(!p->side, p->ep) & p->pieces[p->side][HAMLE_PAWN]) != 0;
}

int hamle_pseudo_legal_ok(const struct hamle_position *p, hamle_move m)
{
	int us = p->side, from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m);
	int kind = HAMLE_MOVE_KIND(m);
	if (kind == HAMLE_MOVE_CASTLING || kind == HAMLE_MOVE_EN_PASSANT)
		return hamle_move_legal(p, m);
	bitboard occ = pos_all(p);
	if (PIECE_TYPE(p->board[from]) == HAMLE_KING)
		return !hamle_attacked(p, to, !us, occ ^ BB(from));
	/* any other move: the king must not be attacked once the piece has moved (a capture on `to`
	 * removes that attacker) */
	int ksq = pos_king(p, us);
	bitboard occ2 = (occ ^ BB(from)) | BB(to);
	return (hamle_attackers(p, ksq, !us, occ2) & ~BB(to)) == 0;
}

/* 1 when the king of the side to move has a safe step. */
static int king_can_step(const struct hamle_position *p, int us, int ksq, bitboard occ)
{
	bitboard occ_noking = occ ^ BB(ksq);
	for (bitboard d = hamle_king_attacks[ksq] & ~p->occupied[us]; d;)
		if (!hamle_attacked(p, bb_pop(&d), !us, occ_noking))
			return 1;
	return 0;
}

/* hamle_gen_legal's rules, stopping at the first legal move. In check the king's steps come
 * first (the usual escape); out of check (the end of every game, stalemate or not) the other
 * pieces do, which need no attack test. Asked after every checking move and at every game's end. */
int hamle_any_legal(const struct hamle_position *p)
{
	int us = p->side, them = !us;
	bitboard occ = pos_all(p), own = p->occupied[us];
	int ksq = pos_king(p, us);
	bitboard checkers = hamle_attackers(p, ksq, them, occ);
	if (checkers && king_can_step(p, us, ksq, occ))
		return 1;
	if (bb_more_than_one(checkers))
		return 0;
	bitboard mask = (checkers ? (bb_between(ksq, bb_lsb(checkers)) | checkers) : ~own) & ~own;
	bitboard pinned = pinned_pieces(p, us, ksq, occ);
	for (bitboard b = p->pieces[us][HAMLE_KNIGHT] & ~pinned; b;)
		if (hamle_knight_attacks[bb_pop(&b)] & mask)
			return 1;
	for (int type = HAMLE_BISHOP; type <= HAMLE_QUEEN; type++) {
		for (bitboard b = p->pieces[us][type]; b;) {
			int from = bb_pop(&b);
			if (slider_dests(type, from, occ, mask, pinned, ksq))
				return 1;
		}
	}
	hamle_move list[HAMLE_MAX_MOVES];
	if (gen_pawns(p, us, mask, GEN_ALL_SQUARES, pinned, ksq, list, 0) > 0)
		return 1;
	if (!checkers && king_can_step(p, us, ksq, occ))
		return 1;
	for (int side = 0; side < 2 && !checkers; side++) {
		int rsq = p->castle_rook[CASTLE_INDEX(us, side)];
		if (rsq != HAMLE_NO_SQUARE && castle_ok(p, us, ksq, rsq, occ))
			return 1;
	}
	return 0;
}

int hamle_gives_check_fast(const struct hamle_position *p, hamle_move m)
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
