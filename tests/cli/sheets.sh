#!/usr/bin/env bash
# sheets.sh: typed scoresheets as arbiters have them, read by the library's one reader (one
# reader for every tool): hamle-validate and hamle-convert see the same games, with the same
# lines and columns, on the project's own sample and on testdata/sheets/ (a result line at the
# bottom in every locale and layout, dates as people write them, German and Turkish sheets saved
# in 8-bit code pages). Goldens: testdata/sheets/NAME.expected.pgn (hamle-convert) and
# NAME.expected.validate (hamle-validate: stdout, then stderr); UPDATE_GOLDEN=1 rewrites them.
. "$(dirname "$0")/common.sh"
require_tool validate
require_tool convert
S=$HAMLE_TESTDATA/sheets
d=$HAMLE_TMP

# ---- the project's own sample: one game, no error (its header lines are no moves)
run_tool validate "$HAMLE_TESTDATA/convert/scoresheet.tr.txt"
expect_rc 0 "scoresheet.tr.txt" || true
grep -qx 'hamle-validate: 1 game, 1 valid, 0 with errors, 0 with warnings' "$RUN_ERR" ||
	fail "scoresheet.tr.txt: $(head -1 "$RUN_ERR")"
expect_empty "$RUN_OUT" "scoresheet.tr.txt: findings" || true

# ---- every sample: the goldens, and the same games in both tools
for f in "$S"/*.txt; do
	n=$(basename "$f" .txt)
	(cd "$S" && "$(tool_path validate)" -j 1 "$n.txt") >"$d/v.out" 2>"$d/v.err" || true
	cat "$d/v.out" "$d/v.err" >"$d/v.all"
	expect_file "$S/$n.expected.validate" "$d/v.all" "$n: hamle-validate" || true
	run_tool convert -j 1 "$f"
	expect_rc 0 "$n: convert" || true
	expect_file "$S/$n.expected.pgn" "$RUN_OUT" "$n: hamle-convert" || true
	vg=$(sed -n 's/^hamle-validate: \([0-9]*\) games*,.*/\1/p' "$d/v.err")
	cg=$(grep -c '^\[Event ' "$RUN_OUT")
	[ "$vg" = "$cg" ] || fail "$n: hamle-validate reads $vg games, hamle-convert $cg"
	grep -q 'syntax' "$d/v.out" && fail "$n: a syntax error: $(grep -m1 syntax "$d/v.out")"
	# what hamle-convert writes reads back as the same games, its values as PGN has them
	cp "$RUN_OUT" "$d/back.pgn"
	run_tool validate --format json "$d/back.pgn"
	grep -q '"code":"header-value"' "$RUN_OUT" && fail "$n: converted, a value still not PGN's"
	[ "$(sed -n 's/^hamle-validate: \([0-9]*\) games*,.*/\1/p' "$RUN_ERR")" = "$cg" ] || fail "$n: converted, not $cg games"
done

# ---- the result at the bottom is the game's: the Result tag, and the board is checked against it
printf 'White: A\nBlack: B\n\n1. f3 e5\n2. g4 Qh4#\n\nResult: 1-0\n' >"$d/mismatch.txt"
run_tool validate "$d/mismatch.txt"
grep -q "mismatch.txt:7:9: game 1 (A - B): warning: result mismatch '1-0'" "$RUN_OUT" ||
	fail "result line vs checkmate: $(cat "$RUN_OUT")"
printf 'Beyaz: A\nSiyah: B\nSonu\xc3\xa7: 1-0\n\n1. e4 e5\n\nSonu\xc3\xa7: 0-1\n' >"$d/two-results.txt"
run_tool validate "$d/two-results.txt"
grep -q "two-results.txt:7:8: .*the Result tag says 1-0 but the movetext ends with 0-1" "$RUN_OUT" ||
	fail "header and result line disagree: $(cat "$RUN_OUT")"
grep -q ': 1 game,' "$RUN_ERR" || fail "header and result line: not one game"

# ---- findings in JSON, with their code and the value's position; summary counts
run_tool validate --format json "$S/dates.txt"
grep -q '"game":1,.*"line":2,"column":7,"offset":16,.*"token":"03/04/2024",.*"code":"header-value","severity":"warning"' "$RUN_OUT" ||
	fail "dates.txt: no header-value warning at 2:7 in JSON"
grep -qx 'hamle-validate: missing-tag 8, header-value 2' "$RUN_ERR" || fail "dates.txt: summary: $(tail -1 "$RUN_ERR")"
run_tool validate --lang tr "$S/dates.txt"
grep -q "uyarı: başlık değeri '03/04/2024'" "$RUN_OUT" ||
	fail "dates.txt --lang tr: no Turkish label: $(head -1 "$RUN_OUT")"

# ---- the same games whether the input is a file, a pipe, or read a few bytes at a time
for f in "$S"/layouts.txt "$HAMLE_TESTDATA/convert/scoresheet.tr.txt"; do
	run_tool convert -j 1 "$f"
	cp "$RUN_OUT" "$d/file.pgn"
	RUN_STDIN=$f run_tool convert -j 1 -
	cmp -s "$RUN_OUT" "$d/file.pgn" || fail "$(basename "$f"): stdin reads differently"
	cat "$f" | "$(tool_path convert)" -j 1 - >"$d/pipe.pgn" 2>/dev/null
	cmp -s "$d/pipe.pgn" "$d/file.pgn" || fail "$(basename "$f"): a pipe reads differently"
done
finish
