#!/usr/bin/env bash
# hostile_cost.sh: inputs built to cost time, generated on the fly:
#   1. 10 MB of typed-scoresheet header blocks without moves ("Beyaz: Ali / Siyah: Veli /
#       Sonuç: 1-0" again and again): one game per block, in time linear in the input (the blocks
#       are never joined into one game);
#   2. --where with a pattern that backtracks without end on the White tag, ((a+)+$|Z on 28 a's
#       then "b Z"): a limit error for each game, exit 1, never "no match" (which would select
#       nothing with ~ and everything with !~, exit 0);
#   3. a locale file nested 200,000 levels deep: refused at once with its line and column.
# The time bounds (HAMLE_HOSTILE_SECONDS, default 20 s each) leave room for a sanitizer build on a
# shared 2-core machine; the normal build takes well under a second for each.
. "$(dirname "$0")/common.sh"
require_tool convert
require_tool validate
command -v python3 >/dev/null || skip "python3 not found"
: "${HAMLE_HOSTILE_SECONDS:=20}"
d=$HAMLE_TMP

python3 - "$d" <<'EOF'
import sys
d = sys.argv[1]
block = 'Beyaz: Ali\nSiyah: Veli\nSonuç: 1-0\n'
n = (10 << 20) // len(block.encode()) + 1
with open(d + '/blocks.txt', 'w', encoding='utf-8') as f:
    f.write(block * n)
with open(d + '/blocks.n', 'w') as f:
    f.write('%d\n' % n)
with open(d + '/blocks-crlf.txt', 'w', encoding='utf-8', newline='') as f:
    f.write(block.replace('\n', '\r\n') * 1000)
with open(d + '/backtrack.pgn', 'w') as f:
    for i in range(20):
        f.write('[Event "e%d"]\n[White "%s"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 *\n\n' % (i + 1, 'a' * 28 + 'b Z'))
with open(d + '/deep-list.yaml', 'w') as f:
    f.write('tag: xx\nname: ' + '[' * 200000 + ']' * 200000 + '\n')
with open(d + '/deep-map.yaml', 'w') as f:
    f.write('tag: xx\nspoken: ' + '{a: ' * 100000 + '}' * 100000 + '\n')
EOF

now_ms() { date +%s%3N; }
# timed WHAT NAME ARG...: run_tool NAME ARG..., failing when it takes longer than
# HAMLE_HOSTILE_SECONDS (and killing it at twice that: the quadratic cost this tests against would
# take hours)
timed() {
	local what=$1 name=$2 t0 ms
	shift 2
	t0=$(now_ms)
	RUN_RC=0
	timeout $((HAMLE_HOSTILE_SECONDS * 2)) "$(tool_path "$name")" "$@" </dev/null >"$RUN_OUT" 2>"$RUN_ERR" || RUN_RC=$?
	ms=$(($(now_ms) - t0))
	if [ "$RUN_RC" = 124 ]; then
		fail "$what: killed after $ms ms"
	elif [ "$ms" -gt $((HAMLE_HOSTILE_SECONDS * 1000)) ]; then
		fail "$what: took $ms ms (bound ${HAMLE_HOSTILE_SECONDS} s)"
	fi
	echo "     $what: $ms ms"
}
no_sanitizer_report() {
	if grep -q -e 'AddressSanitizer' -e 'runtime error:' -e 'LeakSanitizer' "$RUN_ERR"; then
		fail "$1: sanitizer report"
		head -30 "$RUN_ERR" >&2
	fi
}

# ---- 1: one game per header block, linear time ----
n=$(cat "$d/blocks.n")
timed "10 MB of header blocks" convert -j 1 "$d/blocks.txt"
expect_rc 0 "header blocks: exit code" || true
no_sanitizer_report "header blocks"
expect_empty "$RUN_ERR" "header blocks: stderr" || true
got=$(grep -c '^\[White "Ali"\]$' "$RUN_OUT")
[ "$got" = "$n" ] || fail "header blocks: expected $n games with White Ali, got $got"
got=$(grep -c '^\[Result "1-0"\]$' "$RUN_OUT")
[ "$got" = "$n" ] || fail "header blocks: expected $n games with Result 1-0, got $got"
# every game is the block alone: its tags, no moves, its result
python3 - "$RUN_OUT" <<'EOF' || fail "header blocks: a game differs from the block"
import sys
games = open(sys.argv[1], encoding='utf-8').read().split('\n\n[Event')
want = '[White "Ali"]\n[Black "Veli"]\n[Result "1-0"]\n\n1-0'
bad = [g for g in games if want not in g or g.count('[White') != 1]
assert not bad, 'first odd game: %r' % bad[0][:200]
EOF
# with CR LF line ends
timed "header blocks, CR LF, convert" convert -j 2 "$d/blocks-crlf.txt"
expect_rc 0 "header blocks (CR LF): exit code" || true
got=$(grep -c '^\[White "Ali"\]' "$RUN_OUT")
[ "$got" = 1000 ] || fail "header blocks (CR LF): expected 1000 games, got $got"

# ---- 2: a pattern that hits its match limit is an error of each game ----
for expr in 'White~/(a+)+$|Z/' 'White!~/(a+)+$|Z/'; do
	timed "validate --where '$expr'" validate -j 2 --where "$expr" "$d/backtrack.pgn"
	expect_rc 1 "validate --where '$expr': exit code" || true
	no_sanitizer_report "validate --where"
	got=$(grep -cF "limit '$expr': pattern hit its match limit on the value of tag White" "$RUN_OUT")
	[ "$got" = 20 ] || fail "validate --where '$expr': expected 20 limit errors, got $got"
	grep -q "backtrack.pgn:2:1: game 1 " "$RUN_OUT" ||
		fail "validate --where '$expr': the first error is not at the White tag (2:1)"
	grep -q '20 games, 0 valid, 20 with errors' "$RUN_ERR" ||
		fail "validate --where '$expr': summary: $(head -1 "$RUN_ERR")"
	timed "convert --where '$expr'" convert -j 2 --where "$expr" "$d/backtrack.pgn"
	expect_rc 1 "convert --where '$expr': exit code" || true
	got=$(grep -cF "limit '$expr': pattern hit its match limit" "$RUN_ERR")
	[ "$got" = 20 ] || fail "convert --where '$expr': expected 20 limit errors, got $got"
	got=$(grep -c '^\[Event' "$RUN_OUT")
	[ "$got" = 20 ] || fail "convert --where '$expr': a game with an error is still written, got $got games"
done
run_tool convert --where 'White~/(a+)+$|Z/' --on-error skip "$d/backtrack.pgn"
expect_rc 1 "convert --on-error skip: exit code" || true
expect_empty "$RUN_OUT" "convert --on-error skip: output" || true
# JSON: code limit, the tag's position
run_tool validate --format json --where 'White~/(a+)+$|Z/' "$d/backtrack.pgn"
python3 - "$RUN_OUT" <<'EOF' || fail "validate --format json: limit findings"
import json, sys
f = [o for o in map(json.loads, open(sys.argv[1], encoding='utf-8')) if o['code'] == 'limit']
assert len(f) == 20, len(f)
assert f[0]['line'] == 2 and f[0]['column'] == 1 and f[0]['severity'] == 'error', f[0]
assert f[0]['token'] == 'White~/(a+)+$|Z/' and 'match limit' in f[0]['message'], f[0]
EOF

# ---- 3: deep YAML nesting is refused at once ----
for y in deep-list deep-map; do
	timed "locale file $y" validate --locale-file "$d/$y.yaml" /dev/null
	expect_rc 2 "$y: exit code" || true
	no_sanitizer_report "$y"
	grep -q "$y.yaml:2:[0-9]*: YAML nested deeper than 64 levels" "$RUN_ERR" ||
		fail "$y: message: $(head -1 "$RUN_ERR")"
done
finish
