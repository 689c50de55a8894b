/* fen.c: FEN, X-FEN and Shredder-FEN parsing with specific errors, and FEN output.
 *
 * Fields: board (rank 8 first, '/' between ranks, digits for empty squares), side to move
 * (w|b), castling (KQkq, X-FEN file letters, or Shredder-FEN HAha; '-' for none), en passant
 * target square or '-', half-move clock, full-move number. The two counters may be missing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/position_internal.h"
#include "error_internal.h"

static const char piece_chars[] = "PNBRQKpnbrqk";
static const char *const color_names[2] = {"white", "black"};

/* The index in piece_chars of a board byte (colour * 6 + type), or -1 for any other byte. */
static int fen_piece(char c)
{
	switch (c) {
	case 'P': return 0;
	case 'N': return 1;
	case 'B': return 2;
	case 'R': return 3;
	case 'Q': return 4;
	case 'K': return 5;
	case 'p': return 6;
	case 'n': return 7;
	case 'b': return 8;
	case 'r': return 9;
	case 'q': return 10;
	case 'k': return 11;
	default: return -1;
	}
}

/* The pieces into p (cleared); its key is computed once they are all there. */
static int parse_board(struct hamle_position *p, const char *s, size_t len, hamle_error *err)
{
	int rank = 7, file = 0;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (c == '/') {
			if (file != 8)
				return hamle_error_set(err, HAMLE_EBADFEN, "board: rank %d has %d squares", rank + 1, file);
			if (--rank < 0)
				return hamle_error_set(err, HAMLE_EBADFEN, "board: more than 8 ranks");
			file = 0;
		} else if (c >= '1' && c <= '8') {
			file += c - '0';
			if (file > 8)
				return hamle_error_set(err, HAMLE_EBADFEN, "board: rank %d has more than 8 squares", rank + 1);
		} else {
			int idx = fen_piece(c);
			if (idx < 0)
				return hamle_error_set(err, HAMLE_EBADFEN, "board: invalid character '%c'", c);
			if (file >= 8)
				return hamle_error_set(err, HAMLE_EBADFEN, "board: rank %d has more than 8 squares", rank + 1);
			int color = idx / 6, type = idx % 6, sq = HAMLE_SQ(file, rank);
			p->pieces[color][type] |= BB(sq);
			p->occupied[color] |= BB(sq);
			p->board[sq] = (uint8_t)PIECE_CODE(color, type);
			file++;
		}
	}
	if (rank > 0)
		return hamle_error_set(err, HAMLE_EBADFEN, "board: %d ranks instead of 8", 8 - rank);
	if (file != 8)
		return hamle_error_set(err, HAMLE_EBADFEN, "board: rank 1 has %d squares", file);
	return HAMLE_OK;
}

static int check_material(const struct hamle_position *p, hamle_error *err)
{
	for (int c = 0; c < 2; c++) {
		int kings = bb_count(p->pieces[c][HAMLE_KING]);
		if (kings == 0)
			return hamle_error_set(err, HAMLE_EBADFEN, "board: no %s king", color_names[c]);
		if (kings > 1)
			return hamle_error_set(err, HAMLE_EBADFEN, "board: %s has %d kings", color_names[c], kings);
		int pawns = bb_count(p->pieces[c][HAMLE_PAWN]);
		if (pawns > 8)
			return hamle_error_set(err, HAMLE_EBADFEN, "board: %s has %d pawns", color_names[c], pawns);
		if (bb_count(p->occupied[c]) > 16)
			return hamle_error_set(err, HAMLE_EBADFEN, "board: %s has %d pieces", color_names[c], bb_count(p->occupied[c]));
	}
	bitboard pawns = p->pieces[0][HAMLE_PAWN] | p->pieces[1][HAMLE_PAWN];
	if (pawns & (RANK_1_BB | (RANK_1_BB << 56))) {
		int sq = bb_lsb(pawns & (RANK_1_BB | (RANK_1_BB << 56)));
		char name[3] = {(char)('a' + HAMLE_SQ_FILE(sq)), (char)('1' + HAMLE_SQ_RANK(sq)), 0};
		return hamle_error_set(err, HAMLE_EBADFEN, "board: pawn on %s (first or last rank)", name);
	}
	return HAMLE_OK;
}

/* Rook square for a castling character, or a negative value with err set. */
static int castle_rook_for(const struct hamle_position *p, char c, int *color, int *side, hamle_error *err)
{
	int white = (c >= 'A' && c <= 'Z');
	*color = white ? HAMLE_WHITE : HAMLE_BLACK;
	char up = white ? c : (char)(c - 'a' + 'A');
	int rank = white ? 0 : 7;
	bitboard king = p->pieces[*color][HAMLE_KING];
	if (!(king & (RANK_1_BB << (8 * rank))))
		return hamle_error_set(err, HAMLE_EBADFEN, "castling field: %s king not on its first rank for '%c'", color_names[*color], c);
	int kfile = HAMLE_SQ_FILE(bb_lsb(king));
	bitboard rooks = p->pieces[*color][HAMLE_ROOK] & (RANK_1_BB << (8 * rank));
	if (up == 'K' || up == 'Q') {
		*side = up == 'K' ? 0 : 1;
		int f = *side == 0 ? 7 : 0, step = *side == 0 ? -1 : 1;
		for (; f != kfile; f += step)
			if (rooks & BB(HAMLE_SQ(f, rank)))
				return HAMLE_SQ(f, rank);
		char sqname[3] = {*side == 0 ? 'h' : 'a', (char)('1' + rank), 0};
		return hamle_error_set(err, HAMLE_EBADFEN, "castling field: no %s rook on %s for '%c'", color_names[*color], sqname, c);
	}
	if (up >= 'A' && up <= 'H') {
		int f = up - 'A';
		if (!(rooks & BB(HAMLE_SQ(f, rank))))
			return hamle_error_set(err, HAMLE_EBADFEN, "castling field: no %s rook on the %c-file for '%c'", color_names[*color], 'a' + f, c);
		if (f == kfile)
			return hamle_error_set(err, HAMLE_EBADFEN, "castling field: rook and king on one square for '%c'", c);
		*side = f > kfile ? 0 : 1;
		return HAMLE_SQ(f, rank);
	}
	return hamle_error_set(err, HAMLE_EBADFEN, "castling field: invalid character '%c'", c);
}

static int parse_castling(struct hamle_position *p, const char *s, size_t len, hamle_error *err)
{
	if (len == 1 && s[0] == '-')
		return HAMLE_OK;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (!((c >= 'A' && c <= 'H') || (c >= 'a' && c <= 'h') || c == 'K' || c == 'Q' || c == 'k' || c == 'q'))
			return hamle_error_set(err, HAMLE_EBADFEN, "castling field: invalid character '%c'", c);
		int color = 0, side = 0;
		int rsq = castle_rook_for(p, c, &color, &side, err);
		if (rsq < 0)
			return HAMLE_EBADFEN;
		int idx = CASTLE_INDEX(color, side);
		if (p->castle_rook[idx] != HAMLE_NO_SQUARE)
			return hamle_error_set(err, HAMLE_EBADFEN, "castling field: '%c' repeats a right", c);
		p->castle_rook[idx] = (uint8_t)rsq;
		if (!(c == 'K' || c == 'Q' || c == 'k' || c == 'q'))
			p->chess960 = 1;
	}
	/* Standard chess is king on e-file with rooks on a/h; anything else is Chess960 castling. */
	for (int idx = 0; idx < 4; idx++) {
		if (p->castle_rook[idx] == HAMLE_NO_SQUARE)
			continue;
		int color = idx / 2, ksq = pos_king(p, color), rf = HAMLE_SQ_FILE(p->castle_rook[idx]);
		if (HAMLE_SQ_FILE(ksq) != 4 || (rf != 0 && rf != 7))
			p->chess960 = 1;
	}
	return HAMLE_OK;
}

static int parse_ep(struct hamle_position *p, const char *s, size_t len, hamle_error *err)
{
	if (len == 1 && s[0] == '-')
		return HAMLE_OK;
	char text[8];
	snprintf(text, sizeof(text), "%.*s", (int)(len < 6 ? len : 6), s);
	if (len != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
		return hamle_error_set(err, HAMLE_EBADFEN, "en passant square: invalid square '%s'", text);
	int sq = HAMLE_SQ(s[0] - 'a', s[1] - '1');
	int want_rank = p->side == HAMLE_WHITE ? 5 : 2;
	if (HAMLE_SQ_RANK(sq) != want_rank)
		return hamle_error_set(err, HAMLE_EBADFEN, "en passant square %s is not on rank %d", text, want_rank + 1);
	int them = !p->side, pawn_sq = sq + (p->side == HAMLE_WHITE ? -8 : 8);
	if (!(p->pieces[them][HAMLE_PAWN] & BB(pawn_sq))) {
		char pn[3] = {(char)('a' + HAMLE_SQ_FILE(pawn_sq)), (char)('1' + HAMLE_SQ_RANK(pawn_sq)), 0};
		return hamle_error_set(err, HAMLE_EBADFEN, "en passant square %s but no %s pawn on %s", text,
			color_names[them], pn);
	}
	int behind = sq + (p->side == HAMLE_WHITE ? 8 : -8);
	if ((pos_all(p) & BB(sq)) || (pos_all(p) & BB(behind)))
		return hamle_error_set(err, HAMLE_EBADFEN, "en passant square %s but the pawn did not just pass it", text);
	p->ep = (uint8_t)sq;
	return HAMLE_OK;
}

static int parse_counter(const char *s, size_t len, long *out)
{
	if (len == 0 || len > 6)
		return -1;
	long v = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	*out = v;
	return 0;
}

int hamle_position_new(hamle_position **out, const char *fen, hamle_error *err)
{
	static const char start[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
	*out = NULL;
	struct hamle_position *p = malloc(sizeof(*p));
	if (!p)
		return hamle_error_set(err, HAMLE_ENOMEM, "out of memory");
	int rc = hamle_position_parse(p, fen ? fen : start, err);
	if (rc < 0) {
		free(p);
		return rc;
	}
	*out = p;
	return HAMLE_OK;
}

int hamle_position_parse(struct hamle_position *p, const char *fen, hamle_error *err)
{
	const char *field[7];
	size_t flen[7];
	int n = 0;
	const char *s = fen;
	hamle_position_clear(p);
	while (*s == ' ' || *s == '\t')
		s++;
	while (*s && n < 7) {
		field[n] = s;
		while (*s && *s != ' ' && *s != '\t')
			s++;
		flen[n] = (size_t)(s - field[n]);
		n++;
		while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
			s++;
	}
	if (n == 0)
		return hamle_error_set(err, HAMLE_EBADFEN, "empty FEN");
	if (n > 6)
		return hamle_error_set(err, HAMLE_EBADFEN, "more than 6 fields");
	if (n < 4)
		return hamle_error_set(err, HAMLE_EBADFEN, "%s field missing",
			n == 1 ? "side to move" : n == 2 ? "castling" : "en passant");
	int rc = parse_board(p, field[0], flen[0], err);
	if (rc < 0)
		return rc;
	if ((rc = check_material(p, err)) < 0)
		return rc;
	if (flen[1] != 1 || (field[1][0] != 'w' && field[1][0] != 'b'))
		return hamle_error_set(err, HAMLE_EBADFEN, "side to move: expected 'w' or 'b', found '%.*s'", (int)(flen[1] < 8 ? flen[1] : 8), field[1]);
	p->side = field[1][0] == 'w' ? HAMLE_WHITE : HAMLE_BLACK;
	if ((rc = parse_castling(p, field[2], flen[2], err)) < 0)
		return rc;
	if ((rc = parse_ep(p, field[3], flen[3], err)) < 0)
		return rc;
	long half = 0, full = 1;
	if (n >= 5 && parse_counter(field[4], flen[4], &half) < 0)
		return hamle_error_set(err, HAMLE_EBADFEN, "half-move clock: not a number '%.*s'",
			(int)(flen[4] < 8 ? flen[4] : 8), field[4]);
	if (n == 5)
		return hamle_error_set(err, HAMLE_EBADFEN, "full-move number missing after the half-move clock");
	if (n == 6 && parse_counter(field[5], flen[5], &full) < 0)
		return hamle_error_set(err, HAMLE_EBADFEN, "full-move number: not a number '%.*s'",
			(int)(flen[5] < 8 ? flen[5] : 8), field[5]);
	p->halfmove = (uint16_t)(half > 65535 ? 65535 : half);
	/* the full-move number starts at 1: a FEN's 0 (puzzle collections write "1 0") counts as 1,
	 * for the replay's move numbers and the writers' alike */
	p->fullmove = (uint32_t)(full < 1 ? 1 : full); /* (6 digits at most: parse_counter) */
	p->key = hamle_compute_key(p);
	int them = !p->side;
	if (hamle_attacked(p, pos_king(p, them), p->side, pos_all(p)))
		return hamle_error_set(err, HAMLE_EBADFEN, "side not to move is in check");
	return HAMLE_OK;
}

static char castle_char(const struct hamle_position *p, int idx, int style)
{
	int color = idx / 2, side = idx % 2, rsq = p->castle_rook[idx];
	int f = HAMLE_SQ_FILE(rsq);
	char c;
	if (style == HAMLE_FEN_SHREDDER) {
		c = (char)('A' + f);
	} else {
		/* X-FEN: K/Q when the rook is the outermost one on its side, else its file */
		int rank = HAMLE_SQ_RANK(rsq), outer = 1;
		int step = side == 0 ? 1 : -1;
		for (int g = f + step; g >= 0 && g < 8; g += step)
			if (p->pieces[color][HAMLE_ROOK] & BB(HAMLE_SQ(g, rank)))
				outer = 0;
		c = outer ? (side == 0 ? 'K' : 'Q') : (char)('A' + f);
	}
	return color == HAMLE_WHITE ? c : (char)(c - 'A' + 'a');
}

/* One rank of the piece placement into out (at most 8 characters); returns its length. Rank by
 * rank from the occupancy, piece by piece: no branch per empty square. */
static size_t fen_rank(const struct hamle_position *p, int rank, char *out)
{
	unsigned row = (unsigned)(pos_all(p) >> (8 * rank)) & 0xFFu;
	size_t n = 0;
	int file = 0;
	while (row) {
		int f = __builtin_ctz(row);
		out[n] = (char)('0' + (f - file));
		n += f > file;
		out[n++] = piece_chars[p->board[HAMLE_SQ(f, rank)]];
		file = f + 1;
		row &= row - 1;
	}
	out[n] = (char)('0' + (8 - file));
	n += file < 8;
	return n;
}

static int fen_finish(char *buf, size_t size, const struct hamle_position *p, int style, char *out, size_t n);

int hamle_position_fen(char *buf, size_t size, const hamle_position *p, int style)
{
	char out[HAMLE_FEN_MAX];
	size_t n = 0;
	for (int rank = 7; rank >= 0; rank--) {
		n += fen_rank(p, rank, out + n);
		if (rank)
			out[n++] = '/';
	}
	return fen_finish(buf, size, p, style, out, n);
}

int pos_fen_cached(char *buf, size_t size, const struct hamle_position *p, struct fen_cache *c)
{
	char tmp[HAMLE_FEN_MAX];
	char *out = size >= HAMLE_FEN_MAX ? buf : tmp; /* room for any FEN: written in place */
	size_t n = 0;
	for (int rank = 7; rank >= 0; rank--) {
		uint64_t row;
		memcpy(&row, p->board + 8 * rank, sizeof(row));
		if (!(c->valid & (1u << rank)) || c->row[rank] != row) {
			c->len[rank] = (uint8_t)fen_rank(p, rank, c->text[rank]);
			c->row[rank] = row;
			c->valid |= 1u << rank;
		}
		memcpy(out + n, c->text[rank], 8);
		n += c->len[rank];
		if (rank)
			out[n++] = '/';
	}
	return fen_finish(buf, size, p, HAMLE_FEN_XFEN, out, n);
}

/* The fields after the piece placement out[0..n), and the whole into buf (snprintf contract). */
static int fen_finish(char *buf, size_t size, const struct hamle_position *p, int style, char *out, size_t n)
{
	out[n++] = ' ';
	out[n++] = p->side == HAMLE_WHITE ? 'w' : 'b';
	out[n++] = ' ';
	size_t before = n;
	static const int order[4] = {0, 1, 2, 3}; /* K Q k q */
	for (int i = 0; i < 4; i++)
		if (p->castle_rook[order[i]] != HAMLE_NO_SQUARE)
			/* standard chess: the castling rook is in its corner, the outermost one */
			out[n++] = !p->chess960 && style == HAMLE_FEN_XFEN ? "KQkq"[order[i]] : castle_char(p, order[i], style);
	if (n == before)
		out[n++] = '-';
	out[n++] = ' ';
	if (p->ep == HAMLE_NO_SQUARE) {
		out[n++] = '-';
	} else {
		out[n++] = (char)('a' + HAMLE_SQ_FILE(p->ep));
		out[n++] = (char)('1' + HAMLE_SQ_RANK(p->ep));
	}
	/* the counters by hand: this runs once a ply for FEN comments (hamle-annotate --fen) */
	unsigned v[2] = { p->halfmove, p->fullmove };
	for (int k = 0; k < 2; k++) {
		out[n++] = ' ';
		if (v[k] < 10) {
			out[n++] = (char)('0' + v[k]);
		} else if (v[k] < 100) {
			out[n++] = (char)('0' + v[k] / 10);
			out[n++] = (char)('0' + v[k] % 10);
		} else {
			char d[8];
			int nd = 0;
			do {
				d[nd++] = (char)('0' + v[k] % 10);
				v[k] /= 10;
			} while (v[k]);
			while (nd)
				out[n++] = d[--nd];
		}
	}
	if (out == buf) { /* written in place (size >= HAMLE_FEN_MAX) */
		out[n] = '\0';
	} else if (size) {
		size_t c = n < size ? n : size - 1;
		memcpy(buf, out, c);
		buf[c] = '\0';
	}
	return (int)n;
}
