/* san_format.c: writing a legal move as SAN (PGN §8.2.3), FIDE scoresheet style, long algebraic
 * or UCI, with the locale's letters and marks. Figurine notation is SAN with the `fan` locale. */
#include <stdio.h>
#include <string.h>

#include "notation/san_internal.h"

/* Bounded appender: keeps counting past the end (snprintf contract). */
struct out {
	char *buf;
	size_t size, len;
};

static inline void put(struct out *o, const char *s, size_t n)
{
	if (o->len < o->size) {
		size_t room = o->size - o->len, k = n < room ? n : room;
		char *d = o->buf + o->len;
		/* a letter, a square, a mark: a few bytes, copied without a call */
		for (size_t i = 0; i < k; i++)
			d[i] = s[i];
	}
	o->len += n;
}

static inline void puts_(struct out *o, const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	put(o, s, n);
}

static void put_square(struct out *o, int sq)
{
	char c[2] = {(char)('a' + HAMLE_SQ_FILE(sq)), (char)('1' + HAMLE_SQ_RANK(sq))};
	put(o, c, 2);
}

static int finish(struct out *o)
{
	if (o->size > 0)
		o->buf[o->len < o->size ? o->len : o->size - 1] = '\0';
	return (int)o->len;
}

static inline int disambiguation(const struct hamle_position *p, hamle_move m)
{
	int from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m);
	int type = PIECE_TYPE(p->board[from]);
	if (type == HAMLE_PAWN || type == HAMLE_KING || HAMLE_MOVE_KIND(m) == HAMLE_MOVE_CASTLING)
		return 0;
	/* no other piece of the kind even attacks the square: nothing to tell apart (the usual case,
	 * answered without a move list) */
	bitboard occ = pos_all(p), same = p->pieces[p->side][type] & ~BB(from), rays;
	/* empty-board rays (a 1 KB table) and the between table, rather than a
	 * magic lookup with the real occupancy, whose large table misses the cache */
	switch (type) {
	case HAMLE_KNIGHT: rays = hamle_knight_attacks[to]; break;
	case HAMLE_BISHOP: rays = bb_bishop_rays(to); break;
	case HAMLE_ROOK: rays = bb_rook_rays(to); break;
	default: rays = bb_bishop_rays(to) | bb_rook_rays(to); break;
	}
	bitboard twins = rays & same;
	if (!twins)
		return 0;
	/* a twin that attacks the square tells only when its move is legal (not pinned, or the
	 * king not left in check): a few attack lookups each, no move list */
	bitboard others = 0;
	while (twins) {
		int sq = bb_pop(&twins);
		if (type != HAMLE_KNIGHT && (bb_between(to, sq) & occ))
			continue;
		if (hamle_pseudo_legal_ok(p, HAMLE_MOVE_MAKE(sq, to, HAMLE_MOVE_NORMAL, 0)))
			others |= BB(sq);
	}
	if (!others)
		return 0;
	if (!(others & (FILE_A_BB << HAMLE_SQ_FILE(from))))
		return 1;
	if (!(others & (RANK_1_BB << (8 * HAMLE_SQ_RANK(from)))))
		return 2;
	return 3;
}

int san_disambiguation(const struct hamle_position *p, hamle_move m)
{
	return disambiguation(p, m);
}

/* SAN, FIDE and LAN share one writer; they differ in style and in how the origin is shown. */
static int format_algebraic(char *buf, size_t size, const struct hamle_position *p,
	const struct hamle_locale *loc, hamle_move m, int form, int capture, int mark)
{
	const struct hamle_loc_style *st =
		&loc->style[form == HAMLE_FORM_FIDE ? HAMLE_LOCALE_STYLE_FIDE : HAMLE_LOCALE_STYLE_PGN];
	struct out o = {buf, size, 0};
	int from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m), kind = HAMLE_MOVE_KIND(m);
	if (kind == HAMLE_MOVE_CASTLING) {
		puts_(&o, to > from ? st->castle_short : st->castle_long);
	} else {
		int type = PIECE_TYPE(p->board[from]);
		int captures = kind == HAMLE_MOVE_EN_PASSANT || p->board[to] != PIECE_NONE;
		int xmark = capture < 0 ? captures : capture;
		put(&o, loc->letter[type], loc->letter_len[type]);
		if (form == HAMLE_FORM_LAN) {
			put_square(&o, from);
			puts_(&o, xmark ? st->capture : "-");
		} else {
			int dis = type == HAMLE_PAWN ? (captures ? 1 : 0) : san_disambiguation(p, m);
			char c;
			if (dis & 1) {
				c = (char)('a' + HAMLE_SQ_FILE(from));
				put(&o, &c, 1);
			}
			if (dis & 2) {
				c = (char)('1' + HAMLE_SQ_RANK(from));
				put(&o, &c, 1);
			}
			if (xmark)
				puts_(&o, st->capture);
		}
		put_square(&o, to);
		if (kind == HAMLE_MOVE_PROMOTION) {
			int pr = HAMLE_MOVE_PROMO(m);
			puts_(&o, st->promo_open);
			put(&o, loc->letter[pr], loc->letter_len[pr]);
			puts_(&o, st->promo_close);
		}
		if (kind == HAMLE_MOVE_EN_PASSANT)
			puts_(&o, st->en_passant);
	}
	int gives = mark < 0 ? san_gives_check(p, m) : mark;
	if (gives)
		puts_(&o, gives == 2 ? st->mate : st->check);
	return finish(&o);
}

int hamle_san_format(char *buf, size_t size, const hamle_position *pos, const hamle_locale *loc,
	hamle_move m, int form)
{
	if (size > 0)
		buf[0] = '\0';
	if (!pos || (!loc && form != HAMLE_FORM_UCI) || form < 0 || form > HAMLE_FORM_SPOKEN)
		return HAMLE_EUSAGE;
	if (m == HAMLE_MOVE_NULL) {
		if (form == HAMLE_FORM_UCI)
			return snprintf(buf, size, "0000");
		if (loc->null_move.n == 0)
			return HAMLE_EUSAGE;
		struct out o = {buf, size, 0};
		put(&o, loc->null_move.v[0].text, loc->null_move.v[0].len);
		return finish(&o);
	}
	if (!hamle_move_legal(pos, m))
		return HAMLE_EUSAGE;
	return san_format_legal(buf, size, pos, loc, m, form);
}

int san_format_legal(char *buf, size_t size, const struct hamle_position *pos,
	const struct hamle_locale *loc, hamle_move m, int form)
{
	if (m == HAMLE_MOVE_NULL || form < 0 || form > HAMLE_FORM_SPOKEN || (!loc && form != HAMLE_FORM_UCI))
		return hamle_san_format(buf, size, pos, loc, m, form);
	switch (form) {
	case HAMLE_FORM_UCI: return hamle_move_uci(buf, size, pos, m);
	case HAMLE_FORM_SPOKEN: return san_format_spoken(buf, size, pos, loc, m);
	default: return format_algebraic(buf, size, pos, loc, m, form, -1, -1);
	}
}

int san_format_marks(char *buf, size_t size, const struct hamle_position *pos,
	const struct hamle_locale *loc, hamle_move m, int form, int capture, int mark)
{
	if (m == HAMLE_MOVE_NULL || !loc || (form != HAMLE_FORM_SAN && form != HAMLE_FORM_FIDE && form != HAMLE_FORM_LAN))
		return san_format_legal(buf, size, pos, loc, m, form);
	return format_algebraic(buf, size, pos, loc, m, form, capture, mark);
}

static void fast_slot(struct san_fast_style *fs, char *slot, unsigned char *len, const char *s, size_t n)
{
	if (!s)
		n = 0;
	if (n >= SAN_FAST_SLOT) {
		fs->ok = 0;
		return;
	}
	memset(slot, 0, SAN_FAST_SLOT);
	if (n)
		memcpy(slot, s, n);
	*len = (unsigned char)n;
}

static void fast_str(struct san_fast_style *fs, char *slot, unsigned char *len, const char *s)
{
	fast_slot(fs, slot, len, s, s ? strlen(s) : 0);
}

void san_fast_style_init(struct san_fast_style *fs, const struct hamle_locale *loc, int form)
{
	memset(fs, 0, sizeof(*fs));
	fs->loc = loc;
	fs->form = form;
	if (!loc || (form != HAMLE_FORM_SAN && form != HAMLE_FORM_FIDE))
		return;
	fs->ok = 1;
	const struct hamle_loc_style *st =
		&loc->style[form == HAMLE_FORM_FIDE ? HAMLE_LOCALE_STYLE_FIDE : HAMLE_LOCALE_STYLE_PGN];
	for (int t = 0; t < 6; t++)
		fast_slot(fs, fs->letter[t], &fs->letter_len[t], loc->letter[t], loc->letter_len[t]);
	fast_str(fs, fs->castle[0], &fs->castle_len[0], st->castle_short);
	fast_str(fs, fs->castle[1], &fs->castle_len[1], st->castle_long);
	fast_str(fs, fs->capture, &fs->capture_len, st->capture);
	fast_str(fs, fs->promo_open, &fs->promo_open_len, st->promo_open);
	fast_str(fs, fs->promo_close, &fs->promo_close_len, st->promo_close);
	fast_str(fs, fs->ep, &fs->ep_len, st->en_passant);
	fast_str(fs, fs->mark[1], &fs->mark_len[1], st->check);
	fast_str(fs, fs->mark[2], &fs->mark_len[2], st->mate);
	/* ASCII throughout: a move's characters are its bytes */
	fs->ascii = 1;
	for (const char *c = (const char *)fs->letter; c < (const char *)(fs + 1); c++)
		if ((unsigned char)*c >= 0x80)
			fs->ascii = 0;
}

/* Copies a slot (all SAN_FAST_SLOT bytes: the buffer has room) and moves past its string. */
#define FAST_PUT(d, slot, len) (memcpy((d), (slot), SAN_FAST_SLOT), (d) += (len))

size_t san_format_fast(char *buf, const struct san_fast_style *fs, const struct hamle_position *p, hamle_move m)
{
	/* as format_algebraic with capture and mark -1, less the mark */
	char *d = buf;
	int from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m), kind = HAMLE_MOVE_KIND(m);
	if (kind == HAMLE_MOVE_CASTLING) {
		int k = to > from ? 0 : 1;
		FAST_PUT(d, fs->castle[k], fs->castle_len[k]);
	} else {
		int type = PIECE_TYPE(p->board[from]);
		int captures = kind == HAMLE_MOVE_EN_PASSANT || p->board[to] != PIECE_NONE;
		FAST_PUT(d, fs->letter[type], fs->letter_len[type]);
		int dis = type == HAMLE_PAWN ? captures : disambiguation(p, m);
		if (dis & 1)
			*d++ = (char)('a' + HAMLE_SQ_FILE(from));
		if (dis & 2)
			*d++ = (char)('1' + HAMLE_SQ_RANK(from));
		if (captures)
			FAST_PUT(d, fs->capture, fs->capture_len);
		d[0] = (char)('a' + HAMLE_SQ_FILE(to));
		d[1] = (char)('1' + HAMLE_SQ_RANK(to));
		d += 2;
		if (__builtin_expect(kind == HAMLE_MOVE_PROMOTION, 0)) {
			int pr = HAMLE_MOVE_PROMO(m);
			FAST_PUT(d, fs->promo_open, fs->promo_open_len);
			FAST_PUT(d, fs->letter[pr], fs->letter_len[pr]);
			FAST_PUT(d, fs->promo_close, fs->promo_close_len);
		}
		if (__builtin_expect(kind == HAMLE_MOVE_EN_PASSANT, 0))
			FAST_PUT(d, fs->ep, fs->ep_len);
	}
	*d = '\0';
	return (size_t)(d - buf);
}

int hamle_san_form_parse(const char *name)
{
	static const char *const names[] = {"san", "fide", "lan", "uci", "spoken"};
	for (int i = 0; name && i < 5; i++)
		if (strcmp(name, names[i]) == 0)
			return i;
	return -1;
}
