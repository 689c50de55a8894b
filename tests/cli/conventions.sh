#!/usr/bin/env bash
# conventions.sh: every built hamle-* tool follows the CLI conventions (STYLE.md section 7):
#   --help     exit 0, text on stdout (with a usage line), nothing on stderr
#   --version  exit 0, one line "hamle-NAME VERSION" on stdout, nothing on stderr
#   an unknown option: exit 2, nothing on stdout, at most two lines on stderr, the last one saying
#              "try 'hamle-NAME --help' for more information"
#   a failed write (stdout on /dev/full): exit 2, not 0
. "$(dirname "$0")/common.sh"

# Tools that do not check their writes yet (remove the name once the tool uses cmd/common/output/out.h).
devfull_todo=" "

tools=()
for t in "$HAMLE_BIN"/hamle-*; do
	[ -x "$t" ] && [ -f "$t" ] && tools+=("$(basename "$t")")
done
[ ${#tools[@]} -gt 0 ] || skip "no hamle-* tool built in $HAMLE_BIN"

for prog in "${tools[@]}"; do
	name=${prog#hamle-}

	run_tool "$name" --help
	expect_rc 0 "$prog --help: exit code" || true
	grep -qi '^usage: ' "$RUN_OUT" || fail "$prog --help: no 'Usage:' line on stdout"
	expect_empty "$RUN_ERR" "$prog --help: stderr" || true

	run_tool "$name" --version
	expect_rc 0 "$prog --version: exit code" || true
	if [ "$(wc -l <"$RUN_OUT")" != 1 ] || ! grep -qE "^$prog [0-9]+\.[0-9]+" "$RUN_OUT"; then
		fail "$prog --version: expected one line '$prog X.Y.Z', got: $(head -c 200 "$RUN_OUT")"
	fi
	expect_empty "$RUN_ERR" "$prog --version: stderr" || true

	run_tool "$name" --no-such-option-here
	expect_rc 2 "$prog --no-such-option-here: exit code" || true
	expect_empty "$RUN_OUT" "$prog --no-such-option-here: stdout" || true
	lines=$(wc -l <"$RUN_ERR")
	if [ "$lines" -lt 1 ] || [ "$lines" -gt 2 ] ||
		! tail -n 1 "$RUN_ERR" | grep -qF "try '$prog --help' for more information"; then
		fail "$prog --no-such-option-here: expected one line plus \"try '$prog --help' for more information\" on stderr, got:"
		sed 's/^/  /' "$RUN_ERR" >&2
	fi

	if [ -w /dev/full ] && [ "${devfull_todo#* $name }" = "$devfull_todo" ]; then
		rc=0
		"$(tool_path "$name")" --help >/dev/full 2>"$RUN_ERR" || rc=$?
		[ "$rc" = 2 ] || fail "$prog --help >/dev/full: a failed write must exit 2, got $rc"
	fi
	echo "checked $prog"
done
finish
