# shellcheck shell=bash
# counters.sh: what a run costs besides its wall time, for bench/real_bench.sh's counter table;
# sourced after common.sh, never run.
#
#   counters_init       finds what this host can count; sets counters_mode:
#                         perf      perf stat with the hardware counters (cycles, instructions,
#                                   branch-misses) and page faults, for every run;
#                         perf-sw   perf stat without hardware counters (a VM without a virtual
#                                   PMU): task-clock and page faults from perf, instructions and
#                                   branch mispredictions from cachegrind on a slice (below);
#                         time      no perf: page faults from /usr/bin/time (-f %R), instructions
#                                   from cachegrind on a slice;
#                       and counters_cpu (lscpu's model name).
#   counters_run KEY CMD...
#                       one run of CMD (stdout and stderr dropped): wall seconds, and in perf mode
#                       cycles, instructions and branch misses, and page faults, appended to the
#                       lists under KEY (several runs of a KEY are summed up by their median).
#   counters_sim KEY CMD...
#                       (modes perf-sw and time) one run of CMD under valgrind --tool=cachegrind
#                       (--cache-sim=no --branch-sim=yes): instructions and simulated branch
#                       mispredictions under KEY. Slow (some 30 times the run): give it a slice.
#   counters_slice FILE MB OUT
#                       the whole games of FILE's first MB megabytes (cut before an [Event tag) into OUT.
#   med KEY FIELD       the median of FIELD (wall, cycles, instr, bmiss, faults) under KEY, "-" when none.
counters_init() {
	counters_mode="time"
	if command -v perf >/dev/null && perf stat -x, -e page-faults true >/dev/null 2>"$tmp/perf.probe"; then
		counters_mode=perf-sw
		if perf stat -x, -e cycles,instructions,branch-misses true 2>"$tmp/perf.probe" >/dev/null &&
			! grep -q 'not supported\|not counted' "$tmp/perf.probe"; then
			counters_mode=perf
		fi
	fi
	if [ "$counters_mode" != perf ] && ! command -v valgrind >/dev/null; then
		echo "real_bench: neither perf's hardware counters nor valgrind here: no instruction counts" >&2
	fi
	counters_cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name:[[:space:]]*//p' | head -1)
	[ -n "$counters_cpu" ] || counters_cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
}

declare -A cn_list
cn_add() { cn_list[$1/$2]="${cn_list[$1/$2]:-} $3"; }

counters_run() {
	local key=$1 r ev v ename
	shift
	local TIMEFORMAT='%3R'
	case $counters_mode in
	perf | perf-sw)
		ev=page-faults
		[ "$counters_mode" = perf ] && ev=cycles,instructions,branch-misses,page-faults
		{ time perf stat -x, -o "$tmp/perf.out" -e "$ev" "$@" >/dev/null 2>&1; } 2>"$tmp/time" || true
		while IFS=, read -r v _ ename _; do
			case $ename in
			cycles*) cn_add "$key" cycles "$v" ;; instructions*) cn_add "$key" instr "$v" ;;
			branch-misses*) cn_add "$key" bmiss "$v" ;; page-faults*) cn_add "$key" faults "$v" ;;
			esac
		done < <(grep -v '^#' "$tmp/perf.out" | grep ,)
		;;
	*)
		if [ "$have_time" = 1 ]; then
			{ time /usr/bin/time -f %R -o "$tmp/faults" "$@" >/dev/null 2>&1; } 2>"$tmp/time" || true
			cn_add "$key" faults "$(tail -1 "$tmp/faults")"
		else
			{ time "$@" >/dev/null 2>&1; } 2>"$tmp/time" || true
		fi
		;;
	esac
	read -r r < <(tail -1 "$tmp/time")
	cn_add "$key" wall "$r"
}

counters_sim() {
	local key=$1
	shift
	command -v valgrind >/dev/null || return 0
	valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file=/dev/null \
		"$@" >/dev/null 2>"$tmp/cg.out" || true
	cn_add "$key" instr "$(sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' "$tmp/cg.out" | tr -d ,)"
	cn_add "$key" bmiss "$(sed -n 's/.*Mispredicts: *\([0-9,]*\).*/\1/p' "$tmp/cg.out" | tr -d ,)"
}

counters_slice() {
	awk -v max="$(($2 * 1000000))" '/^\[Event / && b > 0 && b + length($0) + 1 > max { exit }
		{ b += length($0) + 1; print }' "$1" >"$3"
}

med() {
	local v=${cn_list[$1/$2]:-}
	[ -n "${v// /}" ] || { echo -; return; }
	# shellcheck disable=SC2086
	printf '%s\n' $v | sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2];
		else printf "%.10g\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

# big N: N in G, M or k ("1.23 G", "512.3 M", "84 k"), "-" for none
big() {
	awk -v n="$1" 'BEGIN { if (n == "-" || n == "") print "-"; else if (n >= 1e9) printf "%.2f G", n / 1e9;
		else if (n >= 1e6) printf "%.1f M", n / 1e6; else printf "%.0f k", n / 1e3 }'
}
# per A B: A / B with two decimals ("-" when either is "-")
per() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b <= 0) print "-"; else printf "%.2f", a / b }'; }
