# common.sh: helpers for the CLI test scripts in tests/cli/ (source it: . "$(dirname "$0")/common.sh").
#
# Environment (set by ctest, see tests/CMakeLists.txt): HAMLE_BIN (directory with the hamle-* tools),
# HAMLE_TESTDATA (testdata/), HAMLE_SHARED (../shared, may be absent), HAMLE_SOURCE (source root).
# Exit codes of a test script: 0 pass, 1 fail, 77 skipped (ctest SKIP_RETURN_CODE).
#
#   tool_path NAME          path of hamle-NAME ("validate" -> $HAMLE_BIN/hamle-validate)
#   have_tool NAME          true when hamle-NAME is built
#   require_tool NAME       skip (77) unless hamle-NAME is built
#   skip_without_shared     skip (77) with "skipped: ../shared not found" unless $HAMLE_SHARED exists
#   skip MESSAGE            print "skipped: MESSAGE", exit 77
#   fail MESSAGE            print "FAIL: MESSAGE" on stderr, count it (the script goes on)
#   run_tool NAME [ARG]...  runs hamle-NAME with stdin from $RUN_STDIN (default /dev/null);
#                           sets RUN_OUT, RUN_ERR (files) and RUN_RC
#   expect_rc N [WHAT]      fail unless RUN_RC is N
#   expect_file EXPECTED ACTUAL [WHAT]   fail with a unified diff unless the files are identical;
#                           with UPDATE_GOLDEN=1, copy ACTUAL to EXPECTED instead
#   expect_empty FILE [WHAT]
#   finish                  exit 1 if anything failed, else 0
set -u

: "${HAMLE_BIN:=${HAMLE_SOURCE:-.}/build/cmd}"
: "${HAMLE_TESTDATA:=${HAMLE_SOURCE:-.}/testdata}"
: "${HAMLE_SHARED:=}"
: "${HAMLE_SOURCE:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
export LC_ALL=C NO_COLOR=1

HAMLE_FAILS=0
HAMLE_TMP=$(mktemp -d "${TMPDIR:-/tmp}/hamle-cli.XXXXXX")
trap 'rm -rf "$HAMLE_TMP"' EXIT
RUN_OUT=$HAMLE_TMP/stdout
RUN_ERR=$HAMLE_TMP/stderr
RUN_RC=0

tool_path() { printf '%s/hamle-%s\n' "$HAMLE_BIN" "$1"; }
have_tool() { [ -x "$(tool_path "$1")" ]; }
skip() { echo "skipped: $*"; exit 77; }
require_tool() { have_tool "$1" || skip "hamle-$1 not built yet"; }
skip_without_shared() {
	if [ -z "$HAMLE_SHARED" ] || [ ! -d "$HAMLE_SHARED" ]; then
		echo "skipped: ../shared not found"
		exit 77
	fi
}
fail() {
	echo "FAIL: $*" >&2
	HAMLE_FAILS=$((HAMLE_FAILS + 1))
}

run_tool() {
	local name=$1
	shift
	RUN_RC=0
	"$(tool_path "$name")" "$@" <"${RUN_STDIN:-/dev/null}" >"$RUN_OUT" 2>"$RUN_ERR" || RUN_RC=$?
}

expect_rc() {
	if [ "$RUN_RC" != "$1" ]; then
		fail "${2:-exit code}: expected $1, got $RUN_RC"
		sed 's/^/  stderr: /' "$RUN_ERR" | head -20 >&2
		return 1
	fi
}

expect_file() {
	local expected=$1 actual=$2 what=${3:-$1}
	if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
		cp "$actual" "$expected"
		return 0
	fi
	if [ ! -f "$expected" ]; then
		fail "$what: $expected is missing"
		return 1
	fi
	if ! cmp -s "$expected" "$actual"; then
		fail "$what differs (- expected, + actual)"
		diff -u "$expected" "$actual" | head -60 >&2
		return 1
	fi
}

expect_empty() {
	if [ -s "$1" ]; then
		fail "${2:-$1}: expected no output, got:"
		head -20 "$1" | sed 's/^/  /' >&2
		return 1
	fi
}

finish() {
	if [ "$HAMLE_FAILS" -gt 0 ]; then
		echo "$HAMLE_FAILS check(s) failed" >&2
		exit 1
	fi
	exit 0
}
