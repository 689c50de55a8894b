#!/usr/bin/env bash
# validate_mapped_shrink.sh: a mapped input file that another program truncates while hamle-validate
# reads it faults on its next page (SIGBUS); the tool must say which file and exit 2, as for any
# I/O error (map_guard.h), not be killed by the signal. The file is truncated once the tool is seen
# to have mapped it (/proc/PID/maps), so the fault is certain unless the tool is already done. At -j 1
# the tool reads the file in blocks instead (no mapping to see): it has only to end without a signal.
. "$(dirname "$0")/common.sh"
require_tool validate
tool=$(tool_path validate)
[ -d /proc/self ] || skip "no /proc"

game="$HAMLE_TESTDATA/validate/comments-lane.pgn"
[ -f "$game" ] || fail "no $game"
big="$HAMLE_TMP/big.pgn"
: >"$big"
# ~64 MB: the game doubled until large
cat "$game" >"$big"; echo >>"$big"
while [ "$(stat -c %s "$big")" -lt 67108864 ]; do cat "$big" "$big" >"$HAMLE_TMP/b2" && mv "$HAMLE_TMP/b2" "$big"; done

for j in 1 2; do
	cp "$big" "$HAMLE_TMP/in.pgn"
	"$tool" -j $j -q "$HAMLE_TMP/in.pgn" >"$HAMLE_TMP/out" 2>"$HAMLE_TMP/err" &
	pid=$!
	seen=0
	for _ in $(seq 1 2000); do
		if grep -q "in.pgn" "/proc/$pid/maps" 2>/dev/null; then seen=1; break; fi
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.005
	done
	[ $seen = 1 ] && truncate -s 100 "$HAMLE_TMP/in.pgn"
	rc=0
	wait "$pid" || rc=$?
	[ $rc -lt 128 ] || fail "-j $j: killed by signal $((rc - 128)) after the file shrank: $(cat "$HAMLE_TMP/err")"
	if [ $seen = 1 ] && [ $rc = 2 ]; then
		grep -q "in.pgn: the file shrank or could not be read while it was being read" "$HAMLE_TMP/err" ||
			fail "-j $j: exit 2 without the message: $(cat "$HAMLE_TMP/err")"
		echo "-j $j: truncated while mapped: exit 2, $(head -c 200 "$HAMLE_TMP/err")"
	else
		echo "-j $j: done before the truncation took hold (exit $rc): nothing to see"
	fi
done
finish
