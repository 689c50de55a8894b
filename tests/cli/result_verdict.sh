#!/usr/bin/env bash
# result_verdict.sh: one verdict on how a game ended in every tool (hamle/verdict.h). On
# testdata/validate/verdict/games.pgn (a fivefold repetition dated 2020 and one dated 2010, a loss
# on time where the winner cannot mate by the Termination tag and by a [%clk 0:00:00], one where
# he can, a Result tag against the marker, a clean mate): hamle-validate's result-mismatch games,
# hamle-annotate's, --fix-result's rewritten results, --where 'Ends=...' and the HTML report name
# the same games; over every game of testdata/ the games hamle-validate reports as result-mismatch
# are exactly those hamle-annotate reports. The messages name moves, not plies.
. "$(dirname "$0")/common.sh"
require_tool validate
require_tool annotate
require_tool convert
d=$HAMLE_TMP
games=$HAMLE_TESTDATA/validate/verdict/games.pgn

# "SOURCE GAME" of each game a tool reports as result-mismatch, sorted
validate_list() {
	"$(tool_path validate)" --format json "$@" 2>/dev/null | grep '"code":"result-mismatch"' |
		sed 's/^.*"source":"\([^"]*\)","game":\([0-9]*\),.*$/\1 \2/' | sort -u
}
annotate_list() {
	"$(tool_path annotate)" --report "$@" 2>&1 >/dev/null | grep ': result mismatch: ' |
		sed 's/^\([^:]*\):[0-9]*:[0-9]*: game \([0-9]*\) .*$/\1 \2/' | sort -u
}
numbers() { sed 's/^.* //' | tr '\n' ' '; }

v=$(validate_list "$games" | numbers)
a=$(annotate_list "$games" | numbers)
[ "$v" = "1 3 5 6 " ] || fail "hamle-validate: result-mismatch in games '$v', not '1 3 5 6 '"
[ "$a" = "$v" ] || fail "hamle-annotate: result-mismatch in games '$a', hamle-validate '$v'"

# --fix-result: the board's result where it decides one (the tag against the marker: none)
run_tool annotate --fix-result "$games"
got=$(grep '^\[Result ' "$RUN_OUT" | sed 's/.*"\(.*\)".*/\1/' | tr '\n' ' ')
[ "$got" = "1/2-1/2 1-0 1/2-1/2 0-1 1/2-1/2 1-0 1-0 " ] || fail "--fix-result: results '$got'"

# --where Ends: how the game ended, not only its final position
ends() { # WANT EXPR
	run_tool convert --where "Ends=$2" "$games"
	local got
	got=$(grep -o '^\[Round "[0-9]*"' "$RUN_OUT" | sed 's/.*"\(.*\)"/\1/' | tr '\n' ' ')
	[ "$got" = "$1" ] || fail "--where Ends=$2: games '$got', not '$1'"
}
ends "1 " fivefold
ends "3 5 " flagfall
ends "7 " checkmate

# the HTML report holds the same findings
run_tool validate --html "$d/report.html" "$games"
h=$(grep -o 'class="finding warning" data-code="result-mismatch"' "$d/report.html" | wc -l)
[ "$h" = 4 ] || fail "--html: $h result-mismatch findings, not 4"

# moves, not plies, where a person reads
run_tool annotate --report "$games"
grep -q 'the game had ended after 8\.\.\. Ng8 (fivefold repetition)' "$RUN_ERR" ||
	fail "moves-after-end names the move: $(grep 'ended' "$RUN_ERR" | head -1)"
grep -q 'threefold repetition of the start position (also after 2\.\.\. Ng8): a draw may be claimed' "$RUN_ERR" ||
	fail "threefold repetition names the moves: $(grep 'threefold' "$RUN_ERR" | head -1)"
grep -q 'plies' "$RUN_ERR" && fail "a message names plies: $(grep plies "$RUN_ERR" | head -1)"

# every game of testdata/: the two lists are the same
validate_list "$HAMLE_TESTDATA" >"$d/v"
annotate_list "$HAMLE_TESTDATA" >"$d/a"
[ -s "$d/v" ] || fail "no result-mismatch in testdata/"
if ! cmp -s "$d/v" "$d/a"; then
	fail "testdata/: result-mismatch games differ (< validate only, > annotate only)"
	diff "$d/v" "$d/a" | head -20 >&2
fi
echo "testdata/: $(wc -l <"$d/v") games with result-mismatch in both tools"
finish
