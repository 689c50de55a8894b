#!/usr/bin/env bash
# engine_stockfish.sh (labels engine, corpus): hamle-annotate --engine with the real engine,
# Debian's stockfish (.ci/run installs it): the first game of each of the 10 files of
# ../shared/corpus/medium at --nodes 20000; the output is identical for -j 1 and -j 2 and across two
# runs, every mainline move after the first has its [%eval], every game its accuracy tags, no
# engine fault; it reads back with hamle-validate without an error (the variations legal) and
# converts back to the same moves.
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool annotate
require_tool validate
require_tool convert
sf=${HAMLE_STOCKFISH:-/usr/games/stockfish}
[ -x "$sf" ] || skip "no stockfish at $sf"

games=$HAMLE_TMP/games.pgn
while IFS= read -r f; do
	awk '/^\[Event /{n++} n==1' "$f"
	printf '\n'
done < <(find "$HAMLE_SHARED/corpus/medium" -name '*.pgn' | sort) >"$games"
n=$(grep -c '^\[Event ' "$games")
[ "$n" = 10 ] || fail "$n games, want 10"

for run in j1 j2 j2again; do
	jobs=${run#j}
	jobs=${jobs%again}
	start=$(date +%s)
	run_tool annotate -v -j "$jobs" --engine "$sf" --nodes 20000 "$games"
	expect_rc 0 "$run" || cat "$RUN_ERR" >&2
	cp "$RUN_OUT" "$HAMLE_TMP/out.$run"
	summary=$(grep 'engine: ' "$RUN_ERR")
	echo "$run: $(($(date +%s) - start)) s: $summary"
	grep -q ', 0 missing, 0 faults$' <<<"$summary" || fail "$run: $summary"
done
cmp -s "$HAMLE_TMP/out.j1" "$HAMLE_TMP/out.j2" ||
	{ fail "-j 1 and -j 2 differ"; diff "$HAMLE_TMP/out.j1" "$HAMLE_TMP/out.j2" | head -20 >&2; }
cmp -s "$HAMLE_TMP/out.j2" "$HAMLE_TMP/out.j2again" ||
	{ fail "two runs of -j 2 differ"; diff "$HAMLE_TMP/out.j2" "$HAMLE_TMP/out.j2again" | head -20 >&2; }

out=$HAMLE_TMP/out.j1
for tag in WhiteAccuracy BlackAccuracy WhiteACPL BlackACPL; do
	[ "$(grep -c "^\[$tag " "$out")" = 10 ] || fail "$tag in $(grep -c "^\[$tag " "$out") games, want 10"
done
run_tool convert --to uci "$games"
cp "$RUN_OUT" "$HAMLE_TMP/want.uci"
plies=$(awk '{ n += NF } END { print n }' "$HAMLE_TMP/want.uci")
evals=$(tr '\n' ' ' <"$out" | grep -o '\[%eval [-#0-9.]*\]' | wc -l) # (a comment may wrap)
# every move has one but a mating move (the game over on the board has no evaluation)
[ "$evals" -ge $((plies - 10)) ] && [ "$evals" -le "$plies" ] || fail "$evals evaluations for $plies plies"
grep -q '\$4 {\[%eval' "$out" || grep -q '\$2 {\[%eval' "$out" || fail "no mistake or blunder in 10 games"
grep -q ' was best\.} ( ' "$out" || fail "no best line written"
run_tool validate --format json "$out"
grep -q '"severity":"error"' "$RUN_OUT" && fail "the output reads back with an error: $(grep -m1 '"error"' "$RUN_OUT")"
run_tool convert --to uci "$out"
expect_file "$HAMLE_TMP/want.uci" "$RUN_OUT" "moves read back" || true
finish
