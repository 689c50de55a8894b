/* reader.c: streaming input and the game splitter (raw bytes -> one chunk per game). The splitter
 * sees only ASCII structure (tags, strings, comments, parentheses, words), so it works before
 * decoding in every ASCII-compatible encoding. Memory: one input block plus one game (capped). */
#include <stdlib.h>
#include <string.h>

#include "error_internal.h"
#include "pgn/game_internal.h"
#include "pgn/scan.h"

#define BLOCK_SIZE ((size_t)1 << 18)

#include "compiler.h"

enum { IN_NONE, IN_FILE, IN_BUFFER, IN_FN };
enum { S_NORMAL, S_WORD, S_COMMENT, S_CAND, S_LINE, S_TAG, S_STRING, S_STRING_ESC, S_ENDED, S_BOM };

/* Byte classes of the splitter. */
enum {
	K_WORD = 0,  /* any other byte: part of a word */
	K_BLANK = 1, /* space, HT, VT, FF */
	K_EOL = 2,   /* LF, CR */
	K_DELIM = 3  /* { } ( ) [ ] ; " $ < > */
};
static const unsigned char kls[256] = {
	[' '] = K_BLANK, ['\t'] = K_BLANK, ['\v'] = K_BLANK, ['\f'] = K_BLANK,
	['\n'] = K_EOL, ['\r'] = K_EOL,
	['{'] = K_DELIM, ['}'] = K_DELIM, ['('] = K_DELIM, [')'] = K_DELIM, ['['] = K_DELIM,
	[']'] = K_DELIM, [';'] = K_DELIM, ['"'] = K_DELIM, ['$'] = K_DELIM, ['<'] = K_DELIM,
	['>'] = K_DELIM,
};

/* Bytes that stop the fast run through a comment body: } [ LF CR. */
static const unsigned char comment_stop[256] = {
	['}'] = 1, ['['] = 1, ['\n'] = 1, ['\r'] = 1,
};

/* Bytes that stop the fast run through a tag string: " \ LF CR. */
static const unsigned char string_stop[256] = {
	['"'] = 1, ['\\'] = 1, ['\n'] = 1, ['\r'] = 1,
};

struct hamle_reader {
	pgn_limits lim;
	hamle_locale *repair; /* owned: the built-in "tr" for HAMLE_READ_REPAIR_TR without options.repair */
	int kind;
	FILE *f;
	hamle_read_fn fn;
	void *payload;
	char *source;
	hamle_error err;

	const unsigned char *view; /* current input block */
	size_t vlen, pos, span;    /* span: first byte of the view not yet copied into the chunk */
	size_t view_base;          /* absolute offset of view[0] */
	unsigned char *block;
	int eof, started;

	/* position of view[pos]: the line number, and the column computed lazily from the start of the
	 * line (ls, an index into the view, 0 when the line began in an earlier block) whose column is
	 * ls_col; columns count every byte but UTF-8 continuation bytes. */
	size_t line, ls, ls_col;
	int last_cr; /* the byte before view[0] was a CR */
	int line_blank, prev_blank;

	/* the game being split */
	int state, ret_state, in_game, pending, has_movetext, tag_string;
	int has_words; /* the game has movetext words (moves, numbers), not only comments */
	int has_tag;   /* the game has a tag pair ('[' outside comments and strings) */
	int ended;     /* its termination marker was met (a comment after it is being read) */
	/* byte order marks (EF BB BF) at line starts other than the input's: treated as absent (the
	 * decoder drops U+FEFF), counted per game for the parser's "encoding" warning; a line that
	 * starts with one and ends the game goes to the next game with its mark */
	int bom_ret;        /* the state a mark is read from (S_NORMAL or S_COMMENT) */
	size_t bom_got;     /* bytes of a mark matched so far (it may be cut by a block's end) */
	size_t bom_count;   /* marks in the current game */
	size_t bom_end;     /* absolute offset after the last mark (0: none yet) */
	unsigned char held[32]; /* a mark and blanks that start the next game (see cut_line) */
	size_t held_len, held_line, held_offset;
	size_t depth, word_len;
	unsigned char word[16];
	size_t g_line, g_col, g_offset, g_index;
	unsigned char *chunk;
	size_t chunk_len, chunk_cap;
	unsigned int chunk_flags;
	size_t cand_line, cand_col, cand_offset;
	int carry; /* the next game starts with a '[' already consumed */
};

int hamle_reader_new(hamle_reader **out, const hamle_reader_options *opts)
{
	if (!out)
		return HAMLE_EUSAGE;
	*out = NULL;
	if (opts && opts->version != HAMLE_READER_OPTIONS_VERSION)
		return HAMLE_EUSAGE;
	hamle_reader *r = calloc(1, sizeof(*r));
	if (!r)
		return HAMLE_ENOMEM;
	pgn_limits_resolve(&r->lim, opts);
	if ((r->lim.flags & HAMLE_READ_REPAIR_TR) && !r->lim.repair) {
		int rc = hamle_locale_load_builtin(&r->repair, "tr", NULL);
		if (rc < 0) {
			free(r);
			return rc;
		}
		r->lim.repair = r->repair;
	}
	r->line = r->ls_col = 1;
	r->line_blank = 1;
	*out = r;
	return HAMLE_OK;
}

void hamle_reader_free(hamle_reader *r)
{
	if (!r)
		return;
	free(r->source);
	free(r->block);
	free(r->chunk);
	hamle_locale_free(r->repair);
	free(r);
}

const hamle_error *hamle_reader_error(const hamle_reader *r)
{
	return r ? &r->err : NULL;
}

static int set_source(hamle_reader *r, const char *source, int kind)
{
	if (r->kind != IN_NONE)
		return hamle_error_set(&r->err, HAMLE_EUSAGE, "the reader already has an input");
	size_t n = strlen(source ? source : "<input>");
	r->source = malloc(n + 1);
	if (!r->source)
		return HAMLE_ENOMEM;
	memcpy(r->source, source ? source : "<input>", n + 1);
	r->err.source = r->source;
	r->kind = kind;
	if (kind != IN_BUFFER && !(r->block = malloc(BLOCK_SIZE)))
		return HAMLE_ENOMEM;
	return 0;
}

int hamle_reader_set_input_file(hamle_reader *r, FILE *f, const char *source)
{
	if (!r || !f)
		return HAMLE_EUSAGE;
	int rc = set_source(r, source, IN_FILE);
	r->f = f;
	return rc;
}

int hamle_reader_set_input_buffer(hamle_reader *r, const void *data, size_t len, const char *source)
{
	if (!r || (!data && len))
		return HAMLE_EUSAGE;
	int rc = set_source(r, source, IN_BUFFER);
	r->view = data ? data : (const void *)"";
	r->vlen = len;
	r->eof = 1;
	return rc;
}

int hamle_reader_set_input(hamle_reader *r, hamle_read_fn fn, void *payload, const char *source)
{
	if (!r || !fn)
		return HAMLE_EUSAGE;
	int rc = set_source(r, source, IN_FN);
	r->fn = fn;
	r->payload = payload;
	return rc;
}

static int read_some(hamle_reader *r, unsigned char *buf, size_t size, size_t *got)
{
	*got = 0;
	if (r->kind == IN_FILE) {
		*got = fread(buf, 1, size, r->f);
		if (*got == 0 && ferror(r->f))
			return hamle_error_set(&r->err, HAMLE_EIO, "reading %s failed", r->source);
		return 0;
	}
	if (r->fn(r->payload, buf, size, got) < 0 || *got > size)
		return hamle_error_set(&r->err, HAMLE_EIO, "reading %s failed", r->source);
	return 0;
}

/* Number of characters (bytes but UTF-8 continuation bytes) in s[0..n). */
static size_t count_chars(const unsigned char *s, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		c += (s[i] & 0xC0) != 0x80;
	return c;
}

/* Column of view[p] (p on the current line). */
static size_t col_at(const hamle_reader *r, size_t p)
{
	return r->ls_col + count_chars(r->view + r->ls, p - r->ls);
}

/* Next block of input; the first one holds at least 3 bytes (or all input) for the BOM check. */
static int refill(hamle_reader *r)
{
	if (r->vlen) {
		r->ls_col = col_at(r, r->vlen);
		r->ls = 0;
		r->last_cr = r->view[r->vlen - 1] == '\r';
	}
	r->view_base += r->vlen;
	r->vlen = r->pos = r->span = 0;
	if (r->kind == IN_BUFFER) {
		r->eof = 1;
		return 0;
	}
	size_t got = 0;
	do {
		size_t n;
		int rc = read_some(r, r->block + got, BLOCK_SIZE - got, &n);
		if (rc < 0)
			return rc;
		if (n == 0) {
			r->eof = 1;
			break;
		}
		got += n;
	} while (!r->started && got < 3);
	r->view = r->block;
	r->vlen = got;
	return 0;
}

static void chunk_append(hamle_reader *r, const unsigned char *p, size_t n)
{
	size_t room = r->lim.max_game_bytes > r->chunk_len ? r->lim.max_game_bytes - r->chunk_len : 0;
	if (n > room) {
		n = room;
		r->chunk_flags |= HAMLE_CHUNK_OVERFLOW;
	}
	if (n == 0)
		return;
	if (r->chunk_len + n + 1 > r->chunk_cap) {
		size_t cap = r->chunk_cap ? r->chunk_cap : 4096;
		while (cap < r->chunk_len + n + 1)
			cap *= 2;
		unsigned char *c = realloc(r->chunk, cap);
		if (!c) { /* keep what we have; the game is reported over its limit */
			r->chunk_flags |= HAMLE_CHUNK_OVERFLOW;
			return;
		}
		r->chunk = c;
		r->chunk_cap = cap;
	}
	memcpy(r->chunk + r->chunk_len, p, n);
	r->chunk_len += n;
}

static void flush(hamle_reader *r)
{
	if (r->in_game && r->pos > r->span)
		chunk_append(r, r->view + r->span, r->pos - r->span);
	r->span = r->pos;
}

/* A line end (LF or CR) at view[p]: CR LF counts as one line end. */
static inline void newline(hamle_reader *r, size_t p)
{
	const unsigned char *v = r->view;
	r->ls = p + 1;
	r->ls_col = 1;
	if (v[p] == '\n' && (p ? v[p - 1] == '\r' : r->last_cr))
		return; /* the LF of a CR LF: the line already ended at the CR */
	r->line++;
	r->prev_blank = r->line_blank;
	r->line_blank = 1;
}


static void start_game(hamle_reader *r, size_t line, size_t col, size_t offset)
{
	r->in_game = 1;
	r->g_line = line;
	r->g_col = col;
	r->g_offset = offset;
	r->g_index++;
}

/* Ends the current game before view[pos]. */
/* "1." or "1)" (not "1..." and not "10."): the first move number of a game. */
static int starts_move_one(const unsigned char *v, size_t p, size_t n)
{
	return p + 2 < n && (v[p + 1] == '.' || v[p + 1] == ')') && v[p + 2] != '.';
}

static void cut(hamle_reader *r)
{
	flush(r);
	r->pending = 1;
}

/* Ends the current game before view[p], the first non-blank byte of a line. A byte order mark that
 * began the line goes with the next game, with the blanks after it: they are held back from this
 * game's chunk (where the block they came in is gone) and start the next one. */
static void cut_line(hamle_reader *r, size_t p)
{
	r->pos = p;
	cut(r);
	if (LIKELY(!r->bom_end) || r->bom_end != r->view_base + r->ls)
		return;
	size_t k = r->view_base + p - (r->bom_end - 3);
	if (k > sizeof(r->held) || k > r->chunk_len || (r->chunk_flags & HAMLE_CHUNK_OVERFLOW))
		return; /* a long run of blanks: the mark stays with this game */
	r->chunk_len -= k;
	memcpy(r->held, r->chunk + r->chunk_len, k);
	r->held_len = k;
	r->held_line = r->line;
	r->held_offset = r->bom_end - 3;
	r->bom_count--;
}

/* view[p] (0xEF) starts a line: it may begin a byte order mark, read in S_BOM (from state ret). */
static void bom_start(hamle_reader *r, size_t p, int ret)
{
	r->pos = p;
	r->bom_got = 0;
	r->bom_ret = ret;
	r->state = S_BOM;
}

#ifdef PGN_SCAN_SSE2
/* S_NORMAL over the words, blanks and line ends of view[p..p+64) (in a game; 64 bytes readable),
 * up to the first delimiter or '%', a word running past that point or the block, or a termination
 * marker at depth 0: those are left to the byte loop. Returns the bytes consumed (whole words). */
static size_t fast_run(hamle_reader *r, const unsigned char *v, size_t p)
{
	pgn_split_masks m;
	pgn_split_masks64(v + p, &m);
	uint64_t w = ~m.nw;
	uint64_t starts = w & ~(w << 1); /* view[p] never continues a word */
	unsigned lim = m.special ? pgn_ctz64(m.special) : 64;
	if (lim > 0 && ((w >> (lim - 1)) & 1) && (lim == 64 || ((w >> lim) & 1)))
		lim = pgn_msb64(starts & pgn_low64(lim)); /* stop before the word cut at lim */
	if (lim == 0)
		return 0;
	if (r->depth == 0) {
		/* the byte loop takes the first word that is a termination marker, or that starts with
		 * "1." or "1)" (or '1' at the window's end): it may open a new untagged game after a
		 * blank line. Both start with a byte of m.first. */
		uint64_t cand = starts & m.first & pgn_low64(lim);
		while (cand) {
			unsigned k = pgn_ctz64(cand);
			cand &= cand - 1;
			const unsigned char *wp = v + p + k;
			if (wp[0] == '1' && (k == 63 || wp[1] == '.' || wp[1] == ')')) {
				lim = k;
				break;
			}
			unsigned e = k + pgn_ctz64(m.nw >> k); /* the word ends before lim */
			if (e - k < sizeof(r->word) && pgn_may_be_result(wp, e - k) &&
			    hamle_result_parse((const char *)wp, e - k) != HAMLE_RESULT_NONE) {
				lim = k;
				break;
			}
		}
		if (lim == 0)
			return 0;
	}
	uint64_t eol = m.eol & pgn_low64(lim);
	unsigned cur = 0;
	while (eol) {
		unsigned k = pgn_ctz64(eol);
		eol &= eol - 1;
		if (w & pgn_low64(k) & ~pgn_low64(cur))
			r->line_blank = 0;
		newline(r, p + k);
		cur = k + 1;
		if (UNLIKELY(cur < lim && v[p + cur] == 0xEF)) {
			lim = cur; /* a line that may start with a byte order mark: the byte loop reads it */
			break;
		}
	}
	uint64_t rng = pgn_low64(lim);
	if (w & rng)
		r->has_movetext = r->has_words = 1;
	if (w & rng & ~pgn_low64(cur))
		r->line_blank = 0;
	return lim;
}
#endif

/* The word just ended (its first bytes in r->word): a termination marker at depth 0 ends the game. */
static void word_end(hamle_reader *r)
{
	r->state = S_NORMAL;
	if (r->depth == 0 && r->word_len < sizeof(r->word) && pgn_may_be_result(r->word, r->word_len) &&
	    hamle_result_parse((const char *)r->word, r->word_len) != HAMLE_RESULT_NONE)
		r->state = S_ENDED;
}

/* Whether the game so far holds nothing but byte order marks and blanks (dropped at the end). */
static int only_marks(const hamle_reader *r)
{
	if (r->has_movetext || r->has_tag || (r->chunk_flags & HAMLE_CHUNK_OVERFLOW))
		return 0;
	for (size_t i = 0; i < r->chunk_len; i++) {
		unsigned char c = r->chunk[i];
		if (kls[c] != K_BLANK && kls[c] != K_EOL && c != 0xEF && c != 0xBB && c != 0xBF)
			return 0;
	}
	return 1;
}

/* Splits until a game is complete (1), the input ends with no game (0), or I/O fails (< 0).
 * Each state runs over the view in a tight loop; lines are counted at line ends, columns only
 * computed where a game starts. */
static int split(hamle_reader *r)
{
	if (r->pending) {
		r->pending = 0;
		r->chunk_len = 0;
		r->chunk_flags = 0;
		r->has_movetext = 0;
		r->has_words = 0;
		r->has_tag = 0;
		r->ended = 0;
		r->bom_count = 0;
		r->depth = 0;
		r->tag_string = 0;
		r->in_game = 0;
		r->state = S_NORMAL;
		if (r->held_len) {
			start_game(r, r->held_line, 1, r->held_offset);
			chunk_append(r, r->held, r->held_len);
			r->held_len = 0;
			r->bom_count = 1;
			r->span = r->pos;
		}
		if (r->carry) {
			r->carry = 0;
			start_game(r, r->cand_line, r->cand_col, r->cand_offset);
			chunk_append(r, (const unsigned char *)"[", 1);
			r->state = S_TAG;
			r->has_tag = 1;
		}
	}
	if (!r->started) {
		if (r->kind != IN_BUFFER) {
			int rc = refill(r);
			if (rc < 0)
				return rc;
		}
		r->started = 1;
		if (r->vlen >= 3 && memcmp(r->view, "\xEF\xBB\xBF", 3) == 0)
			r->pos = r->span = r->ls = 3;
	}
	for (;;) {
		if (UNLIKELY(r->pos >= r->vlen)) {
			flush(r);
			if (!r->eof) {
				int rc = refill(r);
				if (rc < 0)
					return rc;
			}
			if (r->pos >= r->vlen && r->eof) {
				if (r->state == S_CAND)
					chunk_append(r, (const unsigned char *)"[", 1);
				if (r->state == S_WORD)
					word_end(r); /* a termination marker as the input's last bytes */
				if (r->in_game && r->has_tag && r->state != S_ENDED && !r->ended)
					r->chunk_flags |= HAMLE_CHUNK_TRUNCATED; /* cut mid-game */
				r->state = S_NORMAL;
				if (!r->in_game || (r->bom_count && only_marks(r)))
					return 0;
				r->pending = 1;
				return 1;
			}
			continue;
		}
		const unsigned char *v = r->view;
		size_t p = r->pos, n = r->vlen;
		switch (r->state) {
		case S_NORMAL:
			while (p < n) {
				unsigned char c = v[p];
				unsigned k = kls[c];
#ifdef PGN_SCAN_SSE2
				if (k == K_WORD && r->in_game && n - p >= 64 && c != 0xEF) { /* 0xEF: a mark? */
					p += fast_run(r, v, p);
					if (p >= n)
						break;
					c = v[p];
					k = kls[c];
				}
#endif
				if (k == K_BLANK) {
					p++;
					continue;
				}
				if (k == K_EOL) {
					newline(r, p);
					p++;
					continue;
				}
				if (UNLIKELY(!r->in_game)) {
					r->span = p;
					start_game(r, r->line, col_at(r, p), r->view_base + p);
				} else if (c == '[' && r->line_blank && r->has_movetext) {
					cut_line(r, p);
					return 1;
				} else if (UNLIKELY(c == '1') && r->line_blank && r->prev_blank && r->has_words &&
					r->depth == 0 && starts_move_one(v, p, n)) {
					/* games without tags or result, separated by a blank line only */
					cut_line(r, p);
					return 1;
				}
				if (UNLIKELY(c == 0xEF) && r->line_blank && col_at(r, p) == 1) {
					bom_start(r, p, S_NORMAL);
					p = r->pos;
					break;
				}
				r->line_blank = 0;
				if (UNLIKELY(c == '%') && col_at(r, p) == 1) {
					r->state = S_LINE;
					r->ret_state = S_NORMAL;
					p++;
					break;
				}
				if (k == K_WORD) {
					r->has_movetext = r->has_words = 1;
					size_t e = p + 1;
					while (e < n && kls[v[e]] == K_WORD)
						e++;
					if (LIKELY(e < n)) { /* the word ends in this block */
						if (r->depth == 0 && e - p < sizeof(r->word) && pgn_may_be_result(v + p, e - p) &&
						    hamle_result_parse((const char *)v + p, e - p) != HAMLE_RESULT_NONE) {
							p = e;
							r->state = S_ENDED;
							break;
						}
						p = e;
						continue;
					}
					r->word_len = e - p < sizeof(r->word) ? e - p : sizeof(r->word);
					memcpy(r->word, v + p, r->word_len);
					r->word_len = e - p;
					p = e;
					r->state = S_WORD;
					break;
				}
				p++;
				if (c == '[') {
					r->has_tag = 1;
					/* fast path for a whole `[Name "value"]` in this block; anything else
					 * (escapes, line ends, the block's end) goes through the states */
					size_t q = p;
					while (q < n && v[q] != '"' && v[q] != ']' && kls[v[q]] != K_EOL)
						q++;
					if (q < n && v[q] == '"') {
						q = pgn_string_stop(v, q + 1, n);
						if (q < n && v[q] == '"') {
							q++;
							while (q < n && v[q] != '"' && v[q] != ']' && kls[v[q]] != K_EOL)
								q++;
							if (q < n && v[q] == ']') {
								p = q + 1;
								continue;
							}
						}
					}
				}
				switch (c) {
				case '{': r->state = S_COMMENT; r->ret_state = S_NORMAL; break;
				case ';': r->state = S_LINE; r->ret_state = S_NORMAL; break;
				case '[': r->state = S_TAG; r->tag_string = 0; break;
				case '(': r->depth++; break;
				case ')': if (r->depth) r->depth--; break;
				default: break;
				}
				if (c != '[' && c != ']')
					r->has_movetext = 1;
				if (r->state != S_NORMAL)
					break;
			}
			r->pos = p;
			continue;
		case S_WORD: {
			/* a word continued from the previous block */
			size_t e = p;
			while (e < n && kls[v[e]] == K_WORD)
				e++;
			for (size_t k = p; k < e && r->word_len + (k - p) < sizeof(r->word); k++)
				r->word[r->word_len + (k - p)] = v[k];
			r->word_len += e - p;
			r->pos = e;
			if (e < n)
				word_end(r);
			continue;
		}
		case S_COMMENT:
			while (p < n) {
				unsigned char c = v[p];
				if (!comment_stop[c]) {
					size_t e = p + 1;
					while (e < n && !comment_stop[v[e]])
						e++;
					if (r->line_blank) {
						size_t k = p;
						while (k < e && kls[v[k]] == K_BLANK)
							k++;
						if (UNLIKELY(k < e && v[k] == 0xEF) && col_at(r, k) == 1) {
							bom_start(r, k, S_COMMENT);
							p = k;
							break;
						}
						if (k < e)
							r->line_blank = 0;
					}
					p = e;
					continue;
				}
				if (c == '}') {
					r->line_blank = 0;
					r->state = r->ret_state;
					p++;
					break;
				}
				if (c != '[') {
					newline(r, p);
					p++;
					continue;
				}
				if (r->line_blank && r->prev_blank) {
					r->pos = p;
					flush(r);
					r->cand_line = r->line;
					r->cand_col = col_at(r, p);
					r->cand_offset = r->view_base + p;
					r->line_blank = 0;
					p++;
					r->span = p; /* the '[' is held back */
					r->state = S_CAND;
					break;
				}
				r->line_blank = 0;
				p++;
			}
			r->pos = p;
			continue;
		case S_CAND: {
			unsigned char c = v[p];
			if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_') {
				r->span = p;
				r->pending = 1;
				r->carry = 1; /* unterminated comment: the next game starts at this tag */
				r->state = S_NORMAL;
				return 1;
			}
			chunk_append(r, (const unsigned char *)"[", 1);
			r->state = S_COMMENT;
			continue;
		}
		case S_LINE:
			while (p < n && kls[v[p]] != K_EOL)
				p++;
			if (p < n)
				r->state = r->ret_state;
			if (p > r->pos)
				r->line_blank = 0;
			r->pos = p;
			continue;
		case S_TAG:
			while (p < n) {
				unsigned char c = v[p];
				if (c == '"') {
					r->state = S_STRING;
				} else if (c == ']') {
					r->state = S_NORMAL;
				} else if (kls[c] == K_EOL) {
					if (r->tag_string) {
						r->state = S_NORMAL;
						break;
					}
					newline(r, p);
					p++;
					continue;
				} else if (kls[c] != K_BLANK) {
					r->line_blank = 0;
				}
				p++;
				if (r->state != S_TAG) {
					r->line_blank = 0;
					break;
				}
			}
			r->pos = p;
			continue;
		case S_STRING:
			/* the opening '"' is on this line, so line_blank is already 0 */
			while (p < n && !string_stop[v[p]])
				p++;
			if (p < n) {
				unsigned char c = v[p];
				if (c == '\\') {
					r->state = S_STRING_ESC;
					p++;
				} else {
					r->state = S_TAG;
					r->tag_string = 1;
					if (c == '"')
						p++;
				}
			}
			r->pos = p;
			continue;
		case S_STRING_ESC:
			r->state = S_STRING;
			if (kls[v[p]] != K_EOL)
				r->pos = p + 1;
			continue;
		case S_ENDED: {
			unsigned char c = v[p];
			if (c == ' ' || c == '\t') {
				r->pos = p + 1;
				continue;
			}
			if (c == '{' || c == ';') {
				r->state = c == '{' ? S_COMMENT : S_LINE;
				r->ret_state = S_ENDED;
				r->ended = 1;
				r->line_blank = 0;
				r->pos = p + 1;
				continue;
			}
			r->state = S_NORMAL;
			cut(r);
			return 1;
		}
		case S_BOM: {
			static const unsigned char mark[3] = { 0xEF, 0xBB, 0xBF };
			while (p < n && r->bom_got < 3 && v[p] == mark[r->bom_got]) {
				p++;
				r->bom_got++;
			}
			if (r->bom_got == 3) {
				/* columns after it count as if it were not there */
				r->bom_count++;
				r->bom_end = r->view_base + p;
				r->ls = p;
				r->ls_col = 1;
				r->state = r->bom_ret;
			} else if (p < n) {
				/* no mark: the bytes matched begin a word, or the comment's text */
				r->line_blank = 0;
				r->state = r->bom_ret;
				if (r->bom_ret == S_NORMAL) {
					r->has_movetext = r->has_words = 1;
					memcpy(r->word, mark, r->bom_got);
					r->word_len = r->bom_got;
					r->state = S_WORD;
				}
			}
			r->pos = p;
			continue;
		}
		}
	}
}

int hamle_reader_next_chunk(hamle_reader *r, hamle_chunk *out)
{
	if (!r || !out)
		return HAMLE_EUSAGE;
	if (r->kind == IN_NONE)
		return hamle_error_set(&r->err, HAMLE_EUSAGE, "the reader has no input");
	int rc = split(r);
	if (rc <= 0)
		return rc == 0 ? HAMLE_ITEROVER : rc;
	if (!r->chunk && !(r->chunk = malloc(r->chunk_cap = 4096)))
		return hamle_error_set(&r->err, HAMLE_ENOMEM, "out of memory");
	r->chunk[r->chunk_len] = '\0';
	out->data = r->chunk;
	out->len = r->chunk_len;
	out->source = r->source;
	out->game = r->g_index;
	out->line = r->g_line;
	out->column = r->g_col;
	out->offset = r->g_offset;
	out->total_len = (r->carry ? r->cand_offset : r->held_len ? r->held_offset : r->view_base + r->pos) -
		r->g_offset;
	out->flags = r->chunk_flags | (r->bom_count ? HAMLE_CHUNK_BOM : 0);
	return HAMLE_OK;
}

int hamle_reader_next_reuse(hamle_reader *r, hamle_game **inout)
{
	if (!r || !inout)
		return HAMLE_EUSAGE;
	hamle_chunk ch;
	int rc = hamle_reader_next_chunk(r, &ch);
	if (rc != HAMLE_OK)
		return rc;
	hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
	o.encoding = r->lim.encoding;
	o.flags = r->lim.flags;
	o.max_game_bytes = r->lim.max_game_bytes;
	o.max_comment_bytes = r->lim.max_comment_bytes;
	o.max_tag_bytes = r->lim.max_tag_bytes;
	o.max_depth = r->lim.max_depth;
	o.max_tokens = r->lim.max_tokens;
	o.max_findings = r->lim.max_findings;
	o.repair = r->lim.repair;
	o.messages = r->lim.messages;
	rc = hamle_game_parse(inout, &ch, &o);
	if (rc < 0)
		return hamle_error_set(&r->err, rc, "out of memory");
	return HAMLE_OK;
}

int hamle_reader_next(hamle_reader *r, hamle_game **out)
{
	if (!out)
		return HAMLE_EUSAGE;
	*out = NULL;
	int rc = hamle_reader_next_reuse(r, out);
	if (rc != HAMLE_OK) {
		hamle_game_free(*out);
		*out = NULL;
	}
	return rc;
}
