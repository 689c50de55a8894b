#!/usr/bin/env bash
# validate_quick_real.sh (label corpus): the quick lane changes nothing but speed on the other real
# kinds of PGN of bench/real_bench.sh, each validated with the lane (the default) and
# with --full-replay: the same JSON Lines, the same summary, the same exit.
#   - lichess-style: the first 20,000 games of the GNU Chess book made lichess-style by
#     bench/make_lichess.py (a clock comment after every move, an evaluation in every third game);
#     the lane must judge more than 90% of them (-v's count);
#   - the same with bytes the lane may not skip put into some comments (UTF-8, a control byte, DEL,
#     a line end inside a clock comment), in several places of a game;
#   - TCEC seasons 12-15 (an engine comment on every move, comments across lines): the lane must
#     judge more than 90% of the games;
#   - the games of corpus/edge with variations, each file once (the variation file of the bench),
#     and the same with their Seven Tag Roster filled in (the lane must judge more than 85%);
#   - the first 20,000 games of the book without their Round tags (a warning from the tags alone);
#   - peak RSS of -j 2 over the TCEC file twice over, mapped: under 32 MB.
# Run time here: about 30 s (the lichess-style file is made in about 5 s of CPU).
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool validate
tool=$(tool_path validate)

data=$HAMLE_SOURCE/bench/data
book=$data/gnuchess-book-1.02.pgn
if [ ! -f "$book" ] || [ ! -d "$data/tcec-s12-s15" ]; then
	data=$HAMLE_TMP/data
	"$HAMLE_SHARED/corpus/unpack" "$data" >/dev/null || fail "unpack failed"
	book=$data/gnuchess-book-1.02.pgn
fi

same() { # LABEL FILE [MIN-LANE-PERCENT]: identical with and without the lane (-j 2, JSON)
	local label=$1 f=$2 min=${3:-} a=0 b=0 fails=$HAMLE_FAILS
	"$tool" -j 2 -v --format json "$f" >"$HAMLE_TMP/q.out" 2>"$HAMLE_TMP/q.err" || a=$?
	"$tool" -j 2 -v --full-replay --format json "$f" >"$HAMLE_TMP/f.out" 2>"$HAMLE_TMP/f.err" || b=$?
	[ "$a" = "$b" ] || fail "$label: exit $a with the lane, $b without"
	cmp -s "$HAMLE_TMP/q.out" "$HAMLE_TMP/f.out" || fail "$label: JSON output differs"
	cmp -s <(grep -v 'quick lane' "$HAMLE_TMP/q.err") <(grep -v 'quick lane' "$HAMLE_TMP/f.err") ||
		fail "$label: summary differs"
	[ "$HAMLE_FAILS" = "$fails" ] || return 0
	local lane
	lane=$(sed -n 's/.*quick lane: \([0-9]*\) of \([0-9]*\) games.*/\1 \2/p' "$HAMLE_TMP/q.err")
	if [ -n "$min" ]; then
		# shellcheck disable=SC2086
		set -- $lane
		[ $# = 2 ] && [ "$2" -gt 0 ] && [ $(($1 * 100 / $2)) -gt "$min" ] ||
			fail "$label: the lane judged only '$lane' games"
	fi
	echo "$label: $(wc -l <"$HAMLE_TMP/q.out") findings, lane ${lane:-?}, identical with and without the lane"
}

awk '/^\[Event /{ n++ } n > 20000 { exit } { print }' "$book" >"$HAMLE_TMP/book.pgn"
python3 "$HAMLE_SOURCE/bench/make_lichess.py" "$HAMLE_TMP/book.pgn" "$HAMLE_TMP/lichess.pgn" >/dev/null ||
	fail "make_lichess.py failed"
same lichess-style "$HAMLE_TMP/lichess.pgn" 90

# Odd bytes in comments, at different places (early in a comment, late in a long one, a line
# end inside): every 37th, 41st, 43rd, 47th line of the file is changed.
lf=$'\n'
sed -e '0~37s/\[%clk /[%clk \xc3\xa9/' -e '0~41s/\] }/] \x01}/' -e '0~43s/{ \[%clk/{ \x7f[%clk/' \
	-e "0~47s/\\[%clk \\([0-9:]*\\)\\] }/[%clk \\1]\\${lf}x }/" \
	-e '0~53s/{ \[%eval \([-0-9.]*\)\]/{ [%eval \1] padding to run this comment past sixty-four bytes \xc2\xa0/' \
	"$HAMLE_TMP/lichess.pgn" >"$HAMLE_TMP/odd.pgn"
cmp -s "$HAMLE_TMP/lichess.pgn" "$HAMLE_TMP/odd.pgn" && fail "sed changed nothing"
same lichess-odd-bytes "$HAMLE_TMP/odd.pgn"

cat "$data"/tcec-s12-s15/*.pgn >"$HAMLE_TMP/tcec.pgn"
[ -s "$HAMLE_TMP/tcec.pgn" ] || fail "no TCEC files"
same tcec "$HAMLE_TMP/tcec.pgn" 90

# Memory stays flat over a mapped file at -j 2, whose worker reads games behind the reader (their
# pages were kept once read again: 60 MB for TCEC twice over): under 32 MB.
if [ -x /usr/bin/time ] && ! grep -q __asan_init "$tool" 2>/dev/null; then
	cat "$HAMLE_TMP/tcec.pgn" "$HAMLE_TMP/tcec.pgn" >"$HAMLE_TMP/tcec2.pgn"
	/usr/bin/time -o "$HAMLE_TMP/rss" -f %M "$tool" -q -j 2 "$HAMLE_TMP/tcec2.pgn" >/dev/null 2>&1 || true
	rss=$(tail -1 "$HAMLE_TMP/rss")
	[ "$rss" -lt 32768 ] || fail "TCEC twice over, mapped, -j 2: peak RSS $rss KB"
	echo "TCEC twice over, mapped, -j 2: peak RSS $rss KB"
	rm -f "$HAMLE_TMP/tcec2.pgn"
fi

: >"$HAMLE_TMP/var.pgn"
while IFS= read -r f; do
	cat "$f" >>"$HAMLE_TMP/var.pgn"
	printf '\n\n' >>"$HAMLE_TMP/var.pgn"
done < <(grep -l -r --include='*.pgn' '(' "$HAMLE_SHARED/corpus/edge" | sort)
[ -s "$HAMLE_TMP/var.pgn" ] || fail "no files with variations"
same variations "$HAMLE_TMP/var.pgn"

# The same games with the Seven Tag Roster filled in (most are studies without Date or Round):
# the lane replays their variations, NAGs and glyphs, and must judge more than 85% of them (it
# judged 80% when it gave up on every variation, NAG and glyph; 92% now).
python3 - "$HAMLE_TMP/var.pgn" "$HAMLE_TMP/var-roster.pgn" <<'PY' || fail "roster fill failed"
import re, sys
roster = [b'Event', b'Site', b'Date', b'Round', b'White', b'Black', b'Result']
out = []
for g in re.split(rb'\n\s*\n(?=\[)', open(sys.argv[1], 'rb').read()):
    head, sep, moves = g.partition(b'\n\n')
    if not head.startswith(b'['):
        out.append(g)
        continue
    names = set(re.findall(rb'^\[(\w+) ', head, re.M))
    add = b''.join(b'[' + r + b' "?"]\n' for r in roster if r not in names)
    out.append(add + head + sep + moves)
open(sys.argv[2], 'wb').write(b'\n\n'.join(out))
PY
same variations-roster "$HAMLE_TMP/var-roster.pgn" 85

# The book's games without their Round tags: each has one warning, which the lane reports from
# its tags alone (hamle_replay_quick_findings); -v does not count those, so no share is asked.
sed '/^\[Round /d' "$HAMLE_TMP/book.pgn" >"$HAMLE_TMP/no-round.pgn"
same book-without-round "$HAMLE_TMP/no-round.pgn"
finish
