#!/usr/bin/env bash
# diagram_color.sh: --diagram marks the top suggestion's squares with colour on a terminal, and
# with (x) and [x] without colour: under NO_COLOR, with TERM=dumb and in a pipe. The
# terminal is a real pseudo-terminal made by script(1) (util-linux); hamle-validate writes its
# findings on stdout, hamle-convert and hamle-reconcile on stderr: both are the terminal there.
. "$(dirname "$0")/common.sh"
require_tool validate
command -v script >/dev/null 2>&1 || skip "script (util-linux) not installed"
d=$HAMLE_TMP
game=$HAMLE_TESTDATA/cli/validate/diagram/games.pgn
esc=$(printf '\033')
from="${esc}[30;103m" # the from square's colour (cmd/common/output/diagram.c)
to="${esc}[30;102m"

# on_tty OUT ENV... -- CMD...: runs CMD on a pseudo-terminal with the environment given, its
# terminal output (stdout and stderr together) in OUT
on_tty() {
	local out=$1
	shift
	local -a envs=()
	while [ "$1" != -- ]; do envs+=("$1"); shift; done
	shift
	local cmd
	printf -v cmd '%q ' "$@"
	env -u NO_COLOR TERM=xterm "${envs[@]}" script -qec "$cmd" /dev/null </dev/null >"$out" 2>&1 || true
}

check_colored() { # what file
	grep -qF "$from" "$2" || fail "$1: no colour on the from square on a terminal"
	grep -qF "$to" "$2" || fail "$1: no colour on the to square on a terminal"
	grep -qE '\([^ ]{1,4}\)|\[[^ ]{1,4}\]' "$2" && fail "$1: bracket marks beside the colours on a terminal"
	return 0
}
check_plain() { # what file
	grep -qF "$esc[30;10" "$2" && fail "$1: colour codes where colour is off"
	grep -qF '(♘)' "$2" || grep -qF '(♞)' "$2" || grep -qF '(♔)' "$2" || fail "$1: no (x) mark on the from square"
	grep -qF '[·]' "$2" || fail "$1: no [x] mark on the to square"
	return 0
}


on_tty "$d/tty" -- "$(tool_path validate)" --diagram "$game"
check_colored "hamle-validate on a terminal" "$d/tty"
grep -qF 'marked: Nf6 (g8-f6)' "$d/tty" || fail "hamle-validate on a terminal: no 'marked:' line"
on_tty "$d/nocolor" NO_COLOR=1 -- "$(tool_path validate)" --diagram "$game"
check_plain "hamle-validate under NO_COLOR" "$d/nocolor"
on_tty "$d/dumb" TERM=dumb -- "$(tool_path validate)" --diagram "$game"
check_plain "hamle-validate with TERM=dumb" "$d/dumb"
"$(tool_path validate)" --diagram "$game" >"$d/pipe" 2>&1 || true
check_plain "hamle-validate in a pipe" "$d/pipe"
# the terminal changes the marks only: without the escapes and brackets the boards are the same
strip() { sed -E "s/${esc}\[[0-9;]*m//g; s/\(([^ ]+)\)/ \1 /g; s/\[([^ ]+)\]/ \1 /g" "$1" | tr -d '\r'; }
[ "$(strip "$d/tty")" = "$(strip "$d/nocolor")" ] || fail "hamle-validate: the coloured and plain diagrams differ beyond their marks"

if have_tool convert; then
	on_tty "$d/cv" -- "$(tool_path convert)" --diagram "$game"
	check_colored "hamle-convert on a terminal (stderr)" "$d/cv"
	on_tty "$d/cvn" NO_COLOR=1 -- "$(tool_path convert)" --diagram "$game"
	check_plain "hamle-convert under NO_COLOR" "$d/cvn"
	"$(tool_path convert)" --diagram "$game" 2>"$d/cvp" >/dev/null || true
	check_plain "hamle-convert, stderr in a pipe" "$d/cvp"
fi
if have_tool reconcile; then
	sheets=$HAMLE_TESTDATA/cli/reconcile/diagram
	on_tty "$d/rc" -- "$(tool_path reconcile)" --diagram "$sheets/beyaz.txt" "$sheets/weiss.txt"
	check_colored "hamle-reconcile on a terminal (stderr)" "$d/rc"
	on_tty "$d/rcn" NO_COLOR=1 -- "$(tool_path reconcile)" --diagram "$sheets/beyaz.txt" "$sheets/weiss.txt"
	grep -qF "$esc[30;10" "$d/rcn" && fail "hamle-reconcile under NO_COLOR: colour codes"
	grep -qF '(♞)' "$d/rcn" || fail "hamle-reconcile under NO_COLOR: no (x) mark"
fi
finish
