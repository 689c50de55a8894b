#!/usr/bin/env bash
# library_example.sh: the complete program of docs/library.md, examples/replay_game.c, compiled
# against the build's libhamle.so as a user's C11 program, run on testdata files: each game's
# final position must be the one `hamle-convert --to fen` ends that game with. docs/library.md
# must hold the program exactly as examples/ has it. Skipped without a C compiler.
. "$(dirname "$0")/common.sh"
require_tool convert
command -v cc >/dev/null || skip "cc not installed"
src=$HAMLE_SOURCE/examples/replay_game.c
build=$(cd "$HAMLE_BIN/.." && pwd)

# ---- the page shows the program as it is: the first ```c block of docs/library.md
awk '/^```c$/ { on = 1; next } on && /^```$/ { exit } on' "$HAMLE_SOURCE/docs/library.md" >"$HAMLE_TMP/page.c"
cmp -s "$src" "$HAMLE_TMP/page.c" ||
	fail "docs/library.md does not show examples/replay_game.c as it is: $(diff "$src" "$HAMLE_TMP/page.c" | head -5)"

# ---- built as a user builds it (the build's sanitizers too: the library needs their runtime)
cflags=""
san=$(sed -n 's/^HAMLE_SANITIZE:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null)
[ -n "$san" ] && cflags="-fsanitize=${san//;/,}"
# shellcheck disable=SC2086
if ! cc -std=c11 -Wall -Wextra -Werror $cflags -I"$HAMLE_SOURCE/lib/include" "$src" \
	-L"$build/lib" -lhamle -Wl,-rpath,"$build/lib" -o "$HAMLE_TMP/replay_game" 2>"$HAMLE_TMP/cc.err"; then
	fail "examples/replay_game.c does not build: $(head -5 "$HAMLE_TMP/cc.err")"
	finish
fi

# ---- each game's final position, against hamle-convert's last FEN of that game
for f in "$HAMLE_TESTDATA/validate/golden/python-chess-cutechess-fischerrandom.pgn" \
	"$HAMLE_TESTDATA/convert/legal-mate.tr.txt" "$HAMLE_TESTDATA/convert/scoresheet.tr.txt"; do
	name=${f##*/}
	out=$("$HAMLE_TMP/replay_game" "$f" 2>&1) && rc=0 || rc=$?
	[ "$rc" = 0 ] || fail "replay_game $name: exit $rc: $out"
	got=$(printf '%s\n' "$out" | sed -n 's/^final: //p')
	want=$("$(tool_path convert)" --to fen "$f" | awk 'BEGIN { RS = ""; FS = "\n" } { print $NF }')
	[ -n "$want" ] && [ "$got" = "$want" ] ||
		fail "replay_game $name: final positions differ from hamle-convert --to fen:"$'\n'"$got"$'\n'"--- hamle-convert:"$'\n'"$want"
	games=$(printf '%s\n' "$out" | grep -c '^game [0-9]*: .*, 0 errors$')
	[ "$games" = "$(printf '%s\n' "$want" | grep -c .)" ] || fail "replay_game $name: $games clean games: $out"
done
out=$("$HAMLE_TMP/replay_game" "$HAMLE_TESTDATA/convert/legal-mate.tr.txt")
[ "$out" = "game 1: ? - ?, read as tr, 13 plies, 0 errors
final: r2q1bnr/ppp1kBpp/2np4/3NN3/4P3/8/PPPP1PPP/R1BbK2R b KQ - 2 7" ] ||
	fail "replay_game on the Legal mate (as docs/library.md shows it): $out"

# ---- a game with an error: exit 1, the error counted
printf '[Event "x"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n' >"$HAMLE_TMP/bad.pgn"
out=$("$HAMLE_TMP/replay_game" "$HAMLE_TMP/bad.pgn" 2>&1) && rc=0 || rc=$?
[ "$rc" = 1 ] && [[ $out == *"2 plies, 1 errors"* ]] || fail "replay_game on an illegal move: exit $rc: $out"
[ "$HAMLE_FAILS" = 0 ] && echo "ok: examples/replay_game.c builds, and prints each game's final position"
finish
