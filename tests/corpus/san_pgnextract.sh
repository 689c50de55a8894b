#!/usr/bin/env bash
# san_pgnextract.sh: for every game of ../shared/corpus/medium, the English SAN hamle writes for
# each move (after reading the source token) equals the token of `pgn-extract -s` output at the
# same place (Debian pgn-extract, a SAN writer we did not write). Uses bench/san_bench --compare.
. "$HAMLE_SOURCE/tests/cli/common.sh"
skip_without_shared
PGNX=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$PGNX" ] || skip "pgn-extract not installed"
BENCH=$HAMLE_BIN/../bench/san_bench
[ -x "$BENCH" ] || skip "san_bench not built"
dir=$HAMLE_SHARED/corpus/medium/pgnmentor-players-via-EduChess
[ -d "$dir" ] || skip "$dir missing"

games=0 tokens=0 same=0
for f in "$dir"/*.pgn; do
	ref=$HAMLE_TMP/$(basename "$f" .pgn).ref.pgn
	"$PGNX" -s "$f" -o "$ref" 2>/dev/null || { fail "pgn-extract failed on $f"; continue; }
	out=$("$BENCH" --compare "$ref" "$f") || fail "$(basename "$f"): differences from pgn-extract"
	last=$(printf '%s\n' "$out" | tail -n 1)
	printf '%s\n' "$out" | grep -v 'same as pgn-extract' | head -n 20
	echo "$last"
	g=$(printf '%s\n' "$last" | sed -n 's/.*games \([0-9]*\), tokens \([0-9]*\), same as pgn-extract \([0-9]*\),.*/\1 \2 \3/p')
	[ -n "$g" ] || { fail "$(basename "$f"): no summary"; continue; }
	set -- $g
	games=$((games + $1)) tokens=$((tokens + $2)) same=$((same + $3))
done
echo "pgn-extract comparison: $games games, $tokens move tokens, $same identical"
[ "$games" -eq 13163 ] || fail "expected 13163 games, read $games"
[ "$HAMLE_FAILS" = 0 ] || exit 1
exit 0
