#!/bin/bash
# roundtrip_all.sh (label corpus): every game file of ../shared/corpus (edge, lang, medium; with the argument
# `book`, the GNU Chess book instead: ctest corpus.roundtrip_book, labels corpus and deep, about 90 s)
# goes to PGN and to Turkish FIDE style and is read back:
# game counts, moves, comments, NAGs, draw offers and variations equal, every tag kept, a failed game
# still failing with the same error on the same token (tests/corpus/roundtrip_digest.py compares the
# `--to json` readings), and hamle-validate's exit code on the written file equal to the input's.
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool convert
require_tool validate
command -v python3 >/dev/null || skip "python3 not found"
C=$HAMLE_SHARED/corpus
T=$HAMLE_TMP
DIGEST=$(dirname "$0")/roundtrip_digest.py
files=()
if [ "${1:-}" = book ]; then
	book=$HAMLE_SOURCE/bench/data/gnuchess-book-1.02.pgn
	if [ ! -f "$book" ]; then
		xz -dc "$C/big/gnuchess-book-1.02.pgn.xz" >"$T/gnuchess-book-1.02.pgn" || fail "unpack failed"
		book=$T/gnuchess-book-1.02.pgn
	fi
	files=("$book")
else
while IFS= read -r f; do
	# .txt files that hold games: a move number followed by a move (what a directory scan reads)
	case $f in
	*.txt) grep -Eq '(^|[[:space:]])1[.)][[:space:]]*[A-Za-z0-9]' "$f" || continue ;;
	esac
	files+=("$f")
done < <(find "$C/edge" "$C/lang" "$C/medium" -type f \( -name '*.pgn' -o -name '*.txt' \) ! -name 'LICENSE*' | LC_ALL=C sort)
fi
games=0 nfiles=0
for f in "${files[@]}"; do
	name=${f#"$C"/}
	name=${name#"$T"/}
	run_tool convert -j 2 --to json "$f"
	cp "$RUN_OUT" "$T/orig.jsonl"
	n=$(wc -l <"$T/orig.jsonl")
	run_tool validate -q "$f"
	verdict=$RUN_RC
	for form in pgn fide-tr; do
		case $form in
		pgn) run_tool convert -j 2 "$f" ;;
		fide-tr) run_tool convert -j 2 --to fide --lang tr "$f" ;;
		esac
		if [ "$RUN_RC" -gt 1 ]; then
			fail "$name: convert to $form exited $RUN_RC"
			continue
		fi
		cp "$RUN_OUT" "$T/written"
		# read back in the language written (detection is tested on its own in detect_roundtrip.sh:
		# a one-move game `h8A` is Turkish, Spanish or Italian, an ambiguous-language error)
		from=en
		[ "$form" = fide-tr ] && from=tr
		run_tool convert -j 2 --to json --from "$from" "$T/written"
		cp "$RUN_OUT" "$T/back.jsonl"
		python3 "$DIGEST" "$T/orig.jsonl" "$T/back.jsonl" "$name -> $form" >"$T/digest" ||
			{ fail "$name -> $form: the written games differ"; grep -v ' differences, ' "$T/digest" | head -5 >&2; }
		run_tool validate -q --from "$from" "$T/written"
		[ "$RUN_RC" = "$verdict" ] || fail "$name -> $form: hamle-validate exits $RUN_RC on the output, $verdict on the input"
	done
	games=$((games + n))
	nfiles=$((nfiles + 1))
done
echo "round trip (PGN, FIDE Turkish): $nfiles files, $games games"
if [ "${1:-}" = book ]; then
	[ "$games" = 145716 ] || fail "the book has $games games, expected 145716"
else
	[ "$nfiles" -gt 90 ] || fail "only $nfiles files found"
fi
finish
