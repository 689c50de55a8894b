/* locale_finish.c: turns the loader's slots into the matching tables of struct hamle_locale
 * (piece byte table, longest-first word lists, styles, messages) and compiles the scoresheet
 * patterns. Every check names the line and column of the value at fault. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/locale_build.h"

static const char *const piece_key[6] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
static const char *const style_key[2] = {"pgn", "fide"};
static const char *const style_field[STYLE_FIELDS] = {"castling_short", "castling_long",
	"promotion", "capture", "check", "mate", "en_passant", "draw_offer", "results.1-0",
	"results.0-1", "results.1/2-1/2", "results.*"};
static const char *const pattern_key[HAMLE_LOC_PATTERNS] = {"move_pair", "move_black", "header",
	"result"};
/* Named groups each pattern must have. */
static const char *const pattern_groups[HAMLE_LOC_PATTERNS][3] = {
	{"num", "white", "black"}, {"num", "black", NULL}, {"key", "value", NULL}, {"result", NULL, NULL}};

/* A required string slot, named a.b.c (b, c: NULL when none) in what is reported: "missing" at
 * the start of the leaf file. */
static int need3(struct loc_build *b, int id, const char *a, const char *bb, const char *c, int nonempty)
{
	const struct loc_scalar *s = &b->scalar[id];
	if (s->text && (!nonempty || s->len))
		return 0;
	char what[96]; /* made only for the message (this runs for every slot of every locale) */
	snprintf(what, sizeof(what), "%s%s%s%s%s", a, bb ? "." : "", bb ? bb : "", c ? "." : "", c ? c : "");
	if (!s->text)
		return loc_fail(b, &b->doc_start, "missing key '%s'", what);
	return loc_fail(b, &s->at, "'%s' must not be empty", what);
}

static int need(struct loc_build *b, int id, const char *what, int nonempty)
{
	return need3(b, id, what, NULL, NULL, nonempty);
}

/* Appends a list's items to words[*n] with value. */
static void add_words(struct hamle_loc_word *words, struct loc_mark *marks, size_t *n,
	const struct loc_list *l, int value)
{
	for (size_t i = 0; i < l->n; i++) {
		words[*n] = (struct hamle_loc_word){l->v[i].text, l->v[i].len, value};
		if (marks)
			marks[*n] = l->v[i].at;
		(*n)++;
	}
}

/* Stable sort, longest first (insertion sort: lists are short). */
static void sort_longest_first(struct hamle_loc_word *w, struct loc_mark *marks, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		struct hamle_loc_word x = w[i];
		struct loc_mark mx;
		if (marks)
			mx = marks[i];
		size_t j = i;
		for (; j > 0 && w[j - 1].len < x.len; j--) {
			w[j] = w[j - 1];
			if (marks)
				marks[j] = marks[j - 1];
		}
		w[j] = x;
		if (marks)
			marks[j] = mx;
	}
}

/* Builds a word list from up to two list slots (values v1, v2); empty entries are errors. */
static int make_words(struct loc_build *b, struct hamle_loc_words *out, const int *ids,
	const int *values, size_t nids)
{
	size_t total = 0;
	for (size_t i = 0; i < nids; i++)
		total += b->list[ids[i]].n;
	struct hamle_loc_word *w = loc_arena_alloc(&b->loc->arena, (total ? total : 1) * sizeof(*w));
	if (!w)
		return loc_nomem(b);
	size_t n = 0;
	for (size_t i = 0; i < nids; i++) {
		const struct loc_list *l = &b->list[ids[i]];
		for (size_t k = 0; k < l->n; k++)
			if (l->v[k].len == 0)
				return loc_fail(b, &l->v[k].at, "empty spelling");
		add_words(w, NULL, &n, l, values[i]);
	}
	sort_longest_first(w, NULL, n);
	out->v = w;
	out->n = n;
	return 0;
}

/* A piece spelling must not start like a square, a mark or a space. */
static int bad_piece_start(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c <= ' ' ||
		strchr("-+#=:/()!?.*", c) != NULL;
}

static int make_pieces(struct loc_build *b)
{
	struct hamle_locale *loc = b->loc;
	size_t total = 0;
	for (int p = 0; p < 6; p++)
		total += 1 + b->list[L_ALIAS + p].n + b->list[L_FIG + p].n;
	struct hamle_loc_word *w = loc_arena_alloc(&loc->arena, total * sizeof(*w));
	struct loc_mark *marks = malloc(total * sizeof(*marks));
	if (!w || !marks) {
		free(marks);
		return loc_nomem(b);
	}
	size_t n = 0;
	for (int p = 0; p < 6; p++) {
		const struct loc_scalar *s = &b->scalar[S_LETTER + p];
		if (s->text && s->len > 0) {
			marks[n] = s->at;
			w[n++] = (struct hamle_loc_word){s->text, s->len, p};
		}
		add_words(w, marks, &n, &b->list[L_ALIAS + p], p);
		add_words(w, marks, &n, &b->list[L_FIG + p], p);
	}
	sort_longest_first(w, marks, n);
	int rc = 0;
	size_t kept = 0;
	for (size_t i = 0; i < n && rc == 0; i++) {
		if (w[i].len == 0 || bad_piece_start((unsigned char)w[i].text[0])) {
			rc = loc_fail(b, &marks[i], "'%s' cannot be a piece letter (it reads as a square, a "
				"number or a mark)", w[i].text);
			break;
		}
		int dup = 0;
		for (size_t j = 0; j < kept; j++) {
			if (w[j].len != w[i].len || memcmp(w[j].text, w[i].text, w[i].len) != 0)
				continue;
			if (w[j].value != w[i].value) {
				/* report where it was written last: the caller's file, then the later line */
				const struct loc_mark *a = &marks[j], *m = &marks[i];
				if ((a->builtin == m->builtin && a->offset > m->offset) || (m->builtin && !a->builtin))
					m = a;
				rc = loc_fail(b, m, "'%s' is given for both the %s and the %s", w[i].text,
					piece_key[w[j].value], piece_key[w[i].value]);
			}
			dup = 1;
			break;
		}
		if (!dup) {
			marks[kept] = marks[i];
			w[kept++] = w[i];
		}
	}
	free(marks);
	if (rc < 0)
		return rc;
	loc->piece_alias.v = w;
	loc->piece_alias.n = kept;
	memset(loc->piece_byte, HAMLE_LOC_BYTE_NONE, sizeof(loc->piece_byte));
	for (size_t i = 0; i < kept; i++) {
		unsigned char c = (unsigned char)w[i].text[0];
		if (w[i].len > 1)
			loc->piece_byte[c] = HAMLE_LOC_BYTE_MULTI;
		else if (loc->piece_byte[c] == HAMLE_LOC_BYTE_NONE)
			loc->piece_byte[c] = (uint8_t)w[i].value;
	}
	const struct loc_scalar *pawn = &b->scalar[S_LETTER + HAMLE_PAWN];
	loc->pawn_letter = pawn->text && pawn->len ? pawn->text : NULL;
	for (int p = 0; p < 6; p++) {
		const struct loc_scalar *s = &b->scalar[S_LETTER + p];
		loc->letter[p] = p == HAMLE_PAWN ? "" : s->text;
		loc->letter_len[p] = p == HAMLE_PAWN ? 0 : s->len;
	}
	return 0;
}

/* Splits "={}" at "{}" into open "=" and close "". */
static int split_promo(struct loc_build *b, const char *t, const struct loc_mark *at,
	const char **open, const char **close, uint32_t *olen, uint32_t *clen)
{
	const char *p = strstr(t, "{}");
	if (!p || strstr(p + 2, "{}"))
		return loc_fail(b, at, "a promotion form needs one '{}' where the piece letter goes");
	*open = loc_arena_strndup(&b->loc->arena, t, (size_t)(p - t));
	*close = p + 2;
	if (!*open)
		return loc_nomem(b);
	if (olen)
		*olen = (uint32_t)(p - t);
	if (clen)
		*clen = (uint32_t)strlen(p + 2);
	return 0;
}

static int make_promo(struct loc_build *b)
{
	const struct loc_list *l = &b->list[L_PROMO];
	struct hamle_loc_promo *v = loc_arena_alloc(&b->loc->arena, (l->n ? l->n : 1) * sizeof(*v));
	if (!v)
		return loc_nomem(b);
	for (size_t i = 0; i < l->n; i++) {
		int rc = split_promo(b, l->v[i].text, &l->v[i].at, &v[i].open, &v[i].close, &v[i].open_len,
			&v[i].close_len);
		if (rc < 0)
			return rc;
	}
	for (size_t i = 1; i < l->n; i++) { /* longest first, stable */
		struct hamle_loc_promo x = v[i];
		size_t j = i;
		for (; j > 0 && v[j - 1].open_len + v[j - 1].close_len < x.open_len + x.close_len; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
	b->loc->promo = v;
	b->loc->n_promo = l->n;
	return 0;
}

static int make_styles(struct loc_build *b)
{
	for (int st = 0; st < 2; st++) {
		const char *f[STYLE_FIELDS];
		for (int i = 0; i < STYLE_FIELDS; i++) {
			int rc = need3(b, S_STYLE + st * STYLE_FIELDS + i, "output", style_key[st], style_field[i],
				i < 2 || i >= 8);
			if (rc < 0)
				return rc;
			f[i] = b->scalar[S_STYLE + st * STYLE_FIELDS + i].text;
		}
		struct hamle_loc_style *s = &b->loc->style[st];
		s->castle_short = f[0];
		s->castle_long = f[1];
		int rc = split_promo(b, f[2], &b->scalar[S_STYLE + st * STYLE_FIELDS + 2].at, &s->promo_open,
			&s->promo_close, NULL, NULL);
		if (rc < 0)
			return rc;
		s->capture = f[3];
		s->check = f[4];
		s->mate = f[5];
		s->en_passant = f[6];
		s->draw_offer = f[7];
		for (int r = 0; r < HAMLE_LOC_RESULTS; r++)
			s->result[r] = f[8 + r];
	}
	int rc = need(b, S_DEFAULT_STYLE, "output.default", 1);
	if (rc < 0)
		return rc;
	const struct loc_scalar *d = &b->scalar[S_DEFAULT_STYLE];
	if (strcmp(d->text, "pgn") == 0)
		b->loc->default_style = HAMLE_LOCALE_STYLE_PGN;
	else if (strcmp(d->text, "fide") == 0)
		b->loc->default_style = HAMLE_LOCALE_STYLE_FIDE;
	else
		return loc_fail(b, &d->at, "output.default must be 'pgn' or 'fide'");
	return 0;
}

/* 1 when list holds text exactly, with value v (any value when v < 0). */
static int list_has(const struct hamle_loc_words *l, const char *text, size_t len, int v)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i].len == len && !memcmp(l->v[i].text, text, len) && (v < 0 || l->v[i].value == v))
			return 1;
	return 0;
}

/* Every spelling a style writes must be one the locale reads, so that what hamle writes in a
 * language reads back (a locale file saying otherwise is refused at load, with the field named). */
static int check_styles_readable(struct loc_build *b)
{
	const struct hamle_locale *loc = b->loc;
	for (int st = 0; st < 2; st++) {
		const struct hamle_loc_style *s = &loc->style[st];
		const struct {
			int field;
			const char *text;
			const struct hamle_loc_words *list;
			int value;
		} out[] = {
			{0, s->castle_short, &loc->castling, HAMLE_LOC_CASTLE_SHORT},
			{1, s->castle_long, &loc->castling, HAMLE_LOC_CASTLE_LONG},
			{3, s->capture, &loc->capture, -1},
			{4, s->check, &loc->check_marks, HAMLE_LOC_CHECK},
			{5, s->mate, &loc->check_marks, HAMLE_LOC_MATE},
			{6, s->en_passant, &loc->en_passant, -1},
			{7, s->draw_offer, &loc->draw_offer, -1},
			{8, s->result[0], &loc->results, 0},
			{9, s->result[1], &loc->results, 1},
			{10, s->result[2], &loc->results, 2},
			{11, s->result[3], &loc->results, 3},
		};
		for (size_t i = 0; i < sizeof(out) / sizeof(out[0]); i++) {
			const char *t = out[i].text;
			while (*t == ' ' || *t == '\t') /* " e.p.", " (=)": read glued or after a blank */
				t++;
			if (*t && !list_has(out[i].list, t, strlen(t), out[i].value))
				return loc_fail(b, &b->scalar[S_STYLE + st * STYLE_FIELDS + out[i].field].at,
					"output.%s.%s writes '%s', which the locale's input lists do not read as that",
					style_key[st], style_field[out[i].field], t);
		}
		int promo_ok = 0;
		for (size_t k = 0; k < loc->n_promo; k++)
			promo_ok |= !strcmp(loc->promo[k].open, s->promo_open) && !strcmp(loc->promo[k].close, s->promo_close);
		if (!promo_ok)
			return loc_fail(b, &b->scalar[S_STYLE + st * STYLE_FIELDS + 2].at,
				"output.%s.promotion is not one of the promotion forms the locale reads", style_key[st]);
	}
	return 0;
}

static int make_words_of_people(struct loc_build *b)
{
	struct hamle_locale *loc = b->loc;
	struct hamle_loc_spoken *sp = &loc->spoken;
	const struct loc_list *fr[2] = {&b->list[L_FILES], &b->list[L_RANKS]};
	for (int k = 0; k < 2; k++) {
		if (fr[k]->n != 8)
			return loc_fail(b, fr[k]->set ? &fr[k]->at : &b->doc_start,
				"spoken.%s needs exactly 8 words", k ? "ranks" : "files");
		for (int i = 0; i < 8; i++)
			(k ? sp->rank : sp->file)[i] = fr[k]->v[i].text;
	}
	static const struct { int id; const char *what; } one[] = {
		{S_SPOKEN_CS, "spoken.castling_short"}, {S_SPOKEN_CL, "spoken.castling_long"},
		{S_SPOKEN_TAKES, "spoken.takes"}, {S_SPOKEN_CHECK, "spoken.check"},
		{S_SPOKEN_MATE, "spoken.mate"}, {S_SPOKEN_PROMOTES, "spoken.promotes"},
		{S_SPOKEN_EP, "spoken.en_passant"}};
	const char **dst[] = {&sp->castle_short, &sp->castle_long, &sp->takes, &sp->check, &sp->mate,
		&sp->promotes, &sp->en_passant};
	for (size_t i = 0; i < sizeof(one) / sizeof(one[0]); i++) {
		int rc = need(b, one[i].id, one[i].what, 1);
		if (rc < 0)
			return rc;
		*dst[i] = b->scalar[one[i].id].text;
	}
	static const struct { int base; const char *what; } per_piece[] = {{S_SPOKEN_PIECE,
		"spoken.pieces"}, {S_NOUN, "words.pieces"}, {S_NO_PIECE, "words.no_piece"},
		{S_PLURAL, "words.pieces_plural"}};
	const char **pdst[] = {sp->piece, loc->noun, loc->no_piece, loc->noun_plural};
	for (size_t i = 0; i < 4; i++)
		for (int p = 0; p < 6; p++) {
			int rc = need3(b, per_piece[i].base + p, per_piece[i].what, piece_key[p], NULL, 1);
			if (rc < 0)
				return rc;
			pdst[i][p] = b->scalar[per_piece[i].base + p].text;
		}
	const struct loc_list *c = &b->list[L_COUNTS];
	const char **cw = loc_arena_alloc(&loc->arena, (c->n ? c->n : 1) * sizeof(*cw));
	if (!cw)
		return loc_nomem(b);
	for (size_t i = 0; i < c->n; i++)
		cw[i] = c->v[i].text;
	loc->count_word = cw;
	loc->n_count_word = c->n;
	return 0;
}

static int make_patterns(struct loc_build *b)
{
	char what[64];
	for (int i = 0; i < HAMLE_LOC_PATTERNS; i++) {
		int rc = need3(b, S_PATTERN + i, "scoresheet", "patterns", pattern_key[i], 1);
		if (rc < 0)
			return rc;
		const struct loc_scalar *s = &b->scalar[S_PATTERN + i];
		b->loc->pattern_src[i] = s->text;
		if (b->shared && loc_regex_same(b->shared[i], s->text, s->len)) {
			/* compiled (and checked) for an earlier locale of the cache */
			b->loc->pattern_own[i] = loc_regex_ref(b->shared[i]);
			continue;
		}
		/* the header pattern is matched against each leading line of every scoresheet chunk:
		 * JIT-compiled */
		int jit = i == HAMLE_LOC_PAT_HEADER;
		if (s->at.builtin) {
			/* a shipped file's: compiled when first matched (hamle_loc_pattern) */
			if (!(b->loc->pattern_own[i] = loc_regex_new(NULL, s->text, s->len, jit)))
				return loc_nomem(b);
			if (b->shared && !b->shared[i])
				b->shared[i] = loc_regex_ref(b->loc->pattern_own[i]);
			continue;
		}
		snprintf(what, sizeof(what), "scoresheet.patterns.%s", pattern_key[i]);
		int code;
		size_t off;
		pcre2_code *re = loc_regex_compile(s->text, s->len, jit, &code, &off);
		if (!re) {
			PCRE2_UCHAR msg[120];
			pcre2_get_error_message(code, msg, sizeof(msg));
			return loc_fail(b, &s->at, "%s: %s at pattern offset %zu", what, (const char *)msg, off);
		}
		struct loc_regex *r = loc_regex_new(re, s->text, s->len, jit);
		if (!r) {
			pcre2_code_free(re);
			return loc_nomem(b);
		}
		b->loc->pattern_own[i] = r;
		for (int g = 0; g < 3 && pattern_groups[i][g]; g++)
			if (pcre2_substring_number_from_name(re, (PCRE2_SPTR)pattern_groups[i][g]) < 0)
				return loc_fail(b, &s->at, "%s needs a group (?<%s>...)", what, pattern_groups[i][g]);
		if (b->shared && !b->shared[i])
			b->shared[i] = loc_regex_ref(r);
	}
	return 0;
}

/* 1 when a word of list ends with byte c. */
static int ends_any(const struct hamle_loc_words *list, unsigned char c)
{
	for (size_t i = 0; i < list->n; i++)
		if ((unsigned char)list->v[i].text[list->v[i].len - 1] == c)
			return 1;
	return 0;
}

/* 1 when a word of list longer than one byte could end a plain token marked with byte c: it ends
 * with c after a byte that can end a plain body (a rank digit, the last byte of a plain castling
 * word). */
static int longer_word_could_end(const struct hamle_locale *loc, const struct hamle_loc_words *list,
	unsigned char c)
{
	for (size_t i = 0; i < list->n; i++) {
		const struct hamle_loc_word *w = &list->v[i];
		if (w->len < 2 || (unsigned char)w->text[w->len - 1] != c)
			continue;
		unsigned char b = (unsigned char)w->text[w->len - 2];
		if (b >= '1' && b <= '8')
			return 1;
		for (int side = 0; side < 2; side++)
			if (loc->plain_castle[side] && (unsigned char)loc->plain_castle[side][loc->plain_castle_len[side] - 1] == b)
				return 1;
	}
	return 0;
}

/* The PGN style's castling words the token reader takes exactly as castling, with nothing it
 * strips from a word's end ending them. */
static void make_plain_castle(struct hamle_locale *loc)
{
	const struct hamle_loc_style *pgn = &loc->style[HAMLE_LOCALE_STYLE_PGN];
	for (int side = 0; side < 2; side++) {
		const char *w = side == HAMLE_LOC_CASTLE_SHORT ? pgn->castle_short : pgn->castle_long;
		size_t len = w ? strlen(w) : 0;
		loc->plain_castle[side] = NULL;
		loc->plain_castle_len[side] = 0;
		if (len < 2)
			continue;
		unsigned char last = (unsigned char)w[len - 1];
		int read = 0;
		for (size_t i = 0; i < loc->castling.n; i++)
			read |= loc->castling.v[i].len == len && loc->castling.v[i].value == side &&
				!memcmp(loc->castling.v[i].text, w, len);
		for (size_t i = 0; i < loc->null_move.n; i++)
			read &= !(loc->null_move.v[i].len == len && !memcmp(loc->null_move.v[i].text, w, len));
		if (!read || w[0] == ' ' || w[0] == '\t' || (last >= '1' && last <= '8') || last == '!' ||
			last == '?' || last == ' ' || last == '\t' || ends_any(&loc->check_marks, last) ||
			ends_any(&loc->draw_offer, last) || ends_any(&loc->en_passant, last))
			continue;
		loc->plain_castle[side] = w;
		loc->plain_castle_len[side] = (uint32_t)len;
	}
}

static void make_plain_tables(struct hamle_locale *loc)
{
	memset(loc->word_lead, 0, sizeof(loc->word_lead));
	for (size_t i = 0; i < loc->castling.n; i++)
		loc->word_lead[(unsigned char)loc->castling.v[i].text[0]] |= HAMLE_LOC_LEAD_CASTLING;
	for (size_t i = 0; i < loc->null_move.n; i++)
		loc->word_lead[(unsigned char)loc->null_move.v[i].text[0]] |= HAMLE_LOC_LEAD_NULL_MOVE;
	make_plain_castle(loc);
	memset(loc->plain_mark, 0, sizeof(loc->plain_mark));
	const char *mate = loc->style[HAMLE_LOCALE_STYLE_PGN].mate;
	for (size_t i = 0; i < loc->check_marks.n; i++) {
		const struct hamle_loc_word *w = &loc->check_marks.v[i];
		if (w->len != 1)
			continue;
		unsigned char c = (unsigned char)w->text[0];
		if (w->value == HAMLE_LOC_MATE && !(mate && mate[0] == w->text[0] && mate[1] == '\0'))
			continue;
		if (longer_word_could_end(loc, &loc->check_marks, c) || longer_word_could_end(loc, &loc->draw_offer, c) ||
			longer_word_could_end(loc, &loc->en_passant, c) || c == '!' || c == '?' || c == ' ' || c == '\t' ||
			(c >= '1' && c <= '8'))
			continue;
		/* a one-byte draw offer or e.p. mark that is this byte would be read first */
		int other = 0;
		for (size_t k = 0; k < loc->draw_offer.n; k++)
			other |= loc->draw_offer.v[k].len == 1 && (unsigned char)loc->draw_offer.v[k].text[0] == c;
		for (size_t k = 0; k < loc->en_passant.n; k++)
			other |= loc->en_passant.v[k].len == 1 && (unsigned char)loc->en_passant.v[k].text[0] == c;
		if (!other && !loc->plain_mark[c])
			loc->plain_mark[c] = (uint8_t)w->value;
	}
	loc->plain_capture = 0;
	const char *cs = loc->style[HAMLE_LOCALE_STYLE_PGN].capture;
	if (cs && cs[0] && cs[1] == '\0')
		for (size_t i = 0; i < loc->capture.n; i++)
			if (loc->capture.v[i].len == 1 && loc->capture.v[i].text[0] == cs[0])
				loc->plain_capture = (unsigned char)cs[0];
}

int loc_finish(struct loc_build *b)
{
	struct hamle_locale *loc = b->loc;
	int rc = need(b, S_TAG, "tag", 1);
	if (rc == 0)
		rc = need(b, S_NAME, "name", 1);
	for (int p = HAMLE_KNIGHT; p <= HAMLE_KING && rc == 0; p++)
		rc = need3(b, S_LETTER + p, "pieces", piece_key[p], NULL, 1);
	if (rc < 0)
		return rc;
	loc->tag = b->scalar[S_TAG].text;
	loc->name = b->scalar[S_NAME].text;
	if ((rc = make_pieces(b)) < 0)
		return rc;
	static const int castle[] = {L_CASTLE_SHORT, L_CASTLE_LONG};
	static const int castle_v[] = {HAMLE_LOC_CASTLE_SHORT, HAMLE_LOC_CASTLE_LONG};
	static const int check[] = {L_CHECK, L_MATE};
	static const int check_v[] = {HAMLE_LOC_CHECK, HAMLE_LOC_MATE};
	static const int res[] = {L_RES, L_RES + 1, L_RES + 2, L_RES + 3};
	static const int res_v[] = {0, 1, 2, 3};
	static const int zero[] = {0};
	const struct { struct hamle_loc_words *out; const int *ids, *values; size_t n; } lists[] = {
		{&loc->ignore_after_piece, (const int[]){L_IGNORE}, zero, 1},
		{&loc->castling, castle, castle_v, 2},
		{&loc->capture, (const int[]){L_CAPTURE}, zero, 1},
		{&loc->en_passant, (const int[]){L_EP}, zero, 1},
		{&loc->check_marks, check, check_v, 2},
		{&loc->draw_offer, (const int[]){L_DRAW}, zero, 1},
		{&loc->null_move, (const int[]){L_NULL}, zero, 1},
		{&loc->results, res, res_v, 4},
	};
	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]) && rc == 0; i++)
		rc = make_words(b, lists[i].out, lists[i].ids, lists[i].values, lists[i].n);
	if (rc == 0 && (loc->castling.n == 0 || loc->results.n == 0))
		rc = loc_fail(b, &b->doc_start, "castling and result spellings must not be empty");
	if (rc == 0)
		rc = make_promo(b);
	if (rc == 0)
		rc = make_styles(b);
	if (rc == 0)
		rc = check_styles_readable(b);
	if (rc == 0)
		rc = loc_make_repair(b);
	if (rc == 0)
		make_plain_tables(loc);
	if (rc == 0)
		rc = make_words_of_people(b);
	if (rc == 0)
		rc = loc_make_texts_and_headers(b);
	if (rc == 0)
		rc = make_patterns(b);
	if (rc == 0)
		rc = loc_make_dates(b);
	return rc;
}
