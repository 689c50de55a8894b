#!/usr/bin/env bash
# engine_annotate.sh: hamle-annotate --engine with the fake engine of
# tests/engine/fake_engine.c (its evaluation: the material after its best capture; deterministic):
# [%eval] merged into the move's first comment beside [%clk] (an old [%eval] replaced), the
# judgement NAG next to the move's own, the comment of a blunder in en/tr/de with the SAN of the
# output language, the best line as a variation; the accuracy and ACPL tags; --start-ply and
# --line-plies; the output reads back with hamle-validate (variations legal) and converts back to
# the same moves, in PGN and FIDE form.
. "$(dirname "$0")/common.sh"
require_tool annotate
require_tool validate
require_tool convert
fake=${HAMLE_FAKE_ENGINE_BIN:-}
[ -x "$fake" ] || skip "the fake engine is not built"
export HAMLE_FAKE_ENGINE=

game=$HAMLE_TMP/g.pgn
cat >"$game" <<'EOF'
[Event "t"]
[White "a"]
[Black "b"]
[Result "*"]

1. e4 {[%clk 0:05:00]} e5 {[%eval 9.99] [%clk 0:05:00]} 2. Nf3 Qg5 3. d3 $1 {good?} (3. Nxe5) Qxg2 4. Rg1 *
EOF

run_tool annotate --engine "$fake" "$game"
expect_rc 0 "annotate"
out=$(tr '\n' ' ' <"$RUN_OUT")
grep -q '1. e4 {\[%eval 0.00\] \[%clk 0:05:00\]}' <<<"$out" || fail "[%eval] beside [%clk]: $out"
grep -q '9.99' <<<"$out" && fail "the old [%eval] is kept: $out"
# 2... Qg5 hangs the queen: a blunder (+9: the knight takes it), with the engine's line
grep -q '2\.\.\. Qg5 \$4 {\[%eval 9.00\]} {Blunder\. [A-Za-z0-9]* was best\.} ( 2\.\.\. ' <<<"$out" ||
	fail "the blunder 2... Qg5: $out"
# 3. d3 leaves it: its own NAG kept beside the judgement, its comment merged, its variation kept
grep -q '3\. d3 \$4 \$1 {\[%eval -3.00\] good?} {Blunder\. Nxg5 was best\.} ( 3\. Nxg5 Ke7 ) ( 3\. Nxe5 )' <<<"$out" ||
	fail "3. d3: $out"
for tag in WhiteAccuracy BlackAccuracy WhiteACPL BlackACPL; do
	grep -q "^\[$tag \"[0-9.]*\"\]" "$RUN_OUT" || fail "no $tag tag"
done

# --to json: each mainline move's evaluation and judgement, and the tags of the analysis
run_tool annotate --to json --engine "$fake" "$game"
expect_rc 0 "annotate --to json"
grep -q '"san":"e4","uci":"e2e4","fen":"[^"]*","eval":{"cp":0}' "$RUN_OUT" || fail "json: no eval of 1. e4: $(cat "$RUN_OUT")"
grep -q '"san":"Qg5","uci":"d8g5","fen":"[^"]*","eval":{"cp":900},"judgement":"blunder"' "$RUN_OUT" ||
	fail "json: the blunder 2... Qg5: $(cat "$RUN_OUT")"
grep -q '"eval":{"cp":-300},"judgement":"blunder"' "$RUN_OUT" || fail "json: 3. d3: $(cat "$RUN_OUT")"
grep -q '"analysis_tags":{"WhiteAccuracy":"[0-9.]*","BlackAccuracy":"[0-9.]*","WhiteACPL":"[0-9]*","BlackACPL":"[0-9]*"}' "$RUN_OUT" ||
	fail "json: no analysis_tags: $(cat "$RUN_OUT")"

# the comment in the output language, with its SAN
run_tool annotate --lang tr --engine "$fake" "$game"
grep -q '{Büyük hata. En iyisi Axg5 idi.} ( 3. Axg5 Şe7 )' <(tr '\n' ' ' <"$RUN_OUT") || fail "tr: $(cat "$RUN_OUT")"
run_tool annotate --lang de --engine "$fake" "$game"
grep -q '{Grober Fehler. Sxg5 war am besten.} ( 3. Sxg5 Ke7 )' <(tr '\n' ' ' <"$RUN_OUT") || fail "de: $(cat "$RUN_OUT")"

# --start-ply: no evaluation before it; --line-plies 1: one move per line; 0: none
run_tool annotate --engine "$fake" --start-ply 4 --line-plies 1 "$game"
out=$(tr '\n' ' ' <"$RUN_OUT")
grep -q '2\.\.\. Qg5 {\[%eval' <<<"$out" && fail "--start-ply 4: ply 4 evaluated: $out"
grep -q '3\. d3 \$4 \$1 {\[%eval -3.00\] good?} {Blunder\. Nxg5 was best\.} ( 3\. Nxg5 ) ' <<<"$out" ||
	fail "--line-plies 1: $out"
run_tool annotate --engine "$fake" --line-plies 0 "$game"
grep -q 'was best' "$RUN_OUT" && fail "--line-plies 0 still writes a line"

# usage errors
run_tool annotate --engine "$fake" --nodes 0 "$game"
expect_rc 2 "--nodes 0"
grep -q -- "--nodes wants a number in 1..1000000000000, not '0'" "$RUN_ERR" || fail "--nodes 0: $(cat "$RUN_ERR")"

# valid when read back (the variations legal), and the same moves
all=$HAMLE_TMP/all.pgn
cat "$game" "$HAMLE_TESTDATA/cli/annotate/basic/stdin" >"$all"
run_tool convert --to uci "$all"
cp "$RUN_OUT" "$HAMLE_TMP/want.uci"
for lang in en tr de; do
	for to in pgn fide; do
		run_tool annotate --lang "$lang" --to "$to" --engine "$fake" "$all"
		[ "$RUN_RC" -le 1 ] || fail "$lang/$to: exit $RUN_RC"
		cp "$RUN_OUT" "$HAMLE_TMP/out.$lang.$to"
		grep -q '(' "$RUN_OUT" || fail "$lang/$to: no variation written"
		run_tool validate --format json "$HAMLE_TMP/out.$lang.$to"
		grep -q '"severity":"error"' "$RUN_OUT" && fail "$lang/$to: reads back with an error: $(grep -m1 error "$RUN_OUT")"
		run_tool convert --to uci "$HAMLE_TMP/out.$lang.$to"
		expect_file "$HAMLE_TMP/want.uci" "$RUN_OUT" "$lang/$to: moves read back" || true
	done
done
finish
