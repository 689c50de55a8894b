/* san_internal.h: the pieces of a move token (san_lex.c), how the reader resolves them
 * (san_parse.c), its error messages (san_message.c) and the writer's helpers (san_format.c). */
#ifndef HAMLE_SAN_INTERNAL_H
#define HAMLE_SAN_INTERNAL_H

#include "chess/position_internal.h"
#include "hamle/san.h"
#include "notation/locale_internal.h"

/* What a token says, before the position is looked at. -1 = not written. */
/* A request of the library's own (hamle_san_info.request, beside HAMLE_SAN_LAZY_CHECK): a check
 * mark ('+') is not tested (gives = -1, no warning about it); the caller tests it (the replay's walk
 * tells check by hamle_gives_check_fast and mate only where its line stops). */
#define SAN_REQ_CHECK_UNTESTED 0x80000000u

struct san_tok {
	int piece;           /* piece type from a letter or figurine, -1: no letter */
	int from_file;       /* 0..7 */
	int from_rank;       /* 0..7 */
	int to;              /* destination square */
	int promo;           /* promotion piece type */
	int castle;          /* HAMLE_LOC_CASTLE_SHORT / _LONG from a castling word */
	int null_move;       /* 1 for -- / Z0 */
	int capture;         /* 1: capture mark written */
	int mark;            /* 0, HAMLE_LOC_CHECK, HAMLE_LOC_MATE */
	int nag;             /* 1..6 */
	unsigned warn;       /* HAMLE_SAN_W_* found by the lexer (style, ep, draw offer, glyph) */
	const char *piece_at; /* the piece spelling in the token (for messages) */
	size_t piece_len;
	const char *body;    /* token without blanks and suffixes */
	size_t body_len;
};

/* san_lex's fast path alone: the common shape ([piece] [file] [rank] [capture] square, one
 * optional one-byte check or mate mark). Returns 1 when it filled t (as san_lex would), 0 when
 * the token needs san_lex. */
int san_lex_plain(struct san_tok *t, const struct hamle_locale *loc, const char *s, size_t len);

/* Splits text[0..len) into t. Returns 0, or HAMLE_ESYNTAX with the message in err. */
int san_lex(struct san_tok *t, const struct hamle_locale *loc, const struct hamle_locale *msg,
	const char *text, size_t len, hamle_error *err);

/* san_lex without its fast path (the unit tests compare both). */
int san_lex_full(struct san_tok *t, const struct hamle_locale *loc, const struct hamle_locale *msg,
	const char *text, size_t len, hamle_error *err);

/* The move t names in p (fast path first, then the legal moves that fit). Returns 0 with *out set
 * (t->warn may gain CASTLE_AS_KING or OVER_DISAMBIGUATED), or HAMLE_EILLEGAL / HAMLE_EAMBIGUOUS
 * with the message in err (err may be NULL). */
int san_resolve(hamle_move *out, const struct hamle_position *p, const struct hamle_locale *loc,
	const struct hamle_locale *msg, struct san_tok *t, hamle_error *err);

/* hamle_san_parse without its fast paths (san_lex_full, then the legal moves that fit): the
 * reference the tests hold the fast paths to. Same contract; text not NULL. */
int san_parse_general(hamle_move *out, const struct hamle_position *p, const struct hamle_locale *loc,
	const char *text, size_t len, hamle_san_info *info, hamle_error *err);

/* The fast path (san_fast.c): 1 when exactly one legal move fits t, found without generating
 * moves (*out, and *before = legal moves fitting all but the origin); 0 = use the general path. */
int san_fast_resolve(const struct hamle_position *p, const struct san_tok *t, hamle_move *out,
	int *before);

/* 0 no check, 1 check, 2 mate: what legal move m does in p. */
int san_gives_check(const struct hamle_position *p, hamle_move m);

/* Error messages (san_message.c); each sets err->code and err->message, returns the code.
 * loc is the notation (letters of the token and of candidate moves), msg the language of the
 * message (its templates and words). */
int san_err_syntax(hamle_error *err, const struct hamle_locale *loc, const char *tok, size_t len);
int san_err_unknown_piece(hamle_error *err, const struct hamle_locale *loc,
	const struct hamle_locale *msg, const char *letter, size_t len);
/* No legal move fits t: explains it ("no knight can reach f3", "castling O-O is not legal"). */
int san_err_illegal(hamle_error *err, const struct hamle_position *p, const struct hamle_locale *msg,
	const struct san_tok *t);
/* Several legal moves fit: lists them in the locale's SAN. */
int san_err_ambiguous(hamle_error *err, const struct hamle_position *p, const struct hamle_locale *loc,
	const struct hamle_locale *msg, const struct san_tok *t, const hamle_move *cand, int n);

/* Fills a template of loc (key) with args into err->message; falls back to the key itself. */
int san_err_format(hamle_error *err, int code, const struct hamle_locale *loc, const char *key,
	size_t nargs, const char *const *args);

/* Writes the spoken form (san_spoken.c); snprintf contract. */
int san_format_spoken(char *buf, size_t size, const struct hamle_position *p,
	const struct hamle_locale *loc, hamle_move m);

/* hamle_san_format for a move the caller knows to be legal in pos (the writers, after a replay):
 * the legality check is left out. */
int san_format_legal(char *buf, size_t size, const struct hamle_position *pos,
	const struct hamle_locale *loc, hamle_move m, int form);

/* san_format_legal with the marks given instead of the position's (SAN, FIDE and LAN forms):
 * capture 1 writes the capture mark, 0 none; mark 0 none, 1 check, 2 mate; -1 for either: as
 * the position says. */
int san_format_marks(char *buf, size_t size, const struct hamle_position *pos,
	const struct hamle_locale *loc, hamle_move m, int form, int capture, int mark);

/* Disambiguation a SAN writer needs for m: 0 none, 1 file, 2 rank, 3 square. */
int san_disambiguation(const struct hamle_position *p, hamle_move m);

/* ---- the writer's fast SAN (san_format.c): san_format_legal's SAN and FIDE forms, split in two
 * so that the mark comes from the position after the move, which the writer makes anyway ---- */
#define SAN_FAST_SLOT 8
/* One locale style's strings in fixed slots (copied 8 bytes at a time); by san_fast_style_init. */
struct san_fast_style {
	const struct hamle_locale *loc;
	int form;
	int ok; /* every string fits its slot: san_format_fast may be used */
	int ascii; /* every string is ASCII (a move has as many characters as bytes) */
	char letter[6][SAN_FAST_SLOT], castle[2][SAN_FAST_SLOT], capture[SAN_FAST_SLOT];
	char promo_open[SAN_FAST_SLOT], promo_close[SAN_FAST_SLOT], ep[SAN_FAST_SLOT], mark[3][SAN_FAST_SLOT];
	unsigned char letter_len[6], castle_len[2], capture_len, promo_open_len, promo_close_len, ep_len, mark_len[3];
};
/* Fills fs for loc in form (HAMLE_FORM_SAN or HAMLE_FORM_FIDE); fs->ok 0 when it cannot be used. */
void san_fast_style_init(struct san_fast_style *fs, const struct hamle_locale *loc, int form);
/* Legal move m in p as san_format_legal writes it in fs's locale and form, but without the check
 * or mate mark, into buf (SAN_FAST_BUF bytes at least); returns its length. */
#define SAN_FAST_BUF 128
size_t san_format_fast(char *buf, const struct san_fast_style *fs, const struct hamle_position *p, hamle_move m);
/* The mark after a move that leads to after: 0 none, 1 check, 2 mate (what san_gives_check says
 * of the move in the position before). */
static inline int san_mark_after(const struct hamle_position *after)
{
	if (!hamle_attacked(after, pos_king(after, after->side), !after->side, pos_all(after)))
		return 0;
	return hamle_any_legal(after) ? 1 : 2;
}

#endif
