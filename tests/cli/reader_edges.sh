#!/usr/bin/env bash
# reader_edges.sh: nothing lost, nothing changed at the reader's edges:
# files joined with cat (a byte order mark between games), a last game cut short, NAGs out of range
# ($256: a warning, written back as it was) and tag names of any length in JSON.
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
grep -q 'Warnung: abgeschnitten: die Eingabe endet mitten in der Partie' "$RUN_OUT" ||
	fail "cut game: not in German ($(cat "$RUN_OUT"))"
run_tool validate --lang tr "$d/cut.pgn"
grep -q 'uyarı: yarıda kesilmiş: girdi oyunun içinde bitiyor' "$RUN_OUT" || fail "cut game: not in Turkish ($(cat "$RUN_OUT"))"
printf '[Event "a"]\n[Result "*"]\n\n1. e4 e5 *' >"$d/whole.pgn"
printf 'White: A\nBlack: B\n1. e4 e5\n' >"$d/sheet.txt"
printf '1. e4 e5 2. Nf3\n' >"$d/untagged.pgn"
for f in whole.pgn sheet.txt untagged.pgn; do
	run_tool validate --format json "$d/$f"
	grep -q '"code":"truncated"' "$RUN_OUT" && fail "$f: a truncated warning"
done

# ---- NAGs: $0..$255; beyond, a warning, and the NAG written back as it was (same warning again;
# in text the two of a game are one line with their count, in JSON each is its own)
printf '[Event "n"]\n[Result "*"]\n\n1. e4 $256 e5 $999999999999 $255 *\n' >"$d/nag.pgn"
run_tool validate "$d/nag.pgn"
grep -q "nag.pgn:4:7: .*bad nag '\$256'.* (2 times in this game)$" "$RUN_OUT" || fail "NAGs: \$256 not at 4:7, twice"
run_tool validate --format json "$d/nag.pgn"
[ "$(grep -c '"code":"bad-nag"' "$RUN_OUT")" = 2 ] || fail "NAGs: not two bad-nag warnings"
grep -q '"token":"\$999999999999"' "$RUN_OUT" || fail "NAGs: \$999999999999 clamped"
run_tool convert "$d/nag.pgn"
grep -qx '1. e4 \$256 e5 \$999999999999 \$255 \*' "$RUN_OUT" || fail "NAGs: not written back as they were: $(tail -2 "$RUN_OUT")"
cp "$RUN_OUT" "$d/nag2.pgn"
run_tool validate --format json "$d/nag2.pgn"
[ "$(grep -c '"code":"bad-nag"' "$RUN_OUT")" = 2 ] || fail "NAGs: written back, they do not read the same"
run_tool convert --to json "$d/nag.pgn"
grep -q '"nags":\["\$256"\]' "$RUN_OUT" && grep -q '"nags":\["\$999999999999",255\]' "$RUN_OUT" ||
	fail "NAGs in JSON: $(cat "$RUN_OUT")"

# ---- JSON tag names of any length: whole (no cut inside a character, no two keys the same)
long=$(printf 'N%.0s' $(seq 94))
printf '[%s\xc3\xa9x "1"]\n[%s\xc3\xa9y "2"]\n[%s\xc3\xa9x "3"]\n[Result "*"]\n\n1. e4 *\n' "$long" "$long" "$long" >"$d/long.pgn"
run_tool convert --to json "$d/long.pgn"
grep -q "\"${long}éx\":\"1\",\"${long}éy\":\"2\",\"${long}éx#2\":\"3\"" "$RUN_OUT" || fail "JSON: long tag names cut"
if command -v python3 >/dev/null; then
	python3 -c 'import json,sys
for l in open(sys.argv[1], encoding="utf-8"): json.loads(l)' "$RUN_OUT" || fail "JSON: not valid JSON (UTF-8)"
fi

finish
