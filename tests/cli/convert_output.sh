#!/bin/bash
# hamle-convert's output files (cmd/common/output/outfile.c): an input that is the
# output is refused (same file, hard link, symbolic link, stdin, stdout appended to an input, the
# output met in a directory walk); -o writes a temporary file renamed at the end, so the output
# created inside a scanned directory is never read, and a failed write or an interrupted run
# (SIGINT, SIGTERM, SIGHUP, SIGXFSZ) leaves neither a torn file under the final name nor a
# temporary file; -o and --in-place keep mode and owner (an owner that cannot be kept is refused)
# and follow symbolic links; -o - is stdout; a device is written straight; an input that cannot be
# read leaves -o FILE as it was.
. "$(dirname "$0")/common.sh"
require_tool convert
D=$HAMLE_TESTDATA/convert
T=$HAMLE_TMP
CONVERT=$(tool_path convert)
# a run that reads its own output grows without end: bounded here (20 MB, 20 s) to fail, not fill the disk
bounded() { (ulimit -f 20000; timeout 20 "$@"); }
no_temp() { # DIR WHAT: no temporary file of hamle's left in DIR
	local left
	left=$(find "$1" -maxdepth 1 -name '.*.hamle-*')
	[ -z "$left" ] || fail "$2: temporary file left: $left"
}
# a clean game (exit 0), and what converting it gives on stdout
cp "$D/scoresheet.expected.pgn" "$T/y.pgn"
run_tool convert "$T/y.pgn"
expect_rc 0 "reference"
cp "$RUN_OUT" "$T/y.expected"

# ---- an input that is the output: a usage error before any work, the file untouched ----
for how in same hardlink symlink; do
	case $how in
	same) out=$T/y.pgn ;;
	hardlink) out=$T/hard.pgn; ln "$T/y.pgn" "$out" ;;
	symlink) out=$T/soft.pgn; ln -s y.pgn "$out" ;;
	esac
	RUN_RC=0
	bounded "$CONVERT" "$T/y.pgn" -o "$out" >"$RUN_OUT" 2>"$RUN_ERR" || RUN_RC=$?
	expect_rc 2 "-o $how as input"
	grep -q "is both an input and the output (-o $out)" "$RUN_ERR" || fail "-o $how as input: no message"
	cmp -s "$T/y.pgn" "$D/scoresheet.expected.pgn" || fail "-o $how as input changed the input"
done
RUN_RC=0
bounded "$CONVERT" -o "$T/y.pgn" <"$T/y.pgn" >"$RUN_OUT" 2>"$RUN_ERR" || RUN_RC=$?
expect_rc 2 "-o FILE with FILE on stdin"
grep -q "'<stdin>' is both an input and the output" "$RUN_ERR" || fail "stdin as output: no message"
cmp -s "$T/y.pgn" "$D/scoresheet.expected.pgn" || fail "-o FILE < FILE changed the file"
# stdout appended to an input would read its own output without end
RUN_RC=0
bounded "$CONVERT" "$T/y.pgn" >>"$T/y.pgn" 2>"$RUN_ERR" || RUN_RC=$?
expect_rc 2 "stdout appended to an input"
cmp -s "$T/y.pgn" "$D/scoresheet.expected.pgn" || fail "convert y.pgn >> y.pgn changed y.pgn"
rm -f "$T/hard.pgn" "$T/soft.pgn"

# ---- the output inside a scanned directory: never read, the temporary file neither ----
# (a.pgn larger than stdio's buffer, so that an output opened at the start would be read)
mkdir "$T/d"
for _ in $(seq 64); do cat "$D/scoresheet.expected.pgn"; done >"$T/d/a.pgn"
cp "$D/legal-mate.tr.txt" "$T/d/b.txt"
run_tool convert "$T/d/a.pgn" "$T/d/b.txt"
cp "$RUN_OUT" "$T/d.expected"
RUN_RC=0
bounded "$CONVERT" "$T/d" -o "$T/d/zz.pgn" >"$RUN_OUT" 2>"$RUN_ERR" || RUN_RC=$?
expect_rc 0 "-o inside the scanned directory"
cmp -s "$T/d/zz.pgn" "$T/d.expected" || fail "-o inside the scanned directory: output is not the two inputs"
no_temp "$T/d" "-o inside the scanned directory"
# a second run meets the first one's output in the walk: refused, the output kept as it was
RUN_RC=0
bounded "$CONVERT" "$T/d" -o "$T/d/zz.pgn" >"$RUN_OUT" 2>"$RUN_ERR" || RUN_RC=$?
expect_rc 2 "-o met in the walk"
grep -q "zz.pgn: is the output (-o $T/d/zz.pgn): not read" "$RUN_ERR" || fail "-o met in the walk: no message"
cmp -s "$T/d/zz.pgn" "$T/d.expected" || fail "-o met in the walk: output changed"
no_temp "$T/d" "-o met in the walk"

# ---- -o -, a device, a directory, a symbolic link, mode and owner ----
(cd "$T" && "$CONVERT" y.pgn -o - >"$T/dash.out" 2>"$RUN_ERR") || fail "-o -: exit code"
cmp -s "$T/dash.out" "$T/y.expected" || fail "-o - did not write stdout"
[ -e "$T/-" ] && fail "-o - created a file named '-'"
run_tool convert "$T/y.pgn" -o /dev/null
expect_rc 0 "-o /dev/null"
[ -c /dev/null ] || fail "-o /dev/null replaced /dev/null"
if [ -w /dev/full ]; then
	run_tool convert "$T/y.pgn" -o /dev/full
	expect_rc 2 "-o /dev/full"
fi
run_tool convert "$T/y.pgn" -o "$T/d"
expect_rc 2 "-o a directory"
ln -s real.pgn "$T/link.pgn"
run_tool convert "$T/y.pgn" -o "$T/link.pgn"
expect_rc 0 "-o a dangling symbolic link"
[ -L "$T/link.pgn" ] && cmp -s "$T/real.pgn" "$T/y.expected" || fail "-o a dangling link: the file it names not written"
echo old >"$T/real.pgn"
run_tool convert "$T/y.pgn" -o "$T/link.pgn"
[ -L "$T/link.pgn" ] || fail "-o a symbolic link replaced the link"
cmp -s "$T/real.pgn" "$T/y.expected" || fail "-o a symbolic link: the file it names not written"
no_temp "$T" "-o a symbolic link"
mkdir "$T/sub"
ln -s sub/l2.pgn "$T/l1.pgn"
ln -s ../real2.pgn "$T/sub/l2.pgn"
run_tool convert "$T/y.pgn" -o "$T/l1.pgn"
[ -L "$T/l1.pgn" ] && [ -L "$T/sub/l2.pgn" ] && cmp -s "$T/real2.pgn" "$T/y.expected" ||
	fail "-o a chain of relative links: the links replaced, or the file they name not written"
no_temp "$T/sub" "-o a chain of links"
echo old >"$T/kept.pgn"
chmod 0640 "$T/kept.pgn"
root=false
[ "$(id -u)" = 0 ] && root=true && chown 65534:65534 "$T/kept.pgn"
before=$(stat -c '%a %u %g' "$T/kept.pgn")
run_tool convert "$T/y.pgn" -o "$T/kept.pgn"
expect_rc 0 "-o an existing file"
[ "$(stat -c '%a %u %g' "$T/kept.pgn")" = "$before" ] || fail "-o: mode/owner $before became $(stat -c '%a %u %g' "$T/kept.pgn")"
cmp -s "$T/kept.pgn" "$T/y.expected" || fail "-o an existing file: not written"

# ---- --in-place: mode and owner kept, a symbolic link followed ----
cp "$D/legal-mate.tr.txt" "$T/ip.txt"
chmod 0640 "$T/ip.txt"
$root && chown 65534:65534 "$T/ip.txt"
before=$(stat -c '%a %u %g' "$T/ip.txt")
run_tool convert --in-place "$T/ip.txt"
expect_rc 0 "--in-place"
cmp -s "$T/ip.txt" "$D/legal-mate.expected.pgn" || fail "--in-place: not rewritten"
[ "$(stat -c '%a %u %g' "$T/ip.txt")" = "$before" ] || fail "--in-place: mode/owner $before became $(stat -c '%a %u %g' "$T/ip.txt")"
cp "$D/legal-mate.tr.txt" "$T/ip2.txt"
ln -s ip2.txt "$T/iplink.txt"
run_tool convert --in-place "$T/iplink.txt"
expect_rc 0 "--in-place through a link"
[ -L "$T/iplink.txt" ] || fail "--in-place replaced the symbolic link by a file"
cmp -s "$T/ip2.txt" "$D/legal-mate.expected.pgn" || fail "--in-place through a link: the file it names not rewritten"
no_temp "$T" "--in-place"
# an owner that cannot be kept (nobody rewriting root's group-writable file): refused, untouched
if $root && command -v setpriv >/dev/null; then
	mkdir "$T/own"
	chmod 755 "$T"
	chown 65534:65534 "$T/own"
	cp "$D/legal-mate.tr.txt" "$T/own/g.txt"
	chown 0:65534 "$T/own/g.txt"
	chmod 0664 "$T/own/g.txt"
	RUN_RC=0
	setpriv --reuid=65534 --regid=65534 --clear-groups "$CONVERT" --in-place "$T/own/g.txt" \
		</dev/null >"$RUN_OUT" 2>"$RUN_ERR" || RUN_RC=$?
	expect_rc 2 "--in-place, owner not keepable"
	grep -q "cannot keep its owner (uid 0, gid 65534)" "$RUN_ERR" || fail "--in-place, owner not keepable: no message"
	[ "$(stat -c '%u %g' "$T/own/g.txt")" = "0 65534" ] || fail "--in-place, owner not keepable: owner changed"
	cmp -s "$T/own/g.txt" "$D/legal-mate.tr.txt" || fail "--in-place, owner not keepable: content changed"
	no_temp "$T/own" "--in-place, owner not keepable"
fi

# ---- a signal in the middle: nothing torn, nothing left ----
# A large input made here (scoresheet game, 2^17 times: 38 MB); the signal goes once the output
# has started. Background jobs of a script ignore SIGINT unless job control is on: set -m. A
# SIGINT ignored by whoever started this script stays ignored (bash cannot undo that): then only
# SIGTERM and SIGHUP are tried.
mkdir "$T/s"
cp "$D/scoresheet.expected.pgn" "$T/s/big.pgn"
for _ in $(seq 17); do cat "$T/s/big.pgn" "$T/s/big.pgn" >"$T/s/big2" && mv "$T/s/big2" "$T/s/big.pgn"; done
# a write that fails (ulimit -f, SIGXFSZ ignored: EFBIG), and the same limit as a signal (SIGXFSZ)
echo previous >"$T/s/out.pgn"
RUN_RC=0
(trap '' XFSZ; ulimit -f 1000; exec "$CONVERT" "$T/s/big.pgn" -o "$T/s/out.pgn") >"$RUN_OUT" 2>"$RUN_ERR" || RUN_RC=$?
expect_rc 2 "-o, a failed write"
grep -q "error writing $T/s/out.pgn: File too large" "$RUN_ERR" && grep -q "out.pgn: left unchanged" "$RUN_ERR" ||
	fail "-o, a failed write: no message"
[ "$(cat "$T/s/out.pgn")" = previous ] || fail "-o, a failed write: previous content lost"
no_temp "$T/s" "-o, a failed write"
RUN_RC=0
(ulimit -f 1000; exec "$CONVERT" "$T/s/big.pgn" -o "$T/s/out.pgn") >"$RUN_OUT" 2>"$RUN_ERR" || RUN_RC=$?
[ "$RUN_RC" -gt 128 ] || fail "-o past ulimit -f: expected death by SIGXFSZ, got exit $RUN_RC"
[ "$(cat "$T/s/out.pgn")" = previous ] || fail "-o past ulimit -f: previous content lost"
no_temp "$T/s" "-o past ulimit -f"
rm "$T/s/out.pgn"
signals="TERM HUP"
ign=$(awk '/^SigIgn:/ {print $2}' /proc/$$/status 2>/dev/null || echo 0)
(( (0x${ign:-0} & 2) == 0 )) && signals="INT $signals"
set -m
started() { # DIR: the output has started: a non-empty temporary file, or over 1 KB in out.pgn
	[ -n "$(find "$1" -maxdepth 1 \( -name '.*.hamle-*' -size +0c -o -name out.pgn -size +1k \))" ]
}
interrupt() { # SIGNAL WHAT ARG...: runs hamle-convert ARG... in the background, sends SIGNAL once
	local sig=$1 what=$2 pid rc=0
	shift 2
	"$CONVERT" "$@" >/dev/null 2>"$RUN_ERR" &
	pid=$!
	for _ in $(seq 1000); do started "$T/s" && break; sleep 0.01; done
	kill -"$sig" "$pid" 2>/dev/null
	wait "$pid" || rc=$?
	[ "$rc" -gt 128 ] || fail "$what: expected death by SIG$sig, got exit $rc (finished before the signal?)"
	no_temp "$T/s" "$what"
}
for sig in $signals; do
	rm -f "$T/s/out.pgn"
	interrupt "$sig" "-o new, SIG$sig" -j 2 "$T/s/big.pgn" -o "$T/s/out.pgn"
	[ -e "$T/s/out.pgn" ] && fail "-o new, SIG$sig: a torn output of $(wc -c <"$T/s/out.pgn") bytes"
done
sig=${signals%% *}
echo previous >"$T/s/out.pgn"
interrupt "$sig" "-o existing, SIG$sig" -j 2 "$T/s/big.pgn" -o "$T/s/out.pgn"
[ "$(cat "$T/s/out.pgn")" = previous ] || fail "-o existing, SIG$sig: previous content lost"
rm -f "$T/s/out.pgn"
cp "$T/s/big.pgn" "$T/s/orig"
interrupt "$sig" "--in-place, SIG$sig" -j 2 --in-place "$T/s/big.pgn"
cmp -s "$T/s/big.pgn" "$T/s/orig" || fail "--in-place, SIG$sig: the original changed"
set +m

# ---- an input that cannot be read (a mistyped name): an error, and -o FILE left as it was ----
echo previous >"$T/s/kept.pgn"
RUN_RC=0
"$CONVERT" "$T/y.pgn" "$T/s/no-such.pgn" -o "$T/s/kept.pgn" >"$RUN_OUT" 2>"$RUN_ERR" || RUN_RC=$?
expect_rc 2 "-o existing, an input missing"
[ "$(cat "$T/s/kept.pgn")" = previous ] || fail "-o existing, an input missing: previous content lost"
grep -q "kept.pgn: left unchanged: an input could not be read" "$RUN_ERR" || fail "an input missing: $(cat "$RUN_ERR")"
rm -f "$T/s/new.pgn"
RUN_RC=0
"$CONVERT" "$T/s/no-such.pgn" -o "$T/s/new.pgn" >"$RUN_OUT" 2>"$RUN_ERR" || RUN_RC=$?
expect_rc 2 "-o new, the only input missing"
[ -e "$T/s/new.pgn" ] && fail "-o new, the only input missing: an empty output was made"
no_temp "$T/s" "an input missing"
finish
