/* hamle/scoresheet.h: typed scoresheets (not PGN) in front of the PGN reader.
 *
 * A typed scoresheet is text such as
 *     Beyaz: Kübra Öztürk
 *     Siyah: Hatice Muştu
 *     Sonuç: 1-0
 *
 *     1. e4 e5
 *     2) Af3 Ac6
 *     3<TAB>Fc4<TAB>Fc5
 *     1-0
 * Its movetext (one move pair per line, "1. e4 e5", "1 e4 e5", "1) e4 e5", "1.e4 e5", tab
 * columns, "(=)" after a move, a result line) is read by the PGN lexer as it is. What the lexer
 * cannot read are the header lines `Key: value`; this module recognises them with the locales'
 * PCRE2 patterns (scoresheet.patterns.header in the locale YAML files) and maps each key to its PGN tag
 * through the locales' header tables (Beyaz -> White, Weiß -> White, Sonuç -> Result, ...).
 *
 * hamle_scoresheet_next_chunk wraps hamle_reader_next_chunk: a chunk whose leading lines are
 * headers is rewritten so that each header line becomes a tag-pair line ([White "Kübra Öztürk"]),
 * keeping the number of lines: lines and columns of every movetext token stay those of the input.
 * The reader ends a game after a result word, so "Sonuç: 1-0" cuts a scoresheet in two; a chunk
 * made only of header lines is therefore joined with the chunks that follow while they are header
 * lines, up to and including the first chunk holding something else (the sheet's movetext). One
 * game per header block: a chunk that starts a line with a header line whose key maps to a tag
 * the block has already (a second "Beyaz:") starts the next game, as a chunk starting with a PGN
 * tag does. Joining takes time linear in the input. A key no locale knows becomes
 * a tag of that name when it is a valid tag name (ASCII letters, digits, '_') and the block holds
 * at least one known key (so "de: 1.e4 e5" is not a header); any other line ends the block. PGN input passes through untouched (no copy).
 *
 * Header patterns run under the match limits of every PCRE2 match in hamle (a million
 * backtracking steps, or 16 per byte of a longer line; a depth limit). A line on which a pattern
 * hits one is undecided: it ends the header block, stays as it is, and the chunk gets
 * HAMLE_CHUNK_PATTERN_LIMIT with the line's position, which hamle_game_parse turns into a `limit`
 * error of the game (no later locale decides a line an earlier one could not).
 *
 * Games are numbered by this wrapper (chunk.game counts the chunks it hands out, from 1).
 * Byte offsets of movetext tokens stay exact: a rewritten chunk's offset is shifted back by the
 * growth of the header block (modulo 2^64), so call hamle_scoresheet_fix_offsets after
 * hamle_game_parse to give the game and its tags their input offsets back.
 *
 * Header lines must be UTF-8 (or ASCII: "Sonuc"); lines in other encodings end the header block.
 * One wrapper per reader and thread; the locales are borrowed and must outlive it. */
#ifndef HAMLE_SCORESHEET_H
#define HAMLE_SCORESHEET_H

#include "hamle/common.h"
#include "hamle/locale.h"
#include "hamle/pgn.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hamle_scoresheet hamle_scoresheet;

/* locales: where header patterns and keys are looked up, in order (first match wins). */
HAMLE_EXTERN int hamle_scoresheet_new(hamle_scoresheet **out, const hamle_locale *const *locales,
	size_t n);
HAMLE_EXTERN void hamle_scoresheet_free(hamle_scoresheet *sc); /* NULL-safe */

/* Next chunk of r, scoresheet headers rewritten. Returns HAMLE_OK with *out set (data valid until
 * the next call on sc or r), HAMLE_ITEROVER at the end, < 0 on failure (HAMLE_EIO: see hamle_reader_error;
 * HAMLE_ENOMEM). */
HAMLE_EXTERN int hamle_scoresheet_next_chunk(hamle_scoresheet *sc, hamle_reader *r, hamle_chunk *out);

/* Rewrites one chunk on its own (no joining). Returns the number of header lines rewritten (0:
 * *out = *in, nothing copied) or HAMLE_ENOMEM. out->data is owned by sc until the next call. */
HAMLE_EXTERN int hamle_scoresheet_rewrite(hamle_scoresheet *sc, hamle_chunk *out, const hamle_chunk *in);

/* After hamle_game_parse(&g, chunk, ...) of the chunk last returned: the game's offset and its
 * tags' offsets become those of the input (the scoresheet's first line, each header line). A
 * chunk that was not rewritten is left alone. */
HAMLE_EXTERN void hamle_scoresheet_fix_offsets(const hamle_scoresheet *sc, const hamle_chunk *chunk,
	hamle_game *g);

/* The input offsets of the chunk last rewritten (for a game parsed in another thread): *game_offset
 * and, per rewritten header line, tag_offsets[0..return value). 0 when the last chunk was not
 * rewritten. Valid until the next call on sc. */
HAMLE_EXTERN size_t hamle_scoresheet_last_offsets(const hamle_scoresheet *sc, size_t *game_offset,
	const size_t **tag_offsets);
/* Gives a game parsed from a rewritten chunk its input offsets back (see above). */
HAMLE_EXTERN void hamle_scoresheet_apply_offsets(hamle_game *g, size_t game_offset,
	const size_t *tag_offsets, size_t n);

/* Number of leading header lines of data[0..len) (blank lines before and between them allowed);
 * *only_headers is set to 1 when nothing but headers and blank lines follow. */
HAMLE_EXTERN size_t hamle_scoresheet_headers(hamle_scoresheet *sc, const unsigned char *data, size_t len,
	int *only_headers);

#ifdef __cplusplus
}
#endif
#endif
