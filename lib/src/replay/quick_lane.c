/* quick_lane.c: the quick lane's entry points (hamle/replay.h): a game's chunk, the reader's next
 * game in one pass, and the findings of a game's tags alone; each reads the tags (quick_tags.c) or
 * has the tag reader read them, sets the start position up and has quick.c judge the movetext. */
#include <string.h>

#include "pgn/game_internal.h"
#include "pgn/reader_quick.h"
#include "replay/ending.h"
#include "replay/quick_internal.h"
#include "replay/quick_tags.h"
#include "replay/replay_internal.h"

/* A chunk over its limit, cut short, or with a byte order mark inside: findings the full path
 * makes; a game without tags (a typed scoresheet) lacks the roster or has header lines the lane
 * does not read. */
#define CHUNK_FULL_PATH (HAMLE_CHUNK_OVERFLOW | HAMLE_CHUNK_TRUNCATED | HAMLE_CHUNK_BOM | HAMLE_CHUNK_SCORESHEET)

/* What quick_raw does with a game whose tags lack a Seven Tag Roster name (that finding alone). */
enum { TAGS_NONE, TAGS_READER, TAGS_LATER };

/* 1 when the plain tags' Variant (none, or its value v[0..len)) is standard chess, the only rules
 * the lane plays by (else the tag reader's route tells which: Chess960, or one not supported). */
static int quick_standard(const char *v, size_t len)
{
	char text[64];
	if (!v)
		return 1;
	if (len >= sizeof(text))
		return 0;
	memcpy(text, v, len);
	text[len] = '\0';
	return hamle_variant_kind(text) == HAMLE_VARIANT_STANDARD;
}

/* rp->start from a FEN tag's plain value fen[0..len), as replay_setup_start sets it up from the
 * tag reader's (the same bytes): 1, or 0 when it does not parse (or is longer than a FEN can be). */
static int quick_fen(hamle_replay *rp, const char *fen, size_t len)
{
	char text[HAMLE_FEN_MAX];
	if (len >= sizeof(text))
		return 0;
	memcpy(text, fen, len);
	text[len] = '\0';
	return hamle_position_parse(&rp->start, text, NULL) == HAMLE_OK;
}

/* The lane on the input's own bytes s[0..n) (a chunk's, or the view's: open). raw: the reader did
 * not vouch for the comments' bytes. *read_tags is set to 1 when the tags were read here (then
 * the answer stands: decoding and the lexer would give the same bytes, or a roster tag is missing),
 * 0 when they need the lexer; *wide_at to where the movetext starts when only bytes from 0x80 in
 * tag values or a start position kept them from being read here (0: not so). */
static int quick_raw(hamle_replay *rp, const hamle_locale *loc, const char *s, size_t n, int raw,
	const pgn_limits *lim, int *read_tags, size_t *wide_at, struct quick_open *open, int tag_findings)
{
	struct quick_tags qt;
	int wide = 0, missing = 0;
	size_t at = replay_quick_tags(s, n, lim->max_tag_bytes, &qt, &wide);
	if (at && !quick_standard(qt.variant, qt.variant_len))
		wide = 1; /* read on as a value with bytes from 0x80: the tag reader's route */
	if (at && qt.roster != 0x7Fu) {
		/* a Seven Tag Roster name missing is a finding: given up at once, or (TAGS_READER) the
		 * tags alone read by the tag reader, which reports it, or (TAGS_LATER, plain tags) the
		 * movetext judged here and 2 answered: the caller has the tags' findings made */
		if (tag_findings != TAGS_LATER || wide) {
			*wide_at = tag_findings ? at : 0;
			*read_tags = !tag_findings;
			return 0;
		}
		missing = 1;
	}
	*wide_at = wide ? at : 0;
	*read_tags = at != 0 && !wide;
	if (wide || !at)
		return 0;
	rp->game = NULL;
	if (!qt.fen) {
		rp->start = rp->standard;
	} else if (!quick_fen(rp, qt.fen, qt.fen_len)) {
		/* a FEN the lane does not set up: the tag reader's (which reports what is wrong) */
		*wide_at = at;
		*read_tags = 0;
		return 0;
	}
	rp->start_ok = 1;
	hamle_result tag_res = qt.result ? hamle_result_parse(qt.result, qt.result_len) : HAMLE_RESULT_NONE;
	int q = replay_quick_judge(rp, loc, s, at, n, lim, raw, tag_res, qt.forfeit, open);
	return q == 1 && missing ? 2 : q;
}

/* The replay's per-game results, cleared for a new judgement. */
static void quick_reset(hamle_replay *rp)
{
	rp->nfindings = rp->nerrors = rp->nwarnings = 0;
	rp->first_error = (size_t)-1;
	rp->plies = 0;
	rp->final_state = 0;
}

/* The locale the lane reads in, or NULL when the options leave the lane out (a finding of their
 * own, or text the full path repairs). */
static const hamle_locale *quick_locale(const hamle_replay *rp, const hamle_reader_options *opts)
{
	if (rp->opts.flags & (HAMLE_REPLAY_STRICT | HAMLE_REPLAY_REPAIR_TR | HAMLE_REPLAY_KEEP_POSITIONS))
		return NULL;
	if (opts && (opts->flags & HAMLE_READ_REPAIR_TR))
		return NULL;
	const hamle_locale *loc = rp->opts.from ? rp->opts.from : rp->en;
	return loc && !loc->repair_mojibake ? loc : NULL;
}

/* hamle_replay_quick_next, and with tag_findings (TAGS_LATER) hamle_replay_quick_next_findings. */
static int quick_next(hamle_replay *rp, hamle_reader *r, const hamle_reader_options *opts, hamle_chunk *out,
	int tag_findings)
{
	if (!rp || !r || !out)
		return HAMLE_EUSAGE;
	const hamle_locale *loc = quick_locale(rp, opts);
	pgn_limits lim;
	pgn_limits_resolve(&lim, opts);
	const unsigned char *s;
	size_t n;
	struct quick_open open = {0, 0, 0, 0};
	if (!loc || lim.encoding != HAMLE_ENCODING_AUTO || !pgn_reader_quick_peek(r, &s, &n, &open.eof))
		return 0;
	quick_reset(rp);
	rp->loc = loc;
	int read_tags;
	size_t wide_at;
	int q = quick_raw(rp, loc, (const char *)s, n, 1, &lim, &read_tags, &wide_at, &open, tag_findings);
	if (q != 1 && q != 2)
		return q < 0 ? q : 0;
	int rc = pgn_reader_quick_take(r, open.end, open.lines, open.ls, out);
	return rc == 1 ? q : rc;
}

int hamle_replay_quick_next(hamle_replay *rp, hamle_reader *r, const hamle_reader_options *opts,
	hamle_chunk *out)
{
	return quick_next(rp, r, opts, out, TAGS_NONE);
}

int hamle_replay_quick_next_findings(hamle_replay *rp, hamle_reader *r, const hamle_reader_options *opts,
	hamle_chunk *out)
{
	return quick_next(rp, r, opts, out, TAGS_LATER);
}

/* The tags alone (chunk's first head_len bytes; all of it for 0) through the tag reader: rp->game
 * set to *game, the tags' findings made (*tagf: the roster's missing names, allowed with
 * findings) and the start set up. 1; 0 when anything else was found, or a finding not allowed;
 * negative on error. */
static int quick_tag_reader(hamle_replay *rp, hamle_game **game, const hamle_chunk *chunk, size_t head_len,
	const hamle_reader_options *opts, int findings, size_t *tagf)
{
	hamle_chunk head = *chunk;
	if (head_len)
		head.len = head_len;
	int rc = pgn_game_parse(game, &head, opts, 1);
	if (rc < 0)
		return rc;
	rp->game = *game;
	if (rp->game->nfindings)
		return 0;
	replay_scan_tags(rp);
	if (rp->nfindings)
		return 0;
	/* the roster's missing names: a warning of the tags alone, which hamle_replay_run reports first
	 * (and the lane only where nothing else would follow it) */
	replay_check_tags(rp);
	*tagf = rp->nfindings;
	if ((*tagf && !findings) || replay_setup_start(rp) || rp->nfindings != *tagf)
		return 0;
	rp->start_ok = 1;
	return 1;
}

/* hamle_replay_quick, and with tag_findings hamle_replay_quick_findings (2: a clean movetext, the
 * tags' findings reported). */
static int quick_chunk(hamle_replay *rp, hamle_game **game, const hamle_chunk *chunk,
	const hamle_reader_options *opts, int tag_findings)
{
	if (!rp || !game || !chunk)
		return HAMLE_EUSAGE;
	if (chunk->flags & CHUNK_FULL_PATH)
		return 0;
	const hamle_locale *loc = quick_locale(rp, opts);
	if (!loc)
		return 0;
	pgn_limits lim;
	pgn_limits_resolve(&lim, opts);
	quick_reset(rp);
	rp->loc = loc;
	size_t wide_at = 0;
	if (lim.encoding == HAMLE_ENCODING_AUTO) {
		/* plain ASCII tags and movetext need neither decoding nor the lexer */
		int read_tags = 0;
		int q = quick_raw(rp, loc, (const char *)chunk->data, chunk->len,
			!(chunk->flags & HAMLE_CHUNK_PLAIN_COMMENTS), &lim, &read_tags, &wide_at, NULL,
			tag_findings ? TAGS_READER : TAGS_NONE);
		if (q != 0 || read_tags)
			return q;
		quick_reset(rp);
	}
	/* tags with bytes from 0x80 before a movetext: the tags alone are decoded and lexed, the
	 * movetext is read raw (the lane gives up at any byte in it that is not ASCII, so its decoding
	 * would change nothing, and the game's encoding is told by the tags' bytes alone) */
	size_t tagf;
	int rc = quick_tag_reader(rp, game, chunk, wide_at, opts, tag_findings, &tagf);
	if (rc <= 0)
		return rc;
	hamle_game *g = *game;
	const char *tag = rp->tag_result;
	hamle_result tag_res = tag ? hamle_result_parse(tag, strlen(tag)) : HAMLE_RESULT_NONE;
	const char *term = hamle_game_tag(g, "Termination");
	int forfeit = term && replay_time_forfeit(term, strlen(term)), q;
	if (wide_at)
		q = replay_quick_judge(rp, loc, (const char *)chunk->data, wide_at, chunk->len, &lim,
			!(chunk->flags & HAMLE_CHUNK_PLAIN_COMMENTS), tag_res, forfeit, NULL);
	else
		q = replay_quick_judge(rp, loc, g->text, g->movetext_at, g->text_len, &lim, 0, tag_res, forfeit, NULL);
	return q == 1 && tagf ? 2 : q;
}

int hamle_replay_quick(hamle_replay *rp, hamle_game **game, const hamle_chunk *chunk,
	const hamle_reader_options *opts)
{
	return quick_chunk(rp, game, chunk, opts, 0);
}

int hamle_replay_quick_findings(hamle_replay *rp, hamle_game **game, const hamle_chunk *chunk,
	const hamle_reader_options *opts)
{
	return quick_chunk(rp, game, chunk, opts, 1);
}

int hamle_replay_quick_tag_findings(hamle_replay *rp, hamle_game **game, const hamle_chunk *chunk,
	const hamle_reader_options *opts, unsigned plies)
{
	if (!rp || !game || !chunk)
		return HAMLE_EUSAGE;
	const hamle_locale *loc = quick_locale(rp, opts);
	pgn_limits lim;
	pgn_limits_resolve(&lim, opts);
	if (!loc || lim.encoding != HAMLE_ENCODING_AUTO ||
	    (chunk->flags & CHUNK_FULL_PATH))
		return 0;
	quick_reset(rp);
	rp->loc = loc;
	struct quick_tags qt;
	int wide = 0;
	size_t at = replay_quick_tags((const char *)chunk->data, chunk->len, lim.max_tag_bytes, &qt, &wide);
	if (!at || wide || qt.roster == 0x7Fu || !quick_standard(qt.variant, qt.variant_len))
		return 0;
	/* the tags alone through the tag reader, as hamle_replay_quick_findings reads them */
	size_t tagf;
	int rc = quick_tag_reader(rp, game, chunk, at, opts, 1, &tagf);
	if (rc <= 0 || !tagf)
		return rc;
	rp->plies = plies;
	return 2;
}
