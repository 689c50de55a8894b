/* uci.c: the UCI protocol as text: one line an engine writes, read into a hamle_uci_line, and the
 * commands a GUI sends, composed. No I/O (process.c does that). See hamle/engine.h. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "chess/position_internal.h"
#include "error_internal.h"
#include "hamle/engine.h"

/* A word of the line: [*at, *at + *n). Returns 0 at the end of the line. */
static int next_word(const char *s, size_t len, size_t *pos, size_t *at, size_t *n)
{
	size_t i = *pos;
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i >= len) {
		*pos = i;
		return 0;
	}
	size_t j = i;
	while (j < len && s[j] != ' ' && s[j] != '\t')
		j++;
	*at = i;
	*n = j - i;
	*pos = j;
	return 1;
}

static int word_is(const char *s, size_t at, size_t n, const char *w)
{
	return strlen(w) == n && memcmp(s + at, w, n) == 0;
}

static int bad(hamle_error *err, const char *line, size_t len, size_t at, const char *what)
{
	hamle_error_set(err, HAMLE_ESYNTAX, "%s", what);
	if (err) {
		err->column = at + 1;
		hamle_error_set_token(err, line, len);
	}
	return HAMLE_ESYNTAX;
}

/* An unsigned number word; 0 when it is none. */
static int number(const char *s, size_t at, size_t n, uint64_t *v)
{
	if (!n || n > 19)
		return 0;
	uint64_t x = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[at + i] < '0' || s[at + i] > '9')
			return 0;
		x = x * 10 + (uint64_t)(s[at + i] - '0');
	}
	*v = x;
	return 1;
}

static int signed_number(const char *s, size_t at, size_t n, int *v)
{
	int neg = n > 0 && (s[at] == '-' || s[at] == '+');
	uint64_t x;
	if (!number(s, at + (size_t)neg, n - (size_t)neg, &x) || x > 1000000)
		return 0;
	*v = neg && s[at] == '-' ? -(int)x : (int)x;
	return 1;
}

/* A move in UCI's long algebraic form (or 0000): copied to out. */
static int uci_move_word(const char *s, size_t at, size_t n, char out[HAMLE_UCI_MOVE_MAX])
{
	if (n == 4 && memcmp(s + at, "0000", 4) == 0) {
		memcpy(out, "0000", 5);
		return 1;
	}
	if (n != 4 && n != 5)
		return 0;
	const char *m = s + at;
	if (m[0] < 'a' || m[0] > 'h' || m[1] < '1' || m[1] > '8' || m[2] < 'a' || m[2] > 'h' || m[3] < '1' || m[3] > '8')
		return 0;
	if (n == 5 && !strchr("nbrq", m[4]))
		return 0;
	memcpy(out, m, n);
	out[n] = '\0';
	return 1;
}

static void copy_rest(char *dst, size_t size, const char *s, size_t from, size_t len)
{
	while (from < len && (s[from] == ' ' || s[from] == '\t'))
		from++;
	size_t n = len - from < size - 1 ? len - from : size - 1;
	memcpy(dst, s + from, n);
	dst[n] = '\0';
}

static int parse_info(hamle_uci_line *o, const char *s, size_t len, size_t pos, hamle_error *err)
{
	size_t at, n;
	o->multipv = 1;
	while (next_word(s, len, &pos, &at, &n)) {
		uint64_t v;
		size_t vat, vn;
		if (word_is(s, at, n, "string")) {
			o->info |= HAMLE_UCI_HAS_STRING;
			return 0; /* the rest of the line is text */
		}
		if (word_is(s, at, n, "pv")) {
			o->info |= HAMLE_UCI_HAS_PV;
			while (next_word(s, len, &pos, &vat, &vn)) {
				char mv[HAMLE_UCI_MOVE_MAX];
				if (!uci_move_word(s, vat, vn, mv))
					return bad(err, s, len, vat, "a pv move that is no UCI move");
				if (o->npv < HAMLE_UCI_PV_MAX)
					memcpy(o->pv[o->npv++], mv, sizeof(mv));
			}
			return 0;
		}
		if (word_is(s, at, n, "score")) {
			if (!next_word(s, len, &pos, &vat, &vn))
				return bad(err, s, len, len, "score without cp or mate");
			int mate = word_is(s, vat, vn, "mate");
			if (!mate && !word_is(s, vat, vn, "cp"))
				return bad(err, s, len, vat, "score wants cp or mate");
			size_t nat = len, nn = 0; /* the end of the line when no word follows */
			if (!next_word(s, len, &pos, &nat, &nn) || !signed_number(s, nat, nn, &o->score))
				return bad(err, s, len, nat, "score without a number");
			o->mate = mate;
			o->bound = HAMLE_UCI_BOUND_EXACT;
			o->info |= HAMLE_UCI_HAS_SCORE;
			size_t save = pos;
			if (next_word(s, len, &pos, &vat, &vn)) {
				if (word_is(s, vat, vn, "lowerbound"))
					o->bound = HAMLE_UCI_BOUND_LOWER;
				else if (word_is(s, vat, vn, "upperbound"))
					o->bound = HAMLE_UCI_BOUND_UPPER;
				else
					pos = save;
			}
			continue;
		}
		static const char *const numeric[] = { "depth", "seldepth", "time", "nodes", "multipv", "nps",
			"hashfull", "tbhits", "cpuload", "currmovenumber", "sbhits" };
		int k = -1;
		for (size_t i = 0; i < sizeof(numeric) / sizeof(numeric[0]); i++)
			if (word_is(s, at, n, numeric[i]))
				k = (int)i;
		if (k >= 0) {
			int have = next_word(s, len, &pos, &vat, &vn);
			if (!have || !number(s, vat, vn, &v))
				return bad(err, s, len, have ? vat : len, "an info field without a number");
			switch (k) {
			case 0: o->depth = v > 10000 ? 10000 : (unsigned)v; o->info |= HAMLE_UCI_HAS_DEPTH; break;
			case 2: o->time_ms = v; o->info |= HAMLE_UCI_HAS_TIME; break;
			case 3: o->nodes = v; o->info |= HAMLE_UCI_HAS_NODES; break;
			case 4: o->multipv = v > 1000 ? 1000 : (unsigned)v; break;
			default: break;
			}
			continue;
		}
		if (word_is(s, at, n, "currmove")) {
			next_word(s, len, &pos, &vat, &vn);
			continue;
		}
		if (word_is(s, at, n, "refutation") || word_is(s, at, n, "currline"))
			return 0; /* a list of moves to the end of the line */
		/* anything else: skipped, as UCI says of unknown tokens */
	}
	return 0;
}

int hamle_uci_parse(hamle_uci_line *o, const char *s, size_t len, hamle_error *err)
{
	if (!o || (!s && len))
		return HAMLE_EUSAGE;
	memset(o, 0, sizeof(*o));
	if (len && s[len - 1] == '\r')
		len--;
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] < 0x20 && s[i] != '\t')
			return bad(err, s, len, i, "a control character");
	size_t pos = 0, at, n;
	if (!next_word(s, len, &pos, &at, &n)) {
		o->kind = HAMLE_UCI_BLANK;
		return 0;
	}
	if (word_is(s, at, n, "info")) {
		o->kind = HAMLE_UCI_INFO;
		return parse_info(o, s, len, pos, err);
	}
	if (word_is(s, at, n, "bestmove")) {
		o->kind = HAMLE_UCI_BESTMOVE;
		size_t vat, vn;
		if (!next_word(s, len, &pos, &vat, &vn))
			return bad(err, s, len, len, "bestmove without a move");
		if (word_is(s, vat, vn, "(none)"))
			return 0;
		if (!uci_move_word(s, vat, vn, o->best))
			return bad(err, s, len, vat, "a best move that is no UCI move");
		if (strcmp(o->best, "0000") == 0)
			o->best[0] = '\0';
		if (next_word(s, len, &pos, &vat, &vn) && word_is(s, vat, vn, "ponder") &&
		    next_word(s, len, &pos, &vat, &vn) && !uci_move_word(s, vat, vn, o->ponder))
			return bad(err, s, len, vat, "a ponder move that is no UCI move");
		return 0;
	}
	if (word_is(s, at, n, "uciok")) {
		o->kind = HAMLE_UCI_UCIOK;
		return 0;
	}
	if (word_is(s, at, n, "readyok")) {
		o->kind = HAMLE_UCI_READYOK;
		return 0;
	}
	if (word_is(s, at, n, "id")) {
		o->kind = HAMLE_UCI_ID;
		size_t vat, vn;
		if (!next_word(s, len, &pos, &vat, &vn) || !(word_is(s, vat, vn, "name") || word_is(s, vat, vn, "author")))
			return bad(err, s, len, pos, "id wants name or author");
		o->id_author = word_is(s, vat, vn, "author");
		copy_rest(o->name, sizeof(o->name), s, pos, len);
		return 0;
	}
	if (word_is(s, at, n, "option")) {
		o->kind = HAMLE_UCI_OPTION;
		size_t vat, vn;
		if (!next_word(s, len, &pos, &vat, &vn) || !word_is(s, vat, vn, "name"))
			return bad(err, s, len, pos, "option without a name");
		/* the name runs to " type " */
		size_t from = pos;
		while (from < len && s[from] == ' ')
			from++;
		size_t end = from;
		while (end < len && !(end + 6 <= len && memcmp(s + end, " type ", 6) == 0))
			end++;
		copy_rest(o->name, sizeof(o->name), s, from, end);
		return 0;
	}
	if (word_is(s, at, n, "copyprotection") || word_is(s, at, n, "registration")) {
		o->kind = HAMLE_UCI_OTHER;
		return 0;
	}
	return bad(err, s, len, at, "not a UCI line");
}

int hamle_uci_go(char *buf, size_t size, const hamle_engine_limit *lim)
{
	const char *what = !lim ? NULL : lim->kind == HAMLE_LIMIT_NODES ? "nodes" :
		lim->kind == HAMLE_LIMIT_DEPTH ? "depth" : lim->kind == HAMLE_LIMIT_MOVETIME ? "movetime" : NULL;
	if (!what)
		return snprintf(buf, size, "go\n");
	return snprintf(buf, size, "go %s %" PRIu64 "\n", what, lim->value);
}

int hamle_uci_setoption(char *buf, size_t size, const char *name, const char *value)
{
	if (!value)
		return snprintf(buf, size, "setoption name %s\n", name);
	return snprintf(buf, size, "setoption name %s value %s\n", name, value);
}

int hamle_uci_position(char *buf, size_t size, const hamle_position *pos)
{
	char fen[HAMLE_FEN_MAX];
	hamle_position_fen(fen, sizeof(fen), pos, HAMLE_FEN_XFEN);
	if (strcmp(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") == 0 && !pos->chess960)
		return snprintf(buf, size, "position startpos\n");
	return snprintf(buf, size, "position fen %s\n", fen);
}

hamle_move hamle_uci_move(const hamle_position *pos, const char *m)
{
	if (!pos || !m)
		return HAMLE_MOVE_NONE;
	hamle_move mv[HAMLE_MAX_MOVES];
	int n = hamle_position_legal_moves(pos, mv);
	for (int i = 0; i < n; i++) {
		char u[8];
		hamle_move_uci(u, sizeof(u), pos, mv[i]);
		if (strcmp(u, m) == 0)
			return mv[i];
	}
	return HAMLE_MOVE_NONE;
}
