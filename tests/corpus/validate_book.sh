#!/usr/bin/env bash
# validate_book.sh (label corpus): on the GNU Chess book (145,716 games).
#   - every game validates with no move error (syntax, illegal-move, ambiguous-move, bad-fen);
#   - the games reported with a result that contradicts a checkmate or stalemate on the board are
#     exactly those `pgn-extract -r` reports as "Result of ... is inconsistent with checkmate/stalemate"
#     (14 games; pgn-extract gives the line of the game's last line, mapped here to the game index).
#     pgn-extract is run when installed; its list is also kept in
#     testdata/validate/book-result-mismatch.expected (game indices), which is compared in any case;
#   - the games whose decisive result the board contradicts because the final position is dead
#     (FIDE 5.2.2: insufficient material, or a locked wall the unwinnability analysis proves; issue
#     12) are those of testdata/validate/book-dead-position.expected, and so are the games with moves
#     after a dead position (book-moves-after-dead.expected);
# Data: bench/data/ when unpacked there (git-ignored), else unpacked into a temporary directory.
# Run time here: about 13 s for hamle-validate (-j 2), 12 s for pgn-extract, 9 s to unpack
# (35 s in all on a shared 2-core machine; more under ASan).
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool validate
command -v python3 >/dev/null || skip "python3 not found"

book=$HAMLE_SOURCE/bench/data/gnuchess-book-1.02.pgn
if [ ! -f "$book" ]; then
	"$HAMLE_SHARED/corpus/unpack" "$HAMLE_TMP/data" >/dev/null || fail "unpack failed"
	book=$HAMLE_TMP/data/gnuchess-book-1.02.pgn
fi
expected=$HAMLE_TESTDATA/validate/book-result-mismatch.expected

t0=$SECONDS
run_tool validate --format json --all -j 2 "$book"
echo "hamle-validate on the book: $((SECONDS - t0)) s, exit $RUN_RC"
grep -q -e AddressSanitizer -e 'runtime error:' "$RUN_ERR" && fail "sanitizer report"
sed 's/^/  /' "$RUN_ERR"

# pgn-extract's result warnings -> game indices (the game whose first line is the last one <= LINE)
pgnx_games=$HAMLE_TMP/pgnx.games
if [ -x /usr/games/pgn-extract ]; then
	/usr/games/pgn-extract -r -s -l "$HAMLE_TMP/pgnx.log" "$book" >/dev/null 2>&1 || true
	grep -A2 'is inconsistent with' "$HAMLE_TMP/pgnx.log" | sed -n 's/.*Line number: \([0-9]*\).*/\1/p' >"$HAMLE_TMP/pgnx.lines"
	grep -n '^\[Event ' "$book" | cut -d: -f1 |
		awk 'NR == FNR { want[$1 + 0] = 1; next } { start[++n] = $1 + 0 }
		     END { for (l in want) { g = 0; for (i = 1; i <= n && start[i] <= l + 0; i++) g = i; print g } }' \
			"$HAMLE_TMP/pgnx.lines" - | sort -n >"$pgnx_games"
	echo "pgn-extract -r: $(wc -l <"$pgnx_games") result/position inconsistencies"
	expect_file "$expected" "$pgnx_games" "pgn-extract's list vs $expected" || true
else
	echo "pgn-extract not installed: comparing with $expected only"
fi

python3 - "$RUN_OUT" "$expected" "$HAMLE_TMP/ours" "$HAMLE_TESTDATA/validate/book-dead-position.expected" \
	"$HAMLE_TESTDATA/validate/book-moves-after-dead.expected" <<'EOF' || fail "book checks"
import json, sys
out, expected, ours_file, dead_expected, after_dead_expected = sys.argv[1:6]
dead, after_dead = [], []
move_codes = {'syntax', 'illegal-move', 'ambiguous-move', 'bad-fen'}
games, move_errors, mismatch, other = 0, [], {}, {}
for line in open(out, encoding='utf-8'):
    o = json.loads(line)
    if o['kind'] == 'game':
        games += 1
        continue
    if o['code'] in move_codes:
        move_errors.append(o)
    elif o['code'] == 'result-mismatch' and 'dead position' in o['message']:
        dead.append(o['game'])
    elif o['code'] == 'result-mismatch' and 'final position' in o['message']:  # not Result tag vs marker
        mismatch[o['game']] = o
    elif o['code'] == 'moves-after-end' and 'dead position' in o['message']:
        after_dead.append(o['game'])
        other[o['code']] = other.get(o['code'], 0) + 1
    else:
        other[o['code']] = other.get(o['code'], 0) + 1
print('games: %d; move errors: %d; result vs board: %d; other findings: %s' % (games, len(move_errors), len(mismatch), other))
ok = True
if games != 145716:
    print('FAIL: expected 145716 games, read %d' % games); ok = False
for o in move_errors[:10]:
    print('FAIL: move error: game %d line %d: %s %s: %s' % (o['game'], o['line'], o['code'], o['token'], o['message']))
ok = ok and not move_errors
want = sorted(int(l) for l in open(expected) if l.strip())
got = sorted(mismatch)
with open(ours_file, 'w') as f:
    for g in got:
        o = mismatch[g]
        f.write('%d\t%d\t%s - %s\t%s\n' % (g, o['line'], o['white'], o['black'], o['message']))
if got != want:
    print('FAIL: result-mismatch games differ from pgn-extract: only ours %s, only pgn-extract %s'
          % (sorted(set(got) - set(want)), sorted(set(want) - set(got)))); ok = False
for name, got_list, path in (('dead final position', dead, dead_expected),
                             ('moves after a dead position', after_dead, after_dead_expected)):
    want_list = sorted(int(l.split()[0]) for l in open(path) if l.strip() and not l.startswith('#'))
    print('%s: games %s' % (name, sorted(got_list)))
    if sorted(got_list) != want_list:
        print('FAIL: %s: games %s, expected %s' % (name, sorted(got_list), want_list)); ok = False
sys.exit(0 if ok else 1)
EOF
sed 's/^/  ours: /' "$HAMLE_TMP/ours"
finish
