#!/usr/bin/env bash
# html_report.sh: the --html report of 1,000 broken games (one
# file). The games are real ones (../shared/corpus/medium; testdata/ when it is absent) with an
# illegal move injected: White's 15th move becomes Kh8 (no king can reach h8), so every game has
# an illegal-move error, its suggestions and a board in the report. Times `hamle-validate --html`
# (default jobs, and -j 1), best of REPEAT runs (default 3), wall and CPU seconds, and checks that
# the report is one file holding 1,000 games.
#
# Usage: bench/html_report.sh [BUILD_DIR]   (default: build)
set -euo pipefail
export LC_ALL=C
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
tool=$build/cmd/hamle-validate
[ -x "$tool" ] || { echo "html_report: $tool not built" >&2; exit 2; }
repeat=${REPEAT:-3}
n=${GAMES:-1000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mapfile -t src < <(find "$root/../shared/corpus/medium" -name '*.pgn' 2>/dev/null | sort)
[ ${#src[@]} -gt 0 ] || src=("")
[ -f "${src[0]}" ] || src=("$root"/testdata/validate/golden/*.pgn "$root"/testdata/suggest/*.pgn)
# the first n games that have a 15th move, with Kh8 for it (repeated over the sources if needed)
reps=1
[ "$(cat "${src[@]}" | wc -c)" -gt 4000000 ] || reps=100 # testdata: few games, taken again
for _ in $(seq "$reps"); do cat "${src[@]}"; done | tr -d '\r' | awk -v n="$n" '
	BEGIN { RS = ""; ORS = "\n\n" }
	/^\[/ { tags = $0; next }
	{
		if (done >= n || tags == "") next
		if (match($0, /(^|[ \n])15\.[ \n]*[^ \n.]+/)) {
			pre = substr($0, 1, RSTART - 1); s = substr($0, RSTART, RLENGTH)
			lead = substr(s, 1, 1) ~ /[ \n]/ ? substr(s, 1, 1) : ""
			print tags; print pre lead "15. Kh8" substr($0, RSTART + RLENGTH); done++
		}
		tags = ""
	}' >"$tmp/broken.pgn"
# the games as hamle-validate reads them, each with an error
read -r games bad < <("$tool" "$tmp/broken.pgn" 2>&1 >/dev/null |
	sed -nE 's/^hamle-validate: ([0-9]+) games?, [0-9]+ valid, ([0-9]+) with errors.*/\1 \2/p')
[ "$games" = "$bad" ] || echo "note: $games games, $bad with errors" >&2
echo "input: $games broken games, $(stat -c %s "$tmp/broken.pgn") bytes (from ${src[0]%/*})"

best() { # CMD...: "WALL CPU" of the best of $repeat runs
	local b="" bc="-" r u s TIMEFORMAT='%3R %3U %3S'
	for _ in $(seq "$repeat"); do
		{ time "$@" >/dev/null 2>"$tmp/err"; } 2>"$tmp/time" || true
		read -r r u s < <(tail -1 "$tmp/time")
		if [ -z "$b" ] || awk -v a="$r" -v b="$b" 'BEGIN { exit !(a < b) }'; then
			b=$r; bc=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.3f", u + s }')
		fi
	done
	echo "$b $bc"
}
mkdir "$tmp/out"
read -r w c < <(best "$tool" --html "$tmp/out/report.html" "$tmp/broken.pgn")
read -r w1 c1 < <(best "$tool" -j 1 --html "$tmp/out/report.html" "$tmp/broken.pgn")
read -r w0 c0 < <(best "$tool" -j 1 "$tmp/broken.pgn")
files=$(ls -A "$tmp/out" | wc -l)
articles=$(grep -c '^<article class="game"' "$tmp/out/report.html" || true)
boards=$(grep -o '<svg class="board"' "$tmp/out/report.html" | wc -l)
echo "report: $(stat -c %s "$tmp/out/report.html") bytes, $files file(s) in its directory, $articles games, $boards boards"
printf '  %-44s wall %6.3f s  cpu %6.3f s\n' "hamle-validate --html (all cores)" "$w" "$c" \
	"hamle-validate -j 1 --html" "$w1" "$c1" "hamle-validate -j 1 (no report)" "$w0" "$c0"
ok=1
[ "$files" = 1 ] || { echo "FAIL: the report is not one file" >&2; ok=0; }
[ "$articles" -ge "$bad" ] || { echo "FAIL: $articles games in the report, $bad broken" >&2; ok=0; }
awk -v t="$w" 'BEGIN { exit !(t < 2) }' || { echo "FAIL: $w s, not under 2 s" >&2; ok=0; }
[ "$ok" = 1 ] && echo "ok: $games broken games reported in $w s (under 2 s), one file"
[ "$ok" = 1 ]
