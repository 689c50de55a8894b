/* replay.c: a replay's lifecycle, the start position (FEN, SetUp, Variant tags), the choice of
 * language, and the game-level checks (tags, result). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error_internal.h"
#include "pgn/game_internal.h"
#include "replay/ending.h"
#include "replay/replay_internal.h"

/* Loads every built-in locale into rp->builtins (the candidates when none are given). */
static int load_builtins(hamle_replay *rp)
{
	size_t n = 0;
	while (hamle_locale_builtin_tag(n))
		n++;
	rp->builtins = calloc(n ? n : 1, sizeof(*rp->builtins));
	if (!rp->builtins)
		return HAMLE_ENOMEM;
	for (; rp->nbuiltins < n; rp->nbuiltins++) {
		int rc = hamle_locale_load_builtin(&rp->builtins[rp->nbuiltins],
			hamle_locale_builtin_tag(rp->nbuiltins), NULL);
		if (rc < 0)
			return rc;
	}
	return HAMLE_OK;
}

int hamle_replay_new(hamle_replay **out, const hamle_replay_options *opts)
{
	*out = NULL;
	if (opts && opts->version != HAMLE_REPLAY_OPTIONS_VERSION)
		return HAMLE_EUSAGE;
	hamle_replay *rp = calloc(1, sizeof(*rp));
	if (!rp)
		return HAMLE_ENOMEM;
	hamle_replay_options defaults = HAMLE_REPLAY_OPTIONS_INIT;
	rp->opts = opts ? *opts : defaults;
	rp->amb_at = (size_t)-1;
	if (!rp->opts.from && (!rp->opts.candidates || !rp->opts.n_candidates)) {
		/* no language at all: detect among the built-in ones (else there is none to read in) */
		int rc = load_builtins(rp);
		if (rc < 0) {
			hamle_replay_free(rp);
			return rc;
		}
		rp->opts.candidates = (const hamle_locale *const *)rp->builtins;
		rp->opts.n_candidates = rp->nbuiltins;
	}
	for (size_t i = 0; i < rp->opts.n_candidates; i++)
		if (!strcmp(hamle_locale_tag(rp->opts.candidates[i]), "en"))
			rp->en = rp->opts.candidates[i];
	if (!rp->en && rp->opts.from && !strcmp(hamle_locale_tag(rp->opts.from), "en"))
		rp->en = rp->opts.from;
	if (rp->opts.flags & HAMLE_REPLAY_REPAIR_TR) {
		/* the Turkish repair whatever the moves' language: the first locale given that has one */
		if (rp->opts.from && rp->opts.from->repair_mojibake)
			rp->repair = rp->opts.from;
		for (size_t i = 0; i < rp->opts.n_candidates && !rp->repair; i++)
			if (rp->opts.candidates[i]->repair_mojibake)
				rp->repair = rp->opts.candidates[i];
		if (!rp->repair) {
			int rc = hamle_locale_load_builtin(&rp->repair_owned, "tr", NULL);
			if (rc < 0) {
				hamle_replay_free(rp);
				return rc;
			}
			rp->repair = rp->repair_owned;
		}
	}
	hamle_position_parse(&rp->standard, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", NULL);
	*out = rp;
	return HAMLE_OK;
}

void hamle_replay_free(hamle_replay *rp)
{
	if (!rp)
		return;
	free(rp->moves);
	free(rp->positions);
	free(rp->stack);
	free(rp->history);
	free(rp->findings);
	replay_bridge_free(rp);
	hamle_unwin_free(rp->unwin);
	hamle_locale_free(rp->repair_owned);
	for (size_t i = 0; i < rp->nbuiltins; i++)
		hamle_locale_free(rp->builtins[i]);
	free(rp->builtins);
	free(rp);
}

/* ASCII-only comparison ignoring case, blanks, '-' and '_' (never <ctype.h>: see the brief). */
static int variant_is(const char *value, const char *const *names)
{
	char norm[64];
	size_t n = 0;
	for (const char *s = value; *s && n + 1 < sizeof(norm); s++) {
		char c = *s;
		if (c == ' ' || c == '-' || c == '_')
			continue;
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		norm[n++] = c;
	}
	norm[n] = '\0';
	for (size_t i = 0; names[i]; i++)
		if (!strcmp(norm, names[i]))
			return 1;
	return 0;
}

static const char *const chess960_names[] = {"chess960", "fischerandom", "fischerrandom", "960",
	"frc", "fischerrandomchess", NULL};
static const char *const standard_names[] = {"standard", "chess", "normal", "fromposition",
	"classical", "", NULL};

int hamle_variant_kind(const char *value)
{
	if (!value || variant_is(value, standard_names))
		return HAMLE_VARIANT_STANDARD;
	return variant_is(value, chess960_names) ? HAMLE_VARIANT_CHESS960 : HAMLE_VARIANT_UNSUPPORTED;
}

/* Sets rp->start; returns 0, or 1 when the game cannot be replayed (finding added). */
int replay_setup_start(hamle_replay *rp)
{
	hamle_game *g = rp->game;
	const char *variant = rp->tag_variant;
	int kind = hamle_variant_kind(variant);
	int chess960 = kind == HAMLE_VARIANT_CHESS960;
	if (kind == HAMLE_VARIANT_UNSUPPORTED) {
		hamle_diagnostic *f = replay_add_finding(rp, "unsupported-variant", HAMLE_SEVERITY_WARNING, HAMLE_OK, (size_t)-1);
		if (f) {
			const char *args[1] = {variant};
			replay_message(rp, f, "unsupported_variant", 1, args);
		}
		return 1;
	}
	const char *fen = rp->tag_fen;
	hamle_error err;
	hamle_error_clear(&err);
	if (!fen) {
		rp->start = rp->standard;
	} else if (hamle_position_parse(&rp->start, fen, &err) < 0) {
		hamle_diagnostic *f = replay_add_finding(rp, "bad-fen", HAMLE_SEVERITY_ERROR, HAMLE_EBADFEN, (size_t)-1);
		if (f) {
			for (size_t i = 0; i < hamle_game_tag_count(g); i++) {
				const hamle_tag *t = hamle_game_tag_at(g, i);
				if (!strcmp(t->name, "FEN")) {
					f->error.line = t->line;
					f->error.column = t->column;
					f->error.offset = t->offset;
				}
			}
			hamle_error_set_token(&f->error, fen, strlen(fen));
			const char *args[1] = {err.message};
			replay_message(rp, f, "bad_fen", 1, args);
		}
		return 1;
	}
	if (chess960)
		rp->start.chess960 = 1;
	return 0;
}

static void copy_reader_findings(hamle_replay *rp)
{
	hamle_game *g = rp->game;
	for (size_t i = 0; i < hamle_game_finding_count(g); i++) {
		const hamle_finding *rf = hamle_game_finding_at(g, i);
		hamle_diagnostic *f = replay_add_finding(rp, rf->id, rf->severity, rf->error.code, (size_t)-1);
		if (!f)
			return;
		f->error = rf->error;
	}
}

const struct replay_tag_name replay_roster[REPLAY_ROSTER] = {{"Event", 5}, {"Site", 4}, {"Date", 4},
	{"Round", 5}, {"White", 5}, {"Black", 5}, {"Result", 6}};

/* One pass over the tags: the Seven Tag Roster present, and the tags the replay reads (the first
 * of each name, as hamle_game_tag). One switch on the first letter picks the one name a tag can be
 * (bits as replay_roster: Event 0, Site 1, Date 2, Round 3, White 4, Black 5, Result 6). */
void replay_scan_tags(hamle_replay *rp)
{
	rp->tag_variant = rp->tag_fen = rp->tag_result = rp->tag_date = NULL;
	rp->roster = 0;
	for (size_t i = 0, n = hamle_game_tag_count(rp->game); i < n; i++) {
		const hamle_tag *t = hamle_game_tag_at(rp->game, i);
		const char *nm = t->name;
		switch (nm[0]) {
		case 'E':
			if (!strcmp(nm, "Event"))
				rp->roster |= 1u << 0;
			break;
		case 'S':
			if (!strcmp(nm, "Site"))
				rp->roster |= 1u << 1;
			break;
		case 'D':
			if (!strcmp(nm, "Date")) {
				rp->roster |= 1u << 2;
				if (!rp->tag_date)
					rp->tag_date = t->value;
			}
			break;
		case 'R':
			if (!strcmp(nm, "Round")) {
				rp->roster |= 1u << 3;
			} else if (!strcmp(nm, "Result")) {
				rp->roster |= 1u << 6;
				if (!rp->tag_result)
					rp->tag_result = t->value;
			}
			break;
		case 'W':
			if (!strcmp(nm, "White"))
				rp->roster |= 1u << 4;
			break;
		case 'B':
			if (!strcmp(nm, "Black"))
				rp->roster |= 1u << 5;
			break;
		case 'F':
			if (!rp->tag_fen && !strcmp(nm, "FEN"))
				rp->tag_fen = t->value;
			break;
		case 'V':
			if (!rp->tag_variant && !strcmp(nm, "Variant"))
				rp->tag_variant = t->value;
			break;
		default:
			break;
		}
	}
}

int hamle_game_laws(hamle_laws *out, const hamle_game *g)
{
	return hamle_laws_for_date(out, g ? hamle_game_tag(g, "Date") : NULL);
}

void replay_check_tags(hamle_replay *rp)
{
	/* "Date, Round, White": the seven names and their commas fit (no snprintf: a game of a
	 * file without tags has this finding) */
	char missing[96];
	size_t n = 0;
	for (size_t i = 0; i < REPLAY_ROSTER; i++)
		if (!(rp->roster & (1u << i))) {
			if (n) {
				memcpy(missing + n, ", ", 2);
				n += 2;
			}
			memcpy(missing + n, replay_roster[i].name, replay_roster[i].len);
			n += replay_roster[i].len;
		}
	if (!n)
		return;
	missing[n] = '\0';
	hamle_diagnostic *f = replay_add_finding(rp, "missing-tag", HAMLE_SEVERITY_WARNING, HAMLE_OK, (size_t)-1);
	if (f) {
		const char *args[1] = {missing};
		replay_message(rp, f, "missing_tag", 1, args);
	}
}

static size_t result_token(const hamle_replay *rp)
{
	const hamle_token *t = hamle_game_tokens(rp->game);
	for (size_t i = hamle_game_token_count(rp->game); i-- > 0;)
		if (t[i].kind == HAMLE_TOKEN_RESULT && t[i].depth == 0)
			return i;
	return (size_t)-1;
}

/* 1 when a claimed result contradicts the mainline's end as the walk left it (the quick lane's
 * games: the verdict's ends but the 6.9 flag fall, which the lane leaves to the full path).
 * "*" and no result contradict nothing. */
static int contradicts_board(const hamle_replay *rp, hamle_result claimed)
{
	hamle_result expect;
	if (rp->final_state == HAMLE_STATE_CHECKMATE)
		expect = rp->final.side == HAMLE_WHITE ? HAMLE_RESULT_BLACK : HAMLE_RESULT_WHITE;
	else if (rp->final_state != HAMLE_STATE_PLAYING)
		expect = HAMLE_RESULT_DRAW; /* stalemate, dead, fivefold, 75 moves */
	else
		return 0;
	return claimed != HAMLE_RESULT_NONE && claimed != HAMLE_RESULT_UNKNOWN && claimed != expect;
}

int replay_results_agree(const hamle_replay *rp, hamle_result tag_res, hamle_result marker)
{
	if (tag_res != HAMLE_RESULT_NONE && marker != HAMLE_RESULT_NONE && tag_res != marker)
		return 0;
	return !contradicts_board(rp, marker != HAMLE_RESULT_NONE ? marker : tag_res);
}

/* The word for an end in a result-mismatch message (a messages key). */
static const char *end_key(hamle_end e)
{
	switch (e) {
	case HAMLE_END_CHECKMATE: return "checkmate";
	case HAMLE_END_STALEMATE: return "stalemate";
	case HAMLE_END_DEAD: return "dead_position";
	case HAMLE_END_FIVEFOLD: return "fivefold_repetition";
	case HAMLE_END_SEVENTY_FIVE: return "seventy_five_moves";
	default: return "flag_fall_no_mate";
	}
}

/* The verdict's result-mismatch findings (replay/ending.c, the one hamle-annotate reads too): the
 * Result tag against the termination marker, then the result written against the board. */
void replay_check_result(hamle_replay *rp)
{
	hamle_verdict v;
	replay_verdict(rp, rp->game, &rp->unwin, rp->opts.mate_budget, &v);
	size_t tok = result_token(rp);
	if (v.tag_marker_differ) {
		hamle_diagnostic *f = replay_add_finding(rp, "result-mismatch", HAMLE_SEVERITY_WARNING, HAMLE_OK, tok);
		if (f) {
			const char *args[2] = {hamle_result_string(v.tag), hamle_result_string(v.marker)};
			replay_message(rp, f, "result_tag_mismatch", 2, args);
		}
	}
	/* a tag the board contradicts beside a marker it does not: said by the finding above */
	if (v.wrong == HAMLE_RESULT_NONE || (v.tag_marker_differ && v.wrong == v.tag && v.marker != v.tag &&
	                                    v.marker != HAMLE_RESULT_NONE))
		return;
	const char *why = end_key(v.end);
	hamle_diagnostic *f = replay_add_finding(rp, "result-mismatch", HAMLE_SEVERITY_WARNING, HAMLE_OK, tok);
	if (f) {
		const char *word = hamle_locale_message(replay_msg_locale(rp), why);
		const char *args[2] = {hamle_result_string(v.wrong), word ? word : why};
		replay_message(rp, f, "result_mismatch", 2, args);
	}
}

static int note_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* The code whose id is s[0..n) among those a note may name; 0 when none. */
static int note_code(const char *s, size_t n)
{
	static const int codes[] = {HAMLE_ESYNTAX, HAMLE_EILLEGAL, HAMLE_EAMBIGUOUS, HAMLE_EBADFEN, HAMLE_ELIMIT,
		HAMLE_EENCODING};
	for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
		const char *id = hamle_status_id(codes[i]);
		if (strlen(id) == n && memcmp(id, s, n) == 0)
			return codes[i];
	}
	return 0;
}

/* s[0..end) of a note into buf (size > 0): blanks collapsed, "U+007D" back to the '}' a comment
 * cannot hold. Returns the length. */
static size_t note_text(char *buf, size_t size, const char *s, const char *end)
{
	size_t n = 0;
	for (; s < end && n + 1 < size; s++) {
		if (end - s >= 6 && memcmp(s, "U+007D", 6) == 0) {
			buf[n++] = '}';
			s += 5;
		} else if (!note_blank(*s)) {
			buf[n++] = *s;
		} else if (n && s + 1 < end && !note_blank(s[1])) {
			buf[n++] = ' ';
		}
	}
	buf[n] = '\0';
	return n;
}

/* A {hamle: error ...} note, the comment a conversion writes where a game failed (the rest of the
 * game follows it as it was read, see hamle/writer.h), is the game's error when nothing else is
 * one: so the game still fails however it is rewritten around the note. The finding takes the
 * note's code, token and message: "hamle: error: CODE 'TOKEN': MESSAGE". */
static void replay_check_note(hamle_replay *rp)
{
	const hamle_game *g = rp->game;
	size_t k = g->first_note;
	if (rp->nerrors || k == (size_t)-1 || k >= hamle_game_token_count(g))
		return;
	const hamle_token *t = &hamle_game_tokens(g)[k];
	const char *s = t->text, *end = t->text + t->len;
	while (s < end && note_blank(*s))
		s++;
	s += 6; /* "hamle:" (the lexer checked it) */
	while (s < end && note_blank(*s))
		s++;
	s += 5; /* "error" */
	if (s < end && *s == ':')
		s++;
	while (s < end && note_blank(*s))
		s++;
	const char *id = s;
	while (s < end && ((*s >= 'a' && *s <= 'z') || *s == '-'))
		s++;
	int code = note_code(id, (size_t)(s - id));
	const char *tok = NULL;
	size_t tok_len = 0;
	if (!code) {
		code = HAMLE_ESYNTAX;
		s = id;
	} else if (end - s >= 2 && s[0] == ' ' && s[1] == '\'') {
		for (const char *q = s + 2; q + 2 < end; q++)
			if (q[0] == '\'' && q[1] == ':' && note_blank(q[2])) {
				tok = s + 2;
				tok_len = (size_t)(q - tok);
				s = q + 2;
				break;
			}
	}
	if (s < end && *s == ':')
		s++;
	char msg[HAMLE_ERROR_MESSAGE_MAX], tk[HAMLE_ERROR_TOKEN_MAX];
	note_text(msg, sizeof(msg), s, end);
	hamle_diagnostic *f = replay_add_finding(rp, hamle_status_id(code), HAMLE_SEVERITY_ERROR, code, k);
	if (!f)
		return;
	f->error.token[0] = '\0';
	if (tok)
		hamle_error_set_token(&f->error, tk, note_text(tk, sizeof(tk), tok, tok + tok_len));
	const char *args[1] = {msg};
	replay_message(rp, f, "error_noted", 1, args);
}

int hamle_replay_run(hamle_replay *rp, hamle_game *g)
{
	rp->game = g;
	rp->nfindings = rp->nerrors = rp->nwarnings = 0;
	rp->first_error = (size_t)-1;
	rp->plies = 0;
	rp->final_state = 0;
	rp->amb_at = (size_t)-1;
	rp->main_failed = 0;
	rp->nbridges = 0;
	rp->bridge_nodes = 0;
	rp->loc = rp->opts.from;
	copy_reader_findings(rp);
	replay_scan_tags(rp);
	replay_check_tags(rp);
	/* as hamle_game_laws: the first Date tag (the last game's answer for the same date: a file's
	 * games often share one) */
	const char *date = rp->tag_date ? rp->tag_date : "";
	if (!rp->laws_date[0] || strcmp(rp->laws_date, date) != 0) {
		hamle_laws laws;
		hamle_laws_for_date(&laws, rp->tag_date);
		rp->laws = laws.in_force;
		size_t dl = strlen(date);
		if (dl && dl < sizeof(rp->laws_date))
			memcpy(rp->laws_date, date, dl + 1);
		else
			rp->laws_date[0] = '\0';
	}
	if (replay_setup_start(rp)) {
		/* nothing to replay: no token resolves */
		size_t n = hamle_game_token_count(g);
		free(rp->moves);
		rp->moves = calloc(n + 1, sizeof(*rp->moves));
		rp->moves_cap = rp->moves ? n + 1 : 0;
		/* never a half-read FEN position to a caller: the standard one, and started() says 0 */
		rp->start = rp->final = rp->standard;
		rp->start_ok = 0;
		if (!rp->loc)
			rp->loc = rp->en ? rp->en : (rp->opts.n_candidates ? rp->opts.candidates[0] : NULL);
		return rp->moves ? HAMLE_OK : HAMLE_ENOMEM;
	}
	rp->start_ok = 1;
	if (!rp->loc) {
		int rc = replay_detect(rp, &rp->loc);
		if (rc < 0)
			return rc;
	}
	const hamle_locale *repair = rp->loc && rp->loc->repair_mojibake ? rp->loc : rp->repair;
	if (rp->loc && repair) {
		size_t before = hamle_game_finding_count(g);
		hamle_game_repair_mojibake(g, repair);
		for (size_t i = before; i < hamle_game_finding_count(g); i++) {
			hamle_diagnostic *f = replay_add_finding(rp, "encoding", HAMLE_SEVERITY_WARNING, HAMLE_OK, (size_t)-1);
			if (f)
				f->error = hamle_game_finding_at(g, i)->error;
		}
	}
	size_t nf = rp->nfindings, ne = rp->nerrors, nw = rp->nwarnings;
	int rc = replay_walk(rp, rp->loc, 0);
	if (rc >= 0 && rp->opts.from && rp->main_failed)
		rc = replay_from_hint(rp, nf, ne, nw); /* a language the game reads further in */
	if (rc < 0)
		return rc;
	if (replay_final_dead(rp))
		replay_dead_tail(rp);
	rc = replay_bridge(rp);
	if (rc < 0)
		return rc;
	replay_check_result(rp);
	replay_check_note(rp);
	replay_sort_findings(rp);
	return HAMLE_OK;
}

const hamle_locale *hamle_replay_locale(const hamle_replay *rp) { return rp->loc; }
const hamle_position *hamle_replay_start(const hamle_replay *rp) { return &rp->start; }
int hamle_replay_started(const hamle_replay *rp) { return rp->start_ok; }
const hamle_position *hamle_replay_final(const hamle_replay *rp) { return &rp->final; }
int hamle_replay_is_chess960(const hamle_replay *rp) { return rp->start.chess960; }
size_t hamle_replay_finding_count(const hamle_replay *rp) { return rp->nfindings; }
const hamle_diagnostic *hamle_replay_finding(const hamle_replay *rp, size_t i)
{
	return i < rp->nfindings ? &rp->findings[i] : NULL;
}
size_t hamle_replay_error_count(const hamle_replay *rp) { return rp->nerrors; }
size_t hamle_replay_warning_count(const hamle_replay *rp) { return rp->nwarnings; }
size_t hamle_replay_first_error(const hamle_replay *rp) { return rp->first_error; }
unsigned hamle_replay_plies(const hamle_replay *rp) { return rp->plies; }
const hamle_replay_move *hamle_replay_moves(const hamle_replay *rp) { return rp->moves; }
