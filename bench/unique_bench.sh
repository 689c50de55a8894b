#!/usr/bin/env bash
# unique_bench.sh: `hamle-convert --unique` against `pgn-extract -D` on the GNU Chess book.
# In one run, on the same unpacked book:
#   hamle-convert -j 1 --unique (PGN export of the games kept) vs /usr/games/pgn-extract -D -s
# with the games each keeps (the same number expected), the best of REPEAT runs as wall and CPU
# time (user + sys) and the ratio (target: hamle at least 5 times faster in CPU time); then the
# memory of the key table: hamle-convert -v's note (KiB held) and the peak RSS with and without
# --unique (GNU time), per million distinct games; then hamle-validate -j 1 --unique against the same
# pgn-extract -D. Output goes to /dev/null.
#
# Usage: bench/unique_bench.sh [BUILD_DIR]   (default: build)
# Data: bench/data/ (git-ignored); unpacked there from ../shared/corpus when missing. REPEAT and
# BENCH_BOOK: see common.sh.
. "$(dirname "$0")/common.sh"
bench_init unique_bench hamle-convert "${1:-}" need-pgnx

echo "book: $book ($mb MB, $games games); best of $repeat"
kept_h=$("$tool" -q -j 1 --unique "$book" 2>/dev/null | grep -c '^\[Event ' || true)
(cd "$tmp" && "$pgnx" -D -s -o kept.pgn "$book" >/dev/null 2>&1 || true)
kept_p=$(grep -c '^\[Event ' "$tmp/kept.pgn" || true)
echo "games kept: hamle-convert --unique $kept_h, pgn-extract -D $kept_p"
set -- "$tool" -q -j 1 --unique "$book"; h=$(best_time "$@")
set -- "$pgnx" -D -s "$book"; p=$(best_time "$@")
set -- "$tool" -q -j 1 "$book"; n=$(best_time "$@")
read -r hw hc <<<"$h"
read -r pw pc <<<"$p"
read -r nw nc <<<"$n"
printf '  %-34s wall %7.2f s  cpu %7s s\n' "hamle-convert -j 1 --unique" "$hw" "$hc" \
	"pgn-extract -D -s" "$pw" "$pc" "hamle-convert -j 1 (no --unique)" "$nw" "$nc"
echo "  ratio (pgn-extract time / hamle time): wall $(ratio "$pw" "$hw"), cpu $(ratio "$pc" "$hc")  (target >= 5x)"
echo "  (on a busy machine compare instructions: valgrind --tool=callgrind --callgrind-out-file=/dev/null CMD)"
note=$("$tool" -v -j 1 --unique "$book" 2>&1 >/dev/null | grep -- '--unique left out' || true)
kib=$(sed -n 's/.*keys: \([0-9]*\) KiB.*/\1/p' <<<"$note")
echo "  $note"
if [ -n "$kib" ] && [ "$kept_h" -gt 0 ]; then
	echo "  key table: $(awk -v k="$kib" -v g="$kept_h" 'BEGIN { printf "%.0f", k * 1024 / g }') bytes a distinct game," \
		"$(awk -v k="$kib" -v g="$kept_h" 'BEGIN { printf "%.0f", k * 1024 / g }') MB per million games"
fi
if [ "$have_time" = 1 ]; then
	# (hamle-convert exits 1 on the book: some of its games have errors)
	with=$( (/usr/bin/time -f '%M' "$tool" -q -j 1 --unique "$book" 2>&1 >/dev/null || true) | tail -1)
	without=$( (/usr/bin/time -f '%M' "$tool" -q -j 1 "$book" 2>&1 >/dev/null || true) | tail -1)
	echo "  peak RSS: $with KiB with --unique, $without KiB without"
fi
# hamle-validate --unique (each distinct game validated once, a duplicate-game warning for the
# others; no quick lane) against the same pgn-extract -D
vtool=$build/cmd/hamle-validate
if [ -x "$vtool" ]; then
	set -- "$vtool" -q -j 1 --unique "$book"; v=$(best_time "$@")
	read -r vw vc <<<"$v"
	printf '  %-34s wall %7.2f s  cpu %7s s  (pgn-extract -D / it: cpu %s)\n' "hamle-validate -j 1 --unique" "$vw" "$vc" \
		"$(ratio "$pc" "$vc")"
fi
