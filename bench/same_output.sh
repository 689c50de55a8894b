#!/usr/bin/env bash
# same_output.sh: two builds give the same output on the benchmark's files and on ../shared/corpus:
# the stdout, stderr and exit status of hamle-validate (text, JSON, -v, --full-replay, -j 1 and -j 2)
# and hamle-convert (PGN out), compared by checksum (the files are big). For a change meant to make
# the tools faster and nothing else: run it with the build before the change and the build after.
#
# Files: the book, lichess-style, tcec-x5 and variations files of bench/real_bench.sh (in
# BENCH_DATA, default bench/data/, made by that script), each that is there; then every .pgn of
# ../shared/corpus, as one directory operand.
#
# Usage: bench/same_output.sh BUILD_BEFORE BUILD_AFTER
set -euo pipefail
export LC_ALL=C
root=$(cd "$(dirname "$0")/.." && pwd)
a=$(realpath "${1:?build before}")
b=$(realpath "${2:?build after}")
data=${BENCH_DATA:-$root/bench/data}
inputs=()
for f in gnuchess-book-1.02 lichess-style tcec-x5 variations; do
	[ -s "$data/$f.pgn" ] && inputs+=("$data/$f.pgn")
done
corpus=$root/../shared/corpus
[ -d "$corpus" ] && inputs+=("$corpus")
[ "${#inputs[@]}" -gt 0 ] || { echo "same_output: no files (BENCH_DATA=$data, $corpus)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 bad=0
# sums BUILD TOOL ARGS...: "exit status, checksum of stdout, checksum of stderr"
sums() {
	local build=$1 tool=$2
	shift 2
	{ "$build/cmd/$tool" "$@" 2>"$tmp/err" && echo 0 >"$tmp/rc" || echo $? >"$tmp/rc"; } | sha1sum >"$tmp/out"
	echo "$(cat "$tmp/rc") $(cut -c1-40 "$tmp/out") $(sha1sum <"$tmp/err" | cut -c1-40)"
}
check() {
	local name=$1 sa sb
	shift
	sa=$(sums "$a" "$@")
	sb=$(sums "$b" "$@")
	n=$((n + 1))
	if [ "$sa" != "$sb" ]; then
		bad=$((bad + 1))
		echo "DIFFERENT: $name ($sa vs $sb)" >&2
	elif [ "${sa%% *}" -gt 2 ]; then
		bad=$((bad + 1))
		echo "CRASH: $name exit ${sa%% *}" >&2
	fi
}
for f in "${inputs[@]}"; do
	w=${f#"$root/"}
	check "validate -j 1 $w" hamle-validate -j 1 "$f"
	check "validate -j 1 --format json $w" hamle-validate -j 1 --format json "$f"
	check "validate -j 2 --format json $w" hamle-validate -j 2 --format json "$f"
	check "validate -j 1 --full-replay $w" hamle-validate -j 1 --full-replay "$f"
	check "convert -j 1 $w" hamle-convert -j 1 "$f"
	if [ -d "$f" ]; then
		check "validate -v $w" hamle-validate -j 1 -v "$f"
		check "validate --format json --full-replay $w" hamle-validate -j 1 --format json --full-replay "$f"
	fi
done
echo "same_output: $((n - bad)) of $n runs identical (${inputs[*]##*/})"
[ "$bad" = 0 ]
