/* hamle-convert: any notation in (PGN, FIDE scoresheet style, Turkish, German, figurines, typed
 * scoresheets), standard PGN or another form out; nothing lost. See docs/tools.md and `--help`. The
 * options and the configuration they make are in cli.c (hamle-annotate shares them). */
#include <stdio.h>

#include "cli.h"

static const hamle_cli_opt opts[] = {
	CV_OPT_ENTRIES("output: pgn (default), fide, san, lan, uci, spoken, fen, epd, json"),
	CV_OPT_SHAPE_ENTRIES,
	HAMLE_OPT_STD_ENTRIES,
	{0}};

static const hamle_cli_info info = {"hamle-convert", HAMLE_VERSION_STRING, "[options] [FILE|DIR|-]...",
	"Converts chess games in any notation hamle reads (PGN, FIDE scoresheet style, Turkish, "
	"German and other letters, figurines, typed scoresheets with 'Beyaz:'/'Weiss:' headers) into "
	"PGN export format, or another language (--lang) or form (--to). Nothing is lost: comments, "
	"NAGs, variations, unknown tags and the draw offer (=) (written {(=)}) are kept. A game with an "
	"error is still written, in its own language, up to the error, then a {hamle: error ...} note "
	"naming it, then the rest of its movetext as it was read, so that it still fails when it is "
	"validated (the note is read as the error when nothing else is one); the finding goes to "
	"stderr. What a --max-* limit left unread is not written (the note says so). Games of "
	"unsupported variants pass through.",
	"Exit status: 0 every game converted, 1 at least one game had an error,\n"
	"2 usage, I/O, locale or out-of-memory error (also a failed write to stdout).\n"};

int main(int argc, char **argv)
{
	hamle_out_ignore_sigpipe();
	cv_cli c;
	int status = cv_cli_init(&c, "hamle-convert", argc), done = 0;
	if (status)
		goto cleanup;
	hamle_opt_parser p;
	hamle_opt_init(&p, opts, argc, argv);
	for (int id; (id = hamle_opt_next(&p)) != HAMLE_OPT_END;)
		cv_cli_option(&c, id, &p); /* every option of the table is cli.c's */
	status = cv_cli_finish(&c, &info, opts, &done);
	if (status || done)
		goto cleanup;
	status = cv_run(&c.cfg, c.cl.operands, c.cl.nops);
cleanup:
	cv_cli_free(&c);
	return status;
}
