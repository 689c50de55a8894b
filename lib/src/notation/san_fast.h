/* san_fast.h: the SAN reader's fast paths, inline for the loops that read move after move (the
 * quick lane): the common token's shape (san_lex_plain) and its resolution without a move list
 * (san_fast_resolve). san_lex.c and san_fast.c export the same as functions (san_internal.h).
 *
 * Resolution: for the common token (a piece or pawn move to a square, no castling, no en passant)
 * the candidate origins come straight from the attack tables of the destination square, and each
 * is tested for king safety directly. Anything unusual, and every case that is not exactly one
 * legal match, goes to the general path (san_parse.c), which gives the same answer with messages. */
#ifndef HAMLE_SAN_FAST_H
#define HAMLE_SAN_FAST_H

#include "notation/san_internal.h"

static inline int sf_is_file(unsigned char c) { return c >= 'a' && c <= 'h'; }
static inline int sf_is_rank(unsigned char c) { return c >= '1' && c <= '8'; }

/* The rest of san_lex_plain_inline: the PGN style's castling word, exactly, with one optional
 * one-byte mark (s[0..len) the whole token); out of line: rare. */
int san_lex_plain_castle(struct san_tok *t, const struct hamle_locale *loc, const char *s, size_t len);

/* The common shape: [piece letter] [file] [rank] [capture] square, ending in the rank digit,
 * ASCII, no blanks, no suffix, one optional one-byte check or mate mark. Returns 1 when it filled
 * t; 0 for any other token, castling too (san_lex_plain_inline adds castling: this one never
 * hands t to a function, so that t can stay in registers). */
static inline int san_lex_move_inline(struct san_tok *t, const struct hamle_locale *loc, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = len;
	int mark = 0;
	if (n >= 3 && !sf_is_rank(u[n - 1]) && (mark = loc->plain_mark[u[n - 1]]) != 0)
		n--; /* "Nf3+": one check or mate mark, nothing else can end the token */
	if (n < 2 || n > 7 || !sf_is_rank(u[n - 1]) || !sf_is_file(u[n - 2]))
		return 0;
	size_t i = 0;
	int piece = -1;
	unsigned v = loc->piece_byte[u[0]];
	if (v < HAMLE_PAWN + 6 && v != HAMLE_PAWN) {
		piece = (int)v;
		i = 1;
	} else if (!sf_is_file(u[0])) {
		return 0;
	}
	int ff = -1, fr = -1, cap = 0;
	size_t end = n - 2;
	if (i < end && sf_is_file(u[i]))
		ff = u[i++] - 'a';
	if (i < end && sf_is_rank(u[i]))
		fr = u[i++] - '1';
	if (i < end) {
		/* only the PGN style's one-byte capture mark here ("x"); any other spelling goes to
		 * the full lexer */
		if (i + 1 != end || !loc->plain_capture || loc->plain_capture != u[i])
			return 0;
		cap = 1;
		i = end;
	}
	if (i != end)
		return 0;
	t->piece = piece;
	t->from_file = ff;
	t->from_rank = fr;
	t->to = HAMLE_SQ(u[n - 2] - 'a', u[n - 1] - '1');
	t->promo = t->castle = -1;
	t->null_move = 0;
	t->capture = cap;
	t->mark = mark;
	t->nag = 0;
	t->warn = ff >= 0 && fr >= 0 ? HAMLE_SAN_W_LONG_FORM : 0;
	t->piece_at = piece >= 0 ? s : NULL;
	t->piece_len = piece >= 0 ? 1 : 0;
	t->body = s;
	t->body_len = n;
	return 1;
}

/* san_lex_move_inline and the PGN style's castling words: the token shapes the full lexer need
 * not see. Returns 1 when it filled t (as san_lex would); 0 sends the token to the full lexer
 * (which accepts everything this does, and more). */
static inline int san_lex_plain_inline(struct san_tok *t, const struct hamle_locale *loc, const char *s, size_t len)
{
	return san_lex_move_inline(t, loc, s, len) || san_lex_plain_castle(t, loc, s, len);
}

/* Origins of pieces of `type` (side to move) that could move to `to` by the piece's pattern,
 * ignoring pins. Pawns: the push (single or double) onto an empty square, or captures of an
 * enemy piece. */
static inline bitboard sf_origins(const struct hamle_position *p, int type, int to, bitboard occ)
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
static inline int sf_safe(const struct hamle_position *p, int type, int from, int to, bitboard occ)
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

static inline int san_fast_resolve_inline(const struct hamle_position *p, const struct san_tok *t,
	hamle_move *out, int *before)
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
	bitboard cand = sf_origins(p, type, to, occ);
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
		if (!sf_safe(p, type, sq, to, occ))
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

/* Warnings about how the token named the move it resolved to (before: the legal moves that fit
 * all but the origin): castling written as a king move, an origin not needed. */
static inline void san_resolved_warnings(const struct hamle_position *p, struct san_tok *t, hamle_move m,
	int before)
{
	if (HAMLE_MOVE_KIND(m) == HAMLE_MOVE_CASTLING)
		t->warn |= HAMLE_SAN_W_CASTLE_AS_KING;
	else if (before == 1 && (t->from_file >= 0 || t->from_rank >= 0) &&
		!(t->warn & HAMLE_SAN_W_LONG_FORM) &&
		!(PIECE_TYPE(p->board[HAMLE_MOVE_FROM(m)]) == HAMLE_PAWN &&
			HAMLE_SQ_FILE(HAMLE_MOVE_FROM(m)) != HAMLE_SQ_FILE(t->to)))
		t->warn |= HAMLE_SAN_W_OVER_DISAMBIGUATED;
}

/* hamle_san_parse's info for move m that token t resolved to in p: every field but `request` and
 * `messages`. type: the kind of the piece on m's origin (any value for the null move). */
static inline void san_fill_info_typed(hamle_san_info *info, const struct hamle_position *p,
	const struct san_tok *t, hamle_move m, unsigned request, int type)
{
	unsigned w = t->warn;
	int kind = HAMLE_MOVE_KIND(m), to = HAMLE_MOVE_TO(m);
	info->nag = t->nag;
	info->marked = t->mark;
	if (m == HAMLE_MOVE_NULL) {
		info->piece = HAMLE_NO_PIECE;
		info->gives = 0;
		info->captures = 0;
		if (t->mark)
			w |= HAMLE_SAN_W_CHECK_WRONG;
		info->warnings = w;
		return;
	}
	int captures = kind == HAMLE_MOVE_EN_PASSANT ||
		(kind != HAMLE_MOVE_CASTLING && p->board[to] != PIECE_NONE);
	info->piece = type;
	info->captures = captures;
	if (t->capture && !captures)
		w |= HAMLE_SAN_W_CAPTURE_WRONG;
	if (!t->capture && captures)
		w |= type == HAMLE_PAWN ? HAMLE_SAN_W_PAWN_CAPTURE_BARE : HAMLE_SAN_W_CAPTURE_MISSING;
	if ((w & HAMLE_SAN_W_EP_MARK) && kind != HAMLE_MOVE_EN_PASSANT)
		w |= HAMLE_SAN_W_EP_WRONG;
	if (((request & HAMLE_SAN_LAZY_CHECK) && !t->mark) ||
		((request & SAN_REQ_CHECK_UNTESTED) && t->mark == HAMLE_LOC_CHECK)) {
		/* nothing written to check against (or the caller tests it): leave the (costly) check
		 * test out */
		info->gives = -1;
		info->warnings = w;
		return;
	}
	int gives = san_gives_check(p, m);
	info->gives = gives;
	if (gives == 0 && t->mark)
		w |= HAMLE_SAN_W_CHECK_WRONG;
	else if (gives == 1 && t->mark == 0)
		w |= HAMLE_SAN_W_CHECK_MISSING;
	else if (gives == 1 && t->mark == HAMLE_LOC_MATE)
		w |= HAMLE_SAN_W_MATE_WRONG;
	else if (gives == 2 && t->mark != HAMLE_LOC_MATE)
		w |= HAMLE_SAN_W_MATE_MISSING;
	info->warnings = w;
}

static inline void san_fill_info(hamle_san_info *info, const struct hamle_position *p, const struct san_tok *t,
	hamle_move m, unsigned request)
{
	san_fill_info_typed(info, p, t, m, request, PIECE_TYPE(p->board[HAMLE_MOVE_FROM(m)]));
}

/* san_parse_fast_inline for the PGN style's castling words (san_parse.c; out of line: one move
 * in forty). */
int san_parse_plain_castle(hamle_move *out, const struct hamle_position *p, const struct hamle_locale *loc,
	const char *text, size_t len, hamle_san_info *info);

/* hamle_san_parse for the common token, inline for the replay's walk: the plain shape
 * (san_lex_move_inline) that the fast resolution takes, and castling as the PGN style writes it. Returns 1 with *out and info (when not
 * NULL; its `request` read, `messages` kept) exactly as hamle_san_parse sets them; 0 when the token
 * needs hamle_san_parse (nothing written then). */
static inline int san_parse_fast_inline(hamle_move *out, const struct hamle_position *p,
	const struct hamle_locale *loc, const char *text, size_t len, hamle_san_info *info)
{
	struct san_tok t;
	int before;
	hamle_move m;
	if (!san_lex_move_inline(&t, loc, text, len))
		return san_parse_plain_castle(out, p, loc, text, len, info);
	if (!san_fast_resolve_inline(p, &t, &m, &before))
		return 0;
	san_resolved_warnings(p, &t, m, before);
	*out = m;
	if (info) {
		if (info->messages == loc)
			info->messages = NULL;
		/* the piece kind as the resolution took it: the letter, else a pawn, else (a long form
		 * without a letter) the piece on the origin */
		int type = t.piece >= 0 ? t.piece : t.from_file >= 0 && t.from_rank >= 0 ?
			PIECE_TYPE(p->board[HAMLE_MOVE_FROM(m)]) : HAMLE_PAWN;
		san_fill_info_typed(info, p, &t, m, info->request, type);
	}
	return 1;
}

#endif
