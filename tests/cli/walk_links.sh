#!/bin/bash
# Directory walks (cmd/common/input/input.c): a symbolic link to a directory (not
# followed) and a .pgn link to nothing (skipped) are said in a note under -v, by hamle-validate and
# hamle-convert alike; without -v nothing more is printed than before, and a link to a file is read.
. "$(dirname "$0")/common.sh"
require_tool validate
require_tool convert
D=$HAMLE_TESTDATA/convert
T=$HAMLE_TMP
mkdir "$T/d"
cp "$D/scoresheet.expected.pgn" "$T/d/a.pgn"
ln -s .. "$T/d/up"
ln -s nowhere.pgn "$T/d/dead.pgn"
ln -s nowhere "$T/d/dead-other"
ln -s a.pgn "$T/d/b.pgn"
for tool in validate convert; do
	run_tool "$tool" -v "$T/d"
	expect_rc 0 "$tool -v"
	grep -qF "hamle-$tool: $T/d/up: skipped: a symbolic link to a directory, not followed" "$RUN_ERR" ||
		fail "$tool -v: no note for the link to a directory"
	grep -qF "hamle-$tool: $T/d/dead.pgn: skipped: a symbolic link to nothing (No such file or directory)" "$RUN_ERR" ||
		fail "$tool -v: no note for the dangling .pgn link"
	grep -q "dead-other" "$RUN_ERR" && fail "$tool -v: a note for a dangling link the walk would not read anyway"
	run_tool "$tool" "$T/d"
	expect_rc 0 "$tool"
	grep -q "symbolic link" "$RUN_ERR" && fail "$tool: a note without -v"
done
# the link to a file is read: two games
run_tool convert "$T/d"
[ "$(grep -c '^\[Event ' "$RUN_OUT")" = 2 ] || fail "convert: the link to a file was not read"
finish
