#!/usr/bin/env bash
# flag_bench.sh: what games lost on time cost hamle-validate, next to Rust pgn-reader's `validate`
# (../shared/peers/pgn-reader), which checks no result. A game lost on time stands only when the
# winner could still mate (FIDE 6.9): hamle-validate proves it, by a helpmate found, for each one.
#
# Files (made into a temporary directory): the games of ../shared/corpus/medium (real games, most
# of them resigned) as UTF-8, once as they are ("plain") and once with [Termination "Time forfeit"]
# after every Result tag ("flagged": each decisive game then lost on time).
# For each file, the commands interleaved run by run (REPEAT runs, default 5), medians: wall
# seconds, MB/s and games/s, page faults, and cycles and instructions where perf counts them (else
# instructions from cachegrind, one run each); then the ratio peer / hamle and the cost of one
# flag fall (the flagged file's time less the plain one's, over its decisive games).
#
# Usage: bench/flag_bench.sh [BUILD_DIR]   (default: build)
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/counters.sh"
bench_init flag_bench hamle-validate "${1:-}"
peer=$root/../shared/peers/pgn-reader/validate
medium=$root/../shared/corpus/medium
[ -x "$peer" ] || { echo "flag_bench: $peer not found" >&2; exit 2; }
[ -d "$medium" ] || { echo "flag_bench: $medium not found" >&2; exit 2; }
repeat=${REPEAT:-5}
counters_init

find "$medium" -name '*.pgn' | sort | while IFS= read -r f; do iconv -f ISO-8859-1 -t UTF-8 "$f"; done >"$tmp/plain.pgn"
awk '{ print } /^\[Result "/ { print "[Termination \"Time forfeit\"]" }' "$tmp/plain.pgn" >"$tmp/flagged.pgn"
games=$(grep -c '^\[Event ' "$tmp/plain.pgn" || true)
decisive=$(grep -c '^\[Result "\(1-0\|0-1\)"\]' "$tmp/plain.pgn" || true)
bytes=$(stat -c %s "$tmp/flagged.pgn")
echo "flag_bench: $counters_cpu; $games games ($decisive decisive), $(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }') MB;" \
	"medians of $repeat interleaved runs (counters: $counters_mode)"
echo
echo "| file | tool | wall s | MB/s | games/s | cycles | instructions | page faults | peer / hamle |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for name in plain flagged; do
	f=$tmp/$name.pgn
	mbs=$(awk -v b="$(stat -c %s "$f")" 'BEGIN { print b / 1e6 }')
	for _ in $(seq "$repeat"); do
		counters_run "$name/hamle" "$tool" -q -j 1 "$f"
		counters_run "$name/peer" "$peer" "$f"
	done
	if [ "$counters_mode" != perf ]; then
		counters_sim "$name/hamle" "$tool" -q -j 1 "$f"
		counters_sim "$name/peer" "$peer" "$f"
	fi
	hw=$(med "$name/hamle" wall) pw=$(med "$name/peer" wall)
	for who in hamle peer; do
		w=$(med "$name/$who" wall)
		label="hamle-validate -j 1"
		[ "$who" = peer ] && label="pgn-reader validate"
		last=""
		[ "$who" = hamle ] && last=$(ratio "$pw" "$hw" 2)
		echo "| $name | $label | $w | $(rate "$mbs" "$w") | $(rate "$games" "$w") |" \
			"$(big "$(med "$name/$who" cycles)") | $(big "$(med "$name/$who" instr)") | $(med "$name/$who" faults) | $last |"
	done
done
echo
plain=$(med plain/hamle wall) flagged=$(med flagged/hamle wall)
echo "one flag fall: $(awk -v a="$flagged" -v b="$plain" -v n="$decisive" 'BEGIN { if (n > 0) printf "%.1f", (a - b) * 1e6 / n; else print "-" }') us" \
	"(hamle-validate's flagged time less its plain time, over the $decisive decisive games)"
