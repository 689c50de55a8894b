#!/bin/bash
# Compressed files and archives (cmd/common/input/unpack.c), made here from testdata: every
# compressed and archive form of the games gives hamle-validate and hamle-convert the same games,
# findings, lines and columns as the plain files (under -j 1 and -j 2), on stdin too; a walk takes
# them; and the hostile ones (cut short, a zip bomb, a member that is not text, a path with "..")
# are an error of that member, the other members still read.
. "$(dirname "$0")/common.sh"
require_tool validate
require_tool convert
for t in gzip bzip2 xz zstd zip tar; do
	command -v "$t" >/dev/null || skip "$t not installed"
done
T=$HAMLE_TMP
D=$HAMLE_TESTDATA/convert
mkdir -p "$T/plain/sub"
# more than three of the reader's 256 KiB blocks, so that members span blocks and slots
for _ in $(seq 400); do cat "$D/mixed.pgn" "$D/legal-mate.expected.pgn"; done >"$T/plain/games.pgn"
cp "$D/scoresheet.tr.txt" "$T/plain/sub/sheet.txt"
cp "$D/mixed.pgn" "$T/plain/sub/more.pgn"
G=$T/plain/games.pgn

# Runs TOOL ARGS... in DIR; stdout and stderr in $T/out.<tag>, $T/err.<tag>, exit code in rc.<tag>.
run_in() {
	local tag=$1 dir=$2 tool=$3
	shift 3
	local rc=0
	(cd "$dir" && "$(tool_path "$tool")" "$@" <"${RUN_STDIN:-/dev/null}" >"$T/out.$tag" 2>"$T/err.$tag") || rc=$?
	echo "$rc" >"$T/rc.$tag"
}
# same TAG_A TAG_B [SED]: outputs and exit codes of the two runs equal (SED applied to B's first)
same() {
	local a=$1 b=$2 s=${3:-}
	for k in out err rc; do
		if [ -n "$s" ]; then sed -e "$s" "$T/$k.$b" >"$T/$k.$b.s"; else cp "$T/$k.$b" "$T/$k.$b.s"; fi
		if ! cmp -s "$T/$k.$a" "$T/$k.$b.s"; then
			fail "$b: $k differs from $a"
			diff -u "$T/$k.$a" "$T/$k.$b.s" | head -20 >&2
		fi
	done
}

# ---- compressed files: named, on stdin, -j 1 and -j 2, validate and convert
gzip -c "$G" >"$G.gz"
bzip2 -c "$G" >"$G.bz2"
xz -c "$G" >"$G.xz"
zstd -q -3 -c "$G" >"$G.zst"
cp "$G.gz" "$T/plain/gz-named.pgn" # the kind comes from the bytes, not the name
for tool in validate convert; do
	for j in 1 2; do
		run_in "$tool.j$j" "$T/plain" "$tool" -j "$j" games.pgn
		[ "$(cat "$T/rc.$tool.j$j")" = 1 ] || fail "$tool -j $j games.pgn: exit $(cat "$T/rc.$tool.j$j"), expected 1"
		for z in gz bz2 xz zst; do
			run_in "$tool.j$j.$z" "$T/plain" "$tool" -j "$j" "games.pgn.$z"
			same "$tool.j$j" "$tool.j$j.$z" "s/games\.pgn\.$z/games.pgn/g"
		done
		run_in "$tool.j$j.named" "$T/plain" "$tool" -j "$j" gz-named.pgn
		same "$tool.j$j" "$tool.j$j.named" "s/gz-named\.pgn/games.pgn/g"
		RUN_STDIN=$G run_in "$tool.j$j.stdin" "$T/plain" "$tool" -j "$j"
		for z in gz zst; do
			RUN_STDIN=$G.$z run_in "$tool.j$j.stdin.$z" "$T/plain" "$tool" -j "$j"
			same "$tool.j$j.stdin" "$tool.j$j.stdin.$z"
		done
	done
done
# a plain pipe: its first bytes, read to tell its kind, are given back to the reader (head_read)
for tool in validate convert; do
	cat "$G" | "$(tool_path "$tool")" -j 1 >"$T/out.$tool.pipe" 2>"$T/err.$tool.pipe" || true
	cmp -s "$T/out.$tool.j1.stdin" "$T/out.$tool.pipe" && cmp -s "$T/err.$tool.j1.stdin" "$T/err.$tool.pipe" ||
		fail "$tool: a plain pipe differs from a plain stdin file"
	head -c 100 "$D/mixed.pgn" >"$T/short.pgn" # shorter than the bytes read to tell its kind
	"$(tool_path "$tool")" <"$T/short.pgn" >"$T/out.short" 2>"$T/err.short" || true
	cat "$T/short.pgn" | "$(tool_path "$tool")" >"$T/out.short.pipe" 2>"$T/err.short.pipe" || true
	cmp -s "$T/out.short" "$T/out.short.pipe" && cmp -s "$T/err.short" "$T/err.short.pipe" &&
		{ [ -s "$T/out.short" ] || [ -s "$T/err.short" ]; } ||
		fail "$tool: 100 bytes through a pipe differ from a file"
done
grep -q 'games.pgn:13:38: game 2 (Tal - Hecht), move 4... (ply 8): syntax' "$T/out.validate.j1" ||
	fail "validate games.pgn: the finding of game 2 is missing: $(head -3 "$T/out.validate.j1")"
grep -q "^hamle-validate: 2000 games" "$T/err.validate.j1" "$T/out.validate.j1" ||
	fail "validate games.pgn: not 2000 games"

# ---- archives: members in archive order, each named archive:member
(cd "$T/plain" && zip -q "$T/g.zip" games.pgn sub/more.pgn sub/sheet.txt &&
	tar cf "$T/g.tar" games.pgn sub/more.pgn sub/sheet.txt &&
	tar czf "$T/g.tar.gz" games.pgn sub/more.pgn sub/sheet.txt &&
	tar --zstd -cf "$T/g.tar.zst" games.pgn sub/more.pgn sub/sheet.txt &&
	tar cJf "$T/g.tgz" games.pgn sub/more.pgn sub/sheet.txt)
for tool in validate convert; do
	for j in 1 2; do
		run_in "$tool.three.j$j" "$T/plain" "$tool" -j "$j" games.pgn sub/more.pgn sub/sheet.txt
		for a in g.zip g.tar g.tar.gz g.tar.zst g.tgz; do
			run_in "$tool.$a.j$j" "$T" "$tool" -j "$j" "$a"
			same "$tool.three.j$j" "$tool.$a.j$j" "s/$a://g"
			RUN_STDIN=$T/$a run_in "$tool.$a.stdin.j$j" "$T" "$tool" -j "$j"
			same "$tool.three.j$j" "$tool.$a.stdin.j$j" "s/<stdin>://g"
		done
	done
done
grep -q '^g.zip:sub/more.pgn:13:38: ' "$T/out.validate.g.zip.j1" || fail "g.zip: no finding named g.zip:sub/more.pgn"

# ---- a walk takes compressed games and archives, not a .txt.gz, in name order
mkdir -p "$T/walk/d"
cp "$G.gz" "$T/walk/a.pgn.gz"
cp "$T/g.zip" "$T/walk/b.zip"
cp "$T/g.tar.gz" "$T/walk/d/c.tar.gz"
cp "$G.zst" "$T/walk/d/e.PGN.ZST"
gzip -c "$D/mixed.pgn" >"$T/walk/f.txt.gz"
gzip -c "$D/mixed.pgn" >"$T/walk/g.gz"
run_in walk "$T" validate -j 1 walk
sed -n 's/^\(walk\/[^:]*\(:[^:]*\)\?\):[0-9]*:[0-9]*: .*/\1/p' "$T/out.walk" | uniq >"$T/walk.names"
printf '%s\n' walk/a.pgn.gz walk/b.zip:games.pgn walk/b.zip:sub/more.pgn walk/b.zip:sub/sheet.txt \
	walk/d/c.tar.gz:games.pgn walk/d/c.tar.gz:sub/more.pgn walk/d/c.tar.gz:sub/sheet.txt \
	walk/d/e.PGN.ZST >"$T/walk.want"
# sheet.txt has no finding of its own: drop it from the want list when so
grep -q 'sheet.txt:' "$T/out.walk" || sed -i '/sheet.txt$/d' "$T/walk.want"
cmp -s "$T/walk.want" "$T/walk.names" || { fail "walk: inputs"; diff -u "$T/walk.want" "$T/walk.names" >&2; }

# ---- hostile archives
if command -v python3 >/dev/null; then
	python3 - "$T/hostile.zip" "$D/mixed.pgn" <<'EOF'
import sys, zipfile
out, game = sys.argv[1], open(sys.argv[2], 'rb').read()
with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
    z.writestr('first.pgn', game)
    with z.open('bomb.pgn', 'w') as w:  # 64 MiB of spaces: some 64 KB compressed
        for _ in range(64):
            w.write(b' ' * (1 << 20))
    z.writestr('binary.pgn', b'\x89PNG\r\n\x1a\n\0\0\0\rIHDR' + bytes(range(256)))
    z.writestr('../evil.pgn', game)
    z.writestr('/abs/evil.pgn', game)
    z.writestr('last.pgn', game)
EOF
	run_in hostile "$T" validate hostile.zip
	[ "$(cat "$T/rc.hostile")" = 2 ] || fail "hostile.zip: exit $(cat "$T/rc.hostile"), expected 2"
	for w in "hostile.zip:bomb.pgn: stopped after 16777216 bytes: it expands more than 100 times" \
		"hostile.zip:binary.pgn: not read: not text (a NUL byte at byte 9)" \
		"hostile.zip:../evil.pgn: not read: its path leaves the archive" \
		"hostile.zip:/abs/evil.pgn: not read: its path leaves the archive"; do
		grep -qF "hamle-validate: $w" "$T/err.hostile" || fail "hostile.zip: no '$w' in: $(cat "$T/err.hostile")"
	done
	grep -q '^hostile.zip:first.pgn:13:38: ' "$T/out.hostile" || fail "hostile.zip: first.pgn not read"
	grep -q '^hostile.zip:last.pgn:13:38: ' "$T/out.hostile" || fail "hostile.zip: last.pgn not read"
	grep -q 'evil' "$T/out.hostile" && fail "hostile.zip: an evil.pgn was read"
	# the byte limit, and the ratio off: the bomb is read to the limit, then an error
	run_in hostile.max "$T" validate --max-member-bytes 1M --max-ratio 0 hostile.zip
	grep -qF "hostile.zip:bomb.pgn: stopped after 1048576 bytes: larger than --max-member-bytes" "$T/err.hostile.max" ||
		fail "--max-member-bytes 1M: $(cat "$T/err.hostile.max")"
	# nothing is ever written to disk: the archive's paths are names in messages only
	[ ! -e "$T/../evil.pgn" ] && [ ! -e /abs/evil.pgn ] || fail "hostile.zip: a member was written"
	python3 - "$T/hostile.tar" "$D/mixed.pgn" <<'EOF'
import io, sys, tarfile
out, game = sys.argv[1], open(sys.argv[2], 'rb').read()
with tarfile.open(out, 'w') as t:
    for name in ('a.pgn', '../../up.pgn', 'b.pgn'):
        i = tarfile.TarInfo(name)
        i.size = len(game)
        t.addfile(i, io.BytesIO(game))
EOF
	# a zip written to a pipe (its sizes in data descriptors after each member), read from a pipe
	python3 - "$D/mixed.pgn" <<'PY' | "$(tool_path validate)" >"$T/out.dd" 2>"$T/err.dd" || true
import sys, zipfile
game = open(sys.argv[1], 'rb').read()
with zipfile.ZipFile(sys.stdout.buffer, 'w', zipfile.ZIP_STORED) as z:
    for name in ('a.pgn', 'b.pgn'):
        with z.open(name, 'w') as w:
            w.write(game)
PY
	[ "$(grep -c '^<stdin>:[ab].pgn:13:38: ' "$T/out.dd")" = 2 ] || fail "streamed zip on stdin: $(cat "$T/err.dd")"
	run_in hostile.tar "$T" validate hostile.tar
	grep -qF "hamle-validate: hostile.tar:../../up.pgn: not read: its path leaves the archive" "$T/err.hostile.tar" &&
		grep -q '^hostile.tar:b.pgn:13:38: ' "$T/out.hostile.tar" || fail "hostile.tar: $(cat "$T/err.hostile.tar")"
fi
# cut short: the games before the cut are read (the last one cut), then an error; exit 2
head -c $(($(stat -c %s "$G.gz") / 2)) "$G.gz" >"$T/cut.pgn.gz"
run_in cut "$T" validate -j 1 cut.pgn.gz
[ "$(cat "$T/rc.cut")" = 2 ] || fail "cut.pgn.gz: exit $(cat "$T/rc.cut"), expected 2"
grep -q '^hamle-validate: cut.pgn.gz: read error: ' "$T/err.cut" || fail "cut.pgn.gz: $(tail -3 "$T/err.cut")"
n=$(grep -c '^cut.pgn.gz:[0-9]*:38: game [0-9]* (Tal - Hecht)' "$T/out.cut" || true)
[ "$n" -gt 0 ] && [ "$n" -lt 400 ] || fail "cut.pgn.gz: $n of the 400 games with a finding found"
# a zip cut in its second member: the first is read in full, the second to the cut
(cd "$T/plain" && zip -q -0 "$T/two.zip" sub/more.pgn games.pgn)
head -c 300000 "$T/two.zip" >"$T/cut.zip"
run_in cutzip "$T" validate cut.zip
grep -q '^cut.zip:sub/more.pgn:13:38: ' "$T/out.cutzip" && grep -q '^cut.zip:games.pgn:13:38: ' "$T/out.cutzip" &&
	grep -q '^hamle-validate: cut.zip:games.pgn: read error: ' "$T/err.cutzip" || fail "cut.zip: $(tail -3 "$T/err.cutzip")"
# not an archive after all: a gzip header over garbage
printf '\037\213\010\000\000\000\000\000\000\003garbage' >"$T/bad.pgn.gz"
run_in bad "$T" validate bad.pgn.gz "$T/plain/sub/more.pgn"
[ "$(cat "$T/rc.bad")" = 2 ] && grep -q '^hamle-validate: bad.pgn.gz: ' "$T/err.bad" &&
	grep -q 'sub/more.pgn:13:38: ' "$T/out.bad" || fail "bad.pgn.gz: $(cat "$T/err.bad")"

# ---- options and --in-place
run_tool validate --max-member-bytes 0 "$G"
expect_rc 2 "--max-member-bytes 0"
run_tool validate --max-ratio x "$G"
expect_rc 2 "--max-ratio x"
cp "$G.gz" "$T/inplace.pgn.gz"
run_tool convert --in-place "$T/inplace.pgn.gz"
expect_rc 2 "convert --in-place a .gz"
cmp -s "$G.gz" "$T/inplace.pgn.gz" || fail "convert --in-place changed a .gz"
grep -q 'left unchanged: --in-place rewrites plain files' "$RUN_ERR" || fail "--in-place .gz: $(cat "$RUN_ERR")"
finish
