/* parse.c: one raw game chunk -> a game object (decode, then a scoresheet's header lines, then lex).
 * Usable in worker threads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "pgn/encoding.h"
#include "pgn/game_internal.h"
#include "pgn/lexer.h"
#include "pgn/sheet.h"

static int set_source(hamle_game *g, const char *source)
{
	if (!source)
		source = "<input>";
	if (g->source && strcmp(g->source, source) == 0)
		return 0;
	size_t n = strlen(source) + 1;
	if (pgn_grow((void **)&g->source, &g->source_cap, n, 1) < 0)
		return HAMLE_ENOMEM;
	memcpy(g->source, source, n);
	return 0;
}

/* Line and column just after raw[0..len), given the start position. */
static void end_position(const unsigned char *raw, size_t len, size_t *line, size_t *col)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = raw[i];
		if (c == '\n' || (c == '\r' && !(i + 1 < len && raw[i + 1] == '\n'))) {
			(*line)++;
			*col = 1;
		} else if (c != '\r' && (c & 0xC0) != 0x80) {
			(*col)++;
		}
	}
}

/* An "encoding" warning for each byte order mark that starts a line of the chunk (the splitter and
 * the decoder read the text as if it were not there). Returns 0 or HAMLE_ENOMEM. */
static int bom_findings(hamle_game *g, const hamle_chunk *chunk)
{
	const unsigned char *s = g->raw;
	size_t n = g->raw_len, line = chunk->line;
	int at_start = chunk->column == 1;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = s[i];
		if (at_start && c == 0xEF && n - i >= 3 && s[i + 1] == 0xBB && s[i + 2] == 0xBF) {
			if (pgn_game_add_finding_t(g, HAMLE_SEVERITY_WARNING, HAMLE_EENCODING, "encoding", line, 1,
				    chunk->offset + i, NULL, 0, "bom_dropped",
				    "byte order mark (U+FEFF) at the start of a line dropped (files joined?)", 0, NULL) < 0)
				return HAMLE_ENOMEM;
			i += 2; /* the line still starts after it */
			continue;
		}
		at_start = c == '\n' || c == '\r';
		if (c == '\n' || (c == '\r' && !(i + 1 < n && s[i + 1] == '\n')))
			line++;
	}
	return 0;
}

/* The "truncated" warning: the input ends before the game's termination marker. It points after
 * the game's last character (trailing blanks left out). Returns 0 or HAMLE_ENOMEM. */
static int truncated_finding(hamle_game *g, const hamle_chunk *chunk)
{
	const char *t = g->text;
	size_t end = g->text_len;
	while (end > 0 && (t[end - 1] == ' ' || (t[end - 1] >= '\t' && t[end - 1] <= '\r')))
		end--;
	size_t line = chunk->line, col = chunk->column;
	end_position((const unsigned char *)t, end, &line, &col);
	return pgn_game_add_finding_t(g, HAMLE_SEVERITY_WARNING, HAMLE_ESYNTAX, "truncated", line, col,
		g->offset + pgn_game_raw_pos(g, end), NULL, 0, "truncated",
		"the input ends inside the game: no termination marker (1-0, 0-1, 1/2-1/2 or *)", 0, NULL);
}

int pgn_game_parse(hamle_game **inout, const hamle_chunk *chunk, const hamle_reader_options *opts,
	int tags_only)
{
	if (!inout || !chunk)
		return HAMLE_EUSAGE;
	hamle_game *g = *inout;
	if (!g) {
		g = calloc(1, sizeof(*g));
		if (!g)
			return HAMLE_ENOMEM;
		*inout = g;
	}
	pgn_limits lim;
	pgn_limits_resolve(&lim, opts);
	pgn_game_reset(g);
	g->max_findings = lim.max_findings;
	g->messages = lim.messages;
	if (set_source(g, chunk->source) < 0)
		return HAMLE_ENOMEM;
	g->index = chunk->game;
	g->line = chunk->line;
	g->column = chunk->column;
	g->offset = chunk->offset;
	g->chunk_flags = chunk->flags;
	if (chunk->len > (size_t)-1 - 1 - PGN_TEXT_PAD ||
	    pgn_grow((void **)&g->raw, &g->raw_cap, chunk->len + 1 + PGN_TEXT_PAD, 1) < 0)
		return HAMLE_ENOMEM;
	if (chunk->len)
		memcpy(g->raw, chunk->data, chunk->len);
	memset(g->raw + chunk->len, 0, 1 + PGN_TEXT_PAD);
	g->raw_len = chunk->len;
	int rc = pgn_decode(g, &lim, chunk->line, chunk->column);
	if (rc < 0)
		return rc;
	if (UNLIKELY(chunk->flags & HAMLE_CHUNK_BOM) && bom_findings(g, chunk) < 0)
		return HAMLE_ENOMEM;
	int overflow = (chunk->flags & HAMLE_CHUNK_OVERFLOW) != 0;
	if (overflow) {
		size_t line = chunk->line, col = chunk->column;
		end_position(g->raw, g->raw_len, &line, &col);
		size_t total = chunk->total_len > chunk->len ? chunk->total_len : chunk->len;
		char nt[24], nl[24];
		snprintf(nt, sizeof(nt), "%zu", total);
		snprintf(nl, sizeof(nl), "%zu", lim.max_game_bytes);
		const char *args[2] = {nt, nl};
		rc = pgn_game_add_finding_t(g, HAMLE_SEVERITY_ERROR, HAMLE_ELIMIT, "limit", line, col,
			chunk->offset + chunk->len, NULL, 0, "limit_game",
			"game of %s bytes exceeds the limit of %s bytes; its movetext is not read", 2, args);
		if (rc < 0)
			return rc;
	}
	if ((chunk->flags & HAMLE_CHUNK_SCORESHEET) && (rc = pgn_sheet_read(g, &lim, chunk->line, chunk->column)) < 0)
		return rc;
	rc = pgn_lex(g, &lim, chunk->line, chunk->column, overflow || tags_only);
	if (rc < 0)
		return rc;
	if (UNLIKELY(chunk->flags & HAMLE_CHUNK_TRUNCATED) && truncated_finding(g, chunk) < 0)
		return HAMLE_ENOMEM;
	if (lim.flags & HAMLE_READ_REPAIR_TR) {
		if (lim.repair)
			hamle_game_repair_mojibake(g, lim.repair);
		else
			hamle_game_repair_turkish(g);
	}
	return 0;
}

int hamle_game_parse(hamle_game **inout, const hamle_chunk *chunk, const hamle_reader_options *opts)
{
	return pgn_game_parse(inout, chunk, opts, 0);
}

int hamle_game_parse_tags(hamle_game **inout, const hamle_chunk *chunk, const hamle_reader_options *opts)
{
	return pgn_game_parse(inout, chunk, opts, 1);
}
