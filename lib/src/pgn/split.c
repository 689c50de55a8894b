/* split.c: the game splitter (raw bytes -> one chunk per game). It sees only ASCII structure (tags,
 * strings, comments, parentheses, words), so it works before decoding in every ASCII-compatible
 * encoding. The lines of typed scoresheets are split_sheet.c's. */
#include <string.h>

#include "compiler.h"
#include "pgn/reader_internal.h"
#include "pgn/scan.h"
#include "pgn/split_internal.h"

/* What a byte is to the fast paths through tag pairs and words, a bit each: SB_TAG_STOP ends a
 * tag's name or the rest of its line ('"', ']' and a line end); SB_NOT_WORD is no part of a word
 * (kls[c] != K_WORD); SB_UNCLEAN is not pgn_clean_byte (a word byte: the game gets no
 * HAMLE_CHUNK_ASCII). */
enum { SB_TAG_STOP = 1, SB_NOT_WORD = 2, SB_UNCLEAN = 4 };
static const unsigned char sb[256] = {
	/* 00 */ 4, 4, 4, 4, 4, 4, 4, 4, 4, 2, 3, 2, 2, 3, 4, 4,
	/* 10 */ 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	/* 20 */ 2, 0, 3, 0, 2, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0,
	/* 30 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 0, 2, 0,
	/* 40 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	/* 50 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 3, 0, 0,
	/* 60 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	/* 70 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 4,
	/* 80 */ 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	/* 90 */ 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	/* A0 */ 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	/* B0 */ 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	/* C0 */ 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	/* D0 */ 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	/* E0 */ 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
	/* F0 */ 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
};

/* From v[q] to the first byte of SB_TAG_STOP (or n); a byte that is not pgn_clean_byte on the way
 * is noted (r->text_odd). */
static size_t tag_run(hamle_reader *r, const unsigned char *v, size_t q, size_t n)
{
	for (;;) {
		while (q < n && !(sb[v[q]] & (SB_TAG_STOP | SB_UNCLEAN)))
			q++;
		if (q >= n || (sb[v[q]] & SB_TAG_STOP))
			return q;
		r->text_odd = 1;
		q++;
	}
}

/* Notes a byte of v[a..b) that is not pgn_clean_byte (r->text_odd), for the paths that are rarely
 * taken (a word across a block's end, tags over lines, ';' comments). */
static void note_unclean(hamle_reader *r, const unsigned char *v, size_t a, size_t b)
{
	for (size_t i = a; i < b && !r->text_odd; i++)
		if (!pgn_clean_byte(v[i]))
			r->text_odd = 1;
}

/* Bytes that stop the run through a comment body: } [ LF CR. */
static const unsigned char comment_stop[256] = {
	['}'] = 1, ['['] = 1, ['\n'] = 1, ['\r'] = 1,
};

/* Bytes that stop the fast run through a tag string: " \ LF CR. */
static const unsigned char string_stop[256] = {
	['"'] = 1, ['\\'] = 1, ['\n'] = 1, ['\r'] = 1,
};



/* Ends the current game before view[pos]. */
/* "1." or "1)" (not "1..." and not "10."): the first move number of a game. */
static int starts_move_one(const unsigned char *v, size_t p, size_t n)
{
	return p + 2 < n && (v[p + 1] == '.' || v[p + 1] == ')') && v[p + 2] != '.';
}

static void cut(hamle_reader *r)
{
	pgn_chunk_flush(r);
	r->pending = 1;
}

/* Ends the current game before view[p], the first non-blank byte of a line. A byte order mark that
 * began the line goes with the next game, with the blanks after it: they are held back from this
 * game's chunk (where the block they came in is gone) and start the next one. */
static void cut_line(hamle_reader *r, size_t p)
{
	r->pos = p;
	cut(r);
	/* the mark is on this line (the line's start, ls, is not compared: a view that begins
	 * after it no longer holds that start) */
	if (LIKELY(!r->bom_end) || r->bom_line != r->line)
		return;
	size_t k = r->view_base + p - (r->bom_end - 3);
	if (k > sizeof(r->held) || k > r->chunk_len || (r->chunk_flags & HAMLE_CHUNK_OVERFLOW))
		return; /* a long run of blanks: the mark stays with this game */
	r->chunk_len -= k;
	memcpy(r->held, pgn_chunk_bytes(r) + r->chunk_len, k);
	r->held_len = k;
	r->held_line = r->line;
	r->held_offset = r->bom_end - 3;
	r->bom_count--;
}

/* view[p] (0xEF) starts a line: it may begin a byte order mark, read in S_BOM (from state ret). */
static void bom_start(hamle_reader *r, size_t p, int ret)
{
	if (ret == S_COMMENT)
		r->comment_odd = 1; /* S_BOM reads its bytes */
	r->pos = p;
	r->bom_got = 0;
	r->bom_ret = ret;
	r->state = S_BOM;
}


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
	const unsigned char *b = pgn_chunk_bytes(r);
	for (size_t i = 0; i < r->chunk_len; i++) {
		unsigned char c = b[i];
		if (kls[c] != K_BLANK && kls[c] != K_EOL && c != 0xEF && c != 0xBB && c != 0xBF)
			return 0;
	}
	return 1;
}

/* Each state runs over the view in a tight loop; lines are counted at line ends, columns only
 * computed where a game starts. */
int pgn_split(hamle_reader *r)
{
	if (r->pending && UNLIKELY(r->stop != SIZE_MAX) &&
	    ((r->held_len && r->held_offset >= r->stop) || (r->carry && r->cand_offset >= r->stop))) {
		r->stopped = 1; /* the next game starts past the stop, with bytes held for it */
		return 0;
	}
	if (r->pending) {
		pgn_split_clear(r);
		if (r->held_len) {
			pgn_split_start_game(r, r->held_line, 1, r->held_offset);
			r->sheet = SH_UNKNOWN;
			pgn_chunk_append(r, r->held, r->held_len);
			r->held_len = 0;
			r->bom_count = 1;
			r->span = r->pos;
		}
		if (r->carry) {
			r->carry = 0;
			pgn_split_start_game(r, r->cand_line, r->cand_col, r->cand_offset);
			pgn_chunk_append(r, (const unsigned char *)"[", 1);
			r->state = S_TAG;
			r->has_tag = 1;
		}
	}
	if (!r->started) {
		if (r->kind != IN_BUFFER) {
			int rc = pgn_reader_refill(r);
			if (rc < 0)
				return rc;
		}
		r->started = 1;
		if (r->view_base == 0 && r->vlen >= 3 && memcmp(r->view, "\xEF\xBB\xBF", 3) == 0)
			r->pos = r->span = r->ls = 3;
	}
	for (;;) {
		if (UNLIKELY(r->pos >= r->vlen)) {
			pgn_chunk_flush(r);
			if (!r->eof) {
				int rc = pgn_reader_refill(r);
				if (rc < 0)
					return rc;
			}
			if (r->pos >= r->vlen && r->eof) {
				if (r->state == S_CAND)
					pgn_chunk_append(r, (const unsigned char *)"[", 1);
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
				if (k == K_WORD && r->in_game && n - p >= 64 && c != 0xEF && !r->sheet) { /* 0xEF: a mark? */
					/* a run that stops soon (a comment after every move: lichess, TCEC) costs
					 * more than the bytes it saves: the next few words go through the byte loop */
					if (r->fast_wait) {
						r->fast_wait--;
					} else {
						size_t got = pgn_split_fast_run(r, v, p);
						if (got && got < FAST_RUN_MIN)
							r->fast_wait = FAST_RUN_WAIT;
						p += got;
						if (p >= n)
							break;
						c = v[p];
						k = kls[c];
					}
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
					if (UNLIKELY(r->view_base + p >= r->stop)) {
						r->pos = p;
						r->stopped = 1;
						return 0;
					}
					r->span = p;
					pgn_split_start_game(r, r->line, pgn_col_at(r, p), r->view_base + p);
					r->sheet = c == '[' ? SH_NONE : SH_UNKNOWN;
				} else if (c == '[' && r->line_blank && r->has_movetext) {
					cut_line(r, p);
					return 1;
				} else if (UNLIKELY(c == '1') && r->line_blank && r->prev_blank && r->has_words &&
					r->depth == 0) {
					/* games without tags or result, separated by a blank line only; "1." read
					 * whole, also where the block ends inside it */
					if (p + 2 >= n && !r->eof && r->kind != IN_BUFFER) {
						int rc = pgn_reader_peek(r, p, 3);
						if (rc < 0)
							return rc;
						p = r->pos;
						break;
					}
					if (starts_move_one(v, p, n)) {
						cut_line(r, p);
						return 1;
					}
				}
				if (UNLIKELY(c == 0xEF) && r->line_blank && pgn_col_at(r, p) == 1) {
					bom_start(r, p, S_NORMAL);
					p = r->pos;
					break;
				}
				if (UNLIKELY(r->sheet) && r->line_blank) {
					/* a line of a game without tags: a scoresheet's? */
					int a = pgn_split_sheet_line(r, p);
					if (a == SL_MORE) {
						int rc = pgn_reader_peek(r, p, SHEET_PEEK);
						if (rc < 0)
							return rc;
						p = r->pos; /* the same byte, with the line's start readable */
						break;
					}
					if (a == SL_CUT) {
						cut_line(r, p);
						return 1;
					}
					if (a == SL_HEADER) { /* skipped to its end: no result in it ends the game */
						r->line_blank = 0;
						r->has_movetext = 1;
						r->state = S_LINE;
						r->ret_state = S_NORMAL;
						note_unclean(r, v, p, p + 1);
						p++;
						break;
					}
				}
				r->line_blank = 0;
				if (UNLIKELY(c == '%') && pgn_col_at(r, p) == 1) {
					r->state = S_LINE;
					r->ret_state = S_NORMAL;
					p++;
					break;
				}
				if (k == K_WORD) {
					r->has_movetext = r->has_words = 1;
					size_t e = p + 1;
					while (e < n && !(sb[v[e]] & (SB_NOT_WORD | SB_UNCLEAN)))
						e++;
					if (UNLIKELY((sb[c] & SB_UNCLEAN) || (e < n && (sb[v[e]] & SB_UNCLEAN)))) {
						r->text_odd = 1;
						while (e < n && kls[v[e]] == K_WORD)
							e++;
					}
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
					size_t q = tag_run(r, v, p, n);
					if (q < n && v[q] == '"') {
						/* the value: runs of printable ASCII up to its '"' (after a byte that
						 * is not pgn_clean_byte, noted, on through pgn_string_stop) */
						q = pgn_plain_value_end(v, q + 1, n);
						while (q < n && !string_stop[v[q]]) {
							if (!pgn_clean_byte(v[q]))
								r->text_odd = 1;
							q = r->text_odd ? pgn_string_stop(v, q + 1, n) : pgn_plain_value_end(v, q + 1, n);
						}
						if (q < n && v[q] == '"') {
							q = tag_run(r, v, q + 1, n);
							if (q < n && v[q] == ']') {
								p = q + 1;
								continue;
							}
						}
					}
				}
				switch (c) {
				case '{':
					/* the line is not blank (no '[' to look at): while its bytes are plain,
					 * the comment is read here up to its '}', else from where they stop
					 * in S_COMMENT */
					if (!r->comment_odd) {
						p = pgn_comment_stop_odd(v, p, n, 0);
						if (p < n && v[p] == '}') {
							p++;
							break;
						}
					}
					r->state = S_COMMENT;
					r->ret_state = S_NORMAL;
					break;
				case ';': r->state = S_LINE; r->ret_state = S_NORMAL; break;
				case '[': r->state = S_TAG; r->tag_string = 0; break;
				case '(': r->depth++; break;
				case ')': if (r->depth) r->depth--; break;
				case '$': r->state = S_NAG; break; /* its digits are no word (no "1-0" in "$1-0") */
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
			note_unclean(r, v, p, e);
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
					/* '[' matters only as a line's first byte but blanks (a tag after a blank
					 * line: the comment was never closed); until a byte that is not plain is
					 * met, the run also stops at one (the game's chunk is then not
					 * HAMLE_CHUNK_PLAIN_COMMENTS) */
					size_t e;
					if (LIKELY(!r->comment_odd) && pgn_comment_plain_byte(c)) {
						e = pgn_comment_stop_odd(v, p + 1, n, r->line_blank);
					} else {
						r->comment_odd = 1;
						e = pgn_comment_stop(v, p + 1, n, r->line_blank);
					}
					if (r->line_blank) {
						size_t k = p;
						while (k < e && kls[v[k]] == K_BLANK)
							k++;
						if (UNLIKELY(k < e && v[k] == 0xEF) && pgn_col_at(r, k) == 1) {
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
					pgn_chunk_flush(r);
					r->cand_line = r->line;
					r->cand_col = pgn_col_at(r, p);
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
			pgn_chunk_append(r, (const unsigned char *)"[", 1);
			r->state = S_COMMENT;
			continue;
		}
		case S_NAG:
			/* a NAG's digits, as the lexer reads them (also past a block's end) */
			while (p < n && v[p] >= '0' && v[p] <= '9') {
				r->has_words = 1; /* as when they were read as a word */
				p++;
			}
			if (p < n)
				r->state = S_NORMAL;
			r->pos = p;
			continue;
		case S_LINE:
			while (p < n && kls[v[p]] != K_EOL)
				p++;
			note_unclean(r, v, r->pos, p);
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
					if (!pgn_clean_byte(c))
						r->text_odd = 1;
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
			note_unclean(r, v, r->pos, p);
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
			if (kls[v[p]] != K_EOL) {
				note_unclean(r, v, p, p + 1);
				r->pos = p + 1;
			}
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
			r->text_odd = 1; /* a mark, or the bytes of a word */
			while (p < n && r->bom_got < 3 && v[p] == mark[r->bom_got]) {
				p++;
				r->bom_got++;
			}
			if (r->bom_got == 3) {
				/* columns after it count as if it were not there */
				r->bom_count++;
				r->bom_end = r->view_base + p;
				r->bom_line = r->line;
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
