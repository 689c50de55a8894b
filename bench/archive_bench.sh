#!/usr/bin/env bash
# archive_bench.sh: hamle-validate on the compressed GNU Chess book against the plain book.
#
# In one run, on the unpacked book (145,716 games, 86 MB) and on it compressed with `zstd -3` and
# with `gzip` (default level 6; both kept in bench/data/, git-ignored, made when missing):
#   1. `hamle-validate -j 1` on .zst and .gz against the plain book (targets: 85% and 60% of its
#      throughput);
#   2. `hamle-validate -j 2` on .zst against -j 2 on the plain book (target: 80%);
#   3. peak RSS (/usr/bin/time -v) of each run, and of -j 1 on the .zst book ten times over
#      through stdin: small, and the same whatever the input's size (streamed).
# Runs are interleaved (plain, zst, gz, plain -j 2, zst -j 2, then again) and each figure is the
# best wall time of REPEAT rounds (default 3 here; the machine is shared), with its CPU time (user +
# sys, all threads: decompression runs on a thread of its own). MB/s and games/s count the
# uncompressed book. Output goes to /dev/null.
#
# Usage: bench/archive_bench.sh [BUILD_DIR]     (default: build)
# Data: bench/data/ (see common.sh); REPEAT and BENCH_BOOK as there.
REPEAT=${REPEAT:-3}
. "$(dirname "$0")/common.sh"
bench_init archive_bench hamle-validate "${1:-}"
command -v zstd >/dev/null && command -v gzip >/dev/null || { echo "archive_bench: needs zstd and gzip" >&2; exit 2; }

zst=$book.zst
gz=$book.gz
[ "$zst" -nt "$book" ] || zstd -q -f -3 -c "$book" >"$zst"
[ "$gz" -nt "$book" ] || gzip -c "$book" >"$gz"

configs=("plain -j 1|1|$book" "zstd -3 -j 1|1|$zst" "gzip -j 1|1|$gz" "plain -j 2|2|$book" "zstd -3 -j 2|2|$zst")
declare -A best_w best_c
for _ in $(seq "$repeat"); do
	for c in "${configs[@]}"; do
		IFS='|' read -r label j file <<<"$c"
		TIMEFORMAT='%3R %3U %3S'
		{ time "$tool" -q -j "$j" "$file" >/dev/null 2>&1; } 2>"$tmp/time" || true
		read -r r u s < <(tail -1 "$tmp/time")
		cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.3f", u + s }')
		if [ -z "${best_w[$label]:-}" ] || awk -v a="$r" -v b="${best_w[$label]}" 'BEGIN { exit !(a < b) }'; then
			best_w[$label]=$r
			best_c[$label]=$cpu
		fi
	done
done

rss() { # FILE J: peak RSS in KB of one run
	if [ "$have_time" = 1 ]; then
		/usr/bin/time -v -o "$tmp/rss" "$tool" -q -j "$2" "$1" >/dev/null 2>&1 || true
		sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$tmp/rss"
	else
		echo "-"
	fi
}

echo "book: $book ($mb MB, $games games); .zst $(stat -c %s "$zst") bytes, .gz $(stat -c %s "$gz") bytes"
echo "machine: $(nproc) cores; load average now: $(cut -d' ' -f1-3 /proc/loadavg); best of $repeat interleaved rounds"
printf '%-28s %8s %8s %9s %11s %8s %10s %8s\n' "command" "wall s" "cpu s" "MB/s" "games/s" "RSS MB" "vs plain" "target"
verdicts=()
for c in "${configs[@]}"; do
	IFS='|' read -r label j file <<<"$c"
	w=${best_w[$label]}
	base=${best_w["plain -j $j"]}
	pct=$(awk -v b="$base" -v w="$w" 'BEGIN { printf "%.0f", 100 * b / w }')
	case $label in
	"zstd -3 -j 1") target=85 ;;
	"gzip -j 1") target=60 ;;
	"zstd -3 -j 2") target=80 ;;
	*) target="" ;;
	esac
	k=$(rss "$file" "$j")
	printf '%-28s %8s %8s %9s %11s %8s %9s%% %8s\n' "hamle-validate $label" "$w" "${best_c[$label]}" \
		"$(rate "$mb" "$w")" "$(rate "$games" "$w")" "$(awk -v k="$k" 'BEGIN { if (k == "-") print "-"; else printf "%.1f", k / 1024 }')" \
		"$pct" "${target:+>= $target%}"
	if [ -n "$target" ]; then
		v=ok
		[ "$pct" -ge "$target" ] || v=UNDER
		verdicts+=("$label: $pct% ($v)")
	fi
done
echo "targets: ${verdicts[*]}"
# memory flat: the .zst book ten times over (concatenated frames) through stdin
if [ "$have_time" = 1 ]; then
	for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$zst"; done |
		/usr/bin/time -v -o "$tmp/rss" "$tool" -q -j 1 - >/dev/null 2>&1 || true
	k=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$tmp/rss")
	echo "peak RSS, the .zst book x10 through stdin ($((games * 10)) games): $(awk -v k="$k" 'BEGIN { printf "%.1f", k / 1024 }') MB"
fi
