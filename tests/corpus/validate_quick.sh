#!/usr/bin/env bash
# validate_quick.sh (label corpus): the quick lane changes nothing but speed, on real data.
#   - the GNU Chess book (145,716 games): hamle-validate with the lane (the default) and with
#     --full-replay print the same JSON Lines, the same summary and exit the same; the lane judges
#     most of the book's games (-v's count is printed and must exceed 90%);
#   - every PGN and text file of corpus/edge, corpus/lang and corpus/medium: same output both ways.
# Data: bench/data/ when unpacked there (git-ignored), else unpacked into a temporary directory.
# Run time here: about 15 s (two runs over the book with -j 2, then the corpus files).
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool validate
tool=$(tool_path validate)

book=$HAMLE_SOURCE/bench/data/gnuchess-book-1.02.pgn
if [ ! -f "$book" ]; then
	"$HAMLE_SHARED/corpus/unpack" "$HAMLE_TMP/data" >/dev/null || fail "unpack failed"
	book=$HAMLE_TMP/data/gnuchess-book-1.02.pgn
fi

a=0 b=0
"$tool" -j 2 -v --format json "$book" >"$HAMLE_TMP/q.out" 2>"$HAMLE_TMP/q.err" || a=$?
"$tool" -j 2 -v --full-replay --format json "$book" >"$HAMLE_TMP/f.out" 2>"$HAMLE_TMP/f.err" || b=$?
[ "$a" = "$b" ] || fail "book: exit $a with the lane, $b without"
cmp -s "$HAMLE_TMP/q.out" "$HAMLE_TMP/f.out" || fail "book: JSON output differs"
cmp -s <(grep -v 'quick lane' "$HAMLE_TMP/q.err") <(grep -v 'quick lane' "$HAMLE_TMP/f.err") || fail "book: summary differs"
sed 's/^/  lane:  /' "$HAMLE_TMP/q.err"
lane=$(sed -n 's/.*quick lane: \([0-9]*\) of \([0-9]*\) games.*/\1 \2/p' "$HAMLE_TMP/q.err")
set -- $lane
[ $# = 2 ] && [ "$2" -gt 0 ] && [ $(($1 * 100 / $2)) -gt 90 ] || fail "book: the lane judged only '$lane' games"
echo "book: $(wc -l <"$HAMLE_TMP/q.out") findings, identical with and without the lane"

n=0
while IFS= read -r f; do
	n=$((n + 1))
	a=0 b=0
	"$tool" -j 1 --format json "$f" >"$HAMLE_TMP/q.out" 2>"$HAMLE_TMP/q.err" || a=$?
	"$tool" -j 1 --full-replay --format json "$f" >"$HAMLE_TMP/f.out" 2>"$HAMLE_TMP/f.err" || b=$?
	[ "$a" = "$b" ] || fail "$f: exit $a with the lane, $b without"
	cmp -s "$HAMLE_TMP/q.out" "$HAMLE_TMP/f.out" || fail "$f: stdout differs"
	cmp -s "$HAMLE_TMP/q.err" "$HAMLE_TMP/f.err" || fail "$f: stderr differs"
done < <(find "$HAMLE_SHARED/corpus/edge" "$HAMLE_SHARED/corpus/lang" "$HAMLE_SHARED/corpus/medium" \
	-type f \( -iname '*.pgn' -o -name '*.txt' \) | sort)
[ "$n" -gt 50 ] || fail "only $n corpus files found"
echo "corpus: $n files, identical with and without the lane"
finish
