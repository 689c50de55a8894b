/* writer_pgn.c: PGN export format (and its FIDE-form twin) from a read game and its replay: words
 * and line wrapping, comments, the movetext walk. The tag section is in writer_tags.c, what follows
 * the place where a failed game failed in writer_failed.c. See hamle/writer.h for the rules. */
#include <string.h>

#include "notation/san_internal.h"
#include "hamle/san.h"
#include "notation/locale_internal.h"
#include "write/writer_internal.h"
#include "replay/replay_internal.h"
#include "write/annotate_internal.h"

/* A number in decimal as one word: "12." "12..." "$14". */
static void word_number(hamle_writer *w, const char *prefix, unsigned v, const char *suffix)
{
	char num[24];
	char *d = wr_decimal(num + sizeof(num), v);
	wr_word3(w, prefix, d, (size_t)(num + sizeof(num) - d), suffix);
}

/* The move number before a move: "12." or "12...". */
static inline void word_move_number(hamle_writer *w, unsigned v, int white)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* the word (five digits at most, and its dots) made in a register and stored once, placed as
	 * wr_word_short places it: a word made in memory byte by byte and read back at once would wait
	 * for its bytes to be stored (once or twice a ply) */
	if (v < 100000 && wr_reserve(w, 17)) {
		size_t nd = v >= 10000 ? 5 : v >= 1000 ? 4 : v >= 100 ? 3 : v >= 10 ? 2 : 1;
		uint64_t word = (white ? (uint64_t)'.' : (uint64_t)0x2E2E2E) << (8 * nd); /* "." or "..." */
		for (size_t i = nd; i-- > 0; v /= 10)
			word |= (uint64_t)('0' + v % 10) << (8 * i);
		size_t c = nd + (white ? 1 : 3);
		char *d = wr_word_place(w, c);
		memcpy(d, &word, 8);
		d[c] = '\0';
		w->len = (size_t)(d + c - w->buf);
		w->glue = 0;
		return;
	}
#endif
	char num[40] = {0}, *e = num + 24, *d; /* 16 bytes readable from d (wr_word_short), d >= e - 10 */
	if (v < 100) { /* (nearly every game) */
		e[-1] = (char)('0' + v % 10);
		e[-2] = (char)('0' + v / 10);
		d = e - 1 - (v >= 10);
	} else {
		d = wr_decimal(e, v); /* (an unsigned: 10 digits at most) */
	}
	memcpy(e, "...", 3);
	size_t len = (size_t)(e - d) + (white ? 1 : 3);
	wr_word_short(w, d, len, len);
}

static int result_index(hamle_result r)
{
	switch (r) {
	case HAMLE_RESULT_WHITE: return HAMLE_LOC_RESULT_WHITE;
	case HAMLE_RESULT_BLACK: return HAMLE_LOC_RESULT_BLACK;
	case HAMLE_RESULT_DRAW: return HAMLE_LOC_RESULT_DRAW;
	default: return HAMLE_LOC_RESULT_UNKNOWN;
	}
}

hamle_result wr_game_result(const hamle_game *g)
{
	hamle_result r = hamle_game_result(g);
	if (r != HAMLE_RESULT_NONE)
		return r;
	const char *tag = hamle_game_tag(g, "Result");
	r = tag ? hamle_result_parse(tag, strlen(tag)) : HAMLE_RESULT_NONE;
	return r == HAMLE_RESULT_NONE ? HAMLE_RESULT_UNKNOWN : r;
}

const char *wr_result_text(const hamle_writer *w, hamle_result r)
{
	if (w->opts.format == HAMLE_WRITE_FIDE && w->loc) {
		const char *s = w->loc->style[HAMLE_LOCALE_STYLE_FIDE].result[result_index(r)];
		if (s && *s)
			return s;
	}
	return hamle_result_string(r);
}

static const char *draw_offer_text(const hamle_writer *w)
{
	const char *s = w->loc->style[HAMLE_LOCALE_STYLE_FIDE].draw_offer;
	while (s && *s == ' ')
		s++;
	return s && *s ? s : "(=)";
}

static int is_draw_comment(const hamle_token *t)
{
	const char *s = t->text;
	size_t n = t->len;
	while (n && wr_is_space(*s))
		s++, n--;
	while (n && wr_is_space(s[n - 1]))
		n--;
	return !(t->flags & HAMLE_TOKEN_LINE_COMMENT) && n == 3 && memcmp(s, "(=)", 3) == 0;
}

/* FIDE form: "exd6 e.p.+" -> "exd6+ e.p.", the check or mate mark on the move itself, so that
 * the e.p. marker stays a word of its own that readers join to the move before it. */
static size_t ep_mark_order(char *buf, size_t len, const hamle_locale *loc)
{
	const char *ep = loc->style[HAMLE_LOCALE_STYLE_FIDE].en_passant;
	size_t el = ep ? strlen(ep) : 0;
	if (!el)
		return len;
	char *at = strstr(buf, ep);
	if (!at || at + el == buf + len)
		return len;
	size_t mark = (size_t)(buf + len - (at + el));
	char tmp[32];
	if (mark >= sizeof(tmp))
		return len;
	memcpy(tmp, at + el, mark);
	memmove(at + mark, at, el);
	memcpy(at, tmp, mark);
	return len;
}

/* A comment of ASCII words separated by single spaces, with no '}', no word starting with '%'
 * and no "[%" command (a FEN): written as wr_brace_comment would write it, word by word with the
 * same line breaks, but in one pass (this runs once a ply with --fen). */
static void plain_comment(hamle_writer *w, const char *s, size_t n)
{
	if (!wr_reserve(w, 2 * n + 4))
		return;
	char *d = w->buf + w->len;
	size_t col = w->col, width = w->opts.line_width;
	for (size_t i = 0; i < n;) {
		if (i > 0 && col > 0 && col + 1 + (n - i) + 1 < width) {
			/* the rest fits on the line: its words would all go there */
			*d++ = ' ';
			memcpy(d, s + i, n - i);
			d += n - i;
			*d++ = '}';
			col += 1 + (n - i) + 1;
			break;
		}
		const char *sp = memchr(s + i, ' ', n - i);
		size_t e = sp ? (size_t)(sp - s) : n;
		size_t c = e - i + (i == 0) + (e == n);
		if (col > 0 && col + 1 + c < width) {
			*d++ = ' ';
			col++;
		} else if (col > 0) {
			*d++ = '\n';
			col = 0;
		}
		if (i == 0)
			*d++ = '{';
		memcpy(d, s + i, e - i);
		d += e - i;
		if (e == n)
			*d++ = '}';
		col += c;
		i = e + 1;
	}
	*d = '\0';
	w->len = (size_t)(d - w->buf);
	w->col = col;
}

/* The annotator's comments after mainline ply (none without annotations), then the FEN and the
 * Polyglot key of pos, the position after it, when asked for; returns how many were written. */
static size_t annot_flush_rules(hamle_writer *w, unsigned ply, size_t *next, const struct hamle_position *pos)
{
	if (!w->an || (!(w->an->opts.flags & (HAMLE_ANNOTATE_FEN | HAMLE_ANNOTATE_FEN_END | HAMLE_ANNOTATE_ZOBRIST)) &&
	               (*next >= w->an->nnotes || w->an->notes[*next].ply > ply)))
		return 0;
	size_t n;
	const struct annot_note *nt = annot_notes_at(w->an, ply, next, &n);
	for (size_t i = 0; i < n; i++)
		wr_brace_comment(w, annot_note_text(w->an, &nt[i]), nt[i].len);
	unsigned fl = w->an->opts.flags;
	if (!ply)
		return n;
	if ((fl & HAMLE_ANNOTATE_FEN) || ((fl & HAMLE_ANNOTATE_FEN_END) && ply == w->an->plies)) {
		char fen[HAMLE_FEN_MAX];
		int k = pos_fen_cached(fen, sizeof(fen), pos, &w->fen);
		if (k > 0 && (size_t)k < sizeof(fen))
			plain_comment(w, fen, (size_t)k), n++;
	}
	if (fl & HAMLE_ANNOTATE_ZOBRIST) {
		char key[] = "[%zobrist 0123456789abcdef]";
		uint64_t h = hamle_position_hash(pos);
		for (int i = 0; i < 16; i++)
			key[10 + 15 - i] = "0123456789abcdef"[(h >> (4 * i)) & 15];
		wr_word3(w, "{", key, sizeof(key) - 1, "}"), n++; /* one word: a command is never split */
	}
	return n;
}

/* Move m of token k in pos with the check, mate and capture marks as the token has them (an
 * annotator without HAMLE_ANNOTATE_MARKS), not as the position says. */
static int format_as_written(char *buf, size_t size, const hamle_writer *w, const hamle_replay *rp,
	const hamle_token *k, const struct hamle_position *pos, const struct hamle_locale *loc, hamle_move m)
{
	struct san_tok t;
	const hamle_locale *in = hamle_replay_locale(rp);
	if (!in || san_lex(&t, in, NULL, k->text, k->len, NULL) < 0)
		return san_format_legal(buf, size, pos, loc, m, w->form);
	int mark = t.mark == HAMLE_LOC_MATE ? 2 : t.mark == HAMLE_LOC_CHECK ? 1 : 0;
	return san_format_marks(buf, size, pos, loc, m, w->form, t.capture, mark);
}

/* The comments after mainline ply: the engine's [%eval] (when no comment of the game took it), the
 * annotator's, then the engine's word on a mistake and its best line (writer_engine.c). */
static size_t annot_flush(hamle_writer *w, unsigned ply, size_t *next, const struct hamle_position *pos)
{
	size_t n = wr_engine_eval(w, ply);
	n += annot_flush_rules(w, ply, next, pos);
	return n + wr_engine_line(w, ply, &w->stack[0].last);
}

/* Writes g; failed: the game has an error (or cannot be replayed), so it is written in its own
 * language up to the place where it failed, then the note and the rest as it was read. */
static int write_pgn(hamle_writer *w, const hamle_game *g, const hamle_replay *rp, int failed)
{
	const hamle_token *t = hamle_game_tokens(g);
	size_t n = hamle_game_token_count(g);
	const hamle_diagnostic *why = NULL;
	int skipped = 0;
	size_t stop = failed ? wr_pgn_stop(g, rp, &why, &skipped) : n;
	w->stop_own = 0;
	w->an = failed ? NULL : wr_annotations(w, g);
	w->ea = failed ? NULL : wr_analysis(w, g);
	w->ea_done = 0;
	unsigned mply = 0;      /* mainline plies written */
	int pending = w->an || w->ea ? 0 : -1; /* the ply whose comments are still to come */
	size_t note = 0;
	w->loc = failed && hamle_replay_locale(rp) ? hamle_replay_locale(rp) : w->opts.locale;
	w->shape = failed ? w->opts.shape & ~WR_SHAPE_CONTENT : w->opts.shape;
	unsigned shape = w->shape;
	size_t skip = 0; /* NO_VARIATIONS: variations open around the token (not written) */
	const hamle_locale *loc = w->loc;
	int fide = w->opts.format == HAMLE_WRITE_FIDE;
	size_t term = (size_t)-1; /* the termination marker: last RESULT token at depth 0 */
	for (size_t i = n; i-- > 0;)
		if (t[i].kind == HAMLE_TOKEN_RESULT && t[i].depth == 0) {
			term = i;
			break;
		}
	/* a marker the game goes on after (the "1-0" of a broken tag line [Result "1-[Result "1-0"],
	 * when the game's end is a word like "$1-0") is no termination: it is kept as a comment */
	for (size_t i = term + 1; term != (size_t)-1 && i < n; i++)
		if (t[i].depth == 0 && t[i].kind != HAMLE_TOKEN_COMMENT && t[i].kind != HAMLE_TOKEN_ESCAPE)
			term = (size_t)-1;
	wr_tags(w, g);
	w->col = 0;
	size_t depth = 0;
	wr_frame *f = wr_frame_at(w, 0);
	if (!f)
		return HAMLE_ENOMEM;
	f->cur = *hamle_replay_start(rp);
	f->last = f->cur;
	f->moved = 0;
	int need_black = 1;
	const hamle_replay_move *mv = hamle_replay_moves(rp);
	/* the letters in slots, made again for another language or form (a failed game's own
	 * language, which may be gone by the next game, every time) */
	if (w->fs.loc != loc || w->fs.form != w->form || loc != w->opts.locale)
		san_fast_style_init(&w->fs, loc, w->form);
	char buf[256];
	for (size_t i = 0; i < stop && !w->oom; i++) {
		const hamle_token *k = &t[i];
		if (__builtin_expect(shape != 0, 0)) {
			/* a part left out changes nothing of what is written around it (no "N..." after it) */
			if ((shape & HAMLE_WRITE_NO_VARIATIONS) && (skip || k->kind == HAMLE_TOKEN_VAR_START)) {
				skip += k->kind == HAMLE_TOKEN_VAR_START;
				skip -= k->kind == HAMLE_TOKEN_VAR_END;
				continue;
			}
			if (((shape & HAMLE_WRITE_NO_COMMENTS) && k->kind == HAMLE_TOKEN_COMMENT && !is_draw_comment(k)) ||
			    ((shape & HAMLE_WRITE_NO_NAGS) && k->kind == HAMLE_TOKEN_NAG))
				continue;
		}
		if (pending >= 0 && !(k->depth == 0 && (k->kind == HAMLE_TOKEN_COMMENT || k->kind == HAMLE_TOKEN_NAG ||
		                                       k->kind == HAMLE_TOKEN_DRAW_OFFER))) {
			if (annot_flush(w, (unsigned)pending, &note, &w->stack[0].cur))
				need_black = 1;
			pending = -1;
		}
		switch (k->kind) {
		case HAMLE_TOKEN_MOVE: {
			f = &w->stack[depth];
			const struct hamle_position *pos = &f->cur;
			hamle_move m;
			if (mv && (mv[i].flags & HAMLE_RM_MOVE) && wr_move_fits(pos, mv[i].move)) {
				m = mv[i].move; /* (what wr_move answers first) */
			} else if (wr_move(w, g, rp, i, pos, &m) < 0) {
				stop = i;
				failed = 1;
				break;
			}
			if (pos->side == HAMLE_WHITE || need_black)
				word_move_number(w, pos->fullmove, pos->side == HAMLE_WHITE);
			/* the move without its mark, which the position after it gives (fast), or whole */
			int as_written = w->an && !(w->an->opts.flags & HAMLE_ANNOTATE_MARKS);
			int fast = w->fs.ok && !as_written && m != HAMLE_MOVE_NULL;
			int len = fast ? (int)san_format_fast(buf, &w->fs, pos, m) : as_written ?
				format_as_written(buf, sizeof(buf), w, rp, k, pos, loc, m) :
				san_format_legal(buf, sizeof(buf), pos, loc, m, w->form);
			/* the position before the move is kept for a variation that may start after it
			 * (and the engine's line): not when the line's next move comes first, or nothing */
			size_t j = i + 1;
			while (j < stop && (t[j].kind == HAMLE_TOKEN_MOVE_NUMBER || t[j].kind == HAMLE_TOKEN_COMMENT ||
			                    t[j].kind == HAMLE_TOKEN_NAG))
				j++;
			if (w->ea || (j < stop && t[j].kind != HAMLE_TOKEN_MOVE))
				f->last = f->cur;
			hamle_position_play(&f->cur, m);
			if (fast) {
				int mark = san_mark_after(&f->cur);
				memcpy(buf + len, w->fs.mark[mark], SAN_FAST_SLOT);
				len += w->fs.mark_len[mark];
				buf[len] = '\0';
			}
			if (fide && len > 0 && (size_t)len < sizeof(buf))
				len = (int)ep_mark_order(buf, (size_t)len, loc);
			if (len < 0 || (size_t)len >= sizeof(buf))
				wr_word3(w, "", k->text, k->len, "");
			else if (len > 0 && len <= 16)
				wr_word_short(w, buf, (size_t)len,
					fast && w->fs.ascii ? (size_t)len : wr_short_chars(buf, (size_t)len));
			else
				wr_word3(w, "", buf, (size_t)len, "");
			f->moved = 1;
			need_black = 0;
			if ((w->an || w->ea) && depth == 0) {
				pending = (int)++mply;
				unsigned nag = wr_engine_nag(w, mply, t, i, stop);
				if (nag)
					word_number(w, "$", nag, "");
			}
			break;
		}
		case HAMLE_TOKEN_COMMENT:
			if (fide && is_draw_comment(k))
				wr_word(w, draw_offer_text(w));
			else if (k->flags & HAMLE_TOKEN_LINE_COMMENT)
				wr_line_comment(w, k->text, k->len);
			else if (!(depth == 0 && pending > 0 && wr_engine_comment(w, (unsigned)pending, k->text, k->len)))
				wr_brace_comment(w, k->text, k->len);
			need_black = 1;
			break;
		case HAMLE_TOKEN_NAG:
			if (k->flags & HAMLE_TOKEN_OUT_OF_RANGE)
				wr_word3(w, "", k->text, k->len, ""); /* "$256" as written: reads back the same */
			else
				word_number(w, "$", k->value, "");
			break;
		case HAMLE_TOKEN_VAR_START: {
			wr_word(w, "(");
			wr_frame *p = &w->stack[depth];
			wr_frame *c = wr_frame_at(w, depth + 1);
			if (!c)
				return HAMLE_ENOMEM;
			p = &w->stack[depth];
			c->cur = p->moved ? p->last : p->cur;
			c->last = c->cur;
			c->moved = 0;
			depth++;
			need_black = 1;
			break;
		}
		case HAMLE_TOKEN_VAR_END:
			if (depth > 0) {
				wr_word(w, ")");
				depth--;
			}
			need_black = 1;
			break;
		case HAMLE_TOKEN_DRAW_OFFER:
			if (fide)
				wr_word(w, draw_offer_text(w));
			else
				wr_word(w, "{(=)}");
			need_black = 1;
			break;
		case HAMLE_TOKEN_ESCAPE:
			wr_escape_line(w, k->text, k->len);
			need_black = 1;
			break;
		case HAMLE_TOKEN_RESULT:
			/* a marker in the mainline before its end (from a broken tag line: [Black "K "1-0"])
			 * would end the game when read back: kept as a comment */
			if (i != term && depth > 0)
				wr_word(w, wr_result_text(w, (hamle_result)k->value));
			else if (i != term)
				wr_brace_comment(w, wr_result_text(w, (hamle_result)k->value),
					strlen(wr_result_text(w, (hamle_result)k->value)));
			break;
		default: /* MOVE_NUMBER: numbers are written from the positions */
			break;
		}
	}
	if (failed) {
		/* the move numbers just before the stop were not written: they start the rest */
		size_t from = stop;
		while (from > 0 && t[from - 1].kind == HAMLE_TOKEN_MOVE_NUMBER)
			from--;
		/* a note from an earlier conversion at the stop stands for this one */
		if (!(stop < n && (t[stop].flags & HAMLE_TOKEN_ERROR_NOTE)))
			wr_note(w, g, w->stop_own ? NULL : why, skipped);
		int ended = wr_rest(w, g, from, term, &depth);
		if (term != (size_t)-1 && term >= from)
			wr_word3(w, "", t[term].text, t[term].len, "");
		else if (!ended)
			wr_word(w, wr_result_text(w, wr_game_result(g)));
	} else {
		while (depth > 0) { /* (a game left a variation open is one that failed) */
			wr_word(w, ")");
			depth--;
		}
		if (pending >= 0)
			annot_flush(w, (unsigned)pending, &note, &w->stack[0].cur);
		hamle_result fix = annot_result_override(w->an);
		wr_word(w, wr_result_text(w, fix != HAMLE_RESULT_NONE ? fix : wr_game_result(g)));
	}
	wr_end_line(w);
	wr_putc(w, '\n');
	return w->oom ? HAMLE_ENOMEM : 0;
}

int wr_pgn_game(hamle_writer *w, const hamle_game *g, const hamle_replay *rp)
{
	size_t start = w->len;
	int failed = !wr_start_ok(rp) || wr_failed(g, rp);
	int rc = write_pgn(w, g, rp, failed);
	const hamle_locale *own = hamle_replay_locale(rp);
	if (rc == 0 && !failed && w->stop_own &&
	    ((own && own != w->opts.locale) || (w->opts.shape & WR_SHAPE_CONTENT))) {
		/* the writer stopped at a move the replay had not read (after a game end) and could not
		 * read either: the game failed, and is written again in its own language, whole */
		w->len = start;
		if (w->buf)
			w->buf[start] = '\0';
		w->col = 0;
		rc = write_pgn(w, g, rp, 1);
	}
	return rc;
}
