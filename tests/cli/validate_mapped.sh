#!/usr/bin/env bash
# validate_mapped.sh: a file named on the command line is read from a mapping of it at -j 2 and up
# (input.h, hamle_reader_set_input_mapped), at -j 1 in blocks as stdin is; all give the same output,
# with one job and with two (whose items point into the mapping until it goes), for every PGN and text file of
# testdata/ (fuzz seeds too), and for a walk of a directory at -j 2 against -j 1 (memory over a
# large mapped file: corpus.validate_quick_real).
. "$(dirname "$0")/common.sh"
require_tool validate
tool=$(tool_path validate)

find "$HAMLE_TESTDATA" -type f \( -name '*.pgn' -o -name '*.txt' -o -path '*/fuzz/*' \) | sort >"$HAMLE_TMP/files"
[ -s "$HAMLE_TMP/files" ] || fail "no test files found"
n=0
while IFS= read -r f; do
	n=$((n + 1))
	s=0
	"$tool" -j 1 --format json - <"$f" >"$HAMLE_TMP/s.out" 2>"$HAMLE_TMP/s.err" || s=$?
	sed -i "s|<stdin>|$f|g" "$HAMLE_TMP/s.out" "$HAMLE_TMP/s.err"
	for j in 1 2; do
		m=0
		"$tool" -j $j --format json "$f" >"$HAMLE_TMP/m.out" 2>"$HAMLE_TMP/m.err" || m=$?
		[ "$s" = "$m" ] || fail "$f: exit $s through stdin, $m mapped at -j $j"
		cmp -s "$HAMLE_TMP/s.out" "$HAMLE_TMP/m.out" || fail "$f: stdout differs mapped at -j $j"
		cmp -s "$HAMLE_TMP/s.err" "$HAMLE_TMP/m.err" || fail "$f: stderr differs mapped at -j $j"
	done
done <"$HAMLE_TMP/files"
echo "$n files: the same through stdin and mapped, -j 1 and -j 2"

a=0 b=0
"$tool" -j 1 --format json "$HAMLE_TESTDATA" >"$HAMLE_TMP/w1.out" 2>"$HAMLE_TMP/w1.err" || a=$?
"$tool" -j 2 --format json "$HAMLE_TESTDATA" >"$HAMLE_TMP/w2.out" 2>"$HAMLE_TMP/w2.err" || b=$?
[ "$a" = "$b" ] || fail "walk: exit $a at -j 1, $b at -j 2"
cmp -s "$HAMLE_TMP/w1.out" "$HAMLE_TMP/w2.out" || fail "walk: stdout differs at -j 2"
cmp -s "$HAMLE_TMP/w1.err" "$HAMLE_TMP/w2.err" || fail "walk: stderr differs at -j 2"
[ -s "$HAMLE_TMP/w1.out" ] || fail "walk: no findings"
echo "walk of testdata/: $(wc -l <"$HAMLE_TMP/w1.out") findings, the same at -j 1 and -j 2"

finish
