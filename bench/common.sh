# common.sh: what every bench/*.sh script shares; sourced, never run.
#
#   bench_init NAME TOOL [BUILD_DIR] [need-pgnx]
#       finds BUILD_DIR/cmd/TOOL (default BUILD_DIR: build), checks pgn-extract when asked to, and
#       unpacks the GNU Chess book into bench/data/ (git-ignored) from ../shared/corpus when it is
#       missing; a failure prints "NAME: why" and exits 2. Sets: root build tool pgnx repeat book
#       bytes games mb have_time, and tmp (a directory removed on exit).
#   best_time CMD...   "WALL CPU" in seconds of the run with the best wall time over $repeat runs
#       (CPU = user + sys), measured by bash's `time`. Output and stderr are dropped.
#   rate N SECONDS     N per second, one decimal ("-" for no time).
#   ratio A B [DIGITS] A / B as "2.5x" with DIGITS decimals (default 1; "-" when either is "-").
#
# Environment: REPEAT (runs per timing, default 2: the machine is shared), BENCH_BOOK (another PGN
# file instead of the book, e.g. a small one to see the output shape).
set -euo pipefail
export LC_ALL=C

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pgnx=/usr/games/pgn-extract
repeat=${REPEAT:-2}
book=${BENCH_BOOK:-$root/bench/data/gnuchess-book-1.02.pgn}

bench_init() {
	local name=$1 build_dir=${3:-} need=${4:-}
	build=${build_dir:-$root/build}
	tool=$build/cmd/$2
	[ -x "$tool" ] || { echo "$name: $tool not built" >&2; exit 2; }
	if [ "$need" = need-pgnx ] && [ ! -x "$pgnx" ]; then
		echo "$name: $pgnx not installed (apt-get install pgn-extract)" >&2
		exit 2
	fi
	if [ -n "${BENCH_BOOK:-}" ] && [ ! -f "$book" ]; then
		echo "$name: BENCH_BOOK=$book is not a file" >&2
		exit 2
	elif [ ! -f "$book" ]; then
		local unpack=$root/../shared/corpus/unpack
		[ -x "$unpack" ] || { echo "$name: no $book and no $unpack" >&2; exit 2; }
		"$unpack" "$root/bench/data" >/dev/null
	fi
	have_time=0
	[ -x /usr/bin/time ] && have_time=1
	bytes=$(stat -c %s "$book")
	games=$(grep -c '^\[Event ' "$book" || true)
	mb=$(awk -v b="$bytes" 'BEGIN { printf "%.2f", b / 1e6 }')
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
}

now() { date +%s.%N; }

# CPU time is what to compare on a busy machine: wall time there also counts waiting for a core.
# Both come from bash's own `time` (millisecond resolution, the command alone: no fork of a timer
# or of date counted, which added some 20 ms to every wall time).
best_time() {
	local best="" bestcpu="-" r u s
	local TIMEFORMAT='%3R %3U %3S'
	for _ in $(seq "$repeat"); do
		{ time "$@" >/dev/null 2>"$tmp/err"; } 2>"$tmp/time" || true
		read -r r u s < <(tail -1 "$tmp/time")
		if [ -z "$best" ] || awk -v a="$r" -v b="$best" 'BEGIN { exit !(a < b) }'; then
			best=$r
			bestcpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.3f", u + s }')
		fi
	done
	echo "$best $bestcpu"
}

rate() { awk -v n="$1" -v t="$2" 'BEGIN { if (t == "-" || t <= 0) print "-"; else printf "%.1f", n / t }'; }

ratio() {
	awk -v a="$1" -v b="$2" -v d="${3:-1}" \
		'BEGIN { if (a == "-" || b == "-" || b <= 0) print "-"; else printf "%." d "fx", a / b }'
}
