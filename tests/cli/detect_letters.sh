#!/usr/bin/env bash
# detect_letters.sh: language detection goes by the game's letters before replay:
# Turkish scoresheet fragments (testdata/replay/letters.pgn: a letter only Turkish has, a
# word no language reads, a first move that fails in every language) are read as Turkish, and
# their error is the Turkish reading's, in the message language.
. "$(dirname "$0")/common.sh"
require_tool validate
require_tool convert
f=$HAMLE_TESTDATA/replay/letters.pgn
run_tool convert --to json "$f"
[ "$(grep -o '"lang":"[a-z]*"' "$RUN_OUT" | tr '\n' ' ')" = '"lang":"tr" "lang":"tr" "lang":"de" "lang":"en" ' ] ||
	fail "convert --to json: languages $(grep -o '"lang":"[a-z]*"' "$RUN_OUT" | tr '\n' ' ')"
run_tool validate -q "$f"
expect_rc 1 "validate" || true
grep -qF "illegal move 'Ka7': no rook can reach a7; did you mean Aa3, a3 or a4?" "$RUN_OUT" ||
	fail "validate: Ka7 not told as a Turkish rook move: $(cat "$RUN_OUT")"
grep -qF "illegal move 'Fc2': no bishop can reach c2" "$RUN_OUT" ||
	fail "validate: Fc2 not told as a Turkish bishop move: $(cat "$RUN_OUT")"
run_tool validate -q --lang tr "$f"
grep -qF "'Ka7': a7 karesine gidebilecek kale yok; Aa3, a3 veya a4 mi demek istediniz?" "$RUN_OUT" ||
	fail "validate --lang tr: $(cat "$RUN_OUT")"
finish
