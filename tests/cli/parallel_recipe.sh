#!/usr/bin/env bash
# The README's GNU parallel recipe: sharding a file by game ('[Event ' record starts) and validating
# the shards in parallel finds the same findings as one process (compared by code and token, since
# game numbers and lines are relative to each shard). Skips when GNU parallel is not installed.
. "$(dirname "$0")/common.sh"
require_tool validate
command -v parallel >/dev/null || skip "GNU parallel not installed"

input=$HAMLE_TMP/many.pgn
for i in $(seq 40); do cat "$HAMLE_TESTDATA/replay/games.pgn"; echo; done > "$input"
key() { python3 -c 'import json,sys
for l in sys.stdin:
    d=json.loads(l); print(d["code"], d["token"], d["move_number"], d["side"])' | sort; }

run_tool validate -q --format json "$input"
expect_rc 1 "single process"
key < "$RUN_OUT" > "$HAMLE_TMP/one"
[ -s "$HAMLE_TMP/one" ] || fail "single process found nothing"

parallel --will-cite --pipe --recstart '[Event ' --block 2k -j 3 -k \
	"$(tool_path validate)" -q --format json - < "$input" > "$HAMLE_TMP/par.jsonl"
key < "$HAMLE_TMP/par.jsonl" > "$HAMLE_TMP/many"
expect_file "$HAMLE_TMP/one" "$HAMLE_TMP/many" "parallel shards find the same findings"
finish
