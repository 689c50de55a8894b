/* suggest_text.c: what a bad move token says, read loosely, and how far a legal move is from it
 * counted in the slips people make on scoresheets: another piece letter (N for B, or a Turkish
 * K meant as a king), one file or rank character wrong or left out, file and rank swapped, a
 * capture mark missing or extra, a wrong check mark.
 *
 * Every mark a language spells (piece letters, castling, capture, check and mate, promotion
 * brackets, e.p.) comes from the locale's lists. What stays here is the same in every language
 * and is read the same way by the SAN lexer (san_lex.c): the squares a-h 1-8, the annotation
 * glyphs ! and ? (PGN 8.2.3.8), the hyphen of long algebraic (e2-e4) and the period. */
#include <string.h>

#include "replay/suggest_internal.h"

/* After the move: blanks and annotation glyphs (!, ?, !!, ??, !?, ?!). */
static int is_trailer(char c)
{
	return c == ' ' || c == '!' || c == '?';
}

/* Length of a promotion bracket of loc at s[0..n) (the part before or after the piece letter in
 * one of its promotion forms: "=", "/", "(", ")" in en); 0 when none. */
static size_t promo_bracket(const hamle_locale *loc, const char *s, size_t n)
{
	size_t best = 0;
	for (size_t i = 0; i < loc->n_promo; i++) {
		const struct hamle_loc_promo *p = &loc->promo[i];
		if (p->open_len > best && p->open_len <= n && memcmp(p->open, s, p->open_len) == 0)
			best = p->open_len;
		if (p->close_len > best && p->close_len <= n && memcmp(p->close, s, p->close_len) == 0)
			best = p->close_len;
	}
	return best;
}

/* Reads a check or mate mark of loc at s[0..n) into *check (a mate mark wins over a check
 * mark); returns its length, 0 when there is none. */
static size_t check_mark(int *check, const hamle_locale *loc, const char *s, size_t n)
{
	int v = 0;
	size_t k = hamle_loc_match_prefix(&loc->check_marks, s, n, &v);
	if (k)
		*check = v == HAMLE_LOC_MATE ? 2 : *check ? *check : 1;
	return k;
}

/* Reads a mark of loc at s[0..n) into f: capture, check or mate, a promotion bracket, and once a
 * rank was read (after_rank) an e.p. word. Returns its length, 0 when none starts there. */
static size_t read_mark(struct tok_feat *f, const hamle_locale *loc, const char *s, size_t n,
	int after_rank)
{
	size_t k;
	if (after_rank && (k = hamle_loc_match_prefix(&loc->en_passant, s, n, NULL)) != 0)
		return k;
	if ((k = hamle_loc_match_prefix(&loc->capture, s, n, NULL)) != 0) {
		f->capture = 1;
		return k;
	}
	if ((k = check_mark(&f->check, loc, s, n)) != 0)
		return k;
	return promo_bracket(loc, s, n);
}

void suggest_read_token(struct tok_feat *f, const hamle_locale *loc, const char *text, size_t len)
{
	size_t used = 0, i;
	int files[8], ranks[8], fpos[8], rpos[8], nf = 0, nr = 0, value;
	memset(f, 0, sizeof(*f));
	f->to_file = f->to_rank = f->alt_rank = f->from_file = f->from_rank = f->promo = -1;
	while (len && is_trailer(text[len - 1]))
		len--;
	if (hamle_loc_match_prefix(&loc->castling, text, len, &value)) {
		f->piece = HAMLE_KING;
		f->castle = value == HAMLE_LOC_CASTLE_LONG ? 2 : 1;
	} else {
		f->piece = hamle_loc_read_piece(loc, text, len, &used);
		if (f->piece == HAMLE_NO_PIECE) {
			f->piece = HAMLE_PAWN;
			if (len && ((unsigned char)text[0] >= 0x80 || (text[0] >= 'A' && text[0] <= 'Z'))) {
				f->piece = -1; /* a letter this language does not know */
				used = (unsigned char)text[0] >= 0x80 ? 2 : 1;
			}
		}
	}
	for (i = used; i < len && !f->castle; i++) {
		char c = text[i];
		size_t k;
		int pc;
		/* after the destination a mark is read before a file letter: "exd6e.p." */
		if (nr > 0 && (k = read_mark(f, loc, text + i, len - i, 1)) != 0) {
			i += k - 1;
		} else if (c >= 'a' && c <= 'h' && nf < 8) {
			fpos[nf] = (int)i;
			files[nf++] = c - 'a';
		} else if (c >= '1' && c <= '8' && nr < 8) {
			rpos[nr] = (int)i;
			ranks[nr++] = c - '1';
		} else if (nr == 0 && (k = read_mark(f, loc, text + i, len - i, 0)) != 0) {
			i += k - 1;
		} else if (c == '-' || c == '.') {
			continue;
		} else if (nr > 0 && (pc = hamle_loc_read_piece(loc, text + i, len - i, &k)) != HAMLE_NO_PIECE) {
			f->promo = pc;
			i += k - 1;
		} else {
			f->junk++;
		}
	}
	if (f->castle) {
		/* the last mark counts */
		for (i = 0; i < len; i++) {
			int check = 0;
			size_t k = check_mark(&check, loc, text + i, len - i);
			if (k) {
				f->check = check;
				i += k - 1;
			}
		}
		return;
	}
	/* the destination: the last rank, with the last file before it (or after it: "N3f") */
	if (nr > 0) {
		f->to_rank = ranks[nr - 1];
		int k;
		for (k = nf - 1; k >= 0 && fpos[k] > rpos[nr - 1]; k--)
			;
		if (k >= 0) {
			f->to_file = files[k];
			if (k > 0)
				f->from_file = files[0];
		} else if (nf > 0) {
			f->to_file = files[nf - 1]; /* file and rank swapped */
		}
		if (nr > 1 && rpos[nr - 1] == rpos[nr - 2] + 1) {
			f->alt_rank = ranks[nr - 2]; /* one of the two digits is a slip of the pen */
			f->junk++;
			if (nr > 2)
				f->from_rank = ranks[0];
		} else if (nr > 1) {
			f->from_rank = ranks[0];
		}
	} else if (nf > 0) {
		f->to_file = files[nf - 1];
		if (nf > 1)
			f->from_file = files[0];
	}
}

static int gives_check(const struct hamle_position *pos, hamle_move m)
{
	struct hamle_position after = *pos;
	hamle_make_move(&after, m);
	return hamle_position_in_check(&after);
}

int suggest_text_cost(const struct tok_feat *f, const struct hamle_position *pos, hamle_move m)
{
	int from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m), kind = HAMLE_MOVE_KIND(m);
	int piece = PIECE_TYPE(pos->board[from]), cost = 0;
	if (kind == HAMLE_MOVE_CASTLING) {
		int lng = (to & 7) < (from & 7);
		if (f->castle)
			return f->castle == (lng ? 2 : 1) ? 0 : COST_SQUARE;
		to = hamle_castle_king_to(m);
	} else if (f->castle) {
		return piece == HAMLE_KING ? COST_PIECE + COST_SQUARE : COST_MAX_TEXT + 1;
	}
	if (f->piece < 0)
		cost += COST_PIECE;
	else if (f->piece != piece)
		cost += (f->piece == HAMLE_PAWN || piece == HAMLE_PAWN) ? COST_PAWN_PIECE : COST_PIECE;
	cost += f->to_file < 0 ? COST_UNWRITTEN : f->to_file != (to & 7) ? COST_SQUARE : 0;
	cost += f->to_rank < 0 ? COST_UNWRITTEN
		: (f->to_rank != (to >> 3) && f->alt_rank != (to >> 3)) ? COST_SQUARE : 0;
	if (cost > COST_MAX_TEXT)
		return cost;
	if (f->from_file >= 0 && f->from_file != (from & 7))
		cost += COST_ORIGIN;
	if (f->from_rank >= 0 && f->from_rank != (from >> 3))
		cost += COST_ORIGIN;
	int captures = pos->board[to] != PIECE_NONE && kind != HAMLE_MOVE_CASTLING;
	if (kind == HAMLE_MOVE_EN_PASSANT)
		captures = 1;
	if (f->capture != captures)
		cost += COST_CAPTURE;
	if (kind == HAMLE_MOVE_PROMOTION ? f->promo != HAMLE_MOVE_PROMO(m) : f->promo >= 0)
		cost += COST_PROMO;
	cost += f->junk * COST_UNWRITTEN;
	if (f->check && cost <= COST_MAX_TEXT && !gives_check(pos, m))
		cost += COST_MARK;
	return cost;
}
