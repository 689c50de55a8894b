#!/usr/bin/env bash
# help_output.sh: --help and --version are written as every other output of the tools (out.h),
# by every tool built: into a pipe whose reader is gone (`hamle-X --help | head -1` when head has
# exited) the tool ends quietly with exit 0; a failed write (a full disk, /dev/full) is said,
# "hamle-X: error writing <stdout>: No space left on device", with exit 2.
. "$(dirname "$0")/common.sh"
d=$HAMLE_TMP
[ -w /dev/full ] || skip "no /dev/full"

# a pipe with no reader on fd 4: a FIFO opened read-write (which does not block), then for
# writing, then the read-write end closed
mkfifo "$d/fifo"
exec 3<>"$d/fifo"
exec 4>"$d/fifo"
exec 3<&-

ntools=0
for tool in "$HAMLE_BIN"/hamle-*; do
	[ -x "$tool" ] || continue
	prog=${tool##*/}
	ntools=$((ntools + 1))
	for opt in --help --version; do
		rc=0
		"$tool" $opt >/dev/full 2>"$d/err" || rc=$?
		[ "$rc" = 2 ] || fail "$prog $opt >/dev/full: exit $rc, expected 2"
		printf '%s: error writing <stdout>: No space left on device\n' "$prog" >"$d/want"
		expect_file "$d/want" "$d/err" "$prog $opt >/dev/full: stderr" || true
		rc=0
		"$tool" $opt >&4 2>"$d/err" || rc=$?
		[ "$rc" = 0 ] || fail "$prog $opt into a closed pipe: exit $rc, expected 0"
		expect_empty "$d/err" "$prog $opt into a closed pipe: stderr" || true
	done
done
exec 4>&-
[ "$ntools" -gt 0 ] || fail "no tool found in $HAMLE_BIN"
finish
