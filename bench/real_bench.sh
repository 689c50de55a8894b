#!/usr/bin/env bash
# real_bench.sh: hamle on every real kind of PGN, side by side with the fastest published validator,
# Rust pgn-reader's `validate` (../shared/peers/pgn-reader; README there says what it checks:
# mainline SANs only, comments skipped with memchr, variations skipped), and hamle-convert with
# pgn-extract -s. One run prints every table; docs/performance.md shows table 1 of one run.
#
# Files (made once into bench/data/, git-ignored):
#   book       the GNU Chess book (no comments)
#   lichess    the book made lichess-style by bench/make_lichess.py: a [%clk] comment after every
#              move, [%eval] on every move of every third game, TimeControl and Elo tags
#   tcec-x5    TCEC seasons 12-15 (../shared/corpus/big) five times over: an engine comment on
#              every move
#   variations the annotated games of ../shared/corpus/edge with variations (every file holding
#              '(' that hamle and the peer both read), 300 times over: hamle replays every
#              variation, the peer skips them
#   lichess-style.pgn.zst (zstd -3 of the lichess file)
# Tables (markdown rows):
#   0. hamle-validate -j 1 (and --full-replay) against the peer, run by run interleaved
#      (COUNTER_REPEAT, default 5), medians: wall seconds, cycles, instructions, IPC, branch misses and
#      page faults, the CPU's model line (lscpu) and the ratios peer / hamle: what a wall-time ratio is
#      made of. With perf's hardware counters (bench/counters.sh) every figure is the whole file's;
#      where perf has none (a VM without a virtual PMU) the table says so, page faults come from perf's
#      software counter or /usr/bin/time, and instructions and branch mispredictions from
#      valgrind --tool=cachegrind on the file's first SLICE_MB (default 8) megabytes of whole games.
#      COUNTERS=0 leaves it out, COUNTER_FULL=0 leaves out --full-replay, TABLES=counters prints it alone;
#   1. hamle-validate -j 1, --full-replay, -j 2 and the peer per file: wall and CPU seconds, MB/s
#      and games/s (of the wall time), ratio peer / hamle -j 1 (wall and CPU), -j 2 / -j 1 (wall);
#      with PGO=1 (the default) also -j 1 and --full-replay of the profile-guided build the Debian
#      packages are made from (bench/pgo_build.sh with PGO_TRAIN=repo: trained on testdata/ only,
#      built afresh into build-pgo-bench first, about 30 s; PGO_BUILD=DIR uses a build as it is);
#   1b. -j 2 against the machine's ceiling: two -j 1 runs started together;
#   2. hamle-convert -j 1 (PGN out, comments kept) against pgn-extract -s (CONVERT=0 leaves it out);
#   3. hamle-validate -j 1 and -j 2 on the lichess-style file as .pgn.zst against the plain file;
#   4. peak RSS (/usr/bin/time -f %M) of hamle-validate -j 1 and -j 2 and hamle-convert -j 1, each
#      file read MEMORY_TIMES (default 10) times over through stdin (MEMORY=0 leaves it out).
# Each timing is the best (by wall time) of REPEAT runs (default 3), the commands of a file
# interleaved run by run. On a shared machine compare the CPU columns: wall time there also counts
# waiting for a core (and -j 2 needs two idle cores to show its scaling).
#
# Environment: REPEAT, CONVERT, MEMORY, MEMORY_TIMES, PGO, PGO_BUILD (above); BENCH_DATA (another directory for
# the files, e.g. small ones to see the output shape; BENCH_BOOK names the book).
#
# Usage: bench/real_bench.sh [BUILD_DIR]
. "$(dirname "$0")/common.sh"
repeat=${REPEAT:-3}
bench_init real_bench hamle-validate "${1:-}"
peer=$root/../shared/peers/pgn-reader/validate
[ -x "$peer" ] || { echo "real_bench: $peer not found" >&2; exit 2; }
ctool=$build/cmd/hamle-convert
data=${BENCH_DATA:-$root/bench/data}
shared=$root/../shared/corpus

lichess=$data/lichess-style.pgn
[ -s "$lichess" ] || python3 "$root/bench/make_lichess.py" "$book" "$lichess" >/dev/null
tcec=$data/tcec-x5.pgn
if [ ! -s "$tcec" ]; then
	[ -d "$data/tcec-s12-s15" ] || "$shared/unpack" "$data" >/dev/null
	for _ in 1 2 3 4 5; do cat "$data"/tcec-s12-s15/*.pgn; done >"$tcec"
fi
var=$data/variations.pgn
if [ ! -s "$var" ]; then
	: >"$tmp/one.pgn"
	while IFS= read -r f; do
		"$tool" -q "$f" >/dev/null 2>&1 || continue # hamle reads it clean: the peer reads it too
		cat "$f" >>"$tmp/one.pgn"
		printf '\n\n' >>"$tmp/one.pgn"
	done < <(grep -l -r --include='*.pgn' '(' "$shared/edge" | sort)
	for _ in $(seq 300); do cat "$tmp/one.pgn"; done >"$var"
fi
zst=$lichess.zst
if command -v zstd >/dev/null; then
	[ "$zst" -nt "$lichess" ] || zstd -q -f -3 -c "$lichess" >"$zst"
else
	zst=""
fi

file_of() {
	case $1 in
	book) echo "$book" ;; lichess) echo "$lichess" ;; tcec-x5) echo "$tcec" ;; variations) echo "$var" ;;
	esac
}

# Table 0: wall time with what it is made of, hamle -j 1 and the peer, run by run interleaved
if [ "${COUNTERS:-1}" = 1 ]; then
	. "$root/bench/counters.sh"
	counters_init
	slice=${SLICE_MB:-8}
	crepeat=${COUNTER_REPEAT:-5}
	ckeys="j1 full peer"
	[ "${COUNTER_FULL:-1}" = 1 ] || ckeys="j1 peer"
	ccmd() {
		case $1 in
		j1) echo "$tool -j 1 -q" ;; full) echo "$tool -j 1 --full-replay -q" ;; peer) echo "$peer" ;;
		esac
	}
	for name in book lichess tcec-x5 variations; do
		f=$(file_of "$name")
		for _ in $(seq "$crepeat"); do
			for k in $ckeys; do
				# shellcheck disable=SC2046
				counters_run "$name/$k" $(ccmd "$k") "$f"
			done
		done
		if [ "$counters_mode" != perf ]; then
			counters_slice "$f" "$slice" "$tmp/slice.pgn"
			for k in $ckeys; do
				# shellcheck disable=SC2046
				counters_sim "$name/$k" $(ccmd "$k") "$tmp/slice.pgn"
			done
		fi
	done
	echo
	echo "Table 0: hamle-validate and pgn-reader validate, run by run interleaved, median of $crepeat runs"
	echo "CPU: $counters_cpu; $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
	if [ "$counters_mode" = perf ]; then
		echo "counters: perf stat (cycles, instructions, branch-misses, page-faults) of the whole file, median"
	else
		echo "counters: this host has no hardware counters for perf ($counters_mode): wall and page faults of the"
		echo "whole file; instructions and branch mispredictions (simulated) by valgrind --tool=cachegrind on the"
		echo "file's first $slice MB (whole games) only, so they are not the whole run's; no cycles, no IPC"
	fi
	echo "ratio = peer / hamle (above 1: hamle is faster or does less)"
	echo
	ilabel=instructions bmlabel="branch misses"
	[ "$counters_mode" = perf ] || ilabel="instructions ($slice MB, cachegrind)" bmlabel="branch mispredicts ($slice MB, cachegrind)"
	echo "| file | MB | command | wall s | cycles | $ilabel | IPC | $bmlabel | page faults | ratio wall | ratio cycles | ratio instructions |"
	echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
	for name in book lichess tcec-x5 variations; do
		f=$(file_of "$name")
		m=$(awk -v b="$(stat -L -c %s "$f")" 'BEGIN { printf "%.1f", b / 1e6 }')
		for k in $ckeys; do
			case $k in
			j1) label="hamle-validate -j 1" ;; full) label="hamle-validate -j 1 --full-replay" ;;
			peer) label="pgn-reader validate" ;;
			esac
			r1="" r2="" r3=""
			if [ "$k" != peer ]; then
				r1=$(ratio "$(med "$name/peer" wall)" "$(med "$name/$k" wall)" 2)
				r2=$(ratio "$(med "$name/peer" cycles)" "$(med "$name/$k" cycles)" 2)
				r3=$(ratio "$(med "$name/peer" instr)" "$(med "$name/$k" instr)" 2)
			fi
			echo "| $name | $m | $label | $(med "$name/$k" wall) | $(big "$(med "$name/$k" cycles)") |" \
				"$(big "$(med "$name/$k" instr)") | $(per "$(med "$name/$k" instr)" "$(med "$name/$k" cycles)") |" \
				"$(big "$(med "$name/$k" bmiss)") | $(med "$name/$k" faults) | $r1 | $r2 | $r3 |"
		done
	done
	[ "${TABLES:-all}" = counters ] && exit 0
fi

ptool=""
if [ "${PGO:-1}" = 1 ]; then
	if [ -n "${PGO_BUILD:-}" ]; then
		ptool=$PGO_BUILD/cmd/hamle-validate
	else
		echo "building the profile-guided tools (bench/pgo_build.sh, PGO_TRAIN=repo) ..."
		PGO_TRAIN=repo bash "$root/bench/pgo_build.sh" "$root/build-pgo-bench" >/dev/null
		ptool=$root/build-pgo-bench/cmd/hamle-validate
	fi
	[ -x "$ptool" ] || { echo "real_bench: $ptool not built" >&2; exit 2; }
fi

# sample KEY CMD...: one run of CMD (wall and CPU seconds of the command alone, bash's `time`),
# kept under KEY when its wall time is the best so far; w KEY and c KEY print that run's wall and
# CPU seconds ("-" when none).
declare -A best_w best_c
sample() {
	local key=$1 r u s c
	shift
	local TIMEFORMAT='%3R %3U %3S'
	{ time "$@" >/dev/null 2>"$tmp/err"; } 2>"$tmp/time" || true
	read -r r u s < <(tail -1 "$tmp/time")
	c=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.3f", u + s }')
	if [ -z "${best_w[$key]:-}" ] || awk -v a="$r" -v b="${best_w[$key]}" 'BEGIN { exit !(a < b) }'; then
		best_w[$key]=$r
		best_c[$key]=$c
	fi
}
w() { echo "${best_w[$1]:--}"; }
rate0() { awk -v n="$1" -v t="$2" 'BEGIN { if (t == "-" || t <= 0) print "-"; else printf "%.0f", n / t }'; }
c() { echo "${best_c[$1]:--}"; }

# side_by_side CMD...: two runs of CMD at once (the -j 2 ceiling: two single-threaded runs share
# the cores' memory bandwidth and caches as -j 2's threads do)
side_by_side() {
	"$@" >/dev/null 2>&1 &
	"$@" >/dev/null 2>&1
	wait
}

names="book lichess tcec-x5 variations"
echo "machine: $(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg); best of $repeat"
for name in $names; do
	f=$(file_of "$name")
	for _ in $(seq "$repeat"); do
		sample "$name/j1" "$tool" -j 1 -q "$f"
		sample "$name/peer" "$peer" "$f"
		sample "$name/full" "$tool" -j 1 --full-replay -q "$f"
		sample "$name/j2" "$tool" -j 2 -q "$f"
		sample "$name/pair" side_by_side "$tool" -j 1 -q "$f"
		if [ -n "$ptool" ]; then
			sample "$name/pj1" "$ptool" -j 1 -q "$f"
			sample "$name/pfull" "$ptool" -j 1 --full-replay -q "$f"
		fi
	done
done
echo "load average after validate: $(cut -d' ' -f1-3 /proc/loadavg)"

echo
echo "Table 1: hamle-validate and pgn-reader validate (s = wall / CPU; MB/s and games/s of the wall time;"
echo "ratio = peer time / hamle -j 1 time, above 1: hamle is faster)"
echo
echo "| file | MB | games | command | s (wall / CPU) | MB/s | games/s | ratio peer / hamle -j 1 (wall, CPU) | -j 2 / -j 1 (wall) |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
declare -A mb_of games_of
for name in $names; do
	f=$(file_of "$name")
	b=$(stat -L -c %s "$f")
	m=$(awk -v b="$b" 'BEGIN { printf "%.1f", b / 1e6 }')
	g=$(grep -c '^\[Event ' "$f" || true)
	mb_of[$name]=$m
	games_of[$name]=$g
	keys="j1 full j2 peer"
	[ -n "$ptool" ] && keys="j1 full pj1 pfull j2 peer"
	for k in $keys; do
		case $k in
		j1) label="hamle-validate -j 1" ;; full) label="hamle-validate -j 1 --full-replay" ;;
		pj1) label="hamle-validate -j 1 (PGO build)" ;; pfull) label="hamle-validate -j 1 --full-replay (PGO build)" ;;
		j2) label="hamle-validate -j 2" ;; peer) label="pgn-reader validate" ;;
		esac
		r1="" r2=""
		case $k in j1 | full | pj1 | pfull)
			r1="$(ratio "$(w "$name/peer")" "$(w "$name/$k")" 2), $(ratio "$(c "$name/peer")" "$(c "$name/$k")" 2)" ;;
		esac
		[ "$k" = j2 ] && r2=$(ratio "$(w "$name/j1")" "$(w "$name/j2")" 2)
		echo "| $name | $m | $g | $label | $(w "$name/$k") / $(c "$name/$k") | $(rate "$m" "$(w "$name/$k")") |" \
			"$(rate0 "$g" "$(w "$name/$k")") | $r1 | $r2 |"
	done
done

echo
echo "Table 1b: -j 2 against what this machine allows: two -j 1 runs started together (each slows the"
echo "other where they share memory bandwidth and caches); ceiling = 2 x (-j 1) / (the pair's wall time)"
echo
echo "| file | -j 1 | two -j 1 at once | ceiling | -j 2 | -j 2 / -j 1 | share of the ceiling |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for name in $names; do
	ceil=$(ratio "$(awk -v a="$(w "$name/j1")" 'BEGIN { if (a == "-") print "-"; else printf "%.3f", 2 * a }')" "$(w "$name/pair")" 2)
	got=$(ratio "$(w "$name/j1")" "$(w "$name/j2")" 2)
	share=$(awk -v a="$(w "$name/j1")" -v b="$(w "$name/j2")" -v p="$(w "$name/pair")" \
		'BEGIN { if (a == "-" || b == "-" || p == "-" || b <= 0) print "-"; else printf "%.0f%%", 100 * (a / b) / (2 * a / p) }')
	echo "| $name | $(w "$name/j1") s | $(w "$name/pair") s | ${ceil} | $(w "$name/j2") s | ${got} | $share |"
done

if [ "${CONVERT:-1}" = 1 ] && [ -x "$pgnx" ] && [ -x "$ctool" ]; then
	for name in book lichess tcec-x5; do
		f=$(file_of "$name")
		for _ in $(seq "$repeat"); do
			sample "$name/conv" "$ctool" -j 1 -q "$f"
			sample "$name/pgnx" "$pgnx" -s "$f"
		done
	done
	echo
	echo "Table 2: hamle-convert -j 1 (PGN out, comments kept) and pgn-extract -s (output to /dev/null)"
	echo
	echo "| file | command | s (wall / CPU) | MB/s (CPU) | games/s (CPU) | ratio pgn-extract / hamle (wall, CPU) |"
	echo "| --- | --- | --- | --- | --- | --- |"
	for name in book lichess tcec-x5; do
		m=${mb_of[$name]} g=${games_of[$name]}
		echo "| $name | hamle-convert -j 1 | $(w "$name/conv") / $(c "$name/conv") | $(rate "$m" "$(c "$name/conv")") |" \
			"$(rate0 "$g" "$(c "$name/conv")") | $(ratio "$(w "$name/pgnx")" "$(w "$name/conv")" 2)," \
			"$(ratio "$(c "$name/pgnx")" "$(c "$name/conv")" 2) |"
		echo "| $name | pgn-extract -s | $(w "$name/pgnx") / $(c "$name/pgnx") | $(rate "$m" "$(c "$name/pgnx")") |" \
			"$(rate0 "$g" "$(c "$name/pgnx")") | |"
	done
fi

if [ -n "$zst" ]; then
	for _ in $(seq "$repeat"); do
		sample zst/j1 "$tool" -j 1 -q "$zst"
		sample zst/j2 "$tool" -j 2 -q "$zst"
	done
	m=${mb_of[lichess]} g=${games_of[lichess]}
	echo
	echo "Table 3: the lichess-style file as .pgn.zst (zstd -3, $(awk -v b="$(stat -c %s "$zst")" 'BEGIN { printf "%.1f", b / 1e6 }') MB;"
	echo "MB/s and games/s of the uncompressed file; CPU counts the decompressing thread)"
	echo
	echo "| command | s (wall / CPU) | MB/s | games/s | vs plain (wall) |"
	echo "| --- | --- | --- | --- | --- |"
	for k in j1 j2; do
		echo "| hamle-validate -j ${k#j} lichess-style.pgn.zst | $(w "zst/$k") / $(c "zst/$k") | $(rate "$m" "$(w "zst/$k")") |" \
			"$(rate0 "$g" "$(w "zst/$k")") | $(awk -v a="$(w "lichess/$k")" -v b="$(w "zst/$k")" \
			'BEGIN { if (a == "-" || b == "-" || b <= 0) print "-"; else printf "%.0f%%", 100 * a / b }') |"
	done
fi

if [ "${MEMORY:-1}" = 1 ] && [ "$have_time" = 1 ]; then
	times=${MEMORY_TIMES:-10}
	echo
	echo "Table 4: peak RSS, each file $times times over through stdin (/usr/bin/time -f %M)"
	echo
	echo "| file | games read | hamle-validate -j 1 | hamle-validate -j 2 | hamle-convert -j 1 |"
	echo "| --- | --- | --- | --- | --- |"
	for name in $names; do
		f=$(file_of "$name")
		row="| $name | $((games_of[$name] * times)) |"
		for cmd in "$tool -j 1 -q" "$tool -j 2 -q" "$ctool -j 1 -q"; do
			# shellcheck disable=SC2086
			for _ in $(seq "$times"); do cat "$f"; done |
				/usr/bin/time -f %M -o "$tmp/rss" $cmd - >/dev/null 2>&1 || true
			k=$(tail -1 "$tmp/rss")
			row="$row $(awk -v k="$k" 'BEGIN { printf "%.1f MB", k / 1024 }') |"
		done
		echo "$row"
	done
fi
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
