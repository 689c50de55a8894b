#!/bin/bash
# Options as GNU tools take them, in every tool of the option table (cmd/common/run/opt.c):
#   - an unambiguous prefix of a long option is that option (--form json is --format json);
#   - an ambiguous one is a usage error naming the options it could be;
#   - an unknown one names the closest option ("did you mean '--format'?"), in the messages'
#     language (en, tr, de);
#   - started on a terminal with no operand, a tool says once on stderr that it reads standard
#     input (Ctrl-D ends it); not with an operand, not with stdin a pipe, not with -q.
. "$(dirname "$0")/common.sh"
require_tool validate
require_tool convert
require_tool move
IN=$HAMLE_TESTDATA/convert/commands.pgn
T=$HAMLE_TMP

# abbreviations
run_tool validate --format json "$IN"
cp "$RUN_OUT" "$T/full"
run_tool validate --form json "$IN"
expect_rc 0 "validate --form json"
expect_file "$T/full" "$RUN_OUT" "validate --form json: as --format json"
run_tool validate --forma=json --qui "$IN"
expect_rc 0 "validate --forma=json --qui"
expect_empty "$RUN_ERR" "validate --qui: quiet"
run_tool convert --width 40 "$IN"
cp "$RUN_OUT" "$T/w40"
run_tool convert --wid 40 "$IN"
expect_file "$T/w40" "$RUN_OUT" "convert --wid 40: as --width 40"
run_tool move --winn -v 'B7/8/8/8/4r3/8/7p/5K1k w - - 0 1'
expect_rc 0 "move --winn"
grep -q '^W-' "$RUN_OUT" || fail "move --winn is --winnable"

# ambiguous: exit 2, the candidates named, the hint
run_tool validate --f x "$IN"
expect_rc 2 "validate --f"
expect_empty "$RUN_OUT" "validate --f: stdout"
grep -qxF "hamle-validate: option '--f' is ambiguous; possibilities: '--format' '--from' '--full-replay'" \
	"$RUN_ERR" || fail "validate --f: the candidates: $(head -1 "$RUN_ERR")"
grep -qF "try 'hamle-validate --help' for more information" "$RUN_ERR" || fail "validate --f: the hint"
run_tool convert --t san "$IN"
grep -qxF "hamle-convert: option '--t' is ambiguous; possibilities: '--to' '--tag-order'" "$RUN_ERR" ||
	fail "convert --t: $(head -1 "$RUN_ERR")"

# unknown: the closest by edit distance, in the language of the messages
run_tool validate --fromat json "$IN"
expect_rc 2 "validate --fromat"
grep -qxF "hamle-validate: unknown option '--fromat'; did you mean '--format'?" "$RUN_ERR" ||
	fail "validate --fromat: $(head -1 "$RUN_ERR")"
run_tool convert --widht 40 "$IN"
grep -qxF "hamle-convert: unknown option '--widht'; did you mean '--width'?" "$RUN_ERR" ||
	fail "convert --widht: $(head -1 "$RUN_ERR")"
run_tool validate --lang tr --formt json "$IN"
grep -qxF "hamle-validate: bilinmeyen seçenek '--formt'; '--format' mi demek istediniz?" "$RUN_ERR" ||
	fail "validate --lang tr --formt: $(head -1 "$RUN_ERR")"
run_tool validate --lang de --f json "$IN"
grep -qF "hamle-validate: Option '--f' ist mehrdeutig; Möglichkeiten: '--format' '--from'" "$RUN_ERR" ||
	fail "validate --lang de --f: $(head -1 "$RUN_ERR")"
run_tool validate --no-such-option-here "$IN"
grep -qxF "hamle-validate: unknown option '--no-such-option-here'" "$RUN_ERR" ||
	fail "validate --no-such-option-here: no suggestion for what is near nothing: $(head -1 "$RUN_ERR")"

# the terminal notice (util-linux script gives the tool a terminal; ^D ends its input)
if ! command -v script >/dev/null 2>&1; then
	echo "note: script (util-linux) not found; the terminal notice is not checked"
	finish
fi
NOTICE="reading standard input (Ctrl-D ends it)"
# on_tty CMD: runs CMD (a shell line) with stdin a terminal that gets a game, then ^D; output in $T/tty
on_tty() {
	(sleep 1; printf '1. e4 e5 *\n'; sleep 0.5; printf '\004') |
		timeout 20 script -qec "$1" /dev/null >"$T/tty" 2>&1 || true
	tr -d '\r' <"$T/tty" >"$T/tty.txt"
}
V=$(tool_path validate)
C=$(tool_path convert)
M=$(tool_path move)
on_tty "$V"
[ "$(grep -cF "hamle-validate: $NOTICE" "$T/tty.txt")" = 1 ] || fail "validate on a terminal: the notice once: $(cat "$T/tty.txt")"
grep -q '1 game, 1 valid' "$T/tty.txt" || fail "validate on a terminal: reads the game it is given: $(cat "$T/tty.txt")"
on_tty "$V -j 2"
[ "$(grep -cF "$NOTICE" "$T/tty.txt")" = 1 ] || fail "validate -j 2 on a terminal: the notice once"
on_tty "$C --to san"
[ "$(grep -cF "hamle-convert: $NOTICE" "$T/tty.txt")" = 1 ] || fail "convert on a terminal: the notice once"
on_tty "$M --winnable --batch"
[ "$(grep -cF "hamle-move: $NOTICE" "$T/tty.txt")" = 1 ] || fail "move --winnable --batch on a terminal: the notice once"
on_tty "$V --lang tr"
grep -qF "hamle-validate: standart girdi okunuyor (Ctrl-D ile biter)" "$T/tty.txt" || fail "the notice in Turkish"
on_tty "$V -q"
grep -qF "$NOTICE" "$T/tty.txt" && fail "validate -q on a terminal: no notice"
on_tty "$V $IN"
grep -qF "$NOTICE" "$T/tty.txt" && fail "validate FILE on a terminal: no notice"
# stdin a pipe or a file: nothing said
printf '1. e4 e5 *\n' | "$V" >"$T/pipe" 2>&1
grep -qF "$NOTICE" "$T/pipe" && fail "validate with stdin a pipe: no notice"
finish
