/* record.c: a read and replayed game as one flat record (hamle_writer_record), and many games a
 * call (hamle_writer_records, hamle_writer_verdicts), for bindings that cross into the library once
 * per batch of games rather than once per field (the Python package). See hamle/writer.h. */
#include <stdint.h>
#include <string.h>

#include "hamle/bridge.h"
#include "hamle/writer.h"
#include "write/writer_internal.h"

#define RS '\x1e' /* between the fields of a record */
#define US '\x1f' /* between the items of a field */
#define GS '\x1d' /* between the entries of the findings and bridges fields */
#define FS '\x1c' /* after each record */

static void put_int(hamle_writer *w, long long v)
{
	if (v < 0) {
		wr_putc(w, '-');
		v = -v;
	}
	wr_uint(w, (unsigned long long)v);
}

/* A text field, its bytes as they are but the record's separators (never in a decoded game's
 * text, which holds no control character but blanks and line ends), written as spaces. */
static void put_text(hamle_writer *w, const char *s, size_t n)
{
	/* the common case, no such byte, tested 8 bytes at a time: a byte is 0x1C to 0x1F when its
	 * top six bits are 000111 */
	const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t x;
		memcpy(&x, s + i, 8);
		uint64_t y = (x & (0xfc * ones)) ^ (0x1c * ones);
		if ((y - ones) & ~y & high)
			break;
	}
	for (; i < n; i++)
		if (((unsigned char)s[i] & 0xfc) == 0x1c)
			break;
	if (i == n) {
		wr_put(w, s, n);
		return;
	}
	size_t run = 0;
	for (; i < n; i++)
		if (((unsigned char)s[i] & 0xfc) == 0x1c) {
			wr_put(w, s + run, i - run);
			wr_putc(w, ' ');
			run = i + 1;
		}
	wr_put(w, s + run, n - run);
}

static void put_str(hamle_writer *w, const char *s)
{
	if (s)
		put_text(w, s, strlen(s));
}

static void put_finding(hamle_writer *w, const hamle_diagnostic *d)
{
	put_str(w, d->id);
	wr_putc(w, US);
	put_int(w, d->severity);
	wr_putc(w, US);
	put_int(w, (long long)d->error.line);
	wr_putc(w, US);
	put_int(w, (long long)d->error.column);
	wr_putc(w, US);
	put_int(w, (long long)d->error.offset);
	wr_putc(w, US);
	put_int(w, d->error.ply);
	wr_putc(w, US);
	put_int(w, d->move_number);
	wr_putc(w, US);
	put_int(w, d->side);
	wr_putc(w, US);
	put_str(w, d->error.token);
	wr_putc(w, US);
	put_str(w, d->error.message);
	wr_putc(w, US);
	put_str(w, d->fen);
	wr_putc(w, US);
	for (unsigned i = 0; i < d->path_len && i < HAMLE_PATH_MAX; i++) {
		if (i)
			wr_putc(w, '.');
		put_int(w, d->path[i]);
	}
	wr_putc(w, US);
	for (unsigned i = 0; i < d->n_suggestions && i < HAMLE_MAX_SUGGESTIONS; i++) {
		if (i)
			wr_putc(w, ' ');
		put_str(w, d->suggestion[i].san);
		wr_putc(w, ' ');
		put_str(w, d->suggestion[i].uci);
	}
}

static void put_bridge(hamle_writer *w, const hamle_bridge *b)
{
	put_int(w, b->ply);
	wr_putc(w, US);
	put_int(w, b->move_number);
	wr_putc(w, US);
	put_int(w, b->side);
	wr_putc(w, US);
	put_int(w, b->replayed);
	wr_putc(w, US);
	put_int(w, b->complete);
	wr_putc(w, US);
	for (unsigned i = 0; i < b->n && i < HAMLE_BRIDGE_PLIES_MAX; i++) {
		if (i)
			wr_putc(w, ' ');
		put_str(w, b->move[i].san);
		wr_putc(w, ' ');
		put_str(w, b->move[i].uci);
	}
}

/* The mainline's moves as the replay read them, in UCI, separated by spaces. */
static void put_uci(hamle_writer *w, const hamle_game *g, const hamle_replay *rp)
{
	const hamle_replay_move *rm = hamle_replay_moves(rp);
	const hamle_token *t = hamle_game_tokens(g);
	size_t n = hamle_game_token_count(g);
	if (!rm || !t || !hamle_replay_started(rp))
		return;
	const hamle_position *start = hamle_replay_start(rp);
	int first = 1;
	for (size_t i = 0; i < n; i++) {
		if (t[i].depth != 0 || !(rm[i].flags & HAMLE_RM_MOVE))
			continue;
		hamle_move m = rm[i].move;
		if (!wr_reserve(w, 8))
			return;
		char *d = w->buf + w->len;
		if (!first)
			*d++ = ' ';
		first = 0;
		int kind = HAMLE_MOVE_KIND(m);
		if (kind == HAMLE_MOVE_CASTLING || m == HAMLE_MOVE_NULL) {
			d += hamle_move_uci(d, 8, start, m); /* the king's square, or "0000" */
		} else {
			int from = HAMLE_MOVE_FROM(m), to = HAMLE_MOVE_TO(m);
			d[0] = (char)('a' + HAMLE_SQ_FILE(from));
			d[1] = (char)('1' + HAMLE_SQ_RANK(from));
			d[2] = (char)('a' + HAMLE_SQ_FILE(to));
			d[3] = (char)('1' + HAMLE_SQ_RANK(to));
			d += 4;
			if (kind == HAMLE_MOVE_PROMOTION)
				*d++ = "nbrq"[HAMLE_MOVE_PROMO(m) - HAMLE_KNIGHT];
		}
		*d = '\0';
		w->len = (size_t)(d - w->buf);
	}
}

int hamle_writer_record(hamle_writer *w, const hamle_game *g, const hamle_replay *rp, unsigned what)
{
	if (!w || !g || !rp)
		return HAMLE_EUSAGE;
	/* 1: the header */
	put_int(w, (long long)hamle_game_index(g));
	wr_putc(w, ' ');
	put_int(w, (long long)hamle_game_line(g));
	wr_putc(w, ' ');
	put_int(w, (long long)hamle_game_offset(g));
	wr_putc(w, ' ');
	put_int(w, hamle_replay_started(rp));
	wr_putc(w, ' ');
	put_int(w, hamle_replay_is_chess960(rp));
	wr_putc(w, ' ');
	put_int(w, hamle_replay_plies(rp));
	wr_putc(w, ' ');
	put_int(w, (long long)hamle_replay_error_count(rp));
	wr_putc(w, ' ');
	put_int(w, (long long)hamle_replay_warning_count(rp));
	wr_putc(w, ' ');
	put_int(w, hamle_game_result(g));
	wr_putc(w, ' ');
	const hamle_locale *loc = hamle_replay_locale(rp);
	put_str(w, loc ? hamle_locale_tag(loc) : "");
	wr_putc(w, RS);
	/* 2: the tags */
	if (what & HAMLE_RECORD_TAGS) {
		size_t n = hamle_game_tag_count(g);
		for (size_t i = 0; i < n; i++) {
			const hamle_tag *tag = hamle_game_tag_at(g, i);
			if (i)
				wr_putc(w, US);
			put_str(w, tag->name);
			wr_putc(w, US);
			put_text(w, tag->value, tag->value_len);
		}
	}
	wr_putc(w, RS);
	/* 3: the mainline in UCI; 4: the final position */
	if (what & HAMLE_RECORD_MOVES)
		put_uci(w, g, rp);
	wr_putc(w, RS);
	if (what & HAMLE_RECORD_MOVES) {
		char fen[HAMLE_FEN_MAX];
		const hamle_position *fin = hamle_replay_final(rp);
		if (hamle_position_fen(fen, sizeof(fen), fin,
			hamle_position_is_chess960(fin) ? HAMLE_FEN_SHREDDER : HAMLE_FEN_XFEN) > 0)
			put_str(w, fen);
	}
	wr_putc(w, RS);
	/* 5: the findings; 6: the bridges */
	size_t nf = hamle_replay_finding_count(rp);
	for (size_t i = 0; i < nf; i++) {
		if (i)
			wr_putc(w, GS);
		put_finding(w, hamle_replay_finding(rp, i));
	}
	wr_putc(w, RS);
	size_t nb = 0;
	const hamle_bridge *b = hamle_replay_bridges(rp, &nb);
	for (size_t i = 0; b && i < nb; i++) {
		if (i)
			wr_putc(w, GS);
		put_bridge(w, &b[i]);
	}
	wr_putc(w, RS);
	/* 7: the decoded text */
	if (what & HAMLE_RECORD_TEXT) {
		size_t len = 0;
		const char *text = hamle_game_text(g, &len);
		put_text(w, text, len);
	}
	wr_putc(w, FS);
	return w->oom ? HAMLE_ENOMEM : 0;
}

int hamle_writer_records(hamle_writer *w, hamle_reader *r, hamle_replay *rp, hamle_game **game,
	unsigned what, size_t max, size_t *games)
{
	if (games)
		*games = 0;
	if (!w || !r || !rp || !game)
		return HAMLE_EUSAGE;
	for (size_t n = 0; n < max; n++) {
		int rc = hamle_reader_next_reuse(r, game);
		if (rc != HAMLE_OK)
			return rc;
		if ((rc = hamle_replay_run(rp, *game)) < 0)
			return rc;
		if ((rc = hamle_writer_record(w, *game, rp, what)) < 0)
			return rc;
		if (games)
			*games = n + 1;
	}
	return 0;
}

int hamle_writer_verdicts(hamle_writer *w, hamle_reader *r, hamle_replay *rp,
	const hamle_reader_options *opts, hamle_game **game, size_t max, size_t *games)
{
	if (games)
		*games = 0;
	if (!w || !r || !rp || !game)
		return HAMLE_EUSAGE;
	unsigned misses = 0, wait = 0; /* after a miss of the one-pass lane, 1, 3, 7 ... 63 games go without it */
	for (size_t n = 0; n < max; n++) {
		hamle_chunk ch;
		int q = 0;
		if (wait) {
			wait--;
		} else {
			q = hamle_replay_quick_next_findings(rp, r, opts, &ch);
			if (q < 0)
				return q;
			if (q == 0) {
				misses += misses < 6;
				wait = (1u << misses) - 1;
			} else {
				misses = 0;
			}
		}
		if (q == 2) { /* the movetext judged clean: its tags' findings */
			q = hamle_replay_quick_tag_findings(rp, game, &ch, opts, hamle_replay_plies(rp));
			if (q < 0)
				return q;
		} else if (q == 0) {
			int rc = hamle_reader_next_chunk(r, &ch);
			if (rc != HAMLE_OK)
				return rc;
		}
		if (q == 0) {
			q = hamle_replay_quick_findings(rp, game, &ch, opts);
			if (q < 0)
				return q;
		}
		if (q == 0) {
			int rc = hamle_game_parse(game, &ch, opts);
			if (rc == 0)
				rc = hamle_replay_run(rp, *game);
			if (rc < 0)
				return rc;
		}
		if (q != 1 && hamle_replay_finding_count(rp)) {
			int rc = hamle_writer_record(w, *game, rp, 0);
			if (rc < 0)
				return rc;
		}
		if (games)
			*games = n + 1;
	}
	return 0;
}
