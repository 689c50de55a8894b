/* scoresheet_internal.h: the scoresheet wrapper's state and its line scan, shared by
 * scoresheet.c (header lines -> tag lines) and scoresheet_join.c (joining the chunks of one
 * header block). */
#ifndef HAMLE_PGN_SCORESHEET_INTERNAL_H
#define HAMLE_PGN_SCORESHEET_INTERNAL_H

#include <string.h>

#include "hamle/scoresheet.h"
#include "pgn/pattern.h"

/* What pgn_sheet_scan found in data[0..len). */
typedef struct scan_result {
	size_t count, known; /* header lines; of them with a key some locale knows */
	size_t body;         /* where the first line that is neither a header nor blank starts (len: none) */
	size_t last;         /* where the last line starts (len when data ends with a line end) */
	size_t limit_at;     /* where the line that hit a match limit starts ((size_t)-1: none) */
} scan_result;

/* A key's tag, remembered (scoresheet.c key_tag). */
#define SHEET_KEY_MEMO 32
struct sheet_key_memo {
	size_t len; /* key length + 1; 0: empty */
	size_t loc; /* the locale whose pattern found the key */
	char key[40];
	const char *tag;
};

struct hamle_scoresheet {
	const hamle_locale **loc;
	size_t nloc;
	int *groups; /* per locale: the numbers of its header pattern's groups key and value */
	struct sheet_key_memo memo[SHEET_KEY_MEMO];
	pcre2_match_data *md;
	unsigned char *out; /* rewritten chunk */
	size_t out_cap;
	unsigned char *join; /* joined chunks */
	size_t join_cap;
	unsigned char *pend; /* a chunk read ahead */
	size_t pend_cap;
	hamle_chunk pending;
	int has_pending;
	size_t games;
	/* the last rewrite: input offset of the chunk and of each header line */
	size_t last_offset;
	size_t *hdr_off;
	size_t nhdr, hdr_cap;
	const unsigned char *last_out;
	pcre2_match_context *mc; /* the match limits (pgn/pattern.h) */
	/* the header block being joined: its known tags, where the joined text ends (line, column,
	 * a CR last), where its last line starts in join and its length when last found a header */
	const char **tags;
	size_t ntags, tags_cap;
	size_t end_line, end_col;
	int end_cr;
	size_t open, open_checked;
	/* the pending chunk's scan when join_block made one: result, tags[pending_tags..pending_ntags) */
	int pending_scanned;
	scan_result pending_res;
	size_t pending_tags, pending_ntags;
};

/* 3 when the line starts with a byte order mark (files joined with cat: read as if absent), else 0. */
static inline size_t pgn_sheet_bom_len(const void *line, size_t len)
{
	return len >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

/* Grows *buf to hold need bytes: 0 or HAMLE_ENOMEM. */
int pgn_sheet_grow(unsigned char **buf, size_t *cap, size_t need);

/* One header line: the tag name (*tag, *tag_len), whether a locale knows the key, the value span. */
typedef struct header_hit {
	const char *tag;
	size_t tag_len;
	int known;
	size_t vstart, vlen; /* within the line */
} header_hit;

/* Called for each blank line (hit NULL) and header line of a scan; < 0 stops it. */
typedef int (*header_cb)(void *payload, const unsigned char *line, size_t len, size_t eol_len,
	const header_hit *hit);


/* Walks the leading header and blank lines of data. Returns 0 or < 0 (HAMLE_ENOMEM, a callback's
 * failure). A block of unknown keys alone is no header block: callers look at res->known. */
int pgn_sheet_scan(hamle_scoresheet *sc, const unsigned char *data, size_t len, header_cb cb,
	void *payload, scan_result *res);

/* Line and column after d[0..len), given those of d[0]. */
void pgn_sheet_end_of(const unsigned char *d, size_t len, size_t *line, size_t *col);

#endif
