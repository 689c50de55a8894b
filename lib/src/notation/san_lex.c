/* san_lex.c: splits a move token into its parts (piece, origin, capture mark, destination,
 * promotion, suffixes) using the locale's spellings. No position is looked at here.
 *
 *   token   = blanks body suffix* blanks
 *   suffix  = check mark | glyph (! ? !! ?? !? ?!) | draw offer | e.p. mark   (blanks between)
 *   body    = null move | castling | piece? origin? separator? square promotion?
 *   origin  = file | rank | file rank
 *   separator = capture mark | "-"
 *
 * A body that ends in a rank digit 1..8 has no suffix to strip: that is the fast path for the
 * common tokens ("Nf3", "exd5"). */
#include <string.h>

#include "notation/san_fast.h"

static int is_file(unsigned char c) { return c >= 'a' && c <= 'h'; }
static int is_rank(unsigned char c) { return c >= '1' && c <= '8'; }
/* Blanks between a move and its marks, and around the token: the PGN lexer's whitespace, line
 * ends too ("exd6" at a line's end, "e.p." at the next line's start: one token). */
static int is_blank(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

static int same_text(const char *a, size_t alen, const char *b)
{
	return strlen(b) == alen && memcmp(a, b, alen) == 0;
}

/* Length of the UTF-8 character at s (1 for a stray or truncated byte). */
static size_t char_len(const char *s, size_t n)
{
	unsigned char c = (unsigned char)s[0];
	size_t k = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
	return k <= n ? k : 1;
}

/* A figurine U+2654..U+265F (E2 99 94..9F). */
static int is_figurine(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	return n >= 3 && u[0] == 0xE2 && u[1] == 0x99 && u[2] >= 0x94 && u[2] <= 0x9F;
}

/* The locale's word-list lookups (locale_internal.h), with the first byte compared before
 * memcmp: the lists are short and most tokens match none of their words. */
static size_t match_prefix(const struct hamle_loc_words *list, const char *s, size_t len, int *value)
{
	for (size_t i = 0; i < list->n; i++) {
		const struct hamle_loc_word *w = &list->v[i];
		if (w->len <= len && w->text[0] == s[0] && memcmp(w->text, s, w->len) == 0) {
			if (value)
				*value = w->value;
			return w->len;
		}
	}
	return 0;
}

static size_t match_suffix(const struct hamle_loc_words *list, const char *s, size_t len, int *value)
{
	for (size_t i = 0; i < list->n; i++) {
		const struct hamle_loc_word *w = &list->v[i];
		if (w->len <= len && w->text[w->len - 1] == s[len - 1] &&
			memcmp(w->text, s + len - w->len, w->len) == 0) {
			if (value)
				*value = w->value;
			return w->len;
		}
	}
	return 0;
}

static int match_exact(const struct hamle_loc_words *list, const char *s, size_t len, int *value)
{
	for (size_t i = 0; i < list->n; i++) {
		const struct hamle_loc_word *w = &list->v[i];
		if (w->len == len && w->text[0] == s[0] && memcmp(w->text, s, len) == 0) {
			if (value)
				*value = w->value;
			return 1;
		}
	}
	return 0;
}

static int glyph_nag(unsigned char a, unsigned char b)
{
	if (a == '!')
		return b == '!' ? 3 : 5; /* !! !? */
	return b == '?' ? 4 : 6;     /* ?? ?! */
}

/* Strips suffixes from the end of s[0..*n). Each kind is taken at most once. */
static void strip_suffixes(struct san_tok *t, const struct hamle_locale *loc, const char *s, size_t *n)
{
	size_t len = *n, k;
	int v;
	for (int round = 0; round < 8; round++) {
		while (len > 0 && is_blank((unsigned char)s[len - 1]))
			len--;
		if (len == 0 || is_rank((unsigned char)s[len - 1]))
			break;
		unsigned char c = (unsigned char)s[len - 1];
		if (!t->nag && (c == '!' || c == '?')) {
			if (len >= 2 && (s[len - 2] == '!' || s[len - 2] == '?')) {
				t->nag = glyph_nag((unsigned char)s[len - 2], c);
				len -= 2;
			} else {
				t->nag = c == '!' ? 1 : 2;
				len -= 1;
			}
			t->warn |= HAMLE_SAN_W_GLYPH;
			continue;
		}
		if (!(t->warn & HAMLE_SAN_W_DRAW_OFFER) &&
			(k = match_suffix(&loc->draw_offer, s, len, NULL)) != 0 && k < len) {
			t->warn |= HAMLE_SAN_W_DRAW_OFFER;
			len -= k;
			continue;
		}
		if (!t->mark && (k = match_suffix(&loc->check_marks, s, len, &v)) != 0 && k < len) {
			t->mark = v;
			if (v == HAMLE_LOC_MATE && !same_text(s + len - k, k, loc->style[HAMLE_LOCALE_STYLE_PGN].mate))
				t->warn |= HAMLE_SAN_W_DOUBLE_PLUS;
			len -= k;
			continue;
		}
		if (!(t->warn & HAMLE_SAN_W_EP_MARK) &&
			(k = match_suffix(&loc->en_passant, s, len, NULL)) != 0 && k < len) {
			t->warn |= HAMLE_SAN_W_EP_MARK;
			len -= k;
			continue;
		}
		break;
	}
	*n = len;
}

/* Reads a promotion after the destination: s[0..n) must be exactly one promotion form. */
static int read_promotion(struct san_tok *t, const struct hamle_locale *loc, const char *s, size_t n)
{
	const struct hamle_loc_style *pgn = &loc->style[HAMLE_LOCALE_STYLE_PGN];
	for (size_t i = 0; i < loc->n_promo; i++) {
		const struct hamle_loc_promo *f = &loc->promo[i];
		if (f->open_len > n || memcmp(s, f->open, f->open_len) != 0)
			continue;
		size_t used, j = f->open_len;
		int pc = hamle_loc_read_piece(loc, s + j, n - j, &used);
		if (pc == HAMLE_NO_PIECE)
			continue;
		j += used;
		if (n - j != f->close_len || memcmp(s + j, f->close, f->close_len) != 0)
			continue;
		t->promo = pc;
		if (!same_text(f->open, f->open_len, pgn->promo_open) ||
			!same_text(f->close, f->close_len, pgn->promo_close))
			t->warn |= HAMLE_SAN_W_PROMO_STYLE;
		return 0;
	}
	return -1;
}

/* The first character that is not part of a move, for the message: an unknown letter? */
static int unknown_letter_at(const char *s, size_t n, size_t i)
{
	while (i < n && (s[i] == '=' || s[i] == '/' || s[i] == '('))
		i++;
	if (i >= n)
		return -1;
	unsigned char c = (unsigned char)s[i];
	return (c >= 'A' && c <= 'Z') || c >= 0x80 ? (int)i : -1;
}

/* The PGN style's castling word, exactly, and one optional one-byte mark: what
 * san_lex_plain_inline reads besides san_lex_move_inline's shape (a token that ends in a square
 * after its mark is that shape's, or the full lexer's). */
int san_lex_plain_castle(struct san_tok *t, const struct hamle_locale *loc, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = len;
	int side, mark = 0;
	if (n >= 3 && !is_rank(u[n - 1]) && (mark = loc->plain_mark[u[n - 1]]) != 0)
		n--;
	if (n < 2 || (n <= 7 && is_rank(u[n - 1]) && is_file(u[n - 2])))
		return 0;
	if (n == loc->plain_castle_len[HAMLE_LOC_CASTLE_SHORT] && !memcmp(s, loc->plain_castle[HAMLE_LOC_CASTLE_SHORT], n))
		side = HAMLE_LOC_CASTLE_SHORT;
	else if (n == loc->plain_castle_len[HAMLE_LOC_CASTLE_LONG] && !memcmp(s, loc->plain_castle[HAMLE_LOC_CASTLE_LONG], n))
		side = HAMLE_LOC_CASTLE_LONG;
	else
		return 0;
	t->piece = t->from_file = t->from_rank = t->to = t->promo = -1;
	t->castle = side;
	t->null_move = 0;
	t->capture = 0;
	t->mark = mark;
	t->nag = 0;
	t->warn = 0;
	t->piece_at = NULL;
	t->piece_len = 0;
	t->body = s;
	t->body_len = n;
	return 1;
}

int san_lex_plain(struct san_tok *t, const struct hamle_locale *loc, const char *s, size_t len)
{
	return san_lex_plain_inline(t, loc, s, len);
}

int san_lex(struct san_tok *t, const struct hamle_locale *loc, const struct hamle_locale *msg,
	const char *text, size_t len, hamle_error *err)
{
	if (san_lex_plain_inline(t, loc, text, len))
		return 0;
	return san_lex_full(t, loc, msg, text, len, err);
}

int san_lex_full(struct san_tok *t, const struct hamle_locale *loc, const struct hamle_locale *msg,
	const char *text, size_t len, hamle_error *err)
{
	memset(t, 0, sizeof(*t));
	t->piece = t->from_file = t->from_rank = t->to = t->promo = t->castle = -1;
	const char *s = text;
	size_t n = len;
	while (n > 0 && is_blank((unsigned char)s[0])) {
		s++;
		n--;
	}
	while (n > 0 && is_blank((unsigned char)s[n - 1]))
		n--;
	const char *tok = s;
	size_t tok_len = n;
	if (n == 0)
		return san_err_syntax(err, msg, text, len);
	strip_suffixes(t, loc, s, &n);
	t->body = s;
	t->body_len = n;
	if (n == 0)
		return san_err_syntax(err, msg, tok, tok_len);

	int v;
	if (!is_rank((unsigned char)s[n - 1])) {
		if (match_exact(&loc->null_move, s, n, NULL)) {
			t->null_move = 1;
			t->warn |= HAMLE_SAN_W_NULL_MOVE;
			return 0;
		}
		if (match_exact(&loc->castling, s, n, &v)) {
			const struct hamle_loc_style *pgn = &loc->style[HAMLE_LOCALE_STYLE_PGN];
			t->castle = v;
			if (!same_text(s, n, v == HAMLE_LOC_CASTLE_SHORT ? pgn->castle_short : pgn->castle_long))
				t->warn |= HAMLE_SAN_W_CASTLE_STYLE;
			return 0;
		}
	}

	size_t i = 0, used;
	int pc = hamle_loc_read_piece(loc, s, n, &used);
	if (pc != HAMLE_NO_PIECE) {
		t->piece = pc;
		t->piece_at = s;
		t->piece_len = used;
		if (pc == HAMLE_PAWN)
			t->warn |= HAMLE_SAN_W_PAWN_LETTER;
		if (is_figurine(s, n))
			t->warn |= HAMLE_SAN_W_FIGURINE;
		i = used;
	} else if (!is_file((unsigned char)s[0])) {
		if (unknown_letter_at(s, n, 0) == 0)
			return san_err_unknown_piece(err, loc, msg, s, char_len(s, n));
		return san_err_syntax(err, msg, tok, tok_len);
	}

	if (i < n && is_file((unsigned char)s[i]))
		t->from_file = s[i++] - 'a';
	if (i < n && is_rank((unsigned char)s[i]))
		t->from_rank = s[i++] - '1';
	int sep = 0;
	size_t k = match_prefix(&loc->capture, s + i, n - i, NULL);
	if (k) {
		t->capture = 1;
		if (!same_text(s + i, k, loc->style[HAMLE_LOCALE_STYLE_PGN].capture))
			t->warn |= HAMLE_SAN_W_CAPTURE_STYLE;
		i += k;
		sep = 1;
	} else if (i < n && s[i] == '-') {
		t->warn |= HAMLE_SAN_W_HYPHEN;
		i++;
		sep = 1;
	}
	if (i + 1 < n && is_file((unsigned char)s[i]) && is_rank((unsigned char)s[i + 1])) {
		t->to = HAMLE_SQ(s[i] - 'a', s[i + 1] - '1');
		i += 2;
	} else if (!sep && t->from_file >= 0 && t->from_rank >= 0) {
		t->to = HAMLE_SQ(t->from_file, t->from_rank);
		t->from_file = t->from_rank = -1;
	} else {
		return san_err_syntax(err, msg, tok, tok_len);
	}
	if (t->from_file >= 0 && t->from_rank >= 0)
		t->warn |= HAMLE_SAN_W_LONG_FORM;

	if (i < n && read_promotion(t, loc, s + i, n - i) < 0) {
		/* UCI writes the promotion piece in lower case after a long-form move: e7e8q */
		static const char uci_promo[] = "nbrq";
		const char *q = i + 1 == n ? memchr(uci_promo, s[i], 4) : NULL;
		if (q && t->piece < 0 && (t->warn & HAMLE_SAN_W_LONG_FORM) && !sep) {
			t->promo = HAMLE_KNIGHT + (int)(q - uci_promo);
			t->warn |= HAMLE_SAN_W_PROMO_STYLE;
		} else {
			int at = unknown_letter_at(s, n, i);
			if (at >= 0)
				return san_err_unknown_piece(err, loc, msg, s + at, char_len(s + at, n - (size_t)at));
			return san_err_syntax(err, msg, tok, tok_len);
		}
	}
	return 0;
}
