/* writer_failed.c: a failed game in PGN export: where it failed, the note that says why, and the
 * rest of its movetext as it was read.
 *
 * The rest is written token by token from the game's own text (so it reads back as the same tokens
 * and fails again where it failed), within the structure around it: its variations stay open
 * through it and are closed at its end when the game left them open; text the reader skipped (a
 * stray '}' or ')', a tag pair inside the movetext) goes into a comment; lines are wrapped as any
 * other. What a limit left unread is not written: the note says so. */
#include <stdio.h>
#include <string.h>

#include "hamle/san.h"
#include "pgn/game_internal.h"
#include "write/writer_internal.h"
#include "replay/replay_internal.h"

/* Where token t starts and ends in the game's text, its '{' '}' ';' '%' included. */
static size_t tok_start(const hamle_game *g, const hamle_token *t)
{
	size_t p = (size_t)(t->text - g->text);
	return t->kind == HAMLE_TOKEN_COMMENT || t->kind == HAMLE_TOKEN_ESCAPE ? p - 1 : p;
}

static size_t tok_end(const hamle_game *g, const hamle_token *t)
{
	size_t e = (size_t)(t->text - g->text) + t->len;
	if (t->kind == HAMLE_TOKEN_COMMENT && !(t->flags & (HAMLE_TOKEN_LINE_COMMENT | HAMLE_TOKEN_UNTERMINATED)))
		e++;
	return e;
}

/* Where the text between tokens i - 1 and i (from the movetext's start for the first) begins. */
static size_t gap_start(const hamle_game *g, size_t i)
{
	size_t a = i > 0 ? tok_end(g, &hamle_game_tokens(g)[i - 1]) : g->movetext_start;
	return a > g->movetext_start ? a : g->movetext_start;
}

/* Length of the dot at s[i] ('.' or '…'), 0 when none: the reader drops dots ("...Nf6", "Kc8.") */
static size_t dot_len(const char *s, size_t i, size_t end)
{
	if (s[i] == '.')
		return 1;
	return end - i >= 3 && memcmp(s + i, "\xE2\x80\xA6", 3) == 0 ? 3 : 0;
}

/* Whether s[a..b) holds text the reader skipped: anything but blanks and dots. */
static int has_skipped(const char *s, size_t a, size_t b)
{
	for (size_t i = a; i < b;) {
		size_t d = dot_len(s, i, b);
		if (!d && !wr_is_space(s[i]))
			return 1;
		i += d ? d : 1;
	}
	return 0;
}

/* The next piece [*a, *e) of text[*a..b) outside the typed scoresheet lines the reader read as
 * tags (g->spans): 1, or 0 when none is left. */
static int next_piece(const hamle_game *g, size_t *a, size_t b, size_t *e)
{
	size_t lo = 0, hi = g->nspans;
	while (lo < hi) { /* the first span that ends after *a */
		size_t mid = lo + (hi - lo) / 2;
		if (g->spans[mid].end <= *a)
			lo = mid + 1;
		else
			hi = mid;
	}
	while (lo < g->nspans && g->spans[lo].start <= *a && *a < b)
		*a = g->spans[lo++].end;
	if (*a >= b)
		return 0;
	*e = lo < g->nspans && g->spans[lo].start < b ? g->spans[lo].start : b;
	return 1;
}

/* Whether the text between two tokens, text[a..b), holds text the reader skipped. */
static int gap_skipped(const hamle_game *g, size_t a, size_t b)
{
	for (size_t e; next_piece(g, &a, b, &e); a = e)
		if (has_skipped(g->text, a, e))
			return 1;
	return 0;
}

/* The first token i <= limit with text before it that the reader skipped (n: after the last). */
static size_t first_skipped(const hamle_game *g, size_t limit)
{
	const hamle_token *t = hamle_game_tokens(g);
	size_t n = hamle_game_token_count(g);
	for (size_t i = 0; i <= limit && i <= n; i++) {
		size_t b = i < n ? tok_start(g, &t[i]) : g->movetext_at;
		if (gap_skipped(g, gap_start(g, i), b))
			return i;
	}
	return (size_t)-1;
}

/* The token a finding at input offset off belongs to: the one holding it, else the first after
 * it (the token count when none is). */
static size_t token_at(const hamle_game *g, size_t off)
{
	const hamle_token *t = hamle_game_tokens(g);
	size_t lo = 0, hi = hamle_game_token_count(g);
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t[mid].offset < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0 && off < g->offset + pgn_game_raw_pos(g, tok_end(g, &t[lo - 1])))
		lo--;
	return lo;
}

int wr_failed(const hamle_game *g, const hamle_replay *rp)
{
	if (g->nerrors_structure) /* the reader's, kept or only counted (max_findings) */
		return 1;
	for (size_t i = 0; i < hamle_replay_finding_count(rp); i++) {
		const hamle_diagnostic *d = hamle_replay_finding(rp, i);
		if (d->severity == HAMLE_SEVERITY_ERROR)
			return 1;
	}
	return 0;
}

size_t wr_pgn_stop(const hamle_game *g, const hamle_replay *rp, const hamle_diagnostic **why, int *skipped)
{
	size_t n = hamle_game_token_count(g);
	size_t stop = wr_start_ok(rp) ? n : 0;
	const hamle_diagnostic *best = NULL, *any = NULL;
	for (size_t i = 0; i < hamle_replay_finding_count(rp); i++) {
		const hamle_diagnostic *d = hamle_replay_finding(rp, i);
		if (d->severity != HAMLE_SEVERITY_ERROR)
			continue;
		if (!any)
			any = d;
		size_t k = d->token != (size_t)-1 ? d->token : token_at(g, d->error.offset);
		if (k < stop || (k == stop && (!best || d->error.offset < best->error.offset))) {
			stop = k;
			best = d;
		}
	}
	if (g->first_note < stop) {
		stop = g->first_note;
		best = NULL;
	}
	size_t skip = first_skipped(g, stop);
	if (skip < stop) {
		stop = skip;
		best = NULL;
	}
	*why = best ? best : any;
	*skipped = skip == stop;
	return stop;
}

void wr_note(hamle_writer *w, const hamle_game *g, const hamle_diagnostic *why, int skipped)
{
	char msg[HAMLE_ERROR_MESSAGE_MAX + HAMLE_ERROR_TOKEN_MAX + 2 * HAMLE_SAN_TEXT_MAX + 96];
	const hamle_error *e = why ? &why->error : w->stop_own ? &w->stop_err : NULL;
	const char *id = why ? why->id : e ? hamle_status_id(e->code) : "syntax";
	size_t n = (size_t)snprintf(msg, sizeof(msg), "hamle: error: %s", id);
	if (e && e->token[0] && n < sizeof(msg))
		n += (size_t)snprintf(msg + n, sizeof(msg) - n, " '%s'", e->token);
	if (n < sizeof(msg))
		n += (size_t)snprintf(msg + n, sizeof(msg) - n, ": %s", e && e->message[0] ? e->message
			: skipped ? "text the reader skipped" : "an error past --max-findings, counted and not kept");
	if (why && why->n_suggestions && n < sizeof(msg)) {
		/* in the output language, as the message is (the replay's messages locale) */
		char dym[2 * HAMLE_SAN_TEXT_MAX + 64];
		const char *args[1] = {why->suggestion[0].san};
		if (!w->opts.locale || hamle_locale_format(dym, sizeof(dym), w->opts.locale, "did_you_mean", 1, args) < 0)
			snprintf(dym, sizeof(dym), "did you mean %s?", why->suggestion[0].san);
		n += (size_t)snprintf(msg + n, sizeof(msg) - n, "; %s", dym);
	}
	if (e && e->code == HAMLE_ELIMIT && g->movetext_at < g->text_len &&
	    !(g->chunk_flags & HAMLE_CHUNK_OVERFLOW) && n < sizeof(msg))
		n += (size_t)snprintf(msg + n, sizeof(msg) - n, " (%zu bytes of it not written)",
			g->text_len - g->movetext_at);
	if (n >= sizeof(msg))
		n = sizeof(msg) - 1;
	wr_brace_comment(w, msg, n);
}

/* Writes text[a..b) as words: blanks only in "exd6 e.p.", a word each side. */
static void words(hamle_writer *w, const char *text, size_t a, size_t b)
{
	for (size_t p = a; p < b;) {
		size_t e = p;
		while (e < b && !wr_is_space(text[e]))
			e++;
		if (e > p)
			wr_word3(w, "", text + p, e - p, "");
		p = e + 1;
	}
}

/* The text between two tokens, text[a..b): the reader skipped it, and what it holds but blanks
 * goes into a comment (a {} one, or ';' lines when it holds a '}'); dots alone ("6. ... Nf6")
 * stay words, as the reader drops them. */
static void skipped_piece(hamle_writer *w, const char *text, size_t a, size_t b)
{
	while (a < b && wr_is_space(text[a]))
		a++;
	if (a >= b)
		return;
	if (!has_skipped(text, a, b)) {
		words(w, text, a, b);
		return;
	}
	if (!memchr(text + a, '}', b - a)) {
		wr_brace_comment(w, text + a, b - a);
		return;
	}
	while (a < b) {
		size_t e = a;
		while (e < b && text[e] != '\n' && text[e] != '\r')
			e++;
		size_t s = a;
		while (s < e && wr_is_space(text[s]))
			s++;
		if (s < e)
			wr_line_comment(w, text + s, e - s);
		a = e + 1;
	}
}

/* The same over the pieces of text[a..b) outside typed scoresheet lines (read as tags). */
static void skipped(hamle_writer *w, const hamle_game *g, size_t a, size_t b)
{
	for (size_t e; next_piece(g, &a, b, &e); a = e)
		skipped_piece(w, g->text, a, e);
}

static int is_word(const hamle_token *t)
{
	if (t->kind == HAMLE_TOKEN_MOVE_NUMBER)
		return t->text[t->len - 1] != ')';
	return t->kind == HAMLE_TOKEN_MOVE || t->kind == HAMLE_TOKEN_NAG;
}

/* Whether the splitter reads a termination marker in the word s[0..n): a run of it between
 * delimiters ('$' of "$1-0", blanks of "exd6 e.p.") that is one. */
static int ends_game(const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		size_t e = i;
		while (e < n && !wr_is_space(s[e]) && s[e] != '$' && s[e] != '(' && s[e] != ')')
			e++;
		if (e > i && e - i < 16 && pgn_may_be_result((const unsigned char *)s + i, e - i) &&
		    hamle_result_parse(s + i, e - i) != HAMLE_RESULT_NONE)
			return 1;
		i = e + 1;
	}
	return 0;
}

/* Whether the game's tokens from i on hold more than comments (the termination, written after
 * the rest, counts). */
static int goes_on(const hamle_game *g, size_t i)
{
	const hamle_token *t = hamle_game_tokens(g);
	for (size_t n = hamle_game_token_count(g); i < n; i++)
		if (t[i].kind != HAMLE_TOKEN_COMMENT)
			return 1;
	return 0;
}

int wr_rest(hamle_writer *w, const hamle_game *g, size_t from, size_t term, size_t *depth)
{
	const hamle_token *t = hamle_game_tokens(g);
	size_t n = hamle_game_token_count(g);
	const char *text = g->text;
	size_t at = gap_start(g, from); /* what is written of the text ends here */
	while (at < g->movetext_at && from > 0) { /* dots glued to the last word written ("Kc8.") */
		size_t d = dot_len(text, at, g->movetext_at);
		if (!d)
			break;
		at += d;
	}
	int ended = 0;
	for (size_t i = from; i < n && !w->oom; i++) {
		const hamle_token *k = &t[i];
		size_t a = tok_start(g, k), b = tok_end(g, k), first = i;
		if (is_word(k)) {
			/* the word as written: its dots, and the words glued to it ("1.e4", "e4!", "Nf3$1",
			 * "...Nf6", "Kc8."), so that it reads as the same tokens and splits alike */
			while (a > at && a >= 1 && text[a - 1] == '.')
				a--;
			while (a >= at + 3 && memcmp(text + a - 3, "\xE2\x80\xA6", 3) == 0)
				a -= 3;
			for (size_t d;;) {
				size_t hi = i + 1 < n ? tok_start(g, &t[i + 1]) : g->movetext_at;
				while (b < hi && (d = dot_len(text, b, hi)) != 0)
					b += d;
				if (i + 1 < n && b == tok_start(g, &t[i + 1]) && is_word(&t[i + 1])) {
					i++;
					b = tok_end(g, &t[i]);
					continue;
				}
				break;
			}
		}
		w->glue = ended; /* after a word that ended the game, what follows stays on its line */
		skipped(w, g, at > g->movetext_start ? at : g->movetext_start, a);
		w->glue = 0;
		at = b;
		if (i == term)
			continue;
		switch (k->kind) {
		case HAMLE_TOKEN_MOVE:
		case HAMLE_TOKEN_MOVE_NUMBER:
		case HAMLE_TOKEN_NAG:
			if (!is_word(k)) {
				/* "12)": its ')' closes no variation, written "12." (the same token) */
				wr_word3(w, "", k->text, k->len - 1, ".");
				ended = 0;
				break;
			}
			/* in the mainline, a word the splitter reads as the end ("$1-0") was the game's end;
			 * where the game goes on after it (the splitter was in a broken tag line there), its
			 * tokens are written apart ("$1 -0": the same tokens), so it ends nothing */
			ended = k->depth == 0 && *depth == 0 && ends_game(text + a, b - a);
			if (ended && goes_on(g, i + 1)) {
				ended = 0;
				for (size_t j = first; j < i; j++) {
					size_t e = tok_start(g, &t[j + 1]);
					words(w, text, a, e);
					a = e;
				}
			}
			words(w, text, a, b);
			break;
		case HAMLE_TOKEN_COMMENT:
			w->glue = ended;
			if (k->flags & HAMLE_TOKEN_LINE_COMMENT)
				wr_line_comment(w, k->text, k->len);
			else
				wr_brace_comment(w, k->text, k->len);
			break;
		case HAMLE_TOKEN_ESCAPE:
			wr_escape_line(w, k->text, k->len);
			break;
		case HAMLE_TOKEN_VAR_START:
			wr_word(w, "(");
			(*depth)++;
			ended = 0;
			break;
		case HAMLE_TOKEN_VAR_END:
			if (*depth > 0) {
				wr_word(w, ")");
				(*depth)--;
			}
			ended = 0;
			break;
		case HAMLE_TOKEN_RESULT:
			/* inside a variation as it was; in the mainline before its end as a comment (it
			 * would end the game there) */
			if (k->depth > 0)
				wr_word3(w, "", k->text, k->len, "");
			else
				wr_brace_comment(w, k->text, k->len);
			ended = 0;
			break;
		default: /* DRAW_OFFER */
			wr_word3(w, "", text + a, b - a, "");
			ended = 0;
			break;
		}
	}
	w->glue = ended;
	skipped(w, g, at > g->movetext_start ? at : g->movetext_start, g->movetext_at);
	w->glue = 0;
	if (*depth > 0)
		ended = 0;
	while (*depth > 0) {
		wr_word(w, ")");
		(*depth)--;
	}
	return ended;
}
