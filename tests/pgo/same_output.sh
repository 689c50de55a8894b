#!/usr/bin/env bash
# same_output.sh: the profile-guided build (bench/pgo_build.sh, what the Debian packages are made
# from) against the build the test suite ran on: the same stdout, stderr and exit status from
# hamle-validate (text, JSON, --full-replay, -j 1 and -j 2), hamle-convert (PGN, UCI, Turkish
# out) and hamle-annotate over testdata/ and, when it is there, ../shared/corpus/medium. PGO only
# reorders and inlines code; this shows that what ships computes what was tested. .ci/run calls it
# after making the packages.
#
# Usage: tests/pgo/same_output.sh TESTED_BUILD_DIR PGO_BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
a=$(realpath "${1:?tested build}")
b=$(realpath "${2:?pgo build}")
inputs=("$root/testdata")
[ -d "$root/../shared/corpus/medium" ] && inputs+=("$root/../shared/corpus/medium")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
find "${inputs[@]}" -name '*.pgn' -print0 | sort -z | xargs -0 cat >"$tmp/all.pgn"
n=0 bad=0
# run NAME TOOL ARGS...: the tool of each build, its output compared
run() {
	local name=$1 tool=$2
	shift 2
	local ra=0 rb=0
	(cd "$tmp" && "$a/cmd/$tool" "$@" >"$tmp/a.out" 2>"$tmp/a.err") || ra=$?
	(cd "$tmp" && "$b/cmd/$tool" "$@" >"$tmp/b.out" 2>"$tmp/b.err") || rb=$?
	n=$((n + 1))
	if [ "$ra" != "$rb" ] || ! cmp -s "$tmp/a.out" "$tmp/b.out" || ! cmp -s "$tmp/a.err" "$tmp/b.err"; then
		bad=$((bad + 1))
		echo "DIFFERENT: $name (exit $ra vs $rb)" >&2
		diff "$tmp/a.out" "$tmp/b.out" | head -5 >&2 || true
		diff "$tmp/a.err" "$tmp/b.err" | head -5 >&2 || true
	elif [ "$ra" -gt 2 ]; then
		bad=$((bad + 1))
		echo "CRASH: $name exit $ra" >&2
	fi
}
run "validate -j 1" hamle-validate -j 1 "${inputs[@]}"
run "validate -j 2 json" hamle-validate -j 2 --format json "${inputs[@]}"
run "validate --full-replay" hamle-validate -j 1 --full-replay "${inputs[@]}"
run "convert" hamle-convert -j 1 all.pgn
run "convert uci" hamle-convert -j 2 --to uci all.pgn
run "convert tr" hamle-convert -j 1 --lang tr all.pgn
run "annotate" hamle-annotate -j 1 all.pgn
echo "same_output: $((n - bad)) of $n runs identical ($(du -h "$tmp/all.pgn" | cut -f1) of games, ${inputs[*]##*/})"
[ "$bad" = 0 ]
