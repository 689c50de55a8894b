/* filter_internal.h: a --where expression compiled (see hamle/filter.h): its conditions and the
 * program that combines them, in postfix order with the jumps that make && and || short-circuit.
 * filter_parse.c builds it (shunting-yard, no recursion), filter_value.c reads numbers, dates and
 * results, filter.c runs it. Immutable once built. */
#ifndef HAMLE_FILTER_INTERNAL_H
#define HAMLE_FILTER_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "hamle/common.h"
#include "pgn/pattern.h"

/* The most conditions and operators ('!', '&&', '||') in one expression, and so the deepest the
 * evaluation stack can get. */
#define FILTER_MAX_CODE 256

enum { FOP_EQ, FOP_NE, FOP_MATCH, FOP_NOMATCH, FOP_LT, FOP_LE, FOP_GT, FOP_GE };
enum { FKIND_TEXT, FKIND_NUMBER, FKIND_DATE, FKIND_RESULT }; /* how < <= > >= read values */
/* Player, Elo: either side; from FFIELD_PLIES on: of the replayed game (hamle_filter_facts);
 * from FFIELD_POSITION on: along its mainline; FFIELD_HAS, FFIELD_ECO: from the annotator */
enum { FFIELD_TAG, FFIELD_PLAYER, FFIELD_ELO, FFIELD_PLIES, FFIELD_FINAL, FFIELD_ENDS,
	FFIELD_POSITION, FFIELD_MATERIAL, FFIELD_HASH, FFIELD_MOVES, FFIELD_HAS, FFIELD_ECO };

/* A board pattern compiled: per rank (rank 8 first) its squares, each the contents it allows as
 * bits by the index of "PNBRQKpnbrqk." (12: empty; FB_ALL '?', FB_PIECES '!'...) or FB_STAR ('*'),
 * digits spelt out. */
#define FB_EMPTY 0x1000u
#define FB_PIECES 0x0FFFu
#define FB_ALL 0x1FFFu
#define FB_STAR 0x8000u
#define FB_RANK_MAX 17 /* 8 squares and 9 stars */
typedef struct filter_board {
	uint16_t sq[8][FB_RANK_MAX];
	uint8_t len[8];
	uint8_t star;    /* bit per rank with a '*' */
	uint8_t any;     /* bit per rank that matches every rank ("*" alone) */
	/* the squares of the ranks without '*' that a pattern constrains (not '?'): the square
	 * (a1 = 0) and the contents allowed */
	uint8_t nfixed;
	uint8_t fixed_sq[64];
	uint16_t fixed_mask[64];
} filter_board;

/* A material signature: per colour and piece kind (pawn..king, then FM_MINOR: L, a bishop or a
 * knight) a count and how it is met (FM_*: as pgn-extract's material files write a side). */
enum { FM_EXACT, FM_AT_LEAST /* + */, FM_AT_MOST /* - */, FM_ANY /* * */, FM_AT_MOST_ONE /* ? */,
	FM_SAME /* = */, FM_OTHER /* # */, FM_MORE /* count > */, FM_FEWER /* count < */,
	FM_MORE_BY /* count >= : exactly count more */, FM_FEWER_BY /* count <= : exactly count fewer */ };
#define FM_MINOR 6
#define FM_KINDS 7
typedef struct filter_material {
	uint8_t count[2][FM_KINDS];
	uint8_t occurs[2][FM_KINDS];
	uint8_t minor[2];  /* the side's bishops and knights are counted together (L) */
	unsigned plies;    /* "N:": the material lasts N plies (N + 1 positions in a row); 0: one */
} filter_material;

typedef struct filter_cond {
	char *tag;       /* FFIELD_TAG: the tag's name, owned */
	int field, op, kind;
	char *text;      /* FOP_EQ / FOP_NE: the text (Final: the board pattern); < <= > >=: the
	                  * operand; owned */
	pcre2_code *re;  /* FOP_MATCH / FOP_NOMATCH: owned */
	filter_board *board;       /* Position: owned; PositionI: two, the second the pattern with the
	                            * colours swapped (ranks reversed, letters' case swapped) */
	int either;                /* PositionI: either board matches */
	filter_material *material; /* Material: owned */
	uint64_t hash;             /* Hash */
	uint16_t *moves;           /* Moves: the moves from the standard start, owned */
	size_t nmoves;
	unsigned has;              /* Has: the HAMLE_FILTER_HAS_* bit */
} filter_cond;

enum { FI_COND, FI_NOT, FI_AND, FI_OR };

typedef struct filter_ins {
	uint8_t op;      /* FI_* */
	uint16_t cond;   /* FI_COND: index in conds */
	uint16_t jump;   /* when non-zero: this instruction ends the left operand of the binary
	                  * operator at index jump, which may be decided here (short-circuit) */
} filter_ins;

typedef struct filter_prog {
	char *expr;         /* the expression as given: owned */
	filter_cond *conds; /* owned */
	size_t nconds;
	filter_ins *code;   /* owned */
	size_t ncode;
} filter_prog;

/* Compiles expr into p (zeroed first). Returns 0, HAMLE_EUSAGE (err: message, column, offset,
 * token = expr) or HAMLE_ENOMEM; on failure p holds nothing. */
int hamle_filter_prog_parse(filter_prog *p, const char *expr, hamle_error *err);
void hamle_filter_prog_free(filter_prog *p);

/* Whether value v stands in relation op (FOP_LT .. FOP_GE) to operand r (checked by
 * hamle_filter_operand_ok) read as kind: 1 or 0; 0 when v is not such a value, and for a date
 * whose unknown parts would decide (see hamle/filter.h). */
int hamle_filter_relation(int kind, int op, const char *v, const char *r);

/* Whether r is a valid operand of kind (a number, a date YYYY[.MM[.DD]], a result). */
int hamle_filter_operand_ok(int kind, const char *r);

/* Whether p[0..n) is a board pattern (the first field of a FEN, with wildcards: see
 * hamle/filter.h): 1, or 0 with *bad the offset in p of the problem and *why what it is. */
int hamle_filter_board_pattern_ok(const char *p, size_t n, size_t *bad, const char **why);

/* Whether the board field of a FEN (board: up to its first blank or end) matches pattern. */
int hamle_filter_board_match(const char *pattern, const char *board);

/* The board pattern p (checked by hamle_filter_board_pattern_ok) compiled into b. */
void hamle_filter_board_compile(filter_board *b, const char *p);
/* The board pattern p[0..n) (checked) with the colours swapped, as pgn-extract's FENPatternI tries
 * it: the ranks in reverse order, White's letters Black's and back (A and a too), into out (room
 * for n + 1). */
void hamle_filter_board_invert(char *out, const char *p, size_t n);
/* Whether the 64 squares sq (rank 8 first, a8..h8, then rank 7...; each its contents by the index
 * of "PNBRQKpnbrqk.", 12 empty) match b. */
int hamle_filter_board_squares(const filter_board *b, const uint8_t sq[64]);
/* Whether the 8 squares sq of rank r (0: rank 8; contents as above) match b's rank r (one with a
 * '*'). */
int hamle_filter_board_rank(const filter_board *b, int r, const uint8_t sq[8]);

/* The values of the fields along the mainline (filter_fields.c), read at compile time: each
 * returns 0, or HAMLE_EUSAGE with *bad the offset in v of the problem and *why what it is (a
 * static message, or one written into why_buf[0..size)), or HAMLE_ENOMEM. */
int hamle_filter_material_read(filter_material *m, const char *v, size_t n, size_t *bad, const char **why);
int hamle_filter_hash_read(uint64_t *h, const char *v, size_t n, size_t *bad, const char **why);
int hamle_filter_moves_read(uint16_t **moves, size_t *nmoves, const char *v, size_t n, size_t *bad,
	const char **why, char *why_buf, size_t size);
int hamle_filter_has_read(unsigned *bit, const char *v, size_t n);

struct hamle_position;
/* Whether pos has material m (filter_material.c). */
int hamle_filter_material_matches(const filter_material *m, const struct hamle_position *pos);

struct hamle_filter_facts;
/* The positive test (=, ~) of a condition on the mainline (Position, Material, Hash, Moves) with
 * the facts' start position and moves: 1 or 0; 0 when they are unknown. */
int hamle_filter_mainline_test(const filter_cond *c, const struct hamle_filter_facts *facts);

#endif
