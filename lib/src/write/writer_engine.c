/* writer_engine.c: an engine analysis (hamle/analysis.h) written into a game by the pgn writer:
 * [%eval] merged into the first comment after each mainline move (or a comment of its own), the
 * judgement NAG, and for a mistake or blunder a comment in the output language and the engine's
 * best line as a variation. writer_pgn.c calls these at the moves and comments; writer_tags.c
 * writes the accuracy tags. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/position_internal.h"
#include "engine/analysis_internal.h"
#include "hamle/locale.h"
#include "notation/san_internal.h"
#include "write/writer_internal.h"

void hamle_writer_analysis(hamle_writer *w, const hamle_analysis *an)
{
	if (w)
		w->analysis = an;
}

const struct hamle_analysis *wr_analysis(const hamle_writer *w, const hamle_game *g)
{
	const hamle_analysis *an = w->analysis;
	return an && an->active && an->game == g ? an : NULL;
}

static const unsigned judge_nag[] = { 0, 6, 2, 4 }; /* ?! ? ?? */

unsigned wr_engine_nag_of(const hamle_writer *w, unsigned ply, const hamle_token *t, size_t i, size_t n)
{
	const hamle_analysis *an = w->ea;
	if (!an || ply > an->plies || !an->ply[ply].judge)
		return 0;
	unsigned nag = judge_nag[an->ply[ply].judge];
	for (size_t j = i + 1; j < n && t[j].depth == 0 && (t[j].kind == HAMLE_TOKEN_NAG || t[j].kind == HAMLE_TOKEN_COMMENT); j++)
		if (t[j].kind == HAMLE_TOKEN_NAG && t[j].value == nag)
			return 0; /* the move has it already */
	return nag;
}

/* "[%eval 0.42]" / "[%eval #-3]" for the evaluation after ply; 0 when there is none. */
static size_t eval_text(char *buf, size_t size, const hamle_analysis *an, unsigned ply)
{
	if (!an || ply == 0 || ply > an->plies)
		return 0;
	const hamle_eval *e = &an->ply[ply].eval;
	int k;
	if (e->kind == HAMLE_EVAL_CP) {
		int v = e->value < 0 ? -e->value : e->value;
		k = snprintf(buf, size, "[%%eval %s%d.%02d]", e->value < 0 ? "-" : "", v / 100, v % 100);
	} else if (e->kind == HAMLE_EVAL_MATE) {
		k = snprintf(buf, size, "[%%eval #%d]", e->value);
	} else {
		return 0; /* none, or the game over on the board */
	}
	return k > 0 && (size_t)k < size ? (size_t)k : 0;
}

int wr_engine_comment_of(hamle_writer *w, unsigned ply, const char *s, size_t n)
{
	char ev[40];
	size_t el;
	if (!w->ea || w->ea_done == ply || !(el = eval_text(ev, sizeof(ev), w->ea, ply)))
		return 0;
	w->ea_done = ply;
	char *text = malloc(n + el + 2);
	if (!text) {
		w->oom = 1;
		return 1;
	}
	memcpy(text, ev, el);
	size_t len = el;
	/* the comment without an [%eval ...] it had (an earlier analysis): replaced by this one */
	size_t i = 0;
	while (i < n) {
		if (n - i >= 7 && memcmp(s + i, "[%eval ", 7) == 0) {
			const char *end = memchr(s + i, ']', n - i);
			if (end) {
				i = (size_t)(end - s) + 1;
				continue;
			}
		}
		if (len == el)
			text[len++] = ' ';
		text[len++] = s[i++];
	}
	wr_brace_comment(w, text, len);
	free(text);
	return 1;
}

size_t wr_engine_eval_of(hamle_writer *w, unsigned ply)
{
	char ev[40];
	size_t el;
	if (!w->ea || w->ea_done == ply || !(el = eval_text(ev, sizeof(ev), w->ea, ply)))
		return 0;
	w->ea_done = ply;
	wr_brace_comment(w, ev, el);
	return 1;
}

static void number(hamle_writer *w, unsigned v, const char *suffix)
{
	char num[24];
	char *d = wr_decimal(num + sizeof(num), v);
	wr_word3(w, "", d, (size_t)(num + sizeof(num) - d), suffix);
}

size_t wr_engine_line_of(hamle_writer *w, unsigned ply, const struct hamle_position *before)
{
	const hamle_analysis *an = w->ea;
	if (!an || ply == 0 || ply > an->plies || an->ply[ply].judge < HAMLE_JUDGE_MISTAKE)
		return 0;
	const struct an_ply *prev = &an->ply[ply - 1];
	if (!prev->nline || prev->line[0] == an->ply[ply].move)
		return 0; /* no best line, or the move played was the engine's first choice */
	const hamle_locale *loc = w->loc;
	char san[HAMLE_SAN_MAX], text[HAMLE_ERROR_MESSAGE_MAX];
	if (san_format_legal(san, sizeof(san), before, loc, prev->line[0], w->form) < 0)
		return 0;
	int mate = an->ply[ply].mate;
	const char *key = mate == HAMLE_MATE_CREATED ? "annotations.engine_mate_created" :
		mate == HAMLE_MATE_LOST ? "annotations.engine_mate_lost" :
		an->ply[ply].judge == HAMLE_JUDGE_BLUNDER ? "annotations.engine_blunder" : "annotations.engine_mistake";
	const char *args[1] = { san };
	if (hamle_locale_format(text, sizeof(text), loc, key, 1, args) < 0)
		snprintf(text, sizeof(text), "%s was best.", san); /* a locale without the words */
	wr_brace_comment(w, text, strlen(text));
	/* the best line, in place of the move played */
	wr_word(w, "(");
	struct hamle_position p = *before;
	for (unsigned i = 0; i < prev->nline; i++) {
		if (i == 0 || p.side == HAMLE_WHITE)
			number(w, (unsigned)p.fullmove, p.side == HAMLE_WHITE ? "." : "...");
		int k = san_format_legal(san, sizeof(san), &p, loc, prev->line[i], w->form);
		if (k < 0 || (size_t)k >= sizeof(san))
			break;
		wr_word3(w, "", san, (size_t)k, "");
		hamle_position_play(&p, prev->line[i]);
	}
	wr_word(w, ")");
	return 2;
}
