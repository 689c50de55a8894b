#!/bin/bash
# Directory walks read .txt files only when they hold games: a move number
# followed by a move in the first 50 lines. A LICENSE.txt or notes.txt beside the games is skipped,
# counted in the summary ("2 files skipped: no moves", in the --lang of hamle-validate) and named
# under -v, by hamle-validate and hamle-convert alike; -q hides the line; a file named on the
# command line is read whatever it holds; a .pgn is never sniffed.
. "$(dirname "$0")/common.sh"
require_tool validate
require_tool convert
D=$HAMLE_TESTDATA/convert
T=$HAMLE_TMP
mkdir "$T/d" "$T/d/sub"
cat >"$T/d/LICENSE.txt" <<'EOF'
MIT License

Copyright (c) 2024 Somebody

1. Definitions.
2. Grant of Copyright License. Subject to the terms and conditions of this License, each
   Contributor hereby grants to You a perpetual license.
3) Redistributions of source code must retain the above copyright notice.
EOF
printf '1\te4\te5\n2\tNf3\tNc6\n3\tBb5\ta6\n1/2-1/2\n' >"$T/d/sheet.txt" # typed: read
printf 'Round 3 notes\nbring the clocks, 2 boards\n' >"$T/d/sub/notes.txt"
cp "$D/scoresheet.expected.pgn" "$T/d/a.pgn"
printf 'not a game at all\n' >"$T/d/sub/odd.pgn"       # a .pgn is read whatever it holds

skipped="2 files skipped: no moves"
for tool in validate convert; do
	run_tool "$tool" "$T/d"
	grep -qxF "hamle-$tool: $skipped" "$RUN_ERR" || fail "$tool: no '$skipped' line"
	grep -q "LICENSE\|notes" "$RUN_OUT" "$RUN_ERR" && fail "$tool: a skipped file was read or named without -v"
	grep -q "skipped: no moves in" "$RUN_ERR" && fail "$tool: a note without -v"

	run_tool "$tool" -v "$T/d"
	for f in LICENSE.txt sub/notes.txt; do
		grep -qxF "hamle-$tool: $T/d/$f: skipped: no moves in its first 50 lines" "$RUN_ERR" ||
			fail "$tool -v: $f not named"
	done
	grep -qxF "hamle-$tool: $skipped" "$RUN_ERR" || fail "$tool -v: no summary line"

	run_tool "$tool" -q "$T/d"
	grep -q "skipped" "$RUN_ERR" && fail "$tool -q: a skipped line"

	# named explicitly: read, and no summary line
	run_tool "$tool" "$T/d/sub/notes.txt"
	grep -q "skipped" "$RUN_ERR" && fail "$tool: an explicitly named .txt was skipped"
done

# hamle-validate: the games of a.pgn, odd.pgn and sheet.txt, nothing from LICENSE.txt or notes.txt
run_tool validate "$T/d"
expect_rc 1 "validate dir (odd.pgn is no game)"
grep -q "^hamle-validate: 3 games," "$RUN_ERR" || fail "validate: expected 3 games"
grep -q "sheet.txt.*syntax" "$RUN_OUT" && fail "validate: the scoresheet did not read"
run_tool validate "$T/d/sub/notes.txt"
grep -q "notes.txt" "$RUN_OUT" || fail "validate: the explicitly named notes.txt was not read"
# in the language of the messages; one file: singular
run_tool validate --lang tr "$T/d"
grep -qxF "hamle-validate: 2 dosya atlandı: hamle yok" "$RUN_ERR" || fail "validate --lang tr: summary"
run_tool validate --lang de "$T/d"
grep -qxF "hamle-validate: 2 Dateien übersprungen: keine Züge" "$RUN_ERR" || fail "validate --lang de: summary"
rm "$T/d/sub/notes.txt"
run_tool validate "$T/d"
grep -qxF "hamle-validate: 1 file skipped: no moves" "$RUN_ERR" || fail "validate: singular summary"

# hamle-convert: the scoresheet is converted as before, beside a.pgn
rm "$T/d/sub/odd.pgn"
run_tool convert "$T/d"
expect_rc 0 "convert dir"
[ "$(grep -c '^\[Event ' "$RUN_OUT")" = 2 ] || fail "convert: expected the games of a.pgn and sheet.txt"
finish
