#!/usr/bin/env bash
# reader_edges.sh: nothing lost, nothing changed at the reader's edges (issue 11, items 4, 5):
# files joined with cat (a byte order mark between games), a last game cut short.
. "$(dirname "$0")/common.sh"
require_tool validate
require_tool convert
d=$HAMLE_TMP

# ---- a byte order mark between two games (the second file's): two whole games, a warning
printf '[Event "a"]\n[Result "*"]\n\n1. e4 *\n\n\xef\xbb\xbf[Event "b"]\n[White "W"]\n[Result "*"]\n\n1. d4 *\n' >"$d/joined.pgn"
run_tool validate "$d/joined.pgn"
expect_rc 0 "joined files" || true
grep -q ': 2 games, 2 valid' "$RUN_ERR" || fail "joined files: not 2 games: $(cat "$RUN_ERR")"
grep -qx "$d/joined.pgn:6:1: game 2 (W - ?): warning: encoding: byte order mark (U+FEFF) at the start of a line dropped (files joined?)" "$RUN_OUT" ||
	fail "joined files: no warning for the mark at 6:1"
grep -q 'game 2 (W - ?): warning: missing tag Site, Date, Round, Black$' "$RUN_OUT" || fail "joined files: game 2 lost its Event tag"
run_tool convert "$d/joined.pgn"
[ "$(grep -c '^\[Event ' "$RUN_OUT")" = 2 ] && grep -qx '\[Event "b"\]' "$RUN_OUT" || fail "convert: not two games with their Event"
grep -q $'\xef\xbb\xbf' "$RUN_OUT" && fail "convert: the mark is written"
# a mark on the tag line after a game without a result: the tag line still starts a game
printf '[Event "a"]\n\n1. e4 e5\n\xef\xbb\xbf[Event "b"]\n\n1. d4 *\n' >"$d/joined2.pgn"
run_tool validate --format json "$d/joined2.pgn"
grep -q '"game":2,.*"line":4,"column":1,"offset":22,.*"code":"encoding","severity":"warning"' "$RUN_OUT" ||
	fail "joined after a resultless game: no warning at 4:1 (offset 22)"
run_tool convert "$d/joined2.pgn"
grep -qx '\[Event "b"\]' "$RUN_OUT" || fail "joined after a resultless game: Event b lost"

# ---- the last game cut short: a warning when it has tags, never for a typed sheet
printf '[Event "a"]\n[Result "*"]\n\n1. e4 e5 2. Nf3' >"$d/cut.pgn"
run_tool validate "$d/cut.pgn"
expect_rc 0 "cut game (a warning)" || true
grep -qx "$d/cut.pgn:4:16: game 1 (? - ?): warning: truncated: the input ends inside the game: no termination marker (1-0, 0-1, 1/2-1/2 or \\*)" "$RUN_OUT" ||
	fail "cut game: no truncated warning at 4:16"
grep -q 'truncated 1' "$RUN_ERR" || fail "cut game: not in the summary"
run_tool validate --strict "$d/cut.pgn"
expect_rc 1 "cut game with --strict" || true
run_tool validate --lang de "$d/cut.pgn"
grep -q 'warning: abgeschnitten' "$RUN_OUT" || fail "cut game: no German label ($(cat "$RUN_OUT"))"
run_tool validate --lang tr "$d/cut.pgn"
grep -q 'yarıda kesilmiş' "$RUN_OUT" || fail "cut game: no Turkish label ($(cat "$RUN_OUT"))"
printf '[Event "a"]\n[Result "*"]\n\n1. e4 e5 *' >"$d/whole.pgn"
printf 'White: A\nBlack: B\n1. e4 e5\n' >"$d/sheet.txt"
printf '1. e4 e5 2. Nf3\n' >"$d/untagged.pgn"
for f in whole.pgn sheet.txt untagged.pgn; do
	run_tool validate --format json "$d/$f"
	grep -q '"code":"truncated"' "$RUN_OUT" && fail "$f: a truncated warning"
done

finish
