#!/bin/bash
# hamle-convert's line wrapping keeps every embedded command of a comment ([%eval 0.24],
# [%clk 1:59:58], [%csl Ga1 Rb2], any [%cmd ...]) on one line, as the tools that read clocks and
# evaluations expect: at every width and for every game of a long commented one, whatever the
# source's own breaks (one inside "[%eval\n0.11]"). The text between commands still wraps, no
# line is longer than the width asks, and the output reads back to itself.
. "$(dirname "$0")/common.sh"
require_tool convert
IN=$HAMLE_TESTDATA/convert/commands.pgn
T=$HAMLE_TMP

# prints each movetext line that holds a "[%" with no ']' after it on that line, or a ']' of a
# command opened on an earlier line
split_commands() {
	awk '/^\[[A-Za-z]/ { next }
	{
		s = $0
		if (open && index(s, "]") && (index(s, "[%") == 0 || index(s, "]") < index(s, "[%")))
			{ print NR ": " $0; open = 0; next }
		open = 0
		while ((i = index(s, "[%")) > 0) {
			s = substr(s, i + 2)
			j = index(s, "]")
			if (j == 0) { open = 1; print NR ": " $0; break }
			s = substr(s, j + 1)
		}
	}' "$1"
}

for width in 24 31 40 47 52 60 67 73 80 100; do
	run_tool convert --width "$width" "$IN"
	expect_rc 0 "--width $width"
	split_commands "$RUN_OUT" >"$T/split"
	if [ -s "$T/split" ]; then
		fail "--width $width: a command broken across lines"
		head -5 "$T/split" >&2
	fi
	grep -c '\[%' "$RUN_OUT" >/dev/null || fail "--width $width: the commands are written"
	# lines are under the width, a line of one command (with its braces) aside
	awk -v w="$width" '!/^\[[A-Za-z]/ && length($0) >= w && $0 !~ /^ ?\{?\[%[^]]*\]\}?$/ { print NR ": " $0 }' \
		"$RUN_OUT" | head -3 >"$T/long"
	[ -s "$T/long" ] && fail "--width $width: lines as long as the width: $(cat "$T/long")"
	cp "$RUN_OUT" "$T/once"
	run_tool convert --width "$width" "$T/once"
	expect_file "$T/once" "$RUN_OUT" "--width $width: the output converted again"
done

# the comments are those of the source, blanks collapsed
run_tool convert --width 30 "$IN"
grep -q '\[%clk 1:58:54\]' "$RUN_OUT" || fail "the doubled blank of '[%clk  1:58:54]' is collapsed"
grep -q '\[%eval 0.11\]' "$RUN_OUT" || fail "the line break of '[%eval\\n0.11]' is a space"
grep -q '\[%csl Ga1 Rb2\]' "$RUN_OUT" || fail "[%csl Ga1 Rb2] kept whole"
finish
