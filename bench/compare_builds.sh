#!/usr/bin/env bash
# compare_builds.sh: two builds of hamle side by side on the GNU Chess book, interleaved in one run
# (old, new, old, new, ...), best of REPEAT (default 5) CPU times each: how much a change costs.
#   hamle-validate -j 1 -q          (the quick lane)
#   hamle-validate -j 1 -q --full-replay
#   hamle-convert -j 1              (PGN out)
# Prints, per command, the best CPU seconds of each build and new/old (1.03 = 3% slower).
#
# Usage: bench/compare_builds.sh OLD_BUILD_DIR NEW_BUILD_DIR
# Data: as the other benchmarks (bench/data/, or BENCH_BOOK).
. "$(dirname "$0")/common.sh"
[ $# -eq 2 ] || { echo "usage: $0 OLD_BUILD_DIR NEW_BUILD_DIR" >&2; exit 2; }
old=$1 new=$2
bench_init compare_builds hamle-validate "$new"
[ -x "$old/cmd/hamle-validate" ] || { echo "compare_builds: $old/cmd/hamle-validate not built" >&2; exit 2; }
repeat=${REPEAT:-5}
echo "book: $book ($mb MB, $games games); best of $repeat interleaved runs, CPU seconds (user + sys)"
echo "machine: $(nproc) cores; load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-40s %9s %9s %9s\n' command old new new/old
compare() { # LABEL TOOL ARGS...
	local label=$1 t=$2 bo="" bn="" i r
	shift 2
	local TIMEFORMAT='%3U %3S'
	for i in $(seq "$repeat"); do
		for b in old new; do
			local dir=$old
			[ "$b" = new ] && dir=$new
			{ time "$dir/cmd/$t" "$@" "$book" >/dev/null 2>&1; } 2>"$tmp/time" || true
			r=$(awk '{ printf "%.3f", $1 + $2 }' "$tmp/time")
			if [ "$b" = old ]; then
				{ [ -z "$bo" ] || awk -v a="$r" -v b="$bo" 'BEGIN { exit !(a < b) }'; } && bo=$r
			else
				{ [ -z "$bn" ] || awk -v a="$r" -v b="$bn" 'BEGIN { exit !(a < b) }'; } && bn=$r
			fi
		done
	done
	printf '%-40s %9s %9s %9s\n' "$label" "$bo" "$bn" "$(awk -v a="$bn" -v b="$bo" 'BEGIN { printf "%.3f", a / b }')"
}
compare "hamle-validate -j 1 -q" hamle-validate -j 1 -q
compare "hamle-validate -j 1 -q --full-replay" hamle-validate -j 1 -q --full-replay
compare "hamle-convert -j 1" hamle-convert -j 1
