/* ending.c: how a replayed game ended and whether the result written says so (hamle/verdict.h):
 * the one verdict hamle-validate, hamle-annotate, the filter's Ends and the HTML report give. The
 * board's ends along the mainline are the walk's (walk.c: checkmate, stalemate, dead positions by
 * material, fivefold repetition and 75 moves where the Date has them in force) and dead.c's (a
 * locked position); the 6.9 flag fall is read here from the Termination tag and the mainline's
 * [%clk] comments. */
#include <string.h>

#include "chess/bitboard.h"
#include "pgn/game_internal.h"
#include "replay/ending.h"
#include "replay/replay_internal.h"

/* Nodes per side the unwinnability analysis may spend on a flag fall by default (a rare event:
 * the loser ran out of time). */
#define FLAG_BUDGET 200000ul

static long clock_number(const char **s, const char *end)
{
	long v = -1;
	while (*s < end && **s >= '0' && **s <= '9' && v < 100000000L) {
		v = (v < 0 ? 0 : v * 10) + (**s - '0');
		(*s)++;
	}
	return v;
}

long replay_clock(const char *s, size_t n)
{
	const char *end = s + n, *at = NULL;
	/* the first "[%clk": at the comment's start (a lichess clock), else memchr finds each '%' (an
	 * engine's comment of hundreds of bytes has none) */
	const char *p = s;
	while (p < end && p < s + 2 && *p != '[')
		p++;
	if (end - p >= 5 && p[1] == '%' && memcmp(p + 2, "clk", 3) == 0)
		at = p + 5;
	for (p = at || n < 2 ? NULL : memchr(s + 1, '%', n - 1); p && end - p >= 4;
	     p = memchr(p + 1, '%', (size_t)(end - p - 1)))
		if (p[-1] == '[' && memcmp(p + 1, "clk", 3) == 0) {
			at = p + 4;
			break;
		}
	if (!at)
		return -1;
	while (at < end && *at == ' ')
		at++;
	long part[3] = { 0, 0, 0 };
	int np = 0;
	for (;;) {
		long v = clock_number(&at, end);
		if (v < 0 || np == 3)
			return -1;
		part[np++] = v;
		if (at < end && *at == ':') {
			at++;
			continue;
		}
		break;
	}
	long tenths = 0;
	if (at < end && *at == '.') {
		at++;
		if (at < end && *at >= '0' && *at <= '9')
			tenths = *at - '0';
		while (at < end && *at >= '0' && *at <= '9')
			at++;
	}
	long secs = 0;
	for (int i = 0; i < np; i++)
		secs = secs * 60 + part[i];
	return secs * 10 + tenths;
}

int replay_any_zero_clock(const char *s, size_t n)
{
	const char *end = s + n;
	for (const char *p = n ? memchr(s, '%', n) : NULL; p; p = memchr(p + 1, '%', (size_t)(end - p - 1))) {
		if (p == s || p[-1] != '[' || end - p < 4 || memcmp(p + 1, "clk", 3) != 0)
			continue;
		const char *q = p + 4;
		while (q < end && *q == ' ')
			q++;
		int digits = 0, nonzero = 0;
		for (; q < end && ((*q >= '0' && *q <= '9') || *q == ':' || *q == '.') && !nonzero; q++) {
			nonzero = *q >= '1' && *q <= '9';
			digits += *q == '0';
		}
		if (digits > 0 && !nonzero)
			return 1;
	}
	return 0;
}

int replay_time_forfeit(const char *s, size_t n)
{
	static const char want[] = "time forfeit";
	if (!s || n != sizeof(want) - 1)
		return 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] - 'A' + 'a') : s[i];
		if (c != want[i])
			return 0;
	}
	return 1;
}

int replay_can_mate(struct hamle_unwin **u, const struct hamle_position *p, int side, unsigned long budget)
{
	if (hamle_position_dead(p))
		return 0;
	bitboard own = p->occupied[side] & ~p->pieces[side][HAMLE_KING];
	if (!own)
		return 0; /* a bare king never mates */
	bitboard theirs = p->occupied[!side] & ~p->pieces[!side][HAMLE_KING];
	bitboard minor = p->pieces[side][HAMLE_KNIGHT] | p->pieces[side][HAMLE_BISHOP];
	/* a lone knight or bishop against a bare king: no mate is possible (the king needs a piece of
	 * its own to block its flight square) */
	if (own == minor && bb_count(minor) == 1 && !theirs)
		return 0;
	/* else the unwinnability analysis: a locked pawn wall, a fortress; only its proof counts, an
	 * undecided side can mate (the loss stands) */
	if (!*u && hamle_unwin_new(u) < 0)
		return 1;
	hamle_unwin_result r;
	return !(hamle_unwin_analyze(*u, &r, p, side ? HAMLE_BLACK : HAMLE_WHITE, budget ? budget : FLAG_BUDGET) == 0 &&
		r.verdict == HAMLE_UNWIN_CANNOT_MATE);
}

/* The side whose flag fell (6.9), or -1: the Termination tag "time forfeit" names the loser of the
 * result written; else a side whose last clock along the mainline ([%clk] in the comments right
 * after its move, the first among them) reads 0 (White's first). moves: the mainline's move tokens,
 * which are its plies (replay_verdict asks only of a mainline played to its end without error or
 * game end: each of its move tokens is a ply played). */
static int flag_loser(const hamle_game *g, const struct hamle_position *start, size_t moves,
	hamle_result written)
{
	const char *term = hamle_game_tag(g, "Termination");
	if (term && replay_time_forfeit(term, strlen(term))) {
		if (written == HAMLE_RESULT_WHITE)
			return HAMLE_BLACK;
		if (written == HAMLE_RESULT_BLACK)
			return HAMLE_WHITE;
	}
	if (!g->comment_pct)
		return -1; /* no comment holds a '%': no [%clk] (the lexer looked) */
	const hamle_token *t = hamle_game_tokens(g);
	size_t n = hamle_game_token_count(g), first = 0;
	while (first < n && !(t[first].depth == 0 && t[first].kind == HAMLE_TOKEN_COMMENT))
		first++;
	if (first == n)
		return -1; /* no clock to read */
	/* from the last move back: a side's last clock is that of its last move whose comments (the
	 * comments, NAGs and draw offers right after it) hold one, so only those moves' comments are
	 * read, not every clock of the game */
	long last[2] = { -1, -1 };
	int known[2] = { 0, 0 };
	size_t stop = n; /* the first token after the one at hand that ends a move's comments */
	for (size_t i = n; i-- > 0 && !(known[0] && known[1]);) {
		const hamle_token *tk = &t[i];
		int move = tk->depth == 0 && tk->kind == HAMLE_TOKEN_MOVE;
		if (!move && tk->depth == 0 && (tk->kind == HAMLE_TOKEN_COMMENT || tk->kind == HAMLE_TOKEN_NAG ||
			tk->kind == HAMLE_TOKEN_DRAW_OFFER))
			continue;
		if (move) {
			int mover = (int)((size_t)start->side ^ (--moves & 1));
			for (size_t k = i + 1; k < stop && !known[mover]; k++) {
				long c = t[k].kind == HAMLE_TOKEN_COMMENT ? replay_clock(t[k].text, t[k].len) : -1;
				if (c >= 0) {
					last[mover] = c;
					known[mover] = 1;
				}
			}
		}
		stop = i;
	}
	for (int s = 0; s < 2; s++)
		if (last[s] == 0)
			return s;
	return -1;
}

static int decided(hamle_result r) { return r != HAMLE_RESULT_NONE && r != HAMLE_RESULT_UNKNOWN; }

int replay_verdict(const hamle_replay *rp, const hamle_game *g, struct hamle_unwin **u, unsigned long budget,
	hamle_verdict *v)
{
	memset(v, 0, sizeof(*v));
	v->flag_side = -1;
	const char *tv = hamle_game_tag(g, "Result");
	v->tag = tv ? hamle_result_parse(tv, strlen(tv)) : HAMLE_RESULT_NONE;
	v->marker = hamle_game_result(g);
	v->tag_marker_differ = v->tag != HAMLE_RESULT_NONE && v->marker != HAMLE_RESULT_NONE && v->tag != v->marker;
	if (!rp->start_ok || rp->main_failed)
		return HAMLE_OK; /* a mainline that stops at an error ends nowhere */
	const struct hamle_position *fin = &rp->final;
	switch (rp->final_state) {
	case HAMLE_STATE_CHECKMATE:
		v->end = HAMLE_END_CHECKMATE;
		v->board = fin->side == HAMLE_WHITE ? HAMLE_RESULT_BLACK : HAMLE_RESULT_WHITE;
		break;
	case HAMLE_STATE_STALEMATE: v->end = HAMLE_END_STALEMATE; break;
	case HAMLE_STATE_DEAD: v->end = HAMLE_END_DEAD; break;
	case END_FIVEFOLD: v->end = HAMLE_END_FIVEFOLD; break;
	case END_SEVENTY_FIVE:
		/* a checkmate by the move that completes the 75 moves stands (9.6.2) */
		if (hamle_position_state(fin) == HAMLE_STATE_CHECKMATE) {
			v->end = HAMLE_END_CHECKMATE;
			v->board = fin->side == HAMLE_WHITE ? HAMLE_RESULT_BLACK : HAMLE_RESULT_WHITE;
		} else {
			v->end = HAMLE_END_SEVENTY_FIVE;
		}
		break;
	default: {
		hamle_result written = v->marker != HAMLE_RESULT_NONE ? v->marker : v->tag;
		int loser = flag_loser(g, &rp->start, rp->plies, written);
		if (loser >= 0 && !replay_can_mate(u, fin, !loser, budget)) {
			v->end = HAMLE_END_FLAG_FALL;
			v->flag_side = loser;
		}
		break;
	}
	}
	if (v->end != HAMLE_END_NONE && v->end != HAMLE_END_CHECKMATE)
		v->board = HAMLE_RESULT_DRAW;
	if (v->board == HAMLE_RESULT_NONE)
		return HAMLE_OK;
	if (decided(v->marker) && v->marker != v->board)
		v->wrong = v->marker;
	else if (decided(v->tag) && v->tag != v->board)
		v->wrong = v->tag;
	return HAMLE_OK;
}

int hamle_replay_verdict(hamle_replay *rp, const hamle_game *g, hamle_verdict *out)
{
	if (!rp || !g || !out || rp->game != g)
		return HAMLE_EUSAGE;
	return replay_verdict(rp, g, &rp->unwin, rp->opts.mate_budget, out);
}

int hamle_verdict_mismatch(const hamle_verdict *v)
{
	return v && (v->tag_marker_differ || v->wrong != HAMLE_RESULT_NONE);
}

const char *hamle_end_name(hamle_end e)
{
	static const char *const names[] = { "", "checkmate", "stalemate", "dead", "fivefold", "seventyfive",
		"flagfall" };
	return (unsigned)e < sizeof(names) / sizeof(names[0]) ? names[e] : "";
}
