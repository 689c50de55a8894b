#!/usr/bin/env bash
# man_options.sh: every tool has a man page in docs/man/ whose OPTIONS are exactly those of its
# --help (names, short and long), and every page (tools and libhamle(3)) renders with `man -l`
# without a warning. Skipped without man-db.
. "$(dirname "$0")/common.sh"
command -v man >/dev/null || skip "man (man-db) not installed"
mandir=$HAMLE_SOURCE/docs/man

# The option names at the start of an option line: "  -j, --jobs=N  text" -> -j --jobs
names_of() {
	awk '{
		for (i = 1; i <= NF; i++) {
			w = $i
			if (w !~ /^-/) break
			sub(/,$/, "", w); sub(/=.*/, "", w)
			print w
			if ($i !~ /,$/) break
		}
	}' | sort -u
}
help_options() { "$1" --help | grep -E '^  -|^      --' | names_of; }
man_options() {
	MANWIDTH=200 man -l "$1" 2>/dev/null | awk '/^[A-Z]/ { on = ($0 == "OPTIONS"); next } on && /^       -/' | names_of
}

export LC_ALL=C MANWIDTH=80
ntools=0
for tool in "$HAMLE_BIN"/hamle-*; do
	[ -x "$tool" ] || continue
	name=${tool##*/}
	ntools=$((ntools + 1))
	page=$mandir/$name.1
	if [ ! -f "$page" ]; then
		fail "$name has no man page docs/man/$name.1"
		continue
	fi
	help_options "$tool" >"$HAMLE_TMP/help"
	man_options "$page" >"$HAMLE_TMP/man"
	[ -s "$HAMLE_TMP/help" ] || fail "$name --help lists no option"
	if ! diff -u "$HAMLE_TMP/help" "$HAMLE_TMP/man" >"$HAMLE_TMP/diff"; then
		fail "$name: --help (-) and docs/man/$name.1 (+) list different options"
		sed 's/^/  /' "$HAMLE_TMP/diff" >&2
	fi
done
[ "$ntools" -gt 0 ] || fail "no tool found in $HAMLE_BIN"
for page in "$mandir"/*.[1-8]; do
	warn=$(man --warnings -l "$page" 2>&1 >/dev/null)
	[ -z "$warn" ] || fail "${page##*/} renders with warnings: $warn"
	MANWIDTH=80 man -l "$page" 2>/dev/null | grep -q '^NAME' || fail "${page##*/} renders no NAME section"
done
[ -f "$mandir/libhamle.3" ] || fail "no libhamle(3)"
finish
