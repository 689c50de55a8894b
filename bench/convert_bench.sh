#!/usr/bin/env bash
# convert_bench.sh: hamle-convert against pgn-extract on the GNU Chess book (issue 5, must-show 6).
#
# In one run, on the same unpacked book (145,716 games, 86 MB), side by side:
#   1. `hamle-convert -j 1 --to uci` vs `/usr/games/pgn-extract -Wuci -s`
#   2. `hamle-convert -j 1` (PGN export) vs `/usr/games/pgn-extract -s`
# printing MB/s and games/s of each and the ratio (target: hamle at least 5 times faster each).
# Each timing is the best of REPEAT runs (default 2; the machine is shared), as wall time and as
# CPU time (user + sys, with GNU time); rates and ratios for both. Output goes to /dev/null.
#
# Usage: bench/convert_bench.sh [BUILD_DIR]   (default: build; the tool is BUILD_DIR/cmd/hamle-convert)
# Data: bench/data/ (git-ignored); unpacked there from ../shared/corpus when missing.
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${1:-$root/build}
tool=$build/cmd/hamle-convert
pgnx=/usr/games/pgn-extract
repeat=${REPEAT:-2}
data=$here/data
book=$data/gnuchess-book-1.02.pgn

[ -x "$tool" ] || { echo "convert_bench: $tool not built" >&2; exit 2; }
[ -x "$pgnx" ] || { echo "convert_bench: $pgnx not installed (apt-get install pgn-extract)" >&2; exit 2; }
if [ ! -f "$book" ]; then
	unpack=$root/../shared/corpus/unpack
	[ -x "$unpack" ] || { echo "convert_bench: no $book and no $unpack" >&2; exit 2; }
	"$unpack" "$data" >/dev/null
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
have_time=0
[ -x /usr/bin/time ] && have_time=1
bytes=$(stat -c %s "$book")
games=$(grep -c '^\[Event ' "$book")

now() { date +%s.%N; }
# best CMD...: prints "WALL CPU" of the run with the best wall time over $repeat runs.
best() {
	local bw="" bc="-" t0 t1 w c
	for _ in $(seq "$repeat"); do
		t0=$(now)
		if [ "$have_time" = 1 ]; then
			/usr/bin/time -o "$tmp/t" -f '%U %S' "$@" >/dev/null 2>"$tmp/err" || true
			c=$(tail -1 "$tmp/t" | awk '{ printf "%.3f", $1 + $2 }')
		else
			"$@" >/dev/null 2>"$tmp/err" || true
			c=-
		fi
		t1=$(now)
		w=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
		if [ -z "$bw" ] || awk -v a="$w" -v b="$bw" 'BEGIN { exit !(a < b) }'; then bw=$w; bc=$c; fi
	done
	echo "$bw $bc"
}
rate() { awk -v n="$1" -v t="$2" 'BEGIN { if (t == "-" || t <= 0) print "-"; else printf "%.1f", n / t }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b <= 0) print "-"; else printf "%.1fx", a / b }'; }
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
		set -- "$tool" -j 1 --to uci "$book"; h=$(best "$@")
		set -- "$pgnx" -Wuci -s "$book"; p=$(best "$@")
		label_h="hamle-convert -j 1 --to uci"; label_p="pgn-extract -Wuci -s"
	else
		set -- "$tool" -j 1 "$book"; h=$(best "$@")
		set -- "$pgnx" -s "$book"; p=$(best "$@")
		label_h="hamle-convert -j 1 (PGN)"; label_p="pgn-extract -s"
	fi
	read -r hw hc <<<"$h"
	read -r pw pc <<<"$p"
	echo "--to $what:"
	line "$label_h" "$hw" "$hc"
	line "$label_p" "$pw" "$pc"
	echo "  ratio (pgn-extract time / hamle time): wall $(ratio "$pw" "$hw"), cpu $(ratio "$pc" "$hc")  (target >= 5x)"
done
