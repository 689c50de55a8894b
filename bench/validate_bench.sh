#!/usr/bin/env bash
# validate_bench.sh: hamle-validate against pgn-extract on the GNU Chess book (issue 4, must-show 4).
#
# In one run, on the same unpacked book (145,716 games, 86 MB):
#   1. `hamle-validate -j 1` (default --from auto) vs `/usr/games/pgn-extract -r -s`: MB/s, games/s,
#      and the ratio (target: hamle at least 10 times faster);
#   2. `hamle-validate -j 2` vs `-j 1` (target: close to twice);
#   3. peak RSS of `hamle-validate -` reading the book ten times over through stdin (target < 32 MB).
# Each timing is the best of REPEAT runs (default 2; the machine is shared). Output goes to /dev/null.
#
# Usage: bench/validate_bench.sh [BUILD_DIR]     (default: build; the tool is BUILD_DIR/cmd/hamle-validate)
# Data: bench/data/ (git-ignored); unpacked there from ../shared/corpus when missing.
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${1:-$root/build}
tool=$build/cmd/hamle-validate
pgnx=/usr/games/pgn-extract
repeat=${REPEAT:-2}
data=$here/data
book=$data/gnuchess-book-1.02.pgn

[ -x "$tool" ] || { echo "validate_bench: $tool not built" >&2; exit 2; }
if [ ! -f "$book" ]; then
	unpack=$root/../shared/corpus/unpack
	[ -x "$unpack" ] || { echo "validate_bench: no $book and no $unpack" >&2; exit 2; }
	"$unpack" "$data" >/dev/null
fi
have_time=0
[ -x /usr/bin/time ] && have_time=1

bytes=$(stat -c %s "$book")
games=$(grep -c '^\[Event ' "$book")
mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')

now() { date +%s.%N; }
# best_time CMD...: best wall time in seconds over $repeat runs
best_time() {
	local best="" t0 t1 t
	for _ in $(seq "$repeat"); do
		t0=$(now)
		"$@" >/dev/null 2>&1 || true
		t1=$(now)
		t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
		if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
	done
	echo "$best"
}
rate() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.1f", n / t }'; }

echo "book: $book ($mb MB, $games games); best of $repeat run(s)"
echo "machine: $(nproc) cores; $(uname -sr)"

t1=$(best_time "$tool" -j 1 -q "$book")
tx=""
if [ -x "$pgnx" ]; then
	tx=$(best_time "$pgnx" -r -s "$book")
fi
t2=$(best_time "$tool" -j 2 -q "$book")

printf '%-34s %8s %10s %12s\n' "command" "seconds" "MB/s" "games/s"
printf '%-34s %8s %10s %12s\n' "hamle-validate -j 1" "$t1" "$(rate "$bytes/1e6" "$t1")" "$(rate "$games" "$t1")"
printf '%-34s %8s %10s %12s\n' "hamle-validate -j 2" "$t2" "$(rate "$bytes/1e6" "$t2")" "$(rate "$games" "$t2")"
if [ -n "$tx" ]; then
	printf '%-34s %8s %10s %12s\n' "pgn-extract -r -s" "$tx" "$(rate "$bytes/1e6" "$tx")" "$(rate "$games" "$tx")"
	echo "ratio hamle -j 1 / pgn-extract: $(awk -v a="$tx" -v b="$t1" 'BEGIN { printf "%.1fx", a / b }') (target >= 10x)"
else
	echo "pgn-extract not installed ($pgnx): no ratio"
fi
echo "speed-up -j 2 / -j 1: $(awk -v a="$t1" -v b="$t2" 'BEGIN { printf "%.2fx", a / b }') (target close to 2x)"

# Peak memory: the book ten times over through stdin, default -j (all cores).
if [ "$have_time" = 1 ]; then
	rss_file=$(mktemp)
	t0=$(now)
	for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$book"; done |
		/usr/bin/time -o "$rss_file" -f %M "$tool" -q - >/dev/null 2>&1 || true
	t=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }')
	rss=$(tail -1 "$rss_file")
	rm -f "$rss_file"
	verdict=ok
	[ "$rss" -lt 32768 ] || verdict=OVER
	echo "peak RSS, book x10 through stdin ($(awk -v b="$bytes" 'BEGIN { printf "%.0f", b * 10 / 1e6 }') MB, $((games * 10)) games, ${t} s): $((rss / 1024)) MB ($rss KB; target < 32 MB: $verdict)"
else
	echo "peak RSS: /usr/bin/time not installed (package 'time')"
fi
