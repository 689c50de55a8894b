/* annotate.c: rules to events. Walks the mainline of a replayed game (never its variations, whose
 * positions are no part of the game's history) and finds what the Laws of Chess say about it:
 * the end after the last move, the claims of Article 9 (on the board and by writing the next
 * move), the automatic draws of 9.6 where the game's Date has them in force, moves after an end,
 * the 6.9 flag fall, and the result the board decides. See hamle/annotate.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/bitboard.h"
#include "hamle/eco.h"
#include "hamle/san.h"
#include "hamle/unwinnable.h"
#include "replay/replay_internal.h"
#include "write/annotate_internal.h"

int hamle_annotator_new(hamle_annotator **out, const hamle_annotate_options *opts)
{
	if (!out || !opts || opts->version != HAMLE_ANNOTATE_OPTIONS_VERSION)
		return HAMLE_EUSAGE;
	hamle_annotator *a = calloc(1, sizeof(*a));
	if (!a)
		return HAMLE_ENOMEM;
	a->opts = *opts;
	a->loc = opts->locale;
	if (!a->loc || !opts->messages) {
		int rc = hamle_locale_load_builtin(&a->en, "en", NULL);
		if (rc < 0) {
			free(a);
			return rc;
		}
	}
	if (!a->loc)
		a->loc = a->en;
	a->msg = opts->messages ? opts->messages : a->loc;
	*out = a;
	return 0;
}

void hamle_annotator_free(hamle_annotator *a)
{
	if (!a)
		return;
	hamle_locale_free(a->en);
	hamle_unwin_free(a->unwin);
	free(a->ev);
	free(a->notes);
	free(a->text);
	free(a->ply);
	free(a);
}

size_t hamle_annotate_event_count(const hamle_annotator *a) { return a ? a->nev : 0; }
const hamle_annot_event *hamle_annotate_event(const hamle_annotator *a, size_t i)
{
	return a && i < a->nev ? &a->ev[i] : NULL;
}
unsigned hamle_annotate_plies(const hamle_annotator *a) { return a ? a->plies : 0; }

const struct hamle_eco_entry *hamle_annotate_opening(const hamle_annotator *a, unsigned *ply)
{
	if (ply)
		*ply = a && a->opening ? a->opening_ply : 0;
	return a && a->active ? a->opening : NULL;
}

hamle_result hamle_annotate_result(const hamle_annotator *a, hamle_result *written)
{
	if (written)
		*written = a ? a->written : HAMLE_RESULT_NONE;
	return a ? a->board : HAMLE_RESULT_NONE;
}

static const char *const codes[] = { "checkmate", "stalemate", "dead-position", "threefold-repetition",
	"fifty-move-rule", "fivefold-repetition", "seventy-five-move-rule", "moves-after-end", "flag-fall",
	"result-mismatch", "clock-backwards" };

const char *hamle_annotate_code_at(size_t i)
{
	return i < sizeof(codes) / sizeof(codes[0]) ? codes[i] : NULL;
}

/* Nodes the analysis may spend per flag fall by default (a rare event: the loser ran out of time). */
#define ANNOT_MATE_BUDGET 200000ul

int annot_can_mate(hamle_annotator *a, const struct hamle_position *p, int side)
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
	/* else the unwinnability analysis (hamle/unwinnable.h): a locked pawn wall, a fortress; only
	 * its proof counts, an undecided side can mate (the loss stands) */
	if (!a->unwin && hamle_unwin_new(&a->unwin) < 0)
		return 1;
	hamle_unwin_result r;
	return !(hamle_unwin_analyze(a->unwin, &r, p, side ? HAMLE_BLACK : HAMLE_WHITE,
		a->opts.mate_budget ? a->opts.mate_budget : ANNOT_MATE_BUDGET) == 0 &&
		r.verdict == HAMLE_UNWIN_CANNOT_MATE);
}

/* Room for ply index i. */
static int ply_room(hamle_annotator *a, size_t i)
{
	if (i < a->plycap)
		return 1;
	size_t cap = a->plycap ? a->plycap * 2 : 256;
	while (cap <= i)
		cap *= 2;
	struct annot_ply *p = realloc(a->ply, cap * sizeof(*p));
	if (!p) {
		a->oom = 1;
		return 0;
	}
	a->ply = p;
	a->plycap = cap;
	return 1;
}

/* Occurrences of key among the positions before index i with the same side to move since the
 * last capture or pawn move (halfmove plies back), and the most recent plies of them. */
static unsigned occurrences(const hamle_annotator *a, size_t i, unsigned halfmove, uint64_t key,
	unsigned *plies, unsigned *np)
{
	unsigned c = 0;
	*np = 0;
	for (size_t back = 2; back <= i && back <= halfmove; back += 2)
		if (a->ply[i - back].key == key) {
			c++;
			if (*np < 5)
				plies[(*np)++] = (unsigned)(i - back);
		}
	/* oldest first */
	for (unsigned l = 0, r = *np ? *np - 1 : 0; l < r; l++, r--) {
		unsigned t = plies[l];
		plies[l] = plies[r];
		plies[r] = t;
	}
	return c;
}

struct walk_state {
	int three_board, three_move, fifty_board, fifty_move, five, seventy_five;
	const char *ended; /* the automatic end reached, its code; NULL while playing */
	unsigned ended_ply;
	int after_end;     /* moves-after-end reported */
	size_t twice[2];   /* by parity of the ply: 1 + the latest ply whose position had occurred at
	                    * least twice there; 0 none */
	size_t dead_ply;   /* 1 + the ply of the first dead position beyond material (a locked wall,
	                    * found from the final position: first_dead); 0 none */
};

/* 9.2.1 and 9.3.1: after ply i (position pos, the player to move about to write a move), could a
 * draw be claimed by writing a move first? */
static void claims_by_move(hamle_annotator *a, struct walk_state *ws, size_t i, const struct hamle_position *pos)
{
	if (!ws->fifty_move && pos->halfmove == 99) {
		hamle_move mv[HAMLE_MAX_MOVES];
		int n = hamle_gen_legal(pos, GEN_ALL_TYPES & ~(1u << HAMLE_PAWN), ~pos_all(pos), mv);
		for (int k = 0; k < n; k++) {
			hamle_annot_event *ev = annot_event(a, "fifty-move-rule", (unsigned)i, pos);
			if (ev) {
				ev->claim = HAMLE_CLAIM_BY_MOVE;
				ev->count = 100;
				hamle_san_format(ev->move, sizeof(ev->move), pos, a->loc, mv[k], HAMLE_FORM_SAN);
				annot_event_done(a, ev);
			}
			ws->fifty_move = 1;
			break;
		}
	}
	if (ws->three_move)
		return;
	/* a position that occurred twice already, with the other side to move, within reach of a
	 * move that is neither a capture nor a pawn move: only then is a move list needed */
	/* ws->twice[parity]: 1 + the latest ply of that parity whose position had occurred twice
	 * (the latest is the one most likely within the half-move clock's reach) */
	size_t j = ws->twice[(i + 1) & 1];
	if (!j || j - 1 + pos->halfmove < i)
		return;
	/* a capture or pawn move repeats nothing, and neither does castling (it loses castling
	 * rights that every earlier position of the stretch had): the other pieces' moves to empty
	 * squares */
	hamle_move mv[HAMLE_MAX_MOVES];
	int n = hamle_gen_legal(pos, GEN_ALL_TYPES & ~(1u << HAMLE_PAWN), ~pos_all(pos), mv);
	for (int k = 0; k < n; k++) {
		if (HAMLE_MOVE_KIND(mv[k]) == HAMLE_MOVE_CASTLING)
			continue;
		struct hamle_position next = *pos;
		hamle_position_play(&next, mv[k]);
		uint64_t key = hamle_position_repetition_key(&next);
		unsigned plies[5], np;
		/* index i + 1 is the position the move would make; ply[] holds it for the count only */
		if (!ply_room(a, i + 1))
			return;
		unsigned c = 1 + occurrences(a, i + 1, next.halfmove, key, plies, &np);
		if (c < 3)
			continue;
		hamle_annot_event *ev = annot_event(a, "threefold-repetition", (unsigned)i, pos);
		if (ev) {
			ev->claim = HAMLE_CLAIM_BY_MOVE;
			ev->count = c;
			memcpy(ev->plies, plies, sizeof(plies));
			ev->nplies = np;
			hamle_san_format(ev->move, sizeof(ev->move), pos, a->loc, mv[k], HAMLE_FORM_SAN);
			annot_event_done(a, ev);
		}
		ws->three_move = 1;
		return;
	}
}

/* The rules after ply i (position pos): claims on the board and automatic ends. */
static void rules_slow(hamle_annotator *a, struct walk_state *ws, size_t i, const struct hamle_position *pos,
	const hamle_laws *laws);

static inline void rules_at(hamle_annotator *a, struct walk_state *ws, size_t i, const struct hamle_position *pos,
	const hamle_laws *laws)
{
	const struct annot_ply *p = &a->ply[i];
	if (p->count >= 2)
		ws->twice[i & 1] = i + 1;
	if (ws->ended)
		return;
	/* most plies: nothing to claim, nothing ending, a pawn on the board (no dead position) and no
	 * position twice within reach of a move (no claim by a move): a few instructions, inline */
	size_t j = ws->twice[(i + 1) & 1];
	if (p->count < 3 && pos->halfmove < 99 && (pos->pieces[0][HAMLE_PAWN] | pos->pieces[1][HAMLE_PAWN]) &&
	    (!j || j - 1 + pos->halfmove < i) && ws->dead_ply != i + 1)
		return;
	rules_slow(a, ws, i, pos, laws);
}

static void rules_slow(hamle_annotator *a, struct walk_state *ws, size_t i, const struct hamle_position *pos,
	const hamle_laws *laws)
{
	unsigned fl = a->opts.flags;
	struct annot_ply *p = &a->ply[i];
	if (p->count >= 3 && !ws->three_board) {
		ws->three_board = 1;
		hamle_annot_event *ev = (fl & HAMLE_ANNOTATE_CLAIMS) ? annot_event(a, "threefold-repetition", (unsigned)i, pos) : NULL;
		if (ev) {
			ev->claim = HAMLE_CLAIM_BOARD;
			ev->count = p->count;
			occurrences(a, i, pos->halfmove, p->key, ev->plies, &ev->nplies);
			annot_event_done(a, ev);
		}
	}
	if (pos->halfmove >= 100 && !ws->fifty_board) {
		ws->fifty_board = 1;
		hamle_annot_event *ev = (fl & HAMLE_ANNOTATE_CLAIMS) ? annot_event(a, "fifty-move-rule", (unsigned)i, pos) : NULL;
		if (ev) {
			ev->claim = HAMLE_CLAIM_BOARD;
			ev->count = pos->halfmove;
			annot_event_done(a, ev);
		}
	}
	if (p->count >= 5 && !ws->five) {
		ws->five = 1;
		int autom = (laws->in_force & HAMLE_LAW_FIVEFOLD_AUTOMATIC) != 0;
		hamle_annot_event *ev = (fl & HAMLE_ANNOTATE_AUTOMATIC) ? annot_event(a, "fivefold-repetition", (unsigned)i, pos) : NULL;
		if (ev) {
			ev->automatic = autom;
			ev->count = p->count;
			occurrences(a, i, pos->halfmove, p->key, ev->plies, &ev->nplies);
			annot_event_done(a, ev);
		}
		if (autom) {
			ws->ended = "fivefold-repetition";
			ws->ended_ply = (unsigned)i;
			return;
		}
	}
	if (pos->halfmove >= 150 && !ws->seventy_five) {
		ws->seventy_five = 1;
		int mate = hamle_position_state(pos) == HAMLE_STATE_CHECKMATE;
		int autom = !mate && (laws->in_force & HAMLE_LAW_SEVENTY_FIVE_AUTOMATIC) != 0;
		hamle_annot_event *ev = !mate && (fl & HAMLE_ANNOTATE_AUTOMATIC) ?
			annot_event(a, "seventy-five-move-rule", (unsigned)i, pos) : NULL;
		if (ev) {
			ev->automatic = autom;
			ev->count = pos->halfmove;
			annot_event_done(a, ev);
		}
		if (autom) {
			ws->ended = "seventy-five-move-rule";
			ws->ended_ply = (unsigned)i;
			return;
		}
	}
	/* dead (5.2.2): by material on any ply without pawns (as the replay's walk), or at the ply
	 * first_dead found (the same test: replay_position_dead) */
	if (ws->dead_ply == i + 1 || (!(pos->pieces[0][HAMLE_PAWN] | pos->pieces[1][HAMLE_PAWN]) &&
	                              replay_position_dead(&a->unwin, pos, a->opts.mate_budget))) {
		hamle_annot_event *ev = (fl & HAMLE_ANNOTATE_END) ? annot_event(a, "dead-position", (unsigned)i, pos) : NULL;
		if (ev) {
			ev->automatic = 1;
			annot_event_done(a, ev);
		}
		ws->ended = "dead-position";
		ws->ended_ply = (unsigned)i;
		return;
	}
	if (fl & HAMLE_ANNOTATE_CLAIM_MOVES)
		claims_by_move(a, ws, i, pos);
}

static void opening_at(hamle_annotator *a, const hamle_eco *eco, size_t k)
{
	const hamle_eco_entry *e = hamle_eco_find_key(eco, a->ply[k].key);
	if (e) {
		a->opening = e;
		a->opening_ply = (unsigned)k;
	}
}

static void game_reset(hamle_annotator *a, const hamle_game *g)
{
	a->game = g;
	a->active = 0;
	a->nev = a->nnotes = a->tlen = 0;
	a->plies = 0;
	a->clock_ply[0] = a->clock_ply[1] = 0;
	a->board = HAMLE_RESULT_NONE;
	a->oom = 0;
	a->opening = NULL;
	a->opening_ply = 0;
	hamle_result r = hamle_game_result(g);
	if (r == HAMLE_RESULT_NONE) {
		const char *tag = hamle_game_tag(g, "Result");
		r = tag ? hamle_result_parse(tag, strlen(tag)) : HAMLE_RESULT_NONE;
	}
	a->written = r;
}

/* The board's verdict and the result-mismatch and flag-fall events, at the last ply. */
static void verdict(hamle_annotator *a, const hamle_game *g, const struct walk_state *ws,
	const struct hamle_position *fin)
{
	unsigned fl = a->opts.flags, last = a->plies;
	const char *why = NULL;
	if (ws->ended) {
		a->board = HAMLE_RESULT_DRAW;
		why = ws->ended;
	} else {
		hamle_state st = hamle_position_state(fin);
		if (st == HAMLE_STATE_CHECKMATE || st == HAMLE_STATE_STALEMATE) {
			why = st == HAMLE_STATE_CHECKMATE ? "checkmate" : "stalemate";
			a->board = st == HAMLE_STATE_STALEMATE ? HAMLE_RESULT_DRAW :
				fin->side == HAMLE_WHITE ? HAMLE_RESULT_BLACK : HAMLE_RESULT_WHITE;
			hamle_annot_event *ev = (fl & HAMLE_ANNOTATE_END) ? annot_event(a, why, last, fin) : NULL;
			if (ev) {
				ev->automatic = 1;
				annot_event_done(a, ev);
			}
		} else {
			int draw;
			int loser = annot_flag_fall(a, g, fin, &draw);
			if (loser >= 0 && draw) {
				a->board = HAMLE_RESULT_DRAW;
				why = "flag-fall";
				hamle_annot_event *ev = (fl & HAMLE_ANNOTATE_FLAG) ? annot_event(a, why, last, fin) : NULL;
				if (ev) {
					ev->side = loser; /* the side whose flag fell */
					ev->result = a->written;
					ev->board = HAMLE_RESULT_DRAW;
					annot_event_done(a, ev);
				}
			}
		}
	}
	/* the result written (marker and tag) against the board; "*" and no result say nothing */
	if (a->board == HAMLE_RESULT_NONE)
		return;
	hamle_result marker = hamle_game_result(g), tag = HAMLE_RESULT_NONE;
	const char *tv = hamle_game_tag(g, "Result");
	if (tv)
		tag = hamle_result_parse(tv, strlen(tv));
	hamle_result bad = HAMLE_RESULT_NONE;
	if (marker != HAMLE_RESULT_NONE && marker != HAMLE_RESULT_UNKNOWN && marker != a->board)
		bad = marker;
	else if (tag != HAMLE_RESULT_NONE && tag != HAMLE_RESULT_UNKNOWN && tag != a->board)
		bad = tag;
	if (bad == HAMLE_RESULT_NONE || !(fl & (HAMLE_ANNOTATE_RESULT | HAMLE_ANNOTATE_FIX_RESULT)))
		return;
	hamle_annot_event *ev = annot_event(a, "result-mismatch", last, fin);
	if (ev) {
		ev->severity = HAMLE_SEVERITY_WARNING;
		ev->result = bad;
		ev->board = a->board;
		snprintf(ev->move, sizeof(ev->move), "%s", why);
		annot_event_done(a, ev);
	}
}

/* The next mainline move token after token i (n when none). */
static size_t next_move(const hamle_token *t, size_t n, size_t i)
{
	while (i < n && (t[i].depth != 0 || t[i].kind != HAMLE_TOKEN_MOVE))
		i++;
	return i;
}

/* Walks the mainline (ws zeroed but for dead_ply); returns the final position (rp's or *own), or
 * NULL on ENOMEM. */
static const struct hamle_position *walk(hamle_annotator *a, const hamle_game *g, const hamle_replay *rp,
	struct walk_state *ws, struct hamle_position *own)
{
	hamle_laws laws;
	hamle_game_laws(&laws, g);
	const hamle_locale *inloc = hamle_replay_locale(rp);
	const hamle_replay_move *mv = hamle_replay_moves(rp);
	const hamle_token *t = hamle_game_tokens(g);
	size_t n = hamle_game_token_count(g);
	/* The replay has played the mainline already: with HAMLE_REPLAY_KEEP_POSITIONS the position
	 * after a ply is the one before the next mainline move (the final one after the last), and
	 * its repetition history holds the mainline's keys (rp->history[k] after ply k). Moves it
	 * did not read (after an automatic end), or every move without kept positions, are played
	 * here, on `own`. */
	const struct hamle_position *cur = hamle_replay_start(rp);
	unsigned known = rp->history_len == (size_t)rp->plies + 1 ? rp->plies : 0; /* keys known up to */
	struct annot_tc tc;
	annot_tc_parse(&tc, hamle_game_tag(g, "TimeControl"));
	if (!ply_room(a, 0))
		return NULL;
	a->ply[0] = (struct annot_ply){ known ? rp->history[0] : hamle_position_repetition_key(cur), 1, (size_t)-1,
		-1, cur->fullmove, -1 };
	rules_at(a, ws, 0, cur, &laws);
	/* openings: looked up while the game is no further from the start than the table's longest
	 * line and a margin for the moves a transposition wastes */
	const hamle_eco *eco = (a->opts.flags & HAMLE_ANNOTATE_ECO) ? a->opts.eco : NULL;
	unsigned eco_until = eco ? hamle_eco_max_plies(eco) + 16 : 0;
	if (eco && cur->fullmove == 1 && cur->side == HAMLE_WHITE)
		opening_at(a, eco, 0);
	else
		eco = NULL; /* a game from a set-up position has no opening */
	/* by parity of the ply: a bit per key of the stretch since the last capture or pawn move (a
	 * filter of 256 bits) */
	uint64_t seen[2][4];
	memset(seen, 0, sizeof(seen));
	seen[0][a->ply[0].key >> 62] = (uint64_t)1 << ((a->ply[0].key >> 56) & 63);
	for (size_t i = next_move(t, n, 0), next; i < n && !a->oom; i = next) {
		hamle_move m;
		const struct hamle_position *after = NULL;
		size_t j = i + 1;
		long clock = -1;
		for (; j < n && t[j].depth == 0 &&
		     (t[j].kind == HAMLE_TOKEN_COMMENT || t[j].kind == HAMLE_TOKEN_NAG || t[j].kind == HAMLE_TOKEN_DRAW_OFFER); j++)
			if (t[j].kind == HAMLE_TOKEN_COMMENT && clock < 0)
				clock = annot_clock(t[j].text, t[j].len);
		next = next_move(t, n, j);
		if (mv && (mv[i].flags & HAMLE_RM_MOVE)) {
			m = mv[i].move;
			if (mv[i].before)
				after = next < n && (mv[next].flags & HAMLE_RM_MOVE) ? mv[next].before : hamle_replay_final(rp);
		} else if (!inloc || (mv && (mv[i].flags & HAMLE_RM_ERROR)) ||
		           hamle_san_parse(&m, cur, inloc, t[i].text, t[i].value ? t[i].value : t[i].len, NULL, NULL) < 0)
			break; /* a move the replay left unread (after an end) that is not legal: stop */
		size_t k = ++a->plies;
		if (!ply_room(a, k))
			return NULL;
		struct annot_ply *p = &a->ply[k];
		p->token = i;
		p->number = cur->fullmove;
		p->side = cur->side;
		p->clock = clock;
		if (ws->ended && !ws->after_end) {
			ws->after_end = 1;
			hamle_annot_event *ev = (a->opts.flags & HAMLE_ANNOTATE_AUTOMATIC) ?
				annot_event(a, "moves-after-end", (unsigned)k, cur) : NULL;
			if (ev) {
				ev->severity = HAMLE_SEVERITY_WARNING;
				snprintf(ev->move, sizeof(ev->move), "%s", ws->ended);
				ev->count = ws->ended_ply;
				/* about the move itself: the position before it */
				hamle_position_fen(ev->fen, sizeof(ev->fen), cur, HAMLE_FEN_XFEN);
				annot_event_done(a, ev);
			}
			p = &a->ply[k];
		}
		if (!after) {
			if (cur != own)
				*own = *cur;
			hamle_position_play(own, m);
			after = own;
		}
		cur = after;
		p->key = k <= known ? rp->history[k] : hamle_position_repetition_key(cur);
		/* a key that is new to the stretch since the last capture or pawn move (the filter says
		 * so, most plies) needs no look back */
		if (cur->halfmove == 0)
			memset(seen, 0, sizeof(seen));
		unsigned b = (unsigned)(p->key >> 56);
		uint64_t bit = (uint64_t)1 << (b & 63), *word = &seen[k & 1][b >> 6];
		p->count = 1;
		if (*word & bit) {
			unsigned dummy[5], nd;
			p->count += occurrences(a, k, cur->halfmove, p->key, dummy, &nd);
		}
		*word |= bit;
		rules_at(a, ws, k, cur, &laws);
		if (clock >= 0) {
			a->clock_ply[a->ply[k].side] = (unsigned)k;
			annot_clock_ply(a, &tc, k, cur);
		}
		if (eco && k <= eco_until)
			opening_at(a, eco, k);
	}
	return a->oom ? NULL : cur;
}

/* The first mainline ply whose position is dead (replay_position_dead), given that the final
 * one is: every position after a dead one is dead too. The moves were all read by the replay (a
 * walk that went past its end had ended already). */
static size_t first_dead(hamle_annotator *a, const hamle_replay *rp)
{
	const hamle_replay_move *mv = hamle_replay_moves(rp);
	struct hamle_position pos = *hamle_replay_start(rp);
	for (size_t k = 1; k <= a->plies; k++) {
		size_t tok = a->ply[k].token;
		if (!mv || !(mv[tok].flags & HAMLE_RM_MOVE))
			break;
		hamle_position_play(&pos, mv[tok].move);
		if (replay_position_dead(&a->unwin, &pos, a->opts.mate_budget))
			return k;
	}
	return a->plies;
}

int hamle_annotate_game(hamle_annotator *a, const hamle_game *g, const hamle_replay *rp)
{
	if (!a || !g || !rp)
		return HAMLE_EUSAGE;
	game_reset(a, g);
	if (!hamle_replay_started(rp) || hamle_replay_error_count(rp))
		return 0; /* written so that it fails again (hamle/writer.h): nothing to add */
	a->active = 1;
	struct walk_state ws;
	struct hamle_position own;
	memset(&ws, 0, sizeof(ws));
	const struct hamle_position *fin = walk(a, g, rp, &ws, &own);
	if (!fin)
		return HAMLE_ENOMEM;
	/* a final position dead beyond material (a locked pawn wall): the game ended at the first
	 * dead one; walked again, knowing where (rare) */
	if (!ws.ended && replay_position_dead(&a->unwin, fin, a->opts.mate_budget)) {
		size_t dead = first_dead(a, rp);
		game_reset(a, g);
		a->active = 1;
		memset(&ws, 0, sizeof(ws));
		ws.dead_ply = dead + 1;
		if (!(fin = walk(a, g, rp, &ws, &own)))
			return HAMLE_ENOMEM;
	}
	verdict(a, g, &ws, fin);
	a->final_key = hamle_position_hash(fin);
	return a->oom ? HAMLE_ENOMEM : 0;
}
