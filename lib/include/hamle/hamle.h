/* hamle/hamle.h: the umbrella header of the hamle chess-notation library. */
#ifndef HAMLE_HAMLE_H
#define HAMLE_HAMLE_H

#include "hamle/common.h"
#include "hamle/position.h"
#include "hamle/pgn.h"
#include "hamle/rules.h"
#include "hamle/locale.h"
#include "hamle/replay.h"
#include "hamle/san.h"

#endif
