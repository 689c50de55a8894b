/* hamle/hamle.h: the umbrella header of the hamle chess-notation library: every public header
 * (tests/cli/headers.sh checks that none is missing; tests/headertest.c and the generated
 * headertest_*.c compile it and each header alone). */
#ifndef HAMLE_HAMLE_H
#define HAMLE_HAMLE_H

#include "hamle/common.h"
#include "hamle/position.h"
#include "hamle/pgn.h"
#include "hamle/rules.h"
#include "hamle/locale.h"
#include "hamle/replay.h"
#include "hamle/verdict.h"
#include "hamle/bridge.h"
#include "hamle/san.h"
#include "hamle/filter.h"
#include "hamle/writer.h"
#include "hamle/annotate.h"
#include "hamle/eco.h"
#include "hamle/reconcile.h"
#include "hamle/unwinnable.h"
#include "hamle/engine.h"
#include "hamle/analysis.h"

#endif
