#!/usr/bin/env bash
# archives.sh (label corpus): over the shared corpus. hamle-validate and
# hamle-convert read the compressed and archive forms with the same games, findings, lines and
# columns as the plain files:
#   - the GNU Chess book as the corpus keeps it (.pgn.xz), and compressed here with zstd -3, named
#     and on stdin, against the plain book;
#   - tcec-frc.tar.xz as the corpus keeps it, against its members unpacked, in archive order;
#   - every .pgn of corpus/medium, edge and lang in a zip and a tar.zst made here, against the
#     files themselves in the same order.
# Run time here: about 40 s (-j 2).
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool validate
require_tool convert
for t in zstd zip tar xz; do
	command -v "$t" >/dev/null || skip "$t not installed"
done
C=$HAMLE_SHARED/corpus
T=$HAMLE_TMP

# run TAG TOOL ARG...: in $T; outputs in $T/out.TAG, $T/err.TAG, exit code in $T/rc.TAG
run() {
	local tag=$1 tool=$2 rc=0
	shift 2
	(cd "$T" && "$(tool_path "$tool")" "$@" <"${RUN_STDIN:-/dev/null}" >"$T/out.$tag" 2>"$T/err.$tag") || rc=$?
	echo "$rc" >"$T/rc.$tag"
	grep -q -e AddressSanitizer -e 'runtime error:' "$T/err.$tag" && fail "$tag: sanitizer report"
	return 0
}
# same A B SED: B's outputs, SED applied, are A's; and so is B's exit code
same() {
	local a=$1 b=$2 s=$3
	for k in out err rc; do
		sed -e "$s" "$T/$k.$b" >"$T/$k.$b.s"
		if ! cmp -s "$T/$k.$a" "$T/$k.$b.s"; then
			fail "$b: $k differs from $a"
			diff -u "$T/$k.$a" "$T/$k.$b.s" | head -20 >&2
		fi
	done
}

# ---- the book
book=$HAMLE_SOURCE/bench/data/gnuchess-book-1.02.pgn
if [ ! -f "$book" ]; then
	xz -dc "$C/big/gnuchess-book-1.02.pgn.xz" >"$T/gnuchess-book-1.02.pgn"
else
	cp "$book" "$T/gnuchess-book-1.02.pgn" # the same name in every message
fi
cp "$C/big/gnuchess-book-1.02.pgn.xz" "$T/book.pgn.xz"
zstd -q -3 -c "$T/gnuchess-book-1.02.pgn" >"$T/book.pgn.zst"
run book validate -j 2 gnuchess-book-1.02.pgn
grep -q '^hamle-validate: 145716 games' "$T/err.book" || fail "book: not 145716 games: $(head -2 "$T/err.book")"
run book.xz validate -j 2 book.pgn.xz
same book book.xz 's/book\.pgn\.xz/gnuchess-book-1.02.pgn/g'
run book.zst validate -j 1 book.pgn.zst
same book book.zst 's/book\.pgn\.zst/gnuchess-book-1.02.pgn/g'
RUN_STDIN=$T/gnuchess-book-1.02.pgn run book.stdin validate -j 2
RUN_STDIN=$T/book.pgn.zst run book.stdin.zst validate -j 2
same book.stdin book.stdin.zst ''
run convert.book convert -j 2 --to uci gnuchess-book-1.02.pgn
run convert.book.zst convert -j 2 --to uci book.pgn.zst
same convert.book convert.book.zst 's/book\.pgn\.zst/gnuchess-book-1.02.pgn/g'
rm -f "$T"/out.book* "$T"/out.convert.book*

# ---- a tar.xz of the corpus, against its members
mkdir -p "$T/frc"
tar -xJf "$C/big/tcec-frc.tar.xz" -C "$T/frc"
mapfile -t members < <(tar -tJf "$C/big/tcec-frc.tar.xz" | grep -i '\.pgn$')
[ "${#members[@]}" -gt 1 ] || fail "tcec-frc.tar.xz: ${#members[@]} members"
cp "$C/big/tcec-frc.tar.xz" "$T/frc.tar.xz"
for tool in validate convert; do
	run "$tool.frc" "$tool" -j 2 "${members[@]/#/frc/}"
	run "$tool.frc.tar" "$tool" -j 2 frc.tar.xz
	same "$tool.frc" "$tool.frc.tar" 's/frc\.tar\.xz:/frc\//g'
done

# ---- every .pgn of medium, edge and lang in a zip and a tar.zst
(cd "$C" && find medium edge lang -type f -name '*.pgn' | LC_ALL=C sort) >"$T/list"
[ "$(wc -l <"$T/list")" -gt 50 ] || fail "corpus: only $(wc -l <"$T/list") .pgn files"
mkdir -p "$T/c"
(cd "$C" && tar cf - -T "$T/list") | tar xf - -C "$T/c"
(cd "$T/c" && zip -q "$T/c.zip" -@ <"$T/list" && tar --zstd -cf "$T/c.tar.zst" -T "$T/list")
mapfile -t files <"$T/list"
for tool in validate convert; do
	run "$tool.c" "$tool" -j 2 "${files[@]/#/c/}"
	for a in c.zip c.tar.zst; do
		run "$tool.$a" "$tool" -j 2 "$a"
		same "$tool.c" "$tool.$a" "s/$a:/c\\//g"
	done
done
finish
