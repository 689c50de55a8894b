/* hamle-annotate: what the Laws of Chess say about recorded games, written into them as comments
 * and tags (FIDE Articles 5, 6.9 and 9, by the date of the game). Reads and writes what
 * hamle-convert does (cmd/convert: its options, reader, pool and writer); see docs/engine.md and --help. */
#include <stdio.h>
#include <string.h>

#include <hamle/eco.h>

#include "annotate.h"
#include "cli.h"

enum {
	OPT_FORMAT = CV_OPT_NEXT, OPT_REPORT,
	OPT_END, OPT_NO_END, OPT_CLAIMS, OPT_NO_CLAIMS, OPT_CLAIM_MOVES, OPT_NO_CLAIM_MOVES,
	OPT_AUTOMATIC, OPT_NO_AUTOMATIC, OPT_FLAG, OPT_NO_FLAG, OPT_RESULT, OPT_NO_RESULT,
	OPT_FIX_RESULT, OPT_NO_FIX_RESULT, OPT_PLYCOUNT, OPT_NO_PLYCOUNT, OPT_FEN, OPT_NO_FEN,
	OPT_ZOBRIST, OPT_NO_ZOBRIST, OPT_EMT, OPT_NO_EMT, OPT_CLOCKS, OPT_NO_CLOCKS, OPT_ECO, OPT_NO_ECO,
	OPT_MARKS, OPT_NO_MARKS, OPT_MATE_BUDGET
};

static const hamle_cli_opt opts[] = {
	CV_OPT_ENTRIES("output: pgn (default), fide, json (the game with its annotations)"),
	{"format", 0, HAMLE_OPT_ARG, "FMT",
		"pgn (default: the games, annotated, in the form of --to) or json (one JSON object per "
		"annotation instead of the games)", OPT_FORMAT},
	{"report", 0, HAMLE_OPT_NOARG, NULL,
		"on stderr, one line each: every mark the output corrects, every annotation, every result changed",
		OPT_REPORT},
	{"end", 0, HAMLE_OPT_NOARG, NULL, "on: checkmate, stalemate, dead position (5.2.2) (--no-end: off)", OPT_END},
	{"no-end", 0, HAMLE_OPT_NOARG, NULL, NULL, OPT_NO_END},
	{"claims", 0, HAMLE_OPT_NOARG, NULL,
		"on: where a threefold repetition (9.2) or 50-move (9.3) claim first becomes possible (--no-claims: off)",
		OPT_CLAIMS},
	{"no-claims", 0, HAMLE_OPT_NOARG, NULL, NULL, OPT_NO_CLAIMS},
	{"claim-moves", 0, HAMLE_OPT_NOARG, NULL,
		"on: where such a claim was possible by writing the next move first (9.2.1, 9.3.1) (--no-claim-moves: off)",
		OPT_CLAIM_MOVES},
	{"no-claim-moves", 0, HAMLE_OPT_NOARG, NULL, NULL, OPT_NO_CLAIM_MOVES},
	{"automatic", 0, HAMLE_OPT_NOARG, NULL,
		"on: fivefold repetition and 75 moves (automatic draws from 1 July 2014 by the Date tag), and "
		"moves after an automatic end (--no-automatic: off)", OPT_AUTOMATIC},
	{"no-automatic", 0, HAMLE_OPT_NOARG, NULL, NULL, OPT_NO_AUTOMATIC},
	{"flag-fall", 0, HAMLE_OPT_NOARG, NULL,
		"on: a loss on time (Termination \"time forfeit\", clk 0:00:00) where the winner cannot mate "
		"is a draw (6.9) (--no-flag-fall: off)", OPT_FLAG},
	{"no-flag-fall", 0, HAMLE_OPT_NOARG, NULL, NULL, OPT_NO_FLAG},
	{"result", 0, HAMLE_OPT_NOARG, NULL,
		"on: a comment where the result written does not match what the board decides (--no-result: off)",
		OPT_RESULT},
	{"no-result", 0, HAMLE_OPT_NOARG, NULL, NULL, OPT_NO_RESULT},
	{"fix-result", 0, HAMLE_OPT_NOARG, NULL,
		"off: write the result the board decides in the Result tag and the termination marker", OPT_FIX_RESULT},
	{"no-fix-result", 0, HAMLE_OPT_NOARG, NULL, NULL, OPT_NO_FIX_RESULT},
	{"plycount", 0, HAMLE_OPT_NOARG, NULL, "off: a PlyCount tag (mainline plies)", OPT_PLYCOUNT},
	{"no-plycount", 0, HAMLE_OPT_NOARG, NULL, NULL, OPT_NO_PLYCOUNT},
	{"fen", 0, HAMLE_OPT_OPTARG, "end",
		"off: a FEN comment after every mainline move (--fen=end: after the last only)", OPT_FEN},
	{"no-fen", 0, HAMLE_OPT_NOARG, NULL, NULL, OPT_NO_FEN},
	{"zobrist", 0, HAMLE_OPT_NOARG, NULL,
		"off: the Polyglot key as a comment {zobrist KEY} after every mainline move, and a Zobrist tag "
		"for the final position", OPT_ZOBRIST},
	{"no-zobrist", 0, HAMLE_OPT_NOARG, NULL, NULL, OPT_NO_ZOBRIST},
	{"emt", 0, HAMLE_OPT_NOARG, NULL,
		"off: each move's elapsed time as {emt H:MM:SS}, from the clk comments and the TimeControl tag",
		OPT_EMT},
	{"no-emt", 0, HAMLE_OPT_NOARG, NULL, NULL, OPT_NO_EMT},
	{"clock-warnings", 0, HAMLE_OPT_NOARG, NULL,
		"on: a clock that runs backwards (clk rising by more than the TimeControl allows) (--no-clock-warnings: off)",
		OPT_CLOCKS},
	{"no-clock-warnings", 0, HAMLE_OPT_NOARG, NULL, NULL, OPT_NO_CLOCKS},
	{"eco", 0, HAMLE_OPT_NOARG, NULL,
		"off: ECO, Opening and Variation tags from the built-in lichess opening table (data/eco/): the "
		"opening of the mainline's position reached last, so transpositions count", OPT_ECO},
	{"no-eco", 0, HAMLE_OPT_NOARG, NULL, NULL, OPT_NO_ECO},
	{"marks", 0, HAMLE_OPT_NOARG, NULL,
		"on: check, mate and capture marks (+, #, x) as the position says, correcting what was written "
		"(--no-marks: as written)", OPT_MARKS},
	{"no-marks", 0, HAMLE_OPT_NOARG, NULL, NULL, OPT_NO_MARKS},
	{"mate-budget", 0, HAMLE_OPT_ARG, "N",
		"positions the unwinnability analysis searches at most per side: for a loss on time (6.9; default "
		"200000) and for a final position dead beyond material, such as a locked pawn wall (default: its "
		"static arguments alone)", OPT_MATE_BUDGET},
	AN_ENGINE_OPT_ENTRIES,
	HAMLE_OPT_STD_ENTRIES,
	{0}};

static const hamle_cli_info info = {"hamle-annotate", HAMLE_VERSION_STRING, "[options] [FILE|DIR|-]...",
	"Annotates chess games with what the FIDE Laws of Chess say about them: the end of the game "
	"(checkmate, stalemate, dead position), the draws a player could claim (threefold repetition and "
	"50 moves, also by writing the next move first), the automatic draws (fivefold repetition, 75 "
	"moves: from 1 July 2014 by the Date tag) and any moves after them, a loss on time where the "
	"winner cannot mate (6.9), and the result against the board. Annotations are comments in the "
	"output language (--lang: en, tr and de have their own words, others write English), after the "
	"move they are about, and tags. Reads everything hamle-convert reads and writes what it writes "
	"(nothing lost; check, mate and capture marks as the position says: --report lists each one "
	"corrected). Variations never count for repetitions. Games with an error are written as "
	"hamle-convert writes them, without annotations. On and off below say the defaults.",
	"Exit status: 0 every game annotated, 1 at least one game had an error,\n"
	"2 usage, I/O, locale or out-of-memory error (also a failed write to stdout).\n"};

/* on/off options: the flag each pair sets or clears */
static const struct { int on, off; unsigned flag; } toggles[] = {
	{OPT_END, OPT_NO_END, HAMLE_ANNOTATE_END},
	{OPT_CLAIMS, OPT_NO_CLAIMS, HAMLE_ANNOTATE_CLAIMS},
	{OPT_CLAIM_MOVES, OPT_NO_CLAIM_MOVES, HAMLE_ANNOTATE_CLAIM_MOVES},
	{OPT_AUTOMATIC, OPT_NO_AUTOMATIC, HAMLE_ANNOTATE_AUTOMATIC},
	{OPT_FLAG, OPT_NO_FLAG, HAMLE_ANNOTATE_FLAG},
	{OPT_RESULT, OPT_NO_RESULT, HAMLE_ANNOTATE_RESULT},
	{OPT_FIX_RESULT, OPT_NO_FIX_RESULT, HAMLE_ANNOTATE_FIX_RESULT},
	{OPT_PLYCOUNT, OPT_NO_PLYCOUNT, HAMLE_ANNOTATE_PLYCOUNT},
	{OPT_NO_FEN, OPT_NO_FEN, HAMLE_ANNOTATE_FEN | HAMLE_ANNOTATE_FEN_END},
	{OPT_ZOBRIST, OPT_NO_ZOBRIST, HAMLE_ANNOTATE_ZOBRIST},
	{OPT_EMT, OPT_NO_EMT, HAMLE_ANNOTATE_EMT},
	{OPT_CLOCKS, OPT_NO_CLOCKS, HAMLE_ANNOTATE_CLOCKS},
	{OPT_ECO, OPT_NO_ECO, HAMLE_ANNOTATE_ECO},
	{OPT_MARKS, OPT_NO_MARKS, HAMLE_ANNOTATE_MARKS},
};

/* Handles an option of hamle-annotate's own (a usage error noted in c->cl.usage). */
static void own_option(cv_cli *c, an_config *ac, int id, const char *arg)
{
	const char *a[1] = {arg};
	if (an_engine_option(&ac->eng, id, arg, &c->cl.usage))
		return;
	for (size_t i = 0; i < sizeof(toggles) / sizeof(toggles[0]); i++) {
		if (id == toggles[i].off) {
			ac->aopts.flags &= ~toggles[i].flag;
			return;
		}
		if (id == toggles[i].on) {
			ac->aopts.flags |= toggles[i].flag;
			return;
		}
	}
	switch (id) {
	case OPT_FORMAT:
		if (strcmp(arg, "json") == 0)
			ac->json = true;
		else if (strcmp(arg, "pgn") == 0)
			ac->json = false;
		else
			hamle_usage_note(&c->cl.usage, "usage_annotate_format", "--format wants pgn or json, not '%s'", 1, a);
		return;
	case OPT_REPORT: ac->report = true; return;
	case OPT_MATE_BUDGET:
		/* the same nodes for the replay's dead final positions (as hamle-validate's) */
		if (hamle_opt_parse_ulong(arg, 1, ~0ul, &ac->aopts.mate_budget) < 0)
			hamle_usage_note(&c->cl.usage, "usage_move_budget", "--mate-budget must be a positive number, not '%s'", 1, a);
		c->cfg.popts.mate_budget = c->cfg.popts_msg.mate_budget = ac->aopts.mate_budget;
		return;
	case OPT_FEN:
		ac->aopts.flags &= ~(HAMLE_ANNOTATE_FEN | HAMLE_ANNOTATE_FEN_END);
		if (!arg)
			ac->aopts.flags |= HAMLE_ANNOTATE_FEN;
		else if (strcmp(arg, "end") == 0)
			ac->aopts.flags |= HAMLE_ANNOTATE_FEN_END;
		else
			hamle_usage_note(&c->cl.usage, "usage_annotate_fen", "--fen takes no value or 'end', not '%s'", 1, a);
		return;
	default: return;
	}
}

int main(int argc, char **argv)
{
	hamle_out_ignore_sigpipe();
	cv_cli c;
	an_config ac;
	hamle_eco *eco = NULL;
	memset(&ac, 0, sizeof(ac));
	hamle_annotate_options ao = HAMLE_ANNOTATE_OPTIONS_INIT;
	ac.aopts = ao;
	an_engine_init(&ac.eng);
	int status = cv_cli_init(&c, "hamle-annotate", argc), done = 0;
	if (status)
		goto cleanup;
	hamle_opt_parser p;
	hamle_opt_init(&p, opts, argc, argv);
	for (int id; (id = hamle_opt_next(&p)) != HAMLE_OPT_END;)
		if (cv_cli_option(&c, id, &p) < 0)
			own_option(&c, &ac, id, p.arg);
	status = cv_cli_finish(&c, &info, opts, &done);
	if (status || done)
		goto cleanup;
	int fmt = c.cfg.wopts.format;
	if (fmt != HAMLE_WRITE_PGN && fmt != HAMLE_WRITE_FIDE && fmt != HAMLE_WRITE_JSON) {
		const char *a[1] = {c.to};
		status = hamle_msg_usage_key(&c.msg, "usage_annotate_to", "--to wants pgn, fide or json, not '%s'", 1, a);
		goto cleanup;
	}
	/* --report: the marks as written are checked both ways, so that it lists every one corrected
	 * (the output has the marks the position says in any case) */
	if (ac.report) {
		c.cfg.popts.flags |= HAMLE_REPLAY_STRICT;
		c.cfg.popts_msg.flags |= HAMLE_REPLAY_STRICT;
	}
	/* the annotator takes the replay's positions instead of playing every move again */
	c.cfg.popts.flags |= HAMLE_REPLAY_KEEP_POSITIONS;
	c.cfg.popts_msg.flags |= HAMLE_REPLAY_KEEP_POSITIONS;
	if ((ac.aopts.flags & HAMLE_ANNOTATE_ECO) || (ac.eng.path && ac.eng.skip_book)) {
		hamle_error err;
		hamle_error_clear(&err);
		int rc = hamle_eco_load_builtin(&eco, &err);
		if (rc < 0) {
			status = rc == HAMLE_ENOMEM ? hamle_msg_nomem(&c.msg) : HAMLE_EXIT_ERROR;
			if (rc != HAMLE_ENOMEM)
				hamle_msg_error(&c.msg, "the opening table: %s", err.message);
			goto cleanup;
		}
		ac.aopts.eco = eco;
	}
	ac.aopts.locale = c.out_loc;
	ac.aopts.messages = c.cfg.messages;
	c.cfg.hooks = &an_hooks;
	c.cfg.tool = &ac;
	if ((status = an_engine_start(&ac.eng, &c.msg, eco, c.cl.operands, c.cl.nops)) != 0)
		goto cleanup;
	status = cv_run(&c.cfg, c.cl.operands, c.cl.nops);
	an_engine_finish(&ac.eng, &c.msg);
cleanup:
	hamle_eco_free(eco);
	cv_cli_free(&c);
	return status;
}
