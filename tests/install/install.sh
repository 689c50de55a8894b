#!/usr/bin/env bash
# install.sh: `cmake --install` into a temporary prefix, then use what was installed as a user
# would: the files are where GNUInstallDirs puts them; each installed
# header compiles alone; examples/ builds and runs through `pkg-config --cflags --libs hamle`
# and through find_package(hamle); the installed tools find the installed locales; every man
# page renders without a warning; the completion script loads in bash and completes options.
# ctest label install. Environment: HAMLE_BUILD (the build directory), HAMLE_SOURCE, HAMLE_TESTDATA,
# HAMLE_TEST_CFLAGS (flags the library was built with that its users need: sanitizers).
. "$HAMLE_SOURCE/tests/cli/common.sh"
build=${HAMLE_BUILD:?}
cflags=${HAMLE_TEST_CFLAGS:-}
for cmd in cc pkg-config cmake man; do
	command -v "$cmd" >/dev/null || skip "$cmd not installed"
done
prefix=$HAMLE_TMP/prefix
if ! cmake --install "$build" --prefix "$prefix" >"$HAMLE_TMP/install.log" 2>&1; then
	cat "$HAMLE_TMP/install.log" >&2
	fail "cmake --install failed"
	finish
fi
libdir=$(cd "$prefix" && ls -d lib lib64 lib/*-linux-gnu* 2>/dev/null | while read -r d; do [ -e "$d/libhamle.so" ] && echo "$d"; done | head -1)
[ -n "$libdir" ] || { fail "no libhamle.so installed under $prefix/lib*"; finish; }

# ---- the files
version=$(sed -n 's/^Version: //p' "$prefix/$libdir/pkgconfig/hamle.pc" 2>/dev/null)
for f in "$libdir/libhamle.so.0" "$libdir/libhamle.so.$version" "$libdir/libhamle.a" \
	"$libdir/pkgconfig/hamle.pc" "$libdir/cmake/hamle/hamleConfig.cmake" \
	"$libdir/cmake/hamle/hamleConfigVersion.cmake" include/hamle/hamle.h \
	share/hamle/locales/en.yaml share/hamle/locales/tr.yaml \
	share/man/man1/hamle-validate.1.gz share/man/man3/libhamle.3.gz \
	share/bash-completion/completions/hamle share/bash-completion/completions/hamle-reconcile; do
	[ -e "$prefix/$f" ] || fail "not installed: $f"
done
soname=$(objdump -p "$prefix/$libdir/libhamle.so" 2>/dev/null | awk '$1 == "SONAME" { print $2 }')
[ "$soname" = libhamle.so.0 ] || fail "soname is '$soname', not libhamle.so.0"
for h in "$HAMLE_SOURCE"/lib/include/hamle/*.h; do
	[ -f "$prefix/include/hamle/${h##*/}" ] || fail "header not installed: hamle/${h##*/}"
done
for t in "$HAMLE_BIN"/hamle-*; do
	[ -x "$prefix/bin/${t##*/}" ] || fail "tool not installed: ${t##*/}"
	[ -f "$HAMLE_SOURCE/docs/man/${t##*/}.1" ] && { [ -f "$prefix/share/man/man1/${t##*/}.1.gz" ] || fail "no man page installed for ${t##*/}"; }
done
for l in "$HAMLE_SOURCE"/locales/*.yaml; do
	cmp -s "$l" "$prefix/share/hamle/locales/${l##*/}" || fail "locale not installed: ${l##*/}"
done

# ---- the installed tools load libarchive when a compressed file comes (dlopen), not at start
if command -v gzip >/dev/null; then
	gzip -c "$HAMLE_TESTDATA/convert/legal-mate.expected.pgn" >"$HAMLE_TMP/mate.pgn.gz"
	out=$("$prefix/bin/hamle-validate" "$HAMLE_TMP/mate.pgn.gz" 2>&1) ||
		fail "installed hamle-validate on a .pgn.gz: $out"
	[[ $out == *"1 game, 1 valid"* ]] || fail "installed hamle-validate on a .pgn.gz: $out"
fi
if command -v ldd >/dev/null && ldd "$prefix/bin/hamle-validate" | grep -q libarchive; then
	fail "the installed hamle-validate links libarchive (it is to load it with dlopen)"
fi

# ---- each installed header alone, and the umbrella, as a user's C11 program compiles them
for h in "$prefix"/include/hamle/*.h; do
	printf '#include <hamle/%s>\nint main(void) { return 0; }\n' "${h##*/}" >"$HAMLE_TMP/h.c"
	cc -std=c11 -pedantic -Wall -Wextra -Werror -I"$prefix/include" -c "$HAMLE_TMP/h.c" -o "$HAMLE_TMP/h.o" 2>"$HAMLE_TMP/h.err" ||
		fail "installed hamle/${h##*/} does not compile alone: $(head -3 "$HAMLE_TMP/h.err")"
done

# ---- examples/: what each prints is checked, in both builds
examples="replay_game validate_file turkish_move"
check_examples() { # DIR WHAT: the examples built in DIR
	local dir=$1 what=$2 out rc
	out=$(cd "$HAMLE_TMP" && "$dir/replay_game" "$HAMLE_TESTDATA/convert/legal-mate.tr.txt" 2>&1) && rc=0 || rc=$?
	[ "$rc" = 0 ] || fail "$what replay_game: exit $rc: $out"
	# the final position of the Legal mate, as hamle-convert --to fen has it too
	local fen
	fen=$("$prefix/bin/hamle-convert" --to fen "$HAMLE_TESTDATA/convert/legal-mate.tr.txt" | grep . | tail -1)
	[[ $out == *"read as tr, 13 plies, 0 errors"* ]] || fail "$what replay_game: $out"
	[[ $out == *"final: $fen" ]] && [ "$fen" = "r2q1bnr/ppp1kBpp/2np4/3NN3/4P3/8/PPPP1PPP/R1BbK2R b KQ - 2 7" ] ||
		fail "$what replay_game final position: $out (hamle-convert: $fen)"

	local games=$HAMLE_TESTDATA/cli/validate/lang-tr/games.txt
	out=$("$dir/validate_file" "$games" tr 2>&1) && rc=0 || rc=$?
	[ "$rc" = 1 ] || fail "$what validate_file: exit $rc, not 1: $out"
	[[ $out == *"games.txt:9:24: game 1: illegal-move: a7 karesine gidebilecek kale yok"* ]] ||
		fail "$what validate_file: no located Turkish finding: $out"
	[[ $out == *"4 games, 3 with errors" ]] || fail "$what validate_file count: $out"
	out=$("$dir/validate_file" "$HAMLE_TESTDATA/convert/legal-mate.expected.pgn" 2>&1) && rc=0 || rc=$?
	[ "$rc:$out" = "0:1 games, 0 with errors" ] || fail "$what validate_file on a valid game: $rc: $out"

	out=$("$dir/turkish_move" Af3 2>&1) && rc=0 || rc=$?
	[ "$rc:$out" = "0:Af3 -> Nf3 (g1f3)" ] || fail "$what turkish_move Af3: $rc: $out"
	out=$("$dir/turkish_move" '8/P7/8/8/8/8/8/k6K w - - 0 1' a8V 2>&1) && rc=0 || rc=$?
	[ "$rc:$out" = "0:a8V -> a8=Q+ (a7a8q)" ] || fail "$what turkish_move a8V: $rc: $out"
	out=$("$dir/turkish_move" Şe2 2>&1) && rc=0 || rc=$?
	[ "$rc:$out" = "1:Şe2: illegal-move: e2 karesine gidebilecek şah yok" ] || fail "$what turkish_move Şe2: $rc: $out"
}

# through pkg-config (the installed hamle.pc; rpath so that the examples run from the prefix)
export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig
if ! pc=$(pkg-config --cflags --libs hamle 2>&1); then
	fail "pkg-config hamle: $pc"
else
	[[ $pc == *"-I$prefix/include"* && $pc == *"-L$prefix/$libdir"* && $pc == *-lhamle* ]] || fail "pkg-config hamle: $pc"
	mkdir -p "$HAMLE_TMP/pc"
	for e in $examples; do
		# shellcheck disable=SC2086
		cc -std=c11 -Wall -Wextra -Werror $cflags "$HAMLE_SOURCE/examples/$e.c" $pc \
			-Wl,-rpath,"$prefix/$libdir" -o "$HAMLE_TMP/pc/$e" 2>"$HAMLE_TMP/cc.err" ||
			fail "pkg-config build of examples/$e.c: $(head -5 "$HAMLE_TMP/cc.err")"
	done
	ldd "$HAMLE_TMP/pc/turkish_move" | grep -q "libhamle.so.0 => $prefix/$libdir/libhamle.so.0" ||
		fail "examples do not link the installed libhamle.so.0: $(ldd "$HAMLE_TMP/pc/turkish_move")"
	check_examples "$HAMLE_TMP/pc" "pkg-config:"
fi

# through find_package(hamle): examples/CMakeLists.txt, the prefix in CMAKE_PREFIX_PATH
if cmake -S "$HAMLE_SOURCE/examples" -B "$HAMLE_TMP/cm" -DCMAKE_PREFIX_PATH="$prefix" \
	-DCMAKE_C_FLAGS="$cflags" -DCMAKE_BUILD_TYPE=Release >"$HAMLE_TMP/cm.log" 2>&1 &&
	cmake --build "$HAMLE_TMP/cm" >>"$HAMLE_TMP/cm.log" 2>&1; then
	check_examples "$HAMLE_TMP/cm" "find_package:"
else
	fail "find_package(hamle) build of examples/: $(tail -15 "$HAMLE_TMP/cm.log")"
fi

# ---- the installed tools, and the locales they find next to them
out=$("$prefix/bin/hamle-validate" --version) || fail "installed hamle-validate --version"
[ "$out" = "hamle-validate $version" ] || fail "hamle-validate --version: $out"
sed 's/^  no_piece_can_reach: .*/  no_piece_can_reach: "(installed) %s can reach %s"/' \
	"$HAMLE_SOURCE/locales/en.yaml" >"$prefix/share/hamle/locales/en.yaml"
"$prefix/bin/hamle-validate" -v "$HAMLE_TESTDATA/cli/validate/lang-tr/games.txt" >"$RUN_OUT" 2>"$RUN_ERR"
grep -q "locale tr: $prefix/bin/../share/hamle/locales/tr.yaml" "$RUN_ERR" ||
	fail "the installed tool does not name the installed tr.yaml: $(head -5 "$RUN_ERR")"
grep -q '(installed) no rook can reach a7' "$RUN_OUT" || fail "installed en.yaml not used: $(head -2 "$RUN_OUT")"

# ---- man pages, as installed
for page in "$prefix"/share/man/man*/*; do
	warn=$(LC_ALL=C MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
	[ -z "$warn" ] || fail "${page##*/}: $warn"
	LC_ALL=C MANWIDTH=80 man -l "$page" 2>/dev/null | grep -q '^EXIT STATUS\|^ERRORS' || fail "${page##*/} does not render"
done
MANPATH=$prefix/share/man man -w hamle-convert >/dev/null 2>&1 || fail "man hamle-convert not found in the installed MANPATH"

# ---- bash completion: the script, loaded as bash-completion would (by the tool's name)
comp=$prefix/share/bash-completion/completions
complete_words() { # TOOL WORD...: the completions of the last word
	PATH="$prefix/bin:$PATH" bash --norc --noprofile -c '
		. "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		_hamle; printf "%s\n" "${COMPREPLY[@]}"' complete "$comp/$1" "$@"
}
out=$(complete_words hamle-validate --fo)
[ "$out" = "--format" ] || fail "completion of 'hamle-validate --fo': '$out'"
out=$(complete_words hamle-convert --to f | tr '\n' ' ')
[ "$out" = "fide fen " ] || fail "completion of 'hamle-convert --to f': '$out'"
out=$(complete_words hamle-move --lang t)
[ "$out" = tr ] || fail "completion of 'hamle-move --lang t': '$out'"
out=$(complete_words hamle-perft --d)
[ "$out" = --divide ] || fail "completion of 'hamle-perft --d': '$out'"
out=$(complete_words hamle-reconcile --pa)
[ "$out" = --pair-by ] || fail "completion of 'hamle-reconcile --pa': '$out'"
out=$(complete_words hamle-reconcile --to f | tr '\n' ' ')
[ "$out" = "fide fen " ] || fail "completion of 'hamle-reconcile --to f': '$out'"
# a tool that is not installed (every hamle tool is now): file names only, no options
out=$(bash --norc --noprofile -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
	_hamle; printf "%s\n" "${COMPREPLY[@]}"' complete "$comp/hamle" hamle-nonesuch --he 2>&1) ||
	fail "completion of a tool not installed fails"
[ -z "$out" ] || fail "completion of a tool not installed: '$out'"
finish
