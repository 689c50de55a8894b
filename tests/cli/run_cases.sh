#!/usr/bin/env bash
# run_cases.sh: runs every CLI case under testdata/cli/<tool>/<case>/ against $HAMLE_BIN/hamle-<tool>.
#
# A case directory holds (curl's one-case-per-place layout):
#   args             the arguments, one per line, no shell quoting ("@TESTDATA@" is replaced by
#                    $HAMLE_TESTDATA; an empty file means no arguments; missing = no arguments)
#   stdin            fed to the tool's standard input (missing: /dev/null)
#   expected.stdout  exact standard output (missing: must be empty)
#   expected.stderr  exact standard error (missing: not compared)
#   expected.exit    the exit code (missing: 0)
# The tool runs with the case directory as its working directory, so file arguments are relative
# names and messages stay the same on every machine. Tools not built yet are skipped with a note.
# UPDATE_GOLDEN=1 rewrites expected.stdout/expected.stderr/expected.exit from the actual results.
# Usage: run_cases.sh [TOOL[/CASE]]...   (default: everything)
. "$(dirname "$0")/common.sh"

root=$HAMLE_TESTDATA/cli
[ -d "$root" ] || skip "no $root"
ran=0

run_case() {
	local tool=$1 dir=$2 name
	name="$tool/$(basename "$dir")"
	local -a args=()
	if [ -f "$dir/args" ]; then
		local line
		while IFS= read -r line || [ -n "$line" ]; do
			args+=("${line//@TESTDATA@/$HAMLE_TESTDATA}")
		done <"$dir/args"
	fi
	local in=/dev/null
	[ -f "$dir/stdin" ] && in=$dir/stdin
	RUN_RC=0
	(cd "$dir" && exec "$(tool_path "$tool")" "${args[@]}") <"$in" >"$RUN_OUT" 2>"$RUN_ERR" || RUN_RC=$?
	ran=$((ran + 1))
	local before=$HAMLE_FAILS
	if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
		if [ -s "$RUN_OUT" ] || [ -f "$dir/expected.stdout" ]; then cp "$RUN_OUT" "$dir/expected.stdout"; fi
		if [ -f "$dir/expected.stderr" ]; then cp "$RUN_ERR" "$dir/expected.stderr"; fi
		if [ "$RUN_RC" != 0 ] || [ -f "$dir/expected.exit" ]; then echo "$RUN_RC" >"$dir/expected.exit"; fi
		echo "updated $name"
		return
	fi
	local want_rc=0
	[ -f "$dir/expected.exit" ] && want_rc=$(tr -d ' \n' <"$dir/expected.exit")
	expect_rc "$want_rc" "$name: exit code" || true
	if [ -f "$dir/expected.stdout" ]; then
		expect_file "$dir/expected.stdout" "$RUN_OUT" "$name: stdout" || true
	else
		expect_empty "$RUN_OUT" "$name: stdout" || true
	fi
	if [ -f "$dir/expected.stderr" ]; then
		expect_file "$dir/expected.stderr" "$RUN_ERR" "$name: stderr" || true
	fi
	if [ "$HAMLE_FAILS" = "$before" ]; then echo "ok   $name"; else echo "FAIL $name"; fi
}

selected=("$@")
for tooldir in "$root"/*/; do
	[ -d "$tooldir" ] || continue
	tool=$(basename "$tooldir")
	if ! have_tool "$tool"; then
		echo "skip $tool/* (hamle-$tool not built yet)"
		continue
	fi
	for casedir in "$tooldir"*/; do
		[ -d "$casedir" ] || continue
		casedir=${casedir%/}
		if [ ${#selected[@]} -gt 0 ]; then
			match=0
			for s in "${selected[@]}"; do
				case "$tool/$(basename "$casedir")" in "$s" | "$s"/*) match=1 ;; esac
			done
			[ "$match" = 1 ] || continue
		fi
		run_case "$tool" "$casedir"
	done
done

[ "$ran" -gt 0 ] || skip "no CLI case ran (no tool with cases is built)"
echo "$ran case(s), $HAMLE_FAILS failure(s)"
finish
