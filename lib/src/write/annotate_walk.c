/* annotate_walk.c: the walk along a replayed game's mainline (never its variations, whose
 * positions are no part of the game's history): repetitions counted by the replay's keys, the
 * claims of Article 9 (on the board and by writing the next move), the automatic draws of 9.6
 * where the game's Date has them in force, dead positions, clocks and the opening. The positions
 * are the replay's own (HAMLE_REPLAY_KEEP_POSITIONS); a move it did not play is played here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/bitboard.h"
#include "chess/zobrist.h"
#include "hamle/eco.h"
#include "hamle/san.h"
#include "replay/replay_internal.h"
#include "write/annotate_internal.h"
#include "eco/eco_internal.h"

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

/* 1 when neither side has a castling right left. */
static inline int no_castling(const struct hamle_position *p)
{
	for (int c = 0; c < 4; c++)
		if (p->castle_rook[c] != HAMLE_NO_SQUARE)
			return 0;
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
	/* without castling rights the key after such a move is the piece's two squares and the
	 * turn away: a key the stretch's filter (ws->seen) has not seen repeats nothing */
	int keyed = no_castling(pos), us = pos->side;
	const uint64_t *seen = ws->seen[(i + 1) & 1];
	for (int k = 0; k < n; k++) {
		if (HAMLE_MOVE_KIND(mv[k]) == HAMLE_MOVE_CASTLING)
			continue;
		if (keyed) {
			int from = HAMLE_MOVE_FROM(mv[k]), to = HAMLE_MOVE_TO(mv[k]), type = pos->board[from] - 6 * us;
			uint64_t key = pos->key ^ zobrist_piece(type, us, from) ^ zobrist_piece(type, us, to) ^
				ZOBRIST_WHITE_TO_MOVE;
			unsigned b = (unsigned)(key >> 56);
			if (!((seen[b >> 6] >> (b & 63)) & 1))
				continue;
		}
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
	unsigned laws);

static inline void rules_at(hamle_annotator *a, struct walk_state *ws, size_t i, unsigned count,
	const struct hamle_position *pos, unsigned laws)
{
	if (count >= 2)
		ws->twice[i & 1] = i + 1;
	if (ws->ended)
		return;
	/* most plies: nothing to claim, nothing ending, a pawn on the board (no dead position) and no
	 * position twice within reach of a move (no claim by a move): a few instructions, inline */
	size_t j = ws->twice[(i + 1) & 1];
	if (__builtin_expect(count < 3 && pos->halfmove < 99 && (pos->pieces[0][HAMLE_PAWN] | pos->pieces[1][HAMLE_PAWN]) &&
	                     (!j || j - 1 + pos->halfmove < i) && ws->dead_ply != i + 1, 1))
		return;
	rules_slow(a, ws, i, pos, laws);
}

static void rules_slow(hamle_annotator *a, struct walk_state *ws, size_t i, const struct hamle_position *pos,
	unsigned laws)
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
		int autom = (laws & HAMLE_LAW_FIVEFOLD_AUTOMATIC) != 0;
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
		int autom = !mate && (laws & HAMLE_LAW_SEVENTY_FIVE_AUTOMATIC) != 0;
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

/* The mainline's moves, in a->ply[1..]: their tokens, the clock of the comments right after each
 * (the first [%clk] among them) and the replay's position before each where it kept it (NULL
 * after the last). Returns the number of moves. */
static unsigned mainline(hamle_annotator *a, const hamle_game *g, const hamle_replay *rp)
{
	const hamle_replay_move *mv = hamle_replay_moves(rp);
	const hamle_token *t = hamle_game_tokens(g);
	size_t n = hamle_game_token_count(g);
	struct annot_ply *ply = a->ply;
	unsigned k = 0;
	int run = 0; /* in the comments right after move k */
	for (size_t i = 0; i < n; i++) {
		const hamle_token *tk = &t[i];
		unsigned kind = tk->kind;
		if (kind != HAMLE_TOKEN_MOVE || tk->depth != 0) {
			/* the comments right after a move go on through its NAGs and draw offers */
			if (tk->depth != 0 || (kind != HAMLE_TOKEN_COMMENT && kind != HAMLE_TOKEN_NAG &&
			                       kind != HAMLE_TOKEN_DRAW_OFFER))
				run = 0;
			else if (kind == HAMLE_TOKEN_COMMENT && run && ply[k].clock < 0)
				ply[k].clock = annot_clock(tk->text, tk->len);
			continue;
		}
		struct annot_ply *p = &ply[++k];
		p->pos = mv ? mv[i].before : NULL; /* NULL where the replay did not play it, or kept none */
		p->token = i;
		p->clock = -1;
		run = 1;
	}
	ply[k + 1].pos = NULL;
	return k;
}

/* Moves after the automatic end of the walk: said once, at ply k (cur: the position before it). */
static void after_end(hamle_annotator *a, struct walk_state *ws, unsigned k, const struct hamle_position *cur)
{
	ws->after_end = 1;
	hamle_annot_event *ev = (a->opts.flags & HAMLE_ANNOTATE_AUTOMATIC) ? annot_event(a, "moves-after-end", k, cur) :
		NULL;
	if (ev) {
		ev->severity = HAMLE_SEVERITY_WARNING;
		snprintf(ev->move, sizeof(ev->move), "%s", ws->ended);
		ev->count = ws->ended_ply;
		ev->plies[0] = ws->ended_ply;
		ev->nplies = 1;
		/* about the move itself: the position before it */
		hamle_position_fen(ev->fen, sizeof(ev->fen), cur, HAMLE_FEN_XFEN);
		annot_event_done(a, ev);
	}
}

const struct hamle_position *annot_walk(hamle_annotator *a, const hamle_game *g, const hamle_replay *rp,
	struct walk_state *ws, struct hamle_position *own)
{
	unsigned laws = rp->laws; /* the game's Date, as hamle_game_laws reads it */
	if (rp->game != g) {
		hamle_laws l;
		hamle_game_laws(&l, g);
		laws = l.in_force;
	}
	const hamle_locale *inloc = hamle_replay_locale(rp);
	const hamle_replay_move *mv = hamle_replay_moves(rp);
	const hamle_token *t = hamle_game_tokens(g);
	/* The replay has played the mainline already: with HAMLE_REPLAY_KEEP_POSITIONS the position
	 * after a ply is the one before the next mainline move (the final one after the last), and
	 * its repetition history holds the mainline's keys (rp->history[k] after ply k). Moves it
	 * did not read (after an automatic end), or every move without kept positions, are played
	 * here, on `own`. */
	const struct hamle_position *cur = hamle_replay_start(rp);
	unsigned known = rp->history_len == (size_t)rp->plies + 1 ? rp->plies : 0; /* keys known up to */
	const uint64_t *hist = rp->history;
	const struct hamle_position *fin = hamle_replay_final(rp);
	/* room for every mainline ply and the one a claim by a move would make: no growth below */
	if (!ply_room(a, hamle_game_token_count(g) + 1))
		return NULL;
	unsigned moves = mainline(a, g, rp);
	struct annot_ply *ply = a->ply;
	ply[0] = (struct annot_ply){ known ? hist[0] : hamle_position_repetition_key(cur), 1, (size_t)-1, -1, NULL };
	a->start_number = cur->fullmove;
	a->start_side = cur->side;
	uint64_t (*seen)[4] = ws->seen;
	memset(seen, 0, sizeof(ws->seen));
	seen[0][ply[0].key >> 62] = (uint64_t)1 << ((ply[0].key >> 56) & 63);
	rules_at(a, ws, 0, 1, cur, laws);
	struct annot_tc tc;
	int tc_read = 0; /* the TimeControl tag, read at the first clock */
	unsigned fl = a->opts.flags;
	size_t k = 1;
	for (; k <= moves; k++) {
		struct annot_ply *p = &ply[k];
		/* the position after it: the one before the next move where the replay kept that, else
		 * the final one where it kept the one preceding this move (the next one it did not play:
		 * an end), else none (played here) */
		const struct hamle_position *after = p[1].pos ? p[1].pos : p->pos ? fin : NULL;
		if (__builtin_expect(!after || ws->ended, 0)) {
			/* a move the replay did not play, or one after the end the walk found */
			hamle_move m = 0;
			size_t i = p->token;
			if (!after) {
				if (mv && (mv[i].flags & HAMLE_RM_MOVE))
					m = mv[i].move;
				else if (!inloc || (mv && (mv[i].flags & HAMLE_RM_ERROR)) ||
				         hamle_san_parse(&m, cur, inloc, t[i].text, t[i].value ? t[i].value : t[i].len, NULL,
				                         NULL) < 0)
					break; /* a move the replay left unread (after an end) that is not legal: stop */
			}
			if (ws->ended && !ws->after_end)
				after_end(a, ws, (unsigned)k, cur);
			if (!after) {
				if (cur != own)
					*own = *cur;
				hamle_position_play(own, m);
				after = own;
			}
		}
		cur = after;
		uint64_t key = k <= known ? hist[k] : hamle_position_repetition_key(cur);
		unsigned h = cur->halfmove;
		/* a key that is new to the stretch since the last capture or pawn move (the filter says
		 * so, most plies) needs no look back */
		if (h == 0)
			memset(seen, 0, sizeof(ws->seen));
		unsigned b = (unsigned)(key >> 56);
		uint64_t bit = (uint64_t)1 << (b & 63), *word = &seen[k & 1][b >> 6], w = *word;
		*word = w | bit;
		p->key = key;
		unsigned c = 1;
		if (__builtin_expect((w & bit) != 0, 0)) {
			unsigned dummy[5], nd;
			c += occurrences(a, k, h, key, dummy, &nd);
		}
		p->count = c;
		rules_at(a, ws, k, c, cur, laws);
		if (__builtin_expect(p->clock >= 0, 0)) {
			a->clock_ply[annot_ply_side(a, k)] = (unsigned)k;
			if (fl & (HAMLE_ANNOTATE_EMT | HAMLE_ANNOTATE_CLOCKS)) {
				if (!tc_read) {
					annot_tc_parse(&tc, hamle_game_tag(g, "TimeControl"));
					tc_read = 1;
				}
				annot_clock_ply(a, &tc, k, cur);
			}
		}
	}
	if (a->oom)
		return NULL; /* an event or a note could not be added */
	a->plies = (unsigned)(k - 1);
	/* openings: the deepest position of the table the game reached while it was no further from
	 * the start than the table's longest line and a margin for the moves a transposition wastes */
	const hamle_eco *eco = (fl & HAMLE_ANNOTATE_ECO) ? a->opts.eco : NULL;
	if (eco && a->start_number == 1 && a->start_side == HAMLE_WHITE) {
		size_t until = hamle_eco_max_plies(eco) + 16, last = a->plies < until ? a->plies : until;
		for (size_t j = 0; j <= last; j++)
			if (eco_may_hold(eco, ply[j].key))
				opening_at(a, eco, j);
	}
	return cur;
}
