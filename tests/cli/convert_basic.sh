#!/bin/bash
# hamle-convert on testdata/convert: golden outputs (PGN export, FIDE form, Turkish scoresheet,
# failed game kept in its own language with its note and rest, unsupported variant passed through), draw offer both ways,
# --on-error, --where, --output-encoding, --in-place, -j, the line/position/JSON forms.
. "$(dirname "$0")/common.sh"
require_tool convert
D=$HAMLE_TESTDATA/convert
T=$HAMLE_TMP

# README quick start: the real Turkish "Legal mate" sample (row tr02 of corpus/lang/turkish)
run_tool convert "$D/legal-mate.tr.txt"
expect_rc 0 "legal mate"
expect_file "$D/legal-mate.expected.pgn" "$RUN_OUT" "legal mate"
expect_empty "$RUN_ERR" "legal mate stderr"

# typed Turkish scoresheet with headers, tab columns, 1) numbers, (=)
run_tool convert "$D/scoresheet.tr.txt"
expect_rc 0 "scoresheet"
expect_file "$D/scoresheet.expected.pgn" "$RUN_OUT" "scoresheet"
cp "$RUN_OUT" "$T/sheet.pgn"
# back to a Turkish FIDE-style scoresheet: (=) returns, 0-0, letters
run_tool convert --to fide --lang tr "$T/sheet.pgn"
expect_rc 0 "scoresheet to fide"
expect_file "$D/scoresheet.expected.fide-tr.pgn" "$RUN_OUT" "scoresheet to fide tr"
grep -q '7\. 0-0 dxc3 (=)' "$RUN_OUT" || fail "draw offer (=) not restored by --to fide"

# mixed: FIDE sample with (=) and e.p., a typo (kept: its moves up to it in Turkish, the note, the
# rest as read, marker), comments/NAGs/variations/line comment, an unsupported variant passed through
run_tool convert "$D/mixed.pgn"
expect_rc 1 "mixed"
expect_file "$D/mixed.expected.pgn" "$RUN_OUT" "mixed"
sed "s|^$D/||" "$RUN_ERR" > "$T/mixed.err"
expect_file "$D/mixed.expected.stderr" "$T/mixed.err" "mixed stderr"
cp "$RUN_OUT" "$T/mixed.pgn"
[ "$(grep -c '^\[Event ' "$RUN_OUT")" = 4 ] || fail "mixed: games in != games out"

run_tool convert --on-error skip "$D/mixed.pgn"
expect_rc 1 "skip"
grep -q '"typo"' "$RUN_OUT" && fail "--on-error skip wrote the failed game"
[ "$(grep -c '^\[Event ' "$RUN_OUT")" = 3 ] || fail "--on-error skip: expected 3 games"
run_tool convert --on-error fail "$D/mixed.pgn"
expect_rc 1 "fail"
[ "$(grep -c '^\[Event ' "$RUN_OUT")" = 1 ] || fail "--on-error fail: expected only the game before the error"

# -j 2 gives the same bytes in the same order
run_tool convert -j 2 "$D/mixed.pgn" "$D/scoresheet.tr.txt" "$D/legal-mate.tr.txt"
cp "$RUN_OUT" "$T/j2"
run_tool convert -j 1 "$D/mixed.pgn" "$D/scoresheet.tr.txt" "$D/legal-mate.tr.txt"
cmp -s "$RUN_OUT" "$T/j2" || fail "-j 2 output differs from -j 1"

# --where (PCRE2, UTF+UCP), and a bad expression is a usage error with PCRE2's message
run_tool convert --where 'White~/^anderssen$/i' --where 'Result=1-0' "$D/mixed.pgn"
expect_rc 0 "where"
[ "$(grep -c '^\[Event ' "$RUN_OUT")" = 1 ] && grep -q Kieseritzky "$RUN_OUT" || fail "--where selected the wrong games"
run_tool convert --where 'White~/Tal(/' "$D/mixed.pgn"
expect_rc 2 "bad where"
grep -q "missing closing parenthesis at character 12" "$RUN_ERR" || fail "bad --where: no PCRE2 message/position"

# line and position forms
printf '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n' > "$T/ruy.pgn"
run_tool convert --to uci "$T/ruy.pgn"
[ "$(cat "$RUN_OUT")" = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6" ] || fail "uci: $(cat "$RUN_OUT")"
run_tool convert --to san --lang de "$T/ruy.pgn"
[ "$(cat "$RUN_OUT")" = "e4 e5 Sf3 Sc6 Lb5 a6" ] || fail "san de: $(cat "$RUN_OUT")"
run_tool convert --to lan "$T/ruy.pgn"
[ "$(cat "$RUN_OUT")" = "e2-e4 e7-e5 Ng1-f3 Nb8-c6 Bf1-b5 a7-a6" ] || fail "lan: $(cat "$RUN_OUT")"
run_tool convert --to spoken --lang de "$T/ruy.pgn"
[ "$(grep -o ' ; ' "$RUN_OUT" | wc -l)" = 5 ] || fail "spoken: $(cat "$RUN_OUT")"
run_tool convert --to fen "$T/ruy.pgn"
[ "$(wc -l < "$RUN_OUT")" = 8 ] || fail "fen: expected 7 positions and a blank line"
[ "$(sed -n 7p "$RUN_OUT")" = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4" ] || fail "fen after 3...a6"
run_tool convert --to epd "$T/ruy.pgn"
[ "$(sed -n 1p "$RUN_OUT")" = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -" ] || fail "epd start"
run_tool convert --to json "$D/mixed.pgn"
expect_rc 1 "json"
[ "$(wc -l < "$RUN_OUT")" = 4 ] || fail "json: one line per game"
sed -n 3p "$RUN_OUT" | grep -q '"variations":\[\[{"ply":6,"move_number":3,"side":"black","san":"d5"' || fail "json: variation"
sed -n 2p "$RUN_OUT" | grep -q '"status":"error"' || fail "json: error status"
if command -v python3 >/dev/null; then
	python3 -c 'import json,sys
for l in open(sys.argv[1]): json.loads(l)' "$RUN_OUT" || fail "json: not valid JSON"
fi

# output encodings: Turkish letters fit cp1254/iso-8859-9; latin1 cannot hold Ş: an error naming it
run_tool convert --output-encoding cp1254 "$D/scoresheet.tr.txt"
expect_rc 0 "cp1254"
iconv -f CP1254 -t UTF-8 "$RUN_OUT" | cmp -s - "$D/scoresheet.expected.pgn" || fail "cp1254 output does not decode back"
run_tool convert --output-encoding iso-8859-9 "$D/scoresheet.tr.txt"
iconv -f ISO-8859-9 -t UTF-8 "$RUN_OUT" | cmp -s - "$D/scoresheet.expected.pgn" || fail "iso-8859-9 output does not decode back"
run_tool convert --output-encoding latin1 "$D/scoresheet.tr.txt"
expect_rc 1 "latin1"
grep -q "'Ş' (U+015E) cannot be written in latin1" "$RUN_ERR" || fail "latin1: no error naming the character"
grep -q '?' "$RUN_OUT" && fail "latin1: wrote a '?'"
run_tool convert --lang fan --output-encoding cp1254 "$T/ruy.pgn"
expect_rc 1 "fan in cp1254"

# --in-place: atomic rewrite; untouched when a game fails
cp "$D/legal-mate.tr.txt" "$T/inplace.txt"
run_tool convert --in-place "$T/inplace.txt"
expect_rc 0 "in-place"
cmp -s "$T/inplace.txt" "$D/legal-mate.expected.pgn" || fail "--in-place did not rewrite the file"
cp "$D/mixed.pgn" "$T/inplace2.pgn"
run_tool convert --in-place "$T/inplace2.pgn"
expect_rc 1 "in-place with an error"
cmp -s "$T/inplace2.pgn" "$D/mixed.pgn" || fail "--in-place changed a file with a failing game"
ls -a "$T" | grep -q hamle- && fail "--in-place left a temporary file"
run_tool convert --in-place
expect_rc 2 "in-place on stdin"

# usage errors
# a FEN with full-move number 0 (puzzle collections write "1 0"): the replay reads it as 1, and so
# does the writer, so the converted game validates as the original did (numbered 1., not 0.)
printf '[Event "p"]\n[Site "s"]\n[Date "?"]\n[Round "?"]\n[White "w"]\n[Black "b"]\n[Result "*"]\n[SetUp "1"]\n[FEN "6k1/5ppp/8/8/8/8/5PPP/Q5K1 b - - 1 0"]\n\n1... h6 2. Qa8+ Kh7 *\n' > "$T/fen0.pgn"
run_tool convert "$T/fen0.pgn"
expect_rc 0 "fen full-move 0"
grep -q '^1\.\.\. h6 2\. Qa8+ Kh7 \*$' "$RUN_OUT" || fail "fen full-move 0: numbered $(tail -1 "$RUN_OUT")"
cp "$RUN_OUT" "$T/fen0.out.pgn"
if have_tool validate; then
	run_tool validate "$T/fen0.out.pgn"
	expect_rc 0 "fen full-move 0: validate the converted game"
	grep -q 'warning' "$RUN_OUT" && fail "fen full-move 0: the converted game has a warning"
fi

run_tool convert --to xml "$D/mixed.pgn"
expect_rc 2 "bad --to"
run_tool convert --lang xx "$D/mixed.pgn"
expect_rc 2 "bad --lang"
finish
