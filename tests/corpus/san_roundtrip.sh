#!/usr/bin/env bash
# san_roundtrip.sh: every legal move of every position in ../shared/perft/random.perft and
# tricky.perft and of 200 Chess960 positions (chess960.epd), written in each shipped locale (fan
# included) and each form (san, fide, lan, uci) by hamle-move, then read back by hamle-move in the
# same locale, gives the same move. The legal moves come from the move generator that perft
# checks (listed by hamle-move --legal) as UCI; the final UCI must equal the first, line for
# line.
. "$HAMLE_SOURCE/tests/cli/common.sh"
skip_without_shared
require_tool move
P=$HAMLE_SHARED/perft
for f in random.perft tricky.perft chess960.epd; do [ -f "$P/$f" ] || skip "$P/$f missing"; done

fens=$HAMLE_TMP/fens
{
	sed -n 's/^epd //p' "$P/random.perft" "$P/tricky.perft"
	sed 's/ *;.*//' "$P/chess960.epd" | head -n 200
} >"$fens"

# FEN<TAB>uci for every legal move (hamle-move --legal: the generator that perft checks)
moves=$HAMLE_TMP/moves.tsv
"$(tool_path move)" --batch --legal --to uci <"$fens" >"$HAMLE_TMP/legal" || fail "hamle-move --legal failed"
paste "$fens" "$HAMLE_TMP/legal" | awk -F'\t' '{ for (i = 2; i <= NF; i++) if ($i != "") print $1 "\t" $i }' >"$moves"
npos=$(wc -l <"$fens")
nmoves=$(wc -l <"$moves")
[ "$nmoves" -gt 100000 ] || fail "only $nmoves moves generated from $npos positions"
cut -f1 "$moves" >"$HAMLE_TMP/fen_col"
cut -f2 "$moves" >"$HAMLE_TMP/uci_col"

checks=0
for loc in en tr de fr es it nl fan; do
	for form in san fide lan uci; do
		written=$HAMLE_TMP/written
		back=$HAMLE_TMP/back
		"$(tool_path move)" --batch --from "$loc" --to "$form" <"$moves" >"$written" ||
			fail "$loc/$form: writing failed (exit $?): $(grep -m3 '^error' "$written" | tr '\n' ' ')"
		paste "$HAMLE_TMP/fen_col" "$written" | "$(tool_path move)" --batch --from "$loc" --to uci >"$back" ||
			fail "$loc/$form: reading back failed: $(grep -m3 '^error' "$back" | tr '\n' ' ')"
		if ! cmp -s "$back" "$HAMLE_TMP/uci_col"; then
			fail "$loc/$form: round trip differs:"
			paste "$moves" "$written" "$back" | awk -F'\t' '$2 != $4' | head -5 >&2
		fi
		n=$(paste "$HAMLE_TMP/uci_col" "$back" | awk -F'\t' '$1 == $2' | wc -l)
		checks=$((checks + n))
	done
done
echo "san round trip: $npos positions, $nmoves legal moves, 8 locales x 4 forms: $checks checks passed"
[ "$HAMLE_FAILS" = 0 ] || exit 1
exit 0
