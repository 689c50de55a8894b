/* quick_fuzzer.c: a differential harness for the quick lane (hamle_replay_quick). The input is cut
 * into chunks by a hamle_reader (the first few games only) and each chunk goes, under several
 * configurations, through the lane as hamle-validate takes it: a "lane" replay tries
 * hamle_replay_quick and, when it gives up, parses the chunk and runs hamle_replay_run on the same
 * replay (so state one path leaves behind reaches the other). A "reference" replay of the same
 * options only ever takes the full path (hamle_game_parse + hamle_replay_run) on the same chunk.
 * abort() unless:
 *   - the lane answered 1 and the reference found nothing at all, with the same mainline plies,
 *     final position (FEN), final state, start position, chess960 flag and locale (a result that
 *     contradicts the tag or the board is a finding of the reference); or
 *   - the lane gave up and its own full run agrees with the reference (findings, errors, warnings,
 *     plies, first error, start and final position, locale).
 * An input that does not start with '[' is taken as movetext and given the Seven Tag Roster
 * ([Result "*"]) in front; the "findings" configurations try hamle_replay_quick_findings instead
 * and give such movetext a roster without Date and Round: when it answers 2, every finding
 * (code, message, line, column) must be the full path's, and the rest as for 1.
 * Configurations: language detection over every built-in locale (as hamle-validate does without
 * --from), with the default limits and with max_tokens 30 (the lane must respect the limit);
 * --from en; --from de.
 * Set HAMLE_QUICK_FUZZ_TRACE=1 to print each chunk's verdicts on stderr (to see which seeds take
 * the lane). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "hamle/replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
const char *__asan_default_options(void);

/* Every input makes and frees eight replays: ASan's default quarantine (256 MB) of freed blocks
 * would keep the process near the 512 MB rss limit and slow it down 1.7x. ASAN_OPTIONS overrides. */
const char *__asan_default_options(void)
{
	return "quarantine_size_mb=32";
}

#define MAX_CHUNKS 4
#define MAX_INPUT 8192

static const hamle_locale *en, *de;
static int trace;

struct config {
	const char *name;
	const hamle_locale **from; /* NULL: detect among the candidates */
	size_t max_tokens;         /* 0: the default */
	hamle_replay *lane, *ref;
	hamle_game *lane_game, *ref_game;
	hamle_reader_options ropts;
	int findings; /* hamle_replay_quick_findings, movetext given a roster that lacks two names */
};

static struct config configs[] = {
	{"auto", NULL, 0, NULL, NULL, NULL, NULL, HAMLE_READER_OPTIONS_INIT, 0},
	{"auto,max_tokens=30", NULL, 30, NULL, NULL, NULL, NULL, HAMLE_READER_OPTIONS_INIT, 0},
	{"from=en", &en, 0, NULL, NULL, NULL, NULL, HAMLE_READER_OPTIONS_INIT, 0},
	{"from=de", &de, 0, NULL, NULL, NULL, NULL, HAMLE_READER_OPTIONS_INIT, 0},
	{"auto,findings", NULL, 0, NULL, NULL, NULL, NULL, HAMLE_READER_OPTIONS_INIT, 1},
};
#define N_CONFIGS (sizeof(configs) / sizeof(configs[0]))

static void setup(void)
{
	static int done;
	if (done)
		return;
	done = 1;
	trace = getenv("HAMLE_QUICK_FUZZ_TRACE") != NULL;
	en = fuzz_locale("en");
	de = fuzz_locale("de");
}

/* What a verdict is compared on. */
struct outcome {
	size_t findings, errors, warnings, first_error;
	unsigned plies;
	int state, chess960;
	char final_fen[HAMLE_FEN_MAX], start_fen[HAMLE_FEN_MAX];
	const char *locale;
	const char *first_id;
	const char *first_message;
};

/* with_state: also the final state (only for a game that started: the position of a bad FEN is
 * half set up, without kings, and the rules may not be asked about it). */
static void take(struct outcome *o, const hamle_replay *rp, int with_state)
{
	o->findings = hamle_replay_finding_count(rp);
	o->errors = hamle_replay_error_count(rp);
	o->warnings = hamle_replay_warning_count(rp);
	o->first_error = hamle_replay_first_error(rp);
	o->plies = hamle_replay_plies(rp);
	const hamle_position *fin = hamle_replay_final(rp), *start = hamle_replay_start(rp);
	for (size_t i = 0; i < o->findings; i++)
		if (!strcmp(hamle_replay_finding(rp, i)->id, "bad-fen"))
			with_state = 0;
	o->state = fin && with_state ? (int)hamle_position_state(fin) : -1;
	o->chess960 = hamle_replay_is_chess960(rp);
	if (!fin || hamle_position_fen(o->final_fen, sizeof(o->final_fen), fin, 0) <= 0)
		strcpy(o->final_fen, "(none)");
	if (!start || hamle_position_fen(o->start_fen, sizeof(o->start_fen), start, 0) <= 0)
		strcpy(o->start_fen, "(none)");
	const hamle_locale *loc = hamle_replay_locale(rp);
	o->locale = loc ? hamle_locale_tag(loc) : "(none)";
	const hamle_diagnostic *d = o->findings ? hamle_replay_finding(rp, 0) : NULL;
	o->first_id = d ? d->id : "";
	o->first_message = d ? d->error.message : "";
}

static void dump(const char *what, const struct outcome *o)
{
	fprintf(stderr,
		"  %s: findings %zu (errors %zu, warnings %zu; first: %s %s), first error token %lld,\n"
		"    plies %u, state %d, chess960 %d, locale %s\n    start %s\n    final %s\n",
		what, o->findings, o->errors, o->warnings, o->first_id, o->first_message, o->first_error == (size_t)-1 ? -1LL : (long long)o->first_error,
		o->plies, o->state, o->chess960, o->locale, o->start_fen, o->final_fen);
}

static void diverge(const struct config *c, const hamle_chunk *ch, const char *why, const struct outcome *lane,
	const struct outcome *ref)
{
	fprintf(stderr, "quick lane divergence (%s) in config %s, game %zu:\n", why, c->name, ch->game);
	dump("lane", lane);
	dump("full", ref);
	fprintf(stderr, "--- chunk ---\n%.*s\n--- end ---\n", (int)ch->len, (const char *)ch->data);
	abort();
}

static void check_chunk(struct config *c, const hamle_chunk *ch)
{
	struct outcome lane, ref;
	int q = c->findings ? hamle_replay_quick_findings(c->lane, &c->lane_game, ch, &c->ropts)
	                    : hamle_replay_quick(c->lane, &c->lane_game, ch, &c->ropts);
	if (q < 0)
		abort(); /* ENOMEM or EUSAGE: neither may happen here */
	if (q > 1 + c->findings)
		abort();
	if (q >= 1) {
		take(&lane, c->lane, 1); /* the lane may leave the game object alone: nothing read from it */
	} else {
		if (hamle_game_parse(&c->lane_game, ch, &c->ropts) != 0 || hamle_replay_run(c->lane, c->lane_game) != 0)
			abort();
		take(&lane, c->lane, 0);
	}
	if (hamle_game_parse(&c->ref_game, ch, &c->ropts) != 0 || hamle_replay_run(c->ref, c->ref_game) != 0)
		abort();
	take(&ref, c->ref, q >= 1);
	if (trace)
		fprintf(stderr, "game %zu %-20s quick %d plies %u findings %zu (%s)\n", ch->game, c->name, q, ref.plies,
			ref.findings, ref.first_id);
	if (q == 1) {
		if (lane.findings || lane.errors || lane.warnings || lane.first_error != (size_t)-1)
			diverge(c, ch, "the lane says clean but counts findings", &lane, &ref);
		if (ref.findings || ref.errors || ref.warnings || ref.first_error != (size_t)-1)
			diverge(c, ch, "the lane says clean, the full path finds something", &lane, &ref);
	} else if (q == 2) {
		/* the tags' findings, as the full path makes them, and nothing else */
		if (!lane.findings || lane.errors || lane.findings != ref.findings || lane.errors != ref.errors ||
		    lane.warnings != ref.warnings || lane.first_error != ref.first_error)
			diverge(c, ch, "the lane reports the tags' findings, the full path others", &lane, &ref);
		for (size_t i = 0; i < lane.findings; i++) {
			const hamle_diagnostic *a = hamle_replay_finding(c->lane, i), *b = hamle_replay_finding(c->ref, i);
			if (strcmp(a->id, b->id) || strcmp(a->error.message, b->error.message) ||
			    a->error.line != b->error.line || a->error.column != b->error.column ||
			    a->error.offset != b->error.offset || a->severity != b->severity || a->token != b->token)
				diverge(c, ch, "a finding of the tags differs", &lane, &ref);
		}
	} else if (lane.findings != ref.findings || lane.errors != ref.errors || lane.warnings != ref.warnings ||
		   lane.first_error != ref.first_error || strcmp(lane.first_id, ref.first_id) ||
		   strcmp(lane.first_message, ref.first_message)) {
		diverge(c, ch, "full run after the lane gave up differs from a fresh full run", &lane, &ref);
	}
	if (lane.plies != ref.plies)
		diverge(c, ch, "plies", &lane, &ref);
	if (strcmp(lane.final_fen, ref.final_fen) || lane.state != ref.state)
		diverge(c, ch, "final position", &lane, &ref);
	if (strcmp(lane.start_fen, ref.start_fen) || lane.chess960 != ref.chess960)
		diverge(c, ch, "start position", &lane, &ref);
	if (strcmp(lane.locale, ref.locale))
		diverge(c, ch, "locale", &lane, &ref);
}

/* Movetext alone (an input not starting with '[') gets the Seven Tag Roster in front: random
 * bytes rarely keep seven tags intact, and only a game with them can take the lane. */
static const char roster[] = "[Event \"e\"]\n[Site \"s\"]\n[Date \"2026.01.01\"]\n[Round \"1\"]\n"
	"[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n";
static const char partial[] = "[Event \"e\"]\n[Site \"s\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n";
static uint8_t framed[sizeof(roster) + MAX_INPUT], framed_partial[sizeof(partial) + MAX_INPUT];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	setup();
	if (size > MAX_INPUT)
		return 0;
	const uint8_t *data_partial = data;
	size_t size_partial = size;
	if (size && data[0] != '[') {
		memcpy(framed_partial, partial, sizeof(partial) - 1);
		memcpy(framed_partial + sizeof(partial) - 1, data, size);
		data_partial = framed_partial;
		size_partial = size + sizeof(partial) - 1;
		memcpy(framed, roster, sizeof(roster) - 1);
		memcpy(framed + sizeof(roster) - 1, data, size);
		data = framed;
		size += sizeof(roster) - 1;
	}
	for (size_t k = 0; k < N_CONFIGS; k++) {
		struct config *c = &configs[k];
		const uint8_t *in = c->findings ? data_partial : data;
		size_t in_size = c->findings ? size_partial : size;
		/* fresh replays per input (a finding replays alone); within the input, both serve every
		 * game, as a hamle-validate worker's replay does. The games (buffers only) are reused. */
		hamle_replay_options ro = fuzz_replay_options(c->from ? *c->from : NULL, en);
		c->ropts.max_tokens = c->max_tokens;
		if (hamle_replay_new(&c->lane, &ro) != 0 || hamle_replay_new(&c->ref, &ro) != 0)
			abort();
		hamle_reader *r = NULL;
		if (hamle_reader_new(&r, &c->ropts) != 0 || hamle_reader_set_input_buffer(r, in, in_size, "fuzz") != 0)
			abort();
		hamle_chunk ch;
		for (size_t n = 0; n < MAX_CHUNKS; n++) {
			int rc = hamle_reader_next_chunk(r, &ch);
			if (rc == HAMLE_ITEROVER)
				break;
			if (rc != 0)
				abort();
			check_chunk(c, &ch);
		}
		hamle_reader_free(r);
		hamle_replay_free(c->lane);
		hamle_replay_free(c->ref);
		c->lane = c->ref = NULL;
	}
	return 0;
}
