#!/usr/bin/env bash
# convert_bench.sh: hamle-convert against pgn-extract on the GNU Chess book.
#
# In one run, on the same unpacked book (145,716 games, 86 MB), side by side:
#   1. `hamle-convert -j 1 --to uci` vs `/usr/games/pgn-extract -Wuci -s`
#   2. `hamle-convert -j 1` (PGN export) vs `/usr/games/pgn-extract -s`
# printing MB/s and games/s of each and the ratio (target: hamle at least 5 times faster each).
# Each timing is the best of REPEAT runs (default 2; the machine is shared), as wall time and as
# CPU time (user + sys, with GNU time); rates and ratios for both. Output goes to /dev/null.
#
# Usage: bench/convert_bench.sh [BUILD_DIR]   (default: build; the tool is BUILD_DIR/cmd/hamle-convert)
# Data: bench/data/ (git-ignored); unpacked there from ../shared/corpus when missing. REPEAT and
# BENCH_BOOK: see common.sh.
. "$(dirname "$0")/common.sh"
bench_init convert_bench hamle-convert "${1:-}" need-pgnx

line() { # label wall cpu
	printf '  %-34s wall %7.2f s  %7s MB/s  %9s games/s | cpu %7s s  %7s MB/s  %9s games/s\n' "$1" "$2" \
		"$(rate $((bytes / 1000000)) "$2")" "$(rate "$games" "$2")" "$3" "$(rate $((bytes / 1000000)) "$3")" \
		"$(rate "$games" "$3")"
}
echo "book: $book ($(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }') MB, $games games); best of $repeat"
# sanity: both tools convert the same number of games
n_h=$( ("$tool" -j 1 --to uci "$book" 2>/dev/null || true) | wc -l)
echo "hamle-convert --to uci lines: $n_h (games: $games)"
for what in uci pgn; do
	if [ "$what" = uci ]; then
		set -- "$tool" -j 1 --to uci "$book"; h=$(best_time "$@")
		set -- "$pgnx" -Wuci -s "$book"; p=$(best_time "$@")
		label_h="hamle-convert -j 1 --to uci"; label_p="pgn-extract -Wuci -s"
	else
		set -- "$tool" -j 1 "$book"; h=$(best_time "$@")
		set -- "$pgnx" -s "$book"; p=$(best_time "$@")
		label_h="hamle-convert -j 1 (PGN)"; label_p="pgn-extract -s"
	fi
	read -r hw hc <<<"$h"
	read -r pw pc <<<"$p"
	echo "--to $what:"
	line "$label_h" "$hw" "$hc"
	line "$label_p" "$pw" "$pc"
	echo "  ratio (pgn-extract time / hamle time): wall $(ratio "$pw" "$hw"), cpu $(ratio "$pc" "$hc")  (target >= 5x)"
done
