/* judge.c: the judgement model of lichess (lila, modules/analyse: WinPercent, Advice,
 * AccuracyPercent; https://lichess.org/page/accuracy), from evaluations in White's view:
 *   winning chances  2 / (1 + exp(-0.00368208 cp)) - 1, cp cut to +-1000, a mate +-1000
 *   judgement        between centipawn scores, the drop of the mover's winning chances: 0.1 ?!,
 *                    0.2 ?, 0.3 ??; with a mate on either side, the mate sequence: a move that lets
 *                    the other side mate (none before) or gives up the mover's mate is a blunder,
 *                    a mistake when the position stays or was beyond 700 cp, an inaccuracy beyond 999
 *   accuracy         per move 103.1668 exp(-0.04354 drop) - 3.1669 + 1 (win percent), cut to
 *                    [0, 100]; per game the mean of the volatility-weighted mean (windows of the
 *                    win percents, weights their standard deviation in [0.5, 12]) and the
 *                    harmonic mean
 *   ACPL             the mean of the centipawns each move loses (cut to +-1000, mates +-1000)
 * No I/O, no state. */
#include <math.h>
#include <stdlib.h>

#include "hamle/engine.h"

#define CP_CEILING 1000

/* The evaluation as centipawns in White's view, cut to +-1000. */
static int ceiled_cp(const hamle_eval *ev)
{
	switch (ev->kind) {
	case HAMLE_EVAL_CP:
		return ev->value > CP_CEILING ? CP_CEILING : ev->value < -CP_CEILING ? -CP_CEILING : ev->value;
	case HAMLE_EVAL_MATE:
	case HAMLE_EVAL_OVER:
		return ev->value > 0 ? CP_CEILING : ev->value < 0 ? -CP_CEILING : 0;
	default:
		return 0;
	}
}

static double chances_cp(int cp)
{
	double w = 2.0 / (1.0 + exp(-0.00368208 * (double)cp)) - 1.0;
	return w > 1.0 ? 1.0 : w < -1.0 ? -1.0 : w;
}

double hamle_winning_chances(const hamle_eval *ev)
{
	return ev ? chances_cp(ceiled_cp(ev)) : 0.0;
}

double hamle_win_percent(const hamle_eval *ev)
{
	return 50.0 + 50.0 * hamle_winning_chances(ev);
}

/* A mate in the mover's view: > 0 the mover mates, < 0 is mated, 0 none. A game won on the board
 * counts as the winner's mate. */
static int mover_mate(const hamle_eval *ev, int mover)
{
	if (ev->kind != HAMLE_EVAL_MATE && !(ev->kind == HAMLE_EVAL_OVER && ev->value))
		return 0;
	int v = ev->value > 0 ? 1 : -1;
	return mover == HAMLE_WHITE ? v : -v;
}

int hamle_judge_move(const hamle_eval *before, const hamle_eval *after, int mover, int *mate)
{
	if (mate)
		*mate = HAMLE_MATE_NONE;
	if (!before || !after || before->kind == HAMLE_EVAL_NONE || after->kind == HAMLE_EVAL_NONE)
		return HAMLE_JUDGE_NONE;
	int sign = mover == HAMLE_WHITE ? 1 : -1;
	int pm = mover_mate(before, mover), nm = mover_mate(after, mover);
	if (!pm && !nm) {
		/* centipawns (a draw on the board is 0 cp) */
		double drop = (chances_cp(ceiled_cp(before)) - chances_cp(ceiled_cp(after))) * sign;
		/* the thresholds with a margin for the rounding of exp(): a drop of exactly 0.1 counts */
		return drop >= 0.3 - 1e-12 ? HAMLE_JUDGE_BLUNDER : drop >= 0.2 - 1e-12 ? HAMLE_JUDGE_MISTAKE :
			drop >= 0.1 - 1e-12 ? HAMLE_JUDGE_INACCURACY : HAMLE_JUDGE_NONE;
	}
	int prev_cp = before->kind == HAMLE_EVAL_CP ? before->value * sign : 0;
	int next_cp = after->kind == HAMLE_EVAL_CP ? after->value * sign : 0;
	if (!pm && nm < 0) {
		if (mate)
			*mate = HAMLE_MATE_CREATED;
		return prev_cp < -999 ? HAMLE_JUDGE_INACCURACY : prev_cp < -700 ? HAMLE_JUDGE_MISTAKE : HAMLE_JUDGE_BLUNDER;
	}
	if (pm > 0 && nm <= 0) {
		if (mate)
			*mate = HAMLE_MATE_LOST;
		return next_cp > 999 ? HAMLE_JUDGE_INACCURACY : next_cp > 700 ? HAMLE_JUDGE_MISTAKE : HAMLE_JUDGE_BLUNDER;
	}
	return HAMLE_JUDGE_NONE; /* a mate kept (maybe a slower one), or one still against the mover */
}

double hamle_move_accuracy(double before, double after)
{
	if (after >= before)
		return 100.0;
	double raw = 103.1668100711649 * exp(-0.04354415386753951 * (before - after)) - 3.166924740191411 + 1.0;
	return raw > 100.0 ? 100.0 : raw < 0.0 ? 0.0 : raw;
}

/* Population standard deviation of x[0..n). */
static double stddev(const double *x, size_t n)
{
	double mean = 0, var = 0;
	for (size_t i = 0; i < n; i++)
		mean += x[i];
	mean /= (double)n;
	for (size_t i = 0; i < n; i++)
		var += (x[i] - mean) * (x[i] - mean);
	return sqrt(var / (double)n);
}

int hamle_game_accuracy(const hamle_eval *ev, size_t n, int first, double acc[2], double acpl[2])
{
	if (!ev || n < 2 || !acc || !acpl)
		return HAMLE_EUSAGE;
	for (size_t i = 0; i < n; i++)
		if (ev[i].kind == HAMLE_EVAL_NONE)
			return HAMLE_EUSAGE;
	if (n < 3)
		return HAMLE_EUSAGE; /* one side made no move */
	double *win = malloc(n * sizeof(*win));
	if (!win)
		return HAMLE_ENOMEM;
	for (size_t i = 0; i < n; i++)
		win[i] = hamle_win_percent(&ev[i]);
	size_t moves = n - 1;
	size_t ws = moves / 10;
	ws = ws < 2 ? 2 : ws > 8 ? 8 : ws;
	if (ws > n)
		ws = n;
	double wsum[2] = {0, 0}, wacc[2] = {0, 0}, inv[2] = {0, 0}, loss[2] = {0, 0};
	size_t cnt[2] = {0, 0};
	for (size_t i = 0; i < moves; i++) {
		/* move i's window: the first ws win percents for the first ws - 2 moves, then sliding */
		size_t from = i < ws - 2 ? 0 : i - (ws - 2);
		double wt = stddev(win + from, ws);
		wt = wt < 0.5 ? 0.5 : wt > 12 ? 12 : wt;
		int side = (int)((i + (size_t)first) & 1);
		double before = side == HAMLE_WHITE ? win[i] : 100.0 - win[i];
		double after = side == HAMLE_WHITE ? win[i + 1] : 100.0 - win[i + 1];
		double a = hamle_move_accuracy(before, after);
		wsum[side] += wt;
		wacc[side] += a * wt;
		inv[side] += 1.0 / (a < 1.0 ? 1.0 : a);
		int sign = side == HAMLE_WHITE ? 1 : -1;
		int l = (ceiled_cp(&ev[i]) - ceiled_cp(&ev[i + 1])) * sign;
		loss[side] += l > 0 ? l : 0;
		cnt[side]++;
	}
	free(win);
	for (int s = 0; s < 2; s++) {
		double weighted = wacc[s] / wsum[s], harmonic = (double)cnt[s] / inv[s];
		acc[s] = (weighted + harmonic) / 2.0;
		acpl[s] = loss[s] / (double)cnt[s];
	}
	return 0;
}
