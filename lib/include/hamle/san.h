/* hamle/san.h: reading and writing one move in algebraic notation, in any locale.
 *
 * Reading (hamle_san_parse) turns a token as people write it -- PGN SAN, FIDE scoresheet style,
 * long algebraic, UCI, figurines, national piece letters -- into exactly one legal move, or
 * fails with HAMLE_ESYNTAX ("syntax"), HAMLE_EILLEGAL ("illegal-move") or HAMLE_EAMBIGUOUS
 * ("ambiguous-move"). A letter the locale does not know is a syntax error, never skipped.
 * Tokens that resolve but are marked wrongly resolve, with notation warnings in hamle_san_info.
 *
 * Writing (hamle_san_format) writes a legal move in one of the forms below, with the locale's
 * letters and marks.
 *
 * Both functions are thread-safe, allocate nothing and never print. */
#ifndef HAMLE_SAN_H
#define HAMLE_SAN_H

#include "hamle/common.h"
#include "hamle/locale.h"
#include "hamle/position.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Output forms of hamle_san_format. Figurine notation (FAN) is SAN written with the `fan`
 * locale (or any locale whose letters are figurines). */
typedef enum {
	HAMLE_FORM_SAN = 0,   /* PGN export SAN (§8.2.3) in the locale's letters: Nbd2, O-O, e8=Q, Qh5# */
	HAMLE_FORM_FIDE = 1,  /* FIDE scoresheet style from the locale: 0-0, d8V, exd6 e.p. */
	HAMLE_FORM_LAN = 2,   /* long algebraic: Ng1-f3, e7xd8=Q+, O-O */
	HAMLE_FORM_UCI = 3,   /* g1f3, e7e8q; Chess960 castling as king takes rook */
	HAMLE_FORM_SPOKEN = 4 /* words: "Springer Felix drei", "Kurze Rochade" */
} hamle_san_form;

/* Notation warnings: the token resolved, but is not how PGN export SAN writes the move. */
#define HAMLE_SAN_W_CHECK_MISSING    0x0001u /* the move gives check, no mark written */
#define HAMLE_SAN_W_MATE_MISSING     0x0002u /* the move mates, no mate mark (none, or + written) */
#define HAMLE_SAN_W_CHECK_WRONG      0x0004u /* check or mate mark, but the move gives no check */
#define HAMLE_SAN_W_MATE_WRONG       0x0008u /* mate mark, but the move only gives check */
#define HAMLE_SAN_W_CAPTURE_WRONG    0x0010u /* capture mark, but nothing is captured */
#define HAMLE_SAN_W_CAPTURE_MISSING  0x0020u /* a piece captures, no capture mark */
#define HAMLE_SAN_W_PAWN_CAPTURE_BARE 0x0040u /* a pawn captures, no capture mark (FIDE allows "ed5") */
#define HAMLE_SAN_W_EP_MARK          0x0080u /* e.p. mark written (on an en passant capture) */
#define HAMLE_SAN_W_EP_WRONG         0x0100u /* e.p. mark on a move that is not en passant */
#define HAMLE_SAN_W_DRAW_OFFER       0x0200u /* draw offer "(=)" attached */
#define HAMLE_SAN_W_GLYPH            0x0400u /* suffix ! ? !! ?? !? ?! (NAG in info->nag) */
#define HAMLE_SAN_W_LONG_FORM        0x0800u /* origin square written (Ng1f3, e2-e4, g1f3) */
#define HAMLE_SAN_W_OVER_DISAMBIGUATED 0x1000u /* origin file or rank written but not needed */
#define HAMLE_SAN_W_CASTLE_AS_KING   0x2000u /* castling written as a king move (Ke1g1, e1h1) */
#define HAMLE_SAN_W_CASTLE_STYLE     0x4000u /* castling with 0 or o, or a dash other than '-' */
#define HAMLE_SAN_W_PROMO_STYLE      0x8000u /* promotion not written "=Q" (d8Q, d8/Q, d8(Q)) */
#define HAMLE_SAN_W_PAWN_LETTER     0x10000u /* pawn letter or pawn figurine written (Pe4) */
#define HAMLE_SAN_W_FIGURINE        0x20000u /* piece written as a figurine */
#define HAMLE_SAN_W_NULL_MOVE       0x40000u /* null move (--, Z0) */
#define HAMLE_SAN_W_CAPTURE_STYLE   0x80000u /* capture mark other than the locale's PGN one (":") */
#define HAMLE_SAN_W_HYPHEN         0x100000u /* hyphen between origin and destination */
#define HAMLE_SAN_W_DOUBLE_PLUS    0x200000u /* mate written "++" (FIDE C.13.5) */
/* Warnings about the marks (check, mate, capture, e.p.): what validation reports. */
#define HAMLE_SAN_W_MARKS (HAMLE_SAN_W_CHECK_MISSING | HAMLE_SAN_W_MATE_MISSING | \
	HAMLE_SAN_W_CHECK_WRONG | HAMLE_SAN_W_MATE_WRONG | HAMLE_SAN_W_CAPTURE_WRONG | \
	HAMLE_SAN_W_CAPTURE_MISSING | HAMLE_SAN_W_EP_WRONG)

/* Requests (hamle_san_info.request, set by the caller before the call). */
#define HAMLE_SAN_LAZY_CHECK 0x1u /* test check and mate only when the token writes a mark:
                                   * otherwise gives = -1 and no *_MISSING warning */

/* What the move does, and what was written about it (filled by hamle_san_parse when non-NULL;
 * computing check and mate costs a make-move, and a move generation after a check).
 * Inputs: `request` and `messages` are read before the call and kept; the rest is output. */
typedef struct hamle_san_info {
	unsigned request;  /* in: HAMLE_SAN_LAZY_CHECK */
	const hamle_locale *messages; /* in: language of error messages (NULL: the token's locale) */
	unsigned warnings; /* HAMLE_SAN_W_* */
	int nag;           /* 1 !, 2 ?, 3 !!, 4 ??, 5 !?, 6 ?! ; 0 none */
	int piece;         /* hamle_piece_type of the moving piece (HAMLE_NO_PIECE for a null move) */
	int gives;         /* 0, 1 check, 2 mate: what the move does; -1 not tested (LAZY_CHECK) */
	int marked;        /* 0, 1 check, 2 mate: the mark written */
	int captures;      /* 1 when the move captures */
} hamle_san_info;

/* Reads one move token text[0..len) (not NUL-terminated; leading and trailing blanks are
 * ignored) in position pos with locale loc. On success *out is the legal move (HAMLE_MOVE_NULL
 * for -- / Z0) and 0 is returned; otherwise *out is HAMLE_MOVE_NONE and the status is returned
 * with err->message in the locale's language ("no knight can reach f3", "two rooks can reach
 * d1: Rad1 or Rfd1") and err->token set. info and err may be NULL. */
HAMLE_EXTERN int hamle_san_parse(hamle_move *out, const hamle_position *pos,
	const hamle_locale *loc, const char *text, size_t len, hamle_san_info *info, hamle_error *err);

/* Writes legal move m of pos in `form` (hamle_san_form) with loc's letters and marks (loc may
 * be NULL for HAMLE_FORM_UCI). snprintf contract: returns the length of the full text, writes at
 * most size bytes including the NUL. Returns HAMLE_EUSAGE when m is not a legal move of pos (or
 * the null move, written with the locale's first null-move spelling) or form is unknown. */
HAMLE_EXTERN int hamle_san_format(char *buf, size_t size, const hamle_position *pos,
	const hamle_locale *loc, hamle_move m, int form);

/* Form from its name: "san", "fide", "lan", "uci", "spoken" (ASCII, exact). -1 when unknown. */
HAMLE_EXTERN int hamle_san_form_parse(const char *name);

/* Longest text hamle_san_format writes for any form other than SPOKEN, plus the NUL. */
#define HAMLE_SAN_MAX 64

#ifdef __cplusplus
}
#endif
#endif
