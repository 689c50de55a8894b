#!/bin/bash
# bridge_convert.sh: hamle-convert --bridge writes the best bridge into each game whose record
# misses moves (testdata/cli/convert/bridge/games.pgn: one ply, then two plies left out), so that
# the output validates, each inserted move followed by its comment; without --bridge the output
# still fails. The bridges written are those hamle-validate --bridge reports first, and -j 2
# writes the same bytes.
. "$(dirname "$0")/common.sh"
require_tool convert
require_tool validate
T=$HAMLE_TMP
in=$HAMLE_TESTDATA/cli/convert/bridge/games.pgn

run_tool convert --bridge "$in"
expect_rc 1 "convert --bridge: the record had an error"
cp "$RUN_OUT" "$T/bridged.pgn"
[ "$(grep -o '{not on the scoresheet}' "$T/bridged.pgn" | wc -l)" = 3 ] ||
	fail "expected 3 inserted moves with their comment"
run_tool validate "$T/bridged.pgn"
expect_rc 0 "the bridged output validates"
grep -q '1 valid\|2 valid' "$RUN_ERR" || fail "summary: $(cat "$RUN_ERR")"

run_tool convert "$in"
cp "$RUN_OUT" "$T/plain.pgn"
run_tool validate "$T/plain.pgn"
expect_rc 1 "without --bridge the output still fails"

# the moves written are the first bridges hamle-validate reports
run_tool validate --bridge --format json "$in"
python3 - "$RUN_OUT" "$T/bridged.pgn" <<'PY' || fail "the written bridges are not the first ones reported"
import json, re, sys
first = [" ".join(m["san"] for m in json.loads(l)["bridges"][0])
         for l in open(sys.argv[1]) if '"missing-moves"' in l]
text = open(sys.argv[2]).read().replace("\n", " ")
written = []
for game in text.split("[Event")[1:]:
    moves = re.findall(r"(?:\d+\.+ )?(\S+) \{not on the scoresheet\}", game)
    written.append(" ".join(moves))
assert first == written, (first, written)
PY

run_tool convert --bridge -j 2 "$in"
cmp -s "$RUN_OUT" "$T/bridged.pgn" || fail "-j 2 wrote other bytes"
finish
