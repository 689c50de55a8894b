#!/usr/bin/env bash
# many_files_bench.sh: hamle-validate over many one-game files in one run (an arbiter's folder of
# typed-in games), side by side with Rust pgn-reader's `validate` (../shared/peers/pgn-reader) on
# the same files: what a tool costs per file (opening, mapping, reading, its threads' hand-overs)
# rather than per byte. The files are the book's first FILES games (default 1000), one a file.
# Prints wall and CPU seconds (best of REPEAT, default 5), files/s and MB/s, and the peer's time
# over hamle's; then hamle-convert and hamle-annotate (-o /dev/null) against pgn-extract -s.
# Last, one process per file (a shell loop or GNU parallel over a folder: `xargs -n 1` here) over
# the first PROCS files (default 300): what a tool costs to start, as built (build/cmd, the
# shipped locales compiled in) and as installed (cmake --install into a temporary prefix: the
# locales then come from share/hamle/locales), against the peers started the same way.
#
# Usage: bench/many_files_bench.sh [BUILD_DIR]
. "$(dirname "$0")/common.sh"
repeat=${REPEAT:-5}
bench_init many_files_bench hamle-validate "${1:-}"
peer=$root/../shared/peers/pgn-reader/validate
[ -x "$peer" ] || { echo "many_files_bench: $peer not found" >&2; exit 2; }
n=${FILES:-1000}
mkdir "$tmp/files"
awk -v dir="$tmp/files" -v max="$n" '/^\[Event / && blank { k++; close(f) } k >= max { exit }
	{ f = sprintf("%s/%05d.pgn", dir, k); print > f; blank = ($0 == "") }' "$book"
files=("$tmp"/files/*.pgn)
fbytes=$(cat "${files[@]}" | wc -c)
fmb=$(awk -v b="$fbytes" 'BEGIN { printf "%.2f", b / 1e6 }')
echo "many_files_bench: ${#files[@]} files of one game each, $fmb MB; best of $repeat"
echo
echo "| command | s (wall / CPU) | files/s | MB/s | peer / hamle (wall) |"
echo "| --- | --- | --- | --- | --- |"
read -r pw pc < <(best_time "$peer" "${files[@]}")
for j in 1 2; do
	read -r w c < <(best_time "$tool" -j "$j" -q "${files[@]}")
	echo "| hamle-validate -j $j | $w / $c | $(rate "${#files[@]}" "$w") | $(rate "$fmb" "$w") | $(ratio "$pw" "$w" 2) |"
done
echo "| pgn-reader validate | $pw / $pc | $(rate "${#files[@]}" "$pw") | $(rate "$fmb" "$pw") | |"
if [ -x "$pgnx" ]; then
echo
echo "| command | s (wall / CPU) | files/s | MB/s | pgn-extract / hamle (wall) |"
echo "| --- | --- | --- | --- | --- |"
read -r xw xc < <(best_time "$pgnx" -s "${files[@]}")
for t in convert annotate; do
	for j in 1 2; do
		read -r w c < <(best_time "$build/cmd/hamle-$t" -j "$j" -o /dev/null "${files[@]}")
		echo "| hamle-$t -j $j | $w / $c | $(rate "${#files[@]}" "$w") | $(rate "$fmb" "$w") | $(ratio "$xw" "$w" 2) |"
	done
done
echo "| pgn-extract -s | $xw / $xc | $(rate "${#files[@]}" "$xw") | $(rate "$fmb" "$xw") | |"
fi

procs=${PROCS:-300}
[ "$procs" -le "${#files[@]}" ] || procs=${#files[@]}
printf '%s\n' "${files[@]:0:$procs}" >"$tmp/list"
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
echo
echo "One process per file, $procs files (xargs -n 1), best of $repeat:"
echo
echo "| command | s (wall / CPU) | ms per file | peer / hamle (wall) |"
echo "| --- | --- | --- | --- |"
read -r pw pc < <(best_time xargs -n 1 -a "$tmp/list" "$peer")
per_file() { awk -v t="$1" -v n="$procs" 'BEGIN { printf "%.2f", 1000 * t / n }'; }
for t in "$tool" "$tmp/prefix/bin/hamle-validate"; do
	read -r w c < <(best_time xargs -n 1 -a "$tmp/list" "$t" -q)
	where="as built"
	[ "$t" = "$tool" ] || where="installed"
	echo "| hamle-validate ($where) | $w / $c | $(per_file "$w") | $(ratio "$pw" "$w" 2) |"
done
echo "| pgn-reader validate | $pw / $pc | $(per_file "$pw") | |"
if [ -x "$pgnx" ]; then
	read -r xw xc < <(best_time xargs -n 1 -a "$tmp/list" "$pgnx" -s)
	for t in "$build/cmd/hamle-convert" "$tmp/prefix/bin/hamle-convert"; do
		read -r w c < <(best_time xargs -n 1 -a "$tmp/list" "$t" -o /dev/null)
		where="as built"
		[ "$t" = "$build/cmd/hamle-convert" ] || where="installed"
		echo "| hamle-convert ($where) | $w / $c | $(per_file "$w") | pgn-extract: $(ratio "$xw" "$w" 2) |"
	done
	echo "| pgn-extract -s | $xw / $xc | $(per_file "$xw") | |"
fi
