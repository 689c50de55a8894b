/* quick.c: the quick lane. Most games in a large file are plain: tags, then move numbers and moves,
 * comments, NAGs and variations, then the result. For a verdict alone such a game need not be
 * turned into tokens: the movetext is read straight from the text and each move resolved as it is
 * met (a variation from the position before its line's last move, as walk.c replays it). The lane
 * skips {} comments (once their length, their bytes and a failed game's note are ruled out), NAGs
 * and the glyphs !, ?, !!, ??, !?, ?!, and gives up (returns 0) at the first thing it does not
 * handle itself or that would be a finding -- a line comment, a byte outside ASCII, a move that
 * does not resolve, a wrong mark, a game end before the last move, a variation without a move
 * before it, a tag problem -- and the caller then takes the full path, which finds and explains it.
 * So a game the lane passes is one the full path passes with no finding at all
 * (tests/cli/validate_quick.sh compares both over every test file). */
#include <stdint.h>
#include <string.h>

#include "chess/make_move.h"
#include "compiler.h"
#include "notation/san_fast.h"
#include "pgn/game_internal.h"
#include "pgn/scan.h"
#include "replay/ending.h"
#include "replay/quick_comments.h"
#include "replay/quick_internal.h"
#include "replay/replay_internal.h"

#define QUICK_SHAPES 24
#define QUICK_PREFETCH 256 /* bytes ahead the one-pass walk asks for (the view is read for the first time) */



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

/* ' ', '\n', '\r', '\t': one compare and one shift, whichever byte it is */
#define QUICK_SPACES ((1ull << ' ') | (1ull << '\n') | (1ull << '\r') | (1ull << '\t'))
static inline int is_space(unsigned char c) { return c <= ' ' && ((QUICK_SPACES >> c) & 1); }
static inline int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static inline int is_letter(unsigned char c) { return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'); }

/* The first spellings of the moves, for the language check: the first move of each distinct
 * first byte, except pawn files (no language signal), as detect.c gathers them from tokens. */
struct shapes {
	const char *text[QUICK_SHAPES];
	size_t len[QUICK_SHAPES];
	size_t n;
	int zero_clock; /* a side's last [%clk] may read 0: a flag that may have fallen (6.9) */
	const char *clocks; /* else, where no side's last move has a clock: the text any clock at 0 */
	size_t clocks_len;  /* may be in (looked at only for a decisive result), or NULL */
};

/* Adds the first move of a first byte not seen before (the caller keeps the seen set). Returns 0,
 * or -1 when there are more distinct letters than the full path would look at. */
static int shape_add(struct shapes *sh, const char *w, size_t len)
{
	unsigned char c = (unsigned char)w[0];
	if (c >= 'a' && c <= 'h')
		return 0;
	if (sh->n == QUICK_SHAPES)
		return -1;
	sh->text[sh->n] = w;
	sh->len[sh->n++] = len;
	return 0;
}

/* Whether the comment text s[0..n) is the note hamle writes where a game failed ("hamle:",
 * blanks, "error", with blanks before): the full path reports it (as lexer_tags.c tells it). */
static int is_note(const char *s, size_t n)
{
	if (n >= 2 && (unsigned char)s[0] <= ' ' && (unsigned char)s[1] > ' ' && s[1] != 'h')
		return 0; /* "{ [%clk ...", "{ text": one blank, then no 'h' */
	size_t i = 0;
	while (i < n && is_space((unsigned char)s[i]))
		i++;
	return n - i >= 6 && s[i] == 'h' && memcmp(s + i, "hamle:", 6) == 0;
}

/* Counts the line ends in s[i..e) (s[i - 1] readable): how many. */
static size_t open_lines(struct quick_open *open, const char *s, size_t i, size_t e)
{
	size_t got = 0;
#ifdef PGN_SCAN_SSE2
	/* sixteen bytes at a time while they hold no CR (the tags' lines: LF alone, the common case) */
	for (; i + 16 <= e; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		if (_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))))
			break;
		unsigned lf = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')));
		if (lf) {
			open->ls = i + 32 - (size_t)__builtin_clz(lf);
			for (; lf; lf &= lf - 1) /* a line end or two: no popcount instruction assumed */
				got++;
		}
	}
#endif
	for (; i < e; i++) {
		if (s[i] == '\r' || (s[i] == '\n' && s[i - 1] != '\r')) {
			got++;
			open->ls = i + 1;
		} else if (s[i] == '\n') {
			open->ls = i + 1;
		}
	}
	open->lines += got;
	return got;
}

/* A line the walk left for a variation of it (quick_walk), as walk.c's open_variation and its
 * end: the line's position, the one before its last move (where a variation starts), its ply and
 * the repetition history's length. */
struct quick_line {
	struct hamle_position pos, prev;
	unsigned ply;
	size_t history_len;
};

/* Whether s[i..n) starts a NAG's or a glyph's word the lane skips: `$N` (N to 255) or `!`, `?`,
 * `!!`, `??`, `!?`, `?!` alone, ending at a blank or a ')'. Returns its end, or 0 (give up: "$256",
 * "$", a glyph the lexer reads otherwise, a word glued to it). */
static size_t quick_nag(const char *s, size_t i, size_t n)
{
	size_t e = i + 1;
	if (s[i] == '$') {
		unsigned v = 0;
		for (; e < n && is_digit((unsigned char)s[e]) && e - i <= 3; e++)
			v = v * 10 + (unsigned)(s[e] - '0');
		if (e == i + 1 || v > 255)
			return 0;
	} else if (e < n && (s[e] == '!' || s[e] == '?')) {
		e++;
	}
	return e >= n || is_space((unsigned char)s[e]) || s[e] == ')' ? e : 0;
}

#define QUICK_VARS (-2)  /* quick_walk met a variation before keeping the positions it starts from */
#define QUICK_DEPTH 16   /* variations nested deeper: the full path */

/* Whether the lane may open a variation at the '(' s[i], with `open` variations open around the
 * words after it (this one counted): not nested deeper than the lane or the limit goes, and no
 * "(=)", the draw offer, which the full path reads. */
static int variation_may_open(const char *s, size_t i, size_t n, size_t open, const pgn_limits *lim)
{
	size_t k = i + 1;
	while (k < n && is_space((unsigned char)s[k]))
		k++;
	return open < QUICK_DEPTH && open <= lim->max_depth && !(k < n && s[k] == '=');
}

/* Replays the movetext s[i..n) of a plain game under loc from rp->start. raw: s holds the input's
 * own bytes (not decoded) and the reader did not vouch for its comments' bytes: a comment must then
 * be plain ASCII. open: the game's end is to be found (struct quick_open). vars: keep the position
 * before each move, for a variation to start from (else a '(' returns QUICK_VARS, for the caller to
 * walk again with it: most games have none, and the copy is not free). Variations are replayed as
 * walk.c does (from the position before their line's last move, the history without it), NAGs
 * and the glyphs !, ?, !!, ??, !?, ?! (alone or after a move) skipped. Returns 1 when every move
 * resolved with no finding (rp->final, rp->plies set; *marker the result written, if any), 0 to
 * give up, -1 on ENOMEM. */
static int quick_walk(hamle_replay *rp, const hamle_locale *loc, const char *s, size_t i, size_t n,
	const pgn_limits *lim, int raw, struct shapes *sh, hamle_result *marker, struct quick_open *open,
	int vars)
{
	const size_t max_tokens = lim->max_tokens;
	const size_t i0 = i;
	/* the lexer's token limit is a finding: no game under it in bytes can reach it (a token is
	 * a byte at least), and the rare one over it goes to the full path */
	if (!open && n - i >= max_tokens)
		return 0;
	if (open)
		open_lines(open, s, 1, i); /* the tags' lines (s[0] is their '[') */
	uint64_t seen = 0;   /* first letters already seen (shapes), bit c & 63 */
	struct hamle_position pos = rp->start, prev;
	struct quick_line lines[QUICK_DEPTH];
	size_t depth = 0, moves = 0;
	int has_prev = 0; /* a move of the line was played: a variation may follow */
	unsigned plies = 0; /* of the line (the mainline's at depth 0) */
	/* the numbering's count of the ply due (2N - 1 for White's move N, 2N for Black's) is this
	 * plus the plies played */
	const unsigned due0 = 2u * pos.fullmove - (pos.side == HAMLE_WHITE);
	int pending_check = 0; /* the last move is marked '+' and gives check: mate not ruled out */
	/* HAMLE_REPLAY_MAINLINE: a variation's words are read and checked as any, its moves not
	 * played; skip counts the variations open around the word read (0: a line being played) */
	const int mainline = (rp->opts.flags & HAMLE_REPLAY_MAINLINE) != 0;
	size_t skip = 0;
	/* the comments right after each side's last mainline move, s[ga..gb) (ending.c's flag_loser
	 * reads a side's last clock there: the comments and NAGs after the move, up to the next move
	 * number, move or variation); grp: the side whose move those words follow now, or -1 */
	int grp = -1, comments = 0;
	size_t ga[2] = {0, 0}, gb[2] = {0, 0};
	replay_history_reset(rp);
	if (replay_history_push(rp, &pos) < 0)
		return -1;
	*marker = HAMLE_RESULT_NONE;
	for (;;) {
		size_t ws = i;
		if (open)
			__builtin_prefetch(s + i + QUICK_PREFETCH);
		if (LIKELY(i + 1 < n) && s[i] == ' ' && (unsigned char)s[i + 1] > ' ') {
			i++; /* one space, the common separator: no line end to count */
		} else {
			while (i < n && is_space((unsigned char)s[i]))
				i++;
			if (UNLIKELY(open) && i > ws && i - ws > (s[ws] == ' ')) {
				if (i - ws == 1) { /* a line end alone (s[ws - 1] is no CR: it is not a blank) */
					if (s[ws] == '\n' || s[ws] == '\r') {
						open->lines++;
						open->ls = i;
					}
				} else if (open_lines(open, s, ws, i) > 1) {
					return 0; /* a blank line: "1." after it may start a game of its own */
				}
			}
		}
		if (i >= n)
			break;
		unsigned char c = (unsigned char)s[i];
		if (UNLIKELY(c == '(' || c == ')') && skip) {
			if (c == '(') {
				if (!variation_may_open(s, i, n, depth + skip + 1, lim))
					return 0;
				skip++;
			} else {
				skip--;
			}
			i++;
			continue;
		}
		if (UNLIKELY(c == '(' || c == ')')) {
			/* a line ends here (a variation opens or closes): a move marked '+' ending it is
			 * checked for mate, as walk.c's walk_plain does where it stops */
			if (pending_check && !hamle_any_legal(&pos))
				return 0;
			pending_check = 0;
			grp = -1; /* (inside a variation read, not played, it is -1 already) */
			if (c == '(') {
				if (!vars && !mainline)
					return QUICK_VARS;
				/* no move to vary (a finding), too deep, or "(=)" the draw offer */
				if (!has_prev || !variation_may_open(s, i, n, depth + 1, lim))
					return 0;
				if (mainline) { /* a variation read, not played */
					skip = 1;
					i++;
					continue;
				}
				struct quick_line *l = &lines[depth++];
				l->pos = pos;
				l->prev = prev;
				l->ply = plies;
				l->history_len = rp->history_len;
				pos = prev; /* the variation replaces the line's last move */
				plies--;
				rp->history_len--;
				replay_history_changed(rp);
				has_prev = 0;
			} else {
				if (!depth || !has_prev)
					return 0; /* no variation to close, or an empty one */
				const struct quick_line *l = &lines[--depth];
				rp->history_len = l->history_len;
				rp->history[rp->history_len - 1] = hamle_position_repetition_key(&l->pos);
				replay_history_changed(rp);
				pos = l->pos;
				prev = l->prev;
				plies = l->ply;
			}
			i++;
			continue;
		}
		if (UNLIKELY(c == '$' || c == '!' || c == '?')) {
			size_t e = quick_nag(s, i, n);
			if (!e)
				return 0;
			i = e;
			continue;
		}
		if (c == '{') {
			/* a comment: skipped, once the findings it could make are ruled out (its length,
			 * its bytes, a note of a failed game, no end) */
			size_t close = open ? comment_close_open(s, i + 1, n)
			                    : raw ? comment_close(s, i + 1, n, 1) : comment_close_plain(s, i + 1, n);
			if (!close || close - i - 1 > lim->max_comment_bytes || is_note(s + i + 1, close - i - 1))
				return 0;
			comments = 1;
			if (grp >= 0) {
				if (ga[grp] == gb[grp])
					ga[grp] = i;
				gb[grp] = close + 1;
			}
			i = close + 1;
			continue;
		}
		if (is_digit(c) || c == '*') {
			grp = -1;
			/* a result starts with 0, 1 or * (pgn_may_be_result tells the rest): only such a
			 * word is read whole (the other move numbers skip this) */
			size_t e = i;
			/* no result starts "1." or with "1" and a digit: the move numbers 1 and 10-19 */
			if ((c == '0' || c == '1' || c == '*') &&
				!(c == '1' && i + 1 < n && (s[i + 1] == '.' || is_digit((unsigned char)s[i + 1]))))
				while (e < n && !is_space((unsigned char)s[e]))
					e++;
			if (e > i && pgn_may_be_result((const unsigned char *)s + i, e - i)) {
				hamle_result res = hamle_result_parse(s + i, e - i);
				if (res != HAMLE_RESULT_NONE) {
					if (depth || skip)
						return 0; /* a result inside a variation */
					*marker = res;
					if (open) {
						/* the splitter ends the game at the first byte after the
						 * marker's blanks, unless a comment follows */
						while (e < n && (s[e] == ' ' || s[e] == '\t'))
							e++;
						if (e >= n ? !open->eof : s[e] == '{' || s[e] == ';')
							return 0;
						if (e - i0 >= max_tokens)
							return 0;
						open->end = e;
						break;
					}
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
			size_t at = i;
			unsigned num = 0;
			for (; i < n && is_digit((unsigned char)s[i]); i++)
				num = num * 10 + (unsigned)(s[i] - '0');
			if (i - at > 6)
				return 0; /* more digits than any game's moves: the full path tells */
			at = i;
			if (i < n && s[i] == '.') {
				while (i < n && s[i] == '.')
					i++;
			} else if (i < n && !is_space((unsigned char)s[i])) {
				return 0; /* "12)", "1e4", "0-0": the full path reads these */
			}
			/* the number must fit the move due, at 2N - 1 in the numbering for White's move N
			 * and 2N for Black's (as walk.c's check_number: `N.` or `N` either side's move of
			 * move N, `N..` Black's; a FEN's full-move number 0 counts as 1), else it is a
			 * move-number finding: 2N less the ply due is 0, or 1 without "..", or it is not */
			if (!skip && 2 * num - (due0 + plies) > (unsigned)(i - at < 2))
				return 0;
			if (i >= n || is_space((unsigned char)s[i]))
				continue;
			c = (unsigned char)s[i];
		}
		if (!is_letter(c))
			return 0;
		struct san_tok t;
		hamle_move m;
		const char *w = s + i;
		size_t e = i, wl;
		int lexed = 0;
		if (i + 8 <= n) {
			/* The common token, found 8 bytes at a time: its end is the first byte below '!'
			 * (blank, line end; any other control byte gives up below). When the SAN reader's
			 * fast path takes [i, e) whole, no byte of it is a lexer delimiter (they are none of
			 * the letters, digits and marks that path accepts): the lexer's word is the same. */
			uint64_t x;
			memcpy(&x, w, 8);
			uint64_t low = (x - 0x2121212121212121ull) & ~x & 0x8080808080808080ull;
			if (low) {
				e = i + (unsigned)__builtin_ctzll(low) / 8;
				if (e < n && is_space((unsigned char)s[e]) && san_lex_plain_inline(&t, loc, w, e - i))
					lexed = 1;
			}
		}
		size_t ge = e; /* after a glyph glued to the move, as the lexer splits it ("Nf3!?") */
		if (!lexed) {
			e = i;
			while (e < n && word_byte[(unsigned char)s[e]])
				e++;
			ge = e;
			if (ge < n && (s[ge] == '!' || s[ge] == '?') && ++ge < n && (s[ge] == '!' || s[ge] == '?'))
				ge++;
			if (ge < n && !is_space((unsigned char)s[ge]) && s[ge] != ')')
				return 0; /* a comment, "d8(Q)", a NAG... glued to the move */
		}
		wl = e - i;
		i = ge;
		if (!(seen & ((uint64_t)1 << (c & 63)))) { /* a letter: c >> 6 is 1 */
			seen |= (uint64_t)1 << (c & 63);
			if (shape_add(sh, w, wl) < 0)
				return 0;
		}
		/* the plain shape has no null move, glyph, e.p. mark or draw offer: only the full
		 * token reader's answer needs looking at */
		if (!lexed && ((!san_lex_plain(&t, loc, w, wl) && san_lex(&t, loc, loc, w, wl, NULL) != 0) ||
			t.null_move || t.nag || (t.warn & (HAMLE_SAN_W_EP_MARK | HAMLE_SAN_W_DRAW_OFFER))))
			return 0;
		if (skip)
			continue; /* a move of a variation not played */
		int before;
		if (!san_fast_resolve_inline(&pos, &t, &m, &before) && san_resolve(&m, &pos, loc, loc, &t, NULL) != 0)
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
			int gives = hamle_gives_check_fast(&pos, m);
			if (gives < 0)
				gives = san_gives_check(&pos, m);
			if (gives == 0)
				return 0;
			pending_check = gives == 1; /* mate (2) marked '+' is a finding */
			if (gives == 2)
				return 0;
		}
		if (vars)
			prev = pos;
		has_prev = 1;
		grp = depth ? -1 : (int)pos.side; /* (in a variation: -1 since its '(') */
		if (grp >= 0)
			ga[grp] = gb[grp] = 0;
		pos_make_move(&pos, m);
		plies++;
		moves++;
		int reps = replay_history_push(rp, &pos);
		if (reps < 0)
			return -1;
		if (replay_end_state(&pos, reps, HAMLE_LAWS_CURRENT))
			return 0; /* fivefold, 75 moves (whatever the date), dead position: the full path
			           * tells what follows */
	}
	if ((open && !open->end) || depth || skip)
		return 0; /* no marker in the view (the game goes on past it, or is cut short), or a
		           * variation left open */
	/* a flag may have fallen where a side's last clock reads 0: its last move's comments tell
	 * (lichess's clock after every move), else (no clock there) any clock at 0 in the game */
	if (comments) {
		int zero = 0, look = 0;
		for (int side = 0; side < 2; side++) {
			long clk = ga[side] < gb[side] ? replay_clock(s + ga[side], gb[side] - ga[side]) : -1;
			zero |= clk == 0;
			look |= clk < 0;
		}
		sh->zero_clock = zero;
		if (!zero && look) {
			sh->clocks = s + i0;
			sh->clocks_len = (open ? open->end : n) - i0;
		}
	}
	rp->final = pos;
	rp->final_state = (int)hamle_position_state(&pos);
	if (rp->final_state == HAMLE_STATE_PLAYING && replay_dead_at(rp, &pos))
		return 0; /* a dead position the analysis finds: the full path reports it */
	if (pending_check && rp->final_state == HAMLE_STATE_CHECKMATE)
		return 0;
	rp->plies = plies;
	rp->resolved = moves;
	return 1;
}

/* Replays the movetext s[at..n) and checks what the full path checks after it: the language (the
 * only candidate reading every leading spelling, when detected; several fits are replayed one by
 * one there, not here) and the results (tag_res: the Result tag's value). 1 when all is clean. */
int replay_quick_judge(hamle_replay *rp, const hamle_locale *loc, const char *s, size_t at, size_t n,
	const pgn_limits *lim, int raw, hamle_result tag_res, int forfeit, struct quick_open *open)
{
	struct shapes sh;
	sh.n = 0;
	sh.zero_clock = 0;
	sh.clocks = NULL;
	hamle_result marker;
	int rc = quick_walk(rp, loc, s, at, n, lim, raw, &sh, &marker, open, 0);
	if (rc == QUICK_VARS) { /* again, keeping what a variation starts from */
		sh.n = 0;
		sh.zero_clock = 0;
		sh.clocks = NULL;
		if (open)
			open->lines = open->ls = open->end = 0;
		rc = quick_walk(rp, loc, s, at, n, lim, raw, &sh, &marker, open, 1);
	}
	if (rc <= 0)
		return rc < 0 ? HAMLE_ENOMEM : 0;
	if (!rp->opts.from) {
		const hamle_locale *fit[2];
		if (replay_fitting(rp, sh.text, sh.len, sh.n, fit, 2) != 1 || fit[0] != loc)
			return 0;
	}
	if (!replay_results_agree(rp, tag_res, marker))
		return 0;
	/* a loss on time (the Termination tag, a clock at 0) where the winner cannot mate: a draw
	 * the full path's verdict reports against a decisive result (the analysis runs only then) */
	hamle_result written = marker != HAMLE_RESULT_NONE ? marker : tag_res;
	int decisive = written == HAMLE_RESULT_WHITE || written == HAMLE_RESULT_BLACK;
	if (decisive && sh.clocks && replay_any_zero_clock(sh.clocks, sh.clocks_len))
		sh.zero_clock = 1;
	if (UNLIKELY(forfeit || sh.zero_clock) && decisive) {
		int winner = written == HAMLE_RESULT_WHITE ? HAMLE_WHITE : HAMLE_BLACK;
		/* the Termination names the loser; a clock either side (the first side at 0 lost) */
		for (int side = 0; side < 2; side++)
			if ((side == winner || sh.zero_clock) &&
			    !replay_can_mate(&rp->unwin, &rp->final, side, rp->opts.mate_budget))
				return 0;
	}
	return 1;
}
