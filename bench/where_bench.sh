#!/usr/bin/env bash
# where_bench.sh: hamle-convert --where against pgn-extract's equivalent on the GNU Chess book
# In one run, on the same unpacked book, side by side (CPU time: user +
# sys; the best of REPEAT runs; output to /dev/null), with the games each selects:
#   1. --where 'Date>=1990 && Player~/Kasparov/'   vs  pgn-extract -t (Date >= "1990") --tagsubstr -TpKasparov
#      (--tagsubstr: anywhere in the name, as ~ does; without it pgn-extract matches its start)
#   2. --where 'Position=PATTERN'                   vs  pgn-extract -TfPATTERN
#   3. --unique                                     vs  pgn-extract -D (when hamle-convert has it)
# Target: hamle at least 5 times faster each. hamle-convert runs with -j 1 (one thread, as
# pgn-extract). PATTERN (default: White's king on c1 and rook on d1, castled queenside) may be set
# with WHERE_PATTERN.
#
# Usage: bench/where_bench.sh [BUILD_DIR]   (default: build)
# Data: bench/data/ (git-ignored); unpacked there from ../shared/corpus when missing. REPEAT and
# BENCH_BOOK: see common.sh.
. "$(dirname "$0")/common.sh"
bench_init where_bench hamle-convert "${1:-}" need-pgnx
pattern=${WHERE_PATTERN:-'*/*/*/*/*/*/*/??KR????'}

count() { grep -c '^\[Event ' || true; }
line() { # label cpu wall games
	printf '  %-58s cpu %7s s  wall %7s s  %7s games\n' "$1" "$2" "$3" "$4"
}
# case LABEL -- HAMLE-ARGS -- PGN-EXTRACT-ARGS
bench_case() {
	local label=$1 h=() p=()
	shift 2
	while [ "$1" != -- ]; do h+=("$1"); shift; done
	shift
	p=("$@")
	local nh np hr pr hw hc pw pc
	nh=$( ("$tool" -j 1 "${h[@]}" "$book" 2>/dev/null || true) | count)
	np=$( ("$pgnx" -s "${p[@]}" "$book" 2>/dev/null || true) | count)
	hr=$(best_time "$tool" -j 1 "${h[@]}" "$book")
	pr=$(best_time "$pgnx" -s "${p[@]}" "$book")
	read -r hw hc <<<"$hr"
	read -r pw pc <<<"$pr"
	echo "$label:"
	line "hamle-convert -j 1 ${h[*]}" "$hc" "$hw" "$nh"
	line "pgn-extract -s ${p[*]}" "$pc" "$pw" "$np"
	echo "  hamle is $(ratio "$pc" "$hc") faster (CPU), $(ratio "$pw" "$hw") (wall)"
}

echo "book: $book ($mb MB, $games games); best of $repeat; CPU = user + sys"
printf 'Date >= "1990"\n' >"$tmp/tags"
bench_case "tags" -- --where 'Date>=1990 && Player~/Kasparov/' -- -t"$tmp/tags" --tagsubstr -TpKasparov
bench_case "position" -- --where "Position=$pattern" -- "-Tf$pattern"
if "$tool" --help 2>/dev/null | grep -q -- '--unique'; then
	bench_case "duplicates" -- --unique -- -D
else
	echo "duplicates: hamle-convert has no --unique yet (the slot for --unique vs pgn-extract -D)"
fi
