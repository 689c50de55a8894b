#!/usr/bin/env bash
# startup_bench.sh: what one process costs to start and finish, hamle-validate against Rust
# pgn-reader's `validate` (../shared/peers/pgn-reader): on an empty file, and on a one-game English
# file (testdata/fuzz/quick/scholars-mate.pgn). Every shipped locale is loaded at start (the game's
# language is found among them), so this is mostly the dynamic linker and the locales. hamle runs
# as built (BUILD_DIR/cmd: the locales compiled in) and as installed (cmake --install into a
# temporary prefix: they come from share/hamle/locales there, and no build-tree RUNPATH is searched).
#
# Wall: RUNS runs of each (default 200), the two tools taking turns run by run, each run timed by
# bash's $EPOCHREALTIME around it (the fork of the shell counted in both alike); the median and the
# best run, in ms. CPU: the process's own time (task-clock) and page faults, the mean of `perf stat
# -r RUNS` (less moved by a busy machine than wall time), where perf runs. Instructions: one run of
# each under `valgrind --tool=callgrind` (exact, and the same on a busy machine), and under
# `perf stat -e instructions:u` where the machine lets perf count them.
#
# Usage: bench/startup_bench.sh [BUILD_DIR]   (default build; RUNS=N to change the runs)
. "$(dirname "$0")/common.sh"
build=${1:-$root/build}
tool=$build/cmd/hamle-validate
peer=$root/../shared/peers/pgn-reader/validate
[ -x "$tool" ] || { echo "startup_bench: $tool not built" >&2; exit 2; }
[ -x "$peer" ] || { echo "startup_bench: $peer not found" >&2; exit 2; }
runs=${RUNS:-200}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/empty.pgn"
game=$root/testdata/fuzz/quick/scholars-mate.pgn

cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
installed=$tmp/prefix/bin/hamle-validate
[ -x "$installed" ] || { echo "startup_bench: no $installed after cmake --install" >&2; exit 2; }

# wall FILE: "BUILT_MEDIAN BUILT_BEST INSTALLED_MEDIAN INSTALLED_BEST PEER_MEDIAN PEER_BEST" in ms
# over $runs turns
wall() {
	local f=$1 t0 t1 k
	local cmds=("$tool" "$installed" "$peer")
	for k in 0 1 2; do : >"$tmp/t$k"; done
	for _ in $(seq "$runs"); do
		for k in 0 1 2; do
			t0=$EPOCHREALTIME
			"${cmds[$k]}" "$f" >/dev/null 2>&1 || true
			t1=$EPOCHREALTIME
			echo "$t0 $t1" >>"$tmp/t$k"
		done
	done
	for s in t0 t1 t2; do
		awk '{ printf "%.3f\n", 1000 * ($2 - $1) }' "$tmp/$s" | sort -n |
			awk '{ v[NR] = $1 } END { printf "%s %s ", v[int((NR + 1) / 2)], v[1] }'
	done
	echo
}

# instr TOOL FILE: instructions of one run under callgrind ("-" without valgrind)
instr() {
	if ! command -v valgrind >/dev/null; then
		echo "-"
		return
	fi
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
		awk '/Collected :/ { print $NF }'
}

# perf_instr TOOL FILE: instructions:u of one run under perf stat ("-" where perf may not count)
perf_instr() {
	if ! command -v perf >/dev/null; then
		echo "-"
		return
	fi
	perf stat -x, -e instructions:u "$@" 2>&1 >/dev/null | awk -F, '/instructions/ { v = $1 }
		END { print (v ~ /^[0-9]+$/ ? v : "-") }'
}

# cpu TOOL FILE: "TASK_CLOCK_MS PAGE_FAULTS", means over $runs runs ("- -" without perf)
cpu() {
	if ! command -v perf >/dev/null; then
		echo "- -"
		return
	fi
	perf stat -r "$runs" -x, -e task-clock,page-faults "$@" 2>&1 >/dev/null | awk -F, '
		$3 == "task-clock" && $1 ~ /^[0-9.]+$/ { t = sprintf("%.3f", $1) }
		$3 == "page-faults" && $1 ~ /^[0-9]+$/ { p = $1 }
		END { print (t == "" ? "-" : t), (p == "" ? "-" : p) }'
}

mi() { awk -v n="$1" 'BEGIN { if (n == "-") print "-"; else printf "%.2f", n / 1e6 }'; }

echo "startup_bench: $(basename "$tool") ($build) against pgn-reader validate; $runs runs each, taking turns"
echo "$(lscpu 2>/dev/null | awk -F: '/Model name/ { sub(/^ +/, "", $2); print $2; exit }'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| file | tool | wall ms (median / best) | CPU ms (task-clock) | page faults | M instructions (callgrind) | M instructions:u (perf) | peer / hamle (median wall, CPU) |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
for f in "$tmp/empty.pgn" "$game"; do
	name=$([ "$f" = "$game" ] && basename "$f" || echo "empty file")
	read -r hm hb im ib pm pb < <(wall "$f")
	read -r hc hf < <(cpu "$tool" "$f")
	read -r ic if < <(cpu "$installed" "$f")
	read -r pc pf < <(cpu "$peer" "$f")
	echo "| $name | hamle-validate (built) | $hm / $hb | $hc | $hf | $(mi "$(instr "$tool" "$f")") | $(mi "$(perf_instr "$tool" "$f")") | $(ratio "$pm" "$hm" 2), $(ratio "$pc" "$hc" 2) |"
	echo "| $name | hamle-validate (installed) | $im / $ib | $ic | $if | $(mi "$(instr "$installed" "$f")") | $(mi "$(perf_instr "$installed" "$f")") | $(ratio "$pm" "$im" 2), $(ratio "$pc" "$ic" 2) |"
	echo "| $name | pgn-reader validate | $pm / $pb | $pc | $pf | $(mi "$(instr "$peer" "$f")") | $(mi "$(perf_instr "$peer" "$f")") | |"
done
