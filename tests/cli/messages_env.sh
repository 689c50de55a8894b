#!/usr/bin/env bash
# messages_env.sh: the language of messages follows the environment when --lang does not say:
# LC_ALL, then LC_MESSAGES, then LANG ("tr_TR.UTF-8" -> tr), and English for C, POSIX, nothing set,
# or a language hamle does not ship. --lang wins. The environment chooses the messages only: what
# hamle-convert and hamle-move write (moves, comments in the games) stays the same.
# (common.sh exports LC_ALL=C: every run here sets the variables itself.)
. "$(dirname "$0")/common.sh"
require_tool validate
d=$HAMLE_TMP
{ printf '[Event "x"]\n[Site "x"]\n[Date "x"]\n[Round "1"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n'
  echo '1. a4 e5 2. Ka3 Ae7 3. Ka7 *'; echo; } >"$d/rook.pgn"

# with_env 'LC_ALL=... LANG=...' TOOL ARGS...: runs the tool with exactly these locale variables
with_env() {
	local vars=$1
	shift
	# shellcheck disable=SC2086
	env -u LC_ALL -u LC_MESSAGES -u LANG -u LANGUAGE $vars "$(tool_path "$1")" "${@:2}" >"$d/out" 2>"$d/err" || true
}
expect_in() { # expect_in FILE TEXT WHAT
	grep -qF -- "$2" "$1" || fail "$3: no '$2' in: $(cat "$1")"
}

en='illegal move '"'"'Ka7'"'"': no rook can reach a7'
tr='kurala aykırı hamle '"'"'Ka7'"'"': a7 karesine gidebilecek kale yok'
de='regelwidriger Zug '"'"'Ka7'"'"': kein Turm kann a7 erreichen'
check_validate() { # check_validate VARS WANT WHAT
	with_env "$1" validate --from tr "$d/rook.pgn"
	expect_in "$d/out" "$2" "$3"
}
check_validate 'LANG=tr_TR.UTF-8' "$tr" "LANG=tr_TR.UTF-8"
check_validate 'LC_MESSAGES=de_DE.UTF-8 LANG=tr_TR.UTF-8' "$de" "LC_MESSAGES before LANG"
check_validate 'LC_ALL=tr_TR LC_MESSAGES=de_DE LANG=en_US' "$tr" "LC_ALL before LC_MESSAGES"
check_validate 'LC_ALL= LANG=de_AT@euro' "$de" "an empty LC_ALL, LANG=de_AT@euro"
check_validate 'LC_ALL=C LANG=tr_TR.UTF-8' "$en" "LC_ALL=C"
check_validate 'LC_ALL=POSIX' "$en" "LC_ALL=POSIX"
check_validate 'LANG=C.UTF-8' "$en" "LANG=C.UTF-8"
check_validate '' "$en" "nothing set"
check_validate 'LANG=pl_PL.UTF-8' "$en" "a language hamle does not ship"
with_env 'LANG=tr_TR.UTF-8' validate --lang de --from tr "$d/rook.pgn"
expect_in "$d/out" "$de" "--lang over the environment"
with_env 'LANG=tr_TR.UTF-8' validate --from tr "$d/rook.pgn"
expect_in "$d/err" 'hamle-validate: 1 oyun, 0 geçerli, 1 hatalı, 0 uyarılı' "LANG=tr: the summary"

if have_tool convert; then
	with_env 'LC_ALL=C' convert --from tr "$d/rook.pgn"
	cp "$d/out" "$d/convert.c"
	with_env 'LANG=tr_TR.UTF-8' convert --from tr "$d/rook.pgn"
	expect_file "$d/convert.c" "$d/out" "hamle-convert: LANG=tr changes what is written" || true
	expect_in "$d/err" "$tr" "hamle-convert: LANG=tr, the message"
	tr '\n' ' ' < "$d/out" > "$d/out1"
	expect_in "$d/out1" "no rook can reach a7" "hamle-convert: the comment in the game (English, as --lang en)"
	with_env 'LANG=de_DE.UTF-8' convert --from tr --lang tr "$d/rook.pgn"
	expect_in "$d/err" "$tr" "hamle-convert --lang tr: the message"
	tr '\n' ' ' < "$d/out" > "$d/out1" # (the comment is wrapped as any other)
	expect_in "$d/out1" "a7 karesine gidebilecek kale" "hamle-convert --lang tr: the comment"
fi
if have_tool move; then
	with_env 'LC_ALL=C' move --from tr startpos d4 Ka3
	cp "$d/out" "$d/move.c"
	expect_in "$d/err" "no rook can reach a3" "hamle-move, LC_ALL=C"
	with_env 'LANG=de_DE.UTF-8' move --from tr startpos d4 Ka3
	expect_file "$d/move.c" "$d/out" "hamle-move: LANG=de changes the notation written" || true
	expect_in "$d/err" "kein Turm kann a3 erreichen" "hamle-move, LANG=de"
fi
finish
