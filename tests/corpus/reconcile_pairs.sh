#!/bin/bash
# reconcile_pairs.sh (label corpus): hamle-reconcile over pairs of sheets built from real games of
# ../shared/corpus/medium (Fischer's): the same game written twice, in Turkish (sheet A, PGN) and
# in German (sheet B, PGN or a typed scoresheet), through hamle-convert, with one injected
# difference per pair (a move missing or the recording stopped, a half-move missing that puts
# moves in the wrong column, another legal move, an illegal slip, another result; at least 500
# pairs). reconcile_pairs.py builds them and checks that every divergence is found at its move
# and that the agreed game is the original where the sheets allow it (else the game stops at
# the last agreed move); it prints the figures.
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool reconcile
require_tool convert
require_tool move
command -v python3 >/dev/null || skip "python3 not found"
src=$HAMLE_SHARED/corpus/medium/pgnmentor-players-via-EduChess/Fischer.pgn
[ -f "$src" ] || skip "no $src"
T=$HAMLE_TMP
py=$(dirname "$0")/reconcile_pairs.py
for lang in en tr de; do
	"$(tool_path convert)" -q --to json --lang $lang "$src" >"$T/$lang.jsonl" 2>/dev/null
done
gen() { python3 "$py" gen "$T/en.jsonl" "$T/tr.jsonl" "$T/de.jsonl" "$T/legal.uci" "$T/legal.tr" "$T/legal.de" "$T"; }
gen || fail "generating the pairs (FENs)"
for to in uci tr de; do
	case $to in uci) a=(--to uci) ;; *) a=(--lang $to) ;; esac
	"$(tool_path move)" --batch --legal "${a[@]}" <"$T/fens.txt" >"$T/legal.$to" 2>/dev/null
done
gen || fail "generating the pairs (slips)"
for lang in tr de; do
	"$(tool_path move)" --batch --from $lang <"$T/slips_$lang.txt" >"$T/slips_$lang.out" 2>/dev/null
done
gen || fail "generating the pairs"
mkdir -p "$T/A" "$T/B"
mv "$T/a.pgn" "$T/A/" && mv "$T/b.pgn" "$T/b.txt" "$T/B/"
run_tool reconcile --pair-by Pair --format json --to san "$T/A" "$T/B"
expect_rc 1 "hamle-reconcile over the pairs"
python3 "$py" check "$T" "$RUN_OUT" "$RUN_ERR" || fail "reconcile pairs"
# an undecided pair must be one the later moves cannot decide: the rest of the game replays on
# the other reading's line too, at least as far as the lookahead (48 plies) sees
whole=0 beyond=0
while IFS=$'\t' read -r fen moves; do
	set -- $moves
	want=$#
	got=$("$(tool_path move)" --from en "$fen" "$@" 2>/dev/null | grep -c .)
	if [ "$got" = "$want" ]; then
		whole=$((whole + 1))
	elif [ "$got" -gt 48 ]; then
		beyond=$((beyond + 1))
	else
		fail "undecided, but the other reading's line fails after $((got - 1)) plies: $fen $1"
	fi
done <"$T/undecided.txt"
echo "undecided legal pairs: the rest of the game replays on the other reading's line to its end: $whole; beyond the lookahead but not to the end: $beyond"
grep -v '^{' "$RUN_ERR" | head -5
finish
