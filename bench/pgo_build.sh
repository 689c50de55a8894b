#!/usr/bin/env bash
# pgo_build.sh: builds the tools with GCC profile-guided optimisation into BUILD_DIR (default
# build-pgo): an instrumented build, a training run, then the optimised build in the same directory.
#
# Training set: real games that are not the benchmark's book -- ../shared/corpus/medium (8 MB from
# pgnmentor) when it is there -- plus testdata/ (errors, languages, scoresheets), validated and
# converted. The book itself is never used for training, so the book benchmark stays a fair test.
#
# Usage: bench/pgo_build.sh [BUILD_DIR]; then e.g. bench/validate_bench.sh BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$root/build-pgo}")
prof=$out/pgo-profile
jobs=$(nproc 2>/dev/null || echo 2)
rm -rf "$prof"

cmake -S "$root" -B "$out" -DHAMLE_PGO=generate -DHAMLE_PGO_DIR="$prof" -DHAMLE_BUILD_TESTS=OFF >/dev/null
cmake --build "$out" -j"$jobs" --target hamle-validate hamle-convert >/dev/null

train=("$root/testdata")
medium=$root/../shared/corpus/medium
if [ -d "$medium" ]; then
	train+=("$medium")
else
	echo "pgo_build: $medium not found; training on testdata/ only (a weaker profile)" >&2
fi
v=$out/cmd/hamle-validate
c=$out/cmd/hamle-convert
# exit 1 (games with errors) is expected here: testdata holds broken games on purpose
"$v" -q -j 1 "${train[@]}" >/dev/null || [ $? -eq 1 ]
"$v" -q -j 2 --format json "${train[@]}" >/dev/null || [ $? -eq 1 ]
"$v" -q -j 1 --full-replay "${train[@]}" >/dev/null || [ $? -eq 1 ]
if [ -d "$medium" ]; then
	find "$medium" -name '*.pgn' -print0 | xargs -0 cat | "$c" -q -j 1 - >/dev/null || [ $? -eq 1 ]
	find "$medium" -name '*.pgn' -print0 | xargs -0 cat | "$c" -q -j 1 --to uci - >/dev/null || [ $? -eq 1 ]
fi

cmake -S "$root" -B "$out" -DHAMLE_PGO=use >/dev/null
cmake --build "$out" -j"$jobs" --target hamle-validate hamle-convert >/dev/null
echo "pgo_build: $out/cmd/hamle-validate and hamle-convert built with the profile in $prof"
