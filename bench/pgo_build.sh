#!/usr/bin/env bash
# pgo_build.sh: builds hamle with GCC profile-guided optimisation into BUILD_DIR (default
# build-pgo): an instrumented build of hamle-validate and hamle-convert, a training run, then every
# target (tests off) rebuilt with the profile in the same directory, ready for `cmake --install` or
# `cpack -G DEB` there (.ci/run makes the Debian packages this way).
#
# Training set: testdata/ (real games with errors, every language, scoresheets, archives),
# validated (quick lane, full path, JSON, -j 1 and -j 2) and converted (PGN and UCI out); with
# PGO_TRAIN=all (the default) also ../shared/corpus/medium (8 MB of real games from pgnmentor)
# when it is there; PGO_TRAIN=repo trains on testdata/ alone, so that the build depends on the
# repository only (the packages). The benchmark's files (the book, TCEC, the lichess-style file)
# are never used for training, so the benchmarks stay a fair test.
#
# Usage: bench/pgo_build.sh [BUILD_DIR [CMAKE_ARGUMENTS...]]; then e.g. bench/real_bench.sh BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$root/build-pgo}")
shift || true
prof=$out/pgo-profile
jobs=$(nproc 2>/dev/null || echo 2)
train_mode=${PGO_TRAIN:-all}
case $train_mode in all | repo) ;; *) echo "pgo_build: PGO_TRAIN must be all or repo" >&2; exit 2 ;; esac
rm -rf "$prof"

cmake -S "$root" -B "$out" -DHAMLE_PGO=generate -DHAMLE_PGO_DIR="$prof" -DHAMLE_BUILD_TESTS=OFF "$@" >/dev/null
cmake --build "$out" -j"$jobs" --target hamle-validate hamle-convert >/dev/null

train=("$root/testdata")
medium=$root/../shared/corpus/medium
if [ "$train_mode" = all ]; then
	if [ -d "$medium" ]; then
		train+=("$medium")
	else
		echo "pgo_build: $medium not found; training on testdata/ only" >&2
	fi
fi
v=$out/cmd/hamle-validate
c=$out/cmd/hamle-convert
# exit 1 (games with errors) and 2 (unreadable inputs) are expected here: testdata holds broken
# games and archives on purpose; anything above (a crash) stops the build
"$v" -q -j 1 "${train[@]}" >/dev/null 2>&1 || [ $? -le 2 ]
"$v" -q -j 2 --format json "${train[@]}" >/dev/null 2>&1 || [ $? -le 2 ]
"$v" -q -j 1 --full-replay "${train[@]}" >/dev/null 2>&1 || [ $? -le 2 ]
find "${train[@]}" -name '*.pgn' -print0 | sort -z | xargs -0 cat | "$c" -q -j 1 - >/dev/null 2>&1 || [ $? -le 2 ]
find "${train[@]}" -name '*.pgn' -print0 | sort -z | xargs -0 cat | "$c" -q -j 1 --to uci - >/dev/null 2>&1 || [ $? -le 2 ]

cmake -S "$root" -B "$out" -DHAMLE_PGO=use >/dev/null
cmake --build "$out" -j"$jobs" >/dev/null
echo "pgo_build: $out built with the profile in $prof (training: ${train[*]})"
