/* writer.c: PGN export format (and its FIDE-form twin) from a read game and its replay; the
 * writer object, its buffer and the shared helpers. See hamle/writer.h for the rules. */
#include <stdlib.h>
#include <string.h>

#include "notation/san_internal.h"
#include "error_internal.h"
#include "hamle/san.h"
#include "notation/locale_internal.h"
#include "pgn/writer_internal.h"
#include "replay/replay_internal.h"

static const char *const format_names[] = { "pgn", "fide", "san", "lan", "uci", "spoken", "fen", "epd",
	"json" };

int hamle_write_format_parse(const char *name)
{
	for (int i = 0; name && i < (int)(sizeof(format_names) / sizeof(format_names[0])); i++)
		if (strcmp(name, format_names[i]) == 0)
			return i;
	return -1;
}

int hamle_writer_new(hamle_writer **out, const hamle_writer_options *opts)
{
	if (!out || !opts || opts->version != HAMLE_WRITER_OPTIONS_VERSION || opts->format < HAMLE_WRITE_PGN ||
	    opts->format > HAMLE_WRITE_JSON)
		return HAMLE_EUSAGE;
	int f = opts->format;
	if (!opts->locale && f != HAMLE_WRITE_UCI && f != HAMLE_WRITE_FEN && f != HAMLE_WRITE_EPD)
		return HAMLE_EUSAGE;
	hamle_writer *w = calloc(1, sizeof(*w));
	if (!w)
		return HAMLE_ENOMEM;
	w->opts = *opts;
	if (!w->opts.line_width)
		w->opts.line_width = 80;
	switch (f) {
	case HAMLE_WRITE_FIDE: w->form = HAMLE_FORM_FIDE; break;
	case HAMLE_WRITE_LAN: w->form = HAMLE_FORM_LAN; break;
	case HAMLE_WRITE_UCI: w->form = HAMLE_FORM_UCI; break;
	case HAMLE_WRITE_SPOKEN: w->form = HAMLE_FORM_SPOKEN; break;
	default: w->form = HAMLE_FORM_SAN; break;
	}
	*out = w;
	return 0;
}

void hamle_writer_free(hamle_writer *w)
{
	if (!w)
		return;
	free(w->buf);
	free(w->stack);
	free(w);
}

const char *hamle_writer_output(const hamle_writer *w, size_t *len)
{
	if (len)
		*len = w ? w->len : 0;
	return w && w->buf ? w->buf : "";
}

void hamle_writer_reset(hamle_writer *w)
{
	if (!w)
		return;
	w->len = 0;
	w->oom = 0;
	w->col = 0;
	if (w->buf)
		w->buf[0] = '\0';
}

/* ---- buffer ---- */

/* Room for n more bytes and the NUL after them; 0 when out of memory (sticky). */
static int wr_reserve(hamle_writer *w, size_t n)
{
	if (w->oom)
		return 0;
	if (__builtin_expect(w->len + n + 1 > w->cap, 0)) {
		size_t cap = w->cap ? w->cap : 4096;
		while (cap < w->len + n + 1)
			cap *= 2;
		char *b = realloc(w->buf, cap);
		if (!b) {
			w->oom = 1;
			return 0;
		}
		w->buf = b;
		w->cap = cap;
	}
	return 1;
}

void wr_put(hamle_writer *w, const char *s, size_t n)
{
	if (!wr_reserve(w, n))
		return;
	memcpy(w->buf + w->len, s, n);
	w->len += n;
	w->buf[w->len] = '\0';
}

void wr_puts(hamle_writer *w, const char *s)
{
	wr_put(w, s, strlen(s));
}

void wr_putc(hamle_writer *w, char c)
{
	wr_put(w, &c, 1);
}

/* v in decimal, written backwards from end (at least 20 bytes before it); returns its first byte. */
static char *decimal(char *end, unsigned long long v)
{
	do {
		*--end = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	return end;
}

void wr_uint(hamle_writer *w, unsigned long long v)
{
	char tmp[24];
	char *d = decimal(tmp + sizeof(tmp), v);
	wr_put(w, d, (size_t)(tmp + sizeof(tmp) - d));
}

size_t wr_chars(const char *s, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			c++;
	return c;
}

wr_frame *wr_frame_at(hamle_writer *w, size_t d)
{
	if (d >= w->depth_cap) {
		size_t cap = w->depth_cap ? w->depth_cap * 2 : 8;
		while (cap <= d)
			cap *= 2;
		wr_frame *s = realloc(w->stack, cap * sizeof(*s));
		if (!s) {
			w->oom = 1;
			return NULL;
		}
		w->stack = s;
		w->depth_cap = cap;
	}
	return &w->stack[d];
}

int wr_start_ok(const hamle_replay *rp)
{
	return rp->start_ok;
}

size_t wr_stop_token(const hamle_game *g, const hamle_replay *rp)
{
	/* a game that could not be replayed (bad FEN, unsupported variant) has no start position to
	 * play its moves from: all of its movetext is written as the rest after the error */
	if (!wr_start_ok(rp))
		return 0;
	size_t n = hamle_game_token_count(g), first = hamle_replay_first_error(rp);
	return first < n ? first : n;
}

int wr_move(hamle_writer *w, const hamle_game *g, const hamle_replay *rp, size_t i,
	const struct hamle_position *pos, hamle_move *m)
{
	const hamle_replay_move *mv = hamle_replay_moves(rp);
	const hamle_token *t = &hamle_game_tokens(g)[i];
	if (mv && (mv[i].flags & HAMLE_RM_MOVE)) {
		*m = mv[i].move;
		return 0;
	}
	hamle_error_clear(&w->stop_err);
	int rc = HAMLE_ERROR;
	const hamle_locale *loc = hamle_replay_locale(rp);
	if (loc && !(mv && (mv[i].flags & HAMLE_RM_ERROR)) && hamle_replay_first_error(rp) > i)
		rc = hamle_san_parse(m, pos, loc, t->text, t->value ? t->value : t->len, NULL, &w->stop_err);
	if (rc < 0) {
		w->stop_own = 1;
		w->stop_err.code = rc;
		w->stop_err.source = hamle_game_source(g);
		w->stop_err.game = hamle_game_index(g);
		w->stop_err.line = t->line;
		w->stop_err.column = t->column;
		w->stop_err.offset = t->offset;
		if (!w->stop_err.token[0]) {
			size_t k = t->len < sizeof(w->stop_err.token) - 1 ? t->len : sizeof(w->stop_err.token) - 1;
			memcpy(w->stop_err.token, t->text, k);
			w->stop_err.token[k] = '\0';
		}
	}
	return rc < 0 ? rc : 0;
}

const hamle_error *hamle_writer_stopped(const hamle_writer *w)
{
	return w && w->stop_own ? &w->stop_err : NULL;
}

const hamle_diagnostic *wr_stop_finding(const hamle_replay *rp, size_t stop)
{
	const hamle_diagnostic *any = NULL;
	for (size_t i = 0; i < hamle_replay_finding_count(rp); i++) {
		const hamle_diagnostic *d = hamle_replay_finding(rp, i);
		if (d->severity != HAMLE_SEVERITY_ERROR)
			continue;
		if (d->token == stop)
			return d;
		if (!any)
			any = d;
	}
	return any;
}

/* ---- PGN export ---- */

static int width_ok(const hamle_writer *w, size_t c)
{
	return w->col + 1 + c < w->opts.line_width;
}

/* One unbreakable word: prefix + s[0..n) + suffix, after a space or at the start of a new line.
 * A word starting with '%' never starts a line (it would read as an escape line). */
static void word3(hamle_writer *w, const char *prefix, const char *s, size_t n, const char *suffix)
{
	/* This runs once per move and move number: one reservation, the word copied after a slot
	 * for the separator while its characters are counted, then the separator decided. */
	size_t pl = 0, sl = 0;
	while (prefix[pl])
		pl++;
	while (suffix[sl])
		sl++;
	if (!wr_reserve(w, 1 + pl + n + sl))
		return;
	char *start = w->buf + w->len, *d = start + 1;
	size_t c = 0;
	for (size_t i = 0; i < pl; i++) {
		c += ((unsigned char)prefix[i] & 0xC0) != 0x80;
		*d++ = prefix[i];
	}
	for (size_t i = 0; i < n; i++) {
		c += ((unsigned char)s[i] & 0xC0) != 0x80;
		*d++ = s[i];
	}
	for (size_t i = 0; i < sl; i++) {
		c += ((unsigned char)suffix[i] & 0xC0) != 0x80;
		*d++ = suffix[i];
	}
	*d = '\0';
	char first = pl ? prefix[0] : n ? s[0] : sl ? suffix[0] : ' ';
	if (w->col > 0) {
		if (width_ok(w, c) || first == '%') {
			*start = ' ';
			w->col++;
		} else {
			*start = '\n';
			w->col = 0;
		}
	} else {
		/* at the start of a line: no separator */
		memmove(start, start + 1, (size_t)(d - start));
		d--;
	}
	w->len = (size_t)(d - w->buf);
	w->col += c;
}

/* A number in decimal as one word: "12." "12..." "$14". */
static void word_number(hamle_writer *w, const char *prefix, unsigned v, const char *suffix)
{
	char num[24];
	char *d = decimal(num + sizeof(num), v);
	word3(w, prefix, d, (size_t)(num + sizeof(num) - d), suffix);
}

static void word(hamle_writer *w, const char *s)
{
	word3(w, "", s, strlen(s), "");
}

static void end_line(hamle_writer *w)
{
	if (w->col > 0) {
		wr_putc(w, '\n');
		w->col = 0;
	}
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* A {} comment, whitespace collapsed, wrapped at word boundaries; '}' in text becomes ')'. */
static void brace_comment(hamle_writer *w, const char *s, size_t n)
{
	size_t i = 0, nwords = 0;
	char tmp[256];
	while (i < n) {
		while (i < n && is_space(s[i]))
			i++;
		if (i == n)
			break;
		size_t e = i;
		while (e < n && !is_space(s[e]))
			e++;
		size_t k = e;
		while (k < n && is_space(s[k]))
			k++;
		int last = k == n;
		const char *wd = s + i;
		size_t wl = e - i;
		if (memchr(wd, '}', wl)) { /* cannot occur in a read {} comment; error texts only */
			wl = wl < sizeof(tmp) ? wl : sizeof(tmp);
			memcpy(tmp, wd, wl);
			for (size_t j = 0; j < wl; j++)
				if (tmp[j] == '}')
					tmp[j] = ')';
			wd = tmp;
		}
		word3(w, nwords == 0 ? "{" : "", wd, wl, last ? "}" : "");
		nwords++;
		i = e;
	}
	if (nwords == 0)
		word(w, "{}");
}

static void line_comment(hamle_writer *w, const char *s, size_t n)
{
	while (n > 0 && is_space(s[n - 1]))
		n--;
	word3(w, ";", s, n, "");
	end_line(w);
}

static void escape_line(hamle_writer *w, const char *s, size_t n)
{
	while (n > 0 && is_space(s[n - 1]))
		n--;
	end_line(w);
	wr_putc(w, '%');
	wr_put(w, s, n);
	wr_putc(w, '\n');
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

/* The termination marker the game ends with: its own, else its Result tag, else "*". */
static hamle_result game_result(const hamle_game *g)
{
	hamle_result r = hamle_game_result(g);
	if (r != HAMLE_RESULT_NONE)
		return r;
	const char *tag = hamle_game_tag(g, "Result");
	r = tag ? hamle_result_parse(tag, strlen(tag)) : HAMLE_RESULT_NONE;
	return r == HAMLE_RESULT_NONE ? HAMLE_RESULT_UNKNOWN : r;
}

static const char *result_text(const hamle_writer *w, hamle_result r)
{
	if (w->opts.format == HAMLE_WRITE_FIDE && w->opts.locale) {
		const char *s = w->opts.locale->style[HAMLE_LOCALE_STYLE_FIDE].result[result_index(r)];
		if (s && *s)
			return s;
	}
	return hamle_result_string(r);
}

static void tag_line(hamle_writer *w, const char *name, const char *value, size_t len)
{
	wr_putc(w, '[');
	wr_puts(w, name);
	wr_puts(w, " \"");
	size_t s = 0;
	for (size_t i = 0; i < len; i++) {
		if (value[i] == '"' || value[i] == '\\') {
			wr_put(w, value + s, i - s);
			wr_putc(w, '\\');
			s = i;
		}
	}
	wr_put(w, value + s, len - s);
	wr_puts(w, "\"]\n");
}

static const char *const roster[7] = { "Event", "Site", "Date", "Round", "White", "Black", "Result" };

static int roster_index(const char *name)
{
	for (int i = 0; i < 7; i++)
		if (name[0] == roster[i][0] && strcmp(name, roster[i]) == 0)
			return i;
	return -1;
}

/* 1 when tag i is the first occurrence of a roster tag. */
static int is_first_roster(const hamle_game *g, const size_t first[7], size_t i)
{
	int k = roster_index(hamle_game_tag_at(g, i)->name);
	return k >= 0 && first[k] == i;
}

/* Seven Tag Roster in order (first occurrence of each; missing ones as unknown), then every other
 * tag in ASCII order of its name (input order among equal names). */
static void write_tags(hamle_writer *w, const hamle_game *g)
{
	size_t n = hamle_game_tag_count(g);
	size_t first[7];
	for (int k = 0; k < 7; k++)
		first[k] = (size_t)-1;
	/* which tags are the roster's own (kept for the selection below; tags are few) */
	unsigned char own[64] = {0};
	for (size_t i = 0; i < n; i++) {
		int k = roster_index(hamle_game_tag_at(g, i)->name);
		if (k >= 0 && first[k] == (size_t)-1) {
			first[k] = i;
			if (i < sizeof(own))
				own[i] = 1;
		}
	}
	for (int k = 0; k < 7; k++) {
		if (first[k] != (size_t)-1) {
			const hamle_tag *t = hamle_game_tag_at(g, first[k]);
			tag_line(w, t->name, t->value, t->value_len);
		} else {
			const char *v = k == 2 ? "????.??.??" : k == 6 ? hamle_result_string(game_result(g)) : "?";
			tag_line(w, roster[k], v, strlen(v));
		}
	}
	/* the others: selection by repeated minimum (tags are few; no allocation) */
	const char *prev_name = NULL;
	size_t prev_i = 0;
	for (;;) {
		size_t best = (size_t)-1;
		for (size_t i = 0; i < n; i++) {
			const hamle_tag *t = hamle_game_tag_at(g, i);
			if (i < sizeof(own) ? own[i] : is_first_roster(g, first, i))
				continue;
			if (prev_name) { /* strictly after (prev_name, prev_i) */
				int c = strcmp(t->name, prev_name);
				if (c < 0 || (c == 0 && i <= prev_i))
					continue;
			}
			if (best == (size_t)-1) {
				best = i;
				continue;
			}
			int c = strcmp(t->name, hamle_game_tag_at(g, best)->name);
			if (c < 0)
				best = i;
		}
		if (best == (size_t)-1)
			break;
		const hamle_tag *t = hamle_game_tag_at(g, best);
		tag_line(w, t->name, t->value, t->value_len);
		prev_name = t->name;
		prev_i = best;
	}
	wr_putc(w, '\n');
}

static const char *draw_offer_text(const hamle_writer *w)
{
	const char *s = w->opts.locale->style[HAMLE_LOCALE_STYLE_FIDE].draw_offer;
	while (s && *s == ' ')
		s++;
	return s && *s ? s : "(=)";
}

static int is_draw_comment(const hamle_token *t)
{
	const char *s = t->text;
	size_t n = t->len;
	while (n && is_space(*s))
		s++, n--;
	while (n && is_space(s[n - 1]))
		n--;
	return !(t->flags & HAMLE_TOKEN_LINE_COMMENT) && n == 3 && memcmp(s, "(=)", 3) == 0;
}

/* The rest of the original movetext, from text[start..end), as ';' lines. */
static void rest_lines(hamle_writer *w, const char *text, size_t start, size_t end)
{
	end_line(w);
	size_t i = start;
	while (i < end) {
		size_t e = i;
		while (e < end && text[e] != '\n' && text[e] != '\r')
			e++;
		size_t n = e - i;
		while (n > 0 && is_space(text[i + n - 1]))
			n--;
		size_t next = e;
		if (next < end && text[next] == '\r')
			next++;
		if (next < end && text[next] == '\n' && (next == e || text[e] == '\r'))
			next++;
		if (n > 0 || next < end) {
			wr_putc(w, ';');
			wr_put(w, text + i, n);
			wr_putc(w, '\n');
		}
		i = next;
	}
}

static void error_comment(hamle_writer *w, const hamle_game *g, const hamle_replay *rp, size_t stop)
{
	const hamle_diagnostic *d = w->stop_own ? NULL : wr_stop_finding(rp, stop);
	char msg[HAMLE_ERROR_MESSAGE_MAX + HAMLE_ERROR_TOKEN_MAX + 2 * HAMLE_SAN_TEXT_MAX + 64];
	size_t n = 0;
	const hamle_error *e = d ? &d->error : w->stop_own ? &w->stop_err : NULL;
	const char *id = d ? d->id : e ? hamle_status_id(e->code) : "error";
	(void)g;
	(void)stop;
	n += (size_t)snprintf(msg + n, sizeof(msg) - n, "error: %s", id);
	if (e && e->token[0] && n < sizeof(msg))
		n += (size_t)snprintf(msg + n, sizeof(msg) - n, " '%s'", e->token);
	if (e && e->message[0] && n < sizeof(msg))
		n += (size_t)snprintf(msg + n, sizeof(msg) - n, ": %s", e->message);
	if (d && d->n_suggestions && n < sizeof(msg)) {
		/* in the output language, as the message is (the replay's messages locale) */
		char dym[2 * HAMLE_SAN_TEXT_MAX + 64];
		const char *args[1] = {d->suggestion[0].san};
		if (hamle_locale_format(dym, sizeof(dym), w->opts.locale, "did_you_mean", 1, args) < 0)
			snprintf(dym, sizeof(dym), "did you mean %s?", d->suggestion[0].san);
		n += (size_t)snprintf(msg + n, sizeof(msg) - n, "; %s", dym);
	}
	if (n >= sizeof(msg))
		n = sizeof(msg) - 1;
	brace_comment(w, msg, n);
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

static int write_pgn(hamle_writer *w, const hamle_game *g, const hamle_replay *rp)
{
	const hamle_token *t = hamle_game_tokens(g);
	size_t n = hamle_game_token_count(g);
	const hamle_locale *loc = w->opts.locale;
	int fide = w->opts.format == HAMLE_WRITE_FIDE;
	size_t stop = wr_stop_token(g, rp);
	w->stop_own = 0;
	size_t term = (size_t)-1; /* the termination marker: last RESULT token at depth 0 */
	for (size_t i = n; i-- > 0;)
		if (t[i].kind == HAMLE_TOKEN_RESULT && t[i].depth == 0) {
			term = i;
			break;
		}
	write_tags(w, g);
	w->col = 0;
	size_t depth = 0;
	wr_frame *f = wr_frame_at(w, 0);
	if (!f)
		return HAMLE_ENOMEM;
	f->cur = *hamle_replay_start(rp);
	f->last = f->cur;
	f->moved = 0;
	int need_black = 1;
	char buf[256];
	for (size_t i = 0; i < stop && !w->oom; i++) {
		const hamle_token *k = &t[i];
		switch (k->kind) {
		case HAMLE_TOKEN_MOVE: {
			f = &w->stack[depth];
			const struct hamle_position *pos = &f->cur;
			hamle_move m;
			if (wr_move(w, g, rp, i, pos, &m) < 0) {
				stop = i;
				break;
			}
			if (pos->side == HAMLE_WHITE || need_black) {
				word_number(w, "", pos->fullmove, pos->side == HAMLE_WHITE ? "." : "...");
			}
			int len = san_format_legal(buf, sizeof(buf), pos, loc, m, w->form);
			if (fide && len > 0 && (size_t)len < sizeof(buf))
				len = (int)ep_mark_order(buf, (size_t)len, loc);
			if (len < 0 || (size_t)len >= sizeof(buf))
				word3(w, "", k->text, k->len, "");
			else
				word3(w, "", buf, (size_t)len, "");
			f->last = f->cur;
			hamle_position_play(&f->cur, m);
			f->moved = 1;
			need_black = 0;
			break;
		}
		case HAMLE_TOKEN_COMMENT:
			if (fide && is_draw_comment(k))
				word(w, draw_offer_text(w));
			else if (k->flags & HAMLE_TOKEN_LINE_COMMENT)
				line_comment(w, k->text, k->len);
			else
				brace_comment(w, k->text, k->len);
			need_black = 1;
			break;
		case HAMLE_TOKEN_NAG:
			if (k->flags & HAMLE_TOKEN_OUT_OF_RANGE)
				word3(w, "", k->text, k->len, ""); /* "$256" as written: reads back the same */
			else
				word_number(w, "$", k->value, "");
			break;
		case HAMLE_TOKEN_VAR_START: {
			word(w, "(");
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
				word(w, ")");
				depth--;
			}
			need_black = 1;
			break;
		case HAMLE_TOKEN_DRAW_OFFER:
			if (fide)
				word(w, draw_offer_text(w));
			else
				word(w, "{(=)}");
			need_black = 1;
			break;
		case HAMLE_TOKEN_ESCAPE:
			escape_line(w, k->text, k->len);
			need_black = 1;
			break;
		case HAMLE_TOKEN_RESULT:
			/* a marker in the mainline before its end (from a broken tag line: [Black "K "1-0"])
			 * would end the game when read back: kept as a comment */
			if (i != term && depth > 0)
				word(w, result_text(w, (hamle_result)k->value));
			else if (i != term)
				brace_comment(w, result_text(w, (hamle_result)k->value),
					strlen(result_text(w, (hamle_result)k->value)));
			break;
		default: /* MOVE_NUMBER: numbers are written from the positions */
			break;
		}
	}
	if (stop < n) {
		while (depth > 0) {
			word(w, ")");
			depth--;
		}
		error_comment(w, g, rp, stop);
		size_t from = stop;
		if (from > 0 && t[from - 1].kind == HAMLE_TOKEN_MOVE_NUMBER)
			from--;
		const char *text = hamle_game_text(g, NULL);
		size_t start = (size_t)(t[from].text - text);
		size_t end = term != (size_t)-1 && term >= from ? (size_t)(t[term].text - text) : strlen(text);
		if (term == (size_t)-1) {
			/* no marker: the rest runs to the end of the game's text */
			size_t tl;
			hamle_game_text(g, &tl);
			end = tl;
		}
		rest_lines(w, text, start, end);
		if (term != (size_t)-1 && term >= from)
			word3(w, "", t[term].text, t[term].len, "");
		else
			word(w, result_text(w, game_result(g)));
	} else {
		word(w, result_text(w, game_result(g)));
	}
	end_line(w);
	wr_putc(w, '\n');
	return w->oom ? HAMLE_ENOMEM : 0;
}

int hamle_writer_game(hamle_writer *w, const hamle_game *g, const hamle_replay *rp)
{
	if (!w || !g || !rp)
		return HAMLE_EUSAGE;
	switch (w->opts.format) {
	case HAMLE_WRITE_PGN:
	case HAMLE_WRITE_FIDE:
		return write_pgn(w, g, rp);
	case HAMLE_WRITE_JSON:
		return wr_json_game(w, g, rp, 0);
	default:
		return wr_line_game(w, g, rp, 0);
	}
}

int hamle_writer_passthrough(hamle_writer *w, const hamle_game *g, const hamle_replay *rp)
{
	if (!w || !g)
		return HAMLE_EUSAGE;
	switch (w->opts.format) {
	case HAMLE_WRITE_PGN:
	case HAMLE_WRITE_FIDE: {
		size_t n;
		const char *text = hamle_game_text(g, &n);
		while (n > 0 && is_space(text[n - 1]))
			n--;
		wr_put(w, text, n);
		wr_puts(w, "\n\n");
		return w->oom ? HAMLE_ENOMEM : 0;
	}
	case HAMLE_WRITE_JSON:
		return wr_json_game(w, g, rp, 1);
	default:
		return wr_line_game(w, g, rp, 1);
	}
}
