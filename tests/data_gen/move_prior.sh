#!/usr/bin/env bash
# move_prior.sh (labels corpus, deep): data/move-prior/move-prior.bin is what
# tools/gen_move_prior.c makes from the GNU Chess book (the file the library embeds is the one its
# README says how to make). usage: move_prior.sh GENERATOR
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
gen=${1:?generator}
book=$HAMLE_SOURCE/bench/data/gnuchess-book-1.02.pgn
if [ ! -f "$book" ]; then
	"$HAMLE_SHARED/corpus/unpack" "$HAMLE_TMP/data" >/dev/null || fail "unpack failed"
	book=$HAMLE_TMP/data/gnuchess-book-1.02.pgn
fi
"$gen" "$HAMLE_TMP/move-prior.bin" "$book" || fail "the generator failed"
cmp "$HAMLE_SOURCE/data/move-prior/move-prior.bin" "$HAMLE_TMP/move-prior.bin" ||
	fail "data/move-prior/move-prior.bin differs from what the generator makes of the book"
finish
