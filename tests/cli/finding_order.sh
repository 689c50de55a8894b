#!/bin/bash
# hamle-validate's findings come in input order (line, then column) within a file, whichever
# pass made them (the reader's bad NAG, the tags', the walk's move-number, check and capture marks
# and move errors, the result check), at -j 1 and -j 2, in text, JSON and the --html report; and
# -j 2 prints what -j 1 prints.
. "$(dirname "$0")/common.sh"
require_tool validate
IN=$HAMLE_TESTDATA/validate/order/passes.pgn
T=$HAMLE_TMP

# in_order FILE WHAT: FILE holds "LINE COLUMN" lines; fail unless they never go back
in_order() {
	awk -v what="$2" '{
		if (NR > 1 && ($1 < l || ($1 == l && $2 < c))) {
			printf "%s: %s:%s comes after %s:%s\n", what, $1, $2, l, c
			bad = 1
			exit 1
		}
		l = $1; c = $2
	} END { if (NR < 20 && !bad) { printf "%s: only %d findings\n", what, NR; exit 1 } }' "$1" >"$T/why" ||
		fail "$(cat "$T/why")"
}

for j in 1 2; do
	run_tool validate --strict -j "$j" "$IN"
	expect_rc 1 "-j $j"
	cp "$RUN_OUT" "$T/text.$j"
	sed -n 's/^[^:]*:\([0-9]*\):\([0-9]*\):.*/\1 \2/p' "$RUN_OUT" >"$T/pos"
	in_order "$T/pos" "text -j $j"
	grep -q "bad nag" "$RUN_OUT" && grep -q "move number" "$RUN_OUT" && grep -q "result mismatch" "$RUN_OUT" &&
		grep -q "capture mark" "$RUN_OUT" || fail "text -j $j: the findings of every pass"

	run_tool validate --strict -j "$j" --format json "$IN"
	cp "$RUN_OUT" "$T/json.$j"
	sed -n 's/.*"line":\([0-9]*\),"column":\([0-9]*\),.*/\1 \2/p' "$RUN_OUT" >"$T/pos"
	in_order "$T/pos" "JSON -j $j"

	run_tool validate --strict -j "$j" --html "$T/report.$j.html" "$IN"
	grep -o 'passes\.pgn:[0-9]*:[0-9]*' "$T/report.$j.html" | sed 's/.*\.pgn:\([0-9]*\):\([0-9]*\)/\1 \2/' >"$T/pos"
	in_order "$T/pos" "the --html report -j $j"
done
expect_file "$T/text.1" "$T/text.2" "text: -j 2 as -j 1"
expect_file "$T/json.1" "$T/json.2" "JSON: -j 2 as -j 1"
finish
