/* lexer_tags.c: the lexer's tag pairs (names, quoted values unescaped into g->strs) and comments
 * ({ }, ; and % lines). */
#include <stdint.h>
#include <string.h>

#include "pgn/game_internal.h"
#include "pgn/lexer_internal.h"

/* Bytes that stop a run of plain characters in a quoted tag value: " \ LF CR. */
static const unsigned char value_stop[256] = {
	['"'] = 1, ['\\'] = 1, ['\n'] = 1, ['\r'] = 1,
};

/* Makes room for n more bytes in g->strs. */
static int strs_room(pgn_lexer *L, size_t n)
{
	hamle_game *g = L->g;
	if (g->strs_len + n > g->strs_cap && pgn_grow((void **)&g->strs, &g->strs_cap, g->strs_len + n, 1) < 0) {
		L->err = HAMLE_ENOMEM;
		L->stop = 1;
		return -1;
	}
	return 0;
}

static inline int strs_put(pgn_lexer *L, const char *p, size_t n)
{
	hamle_game *g = L->g;
	if (n == 0)
		return 0;
	if (UNLIKELY(g->strs_len + n > g->strs_cap) && strs_room(L, n) < 0)
		return -1;
	char *d = g->strs + g->strs_len;
	if (n <= 32) { /* tag names and most values: no call */
		for (size_t k = 0; k < n; k++)
			d[k] = p[k];
	} else {
		memcpy(d, p, n);
	}
	g->strs_len += n;
	return 0;
}

static int strs_push(pgn_lexer *L, char c)
{
	return strs_put(L, &c, 1);
}

static void skip_ws(pgn_lexer *L)
{
	while (L->i < L->len && is_ws(L->s[L->i])) {
		if (is_eol(L->s[L->i]))
			eol(L, L->i);
		L->i++;
	}
}

/* The value of a quoted tag, after its '"': unescaped into g->strs up to the closing '"' (sets
 * *closed) or the end of the line. Returns -1 when lexing stops (limit, memory). */
static int lex_tag_string(pgn_lexer *L, size_t value_off, size_t tline, size_t tcol, size_t tpos, int *closed)
{
	hamle_game *g = L->g;
	const char *s = L->s;
	size_t max = L->lim->max_tag_bytes;
	for (;;) {
		size_t i = L->i;
		if (i >= L->len || is_eol(s[i]))
			return 0;
		if (g->strs_len - value_off >= max) {
			pgn_lex_limit(L, tline, tcol, tpos, "limit_tag_value",
				"tag value length exceeds the limit of %s; rest of the game not read", max);
			return -1;
		}
		char c = s[i];
		if (c == '"') {
			L->i = i + 1;
			*closed = 1;
			return 0;
		}
		if (c == '\\') {
			if (i + 1 < L->len && (s[i + 1] == '"' || s[i + 1] == '\\')) {
				i++;
				c = s[i];
			} else {
				FINDING_T(L, HAMLE_SEVERITY_WARNING, HAMLE_ESYNTAX, "bad-escape", L->line, col(L, i), i,
					s + i, i + 1 < L->len ? 2 : 1, "bad_escape",
					"backslash not followed by '\"' or '\\' in a tag value: kept literally", 0, NULL);
			}
			if (strs_push(L, c) < 0)
				return -1;
			L->i = i + 1;
			continue;
		}
		/* a run of plain characters, cut where the value reaches its limit */
		size_t e = i + 1;
		while (e < L->len && !value_stop[(unsigned char)s[e]])
			e++;
		size_t room = max - (g->strs_len - value_off);
		if (e - i > room)
			e = i + room;
		if (strs_put(L, s + i, e - i) < 0)
			return -1;
		L->i = e;
	}
}

/* Records tag pair g->ntags at '[' tpos (name and value at their offsets in g->strs). */
static void put_tag(pgn_lexer *L, size_t name_off, size_t value_off, size_t value_len, size_t tline,
	size_t tcol, size_t tpos)
{
	hamle_game *g = L->g;
	if (g->ntags == g->tags_cap && pgn_grow((void **)&g->tags, &g->tags_cap, g->ntags + 1, sizeof(*g->tags)) < 0) {
		L->err = HAMLE_ENOMEM;
		L->stop = 1;
		return;
	}
	hamle_tag *t = &g->tags[g->ntags++];
	/* offsets into g->strs until pgn_lex fixes the pointers (strs may move while growing) */
	t->name = (const char *)(uintptr_t)name_off;
	t->value = (const char *)(uintptr_t)value_off;
	t->value_len = value_len;
	t->line = tline;
	t->column = tcol;
	t->offset = abs_offset(L, tpos);
}

static inline int name_byte(char c) { return !is_ws(c) && c != '"' && c != ']' && c != '['; }

/* The common tag pair at once: '[', a name, one space, '"', a value without a backslash within
 * the limits, '"', ']'. The pair is the general path's (below). Returns 0 when it is not such a
 * pair (nothing done). */
static int lex_tag_plain(pgn_lexer *L)
{
	hamle_game *g = L->g;
	const char *s = L->s;
	/* what ends a name here (a blank, '"', ']', '[', NUL) and a value (also NUL): a NUL, in the
	 * text or its end, leaves the pair to the general path */
	static const unsigned char name_stop[256] = {
		[0] = 1, [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['\v'] = 1, ['\f'] = 1,
		['"'] = 1, [']'] = 1, ['['] = 1,
	};
	static const unsigned char vstop[256] = {[0] = 1, ['"'] = 1, ['\\'] = 1, ['\n'] = 1, ['\r'] = 1};
	const unsigned char *u = (const unsigned char *)s;
	size_t tpos = L->i, ns = tpos + 1, ne = ns, max = L->lim->max_tag_bytes;
	while (!name_stop[u[ne]])
		ne++;
	if (ne == ns || ne - ns > max || s[ne] != ' ' || s[ne + 1] != '"')
		return 0;
	size_t vs = ne + 2, ve = vs;
	while (!vstop[u[ve]])
		ve++;
	if (s[ve] != '"' || ve - vs >= max || s[ve + 1] != ']' || ve + 1 >= L->len)
		return 0;
	size_t name_off = g->strs_len, value_off = name_off + (ne - ns) + 1;
	if (g->strs_len + (ve - ns) + 2 > g->strs_cap && strs_room(L, (ve - ns) + 2) < 0)
		return 1;
	char *d = g->strs + name_off;
	memcpy(d, s + ns, ne - ns);
	d[ne - ns] = '\0';
	memcpy(d + (ne - ns) + 1, s + vs, ve - vs);
	d[(ne - ns) + 1 + (ve - vs)] = '\0';
	g->strs_len = value_off + (ve - vs) + 1;
	put_tag(L, name_off, value_off, ve - vs, L->line, col(L, tpos), tpos);
	L->i = ve + 2;
	return 1;
}

/* '[' name "value" ']' ; values unescaped into g->strs (offsets fixed up after lexing). */
void pgn_lex_tag(pgn_lexer *L, int in_movetext)
{
	if (!in_movetext && !(L->lim->flags & PGN_READ_NO_INLINE_LEX) && lex_tag_plain(L))
		return;
	hamle_game *g = L->g;
	const char *s = L->s;
	size_t tline = L->line, tcol = col(L, L->i), tpos = L->i;
	if (in_movetext)
		SYNTAX(L, tline, tcol, tpos, "[", 1, "tag_in_movetext", "tag pair inside movetext");
	L->i++;
	skip_ws(L);
	size_t name_off = g->strs_len, ns = L->i, ne = ns;
	while (ne < L->len && name_byte(s[ne]))
		ne++;
	if (ne - ns > L->lim->max_tag_bytes) {
		if (strs_put(L, s + ns, L->lim->max_tag_bytes) < 0)
			return;
		L->i = ns + L->lim->max_tag_bytes;
		pgn_lex_limit(L, tline, tcol, tpos, "limit_tag_name",
			"tag name length exceeds the limit of %s; rest of the game not read", L->lim->max_tag_bytes);
		return;
	}
	if (strs_put(L, s + ns, ne - ns) < 0)
		return;
	L->i = ne;
	if (ne == ns)
		SYNTAX(L, tline, tcol, tpos, "[", 1, "tag_without_name", "tag pair without a name");
	if (strs_push(L, '\0') < 0)
		return;
	skip_ws(L);
	size_t value_off = g->strs_len;
	int closed = 0;
	if (L->i < L->len && s[L->i] == '"') {
		L->i++;
		if (lex_tag_string(L, value_off, tline, tcol, tpos, &closed) < 0)
			return;
		if (!closed) {
			SYNTAX(L, tline, tcol, tpos, s + tpos, L->i - tpos, "tag_value_unclosed",
				"tag value without its closing '\"'");
			/* `[Name "value]` at the end of a line: the ']' closes the tag */
			if (g->strs_len > value_off && g->strs[g->strs_len - 1] == ']') {
				g->strs_len--;
				closed = 2;
			}
		}
	} else {
		size_t e = L->i;
		while (e < L->len && s[e] != ']' && !is_eol(s[e]))
			e++;
		size_t max = L->lim->max_tag_bytes;
		if (e - L->i > max) {
			/* the limit strikes before the character after the first max ones */
			if (strs_put(L, s + L->i, max) < 0)
				return;
			L->i += max;
			pgn_lex_limit(L, tline, tcol, tpos, "limit_tag_value",
				"tag value length exceeds the limit of %s; rest of the game not read", max);
			return;
		}
		if (strs_put(L, s + L->i, e - L->i) < 0)
			return;
		L->i = e;
		while (g->strs_len > value_off && is_ws(g->strs[g->strs_len - 1]))
			g->strs_len--;
		SYNTAX(L, tline, tcol, tpos, s + tpos, L->i - tpos, "tag_value_unquoted", "tag value without quotes");
	}
	size_t value_len = g->strs_len - value_off;
	if (strs_push(L, '\0') < 0)
		return;
	if (closed != 2) {
		size_t save_i = L->i, save_line = L->line, save_ls = L->ls, save_lcol = L->lcol;
		skip_ws(L);
		if (L->i < L->len && s[L->i] == ']') {
			L->i++;
		} else {
			L->i = save_i;
			L->line = save_line;
			L->ls = save_ls;
			L->lcol = save_lcol;
			SYNTAX(L, tline, tcol, tpos, s + tpos, L->i - tpos, "tag_unclosed",
				"tag pair without its closing ']'");
		}
	}
	put_tag(L, name_off, value_off, value_len, tline, tcol, tpos);
}

/* Whether a {} comment's text s[0..n) is the note hamle writes where a game failed: "hamle:",
 * blanks (the writer may wrap the line there), "error", with blanks allowed before. */
int pgn_lex_is_error_note(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && is_ws(s[i]))
		i++;
	if (n - i < 6 || memcmp(s + i, "hamle:", 6) != 0)
		return 0;
	i += 6;
	while (i < n && is_ws(s[i]))
		i++;
	return n - i >= 5 && memcmp(s + i, "error", 5) == 0;
}

/* { comment } or ; comment or % escape line */
void pgn_lex_comment(pgn_lexer *L)
{
	size_t line = L->line, column = col(L, L->i), pos = L->i;
	char c = L->s[pos];
	size_t cs = pos + 1, ce;
	unsigned int flags = 0, kind = HAMLE_TOKEN_COMMENT;
	size_t lines = 0, ls = 0;
	L->g->comment_pct = 1; /* not looked at here: the comment may hold a '%' */
	if (c == '{') {
		/* the close and the line ends before it in one pass (a memchr read the comment twice) */
		ce = pgn_lex_scan_lines(L, cs, L->len, '}', &lines, &ls);
		if (ce == L->len)
			flags |= HAMLE_TOKEN_UNTERMINATED;
	} else {
		ce = cs;
		while (ce < L->len && !is_eol(L->s[ce]))
			ce++;
		if (c == ';')
			flags |= HAMLE_TOKEN_LINE_COMMENT;
		else
			kind = HAMLE_TOKEN_ESCAPE;
	}
	if (ce - cs > L->lim->max_comment_bytes) {
		pgn_lex_limit(L, line, column, pos, "limit_comment",
			"comment length exceeds the limit of %s; rest of the game not read", L->lim->max_comment_bytes);
		return;
	}
	if (flags & HAMLE_TOKEN_UNTERMINATED)
		SYNTAX(L, line, column, pos, "{", 1, "comment_unterminated",
			"unterminated comment: '{' without '}' before the end of the game");
	if (c == '{' && pgn_lex_is_error_note(L->s + cs, ce - cs))
		flags |= HAMLE_TOKEN_ERROR_NOTE;
	hamle_token *t = emit(L, kind, cs, ce, line, column, flags, 0);
	if (!t)
		return;
	if ((flags & HAMLE_TOKEN_ERROR_NOTE) && L->g->first_note == (size_t)-1)
		L->g->first_note = L->g->ntokens - 1;
	t->offset = abs_offset(L, pos); /* the position of '{', ';' or '%' */
	if (c == '{') { /* past the '}', its line ends counted */
		pgn_lex_add_lines(L, lines, ls);
		L->i = ce < L->len ? ce + 1 : ce;
	} else {
		L->i = ce; /* no line end inside */
	}
}
