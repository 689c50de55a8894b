#!/usr/bin/env bash
# annotate.sh: hamle-annotate against pgn-extract on the GNU Chess book (speed and memory).
#
# In one run, on the same unpacked book (145,716 games, 86 MB), side by side:
#   `hamle-annotate -j 1 --plycount --fix-result --fen` vs
#   `/usr/games/pgn-extract --plycount --fixresulttags --fencomments -s`, and
#   `hamle-annotate -j 1 --eco` vs `pgn-extract -e/usr/share/pgn-extract/eco.pgn -s`
# printing MB/s and games/s of each and the ratio (target: hamle at least 5 times faster); then
# the peak memory (max RSS, GNU time) of hamle-annotate reading the book through stdin, ten times
# over (target: under 32 MB, flat). Each timing is the best of REPEAT runs (default 2; the
# machine is shared), as wall time and as CPU time. Output goes to /dev/null.
#
# Usage: bench/annotate.sh [BUILD_DIR]   (default: build; the tool is BUILD_DIR/cmd/hamle-annotate)
# Data: bench/data/ (git-ignored); unpacked there from ../shared/corpus when missing. REPEAT and
# BENCH_BOOK: see common.sh.
. "$(dirname "$0")/common.sh"
bench_init annotate hamle-annotate "${1:-}" need-pgnx

line() { # label wall cpu
	printf '  %-52s wall %7.2f s  %7s MB/s  %9s games/s | cpu %7s s  %7s MB/s  %9s games/s\n' "$1" "$2" \
		"$(rate "$mb" "$2")" "$(rate "$games" "$2")" "$3" "$(rate "$mb" "$3")" "$(rate "$games" "$3")"
}
echo "book: $book ($mb MB, $games games); best of $repeat"
n_h=$( ("$tool" -j 1 --plycount --fix-result --fen "$book" 2>/dev/null || true) | grep -c '^\[Event ' || true)
echo "hamle-annotate games written: $n_h (games: $games)"
set -- "$tool" -j 1 --plycount --fix-result --fen "$book"; h=$(best_time "$@")
set -- "$pgnx" --plycount --fixresulttags --fencomments -s "$book"; p=$(best_time "$@")
read -r hw hc <<<"$h"
read -r pw pc <<<"$p"
line "hamle-annotate -j 1 --plycount --fix-result --fen" "$hw" "$hc"
line "pgn-extract --plycount --fixresulttags --fencomments -s" "$pw" "$pc"
echo "  ratio (pgn-extract time / hamle time): wall $(ratio "$pw" "$hw"), cpu $(ratio "$pc" "$hc")  (target >= 5x)"
ecopgn=/usr/share/pgn-extract/eco.pgn
if [ -f "$ecopgn" ]; then
	set -- "$tool" -j 1 --eco "$book"; h=$(best_time "$@")
	set -- "$pgnx" -e"$ecopgn" -s "$book"; p=$(best_time "$@")
	read -r hw hc <<<"$h"
	read -r pw pc <<<"$p"
	line "hamle-annotate -j 1 --eco" "$hw" "$hc"
	line "pgn-extract -e -s" "$pw" "$pc"
	echo "  ratio (pgn-extract time / hamle time): wall $(ratio "$pw" "$hw"), cpu $(ratio "$pc" "$hc")  (target >= 5x)"
fi
if [ "$have_time" = 1 ]; then
	for n in 1 10; do
		rss=$( { for _ in $(seq "$n"); do cat "$book"; done; } |
			/usr/bin/time -f "%M" "$tool" -j 1 --plycount --fix-result --fen - 2>&1 >/dev/null | tail -1 || true)
		echo "  max RSS, the book $n time(s) through stdin: $((rss / 1024)) MB ($rss kB) (target < 32 MB)"
	done
else
	echo "  (no /usr/bin/time: memory not measured)"
fi
