#!/usr/bin/env bash
# convert_encodings.sh: what hamle-convert writes from hostile encodings, its own reader accepts
# (decoding per character run, the Turkish repair, the doubly-encoded repair): each input below, converted under every --encoding and to Turkish FIDE
# style, is piped into hamle-validate, which must give the input's verdict: a game with an error of
# its bytes (a control character, a byte no encoding defines) is written decoded (a space, U+FFFD)
# with a `{hamle: error: encoding ...}` note, so that it still fails; one without errors stays valid;
# converting the output again (auto, UTF-8, --repair tr) changes nothing. Then nothing changes that was right: valid UTF-8 next to a bad byte, Icelandic names in a
# game with Turkish moves, and scid's Latin-1 test game and its UTF-8 twin through
# `--to fide --lang tr` and back (their Ð Ý Þ ð ý þ stay).
. "$(dirname "$0")/common.sh"
require_tool convert
require_tool validate
T=$HAMLE_TMP
conv=$(tool_path convert)
val=$(tool_path validate)

game() { printf '[Event "%s"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "%s"]\n[Black "%s"]\n[Result "*"]\n\n%s *\n' "$@"; }
n=0
add() { n=$((n + 1)); printf "$1" > "$T/in$n.pgn"; }
add '[Event "\x84\xc2\x84"]\n[Result "*"]\n\n1. e4 *\n'                       # "„Â„" in Windows-1252
add '[Event "\xc3\x82\xe2\x80\x9e \xc3\x82\xe2\x82\xac \xc3\x82\xc5\xb8"]\n[Result "*"]\n\n1. e4 *\n' # "Â„" "Â€" "ÂŸ"
add '[Event "x"]\n[White "\xc5\x81ukasz \xc3\x90"]\n[Black "\xf0\x9f\x98\x80"]\n[Result "*"]\n\n1. e4 {\xff} e5 *\n'
add '[Event "\x81\x8d\x8f\x90\x9d \x8e\x9e"]\n[Result "*"]\n\n1. e4 {\x80\x85\x9f} *\n' # undefined in 1252/1254
add '[Event "\xed\xa0\x80 \xf4\x90\x80\x80 \xc0\xaf \xe2\x82"]\n[Result "*"]\n\n1. e4 *\n' # surrogate, > U+10FFFF, overlong, cut
add '[Event "a\x00b\x07c\x7f \xc2\x85 \xc2\x9f"]\n[Result "*"]\n\n1. e4 {\x01} *\n'   # C0, DEL, C1
add '[Event "\xc3\xaf\xc2\xbb\xc2\xbf \xc3\x83\xc2\xbc \xc3\x85\xc5\xbe"]\n[Result "*"]\n\n1. e4 *\n' # doubly encoded
add '[Event "\xde\xe7\xfd\xf0\xdd"]\n[White "Y\xfdlmaz"]\n[Result "*"]\n\n1. e4 e5 2. Af3 *\n' # Windows-1254
add '[Event "\xc3\x9e\xc3\xbd \xc3\x83\xc2\x9e"]\n[Result "*"]\n\n1. e4 e5 2. Af3 {\xc3\xb0} *\n' # mojibake, Turkish moves
for i in $(seq 1 $n); do
	for opts in "" "--encoding cp1252" "--encoding cp1254" "--encoding latin1" "--encoding iso-8859-9" \
		"--encoding utf-8" "--repair tr" "--to fide --lang tr"; do
		# shellcheck disable=SC2086
		rc=0
		"$conv" -q $opts "$T/in$i.pgn" > "$T/out.pgn" 2>/dev/null || rc=$?
		case $rc in 0 | 1) ;; *) fail "input $i ($opts): hamle-convert exit $rc" ;; esac
		grep -q '1\. e4' "$T/out.pgn" || fail "input $i ($opts): game not written"
		# shellcheck disable=SC2086
		want=0
		"$val" -q ${opts%%--to*} "$T/in$i.pgn" > /dev/null 2>&1 || want=$?
		rc=0
		"$val" -q "$T/out.pgn" > "$T/val.txt" 2>&1 || rc=$?
		if [ "$rc" != "$want" ]; then
			fail "input $i ($opts): hamle-validate exits $want on the input, $rc on hamle-convert's output"
			head -3 "$T/val.txt" >&2
		elif [ "$want" = 1 ] && ! grep -q '^{hamle: error: encoding\|{hamle: error: encoding' "$T/out.pgn"; then
			fail "input $i ($opts): failed for its bytes, written without an encoding note"
		fi
		# a forced single-byte code page over UTF-8 input adds a layer that the next reading of
		# the output (UTF-8) may repair: only the other readings must be fixed points
		case $opts in *fide* | *cp125* | *latin1* | *8859*) continue ;; esac
		"$conv" -q "$T/out.pgn" > "$T/again.pgn" 2>/dev/null
		cmp -s "$T/out.pgn" "$T/again.pgn" || { fail "input $i ($opts): converting the output changes it"; diff "$T/out.pgn" "$T/again.pgn" | head -4 >&2; }
	done
done

# valid UTF-8 next to a bad byte stays as written
run_tool convert "$T/in3.pgn"
grep -q "^\[White \"$(printf '\xc5\x81ukasz \xc3\x90')\"\]$" "$RUN_OUT" || fail "Łukasz Ð not kept"
grep -q "^\[Black \"$(printf '\xf0\x9f\x98\x80')\"\]$" "$RUN_OUT" || fail "the emoji not kept"
grep -q "{$(printf '\xc3\xbf')}" "$RUN_OUT" || fail "0xFF not read as ÿ"

# Icelandic names in a game with Turkish moves: kept, and no repair reported
game "Reykjavik" "$(printf '\xc3\x9e\xc3\xb3rhallsson, \xc3\x9er\xc3\xb6stur')" "$(printf 'Gu\xc3\xb0mundsson')" \
	"1. e4 e5 2. Af3 Ac6 3. Fb5 a6" > "$T/ice.pgn"
run_tool convert -v "$T/ice.pgn"
expect_rc 0 "Icelandic names"
grep -q "^\[White \"$(printf '\xc3\x9e\xc3\xb3rhallsson, \xc3\x9er\xc3\xb6stur')\"\]$" "$RUN_OUT" || fail "Þórhallsson, Þröstur changed"
grep -q "^\[Black \"$(printf 'Gu\xc3\xb0mundsson')\"\]$" "$RUN_OUT" || fail "Guðmundsson changed"
grep -q mojibake "$RUN_ERR" && fail "a mojibake repair reported for Icelandic names"

# scid's Latin-1 game and its UTF-8 twin, to Turkish FIDE style and back: the same PGN
E=$HAMLE_TESTDATA/pgn/encoding
for f in scid-4.7.4_gtest_res_gameLatin1.pgn scid-4.7.4_gtest_res_gameLatin1expected-utf8.pgn; do
	"$conv" -q "$E/$f" > "$T/direct.pgn" 2>/dev/null
	"$conv" -q --to fide --lang tr "$E/$f" 2>/dev/null | "$conv" -q - > "$T/back.pgn" 2>/dev/null
	cmp -s "$T/direct.pgn" "$T/back.pgn" || { fail "$f: through Turkish and back differs"; diff "$T/direct.pgn" "$T/back.pgn" | head -4 >&2; }
done
echo "$n hostile inputs x 8 option sets read back; Icelandic names and scid's letters kept"
finish
