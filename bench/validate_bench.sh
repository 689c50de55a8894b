#!/usr/bin/env bash
# validate_bench.sh: hamle-validate against pgn-extract on the GNU Chess book (issue 4, must-show 4).
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
mb=$(awk -v b="$bytes" 'BEGIN { printf "%.2f", b / 1e6 }')

now() { date +%s.%N; }
# best_time CMD...: "WALL CPU" in seconds, the run with the best wall time over $repeat runs
# (CPU = user + sys, from GNU time when installed, else "-"). CPU time is what to compare on a
# busy machine: wall time there also counts waiting for a core.
best_time() {
	local best="" bestcpu="-" t0 t1 t cpu
	for _ in $(seq "$repeat"); do
		t0=$(now)
		if [ "$have_time" = 1 ]; then
			/usr/bin/time -o "$tmp/cpu" -f '%U %S' "$@" >/dev/null 2>&1 || true
			cpu=$(tail -1 "$tmp/cpu" | awk '{ printf "%.3f", $1 + $2 }')
		else
			"$@" >/dev/null 2>&1 || true
			cpu=-
		fi
		t1=$(now)
		t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
		if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then
			best=$t
			bestcpu=$cpu
		fi
	done
	echo "$best $bestcpu"
}
rate() { if [ "$2" = - ]; then echo -; else awk -v n="$1" -v t="$2" 'BEGIN { printf "%.1f", n / t }'; fi; }
row() { # LABEL "WALL CPU"
	local w=${2% *} c=${2#* }
	printf '%-24s %8s %8s %9s %9s %11s %11s\n' "$1" "$w" "$c" "$(rate "$mb" "$w")" "$(rate "$mb" "$c")" \
		"$(rate "$games" "$w")" "$(rate "$games" "$c")"
}
ratio() { if [ "$1" = - ] || [ "$2" = - ]; then echo -; else awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; fi; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
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
	echo "ratio hamle -j 1 / pgn-extract: wall $(ratio "${rx% *}" "${r1% *}"), cpu $(ratio "${rx#* }" "${r1#* }") (target >= 10x)"
else
	echo "pgn-extract not installed ($pgnx): no ratio"
fi
echo "speed-up -j 2 / -j 1 (wall): $(ratio "${r1% *}" "${r2% *}") (target close to 2x; needs 2 idle cores)"

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
