/* lexer.c: tokenizer for one game (tags, movetext tokens with line/column/offset). Knows nothing of
 * chess rules: a move is a maximal run of non-delimiter characters. This file holds the driver and
 * the movetext tokens; tag pairs and comments are in lexer_tags.c, the inline path for plain
 * movetext in lexer_plain.c. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pgn/lexer_internal.h"
#include "pgn/scan.h"

static const struct { const char *text; unsigned char len, nag; } glyphs[] = {
	{ "!", 1, 1 }, { "?", 1, 2 }, { "!!", 2, 3 }, { "??", 2, 4 }, { "!?", 2, 5 }, { "?!", 2, 6 },
	{ "\xE2\x96\xA1", 3, 7 } /* □ */, { "=", 1, 10 }, { "\xE2\x88\x9E", 3, 13 } /* ∞ */,
	{ "+/=", 3, 14 }, { "\xE2\xA9\xB2", 3, 14 } /* ⩲ */, { "=/+", 3, 15 }, { "\xE2\xA9\xB1", 3, 15 } /* ⩱ */,
	{ "+/-", 3, 16 }, { "\xC2\xB1", 2, 16 } /* ± */, { "-/+", 3, 17 }, { "\xE2\x88\x93", 3, 17 } /* ∓ */,
	{ "+-", 2, 18 }, { "-+", 2, 19 },
};

static inline int glyph_start(unsigned char c)
{
	return c == '!' || c == '?' || c == '=' || c == '+' || c == '-' || c == 0xE2 || c == 0xC2;
}

unsigned int pgn_glyph_nag(const char *text, size_t len)
{
	if (len == 0 || len > 3 || !glyph_start((unsigned char)text[0]))
		return 0; /* quick reject */
	for (size_t k = 0; k < sizeof(glyphs) / sizeof(glyphs[0]); k++)
		if (glyphs[k].len == len && memcmp(glyphs[k].text, text, len) == 0)
			return glyphs[k].nag;
	return 0;
}

size_t pgn_lex_scan_lines(const pgn_lexer *L, size_t k, size_t end, int stop, size_t *lines, size_t *ls)
{
	const char *s = L->s;
	*lines = 0;
#ifdef PGN_SCAN_SSE2
	/* a comment's bytes, mostly without a line end (TCEC's are hundreds of bytes): 16 at a time */
	const __m128i nl = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r'), sv = _mm_set1_epi8((char)stop);
	for (; k + 16 <= end; k += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + k));
		unsigned c = stop < 0 ? 0 : (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, sv));
		unsigned e = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, nl), _mm_cmpeq_epi8(v, cr)));
		if (c)
			e &= (c & -c) - 1; /* the line ends before the stop byte */
		for (; UNLIKELY(e); e &= e - 1) {
			size_t at = k + pgn_ctz(e);
			if (eol_counts(L, at)) {
				++*lines;
				*ls = at + 1;
			}
		}
		if (c)
			return k + pgn_ctz(c);
	}
#endif
	for (; k < end && (stop < 0 || (unsigned char)s[k] != (unsigned)stop); k++)
		if (UNLIKELY(s[k] == '\n' || s[k] == '\r') && eol_counts(L, k)) {
			++*lines;
			*ls = k + 1;
		}
	return k;
}

void pgn_lex_adv_to(pgn_lexer *L, size_t end)
{
	size_t lines, ls = 0;
	pgn_lex_scan_lines(L, L->i, end, -1, &lines, &ls);
	pgn_lex_add_lines(L, lines, ls);
	L->i = end;
}

void pgn_lex_limit(pgn_lexer *L, size_t line, size_t column, size_t pos, const char *key, const char *english,
	size_t max)
{
	char n[24];
	snprintf(n, sizeof(n), "%zu", max);
	const char *args[1] = {n};
	FINDING_T(L, HAMLE_SEVERITY_ERROR, HAMLE_ELIMIT, "limit", line, column, pos, L->s + pos,
		L->len - pos < 16 ? L->len - pos : 16, key, english, 1, args);
	L->stop = 1;
	L->limit_at = pos;
}

static int blanks_only(const char *a, const char *b)
{
	for (; a < b; a++)
		if (!is_ws(*a))
			return 0;
	return 1;
}

/* Leading dots ("...", "…") from p; returns the position after them and adds their count. */
static inline size_t skip_dots(const char *s, size_t p, size_t end, size_t *dots)
{
	while (p < end) {
		if (s[p] == '.') {
			p++;
			(*dots)++;
		} else if (UNLIKELY((unsigned char)s[p] == 0xE2) && end - p >= 3 && memcmp(s + p, "\xE2\x80\xA6", 3) == 0) {
			p += 3;
			*dots += 3;
		} else {
			break;
		}
	}
	return p;
}

enum { MARK_SIGN = 1, MARK_EP = 2 };

/* A word of a move's marks alone: "e.p." (MARK_EP) or a check or mate sign "+", "#", "++"
 * (MARK_SIGN). Writers put them a space after the move, and 80-column writers wrap them onto the
 * next line; no such word is a move in any locale (the SAN reader then reads them under the
 * game's locale, as if glued). Returns 0 for any other word. */
static int mark_word(const char *w, size_t n)
{
	if (n == 4 && memcmp(w, "e.p.", 4) == 0)
		return MARK_EP;
	if ((n == 1 && (w[0] == '+' || w[0] == '#')) || (n == 2 && w[0] == '+' && w[1] == '+'))
		return MARK_SIGN;
	return 0;
}

/* A lone "=" at p. In a typed scoresheet (a game without tag pairs, or one whose header lines were
 * rewritten into tags: HAMLE_CHUNK_SCORESHEET) right after a move, it is the draw offer older
 * Turkish editions of the FIDE Laws write beside the move. Anywhere else it is the glyph of NAG
 * $10 (drawish position), as PGN readers take it, with a warning that it may be a draw offer. */
static void lex_equals(pgn_lexer *L, size_t p, size_t line, const hamle_token *prev)
{
	const hamle_game *g = L->g;
	size_t c = col(L, p);
	int sheet = g->ntags == 0 || (g->chunk_flags & HAMLE_CHUNK_SCORESHEET);
	if (sheet && prev && (prev->kind == HAMLE_TOKEN_MOVE ||
		    (prev->kind == HAMLE_TOKEN_NAG && (prev->flags & HAMLE_TOKEN_GLUED)))) {
		emit(L, HAMLE_TOKEN_DRAW_OFFER, p, p + 1, line, c, 0, 0);
		return;
	}
	FINDING_T(L, HAMLE_SEVERITY_WARNING, HAMLE_ESYNTAX, "syntax", line, c, p, "=", 1, "equals_glyph",
		"'=' read as the NAG $10 (drawish position), as in PGN; a draw offer is written (=)", 0, NULL);
	emit(L, HAMLE_TOKEN_NAG, p, p + 1, line, c, 0, 10);
}

/* digits, dots, glyphs, e.p. and moves inside one maximal run [start, end) */
static void lex_word(pgn_lexer *L, size_t start, size_t end)
{
	hamle_game *g = L->g;
	size_t line = L->line;
	const char *s = L->s;
	unsigned char c0 = (unsigned char)s[start];
	unsigned char last = (unsigned char)s[end - 1];
	if (LIKELY(((c0 | 0x20) >= 'a' && (c0 | 0x20) <= 'z') && last != '!' && last != '?' && last != '.')) {
		/* the common case, a move: no number, result, glyph or "e.p." can be inside */
		emit(L, HAMLE_TOKEN_MOVE, start, end, line, col(L, start), 0, (unsigned int)(end - start));
		L->i = end;
		return;
	}
	if (pgn_may_be_result((const unsigned char *)s + start, end - start)) {
		hamle_result res = hamle_result_parse(s + start, end - start);
		if (res != HAMLE_RESULT_NONE) {
			if (emit(L, HAMLE_TOKEN_RESULT, start, end, line, col(L, start), 0, res) && L->depth == 0)
				g->result = res;
			L->i = end;
			return;
		}
	}
	size_t p = start;
	unsigned int mflags = 0;
	while (p < end && s[p] >= '0' && s[p] <= '9')
		p++;
	if (p > start) {
		unsigned long num = 0;
		for (size_t k = start; k < p; k++)
			num = num > 100000000UL ? num : num * 10 + (unsigned long)(s[k] - '0');
		size_t dots = 0;
		size_t q = skip_dots(s, p, end, &dots);
		int number = 0;
		if (p == end && end < L->len && s[end] == ')') {
			end++; /* "12)" */
			q = end;
			number = 1;
		} else if (p == end || dots > 0) {
			number = 1;
		}
		if (number) {
			if (!emit(L, HAMLE_TOKEN_MOVE_NUMBER, start, q, line, col(L, start),
				    dots >= 2 ? HAMLE_TOKEN_BLACK : 0, (unsigned int)num))
				return;
			p = q;
			mflags = HAMLE_TOKEN_GLUED;
			unsigned char cm = (unsigned char)s[p], ce = (unsigned char)s[end - 1];
			if (p < end && (cm | 0x20) >= 'a' && (cm | 0x20) <= 'z' && ce != '!' && ce != '?' && ce != '.') {
				/* "1.e4": the move glued to its number (no dots, glyph or "e.p." inside) */
				emit(L, HAMLE_TOKEN_MOVE, p, end, line, col(L, p), HAMLE_TOKEN_GLUED,
					(unsigned int)(end - p));
				L->i = end;
				return;
			}
		} else {
			p = start; /* "0-0", "1e4"...: a move */
		}
	} else {
		p = start;
	}
	/* leading dots of "...Nf6" or a standalone "..." */
	size_t dots = 0;
	p = skip_dots(s, p, end, &dots);
	if (dots >= 2 && g->ntokens && g->tokens[g->ntokens - 1].kind == HAMLE_TOKEN_MOVE_NUMBER)
		g->tokens[g->ntokens - 1].flags |= HAMLE_TOKEN_BLACK;
	size_t me = end;
	if (p < me) {
		size_t wl = me - p;
		unsigned int nag = pgn_glyph_nag(s + p, wl);
		hamle_token *prev = g->ntokens ? &g->tokens[g->ntokens - 1] : NULL;
		int marks;
		if (nag) {
			if (UNLIKELY(nag == 10 && wl == 1))
				lex_equals(L, p, line, prev);
			else
				emit(L, HAMLE_TOKEN_NAG, p, me, line, col(L, p), 0, nag);
		} else if (prev && prev->kind == HAMLE_TOKEN_MOVE && (marks = mark_word(s + p, wl)) != 0 &&
			   !(marks == MARK_EP && (prev->flags & HAMLE_TOKEN_EP)) && prev->text + prev->len <= s + p &&
			   blanks_only(prev->text + prev->len, s + start)) {
			/* "exd6 e.p.", "Qh5 +", also across a line end: the marks join the move before them
			 * (across blanks only: not over a stray character or a tag pair, which no token holds) */
			prev->len = (size_t)(s + me - prev->text);
			if (marks == MARK_EP)
				prev->flags |= HAMLE_TOKEN_EP;
			else if (!(prev->flags & HAMLE_TOKEN_EP))
				prev->value = (unsigned int)prev->len; /* core_len: all but an e.p. marker */
		} else {
			size_t ge = me; /* suffix glyph "!?" etc. */
			while (ge > p + 1 && me - ge < 2 && (s[ge - 1] == '!' || s[ge - 1] == '?'))
				ge--;
			if (ge == me || !pgn_glyph_nag(s + ge, me - ge))
				ge = me;
			size_t ee = ge;
			unsigned int core = 0;
			if (ee - p > 4 && memcmp(s + ee - 4, "e.p.", 4) == 0) {
				mflags |= HAMLE_TOKEN_EP;
				core = (unsigned int)(ee - 4 - p);
			} else {
				while (ee > p + 1 && s[ee - 1] == '.')
					ee--; /* "Kc8." */
				core = (unsigned int)(ee - p);
			}
			if (emit(L, HAMLE_TOKEN_MOVE, p, ee, line, col(L, p), mflags, core) && ge < me)
				emit(L, HAMLE_TOKEN_NAG, ge, me, line, col(L, ge), HAMLE_TOKEN_GLUED,
					pgn_glyph_nag(s + ge, me - ge));
		}
	}
	L->i = end;
}

static void lex_movetext_char(pgn_lexer *L)
{
	const char *s = L->s;
	size_t i = L->i;
	char c = s[i];
	switch (c) {
	case '{':
	case ';':
		pgn_lex_comment(L);
		return;
	case '(': {
		/* "(=)", the FIDE draw offer, also with blanks inside: "( = )" as the Turkish text of
		 * the Laws writes it (a variation holds a move, never "=" alone) */
		size_t k = i + 1;
		while (k < L->len && is_ws(s[k]))
			k++;
		if (k < L->len && s[k] == '=') {
			size_t e = k + 1;
			while (e < L->len && is_ws(s[e]))
				e++;
			if (e < L->len && s[e] == ')') {
				emit(L, HAMLE_TOKEN_DRAW_OFFER, i, e + 1, L->line, col(L, i), 0, 0);
				pgn_lex_adv_to(L, e + 1);
				return;
			}
		}
		if (L->depth >= L->lim->max_depth) {
			pgn_lex_limit(L, L->line, col(L, i), i, "limit_depth",
				"variation nesting depth exceeds the limit of %s; rest of the game not read",
				L->lim->max_depth);
			return;
		}
		L->depth++;
		L->depth32 = (unsigned int)(L->depth > UINT32_MAX ? UINT32_MAX : L->depth);
		if (emit(L, HAMLE_TOKEN_VAR_START, i, i + 1, L->line, col(L, i), 0, 0))
			L->g->nvars++;
		L->i = i + 1;
		return;
	}
	case ')':
		if (L->depth == 0) {
			SYNTAX(L, L->line, col(L, i), i, ")", 1, "variation_unopened", "')' without a variation to close");
		} else {
			emit(L, HAMLE_TOKEN_VAR_END, i, i + 1, L->line, col(L, i), 0, 0);
			L->depth--;
			L->depth32 = (unsigned int)(L->depth > UINT32_MAX ? UINT32_MAX : L->depth);
		}
		L->i = i + 1;
		return;
	case '$': {
		size_t e = i + 1;
		unsigned long v = 0;
		while (e < L->len && s[e] >= '0' && s[e] <= '9') {
			v = v > 255 ? v : v * 10 + (unsigned long)(s[e] - '0');
			e++;
		}
		if (e == i + 1) {
			SYNTAX(L, L->line, col(L, i), i, "$", 1, "nag_without_number", "'$' without a number");
			L->i = i + 1;
			return;
		}
		unsigned int flags = 0;
		if (v > 255) {
			/* kept as written (the writer writes its text back), never clamped */
			FINDING_T(L, HAMLE_SEVERITY_WARNING, HAMLE_ESYNTAX, "bad-nag", L->line, col(L, i), i, s + i, e - i,
				"nag_out_of_range", "NAG out of range (PGN has $0 to $255): kept as written", 0, NULL);
			flags = HAMLE_TOKEN_OUT_OF_RANGE;
			v = 0;
		}
		emit(L, HAMLE_TOKEN_NAG, i, e, L->line, col(L, i), flags, (unsigned int)v);
		L->i = e;
		return;
	}
	case '}': case ']': case '"': case '<': case '>':
		{
			char ch[2] = {c, '\0'};
			const char *args[1] = {ch};
			FINDING_T(L, HAMLE_SEVERITY_ERROR, HAMLE_ESYNTAX, "syntax", L->line, col(L, i), i, s + i, 1,
				"stray_in_movetext", "stray '%s' in movetext", 1, args);
		}
		L->i = i + 1;
		return;
	default: {
		size_t e = i;
		for (;;) {
			/* the text is padded after its NUL (PGN_TEXT_PAD), so 16 bytes can be read up to it */
			unsigned m;
			while (!(m = pgn_stop_mask16((const unsigned char *)s + e, 1)))
				e += 16;
			e += pgn_ctz(m);
			unsigned char b = (unsigned char)s[e];
			if (UNLIKELY(b == 0)) {
				if (e < L->len) { /* a NUL inside the text */
					e++;
					continue;
				}
				break;
			}
			/* "d8(Q)": one character in parentheses glued to a move belongs to it */
			if (b == '(' && e > i && e + 2 < L->len && s[e + 1] != '=' && !pgn_lex_cls[(unsigned char)s[e + 1]]) {
				size_t k = e + 2;
				while (k < L->len && ((unsigned char)s[k] & 0xC0) == 0x80)
					k++;
				if (k < L->len && s[k] == ')' && k - e <= 5) {
					e = k + 1;
					continue;
				}
			}
			break;
		}
		lex_word(L, i, e);
		return;
	}
	}
}

/* Whether s[0..n) is all ASCII (8 bytes at a time). */
static int all_ascii(const char *s, size_t n)
{
	size_t k = 0;
	for (; k + 8 <= n; k += 8) {
		uint64_t w;
		memcpy(&w, s + k, 8);
		if (w & 0x8080808080808080ULL)
			return 0;
	}
	for (; k < n; k++)
		if ((unsigned char)s[k] & 0x80)
			return 0;
	return 1;
}

/* The game ended with L->depth variations open: an error at the outermost '(' left open (the
 * last one opened from the mainline, as every later mainline '(' was closed again). */
static void unclosed_variation(pgn_lexer *L)
{
	const hamle_game *g = L->g;
	size_t k = g->ntokens;
	while (k-- > 0)
		if (g->tokens[k].kind == HAMLE_TOKEN_VAR_START && g->tokens[k].depth == 1)
			break;
	if (k == (size_t)-1)
		return; /* cannot happen: depth > 0 needs an open '(' */
	const hamle_token *t = &g->tokens[k];
	char n[24];
	snprintf(n, sizeof(n), "%zu", L->depth);
	const char *args[1] = {n};
	int rc = L->depth == 1
		? pgn_game_add_finding_t(L->g, HAMLE_SEVERITY_ERROR, HAMLE_ESYNTAX, "syntax", t->line, t->column,
			t->offset, "(", 1, "variation_unclosed",
			"variation not closed: '(' without ')' before the end of the game", 0, NULL)
		: pgn_game_add_finding_t(L->g, HAMLE_SEVERITY_ERROR, HAMLE_ESYNTAX, "syntax", t->line, t->column,
			t->offset, "(", 1, "variations_unclosed",
			"variation not closed: '(' without ')' before the end of the game (%s variations open there)",
			1, args);
	if (rc < 0)
		L->err = HAMLE_ENOMEM;
}

int pgn_lex(hamle_game *g, const pgn_limits *lim, size_t start_line, size_t start_column, int tags_only)
{
	pgn_lexer L;
	memset(&L, 0, sizeof(L));
	L.g = g;
	L.lim = lim;
	L.s = g->text;
	L.len = g->text_len;
	L.line = start_line;
	L.lcol = L.ccol = start_column;
	L.base = g->offset;
	L.token_room = g->tokens_cap < lim->max_tokens ? g->tokens_cap : lim->max_tokens;
	L.ascii = g->text_ascii >= 0 ? g->text_ascii : all_ascii(g->text, g->text_len);
	L.tags_only = tags_only;
	L.limit_at = (size_t)-1;
	int in_movetext = 0;
	/* the inline path where columns and offsets are sums (off for the tests that compare) */
	int plain = L.ascii && g->map_len == 0 && !(lim->flags & PGN_READ_NO_INLINE_LEX);
	const char *s = L.s;
	size_t span = 0, end = g->nspans ? g->spans[0].start : L.len;
	while (!L.stop) {
		if (UNLIKELY(L.i >= end)) {
			if (L.i >= L.len)
				break;
			/* a scoresheet line: skipped when lexing reached its start, lexed as text when a
			 * token (a comment) covered its start */
			if (L.i == g->spans[span].start)
				pgn_lex_adv_to(&L, g->spans[span++].end);
			while (span < g->nspans && g->spans[span].start < L.i)
				span++;
			end = span < g->nspans ? g->spans[span].start : L.len;
			continue;
		}
		char c = s[L.i];
		if (c == ' ') { /* the most frequent byte */
			L.i++;
			continue;
		}
		if (is_ws(c)) {
			if (is_eol(c))
				eol(&L, L.i);
			L.i++;
			continue;
		}
		if (UNLIKELY(c == '%') && col(&L, L.i) == 1) {
			if (tags_only && in_movetext)
				break;
			pgn_lex_comment(&L);
			continue;
		}
		if (c == '[') {
			pgn_lex_tag(&L, in_movetext);
			continue;
		}
		if (tags_only)
			break;
		if (UNLIKELY(!in_movetext)) {
			in_movetext = 1;
			g->movetext_start = L.i;
		}
		if (plain) {
			size_t k = pgn_lex_plain(&L, L.i, end);
			if (k != L.i) {
				L.i = k;
				continue;
			}
		}
		lex_movetext_char(&L);
	}
	g->movetext_at = L.stop && L.limit_at < L.i ? L.limit_at : L.i;
	if (!in_movetext)
		g->movetext_start = L.i < L.len ? L.i : L.len;
	if (L.depth > 0 && !L.stop)
		unclosed_variation(&L);
	for (size_t k = 0; k < g->ntags; k++) {
		g->tags[k].name = g->strs + (uintptr_t)g->tags[k].name;
		g->tags[k].value = g->strs + (uintptr_t)g->tags[k].value;
	}
	return L.err;
}
