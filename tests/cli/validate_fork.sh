#!/usr/bin/env bash
# validate_fork.sh: hamle-validate -j 2 and up on a mapped file reads it with two readers at once
# (cmd/validate/fork.c: the file is cut into pieces of about 1 MiB, read by whichever thread is
# free, and joined in order by the reading thread). It changes nothing but speed: a file of some
# 10 MB made of runs of plain games (pieces read by both threads), of games whose comment holds a
# blank line and a tag line (where a piece may start: every reader ends the comment there) and of
# every PGN file of testdata/ (errors, variations, encodings, CR LF, marks, untagged games; the
# fork stops at the second piece in a row of games the quick lane gives up on) gives the same
# stdout, stderr and exit code at -j 2 and -j 3 as at -j 1 and as at -j 2 with HAMLE_NO_FORK=1, in
# text and in JSON; and so does its gzip'd copy (a stream: no fork).
. "$(dirname "$0")/common.sh"
require_tool validate
tool=$(tool_path validate)

big=$HAMLE_TMP/big.pgn
find "$HAMLE_TESTDATA" -type f -name '*.pgn' ! -path '*/fuzz/*' | sort >"$HAMLE_TMP/files"
[ -s "$HAMLE_TMP/files" ] || fail "no test files found"
plain='[Event "p"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "a"]
[Black "b"]
[Result "1-0"]

1.e4 { [%clk 0:01:00] } e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7# 1-0
'
trap='[Event "t"]
[Result "0-1"]

1.f3 { a note

[Event "inside the note"] } e5 2.g4 Qh4# 0-1
'
: >"$big"
while [ "$(stat -c %s "$big")" -lt 10000000 ]; do
	for _ in $(seq 12000); do printf '%s\n' "$plain"; done
	for _ in $(seq 6000); do printf '%s\n%s\n' "$plain" "$trap"; done
	while IFS= read -r f; do
		cat "$f"
		printf '\n\n'
	done <"$HAMLE_TMP/files"
	for _ in $(seq 3000); do printf '%s\n' "$plain"; done
done >>"$big"

run() { # NAME ENV... -- OPTIONS...: output in NAME.out/.err/.rc
	local name=$1 rc=0
	shift
	local envs=()
	while [ "$1" != -- ]; do envs+=("$1"); shift; done
	shift
	env "${envs[@]}" "$tool" "$@" "$big" >"$HAMLE_TMP/$name.out" 2>"$HAMLE_TMP/$name.err" || rc=$?
	echo "$rc" >"$HAMLE_TMP/$name.rc"
}
same() { # A B WHAT
	cmp -s "$HAMLE_TMP/$1.out" "$HAMLE_TMP/$2.out" || fail "$3: stdout differs ($1, $2)"
	cmp -s "$HAMLE_TMP/$1.err" "$HAMLE_TMP/$2.err" || fail "$3: stderr differs ($1, $2)"
	cmp -s "$HAMLE_TMP/$1.rc" "$HAMLE_TMP/$2.rc" || fail "$3: exit code differs ($1, $2)"
}
agree() { # WHAT ENV: -j 1, -j 2, -j 3 and -j 2 under ENV=1 give the same, in text and JSON
	local what=$1 env=$2 fmt
	for fmt in text json; do
		run one HAMLE_X=1 -- -j 1 -v --format "$fmt"
		run two HAMLE_X=1 -- -j 2 -v --format "$fmt"
		run three HAMLE_X=1 -- -j 3 -v --format "$fmt"
		run alt "$env=1" -- -j 2 -v --format "$fmt"
		[ -s "$HAMLE_TMP/one.out" ] || fail "$what $fmt: no findings at all: the file is not what the test means"
		same one two "$what $fmt -j 2"
		same one three "$what $fmt -j 3"
		same one alt "$what $fmt -j 2 with $env=1"
		grep -q 'quick lane: ' "$HAMLE_TMP/two.err" || fail "$what $fmt: no quick lane count"
		echo "$what $fmt: -j 1, -j 2, -j 3 and -j 2 with $env=1 agree ($(wc -l <"$HAMLE_TMP/one.out") lines)"
	done
}
agree "$(basename "$big")" HAMLE_NO_FORK
# many small files, read as streams are (their games copied: the pool goes on from file to file):
# three games each, from the end of the plain run into the comments holding a tag line
mkdir "$HAMLE_TMP/small"
awk -v dir="$HAMLE_TMP/small" '/^\[Event / && blank && ++n % 3 == 0 { close(f) } n >= 12900 { exit }
	n >= 11700 { f = sprintf("%s/%04d.pgn", dir, int(n / 3)); print > f } { blank = ($0 == "") }' "$big"
for fmt in text json; do
	for j in 1 2 3; do
		rc=0
		"$tool" -j "$j" -v --format "$fmt" "$HAMLE_TMP"/small/*.pgn >"$HAMLE_TMP/s$j.out" 2>"$HAMLE_TMP/s$j.err" || rc=$?
		echo "$rc" >"$HAMLE_TMP/s$j.rc"
		[ "$j" = 1 ] || same s1 "s$j" "small files $fmt -j $j"
	done
	[ -s "$HAMLE_TMP/s1.out" ] || fail "small files $fmt: no findings at all"
	grep -q ': 1[0-9][0-9][0-9] games, ' "$HAMLE_TMP/s1.err" || fail "small files $fmt: not the games meant: $(tail -2 "$HAMLE_TMP/s1.err")"
	echo "small files $fmt: $(ls "$HAMLE_TMP/small" | wc -l) files, -j 1, -j 2 and -j 3 agree"
done
# a compressed file: no fork (a stream); at -j 2 the reading thread works every game itself, the
# decompressing thread on the other core (HAMLE_NO_SOLO: with the pool's worker)
gzip -c "$big" >"$big.gz"
big=$big.gz
agree "$(basename "$big")" HAMLE_NO_SOLO
finish
