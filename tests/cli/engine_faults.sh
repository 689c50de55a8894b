#!/usr/bin/env bash
# engine_faults.sh: faults: hamle-annotate --engine with the fake engine of
# tests/engine/fake_engine.c failing on cue (cannot start, no uciok, exits in a search, hangs,
# writes garbage, is slow). Each fault is a warning with the game and the ply; the engine is
# started again; every game is written, with all its moves and without the missing evaluations;
# hamle never hangs (each run under a time limit); no engine process is left behind, also after
# SIGINT and SIGTERM with an engine that ignores both. And the progress line: on a terminal only.
. "$(dirname "$0")/common.sh"
require_tool annotate
require_tool convert
fake=${HAMLE_FAKE_ENGINE_BIN:-}
[ -x "$fake" ] || skip "the fake engine is not built"
pids=$HAMLE_TMP/pids
export HAMLE_FAKE_PIDFILE=$pids

games=$HAMLE_TMP/games.pgn
for i in 1 2; do
	printf '[Event "g%s"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n\n' "$i"
done >"$games"
run_tool convert --to uci "$games"
cp "$RUN_OUT" "$HAMLE_TMP/want.uci"

# every engine process started by the last run is gone (killed and waited for: no zombie either)
no_children() {
	local what=$1 n=0
	[ -s "$pids" ] || { fail "$what: no engine was started"; return; }
	while read -r p; do
		n=$((n + 1))
		[ -e "/proc/$p" ] && fail "$what: engine process $p is left ($(tr '\0' ' ' </proc/"$p"/cmdline 2>/dev/null))"
	done <"$pids"
}

# run CUE [ARGS]: hamle-annotate -j 1 on the two games with the fake engine cued, in at most 20 s
run() {
	local cue=$1
	shift
	: >"$pids"
	RUN_RC=0
	HAMLE_FAKE_ENGINE=$cue timeout -s KILL 20 "$(tool_path annotate)" -j 1 --engine "$fake" "$@" "$games" \
		>"$RUN_OUT" 2>"$RUN_ERR" </dev/null || RUN_RC=$?
	[ "$RUN_RC" = 137 ] && fail "$cue: hamle-annotate hung"
	# the games are written whole
	"$(tool_path convert)" --to uci "$RUN_OUT" >"$HAMLE_TMP/got.uci" 2>/dev/null
	cmp -s "$HAMLE_TMP/want.uci" "$HAMLE_TMP/got.uci" || fail "$cue: the games are not written whole: $(cat "$RUN_OUT")"
	[ -n "$cue" ] && no_children "$cue"
}

# exits when asked to search the position after ply 3: game 1 and game 2 (each a fresh engine
# gets there), reported at that ply with the move it is about; the evaluations around it missing
run exit:3
expect_rc 0 "exit:3"
grep -q ':6:13: game 1 (a - b), move 2. (ply 3): warning: engine failed: the engine exited with status 2 (searching the position after ply 3); the engine is started again' "$RUN_ERR" ||
	fail "exit:3: $(cat "$RUN_ERR")"
[ "$(grep -c 'the engine exited with status 2' "$RUN_ERR")" = 2 ] || fail "exit:3: not once per game: $(cat "$RUN_ERR")"
grep -q '2\. Nf3 {\[%eval' "$RUN_OUT" && fail "exit:3: an evaluation for ply 3"
grep -q 'Nc6 {\[%eval' "$RUN_OUT" || fail "exit:3: no evaluation after the restart: $(cat "$RUN_OUT")"
grep -q 'Accuracy' "$RUN_OUT" && fail "exit:3: accuracy tags with an evaluation missing"
# two engines: the second game's positions but the one after ply 3 come from the cache
[ "$(grep -c . "$pids")" = 2 ] || fail "exit:3: $(grep -c . "$pids") engines started, want 2"

# hangs at ply 2: stopped after --engine-timeout, started again
start=$(date +%s)
run hang:2 --engine-timeout 1
grep -q 'game 1 (a - b), move 1... (ply 2): warning: engine failed: no bestmove within 1.0 s: the engine was stopped (searching the position after ply 2)' "$RUN_ERR" ||
	fail "hang:2: $(cat "$RUN_ERR")"
[ $(($(date +%s) - start)) -lt 15 ] || fail "hang:2 took $(($(date +%s) - start)) s"

# garbage at ply 4
run garbage:4
grep -q "game 1 (a - b), move 2... (ply 4): warning: engine failed: the engine wrote garbage: '.* this is no UCI .*' (a control character) (searching the position after ply 4)" "$RUN_ERR" ||
	fail "garbage:4: $(cat "$RUN_ERR")"

# slow but within the limit: no fault
run slow:100 --engine-timeout 2
expect_empty "$RUN_ERR" "slow:100"
[ "$(grep -o '%eval' "$RUN_OUT" | wc -l)" = 16 ] || fail "slow:100: $(grep -o '%eval' "$RUN_OUT" | wc -l) evaluations, want 16"

# cannot start: each game says so, and is written without evaluations
run nostart
expect_rc 0 "nostart"
grep -q 'game 1 (a - b): warning: engine failed: the engine could not start: the engine exited with status 3 (searching the position after ply 0); the rest of the game has no evaluations' "$RUN_ERR" ||
	fail "nostart: $(cat "$RUN_ERR")"
grep -q 'game 2 (a - b): warning: engine failed: the engine could not start' "$RUN_ERR" || fail "nostart: game 2 not reported: $(cat "$RUN_ERR")"
grep -q '%eval' "$RUN_OUT" && fail "nostart: an evaluation"
run nostart -q
expect_empty "$RUN_ERR" "nostart -q"
run nostart --ignore engine-failed
expect_empty "$RUN_ERR" "nostart --ignore engine-failed"

# no such program
run "" --engine /nonexistent/engine
grep -q 'could not start: No such file or directory' "$RUN_ERR" || fail "no program: $(cat "$RUN_ERR")"

# never answers uci
run noready --engine-timeout 1
grep -q 'warning: engine failed: the engine could not start: no uciok within 1.0 s: the engine was stopped' "$RUN_ERR" ||
	fail "noready: $(cat "$RUN_ERR")"

# a signal while the engine hangs (ignoring SIGINT and SIGTERM): hamle ends as the signal says and
# kills the engine (job control on, so that the background job does not ignore SIGINT)
set -m
for sig in INT TERM; do
	: >"$pids"
	HAMLE_FAKE_ENGINE=hang:1 "$(tool_path annotate)" -j 2 --engine "$fake" --engine-timeout 60 "$games" \
		>/dev/null 2>"$RUN_ERR" </dev/null &
	hp=$!
	# both workers' engines hang (an engine started in the very moment of the signal, before hamle
	# knows its pid, is not killed: it ends at the end of its input, not hung yet)
	for _ in $(seq 200); do
		[ "$(grep -c . "$pids" 2>/dev/null)" -ge 2 ] && break
		sleep 0.1
	done
	sleep 0.5
	kill -"$sig" "$hp"
	rc=0
	wait "$hp" || rc=$?
	want=$((128 + $(kill -l "$sig")))
	[ "$rc" = "$want" ] || fail "SIG$sig: exit $rc, want $want"
	no_children "SIG$sig"
done
set +m

# the progress line: on a terminal (script(1) gives one), never under -q, never into a file (all
# the runs above: their stderr is a file)
if command -v script >/dev/null; then
	cmd="$(tool_path annotate) -j 1 --engine $fake $games >/dev/null"
	HAMLE_FAKE_ENGINE=slow:300 script -qec "$cmd" /dev/null >"$HAMLE_TMP/tty" 2>&1 </dev/null || true
	grep -q 'hamle-annotate: 1 games, 9 positions, [0-9.]* positions/s, 0:00:0[0-9] left' "$HAMLE_TMP/tty" ||
		fail "no progress line on a terminal: $(od -c "$HAMLE_TMP/tty" | head -5)"
	HAMLE_FAKE_ENGINE=slow:300 script -qec "$cmd -q" /dev/null >"$HAMLE_TMP/tty" 2>&1 </dev/null || true
	grep -q 'positions/s' "$HAMLE_TMP/tty" && fail "a progress line under -q"
fi
finish
