#!/usr/bin/env bash
# validate_cli.sh: hamle-validate as a command: exit codes 0/1/2, stdin and '-', directories,
# usage errors, -q (no warnings, no summary), summary, --strict, --where, --lang, limits, JSON Lines
# validity, output order whatever -j, and a closed output pipe.
. "$(dirname "$0")/common.sh"
require_tool validate
d=$HAMLE_TMP
golden=$HAMLE_TESTDATA/validate/golden

tags() { # tags EVENT WHITE BLACK RESULT
	printf '[Event "%s"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "%s"]\n[Black "%s"]\n[Result "%s"]\n\n' "$@"
}
{ tags ok Tal Hecht '1-0'; echo '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0'; echo; } >"$d/valid.pgn"
{ tags warn Smyslov Keres '*'; echo '1. e4+ e5 *'; echo; } >"$d/warning.pgn"
{ tags bad Kasparov Karpov '*'; echo '1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf3 *'; echo; } >"$d/error.pgn"
cat "$d/valid.pgn" "$d/error.pgn" >"$d/mixed.pgn"

# ---- help, version, usage errors (exit 2, one line plus the hint)
run_tool validate --help
expect_rc 0 "--help" && grep -q '^Usage: hamle-validate' "$RUN_OUT" || fail "--help: no usage line"
grep -q -- '--format' "$RUN_OUT" || fail "--help: options missing"
grep -q 'Exit status' "$RUN_OUT" || fail "--help: exit status missing"
run_tool validate --version
expect_rc 0 "--version" && grep -q '^hamle-validate [0-9]' "$RUN_OUT" || fail "--version output"
for args in "--bogus" "--format=xml" "--jobs=0" "--from=klingon" "--lang=xx" "--encoding=ebcdic" \
	"--repair=de" "--max-depth=0" "--max-game-bytes=12Q" "--where=White~/(/"; do
	# shellcheck disable=SC2086
	run_tool validate $args "$d/valid.pgn"
	expect_rc 2 "usage error $args" || true
	grep -q "try 'hamle-validate --help'" "$RUN_ERR" || fail "$args: no --help hint"
	expect_empty "$RUN_OUT" "$args: stdout" || true
done

# ---- exit codes
run_tool validate -q "$d/valid.pgn"
expect_rc 0 "valid game" && expect_empty "$RUN_OUT" "valid game: stdout" || true
run_tool validate "$d/warning.pgn"
expect_rc 0 "warnings only" || true
grep -q ': warning: check mark' "$RUN_OUT" || fail "warning line missing"
run_tool validate -q "$d/warning.pgn"
expect_rc 0 "warnings only, -q" || true
expect_empty "$RUN_OUT" "-q: a warning printed" || true
run_tool validate -q --format json "$d/warning.pgn"
expect_empty "$RUN_OUT" "-q --format json: a warning printed" || true
run_tool validate -q --strict "$d/warning.pgn"
expect_rc 1 "--strict with a warning" || true
grep -q ': warning: check mark' "$RUN_OUT" || fail "-q --strict: the warning that makes the game invalid is hidden"
run_tool validate -q "$d/mixed.pgn"
expect_rc 1 "a game with an error" || true
grep -q "mixed.pgn:19:28: game 2 (Kasparov - Karpov), move 3... (ply 6): illegal move 'Nf3'" "$RUN_OUT" ||
	fail "illegal move line: $(cat "$RUN_OUT")"
run_tool validate -q "$d/valid.pgn" "$d/missing.pgn"
expect_rc 2 "a missing file" || true
grep -q 'missing.pgn: No such file or directory' "$RUN_ERR" || fail "missing file not reported"

# ---- summary and -q
run_tool validate "$d/mixed.pgn" "$d/warning.pgn"
grep -qx 'hamle-validate: 3 games, 2 valid, 1 with errors, 1 with warnings' "$RUN_ERR" ||
	fail "summary: $(cat "$RUN_ERR")"
grep -qx 'hamle-validate: illegal-move 1, check-mark 1' "$RUN_ERR" || fail "summary codes: $(cat "$RUN_ERR")"
run_tool validate -q "$d/mixed.pgn"
expect_empty "$RUN_ERR" "-q: stderr" || true

# ---- stdin, '-', directories
RUN_STDIN=$d/mixed.pgn run_tool validate -q
expect_rc 1 "stdin" || true
grep -q '^<stdin>:19:28: game 2' "$RUN_OUT" || fail "stdin source name: $(cat "$RUN_OUT")"
RUN_STDIN=$d/error.pgn run_tool validate "$d/valid.pgn" - "$d/warning.pgn"
expect_rc 1 "file, -, file" || true
[ "$(cut -d: -f1 "$RUN_OUT" | tr '\n' ' ')" = "<stdin> $d/warning.pgn " ] || fail "'-' order: $(cat "$RUN_OUT")"
mkdir -p "$d/tree/b/c" "$d/tree/a"
cp "$d/error.pgn" "$d/tree/b/c/z.PGN"
cp "$d/error.pgn" "$d/tree/a/y.txt"
cp "$d/error.pgn" "$d/tree/b/x.pgn"
cp "$d/error.pgn" "$d/tree/ignored.md"
run_tool validate -q "$d/tree"
expect_rc 1 "directory" || true
[ "$(cut -d: -f1 "$RUN_OUT" | sed "s|$d/tree/||" | tr '\n' ' ')" = "a/y.txt b/c/z.PGN b/x.pgn " ] ||
	fail "directory walk: $(cut -d: -f1 "$RUN_OUT" | tr '\n' ' ')"

# ---- --where, --lang, --all, limits
run_tool validate --where 'White~/kasp/i' "$d/mixed.pgn" "$d/valid.pgn"
expect_rc 1 "--where" || true
grep -q '1 game, 0 valid, 1 with errors, 0 with warnings (2 more left out by --where)' "$RUN_ERR" ||
	fail "--where summary: $(cat "$RUN_ERR")"
run_tool validate -q --where 'White=Tal' "$d/mixed.pgn"
expect_rc 0 "--where leaving out the bad game" || true
run_tool validate -q --lang tr "$d/mixed.pgn"
grep -q 'oyun 2 (Kasparov - Karpov), hamle 3\.\.\.' "$RUN_OUT" || fail "--lang tr: $(cat "$RUN_OUT")"
run_tool validate -q --all "$d/mixed.pgn"
grep -q 'mixed.pgn:1: game 1 (Tal - Hecht): valid, 6 plies, 0 errors, 0 warnings' "$RUN_OUT" ||
	fail "--all text: $(cat "$RUN_OUT")"
{ tags deep A B '*'; echo '1. e4 (1. d4 (1. c4 (1. Nf3 (1. g3 d5)))) e5 *'; echo; cat "$d/valid.pgn"; } >"$d/deep.pgn"
run_tool validate -q --max-depth 3 "$d/deep.pgn"
expect_rc 1 "--max-depth 3" || true
grep -q 'game 1 (A - B): limit' "$RUN_OUT" || fail "--max-depth: $(cat "$RUN_OUT")"
run_tool validate -q --max-depth 4 "$d/deep.pgn"
expect_rc 0 "--max-depth 4" || true
run_tool validate -q --max-game-bytes 100 "$d/mixed.pgn"
expect_rc 1 "--max-game-bytes 100" || true
[ "$(grep -c ': limit' "$RUN_OUT")" = 2 ] || fail "--max-game-bytes: $(cat "$RUN_OUT")"

# ---- JSON Lines: valid JSON, the fields in order, same as text
run_tool validate --format json --all "$d/mixed.pgn" "$d/warning.pgn"
expect_rc 1 "--format json" || true
if command -v python3 >/dev/null; then
	python3 - "$RUN_OUT" <<'EOF' || fail "JSON output"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1], encoding='utf-8')]
kinds = [o['kind'] for o in lines]
assert kinds == ['game', 'finding', 'game', 'finding', 'game'], kinds
f = lines[1]
assert list(f) == ['kind', 'source', 'game', 'white', 'black', 'line', 'column', 'offset', 'ply', 'path',
                   'move_number', 'side', 'token', 'lang', 'code', 'severity', 'message', 'fen',
                   'suggestions'], list(f)
want = {'game': 2, 'white': 'Kasparov', 'black': 'Karpov', 'line': 19, 'column': 28, 'ply': 6, 'path': [],
        'move_number': 3, 'side': 'black', 'token': 'Nf3', 'lang': 'en', 'code': 'illegal-move',
        'severity': 'error', 'fen': 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3'}
for k, v in want.items():
    assert f[k] == v, (k, f[k], v)
assert f['suggestions'] and all(set(s) == {'san', 'uci'} for s in f['suggestions'])
assert lines[2]['status'] == 'invalid' and lines[0]['status'] == 'valid' and lines[4]['status'] == 'valid'
assert lines[3]['code'] == 'check-mark' and lines[3]['severity'] == 'warning'
EOF
fi
# offset points at the token in the input
off=$(sed -n 's/.*"offset":\([0-9]*\),"ply":6.*/\1/p' "$RUN_OUT")
[ "$(tail -c +"$((off + 1))" "$d/mixed.pgn" | head -c 3)" = Nf3 ] || fail "offset $off does not point at Nf3"

# ---- output order whatever -j
(cd "$golden" && "$(tool_path validate)" -q -j 1 --format json --all .) >"$d/j1" 2>/dev/null || true
for j in 2 3 8; do
	(cd "$golden" && "$(tool_path validate)" -q -j $j --format json --all .) >"$d/jn" 2>/dev/null || true
	cmp -s "$d/j1" "$d/jn" || fail "-j $j output differs from -j 1"
done
[ -s "$d/j1" ] || fail "no output over $golden"

# ---- closed pipe: quiet end, no "error writing"
for _ in $(seq 3000); do cat "$d/error.pgn"; done >"$d/many.pgn"
rc=0
"$(tool_path validate)" -j 2 "$d/many.pgn" 2>"$d/pipe.err" | head -1 >/dev/null || rc=$?
status=${PIPESTATUS[0]}
case $status in 0 | 1) ;; *) fail "closed pipe: exit $status" ;; esac
grep -q 'error writing' "$d/pipe.err" && fail "closed pipe: error message"
finish
