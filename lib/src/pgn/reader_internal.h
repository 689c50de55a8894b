/* reader_internal.h: the reader's state, shared by reader.c (input blocks, the chunk being built,
 * the reader's life) and split.c (the splitter) and split_sheet.c (the lines of typed scoresheets). */
#ifndef HAMLE_PGN_READER_INTERNAL_H
#define HAMLE_PGN_READER_INTERNAL_H

#include <stdint.h>

#include "pgn/game_internal.h"

#define BLOCK_SIZE ((size_t)1 << 18)

enum { IN_NONE, IN_FILE, IN_BUFFER, IN_FN, IN_MAPPED };
/* Bytes of a mapped input (IN_MAPPED) the splitter sees at once: a slice, as a block of a stream. */
#define MAP_SLICE ((size_t)1 << 21)
enum { S_NORMAL, S_WORD, S_COMMENT, S_CAND, S_LINE, S_TAG, S_STRING, S_STRING_ESC, S_ENDED, S_BOM, S_NAG };

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

#define PGN_MAX_SHEET_LOCALES 64

struct hamle_reader {
	pgn_limits lim;
	hamle_locale *repair; /* owned: the built-in "tr" for HAMLE_READ_REPAIR_TR without options.repair */
	/* owned: the built-in locales for scoresheets without options.sheet_locales (loaded at the
	 * first sheet hamle_reader_next reads) */
	hamle_locale *sheet_owned[PGN_MAX_SHEET_LOCALES];
	size_t n_sheet;
	int kind;
	FILE *f;
	hamle_read_fn fn;
	void *payload;
	const unsigned char *map; /* IN_MAPPED: the whole input (map_len bytes), seen a slice at a time */
	size_t map_len, map_slice; /* map_slice: MAP_SLICE (a test makes it small; 3 at least) */
	hamle_done_fn done;
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
	unsigned fast_wait; /* words the byte loop takes before the next 64-byte run (split.c) */

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
	size_t bom_line;    /* the line it is on (a mark begins a line: see cut_line) */
	unsigned char held[32]; /* a mark and blanks that start the next game (see cut_line) */
	size_t held_len, held_line, held_offset;
	size_t depth, word_len;
	unsigned char word[16];
	size_t g_line, g_col, g_offset, g_index;
	unsigned char *chunk;
	size_t chunk_len, chunk_cap;
	/* the chunk's bytes where they lie in the view (NULL: in chunk): a game whose bytes follow one
	 * another in one view is handed out from there, not copied (pgn_chunk_flush) */
	const unsigned char *vchunk;
	unsigned int chunk_flags;
	size_t cand_line, cand_col, cand_offset;
	int carry; /* the next game starts with a '[' already consumed */
	int comment_odd; /* a byte of the game's comments is not pgn_comment_plain_byte (or was not
	                  * looked at): no HAMLE_CHUNK_PLAIN_COMMENTS */
	int text_odd; /* a byte of the game outside its comments is not pgn_clean_byte (or was not
	               * looked at): no HAMLE_CHUNK_ASCII */
	/* typed scoresheets (split_sheet.c): what the game's lines have been so far (SH_*), and a
	 * hash of each key of its header block */
	int sheet;
	size_t nkeys;
	uint64_t keys[16];
	/* games that start at or after offset stop are not handed out (hamle_reader_set_stop): the
	 * reader stops before the first, with stopped set; fork_start: a fork's first offset (0: the
	 * reader reads its input from the start) */
	size_t stop, fork_start;
	int stopped;
};

/* The lines of a game without tags (split_sheet.c): SH_UNKNOWN until its first line is seen;
 * SH_HEAD while every line has been a header line (or blank); SH_BODY after; SH_NONE when the
 * first line was none (no more looking). */
enum { SH_NONE = 0, SH_UNKNOWN, SH_HEAD, SH_BODY };
/* What a line that starts at view[p] is to the splitter (pgn_split_sheet_line). */
enum {
	SL_NONE,   /* read as any line */
	SL_HEADER, /* a header line of the header block: the splitter skips it to its end */
	SL_CUT,    /* the next sheet starts here */
	SL_MORE    /* the line's first SHEET_PEEK bytes are not in the view yet (pgn_reader_peek) */
};
#define SHEET_PEEK 256    /* bytes of a line enough to see its key, ':' and the word after it */
#define SHEET_KEY_MAX 160 /* bytes of a key (the header patterns take 40 characters) */

/* Number of characters (bytes but UTF-8 continuation bytes) in s[0..n). */
static inline size_t pgn_count_chars(const unsigned char *s, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		c += (s[i] & 0xC0) != 0x80;
	return c;
}

/* Column of view[p] (p on the current line). */
static inline size_t pgn_col_at(const hamle_reader *r, size_t p)
{
	return r->ls_col + pgn_count_chars(r->view + r->ls, p - r->ls);
}

/* reader.c: the next block of input (the first one holds at least 3 bytes, or all input, for
 * the BOM check): 0 or < 0 (I/O). */
int pgn_reader_refill(hamle_reader *r);
/* reader.c: appends p[0..n) to the chunk (up to max_game_bytes: then HAMLE_CHUNK_OVERFLOW). */
void pgn_chunk_append(hamle_reader *r, const unsigned char *p, size_t n);
/* reader.c: view[span..pos) into the chunk (when in a game); span = pos. While the chunk's bytes
 * follow one another in the view they are not copied (r->vchunk points at them); the view must
 * then not change before pgn_chunk_own (refill and peek call it). */
void pgn_chunk_flush(hamle_reader *r);
/* reader.c: the chunk's bytes copied into r->chunk when they are still in the view. */
void pgn_chunk_own(hamle_reader *r);
/* reader.c: out's fields but data (len, source, game, line, column, offset, total_len, flags) from
 * the game just split. */
void pgn_chunk_describe(const hamle_reader *r, hamle_chunk *out);
/* The chunk's bytes so far (chunk_len of them). */
static inline const unsigned char *pgn_chunk_bytes(const hamle_reader *r)
{
	return r->vchunk ? r->vchunk : r->chunk;
}

/* reader.c: makes view[p..p+need) readable (moving view[p..) to the block's start and reading
 * more after it), or all there is when the input ends first. view[span..p) goes into the chunk
 * first; after the call the byte that was view[p] is view[r->pos]. 0 or < 0 (I/O). */
int pgn_reader_peek(hamle_reader *r, size_t p, size_t need);

/* split_sheet.c: what the line that starts at view[p] (its first non-blank byte) is, in a game
 * without tags (r->sheet != SH_NONE): SL_*; updates r->sheet and the header block's keys. */
int pgn_split_sheet_line(hamle_reader *r, size_t p);

/* split.c: splits until a game is complete (1), the input ends with no game (0), or I/O fails
 * (< 0). */
int pgn_split(hamle_reader *r);

#endif
