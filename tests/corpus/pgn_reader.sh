#!/bin/bash
# Every file of ../shared/corpus/edge and ../shared/corpus/lang is read without a crash, and the
# games with an Event tag match the '[Event ' lines (grep -c '^\[Event '). Runs the unit binary's
# pgn_reader "corpus" case, which exists only with HAMLE_PGN_CORPUS=1.
if [ -z "$HAMLE_SHARED" ] || [ ! -d "$HAMLE_SHARED/corpus/edge" ]; then
	echo "skipped: ../shared not found"
	exit 77
fi
unit="${HAMLE_BIN:?}/../tests/hamle_unit"
HAMLE_PGN_CORPUS=1 CK_RUN_SUITE=pgn_reader CK_RUN_CASE=corpus exec "$unit"
