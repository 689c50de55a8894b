/* suggest.c: "did you mean": for an illegal or ambiguous token, the legal moves the writer most
 * likely meant, best first.
 *
 * Every suggestion is a legal move of the position before the token, put forward by one of these
 * hypotheses about the writer's slip (prior cost in brackets, lower is likelier):
 *   ambiguous   the token fits several moves: each of them [0];
 *   language    the token read with another candidate language's letters, a Turkish K meant
 *               as a king [3];
 *   slip        a move whose text is a slip or two away from the token: another piece letter,
 *               one file or rank wrong or left out, file and rank swapped, a capture or check
 *               mark wrong [suggest_text_cost, at most COST_MAX_TEXT];
 *   swapped     the next move token of the same side (the token two plies on) or of the other
 *               side (the next ply) is legal now: the writer swapped the two [4];
 *   missing     a move is missing before the token: the token is a legal move of the other side
 *               once some move is played; the suggestion is that missing move, so it is still a
 *               legal move of this position (the token then follows it) [6; 3 when the
 *               move number written before the token numbers it as the next ply's move,
 *               `11. Bb5` where Black's 10th move is due].
 * Each hypothesis also says how the game goes on: the following move tokens of the same line,
 * in an order (the token itself comes back after a missing move, and after the move it was
 * swapped with). The evidence is that continuation: every ply of it that does not replay costs
 * LOOKAHEAD_PLY, every mark it contradicts (a "+" that is no check, an "x" that takes nothing)
 * MARK_WRONG. The rest of the game says which slip it was far better than the text alone; the
 * weights were tuned on injected errors in real games (tests/corruption/corruption.c).
 * Work is bounded: HORIZON plies per candidate, and only for the first REPLAY_SUGGEST_ERRORS move
 * errors of a game (the first of each line: an error ends its variation only). */
#include <string.h>

#include "replay/suggest_internal.h"

#define HORIZON 40
#define LOOKAHEAD_PLY 8
#define MARK_WRONG 2
#define MARK_MISSING 1
#define PRIOR_AMBIGUOUS 0
#define PRIOR_LANGUAGE 3
#define PRIOR_SWAPPED 4
#define PRIOR_SWAPPED_SIDE 5
#define PRIOR_MISSING 6
#define NUMBER_LATE 3 /* the move number before the token says a move is missing */
#define MAX_CANDS HAMLE_MAX_MOVES

struct span {
	const char *text;
	size_t len;
};

struct cand {
	hamle_move move;
	int score; /* lower is better */
	int order; /* tie-break: first put forward first */
};

struct ranking {
	struct cand c[MAX_CANDS];
	int n;
};

static void add(struct ranking *r, hamle_move m, int score)
{
	for (int i = 0; i < r->n; i++) {
		if (r->c[i].move == m) {
			if (score < r->c[i].score)
				r->c[i].score = score;
			return;
		}
	}
	if (r->n < MAX_CANDS) {
		r->c[r->n].move = m;
		r->c[r->n].score = score;
		r->c[r->n].order = r->n;
		r->n++;
	}
}

/* The move tokens after the bad one (index i) along its line (variations inside skipped). */
static size_t following(struct span *out, size_t max, const hamle_replay *rp, size_t i)
{
	const hamle_token *t = hamle_game_tokens(rp->game);
	size_t n = hamle_game_token_count(rp->game), count = 0;
	for (size_t j = i + 1; j < n && t[j].depth >= t[i].depth && count < max; j++) {
		if (t[j].depth == t[i].depth && t[j].kind == HAMLE_TOKEN_MOVE) {
			out[count].text = t[j].text;
			out[count].len = t[j].len;
			count++;
		}
	}
	return count;
}

/* Plays m, then seq[0..n) in order; the cost of what does not fit (plies that do not replay,
 * marks contradicted). */
static int continuation(const struct hamle_position *pos, const hamle_locale *loc, hamle_move m,
	const struct span *seq, size_t n)
{
	struct hamle_position cur = *pos;
	hamle_make_move(&cur, m);
	int cost = 0;
	size_t k;
	for (k = 0; k < n; k++) {
		hamle_move mv;
		hamle_san_info info = {0};
		if (hamle_san_parse(&mv, &cur, loc, seq[k].text, seq[k].len, &info, NULL) != HAMLE_OK)
			break;
		if (info.warnings & (HAMLE_SAN_W_CHECK_WRONG | HAMLE_SAN_W_MATE_WRONG | HAMLE_SAN_W_CAPTURE_WRONG
				| HAMLE_SAN_W_EP_WRONG))
			cost += MARK_WRONG;
		if (info.warnings & (HAMLE_SAN_W_CHECK_MISSING | HAMLE_SAN_W_CAPTURE_MISSING
				| HAMLE_SAN_W_OVER_DISAMBIGUATED))
			cost += MARK_MISSING;
		hamle_make_move(&cur, mv);
	}
	return cost + (int)(n - k) * LOOKAHEAD_PLY;
}

/* The token's own marks against move m (for moves not read from the token). */
static int own_marks(const struct tok_feat *f, const struct hamle_position *pos, hamle_move m)
{
	struct hamle_position after = *pos;
	hamle_make_move(&after, m);
	int check = hamle_position_in_check(&after);
	return (f->check && !check) ? MARK_WRONG : (!f->check && check) ? MARK_MISSING : 0;
}

static int parse(hamle_move *m, const struct hamle_position *pos, const hamle_locale *loc,
	const struct span *s)
{
	return hamle_san_parse(m, pos, loc, s->text, s->len, NULL, NULL) == HAMLE_OK;
}

int replay_suggest(hamle_suggestion *out, int max, const hamle_replay *rp,
	const struct hamle_position *pos, const hamle_locale *loc, size_t token, int code,
	int number_late)
{
	static const struct ranking zero;
	struct ranking r = zero;
	struct span seq[HORIZON + 2]; /* seq[1] = the token, seq[2..] = the tokens after it */
	const char *text = hamle_game_tokens(rp->game)[token].text;
	size_t len = hamle_game_tokens(rp->game)[token].len;
	struct span self = {text, len};
	size_t nf = following(seq + 2, HORIZON, rp, token);
	/* the writer numbered the token as the next ply's move: a move missing before it is likelier */
	int prior_missing = PRIOR_MISSING - (number_late ? NUMBER_LATE : 0);
	struct span *fol = seq + 2;
	hamle_move legal[HAMLE_MAX_MOVES], m;
	int nlegal = hamle_gen_legal(pos, GEN_ALL_TYPES, GEN_ALL_SQUARES, legal);
	struct tok_feat feat;
	suggest_read_token(&feat, loc, text, len);

	/* an ambiguous token: only the moves it fits, ranked by how the game goes on */
	if (code == HAMLE_EAMBIGUOUS) {
		for (int i = 0; i < nlegal; i++)
			if (suggest_text_cost(&feat, pos, legal[i]) <= COST_CAPTURE + COST_MARK)
				add(&r, legal[i], PRIOR_AMBIGUOUS + continuation(pos, loc, legal[i], fol, nf));
		if (r.n > 0)
			goto rank;
	}
	/* replacements: the token stood for another move; the game goes on with the next token */
	for (int i = 0; i < nlegal; i++) {
		int cost = suggest_text_cost(&feat, pos, legal[i]);
		if (cost <= COST_MAX_TEXT)
			add(&r, legal[i], cost + continuation(pos, loc, legal[i], fol, nf));
	}
	for (size_t i = 0; i < rp->opts.n_candidates; i++) {
		const hamle_locale *other = rp->opts.candidates[i];
		if (other != loc && parse(&m, pos, other, &self))
			add(&r, m, PRIOR_LANGUAGE + own_marks(&feat, pos, m) + continuation(pos, loc, m, fol, nf));
	}
	/* swapped with the next ply: it now, then the token, then the rest */
	if (nf >= 1 && parse(&m, pos, loc, &fol[0])) {
		struct span alt[HORIZON];
		alt[0] = self;
		for (size_t k = 1; k < nf; k++)
			alt[k] = fol[k];
		add(&r, m, PRIOR_SWAPPED + continuation(pos, loc, m, alt, nf));
	}
	/* swapped with the same side's next move: it now, the reply, the token, the rest */
	if (nf >= 2 && parse(&m, pos, loc, &fol[1])) {
		struct span alt[HORIZON];
		alt[0] = fol[0];
		alt[1] = self;
		for (size_t k = 2; k < nf; k++)
			alt[k] = fol[k];
		add(&r, m, PRIOR_SWAPPED_SIDE + continuation(pos, loc, m, alt, nf));
	}
	/* a move missing before the token: the token is the other side's, after that move */
	seq[1] = self;
	for (int i = 0; i < nlegal; i++) {
		struct hamle_position after = *pos;
		hamle_make_move(&after, legal[i]);
		hamle_move t;
		if (!parse(&t, &after, loc, &self))
			continue;
		/* ties among missing moves are common: a capture, and a recapture more, come first */
		int bonus = HAMLE_MOVE_TO(t) == HAMLE_MOVE_TO(legal[i]) ? 1 : 0;
		if (pos->board[HAMLE_MOVE_TO(legal[i])] != PIECE_NONE && HAMLE_MOVE_KIND(legal[i]) != HAMLE_MOVE_CASTLING)
			bonus++;
		add(&r, legal[i], prior_missing - bonus + continuation(pos, loc, legal[i], seq + 1, nf + 1));
	}

rank:;
	/* the best `max`, stable */
	int written = 0;
	for (int k = 0; k < max; k++) {
		int best = -1;
		for (int i = 0; i < r.n; i++)
			if (r.c[i].order >= 0 && (best < 0 || r.c[i].score < r.c[best].score))
				best = i;
		if (best < 0)
			break;
		hamle_suggestion *s = &out[written++];
		s->move = r.c[best].move;
		hamle_san_format(s->san, sizeof(s->san), pos, loc, r.c[best].move, HAMLE_FORM_SAN);
		hamle_move_uci(s->uci, sizeof(s->uci), pos, r.c[best].move);
		r.c[best].order = -1;
	}
	return written;
}
