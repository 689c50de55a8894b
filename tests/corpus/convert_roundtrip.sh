#!/bin/bash
# convert_roundtrip.sh (label corpus): every game of ../shared/corpus/medium goes PGN -> (Turkish, German,
# figurine PGN; FIDE-style Turkish) -> PGN, byte-identical to PGN -> PGN. Also: PGN -> PGN is a
# fixed point (converting the output again changes nothing), and no game is lost or fails.
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool convert
M=$HAMLE_SHARED/corpus/medium/pgnmentor-players-via-EduChess
[ -d "$M" ] || skip "medium corpus not found"
T=$HAMLE_TMP
total_in=0 total_out=0
for f in "$M"/*.pgn; do
	b=$(basename "$f" .pgn)
	run_tool convert -j 2 "$f"
	expect_rc 0 "$b: PGN -> PGN" || continue
	cp "$RUN_OUT" "$T/$b.pgn"
	[ -s "$RUN_ERR" ] && fail "$b: findings on stderr" && head -5 "$RUN_ERR" >&2
	in=$(grep -c '^\[Event ' "$f"); out=$(grep -c '^\[Event ' "$T/$b.pgn")
	total_in=$((total_in + in)); total_out=$((total_out + out))
	[ "$in" = "$out" ] || fail "$b: $in games in, $out out"
	run_tool convert -j 2 "$T/$b.pgn"
	expect_rc 0 "$b: PGN -> PGN again"
	cmp -s "$RUN_OUT" "$T/$b.pgn" || fail "$b: PGN -> PGN is not a fixed point"
	for form in "--lang tr" "--lang de" "--lang fan" "--to fide --lang tr"; do
		# shellcheck disable=SC2086
		run_tool convert -j 2 $form "$T/$b.pgn"
		expect_rc 0 "$b: PGN -> $form" || continue
		cp "$RUN_OUT" "$T/$b.x"
		run_tool convert -j 2 "$T/$b.x"
		expect_rc 0 "$b: $form -> PGN" || continue
		if ! cmp -s "$RUN_OUT" "$T/$b.pgn"; then
			fail "$b: $form -> PGN differs from PGN -> PGN"
			diff "$T/$b.pgn" "$RUN_OUT" | head -10 >&2
		fi
	done
done
echo "round trip: $total_in games in, $total_out out, 4 forms"
[ "$total_in" -gt 0 ] || fail "no games"
finish
