#!/bin/bash
# The bash completion (tools/completion/hamle.bash) offers each language once: one both built in
# and installed (next to the tool after an install to a prefix, for the user in
# $XDG_DATA_HOME/hamle/locales, or system-wide by a package) is one language, and one only
# installed is offered too. Option names come from the tool's --help; an abbreviation completes.
. "$(dirname "$0")/common.sh"
require_tool move
SCRIPT=$HAMLE_SOURCE/tools/completion/hamle.bash
[ -f "$SCRIPT" ] || skip "no $SCRIPT"
T=$HAMLE_TMP
# an installed layout: PREFIX/bin/hamle-move with PREFIX/share/hamle/locales beside it
mkdir -p "$T/prefix/bin" "$T/prefix/share/hamle/locales" "$T/xdg/hamle/locales"
ln -s "$(tool_path move)" "$T/prefix/bin/hamle-move"
for l in en tr de; do
	cp "$HAMLE_SOURCE/locales/$l.yaml" "$T/prefix/share/hamle/locales/"
done
cp "$HAMLE_SOURCE/locales/tr.yaml" "$T/xdg/hamle/locales/tr.yaml"
sed 's/^tag: "tr"$/tag: "tk"/' "$HAMLE_SOURCE/locales/tr.yaml" >"$T/xdg/hamle/locales/tk.yaml"

complete_words() { # TOOL WORD...: the completions of the last word, one a line
	PATH="$T/prefix/bin:$PATH" XDG_DATA_HOME="$T/xdg" bash --norc --noprofile -c '
		. "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		_hamle; printf "%s\n" "${COMPREPLY[@]}"' complete "$SCRIPT" "$@"
}

out=$(complete_words hamle-move --lang t | tr '\n' ' ')
[ "$out" = "tr tk " ] || fail "completion of 'hamle-move --lang t': '$out' (tr once, then the installed tk)"
out=$(complete_words hamle-move --from = d | tr '\n' ' ')
[ "$out" = "de " ] || fail "completion of 'hamle-move --from=d': '$out'"
out=$(complete_words hamle-move --lang "" | sort | uniq -d | tr '\n' ' ')
[ -z "$out" ] || fail "completion of 'hamle-move --lang': offered twice: '$out'"
out=$(complete_words hamle-move --lang "" | wc -l)
[ "$out" = 10 ] || fail "completion of 'hamle-move --lang': 9 built in and tk, got $out"
out=$(complete_words hamle-move --winn)
[ "$out" = "--winnable" ] || fail "completion of 'hamle-move --winn': '$out'"
# the tool itself takes the installed languages: both files load (no duplicate, no bad tag)
PATH="$T/prefix/bin:$PATH" XDG_DATA_HOME="$T/xdg" hamle-move --lang tk --help >/dev/null 2>"$T/err" ||
	fail "hamle-move --lang tk with the installed locales: $(cat "$T/err")"
[ -s "$T/err" ] && fail "hamle-move with the installed locales says: $(cat "$T/err")"
finish
