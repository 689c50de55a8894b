#!/usr/bin/env bash
# validate_bench.sh: hamle-validate against pgn-extract on the GNU Chess book.
#
# In one run, on the same unpacked book (145,716 games, 86 MB):
#   1. `hamle-validate -j 1` (default --from auto) vs `/usr/games/pgn-extract -r -s`: MB/s, games/s,
#      and the ratio (target: hamle at least 10 times faster);
#   2. `hamle-validate -j 2` vs `-j 1` (target: close to twice);
#   3. peak RSS of `hamle-validate -` reading the book ten times over through stdin (target < 32 MB).
# Each timing is the best of REPEAT runs (default 2; the machine is shared), shown as wall time and
# as CPU time (user + sys); rates for both. Output goes to /dev/null.
#
# Usage: bench/validate_bench.sh [BUILD_DIR]     (default: build; the tool is BUILD_DIR/cmd/hamle-validate)
# Data: bench/data/ (git-ignored); unpacked there from ../shared/corpus when missing. REPEAT and
# BENCH_BOOK: see common.sh.
. "$(dirname "$0")/common.sh"
bench_init validate_bench hamle-validate "${1:-}"

row() { # LABEL "WALL CPU"
	local w=${2% *} c=${2#* }
	printf '%-24s %8s %8s %9s %9s %11s %11s\n' "$1" "$w" "$c" "$(rate "$mb" "$w")" "$(rate "$mb" "$c")" \
		"$(rate "$games" "$w")" "$(rate "$games" "$c")"
}
echo "book: $book ($mb MB, $games games); best of $repeat run(s)"
echo "machine: $(nproc) cores; load average now: $(cut -d' ' -f1-3 /proc/loadavg)"

r1=$(best_time "$tool" -j 1 -q "$book")
rx=""
if [ -x "$pgnx" ]; then
	rx=$(best_time "$pgnx" -r -s "$book")
fi
r2=$(best_time "$tool" -j 2 -q "$book")

printf '%-24s %8s %8s %9s %9s %11s %11s\n' "command" "wall s" "cpu s" "MB/s" "MB/cpu-s" "games/s" "games/cpu-s"
row "hamle-validate -j 1" "$r1"
row "hamle-validate -j 2" "$r2"
if [ -n "$rx" ]; then
	row "pgn-extract -r -s" "$rx"
	echo "ratio hamle -j 1 / pgn-extract: wall $(ratio "${rx% *}" "${r1% *}" 2), cpu $(ratio "${rx#* }" "${r1#* }" 2) (target >= 10x)"
else
	echo "pgn-extract not installed ($pgnx): no ratio"
fi
echo "speed-up -j 2 / -j 1 (wall): $(ratio "${r1% *}" "${r2% *}" 2) (target close to 2x; needs 2 idle cores)"

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
