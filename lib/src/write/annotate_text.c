/* annotate_text.c: events to words. An event's text comes from the locale's `annotations:` section
 * (English where the locale has none: locales inherit from en), in the comment language for the
 * comment the writer puts after the event's ply and in the messages language for the event's
 * message; and the comments the annotator keeps per ply, which the writer reads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamle/san.h"
#include "write/annotate_internal.h"

hamle_annot_event *annot_event(hamle_annotator *a, const char *code, unsigned ply,
	const struct hamle_position *pos)
{
	if (a->nev == a->evcap) {
		size_t cap = a->evcap ? a->evcap * 2 : 8;
		hamle_annot_event *e = realloc(a->ev, cap * sizeof(*e));
		if (!e) {
			a->oom = 1;
			return NULL;
		}
		a->ev = e;
		a->evcap = cap;
	}
	hamle_annot_event *ev = &a->ev[a->nev++];
	memset(ev, 0, sizeof(*ev));
	ev->code = code;
	ev->ply = ply;
	const struct annot_ply *p = &a->ply[ply];
	ev->move_number = ply ? annot_ply_number(a, ply) : 0;
	ev->side = ply ? annot_ply_side(a, ply) : -1;
	ev->token = ply ? p->token : (size_t)-1;
	if (a->game && ev->token != (size_t)-1) {
		const hamle_token *t = &hamle_game_tokens(a->game)[ev->token];
		ev->line = t->line;
		ev->column = t->column;
	} else if (a->game) {
		ev->line = hamle_game_line(a->game);
		ev->column = 1;
	}
	hamle_position_fen(ev->fen, sizeof(ev->fen), pos, HAMLE_FEN_XFEN);
	return ev;
}

/* Ply k's move as a person reads it, "2... Ng8" ("2..." where the move is unknown), into buf. */
static void ply_label(char *buf, size_t size, const hamle_annot_event *ev, unsigned i)
{
	const char *dots = ev->plies_side[i] == HAMLE_BLACK ? "..." : ".";
	if (ev->plies_move[i][0])
		snprintf(buf, size, "%u%s %s", ev->plies_number[i], dots, ev->plies_move[i]);
	else
		snprintf(buf, size, "%u%s", ev->plies_number[i], dots);
}

/* The position of a repetition by its earlier occurrences: "the position after 2... Ng8 (also
 * after 4... Ng8 and 6... Ng8)", "the start position (also after 2... Ng8)". */
static void position_phrase(char *buf, size_t size, const hamle_locale *loc, const hamle_annot_event *ev)
{
	char first[HAMLE_SAN_MAX + 64], label[HAMLE_SAN_MAX + 16], later[HAMLE_ERROR_MESSAGE_MAX / 2];
	buf[0] = '\0';
	if (!ev->nplies)
		return;
	if (ev->plies[0] == 0) {
		const char *w = hamle_locale_message(loc, "annotations.start_position");
		snprintf(first, sizeof(first), "%s", w ? w : "the start position");
	} else {
		ply_label(label, sizeof(label), ev, 0);
		const char *args[1] = { label };
		if (hamle_locale_format(first, sizeof(first), loc, "annotations.position_after", 1, args) < 0)
			snprintf(first, sizeof(first), "the position after %s", label);
	}
	if (ev->nplies == 1) {
		snprintf(buf, size, "%s", first);
		return;
	}
	const char *sep = hamle_locale_message(loc, "list_separator");
	const char *and = hamle_locale_message(loc, "annotations.and");
	size_t o = 0;
	later[0] = '\0';
	for (unsigned i = 1; i < ev->nplies && o + 1 < sizeof(later); i++) {
		const char *s = i == 1 ? "" : i + 1 == ev->nplies ? (and ? and : " and ") : (sep ? sep : ", ");
		ply_label(label, sizeof(label), ev, i);
		int k = snprintf(later + o, sizeof(later) - o, "%s%s", s, label);
		if (k < 0 || (size_t)k >= sizeof(later) - o)
			break;
		o += (size_t)k;
	}
	const char *args[2] = { first, later };
	if (hamle_locale_format(buf, size, loc, "annotations.also_after", 2, args) < 0)
		if (snprintf(buf, size, "%s (also after %s)", first, later) < 0)
			buf[0] = '\0';
}

static const char *side_word(const hamle_locale *loc, int side)
{
	const char *w = hamle_locale_message(loc, side == HAMLE_WHITE ? "white" : "black");
	return w ? w : side == HAMLE_WHITE ? "White" : "Black";
}

/* The word for an end's code ("fivefold-repetition" -> annotations.end_fivefold_repetition). */
static const char *end_word(const hamle_locale *loc, const char *code, char *tmp, size_t size)
{
	char key[64];
	size_t k = (size_t)snprintf(key, sizeof(key), "annotations.end_%s", code);
	for (size_t i = 0; i < k && i < sizeof(key); i++)
		if (key[i] == '-')
			key[i] = '_';
	const char *w = hamle_locale_message(loc, key);
	snprintf(tmp, size, "%s", w ? w : code);
	return tmp;
}

void annot_event_text(char *buf, size_t size, const hamle_locale *loc, const hamle_annot_event *ev)
{
	char key[64], list[HAMLE_ERROR_MESSAGE_MAX / 2], a3[64];
	const char *args[3] = { "", "", "" };
	size_t nargs = 0;
	int k = snprintf(key, sizeof(key), "annotations.%s", ev->code);
	for (int i = 0; i < k && i < (int)sizeof(key); i++)
		if (key[i] == '-')
			key[i] = '_';
	const char *code = ev->code;
	if (strcmp(code, "checkmate") == 0) {
		args[0] = side_word(loc, ev->side);
		nargs = 1;
	} else if (strcmp(code, "threefold-repetition") == 0 || strcmp(code, "fivefold-repetition") == 0) {
		position_phrase(list, sizeof(list), loc, ev);
		if (ev->claim == HAMLE_CLAIM_BY_MOVE) {
			strncat(key, "_move", sizeof(key) - strlen(key) - 1);
			args[0] = ev->move;
			args[1] = list;
			nargs = 2;
		} else {
			args[0] = list;
			nargs = 1;
		}
		if (strcmp(code, "fivefold-repetition") == 0 && !ev->automatic)
			strncat(key, "_claim", sizeof(key) - strlen(key) - 1);
	} else if (strcmp(code, "fifty-move-rule") == 0) {
		if (ev->claim == HAMLE_CLAIM_BY_MOVE) {
			strncat(key, "_move", sizeof(key) - strlen(key) - 1);
			args[0] = ev->move;
			nargs = 1;
		}
	} else if (strcmp(code, "seventy-five-move-rule") == 0) {
		if (!ev->automatic)
			strncat(key, "_claim", sizeof(key) - strlen(key) - 1);
	} else if (strcmp(code, "moves-after-end") == 0) {
		args[0] = end_word(loc, ev->move, a3, sizeof(a3));
		nargs = 1;
		if (ev->nplies && ev->plies[0]) {
			ply_label(list, sizeof(list), ev, 0);
			args[1] = list;
			nargs = 2;
		} else {
			strncat(key, "_start", sizeof(key) - strlen(key) - 1);
		}
	} else if (strcmp(code, "flag-fall") == 0) {
		args[0] = side_word(loc, ev->side);
		args[1] = side_word(loc, !ev->side);
		nargs = 2;
	} else if (strcmp(code, "result-mismatch") == 0) {
		args[0] = hamle_result_string(ev->result);
		args[1] = hamle_result_string(ev->board);
		if (ev->move[0]) {
			args[2] = end_word(loc, ev->move, a3, sizeof(a3));
			nargs = 3;
		} else { /* the Result tag against the termination marker */
			strncat(key, "_written", sizeof(key) - strlen(key) - 1);
			nargs = 2;
		}
	} else if (strcmp(code, "clock-backwards") == 0) {
		args[0] = side_word(loc, ev->side);
		args[1] = ev->move; /* "0:05:00 0:05:10" split below */
		snprintf(list, sizeof(list), "%s", ev->move);
		char *sp = strchr(list, ' ');
		if (sp) {
			*sp = '\0';
			args[1] = list;
			args[2] = sp + 1;
		}
		nargs = 3;
	}
	if (hamle_locale_format(buf, size, loc, key, nargs, args) < 0)
		snprintf(buf, size, "%s", ev->code);
}

void annot_note(hamle_annotator *a, unsigned ply, const char *text, size_t n)
{
	if (a->nnotes == a->notecap) {
		size_t cap = a->notecap ? a->notecap * 2 : 32;
		struct annot_note *nt = realloc(a->notes, cap * sizeof(*nt));
		if (!nt) {
			a->oom = 1;
			return;
		}
		a->notes = nt;
		a->notecap = cap;
	}
	if (a->tlen + n + 1 > a->tcap) {
		size_t cap = a->tcap ? a->tcap : 4096;
		while (cap < a->tlen + n + 1)
			cap *= 2;
		char *t = realloc(a->text, cap);
		if (!t) {
			a->oom = 1;
			return;
		}
		a->text = t;
		a->tcap = cap;
	}
	memcpy(a->text + a->tlen, text, n);
	a->text[a->tlen + n] = '\0';
	a->notes[a->nnotes++] = (struct annot_note){ ply, a->tlen, n };
	a->tlen += n + 1;
}

/* The move of mainline ply k >= 1 in the comment locale into san ("" when unknown): from the
 * replay's position before it where it kept one, else played from the start. */
static void ply_move(const hamle_annotator *a, unsigned k, char *san, size_t size)
{
	san[0] = '\0';
	const hamle_replay_move *mv = a->rp ? hamle_replay_moves(a->rp) : NULL;
	if (!mv || k == 0 || k > a->plycap)
		return;
	size_t tok = a->ply[k].token;
	if (!(mv[tok].flags & HAMLE_RM_MOVE))
		return;
	const struct hamle_position *before = mv[tok].before;
	struct hamle_position pos;
	if (!before) {
		pos = *hamle_replay_start(a->rp);
		for (unsigned j = 1; j < k; j++) {
			size_t t = a->ply[j].token;
			if (!(mv[t].flags & HAMLE_RM_MOVE))
				return;
			hamle_position_play(&pos, mv[t].move);
		}
		before = &pos;
	}
	if (hamle_san_format(san, size, before, a->loc, mv[tok].move, HAMLE_FORM_SAN) < 0)
		san[0] = '\0';
}

void annot_event_done(hamle_annotator *a, hamle_annot_event *ev)
{
	char buf[HAMLE_ERROR_MESSAGE_MAX];
	/* the plies the event names, as moves: their numbers, sides and moves */
	for (unsigned i = 0; i < ev->nplies && i < 5; i++) {
		unsigned k = ev->plies[i];
		ev->plies_number[i] = k ? annot_ply_number(a, k) : 0;
		ev->plies_side[i] = k ? annot_ply_side(a, k) : -1;
		ply_move(a, k, ev->plies_move[i], sizeof(ev->plies_move[i]));
	}
	annot_event_text(ev->message, sizeof(ev->message), a->msg, ev);
	if (a->msg == a->loc) {
		annot_note(a, ev->ply, ev->message, strlen(ev->message));
		return;
	}
	annot_event_text(buf, sizeof(buf), a->loc, ev);
	annot_note(a, ev->ply, buf, strlen(buf));
}

const struct annot_note *annot_notes_at(const hamle_annotator *a, unsigned ply, size_t *first, size_t *n)
{
	size_t i = *first;
	while (i < a->nnotes && a->notes[i].ply < ply)
		i++;
	size_t s = i;
	while (i < a->nnotes && a->notes[i].ply == ply)
		i++;
	*first = i;
	*n = i - s;
	return a->notes + s;
}

hamle_result annot_result_override(const hamle_annotator *a)
{
	if (!a || !a->active || !(a->opts.flags & HAMLE_ANNOTATE_FIX_RESULT) || a->board == HAMLE_RESULT_NONE)
		return HAMLE_RESULT_NONE;
	for (size_t i = 0; i < a->nev; i++)
		if (strcmp(a->ev[i].code, "result-mismatch") == 0)
			return a->board;
	return HAMLE_RESULT_NONE;
}
