/* quick.c: the quick lane. Most games in a large file are plain: tags, then move numbers and moves
 * of the mainline, then the result. For a verdict alone such a game need not be turned into
 * tokens: the movetext is read straight from the text and each move resolved as it is met. The
 * lane gives up (returns 0) at the first thing it does not handle itself or that would be a
 * finding -- a comment, a variation, a NAG, a byte outside ASCII, a move that does not resolve,
 * a wrong mark, a game end before the last move, a tag problem -- and the caller then takes the
 * full path, which finds and explains it. So a game the lane passes is one the full path passes
 * with no finding at all (tests/cli/validate_quick.sh compares both over every test file). */
#include <string.h>

#include "notation/san_internal.h"
#include "pgn/game_internal.h"
#include "replay/replay_internal.h"

#define QUICK_SHAPES 24

/* Bytes a move word of the lane may hold: letters, digits, '=' '+' '#' '-'. */
static const unsigned char word_byte[256] = {
	['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1,
	['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1,
	['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1,
	['Y'] = 1, ['Z'] = 1,
	['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1,
	['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1,
	['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1,
	['y'] = 1, ['z'] = 1,
	['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1,
	['8'] = 1, ['9'] = 1, ['='] = 1, ['+'] = 1, ['#'] = 1, ['-'] = 1,
};

static inline int is_space(unsigned char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
static inline int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static inline int is_letter(unsigned char c) { return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'); }

/* The leading spellings of the moves, for the language check: the first move of each distinct
 * first byte, except pawn files (no language signal), as detect.c gathers them from tokens. */
struct shapes {
	uint64_t seen[2];
	const char *text[QUICK_SHAPES];
	size_t len[QUICK_SHAPES];
	size_t n;
};

/* Returns 0, or -1 when there are more distinct letters than the full path would look at. */
static int shape_add(struct shapes *sh, const char *w, size_t len)
{
	unsigned char c = (unsigned char)w[0];
	uint64_t bit = (uint64_t)1 << (c & 63);
	if (sh->seen[c >> 6] & bit)
		return 0;
	sh->seen[c >> 6] |= bit;
	if (c >= 'a' && c <= 'h')
		return 0;
	if (sh->n == QUICK_SHAPES)
		return -1;
	sh->text[sh->n] = w;
	sh->len[sh->n++] = len;
	return 0;
}

/* Replays the movetext s[i..n) of a plain game under loc from rp->start. Returns 1 when every move
 * resolved with no finding (rp->final, rp->plies set; *marker the result written, if any), 0 to
 * give up, -1 on ENOMEM. */
static int quick_walk(hamle_replay *rp, const hamle_locale *loc, const char *s, size_t i, size_t n,
	size_t max_tokens, struct shapes *sh, hamle_result *marker)
{
	size_t tokens = 0; /* an upper bound of the lexer's count: its limit is a finding */
	struct hamle_position pos = rp->start;
	unsigned plies = 0;
	int pending_check = 0; /* the last move is marked '+' and gives check: mate not ruled out */
	rp->history_len = 0;
	if (replay_history_push(rp, &pos) < 0)
		return -1;
	*marker = HAMLE_RESULT_NONE;
	for (;;) {
		while (i < n && is_space((unsigned char)s[i]))
			i++;
		if (i >= n)
			break;
		if (++tokens >= max_tokens)
			return 0;
		unsigned char c = (unsigned char)s[i];
		if (is_digit(c) || c == '*') {
			/* A result starts with 0, 1 or *, then (pgn_may_be_result) - : / , ½ or ".5", or is
			 * one character: only such a word is read whole (move numbers skip this). The
			 * text is padded after its NUL, so s[i + 2] can be read. */
			unsigned char c2 = (unsigned char)s[i + 1];
			int maybe = c == '*' || ((c == '0' || c == '1') &&
				(c2 == '-' || c2 == ':' || c2 == '/' || c2 == ',' || c2 == 0xC2 || c2 == 0xBD ||
				 c2 == 0xE2 || (c2 == '.' && s[i + 2] == '5') || is_space(c2) || c2 == 0));
			size_t e = i;
			while (maybe && e < n && !is_space((unsigned char)s[e]))
				e++;
			if (maybe && pgn_may_be_result((const unsigned char *)s + i, e - i)) {
				hamle_result res = hamle_result_parse(s + i, e - i);
				if (res != HAMLE_RESULT_NONE) {
					*marker = res;
					/* nothing may follow the result in a plain game */
					while (e < n && is_space((unsigned char)s[e]))
						e++;
					if (e < n)
						return 0;
					break;
				}
			}
			if (c == '*')
				return 0;
			/* a move number: digits, then dots; a move may be glued to it */
			while (i < n && is_digit((unsigned char)s[i]))
				i++;
			if (i < n && s[i] == '.') {
				while (i < n && s[i] == '.')
					i++;
			} else if (i < n && !is_space((unsigned char)s[i])) {
				return 0; /* "12)", "1e4", "0-0": the full path reads these */
			}
			if (i >= n || is_space((unsigned char)s[i]))
				continue;
			if (++tokens >= max_tokens)
				return 0;
			c = (unsigned char)s[i];
		}
		if (!is_letter(c))
			return 0;
		size_t e = i;
		while (e < n && word_byte[(unsigned char)s[e]])
			e++;
		if (e < n && !is_space((unsigned char)s[e]))
			return 0; /* a glyph, a comment, a variation... glued to the move */
		const char *w = s + i;
		size_t wl = e - i;
		i = e;
		if (shape_add(sh, w, wl) < 0)
			return 0;
		struct san_tok t;
		hamle_move m;
		if ((!san_lex_plain(&t, loc, w, wl) && san_lex(&t, loc, loc, w, wl, NULL) != 0) ||
			t.null_move || t.nag ||
			(t.warn & (HAMLE_SAN_W_EP_MARK | HAMLE_SAN_W_DRAW_OFFER)))
			return 0;
		int before;
		if (!san_fast_resolve(&pos, &t, &m, &before) && san_resolve(&m, &pos, loc, loc, &t, NULL) != 0)
			return 0;
		pending_check = 0;
		int kind = HAMLE_MOVE_KIND(m);
		if (t.capture && kind != HAMLE_MOVE_EN_PASSANT &&
			(kind == HAMLE_MOVE_CASTLING || pos.board[HAMLE_MOVE_TO(m)] == PIECE_NONE))
			return 0; /* capture wrongly marked */
		if (t.mark == HAMLE_LOC_MATE) {
			if (san_gives_check(&pos, m) != 2)
				return 0;
		} else if (t.mark) {
			int gives = san_fast_check(&pos, m);
			if (gives < 0)
				gives = san_gives_check(&pos, m);
			if (gives == 0)
				return 0;
			pending_check = gives == 1; /* mate (2) marked '+' is a finding */
			if (gives == 2)
				return 0;
		}
		hamle_make_move(&pos, m);
		plies++;
		int reps = replay_history_push(rp, &pos);
		if (reps < 0)
			return -1;
		if (replay_end_state(&pos, reps))
			return 0; /* fivefold, 75 moves, dead position: the full path tells what follows */
	}
	rp->final = pos;
	rp->final_state = (int)hamle_position_state(&pos);
	if (pending_check && rp->final_state == HAMLE_STATE_CHECKMATE)
		return 0;
	rp->plies = plies;
	rp->resolved = plies;
	return 1;
}

int hamle_replay_quick(hamle_replay *rp, hamle_game **game, const hamle_chunk *chunk,
	const hamle_reader_options *opts)
{
	if (!rp || !game || !chunk)
		return HAMLE_EUSAGE;
	if (rp->opts.flags & (HAMLE_REPLAY_STRICT | HAMLE_REPLAY_REPAIR_TR | HAMLE_REPLAY_KEEP_POSITIONS))
		return 0;
	if ((opts && (opts->flags & HAMLE_READ_REPAIR_TR)) || (chunk->flags & HAMLE_CHUNK_OVERFLOW))
		return 0;
	int rc = pgn_game_parse(game, chunk, opts, 1);
	if (rc < 0)
		return rc;
	hamle_game *g = *game;
	if (g->nfindings)
		return 0;
	const hamle_locale *loc = rp->opts.from ? rp->opts.from : rp->en;
	if (!loc || !strcmp(hamle_locale_tag(loc), "tr"))
		return 0;
	rp->game = g;
	rp->nfindings = rp->nerrors = rp->nwarnings = 0;
	rp->first_error = (size_t)-1;
	rp->plies = 0;
	rp->final_state = 0;
	rp->loc = loc;
	replay_scan_tags(rp);
	replay_check_tags(rp);
	if (rp->nfindings || replay_setup_start(rp) || rp->nfindings)
		return 0;
	rp->start_ok = 1;
	struct shapes sh;
	sh.seen[0] = sh.seen[1] = 0;
	sh.n = 0;
	hamle_result marker;
	pgn_limits lim;
	pgn_limits_resolve(&lim, opts);
	rc = quick_walk(rp, loc, g->text, g->movetext_at, g->text_len, lim.max_tokens, &sh, &marker);
	if (rc <= 0)
		return rc < 0 ? HAMLE_ENOMEM : 0;
	if (!rp->opts.from) {
		/* the full path's language choice must be this one: the only candidate reading every
		 * leading spelling (several fits are replayed one by one there: not here) */
		const hamle_locale *fit[2];
		if (replay_fitting(rp, sh.text, sh.len, sh.n, fit, 2) != 1 || fit[0] != loc)
			return 0;
	}
	g->result = marker;
	replay_check_result(rp);
	return rp->nfindings ? 0 : 1;
}
