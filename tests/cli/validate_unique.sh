#!/usr/bin/env bash
# validate_unique.sh: hamle-validate --unique: the duplicates of testdata's six games
# (3 and 6 repeat game 1's mainline) go whole, as read, to --duplicates FILE; the output is the
# same for any -j; two inputs name the earlier game's file; --lang de says it in German; a failed
# run (a usage error) leaves FILE as it was. (The text and JSON lines: the golden cases
# validate/unique*.)
. "$(dirname "$0")/common.sh"
require_tool validate
d=$HAMLE_TMP
src=$HAMLE_TESTDATA/cli/validate/unique/games.pgn
cp "$src" "$d/g.pgn"
# the games as read: game N runs from its [Event line to the line before the next one
game() { awk -v n="$1" '/^\[Event /{k++} k == n' "$d/g.pgn"; }
{ game 3; game 6; echo; } >"$d/want.pgn"
run_tool validate -j 1 --unique --duplicates "$d/dups.pgn" "$d/g.pgn"
expect_rc 1 "--unique (game 5 has an illegal move)"
expect_file "$d/want.pgn" "$d/dups.pgn" "--duplicates FILE: games 3 and 6 as read"
cp "$RUN_OUT" "$d/j1"
for j in 2 3; do
	run_tool validate -j "$j" --unique "$d/g.pgn"
	expect_file "$d/j1" "$RUN_OUT" "--unique -j $j vs -j 1"
done
# a second input: its duplicates of the first name the first's file
cp "$src" "$d/h.pgn"
run_tool validate --unique --select duplicate-game "$d/g.pgn" "$d/h.pgn"
n=$(grep -c "duplicate game: the same mainline as game [0-9]* of $d/g.pgn" "$RUN_OUT")
[ "$n" = 5 ] || fail "two inputs: $n duplicates of the other file's games named, not 5 (h.pgn's but game 5)"
run_tool validate --unique --lang de "$d/g.pgn"
grep -q 'doppelte Partie: dieselbe Hauptvariante wie Partie 1, nicht noch einmal geprüft' "$RUN_OUT" ||
	fail "--lang de: $(grep -i partie "$RUN_OUT" | head -1)"
# a usage error writes nothing
echo keep >"$d/dups.pgn"
run_tool validate --unique=x --duplicates "$d/dups.pgn" "$d/g.pgn"
expect_rc 2 "--unique=x"
[ "$(cat "$d/dups.pgn")" = keep ] || fail "--duplicates FILE changed by a usage error"
finish
