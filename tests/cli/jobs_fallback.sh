#!/bin/bash
# -j N when threads cannot all be started (cmd/common/run/pool.c): the tool goes on
# with the threads it got, warns once (hamle-convert: not again for each input), and writes the
# same output as -j 1 (not "out of memory").
# RLIMIT_NPROC (ulimit -u) counts every task of a user and does not bind root: the tools run as
# nobody (setpriv), where nothing else runs, so that ulimit -u 2 leaves room for one thread beside
# the main one, and ulimit -u 1 for none.
. "$(dirname "$0")/common.sh"
require_tool validate
require_tool convert
[ "$(id -u)" = 0 ] || skip "needs root, to run the tools as nobody under ulimit -u"
command -v setpriv >/dev/null || skip "setpriv not found"
D=$HAMLE_TESTDATA/convert
T=$HAMLE_TMP
chmod 755 "$T"
for _ in $(seq 200); do cat "$D/scoresheet.expected.pgn" "$D/mixed.pgn"; done >"$T/games.pgn"
chmod 644 "$T/games.pgn"
as_nobody() { # NPROC TOOL ARG...
	local n=$1 tool
	tool=$(tool_path "$2")
	shift 2
	RUN_RC=0
	# LeakSanitizer starts a thread of its own at exit, which ulimit -u forbids (it then aborts):
	# in a sanitizer build, these runs go without leak checking (every other test keeps it)
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
	setpriv --reuid=65534 --regid=65534 --clear-groups bash -c 'ulimit -u "$0" && exec "$@"' "$n" "$tool" "$@" \
		</dev/null >"$RUN_OUT" 2>"$RUN_ERR" || RUN_RC=$?
}
for tool in convert validate; do
	as_nobody 64 "$tool" --version
	[ "$RUN_RC" = 0 ] || skip "hamle-$tool cannot run as nobody here: $(head -c 200 "$RUN_ERR")"
done
for tool in convert validate; do
	run_tool "$tool" -j 1 "$T/games.pgn" "$T/games.pgn"
	ref_rc=$RUN_RC
	cp "$RUN_OUT" "$T/$tool.j1"
	for n in 1 2; do
		as_nobody "$n" "$tool" -j 8 "$T/games.pgn" "$T/games.pgn"
		expect_rc "$ref_rc" "$tool -j 8 under ulimit -u $n"
		cmp -s "$RUN_OUT" "$T/$tool.j1" || fail "$tool -j 8 under ulimit -u $n: output differs from -j 1"
		grep -q "out of memory" "$RUN_ERR" && fail "$tool -j 8 under ulimit -u $n: 'out of memory'"
		# n jobs, or fewer if some other process of nobody's runs now
		warned=$(sed -n 's/.*warning: a thread could not be started (.*): running \([0-9]*\) of the 8 jobs asked for$/\1/p' "$RUN_ERR")
		[ "$(printf '%s\n' "$warned" | grep -c .)" = 1 ] && [ "$warned" -le "$n" ] ||
			fail "$tool -j 8 under ulimit -u $n: expected one warning, got: $(grep -v '^/' "$RUN_ERR" | head -3)"
	done
done
# decompression when its thread cannot start (ulimit -u 1): on the main thread, the same output
if command -v zstd >/dev/null; then
	zstd -q -c "$T/games.pgn" >"$T/games.pgn.zst"
	chmod 644 "$T/games.pgn.zst"
	for tool in convert validate; do
		run_tool "$tool" -j 1 "$T/games.pgn"
		ref_rc=$RUN_RC
		sed "s|$T/games.pgn|GAMES|g" "$RUN_OUT" >"$T/$tool.plain"
		as_nobody 1 "$tool" -j 1 "$T/games.pgn.zst"
		expect_rc "$ref_rc" "$tool -j 1 games.pgn.zst under ulimit -u 1"
		sed "s|$T/games.pgn.zst|GAMES|g" "$RUN_OUT" | cmp -s - "$T/$tool.plain" ||
			fail "$tool games.pgn.zst under ulimit -u 1: output differs from the plain file's"
	done
fi
finish
