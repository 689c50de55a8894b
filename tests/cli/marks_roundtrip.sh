#!/usr/bin/env bash
# marks_roundtrip.sh: marks written apart from their move (wrapped "e.p.", "+", "#") and the draw
# offer in its forms ("(=)", "( = )", a scoresheet's lone "=") survive hamle-convert both ways:
# what is read as a draw offer is written as one ({(=)} in PGN, (=) in FIDE style, "draw_offer"
# in JSON) and reads back the same; the PGN written is read without a question about "=".
. "$(dirname "$0")/common.sh"
require_tool convert
require_tool validate
C=$HAMLE_TESTDATA/cli/convert
V=$HAMLE_TESTDATA/cli/validate
T=$HAMLE_TMP

for src in "$C/draw-offers/offers.txt" "$V/draw-offer-glyph/offers.pgn" "$V/wrapped-marks/wrapped.pgn"; do
	name=$(basename "$src")
	run_tool convert "$src"
	expect_rc 0 "$name to pgn"
	cp "$RUN_OUT" "$T/p1.pgn"
	# PGN out reads back to the same PGN
	run_tool convert "$T/p1.pgn"
	expect_rc 0 "$name: pgn again"
	cmp -s "$RUN_OUT" "$T/p1.pgn" || fail "$name: PGN written does not read back the same"
	# FIDE style in Turkish and back
	run_tool convert --to fide --lang tr "$src"
	expect_rc 0 "$name to fide"
	cp "$RUN_OUT" "$T/f1.pgn"
	run_tool convert "$T/f1.pgn"
	expect_rc 0 "$name: fide back to pgn"
	cmp -s "$RUN_OUT" "$T/p1.pgn" || fail "$name: FIDE form does not read back to the same PGN"
	# what was written raises no question and no error
	for out in "$T/p1.pgn" "$T/f1.pgn"; do
		run_tool validate "$out"
		expect_rc 0 "$name: validate $(basename "$out")"
		grep -q "syntax" "$RUN_OUT" && fail "$name: a syntax finding in what was written"
	done
done

# every draw offer of offers.txt is one in JSON, on the move it follows, and in the FIDE form
run_tool convert --to json "$C/draw-offers/offers.txt"
expect_rc 0 "json"
n=$(grep -o '"draw_offer":true' "$RUN_OUT" | wc -l)
[ "$n" = 5 ] || fail "json: $n draw offers, expected 5"
run_tool convert --to fide "$C/draw-offers/offers.txt"
n=$(grep -o '(=)' "$RUN_OUT" | wc -l)
[ "$n" = 5 ] || fail "fide: $n draw offers written, expected 5"

# a wrapped e.p. marker is read as the move's in every form it is written back in
run_tool convert --to fide "$V/wrapped-marks/wrapped.pgn"
grep -q 'exf6 e.p.' "$RUN_OUT" && grep -q 'dxe6+ e.p.' "$RUN_OUT" || fail "fide: e.p. marks not written back"
finish
