/* san_parse.c: resolving a lexed move token against the position.
 *
 * Only the legal moves that fit the token are generated: the named piece kind (or, for a long
 * form without a letter, the kind on the origin square; else pawns) landing on the named
 * square. They are filtered by origin file/rank and promotion; one left is the move, none is
 * "illegal-move", several are "ambiguous-move". The full move list is never built here. */
#include <string.h>

#include "compiler.h"
#include "error_internal.h"
#include "notation/san_fast.h"

int san_gives_check(const struct hamle_position *p, hamle_move m)
{
	int fast = hamle_gives_check_fast(p, m);
	if (fast == 0)
		return 0;
	struct hamle_position q = *p;
	hamle_make_move(&q, m);
	/* the fast test is exact when it answers; castling and en passant are tested here */
	if (fast < 0 && !hamle_attacked(&q, pos_king(&q, q.side), !q.side, pos_all(&q)))
		return 0;
	return hamle_any_legal(&q) ? 1 : 2;
}

/* Does castling move m fit a king move written to square `to`? King takes rook always does;
 * the king's destination does when the king moves two or more files (otherwise it is an
 * ordinary king step, as in some Chess960 positions). */
static int castle_fits(hamle_move m, int to)
{
	int from = HAMLE_MOVE_FROM(m), kto = hamle_castle_king_to(m);
	if (to == HAMLE_MOVE_TO(m))
		return 1;
	int d = HAMLE_SQ_FILE(from) - HAMLE_SQ_FILE(kto);
	return to == kto && (d >= 2 || d <= -2);
}

/* Candidates before the origin filter, so that over-disambiguation can be told. */
static int fits_except_origin(const struct hamle_position *p, const struct san_tok *t, hamle_move m)
{
	int kind = HAMLE_MOVE_KIND(m), from = HAMLE_MOVE_FROM(m);
	if (kind == HAMLE_MOVE_CASTLING)
		return castle_fits(m, t->to);
	if (HAMLE_MOVE_TO(m) != t->to)
		return 0;
	if (kind == HAMLE_MOVE_PROMOTION) {
		if (HAMLE_MOVE_PROMO(m) != t->promo)
			return 0;
	} else if (t->promo >= 0) {
		return 0;
	}
	/* a pawn capture needs its origin file: "d5" never means exd5 */
	if (PIECE_TYPE(p->board[from]) == HAMLE_PAWN && t->from_file < 0 &&
		HAMLE_SQ_FILE(from) != HAMLE_SQ_FILE(t->to))
		return 0;
	return 1;
}

static int fits_origin(const struct san_tok *t, hamle_move m)
{
	int from = HAMLE_MOVE_FROM(m);
	return (t->from_file < 0 || HAMLE_SQ_FILE(from) == t->from_file) &&
		(t->from_rank < 0 || HAMLE_SQ_RANK(from) == t->from_rank);
}

/* Type mask of the token's candidates: the letter, else the piece on a written origin square,
 * else pawns. 0 when a long form names a square without a piece of the side to move. */
static unsigned candidate_types(const struct hamle_position *p, const struct san_tok *t)
{
	if (t->piece >= 0)
		return 1u << t->piece;
	if (t->from_file >= 0 && t->from_rank >= 0) {
		int code = p->board[HAMLE_SQ(t->from_file, t->from_rank)];
		if (code == PIECE_NONE || PIECE_COLOR(code) != p->side)
			return 0;
		return 1u << PIECE_TYPE(code);
	}
	return 1u << HAMLE_PAWN;
}

/* Everything but the fast path: castling, null moves, and the legal moves that fit. Kept apart so
 * that the common case runs without this function's move list on the stack. */
static __attribute__((noinline)) int resolve_general(hamle_move *out, const struct hamle_position *p,
	const struct hamle_locale *loc, const struct hamle_locale *msg, struct san_tok *t, hamle_error *err)
{
	hamle_move list[HAMLE_MAX_MOVES];
	if (t->null_move) {
		*out = HAMLE_MOVE_NULL;
		return 0;
	}
	if (t->castle >= 0) {
		int rsq = p->castle_rook[CASTLE_INDEX(p->side, t->castle)];
		if (rsq != HAMLE_NO_SQUARE) {
			hamle_move m = HAMLE_MOVE_MAKE(pos_king(p, p->side), rsq, HAMLE_MOVE_CASTLING, 0);
			if (hamle_move_legal(p, m)) {
				*out = m;
				return 0;
			}
		}
		return san_err_illegal(err, p, msg, t);
	}
	int k = 0, before = 0;
	unsigned types = candidate_types(p, t);
	int n = types ? hamle_gen_legal(p, types, BB(t->to), list) : 0;
	for (int i = 0; i < n; i++) {
		if (!fits_except_origin(p, t, list[i]))
			continue;
		before++;
		if (fits_origin(t, list[i]))
			list[k++] = list[i];
	}
	if (k == 1) {
		*out = list[0];
		san_resolved_warnings(p, t, list[0], before);
		return 0;
	}
	if (k == 0)
		return san_err_illegal(err, p, msg, t);
	return san_err_ambiguous(err, p, loc, msg, t, list, k);
}

int san_parse_plain_castle(hamle_move *out, const struct hamle_position *p, const struct hamle_locale *loc,
	const char *text, size_t len, hamle_san_info *info)
{
	struct san_tok t;
	if (!san_lex_plain_castle(&t, loc, text, len))
		return 0;
	/* as resolve_general: the right's rook, and the move legal */
	int rsq = p->castle_rook[CASTLE_INDEX(p->side, t.castle)];
	if (rsq == HAMLE_NO_SQUARE)
		return 0;
	hamle_move m = HAMLE_MOVE_MAKE(pos_king(p, p->side), rsq, HAMLE_MOVE_CASTLING, 0);
	if (!hamle_move_legal(p, m))
		return 0;
	*out = m;
	if (info) {
		if (info->messages == loc)
			info->messages = NULL;
		san_fill_info(info, p, &t, m, info->request);
	}
	return 1;
}

int san_resolve(hamle_move *out, const struct hamle_position *p, const struct hamle_locale *loc,
	const struct hamle_locale *msg, struct san_tok *t, hamle_error *err)
{
	int before = 0;
	if (san_fast_resolve_inline(p, t, out, &before)) {
		san_resolved_warnings(p, t, *out, before);
		return 0;
	}
	return resolve_general(out, p, loc, msg, t, err);
}

int hamle_san_parse(hamle_move *out, const hamle_position *pos, const hamle_locale *loc,
	const char *text, size_t len, hamle_san_info *info, hamle_error *err)
{
	hamle_move m = HAMLE_MOVE_NONE;
	const struct hamle_locale *msg = loc;
	unsigned request = 0;
	/* the common token first (san_fast.h), without a word of the rest */
	if (LIKELY(out && pos && loc && text) && san_parse_fast_inline(out, pos, loc, text, len, info))
		return 0;
	if (out)
		*out = HAMLE_MOVE_NONE;
	if (info) {
		request = info->request;
		if (info->messages)
			msg = info->messages;
		memset(info, 0, sizeof(*info));
		info->request = request;
		info->messages = msg == loc ? NULL : msg;
	}
	if (!out || !pos || !loc || (!text && len))
		return hamle_error_set(err, HAMLE_EUSAGE, "hamle_san_parse: NULL argument");
	if (!text)
		text = "";
	struct san_tok t;
	int rc = san_lex(&t, loc, msg, text, len, err);
	if (rc == 0)
		rc = san_resolve(&m, pos, loc, msg, &t, err);
	if (rc != 0) {
		hamle_error_set_token(err, text, len);
		return rc;
	}
	*out = m;
	if (info)
		san_fill_info(info, pos, &t, m, request);
	return 0;
}

int san_parse_general(hamle_move *out, const struct hamle_position *p, const struct hamle_locale *loc,
	const char *text, size_t len, hamle_san_info *info, hamle_error *err)
{
	unsigned request = info ? info->request : 0;
	const struct hamle_locale *msg = info && info->messages ? info->messages : loc;
	struct san_tok t;
	hamle_move m = HAMLE_MOVE_NONE;
	*out = HAMLE_MOVE_NONE;
	if (info) {
		memset(info, 0, sizeof(*info));
		info->request = request;
		info->messages = msg == loc ? NULL : msg;
	}
	int rc = san_lex_full(&t, loc, msg, text, len, err);
	if (rc == 0)
		rc = resolve_general(&m, p, loc, msg, &t, err);
	if (rc != 0) {
		hamle_error_set_token(err, text, len);
		return rc;
	}
	*out = m;
	if (info)
		san_fill_info(info, p, &t, m, request);
	return 0;
}
