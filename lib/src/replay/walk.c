/* walk.c: replays a game's tokens, the mainline and every variation, with an explicit stack
 * (no recursion), under one locale. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/make_move.h"
#include "chess/zobrist.h"
#include "compiler.h"
#include "notation/san_fast.h"
#include "pgn/game_internal.h"
#include "replay/replay_internal.h"


int replay_history_grow(hamle_replay *rp)
{
	return pgn_grow((void **)&rp->history, &rp->history_cap, rp->history_len + 1, sizeof(uint64_t));
}

static const char *end_word(int ended)
{
	switch (ended) {
	case HAMLE_STATE_CHECKMATE: return "checkmate";
	case HAMLE_STATE_STALEMATE: return "stalemate";
	case HAMLE_STATE_DEAD: return "dead_position";
	case END_FIVEFOLD: return "fivefold_repetition";
	default: return "seventy_five_moves";
	}
}

static void mark_warnings(hamle_replay *rp, size_t i, const hamle_san_info *info,
	const struct hamle_position *before, unsigned ply, size_t depth)
{
	unsigned w = info->warnings;
	int strict = (rp->opts.flags & HAMLE_REPLAY_STRICT) != 0;
	const char *key = NULL;
	if (w & HAMLE_SAN_W_CHECK_WRONG)
		key = "check_wrongly_marked";
	else if (w & HAMLE_SAN_W_MATE_WRONG)
		key = "mate_wrongly_marked";
	else if ((w & HAMLE_SAN_W_MATE_MISSING) && (info->marked == 1 || strict))
		key = "mate_not_marked";
	else if ((w & HAMLE_SAN_W_CHECK_MISSING) && strict)
		key = "check_not_marked";
	if (key) {
		hamle_diagnostic *f = replay_add_finding(rp, "check-mark", HAMLE_SEVERITY_WARNING, HAMLE_OK, i);
		if (f) {
			replay_finding_at_move(f, before, ply, rp->stack, depth);
			const char *args[1] = {f->error.token};
			replay_message(rp, f, key, 1, args);
		}
	}
	key = NULL;
	if (w & (HAMLE_SAN_W_CAPTURE_WRONG | HAMLE_SAN_W_EP_WRONG))
		key = "capture_wrongly_marked";
	else if (strict && (w & (HAMLE_SAN_W_CAPTURE_MISSING | HAMLE_SAN_W_PAWN_CAPTURE_BARE)))
		key = "capture_not_marked";
	if (key) {
		hamle_diagnostic *f = replay_add_finding(rp, "capture-mark", HAMLE_SEVERITY_WARNING, HAMLE_OK, i);
		if (f) {
			replay_finding_at_move(f, before, ply, rp->stack, depth);
			const char *args[1] = {f->error.token};
			replay_message(rp, f, key, 1, args);
		}
	}
}

static void move_error(hamle_replay *rp, size_t i, int rc, const hamle_error *err,
	const struct hamle_position *before, unsigned ply, size_t depth, const hamle_locale *loc,
	int number_late)
{
	hamle_diagnostic *f = replay_add_finding(rp, hamle_status_id(rc), HAMLE_SEVERITY_ERROR, rc, i);
	if (!f)
		return;
	replay_finding_at_move(f, before, ply, rp->stack, depth);
	memcpy(f->error.message, err->message, sizeof(f->error.message));
	if ((rp->opts.flags & HAMLE_REPLAY_NO_SUGGEST) || rp->suggested >= REPLAY_SUGGEST_ERRORS)
		return;
	rp->suggested++;
	unsigned max = rp->opts.max_suggestions ? rp->opts.max_suggestions : 3;
	if (max > HAMLE_MAX_SUGGESTIONS)
		max = HAMLE_MAX_SUGGESTIONS;
	f->n_suggestions = (unsigned)replay_suggest(f->suggestion, (int)max, rp, before, loc, i, rc,
		number_late);
}

/* The move number written before the line's next move (token tok) against the move about to be
 * played from f->cur (PGN: `N.` or a bare `N` numbers a move of move N, either side's, as import
 * format allows any number of periods; `N...` Black's move of move N). A mismatch is a
 * move-number warning at the number, unless the number follows on from the last wrong one (the
 * numbers after a missing or doubled move are all off by as much: one slip, one warning).
 * Returns 1 when the number is one ply ahead of the move
 * (`11.` where Black's 10th move is due: the suggestions' evidence of a missing move), else 0. */
static int check_number(hamle_replay *rp, struct walk_frame *f, size_t depth, size_t tok)
{
	const hamle_token *t = &hamle_game_tokens(rp->game)[tok];
	unsigned fullmove = f->cur.fullmove; /* a FEN's 0 was read as 1 (fen.c) */
	long long ply = 2LL * fullmove - (f->cur.side == HAMLE_WHITE); /* this move's place */
	long long n = t->value, at = ply - f->number_shift;
	int black = (t->flags & HAMLE_TOKEN_BLACK) != 0;
	/* the plies the number can stand for: [first, last] */
	long long first = black ? 2 * n : 2 * n - 1, last = 2 * n;
	int fits = ply >= first && ply <= last;
	int late = !fits && ply + 1 >= first && ply + 1 <= last;
	if (fits) {
		f->number_shift = 0; /* back in step */
		return 0;
	}
	if (at >= first && at <= last)
		return late; /* as wrong as the last one: the same slip */
	f->number_shift = ply - first;
	hamle_diagnostic *d = replay_add_finding(rp, "move-number", HAMLE_SEVERITY_WARNING, HAMLE_OK, tok);
	if (d) {
		replay_finding_at_move(d, &f->cur, f->ply + 1, rp->stack, depth);
		char want[24];
		snprintf(want, sizeof(want), "%u%s", fullmove,
			f->cur.side == HAMLE_WHITE ? "." : "...");
		const char *args[1] = {want};
		replay_message(rp, d, "move_number", 1, args);
	}
	return late;
}

static void open_variation(hamle_replay *rp, size_t i, size_t depth, int quiet)
{
	struct walk_frame *parent = &rp->stack[depth], *child = &rp->stack[depth + 1];
	parent->nvars++;
	memset(child, 0, sizeof(*child));
	child->index = parent->nvars;
	child->history_len = rp->history_len;
	child->number_shift = parent->number_shift;
	/* a variation inside a line after its error starts from a position never reached (after
	 * the mainline's error, every variation) */
	child->failed = parent->failed;
	if (parent->has_prev) {
		child->cur = parent->prev;
		child->ply = parent->ply - 1;
		if (rp->history_len) {
			rp->history_len--; /* the variation replaces the parent's last move */
			replay_history_changed(rp);
			child->truncated = 1;
		}
	} else {
		child->cur = parent->cur;
		child->ply = parent->ply;
		if (!quiet && !parent->failed) {
			hamle_diagnostic *f = replay_add_finding(rp, "syntax", HAMLE_SEVERITY_WARNING, HAMLE_ESYNTAX, i);
			if (f)
				replay_message(rp, f, "variation_without_move", 0, NULL);
		}
	}
}

/* Whether the move number nt fits the move due in p: check_number's common case in a few
 * instructions. */
static inline int number_fits(const hamle_token *nt, const struct hamle_position *p)
{
	return nt->value == p->fullmove && !((nt->flags & HAMLE_TOKEN_BLACK) && p->side == HAMLE_WHITE);
}

/* What walk_plain needs of the walk besides the frame. */
struct plain_ctx {
	const hamle_locale *loc, *msg_loc;
	unsigned request, laws;
	size_t depth;
	int quiet, keep, has_vars;
};

/* The common stretch of a line: move numbers that fit, moves the fast reader takes with no mark
 * to report and the comments, NAGs and other tokens between them, played on a copy of the line's
 * position held in locals (the loop below keeps every field in memory: calls may change it).
 * Stops at the first token that needs more (a variation's bound, a number that does not fit, a
 * move the fast reader leaves, a mark warning, an end of game), which the caller then takes as if
 * it had walked every token before it. Returns the index of that token (SIZE_MAX out of memory);
 * *number as the caller's. */
static NOINLINE size_t walk_plain(hamle_replay *rp, struct walk_frame *f, const hamle_token *toks, size_t i,
	size_t n, size_t *number, const struct plain_ctx *c)
{
	struct hamle_position pos = f->cur;
	size_t num = *number, amb_at = rp->amb_at, resolved = 0;
	unsigned ply = f->ply;
	hamle_replay_move *moves = rp->moves;
	uint64_t hash = rp->moves_hash;
	int quiet = c->quiet, keep = c->keep, has_vars = c->has_vars, played = 0, ended = 0;
	const hamle_locale *loc = c->loc, *msg_loc = c->msg_loc;
	unsigned request = c->request, laws = c->laws;
	uint64_t line_salt = 0x9E3779B97F4A7C15ull * (c->depth + 1);
	/* a move marked '+' that gives check (hamle_gives_check_fast) is a mate only when no legal move
	 * follows: the mate test (a move generation) waits until the line stops here, and a next move
	 * read clears it. pend_at: the move's token (SIZE_MAX none), with its position before and
	 * its info for mark_warnings. */
	size_t pend_at = SIZE_MAX;
	unsigned pend_ply = 0;
	struct hamle_position pend_before;
	hamle_san_info pend_info;
	if (!quiet)
		request |= SAN_REQ_CHECK_UNTESTED;
	for (; i < n; i++) {
		const hamle_token *t = &toks[i];
		if (t->kind != HAMLE_TOKEN_MOVE) {
			/* as the caller's loop: a variation's bounds are its; any other token no move */
			if (t->kind == HAMLE_TOKEN_VAR_START || t->kind == HAMLE_TOKEN_VAR_END)
				break;
			moves[i] = (hamle_replay_move){0};
			if (t->kind == HAMLE_TOKEN_MOVE_NUMBER)
				num = i + 1;
			continue;
		}
		if (UNLIKELY(i == amb_at))
			break;
		hamle_move m;
		hamle_san_info info; /* every field the fast reader fills is written (warnings read) */
		info.request = request;
		info.messages = msg_loc;
		if (!san_parse_fast_inline(&m, &pos, loc, t->text, t->len, &info))
			break;
		pend_at = SIZE_MAX; /* a legal move: the one before it was no mate */
		if (!quiet && (info.warnings & (HAMLE_SAN_W_MARKS | HAMLE_SAN_W_PAWN_CAPTURE_BARE)))
			break;
		int check_marked = !quiet && info.marked == HAMLE_LOC_CHECK;
		if (check_marked) {
			int gives = hamle_gives_check_fast(&pos, m);
			if (gives < 0) /* castling, en passant: the exact test, mate too */
				check_marked = 0, gives = san_gives_check(&pos, m);
			if (gives != 1)
				break; /* a wrong mark: the caller reports it */
		}
		if (num) {
			if (!number_fits(&toks[num - 1], &pos))
				break;
			played |= 2; /* the number fits: the line is back in step */
			num = 0;
		}
		moves[i] = (hamle_replay_move){m, HAMLE_RM_MOVE, ply + 1, NULL};
		if (keep) {
			rp->positions[i] = pos;
			moves[i].before = &rp->positions[i];
		}
		if (has_vars)
			f->prev = pos;
		played |= 1;
		if (check_marked) {
			pend_at = i;
			pend_ply = ply + 1;
			pend_before = pos;
			pend_info = info;
		}
		pos_make_move(&pos, m);
		ply++;
		resolved++;
		if (quiet)
			hash = (hash ^ (m + line_salt)) * 0x100000001B3ull;
		int reps = replay_history_push(rp, &pos);
		if (UNLIKELY(reps < 0))
			return SIZE_MAX;
		ended = replay_end_state(&pos, reps, laws);
		if (UNLIKELY(ended)) {
			i++;
			break;
		}
	}
	if (pend_at != SIZE_MAX && !hamle_any_legal(&pos)) {
		/* the line stops after a check that is mate, marked '+' */
		pend_info.gives = 2;
		pend_info.warnings |= HAMLE_SAN_W_MATE_MISSING;
		mark_warnings(rp, pend_at, &pend_info, &pend_before, pend_ply, c->depth);
	}
	if (played & 1) {
		f->has_prev = 1;
		f->ended = ended;
		if (c->depth == 0)
			rp->plies = ply;
	}
	if (played & 2)
		f->number_shift = 0;
	f->cur = pos;
	f->ply = ply;
	rp->resolved += resolved;
	rp->moves_hash = hash;
	*number = num;
	return i;
}

int replay_walk(hamle_replay *rp, const hamle_locale *loc, int quiet)
{
	hamle_game *g = rp->game;
	const hamle_token *toks = hamle_game_tokens(g);
	size_t n = hamle_game_token_count(g);
	int keep = (rp->opts.flags & HAMLE_REPLAY_KEEP_POSITIONS) != 0;
	if (pgn_grow((void **)&rp->moves, &rp->moves_cap, n + 1, sizeof(*rp->moves)) < 0)
		return HAMLE_ENOMEM;
	if (keep && pgn_grow((void **)&rp->positions, &rp->positions_cap, n + 1, sizeof(*rp->positions)) < 0)
		return HAMLE_ENOMEM;
	if (pgn_grow((void **)&rp->stack, &rp->stack_cap, 2, sizeof(*rp->stack)) < 0)
		return HAMLE_ENOMEM;
	/* every entry is written in the loop (zero for a token that is no move), and the one after */
	memset(&rp->moves[n], 0, sizeof(rp->moves[n]));
	rp->first_error = (size_t)-1;
	rp->resolved = 0;
	rp->moves_hash = 0;
	rp->plies = 0;
	replay_history_reset(rp);
	rp->main_failed = 0;
	rp->suggested = 0;

	size_t depth = 0;
	memset(&rp->stack[0], 0, sizeof(rp->stack[0]));
	rp->stack[0].cur = rp->start;
	rp->stack[0].ply = 0;
	if (replay_history_push(rp, &rp->start) < 0)
		goto nomem;
	size_t number = 0; /* 1 + token index of the move number before the line's next move; 0 none */
	unsigned laws = rp->laws;
	const hamle_locale *msg_loc = replay_msg_locale(rp);
	/* without variations the position before each move is never needed: no copy of it */
	const int mainline = (rp->opts.flags & HAMLE_REPLAY_MAINLINE) != 0;
	int has_vars = g->nvars != 0 && !mainline;
	struct plain_ctx plain = {loc, msg_loc, (rp->opts.flags & HAMLE_REPLAY_STRICT) ? 0u : HAMLE_SAN_LAZY_CHECK,
		laws, 0, quiet, keep, has_vars};
	for (size_t i = 0; i < n; i++) {
		const hamle_token *t = &toks[i];
		if (t->kind != HAMLE_TOKEN_MOVE) /* a move's entry is written below, whatever happens */
			rp->moves[i] = (hamle_replay_move){0};
		if (t->kind == HAMLE_TOKEN_VAR_START && mainline) {
			/* the variation and those inside it are not played: their moves are skipped */
			for (size_t open = 1; open && i + 1 < n;) {
				const hamle_token *v = &toks[++i];
				open += v->kind == HAMLE_TOKEN_VAR_START;
				open -= v->kind == HAMLE_TOKEN_VAR_END;
				rp->moves[i] = (hamle_replay_move){0, v->kind == HAMLE_TOKEN_MOVE ? HAMLE_RM_SKIPPED : 0, 0, NULL};
			}
			continue;
		}
		if (t->kind == HAMLE_TOKEN_VAR_START) {
			if (pgn_grow((void **)&rp->stack, &rp->stack_cap, depth + 2, sizeof(*rp->stack)) < 0)
				goto nomem;
			rp->stack[depth].number = number; /* the parent's, for its next move */
			number = 0;
			open_variation(rp, i, depth, quiet);
			depth++;
			continue;
		}
		if (t->kind == HAMLE_TOKEN_VAR_END) {
			if (depth == 0)
				continue;
			/* back to the parent line: its last position was dropped from the history when
			 * the variation opened (and overwritten since); put it back */
			const struct walk_frame *child = &rp->stack[depth];
			rp->history_len = child->history_len;
			if (child->truncated)
				rp->history[rp->history_len - 1] = hamle_position_repetition_key(&rp->stack[depth - 1].cur);
			replay_history_changed(rp);
			depth--;
			number = rp->stack[depth].number;
			continue;
		}
		if (t->kind != HAMLE_TOKEN_MOVE) {
			if (t->kind == HAMLE_TOKEN_MOVE_NUMBER)
				number = i + 1;
			continue;
		}
		struct walk_frame *f = &rp->stack[depth];
		if (f->failed) {
			rp->moves[i] = (hamle_replay_move){0, HAMLE_RM_SKIPPED, 0, NULL};
			continue;
		}
		if (f->ended) {
			rp->moves[i] = (hamle_replay_move){0, HAMLE_RM_SKIPPED, 0, NULL};
			if (!f->end_reported && !quiet) {
				f->end_reported = 1;
				hamle_diagnostic *fd = replay_add_finding(rp, "moves-after-end", HAMLE_SEVERITY_WARNING, HAMLE_OK, i);
				if (fd) {
					replay_finding_at_move(fd, &f->cur, f->ply + 1, rp->stack, depth);
					const char *word = hamle_locale_message(replay_msg_locale(rp), end_word(f->ended));
					const char *args[1] = {word ? word : end_word(f->ended)};
					replay_message(rp, fd, "moves_after_end", 1, args);
				}
			}
			continue;
		}
		if (UNLIKELY(i == rp->amb_at)) {
			/* detection found another reading as good with another move here: what the moves
			 * are is unknown from here on, in every line (all of them open now fail; the
			 * lines opened later branch off them) */
			rp->moves[i] = (hamle_replay_move){0, HAMLE_RM_ERROR, 0, NULL};
			if (rp->first_error == (size_t)-1)
				rp->first_error = i;
			for (size_t d = 0; d <= depth; d++)
				rp->stack[d].failed = 1;
			rp->main_failed = 1;
			if (!quiet)
				replay_detect_report(rp, i, &f->cur, f->ply + 1, rp->stack, depth);
			continue;
		}
		plain.depth = depth;
		size_t next = walk_plain(rp, f, toks, i, n, &number, &plain);
		if (UNLIKELY(next == SIZE_MAX))
			goto nomem;
		if (next != i) {
			i = next - 1; /* the loop goes on at the token it stopped at */
			continue;
		}
		hamle_move m;
		hamle_san_info info = {0};
		hamle_error err;
		info.request = plain.request; /* lazy unless strict: missing marks are not reported */
		info.messages = msg_loc;
		/* the reader with its messages (walk_plain took the common token) */
		int rc = hamle_san_parse(&m, &f->cur, loc, t->text, t->len, &info, quiet ? NULL : &err);
		if (rc < 0 && !f->ended) {
			hamle_state st = hamle_position_state(&f->cur);
			if (st == HAMLE_STATE_CHECKMATE || st == HAMLE_STATE_STALEMATE) {
				f->ended = st; /* the line went on after the game ended */
				i--;
				continue;
			}
		}
		int number_late = 0;
		if (number) {
			if (LIKELY(number_fits(&toks[number - 1], &f->cur)))
				f->number_shift = 0;
			else if (!quiet)
				number_late = check_number(rp, f, depth, number - 1);
			number = 0;
		}
		if (rc < 0) {
			/* the error ends its line: a variation's, that variation only (the lines around
			 * it go on); the mainline's, everything after it (its variations branch off
			 * positions never reached: they inherit the mark) */
			rp->moves[i] = (hamle_replay_move){0, HAMLE_RM_ERROR, 0, NULL};
			if (rp->first_error == (size_t)-1)
				rp->first_error = i;
			f->failed = 1;
			if (depth == 0)
				rp->main_failed = 1;
			if (!quiet)
				move_error(rp, i, rc, &err, &f->cur, f->ply + 1, depth, loc, number_late);
			continue;
		}
		rp->moves[i] = (hamle_replay_move){m, HAMLE_RM_MOVE, f->ply + 1, NULL};
		if (keep) {
			rp->positions[i] = f->cur;
			rp->moves[i].before = &rp->positions[i];
		}
		if (!quiet && (info.warnings & (HAMLE_SAN_W_MARKS | HAMLE_SAN_W_PAWN_CAPTURE_BARE)))
			mark_warnings(rp, i, &info, &f->cur, f->ply + 1, depth);
		if (has_vars) /* the position a variation starts from */
			f->prev = f->cur;
		f->has_prev = 1;
		hamle_make_move(&f->cur, m);
		f->ply++;
		rp->resolved++;
		if (quiet) /* only detection compares the moves of its quiet walks */
			rp->moves_hash = (rp->moves_hash ^ (m + 0x9E3779B97F4A7C15ull * (depth + 1))) * 0x100000001B3ull;
		int reps = replay_history_push(rp, &f->cur);
		if (UNLIKELY(reps < 0))
			goto nomem;
		f->ended = replay_end_state(&f->cur, reps, laws);
		if (depth == 0)
			rp->plies = f->ply;
	}
	rp->final = rp->stack[0].cur;
	rp->final_state = rp->stack[0].ended;
	if (!rp->final_state)
		rp->final_state = (int)hamle_position_state(&rp->final);
	return HAMLE_OK;
nomem:
	/* no entry is left from an earlier game (the loop writes each as it reaches it) */
	memset(rp->moves, 0, n * sizeof(*rp->moves));
	return HAMLE_ENOMEM;
}
