/* detect.c: the language of a game, from its letter inventory first, and by replaying under
 * each remaining candidate only when the letters leave several (never guessing per token): the
 * reading that goes furthest wins. A language that cannot read some letter of the game is never
 * replayed, however far it would get: a spelling that no candidate reads ("mat.", "|", a typo's
 * stray sign) rules nobody out, and only when the letters the candidates do read still rule them
 * all out (a German game with an English "Qg6") are all replayed. Readings that go equally far but
 * to different moves are an ambiguous-language error at the first move where they differ (Dutch
 * "Pf3" is a knight move, and a pawn move in English); Spanish and Italian share their letters and
 * read the same moves: that is no ambiguity. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "pgn/game_internal.h"
#include "replay/replay_internal.h"

#define MAX_SHAPES 24

/* One move token per distinct leading character: what the candidates must be able to read.
 * ASCII first bytes are gathered in a bit set in one branch-light pass; the few tokens that
 * start with a multi-byte character are compared among themselves. */
static size_t collect_shapes_scan(const hamle_game *g, const hamle_token **shape);

/* The lexer kept the first bytes of the move tokens in a bit set: when they are all ASCII, only
 * the first token of each letter is looked for (a few short scans instead of one over all tokens). */
static size_t collect_shapes(const hamle_game *g, const hamle_token **shape)
{
	uint64_t seen[2] = {g->move_first[0], g->move_first[1]};
	if (g->move_first[2] | g->move_first[3])
		return collect_shapes_scan(g, shape);
	/* pawn moves, long algebraic (a..h) and null moves ('-') carry no language signal */
	seen[1] &= ~((uint64_t)0xFF << ('a' - 64));
	seen['-' >> 6] &= ~((uint64_t)1 << ('-' & 63));
	const hamle_token *t = hamle_game_tokens(g);
	size_t n = hamle_game_token_count(g), count = 0;
	/* the first token of each letter, in the order of the letters, as the lexer noted it (a
	 * token that no longer starts with it, after a repair of the text: the scan) */
	for (unsigned w = 0; w < 2; w++) {
		for (uint64_t b = seen[w]; b && count < MAX_SHAPES; b &= b - 1) {
			unsigned c = w * 64 + (unsigned)__builtin_ctzll(b);
			size_t i = g->first_move[c];
			if (i >= n || t[i].kind != HAMLE_TOKEN_MOVE || !t[i].len || (unsigned char)t[i].text[0] != c)
				return collect_shapes_scan(g, shape);
			shape[count++] = &t[i];
		}
	}
	return count;
}

static size_t collect_shapes_scan(const hamle_game *g, const hamle_token **shape)
{
	const hamle_token *t = hamle_game_tokens(g);
	size_t n = hamle_game_token_count(g), count = 0;
	uint64_t seen[2] = {0, 0};
	size_t first[128];
	for (size_t i = 0; i < n; i++) {
		if (t[i].kind != HAMLE_TOKEN_MOVE || t[i].len == 0)
			continue;
		unsigned char c = (unsigned char)t[i].text[0];
		if (c < 128) {
			uint64_t bit = (uint64_t)1 << (c & 63);
			if (!(seen[c >> 6] & bit)) {
				seen[c >> 6] |= bit;
				first[c] = i;
			}
			continue;
		}
		if (count >= MAX_SHAPES)
			continue;
		size_t k, clen = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
		for (k = 0; k < count; k++)
			if (shape[k]->len >= clen && t[i].len >= clen && !memcmp(shape[k]->text, t[i].text, clen))
				break;
		if (k == count)
			shape[count++] = &t[i];
	}
	/* pawn moves, long algebraic (a..h) and null moves ('-') carry no language signal */
	seen[1] &= ~((uint64_t)0xFF << ('a' - 64));
	seen['-' >> 6] &= ~((uint64_t)1 << ('-' & 63));
	for (unsigned w = 0; w < 2; w++) {
		for (uint64_t b = seen[w]; b && count < MAX_SHAPES; b &= b - 1)
			shape[count++] = &t[first[w * 64 + (unsigned)__builtin_ctzll(b)]];
	}
	return count;
}

/* Whether a word of list starts text (first bytes compared before memcmp). */
static int starts_with_word(const struct hamle_loc_words *list, const char *text, size_t len)
{
	for (size_t i = 0; i < list->n; i++) {
		const struct hamle_loc_word *w = &list->v[i];
		if (w->len > len || w->text[0] != text[0])
			continue;
		size_t k = 1; /* short words: compared here, not by a call */
		while (k < w->len && w->text[k] == text[k])
			k++;
		if (k == w->len)
			return 1;
	}
	return 0;
}

static int reads_shape(const hamle_locale *loc, const char *text, size_t len)
{
	size_t used;
	/* a one-byte piece letter reads whatever follows it */
	int v = loc->piece_byte[(unsigned char)text[0]];
	if (v != HAMLE_LOC_BYTE_NONE && v != HAMLE_LOC_BYTE_MULTI)
		return 1;
	if (v == HAMLE_LOC_BYTE_NONE && (unsigned char)text[0] < 0x80) {
		unsigned lead = loc->word_lead[(unsigned char)text[0]];
		return ((lead & HAMLE_LOC_LEAD_CASTLING) && starts_with_word(&loc->castling, text, len)) ||
			((lead & HAMLE_LOC_LEAD_NULL_MOVE) && starts_with_word(&loc->null_move, text, len)) ||
			((unsigned char)text[0] >= '0' && (unsigned char)text[0] <= '9');
	}
	if (hamle_loc_match_prefix(&loc->castling, text, len, NULL))
		return 1;
	if (hamle_loc_match_prefix(&loc->null_move, text, len, NULL))
		return 1;
	if ((unsigned char)text[0] >= '0' && (unsigned char)text[0] <= '9')
		return 1; /* a stray number: no language signal */
	return hamle_loc_read_piece(loc, text, len, &used) != HAMLE_NO_PIECE;
}

void replay_detect_prepare(hamle_replay *rp)
{
	rp->detect_ready = 1;
	rp->lead_ok = rp->opts.n_candidates <= 64;
	rp->fit_all = 0;
	memset(rp->lead_alone, 0, sizeof(rp->lead_alone));
	memset(rp->lead_never, 0, sizeof(rp->lead_never));
	for (size_t k = 0; rp->lead_ok && k < rp->opts.n_candidates; k++) {
		const hamle_locale *loc = rp->opts.candidates[k];
		if (!strcmp(hamle_locale_tag(loc), "fan"))
			continue;
		rp->fit_all |= (uint64_t)1 << k;
		for (unsigned c = 0; c < 128; c++) {
			int v = loc->piece_byte[c];
			if (v != HAMLE_LOC_BYTE_NONE && v != HAMLE_LOC_BYTE_MULTI) /* as reads_shape's first test */
				rp->lead_alone[c] |= (uint64_t)1 << k;
			else if (v == HAMLE_LOC_BYTE_NONE && !(c >= '0' && c <= '9') &&
				 !(loc->word_lead[c] & (HAMLE_LOC_LEAD_CASTLING | HAMLE_LOC_LEAD_NULL_MOVE)))
				rp->lead_never[c] |= (uint64_t)1 << k; /* as its second: no word starts so */
		}
	}
}

size_t replay_fitting(hamle_replay *rp, const char *const *text, const size_t *len, size_t n,
	const hamle_locale **fit, size_t max)
{
	size_t nfit = 0;
	if (!rp->detect_ready)
		replay_detect_prepare(rp);
	if (rp->lead_ok) {
		/* the candidates still in, shape by shape; a letter that a candidate reads alone needs
		 * no look at the rest of the token */
		uint64_t in = rp->fit_all;
		for (size_t s = 0; s < n && in; s++) {
			unsigned char c = (unsigned char)text[s][0];
			if (c < 128)
				in &= ~rp->lead_never[c];
			for (uint64_t ask = c < 128 ? in & ~rp->lead_alone[c] : in; ask; ask &= ask - 1) {
				unsigned k = (unsigned)__builtin_ctzll(ask);
				if (!reads_shape(rp->opts.candidates[k], text[s], len[s]))
					in &= ~((uint64_t)1 << k);
			}
		}
		for (; in && nfit < max; in &= in - 1)
			fit[nfit++] = rp->opts.candidates[__builtin_ctzll(in)];
		return nfit;
	}
	for (size_t c = 0; c < rp->opts.n_candidates && nfit < max; c++) {
		const hamle_locale *loc = rp->opts.candidates[c];
		const char *tag = hamle_locale_tag(loc);
		if (tag[0] == 'f' && !strcmp(tag, "fan"))
			continue;
		size_t s;
		for (s = 0; s < n && reads_shape(loc, text[s], len[s]); s++)
			;
		if (s == n)
			fit[nfit++] = loc;
	}
	return nfit;
}

/* Candidates that read every shape some candidate reads: a spelling no candidate reads is in
 * none of their inventories, so it rules none of them out (the walk reports it). Returns how many
 * were written to fit (at most REPLAY_AMB_MAX); 0 when the shapes left still rule every candidate
 * out. Only for games that no candidate reads whole: a few more reads of their shapes. */
static size_t fitting_known(const hamle_replay *rp, const char *const *text, const size_t *len,
	size_t n, const hamle_locale **fit)
{
	unsigned char known[MAX_SHAPES] = {0};
	size_t nknown = 0, nfit = 0;
	for (size_t c = 0; c < rp->opts.n_candidates; c++) {
		const hamle_locale *loc = rp->opts.candidates[c];
		if (!strcmp(hamle_locale_tag(loc), "fan"))
			continue;
		for (size_t s = 0; s < n; s++)
			if (!known[s] && reads_shape(loc, text[s], len[s])) {
				known[s] = 1;
				nknown++;
			}
	}
	if (nknown == n)
		return 0; /* every shape is some candidate's: the letters themselves disagree */
	for (size_t c = 0; c < rp->opts.n_candidates && nfit < REPLAY_AMB_MAX; c++) {
		const hamle_locale *loc = rp->opts.candidates[c];
		if (!strcmp(hamle_locale_tag(loc), "fan"))
			continue;
		size_t s;
		for (s = 0; s < n && (!known[s] || reads_shape(loc, text[s], len[s])); s++)
			;
		if (s == n)
			fit[nfit++] = loc;
	}
	return nfit;
}

/* Candidates fit[k] that replay the game as far as fit[best] (resolved[k] == resolved[best]) but
 * not to the same moves: each is walked again and its moves kept, to find the first token where
 * one of them reads a legal move other than fit[best]'s. A token that only one of them could read
 * is no such difference: the reading that went further won there. Sets rp->amb_*; rare (games
 * whose letters several languages read, and read differently). */
static int first_difference(hamle_replay *rp, const hamle_locale *const *fit, size_t nfit,
	const size_t *resolved, size_t best)
{
	size_t n = hamle_game_token_count(rp->game);
	size_t tied[REPLAY_AMB_MAX], ntied = 0;
	tied[ntied++] = best;
	for (size_t k = 0; k < nfit && ntied < REPLAY_AMB_MAX; k++)
		if (k != best && resolved[k] == resolved[best])
			tied[ntied++] = k;
	/* per candidate and token: 0x10000 | move when the token resolved, else 0 */
	uint32_t *read = malloc(ntied * (n + 1) * sizeof(*read));
	if (!read)
		return HAMLE_ENOMEM;
	for (size_t k = 0; k < ntied; k++) {
		int rc = replay_walk(rp, fit[tied[k]], 1);
		if (rc < 0) {
			free(read);
			return rc;
		}
		uint32_t *r = read + k * n;
		for (size_t i = 0; i < n; i++)
			r[i] = (rp->moves[i].flags & HAMLE_RM_MOVE) ? 0x10000u | rp->moves[i].move : 0;
	}
	size_t at = (size_t)-1;
	for (size_t i = 0; i < n && at == (size_t)-1; i++) {
		if (!read[i])
			continue;
		for (size_t k = 1; k < ntied; k++)
			if (read[k * n + i] && read[k * n + i] != read[i])
				at = i;
	}
	rp->n_amb = 0;
	if (at != (size_t)-1) {
		rp->amb_at = at;
		for (size_t k = 0; k < ntied; k++) {
			if (!read[k * n + at])
				continue;
			rp->amb_loc[rp->n_amb] = fit[tied[k]];
			rp->amb_move[rp->n_amb++] = (hamle_move)(read[k * n + at] & 0xFFFFu);
		}
	}
	free(read);
	return HAMLE_OK;
}

int replay_detect(hamle_replay *rp, const hamle_locale **chosen)
{
	const hamle_token *shape[MAX_SHAPES];
	size_t nshape = collect_shapes(rp->game, shape);
	const char *text[MAX_SHAPES];
	size_t len[MAX_SHAPES];
	for (size_t s = 0; s < nshape; s++) {
		text[s] = shape[s]->text;
		len[s] = shape[s]->len;
	}
	const hamle_locale *fit[REPLAY_AMB_MAX];
	size_t nfit = replay_fitting(rp, text, len, nshape, fit, REPLAY_AMB_MAX);
	if (UNLIKELY(nfit == 0))
		nfit = fitting_known(rp, text, len, nshape, fit);
	if (nfit == 1) {
		*chosen = fit[0];
		return HAMLE_OK;
	}
	if (nfit == 0) {
		/* letters of several languages, none reading them all: keep whichever replays
		 * furthest (errors follow) */
		for (size_t c = 0; c < rp->opts.n_candidates && nfit < REPLAY_AMB_MAX; c++)
			if (strcmp(hamle_locale_tag(rp->opts.candidates[c]), "fan"))
				fit[nfit++] = rp->opts.candidates[c];
		if (nfit == 0) {
			*chosen = rp->en;
			return HAMLE_OK;
		}
	}
	size_t best = 0, best_resolved = 0;
	uint64_t hashes[REPLAY_AMB_MAX];
	size_t resolved[REPLAY_AMB_MAX];
	for (size_t i = 0; i < nfit; i++) {
		int rc = replay_walk(rp, fit[i], 1);
		if (rc < 0)
			return rc;
		/* a game read without error beats one read further but failing */
		resolved[i] = rp->resolved * 2 + (rp->first_error == (size_t)-1);
		hashes[i] = rp->moves_hash;
		/* on a tie English wins (the PGN standard's letters), else the earlier candidate */
		if (i == 0 || resolved[i] > best_resolved ||
			(resolved[i] == best_resolved && fit[i] == rp->en)) {
			best = i;
			best_resolved = resolved[i];
		}
	}
	*chosen = fit[best];
	/* readings as good as the chosen one but of other moves: which moves the game holds is
	 * not for detection to guess (the same moves in several languages are no ambiguity) */
	for (size_t i = 0; i < nfit; i++)
		if (i != best && resolved[i] == best_resolved && hashes[i] != hashes[best])
			return first_difference(rp, fit, nfit, resolved, best);
	return HAMLE_OK;
}

void replay_detect_report(hamle_replay *rp, size_t i, const struct hamle_position *before,
	unsigned ply, const struct walk_frame *stack, size_t depth)
{
	hamle_diagnostic *f = replay_add_finding(rp, "ambiguous-language", HAMLE_SEVERITY_ERROR, HAMLE_ERROR, i);
	if (!f)
		return;
	replay_finding_at_move(f, before, ply, stack, depth);
	/* each reading once, in the message language's letters, with the languages that read it:
	 * "f3 (en, fr), Nf3 (nl)" */
	const hamle_locale *msg = replay_msg_locale(rp);
	const char *sep = hamle_locale_message(msg, "list_separator");
	char readings[HAMLE_ERROR_MESSAGE_MAX], plies[24];
	size_t o = 0;
	int done[REPLAY_AMB_MAX] = {0};
	readings[0] = '\0';
	sep = sep ? sep : ", ";
	for (size_t a = 0; a < rp->n_amb; a++) {
		if (done[a])
			continue;
		char san[HAMLE_SAN_MAX];
		if (hamle_san_format(san, sizeof(san), before, msg, rp->amb_move[a], HAMLE_FORM_SAN) < 0)
			snprintf(san, sizeof(san), "?");
		o += (size_t)snprintf(readings + o, sizeof(readings) - o, "%s%s (", o ? sep : "", san);
		int first = 1;
		for (size_t b = a; b < rp->n_amb && o < sizeof(readings); b++) {
			if (done[b] || rp->amb_move[b] != rp->amb_move[a])
				continue;
			done[b] = 1;
			o += (size_t)snprintf(readings + o, sizeof(readings) - o, "%s%s", first ? "" : sep,
				hamle_locale_tag(rp->amb_loc[b]));
			first = 0;
		}
		if (o < sizeof(readings))
			o += (size_t)snprintf(readings + o, sizeof(readings) - o, ")");
		if (o >= sizeof(readings))
			break;
	}
	(void)ply; /* the move by its number, as a person counts: "12..." */
	snprintf(plies, sizeof(plies), "%u%s", (unsigned)before->fullmove, before->side == HAMLE_BLACK ? "..." : ".");
	const char *args[2] = {plies, readings};
	replay_message(rp, f, "ambiguous_language", 2, args);
}
