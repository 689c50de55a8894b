#!/usr/bin/env bash
# detect_language.sh: language detection where several languages read a game's letters.
# Readings that go equally far but to different moves are an ambiguous-language
# error in hamle-validate and hamle-convert (exit 1, shown under -q, located at the first move
# where they differ, naming the languages and their moves), unless --from decides; readings of the
# same moves say nothing.
. "$(dirname "$0")/common.sh"
require_tool validate
require_tool convert
d=$HAMLE_TMP
# Dutch P is the knight (Paard); English, French, Spanish and Italian accept P as a pawn
printf '[Event "x"]\n[Result "*"]\n\n1. e4 e5 2. Pf3 Pc6 3. d4 *\n' >"$d/nl.pgn"
# Spanish and Italian share their letters: the same moves
printf '[Event "x"]\n[Result "*"]\n\n1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 *\n' >"$d/es.pgn"
where="nl.pgn:4:13: game 1 (? - ?), move 2. (ply 3): ambiguous language 'Pf3': "
msg="the moves read differently from move 2. on: f3 (en, es, fr, it), Nf3 (nl); the language must be given"

# ---- hamle-convert: an error, shown under -q, the game written up to the ambiguity
for q in "" -q; do
	(cd "$d" && exec "$(tool_path convert)" $q --to san nl.pgn) >"$RUN_OUT" 2>"$RUN_ERR" && RUN_RC=0 || RUN_RC=$?
	expect_rc 1 "convert $q: ambiguous language" || true
	grep -qxF "$where$msg" "$RUN_ERR" || fail "convert $q: error line: $(cat "$RUN_ERR")"
	[ "$(cat "$RUN_OUT")" = "e4 e5" ] || fail "convert $q --to san: '$(cat "$RUN_OUT")', expected the moves before the ambiguity"
done
run_tool convert -q "$d/nl.pgn"
expect_rc 1 "convert to PGN" || true
grep -q '^1\. e4 e5 {hamle: error: ambiguous-language .Pf3.' "$RUN_OUT" || fail "PGN: no error note: $(cat "$RUN_OUT")"
tr '\n' ' ' < "$RUN_OUT" | grep -q '} 2\. Pf3 Pc6 3\. d4 \*' || fail "PGN: the rest of the movetext is not kept: $(cat "$RUN_OUT")"
cp "$RUN_OUT" "$d/nl.out.pgn"
run_tool validate -q "$d/nl.out.pgn"
expect_rc 1 "the written ambiguous game validates" || true
grep -q "ambiguous language 'Pf3'" "$RUN_OUT" || fail "the written game fails otherwise: $(cat "$RUN_OUT")"
run_tool convert --on-error skip "$d/nl.pgn"
expect_rc 1 "convert --on-error skip" || true
expect_empty "$RUN_OUT" "--on-error skip: the ambiguous game is not written" || true

# --from decides, in either language; no finding
run_tool convert --from nl --to san "$d/nl.pgn"
expect_rc 0 "convert --from nl" || true
[ "$(cat "$RUN_OUT")" = "e4 e5 Nf3 Nc6 d4" ] || fail "--from nl: $(cat "$RUN_OUT")"
expect_empty "$RUN_ERR" "--from nl: stderr" || true
run_tool convert --from en --to san "$d/nl.pgn"
expect_rc 0 "convert --from en" || true
[ "$(cat "$RUN_OUT")" = "e4 e5 f3 c6 d4" ] || fail "--from en: $(cat "$RUN_OUT")"

# the same moves in several languages: nothing said, even with -v
run_tool convert -v --to san "$d/es.pgn"
expect_rc 0 "convert: Spanish/Italian" || true
[ "$(cat "$RUN_OUT")" = "e4 e5 Nf3 Nc6 Bb5 a6" ] || fail "Spanish: $(cat "$RUN_OUT")"
grep -q 'ambiguous' "$RUN_ERR" && fail "Spanish/Italian: $(cat "$RUN_ERR")"

# ---- hamle-validate: the same error, in text, under -q, and in JSON
(cd "$d" && exec "$(tool_path validate)" -q nl.pgn) >"$RUN_OUT" 2>"$RUN_ERR" && RUN_RC=0 || RUN_RC=$?
expect_rc 1 "validate -q: ambiguous language" || true
grep -qxF "$where$msg" "$RUN_OUT" || fail "validate -q: error not shown: $(cat "$RUN_OUT" "$RUN_ERR")"
run_tool validate "$d/nl.pgn"
grep -qx 'hamle-validate: 1 game, 0 valid, 1 with errors, 1 with warnings' "$RUN_ERR" ||
	fail "validate summary: $(cat "$RUN_ERR")"
run_tool validate --format json "$d/nl.pgn"
expect_rc 1 "validate --format json" || true
grep '"code":"ambiguous-language"' "$RUN_OUT" | grep -q '"severity":"error"' || fail "JSON: $(cat "$RUN_OUT")"
grep '"code":"ambiguous-language"' "$RUN_OUT" | grep -q '"ply":3,' || fail "JSON ply: $(cat "$RUN_OUT")"
run_tool validate -q --from nl "$d/nl.pgn"
expect_rc 0 "validate --from nl" || true
run_tool validate -q "$d/es.pgn"
expect_rc 0 "validate: Spanish/Italian" || true
grep -q 'ambiguous' "$RUN_OUT" "$RUN_ERR" && fail "validate Spanish/Italian: $(cat "$RUN_OUT" "$RUN_ERR")"
# in the message language: Turkish letters for the moves
run_tool validate -q --lang tr "$d/nl.pgn"
grep -qF "f3 (en, es, fr, it), Af3 (nl)" "$RUN_OUT" "$RUN_ERR" || fail "--lang tr: $(cat "$RUN_OUT" "$RUN_ERR")"
finish
