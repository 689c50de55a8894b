/* move.h: the parts of hamle-move that live in files of their own. */
#ifndef HAMLE_CMD_MOVE_H
#define HAMLE_CMD_MOVE_H

#include "msg.h"
#include "out.h"

/* --winnable: per position, whether each side can still mate (hamle/unwinnable.h), written as
 * two characters in the code of CHA's test vectors ('W' or '-' for White, 'B' or '-' for
 * Black, '?' undecided), a space and the FEN; verbose adds a line per side with its helpmate
 * or the reason. fen NULL: one FEN per stdin line. Returns the exit status. */
int hamle_move_winnable(hamle_out *o, const hamle_msg *msg, const char *fen, int verbose,
	unsigned long budget);

#endif
