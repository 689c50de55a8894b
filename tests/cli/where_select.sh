#!/usr/bin/env bash
# where_select.sh: --game N[-M],... and --invert in hamle-convert, hamle-validate and
# hamle-annotate; the fields along the mainline and from the annotator on a small file; a --where on
# tags alone (decided before the movetext is read) gives what a full read gives.
. "$(dirname "$0")/common.sh"
require_tool convert
require_tool validate
d=$HAMLE_TMP
{
	printf '[Event "g1"]\n[White "Tal"]\n[Result "*"]\n\n1. e4 c5 2. Nf3 d6 *\n\n'
	printf '[Event "g2"]\n[White "Kasparov"]\n[Result "*"]\n\n1. d4 d5 2. c4 *\n\n'
	printf '[Event "g3"]\n[White "Tal"]\n[Result "1/2-1/2"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n\n'
	printf '[Event "g4"]\n[White "Tal"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n'
} >"$d/four.pgn"
events() { grep -o '^\[Event "[^"]*"' "$RUN_OUT" | sed 's/.*"\(.*\)"/\1/' | tr '\n' ' '; }
check() { # WANT TOOL-ARGS...
	local want=$1
	shift
	run_tool convert "$@" "$d/four.pgn"
	[ "$(events)" = "$want" ] || fail "hamle-convert $*: games '$(events)', not '$want'"
}
check "g2 g3 " --game 2-3
check "g1 g3 g4 " --game 1,3:4
check "g1 g4 " --game 4 --game 1
check "g2 " --game 2,4 --where 'White=Kasparov'
check "g1 g3 g4 " --game 2 --invert
check "g1 g3 " --where 'White=Tal' --game 1-3
check "g2 g4 " --where 'White=Tal' --game 1-3 --invert
check "g1 g3 g4 " --where 'White=Tal'
check "g2 " --where 'White=Tal' --invert
check "g3 " --where 'Has=threefold'
check "g1 " --where "Moves~'1. e4 c5 2. Af3'"
check "g2 " --where 'Position=*/*/*/*/2PP4/*/*/*'
check "g1 g2 g3 g4 " --where 'Material=QR2B2N2P8qr2b2n2p8'
check "g1 " --where 'ComputedECO~/^B/'
for bad in 0 x 3-1 1- 1,,2 -2; do
	run_tool convert --game "$bad" "$d/four.pgn"
	expect_rc 2 "--game $bad"
	grep -q -- "--game wants game numbers from 1" "$RUN_ERR" || fail "--game $bad: $(cat "$RUN_ERR")"
done
run_tool convert --lang de --game x "$d/four.pgn"
grep -q -- "--game erwartet" "$RUN_ERR" || fail "--game x in German: $(cat "$RUN_ERR")"
# validate: game 4 has an illegal move; --game leaves it out, --invert takes it alone
run_tool validate --game 1-3 "$d/four.pgn"
expect_rc 0 "validate --game 1-3"
run_tool validate --game 1-3 --invert "$d/four.pgn"
expect_rc 1 "validate --game 1-3 --invert"
grep -q "game 4" "$RUN_OUT" || fail "validate --game 1-3 --invert: no finding of game 4"
run_tool validate --where 'White=Tal' --invert "$d/four.pgn"
expect_rc 0 "validate --where White=Tal --invert"
grep -q "1 game, 1 valid" "$RUN_ERR" || fail "validate --where White=Tal --invert: $(cat "$RUN_ERR")"
# a --where on tags: the games taken are written as without it (read in full)
run_tool convert --game 1,3,4 "$d/four.pgn"
cp "$RUN_OUT" "$d/games"
run_tool convert --where 'White=Tal' "$d/four.pgn"
cmp -s "$RUN_OUT" "$d/games" || fail "--where White=Tal writes other than --game 1,3,4"
if have_tool annotate; then
	run_tool annotate --game 3 "$d/four.pgn"
	grep -q 'threefold' "$RUN_OUT" || fail "hamle-annotate --game 3: no threefold comment"
	[ "$(grep -c '^\[Event ' "$RUN_OUT")" = 1 ] || fail "hamle-annotate --game 3: not one game"
fi
finish
