#!/usr/bin/env bash
# annotate_roundtrip.sh (label corpus): on ../shared/corpus/medium (13,163
# games): what hamle-annotate writes with every annotation on (--fix-result --plycount --fen
# --zobrist --emt --eco), in --lang en, tr and de, reads back with hamle-validate with no error and
# no result-mismatch, and converts back to the original's moves (UCI lines compared).
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool annotate
require_tool validate
require_tool convert
mapfile -t files < <(find "$HAMLE_SHARED/corpus/medium" -name '*.pgn' | sort)

run_tool convert -j 2 --to uci "${files[@]}"
cp "$RUN_OUT" "$HAMLE_TMP/want.uci"
[ "$(wc -l <"$HAMLE_TMP/want.uci")" = 13163 ] || fail "want 13163 games, got $(wc -l <"$HAMLE_TMP/want.uci")"
for lang in en tr de; do
	run_tool annotate -j 2 -q --lang "$lang" --fix-result --plycount --fen --zobrist --emt --eco "${files[@]}"
	[ "$RUN_RC" = 0 ] || fail "$lang: hamle-annotate exit $RUN_RC: $(head -3 "$RUN_ERR")"
	cp "$RUN_OUT" "$HAMLE_TMP/out.pgn"
	run_tool validate -j 2 --format json "$HAMLE_TMP/out.pgn"
	[ "$RUN_RC" = 0 ] || fail "$lang: hamle-validate exit $RUN_RC"
	grep -q '"result-mismatch"\|"severity":"error"' "$RUN_OUT" &&
		fail "$lang: $(grep -m1 '"result-mismatch"\|"severity":"error"' "$RUN_OUT")"
	grep -q '13163 games, 13163 valid' "$RUN_ERR" || fail "$lang: $(tail -2 "$RUN_ERR")"
	run_tool convert -j 2 --to uci "$HAMLE_TMP/out.pgn"
	expect_file "$HAMLE_TMP/want.uci" "$RUN_OUT" "$lang: moves read back" || true
	echo "$lang: 13163 games valid, moves as the original's"
done
finish
