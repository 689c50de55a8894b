/* unwin_static.c: the static arguments that a side can never mate.
 *
 * Material: a lone king never mates; a lone knight, or bishops all on one colour, mate only
 * when the other side blocks the king's flight squares with pieces of its own, and a side
 * without pawns that has none that can stand there (only queens against the knight, no knight
 * and no bishop of the other colour against the bishops) never lets it happen.
 *
 * Blockade: an over-approximation of the squares every piece can ever reach, saturated to a
 * fixpoint (after the semi-static analysis of CHA, Ambrona 2022). A square is "clear" for a
 * colour when it is empty, holds the other colour's piece, or holds one of the colour's pieces
 * that can leave it or be captured on it. Pieces step through clear squares (sliders one square
 * at a time along their lines, which over-approximates sliding and capturing); a king never
 * steps onto a square attacked by a piece that can never move nor be taken (a pawn, knight or
 * king: a slider's line could later be blocked); a pawn pushes onto a square that both colours
 * can clear and captures where some non-king piece of the other side can come; a pawn that can
 * reach its last rank may become anything and go anywhere. Everything starts at the current
 * position and only grows, so the least fixpoint holds every square any piece can ever reach.
 * Mate needs a checking piece attacking a square the losing king can reach: a knight or pawn
 * from a square it can reach, a slider from such a square too (it could step along its line
 * onto the king's square), so when none can, there is no mate. When only bishops of one colour
 * can, each square where the king could be mated has flight squares of the other colour, which
 * only the winner's king or pieces of the loser can take away; too few of them is no mate. */
#include "chess/unwin_internal.h"

#define NOT_A 0xFEFEFEFEFEFEFEFEull
#define NOT_H 0x7F7F7F7F7F7F7F7Full
#define NOT_AB 0xFCFCFCFCFCFCFCFCull
#define NOT_GH 0x3F3F3F3F3F3F3F3Full
#define RANK_8_BB 0xFF00000000000000ull

static bitboard orth_step(bitboard b)
{
	return (b << 8) | (b >> 8) | ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
}

static bitboard diag_step(bitboard b)
{
	return ((b << 9) & NOT_A) | ((b << 7) & NOT_H) | ((b >> 7) & NOT_A) | ((b >> 9) & NOT_H);
}

static bitboard king_step(bitboard b) { return orth_step(b) | diag_step(b); }

static bitboard knight_step(bitboard b)
{
	return ((b << 17) & NOT_A) | ((b << 15) & NOT_H) | ((b << 10) & NOT_AB) | ((b << 6) & NOT_GH)
		| ((b >> 17) & NOT_H) | ((b >> 15) & NOT_A) | ((b >> 10) & NOT_GH) | ((b >> 6) & NOT_AB);
}

static bitboard pawn_push(int c, bitboard b) { return c == HAMLE_WHITE ? b << 8 : b >> 8; }


int unwin_material_impossible(const struct hamle_position *p, int winner)
{
	int loser = !winner;
	const bitboard *w = p->pieces[winner], *l = p->pieces[loser];
	bitboard wmen = p->occupied[winner] & ~w[HAMLE_KING];
	if (!wmen)
		return 1;
	if (l[HAMLE_PAWN])
		return 0; /* the loser could still promote to a blocker */
	if (wmen == w[HAMLE_KNIGHT] && !bb_more_than_one(wmen))
		return !(l[HAMLE_KNIGHT] | l[HAMLE_BISHOP] | l[HAMLE_ROOK]);
	if (wmen == w[HAMLE_BISHOP]) {
		bitboard colour = (wmen & DARK_SQUARES) ? DARK_SQUARES : ~DARK_SQUARES;
		bitboard bishops = w[HAMLE_BISHOP] | l[HAMLE_BISHOP];
		return !(bishops & ~colour) && !l[HAMLE_KNIGHT];
	}
	return 0;
}

struct man {
	int sq, color, type;
	int promotes;     /* can reach its last rank: treated as any piece anywhere */
	int facing;       /* a pawn: the nearest pawn of the other side ahead on its file, or -1 */
	bitboard pushes;  /* a pawn facing one: the squares it can push to while neither captures */
	bitboard reach;
};

struct blockade {
	struct man men[64];
	int n;
	int king[2];          /* index of each king in men[] */
	bitboard clear[2];
};

static bitboard stuck_attacks(const struct blockade *b, int color)
{
	bitboard att = 0;
	for (int i = 0; i < b->n; i++) {
		const struct man *m = &b->men[i];
		if (m->color != color || (b->clear[color] & BB(m->sq)))
			continue;
		if (m->type == HAMLE_PAWN)
			att |= bb_pawns_attacks(color, BB(m->sq));
		else if (m->type == HAMLE_KNIGHT)
			att |= hamle_knight_attacks[m->sq];
		else if (m->type == HAMLE_KING)
			att |= hamle_king_attacks[m->sq];
	}
	return att;
}

/* Grows one man's reachable squares to closure under the current clear sets. */
static bitboard expand(const struct man *m, const struct blockade *b, bitboard stuck_att_them,
	bitboard reach_nk_them)
{
	int c = m->color;
	bitboard r = m->reach, allowed = b->clear[c];
	if (m->type == HAMLE_KING)
		allowed &= ~stuck_att_them;
	for (;;) {
		bitboard next;
		switch (m->type) {
		case HAMLE_PAWN:
			next = (pawn_push(c, r) & b->clear[!c] & m->pushes) | (bb_pawns_attacks(c, r) & reach_nk_them);
			break;
		case HAMLE_KNIGHT: next = knight_step(r); break;
		case HAMLE_BISHOP: next = diag_step(r); break;
		case HAMLE_ROOK: next = orth_step(r); break;
		default: next = king_step(r); break; /* queen and king */
		}
		next &= allowed & ~r;
		if (!next)
			return r;
		r |= next;
	}
}

/* Two pawns facing each other on a file never pass each other until one of them captures: while
 * neither can ever capture (leave the file), each pushes only up to the other's square. */
static void face_pawns(struct blockade *b)
{
	for (int i = 0; i < b->n; i++) {
		struct man *m = &b->men[i];
		m->facing = -1;
		m->pushes = ~(bitboard)0;
		if (m->type != HAMLE_PAWN)
			continue;
		int best = -1;
		for (int j = 0; j < b->n; j++) {
			const struct man *o = &b->men[j];
			if (o->type != HAMLE_PAWN || o->color == m->color || HAMLE_SQ_FILE(o->sq) != HAMLE_SQ_FILE(m->sq))
				continue;
			int ahead = m->color == HAMLE_WHITE ? o->sq > m->sq : o->sq < m->sq;
			int nearer = best < 0 || (m->color == HAMLE_WHITE ? o->sq < b->men[best].sq : o->sq > b->men[best].sq);
			if (ahead && nearer)
				best = j;
		}
		if (best < 0)
			continue;
		m->facing = best;
		bitboard file = FILE_A_BB << HAMLE_SQ_FILE(m->sq);
		int lo = m->sq < b->men[best].sq ? m->sq : b->men[best].sq;
		int hi = m->sq < b->men[best].sq ? b->men[best].sq : m->sq;
		/* squares of the file strictly between the two, and the pawn's own */
		bitboard between = file & ~((BB(lo) << 1) - 1) & ((BB(hi)) - 1);
		m->pushes = between | BB(m->sq);
	}
}

/* A facing constraint stays while both pawns' reach is on their file and the pawn faced can
 * never be captured; 1 when one was dropped. */
static int drop_broken_faces(struct blockade *b)
{
	int dropped = 0;
	bitboard takes[2] = {0, 0}; /* squares where a piece of each colour could capture */
	for (int i = 0; i < b->n; i++) {
		const struct man *m = &b->men[i];
		takes[m->color] |= m->type == HAMLE_PAWN && !m->promotes ? bb_pawns_attacks(m->color, m->reach) : m->reach;
	}
	for (int i = 0; i < b->n; i++) {
		struct man *m = &b->men[i];
		if (m->facing < 0)
			continue;
		bitboard file = FILE_A_BB << HAMLE_SQ_FILE(m->sq);
		const struct man *o = &b->men[m->facing];
		if ((m->reach & ~file) || (o->reach & ~file) || (takes[m->color] & o->reach)) {
			m->facing = -1;
			m->pushes = ~(bitboard)0;
			dropped = 1;
		}
	}
	return dropped;
}

static void saturate(struct blockade *b)
{
	int changed = 1;
	face_pawns(b);
	while (changed || drop_broken_faces(b)) {
		changed = 0;
		bitboard all[2] = {0, 0}, nk[2] = {0, 0};
		for (int i = 0; i < b->n; i++) {
			const struct man *m = &b->men[i];
			all[m->color] |= m->reach;
			if (m->type != HAMLE_KING)
				nk[m->color] |= m->reach;
		}
		for (int i = 0; i < b->n; i++) {
			const struct man *m = &b->men[i];
			bitboard at = BB(m->sq);
			if (!(b->clear[m->color] & at) && (m->reach != at || (all[!m->color] & at))) {
				b->clear[m->color] |= at;
				changed = 1;
			}
		}
		bitboard stuck[2] = {stuck_attacks(b, 0), stuck_attacks(b, 1)};
		for (int i = 0; i < b->n; i++) {
			struct man *m = &b->men[i];
			if (m->promotes)
				continue;
			bitboard r = expand(m, b, stuck[!m->color], nk[!m->color]);
			if (m->type == HAMLE_PAWN && (r & (m->color == HAMLE_WHITE ? RANK_8_BB : RANK_1_BB))) {
				m->promotes = 1;
				r = ~(bitboard)0;
			}
			if (r != m->reach) {
				m->reach = r;
				changed = 1;
			}
		}
	}
}

/* Squares of R a man can attack at some time (see the file comment for sliders). */
static bitboard attack_reach(const struct man *m)
{
	if (m->promotes)
		return ~(bitboard)0;
	switch (m->type) {
	case HAMLE_PAWN: return bb_pawns_attacks(m->color, m->reach);
	case HAMLE_KNIGHT: return knight_step(m->reach);
	case HAMLE_KING: return 0; /* a king gives no check */
	default: return m->reach;
	}
}

/* Kuhn's augmenting path for flight square k (of at most 8, so the recursion is at most 8
 * deep): a loser's piece for it, moving others along. */
static int augment(int k, const bitboard *can, int *owner, int npieces, unsigned *seen)
{
	for (int i = 0; i < npieces; i++) {
		if (!(can[i] & BB(k)) || (*seen & (1u << i)))
			continue;
		*seen |= 1u << i;
		if (owner[i] < 0 || augment(owner[i], can, owner, npieces, seen)) {
			owner[i] = k;
			return 1;
		}
	}
	return 0;
}

/* The loser's king can stand on `region`; `cover` holds every square a piece of the winner
 * other than its king can ever attack. Mate on s needs s in cover and each flight square of
 * s in the region attacked (in cover, or next to a square the winner's king can reach) or
 * held by a piece of the loser, a different one each. 1 when no square of the region allows
 * that. */
static int no_mating_square(const struct blockade *b, int winner, bitboard region, bitboard cover)
{
	bitboard near_king = king_step(b->men[b->king[winner]].reach);
	bitboard can[16];
	int np = 0;
	for (int i = 0; i < b->n; i++) {
		const struct man *m = &b->men[i];
		if (m->color == winner || m->type == HAMLE_KING)
			continue;
		if (np == 16)
			return 0;
		can[np++] = m->reach;
	}
	for (bitboard cand = cover & region; cand;) {
		int s = bb_pop(&cand);
		bitboard need = hamle_king_attacks[s] & region & ~cover & ~near_king;
		if (bb_count(need) > np)
			continue;
		int owner[16], got = 0;
		for (int i = 0; i < np; i++)
			owner[i] = -1;
		for (bitboard f = need; f;) {
			int t = bb_pop(&f);
			unsigned seen = 0;
			/* squares are numbered by their index, so augment keys on the square itself */
			if (augment(t, can, owner, np, &seen))
				got++;
			else
				break;
		}
		if (got == bb_count(need))
			return 0;
	}
	return 1;
}

int unwin_blockade(const struct hamle_position *p, int winner)
{
	struct blockade b;
	b.n = 0;
	for (int c = 0; c < 2; c++) {
		b.clear[c] = ~p->occupied[c];
		for (bitboard all = p->occupied[c]; all;) {
			int sq = bb_pop(&all);
			if (b.n == 64)
				return 0;
			struct man *m = &b.men[b.n];
			m->sq = sq;
			m->color = c;
			m->type = PIECE_TYPE(p->board[sq]);
			m->promotes = 0;
			m->reach = BB(sq);
			if (m->type == HAMLE_KING)
				b.king[c] = b.n;
			b.n++;
		}
	}
	saturate(&b);
	bitboard region = b.men[b.king[!winner]].reach;
	bitboard cover = 0;
	for (int i = 0; i < b.n; i++)
		if (b.men[i].color == winner)
			cover |= attack_reach(&b.men[i]);
	return no_mating_square(&b, winner, region, cover);
}
