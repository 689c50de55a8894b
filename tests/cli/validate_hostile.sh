#!/usr/bin/env bash
# validate_hostile.sh: hostile input for hamle-validate, generated on the fly:
#   1,000,000 nested '(', a 60 MB comment, a 20 MB tag value, an unterminated comment followed by
#   20,000 games, 20 MB of random bytes.
# Each must give a clear error with its location, exit 1, no crash (no sanitizer report), the games
# after the broken one read normally, and bounded memory: peak RSS (GNU time %M, or VmHWM polled
# from /proc when /usr/bin/time is missing) under HAMLE_HOSTILE_RSS_KB (default 64 MB; 768 MB when
# the tool is built with AddressSanitizer, whose shadow memory and quarantine cost a lot).
. "$(dirname "$0")/common.sh"
require_tool validate
command -v python3 >/dev/null || skip "python3 not found"

tool=$(tool_path validate)
if grep -q __asan_init "$tool" 2>/dev/null; then
	: "${HAMLE_HOSTILE_RSS_KB:=786432}"
else
	: "${HAMLE_HOSTILE_RSS_KB:=65536}"
fi
d=$HAMLE_TMP

python3 - "$d" <<'EOF'
import random, sys
d = sys.argv[1]
tags = lambda ev: ''.join('[%s "%s"]\n' % kv for kv in (("Event", ev), ("Site", "?"), ("Date", "????.??.??"),
       ("Round", "?"), ("White", "W"), ("Black", "B"), ("Result", "*")))
after = '\n' + tags("after") + '\n1. d4 d5 *\n'
with open(d + '/nested.pgn', 'w') as f:
    f.write(tags("nested") + '\n1. e4 ' + '(' * 1000000 + ' e5 *\n' + after)
with open(d + '/comment.pgn', 'w') as f:
    f.write(tags("comment") + '\n1. e4 {' + 'x' * (60 << 20) + '} e5 *\n' + after)
with open(d + '/tag.pgn', 'w') as f:
    f.write(tags("tag").replace('[White "W"]', '[White "' + 'A' * (20 << 20) + '"]') + '\n1. e4 e5 *\n' + after)
with open(d + '/unterminated.pgn', 'w') as f:
    f.write(tags("broken") + '\n1. e4 {never closed\n\n')
    game = '\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n'
    f.write(''.join(tags("g%d" % i) + game for i in range(20000)))
random.seed(20240229)
with open(d + '/random.bin', 'wb') as f:
    f.write(random.randbytes(20 << 20))
EOF

# run_measured FILE ARGS...: runs the tool on FILE with --format json --all; sets RUN_RC, RSS_KB.
run_measured() {
	local file=$1
	shift
	RUN_RC=0
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -o "$d/rss" -f %M "$tool" --format json --all "$@" "$file" >"$RUN_OUT" 2>"$RUN_ERR" || RUN_RC=$?
		RSS_KB=$(tail -1 "$d/rss")
	else
		"$tool" --format json --all "$@" "$file" >"$RUN_OUT" 2>"$RUN_ERR" &
		local pid=$! hwm=0 v
		while kill -0 "$pid" 2>/dev/null; do
			v=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
			[ -n "$v" ] && hwm=$v
			sleep 0.02
		done
		wait "$pid" || RUN_RC=$?
		RSS_KB=$hwm
	fi
}

# check NAME FILE CODE GAMES_AFTER: exit 1, no sanitizer report, game 1 has an error CODE located in
# the file, the last GAMES_AFTER games are valid, RSS bounded.
check() {
	local name=$1 file=$2 code=$3 after=$4
	local t0=$SECONDS
	run_measured "$d/$file" -j 2
	expect_rc 1 "$name: exit code" || true
	if grep -q -e 'AddressSanitizer' -e 'runtime error:' -e 'LeakSanitizer' "$RUN_ERR"; then
		fail "$name: sanitizer report"
		head -30 "$RUN_ERR" >&2
	fi
	if ! python3 - "$RUN_OUT" "$code" "$after" "$file" <<'EOF'; then
import json, sys
out, code, after, file = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
findings, games = [], []
for n, line in enumerate(open(out, encoding='utf-8'), 1):
    o = json.loads(line)          # every line must be valid JSON
    (games if o['kind'] == 'game' else findings).append(o)
first = [f for f in findings if f['game'] == 1 and f['severity'] == 'error']
assert first, 'no error for game 1'
assert any(f['code'] == code for f in first), 'no %s error for game 1: %s' % (code, [f['code'] for f in first])
f = next(f for f in first if f['code'] == code)
assert f['source'].endswith(file) and f['line'] >= 1 and f['message'], 'error without location: %r' % f
assert games and games[0]['status'] == 'invalid', 'game 1 not invalid'
if after:
    tail = games[-after:]
    assert len(games) == after + 1, 'expected %d games, got %d' % (after + 1, len(games))
    bad = [g for g in tail if g['status'] != 'valid']
    assert not bad, '%d games after the broken one are not valid, e.g. %r' % (len(bad), bad[0])
print('  %s: %d findings, %d games; first: %s %s:%d:%d %s' % (file, len(findings), len(games), f['code'],
      f['source'].rsplit('/', 1)[-1], f['line'], f['column'], f['message'][:70]))
EOF
		fail "$name: output check"
	fi
	if [ -z "$RSS_KB" ] || [ "$RSS_KB" -gt "$HAMLE_HOSTILE_RSS_KB" ]; then
		fail "$name: peak RSS ${RSS_KB:-?} KB exceeds $HAMLE_HOSTILE_RSS_KB KB"
	fi
	echo "ok   $name ($((SECONDS - t0)) s, peak RSS ${RSS_KB} KB)"
}

check "1,000,000 nested '('" nested.pgn limit 1
check "60 MB comment" comment.pgn limit 1
check "20 MB tag value" tag.pgn limit 1
check "unterminated comment + 20,000 games" unterminated.pgn syntax 20000
check "20 MB of random bytes" random.bin encoding 0

# The same through stdin, one thread: the broken comment game must not swallow the next ones.
RUN_STDIN=$d/unterminated.pgn run_tool validate -j 1 -q -
expect_rc 1 "stdin: exit code" || true
[ "$(wc -l <"$RUN_OUT")" = 1 ] || fail "stdin: expected exactly one finding, got $(wc -l <"$RUN_OUT")"
expect_empty "$RUN_ERR" "stdin -q: stderr" || true
finish
