#!/usr/bin/env bash
# validate_golden.sh: hamle-validate over testdata/validate/golden/ (copies of interesting files of
# ../shared/corpus edge and lang, plus hand-written cases): exact text and JSON Lines output with
# --all, compared with NAME.expected and NAME.expected.json (UPDATE_GOLDEN=1 rewrites them). Every
# JSON line must parse and carry the finding fields in their order; -j 1 and -j 2 must agree; -q prints
# the same lines less the warnings, and nothing on stderr. Only the top suggestion is pinned
# (--max-suggestions 1): the ranking below it is still being tuned.
. "$(dirname "$0")/common.sh"
require_tool validate
dir=$HAMLE_TESTDATA/validate/golden
[ -d "$dir" ] || skip "no $dir"
tool=$(tool_path validate)
n=0
for f in "$dir"/*.pgn "$dir"/*.txt; do
	[ -f "$f" ] || continue
	name=$(basename "$f")
	n=$((n + 1))
	before=$HAMLE_FAILS
	rc=0
	(cd "$dir" && exec "$tool" -j 2 --all --max-suggestions 1 "$name") >"$HAMLE_TMP/out.txt" 2>"$HAMLE_TMP/err.txt" || rc=$?
	case $rc in 0 | 1) ;; *) fail "$name: exit $rc"; cat "$HAMLE_TMP/err.txt" >&2 ;; esac
	expect_file "$dir/$name.expected" "$HAMLE_TMP/out.txt" "$name (text)" || true
	(cd "$dir" && exec "$tool" -j 1 --all --max-suggestions 1 --format json "$name") >"$HAMLE_TMP/out.json" 2>/dev/null || true
	expect_file "$dir/$name.expected.json" "$HAMLE_TMP/out.json" "$name (json)" || true
	(cd "$dir" && exec "$tool" -j 1 --all --max-suggestions 1 "$name") >"$HAMLE_TMP/out1.txt" 2>/dev/null || true
	cmp -s "$HAMLE_TMP/out.txt" "$HAMLE_TMP/out1.txt" || fail "$name: -j 1 and -j 2 differ"
	# -q: the same without the warnings, and nothing on stderr (no summary)
	(cd "$dir" && exec "$tool" -q -j 2 --all --max-suggestions 1 "$name") >"$HAMLE_TMP/outq.txt" 2>"$HAMLE_TMP/err.txt" || true
	expect_empty "$HAMLE_TMP/err.txt" "$name: stderr with -q" || true
	grep -v ': warning: ' "$HAMLE_TMP/out.txt" >"$HAMLE_TMP/nowarn.txt" || true
	cmp -s "$HAMLE_TMP/nowarn.txt" "$HAMLE_TMP/outq.txt" || fail "$name: -q does not just hide the warnings"
	if command -v python3 >/dev/null; then
		python3 - "$HAMLE_TMP/out.json" <<'PY' || fail "$name: JSON fields"
import json, sys
finding = ['kind', 'source', 'game', 'white', 'black', 'line', 'column', 'offset', 'ply', 'path',
           'move_number', 'side', 'token', 'lang', 'code', 'severity', 'message', 'fen', 'suggestions']
for line in open(sys.argv[1], encoding='utf-8'):
    o = json.loads(line)
    if o['kind'] == 'finding':
        assert list(o) == finding, list(o)
        assert o['severity'] in ('error', 'warning') and o['line'] >= 1 and o['game'] >= 1
        assert all(set(s) == {'san', 'uci'} for s in o['suggestions'])
    else:
        assert o['kind'] == 'game' and o['status'] in ('valid', 'invalid'), o
PY
	fi
	[ "$HAMLE_FAILS" = "$before" ] && echo "ok   $name"
done
[ "$n" -gt 0 ] || skip "no golden inputs"
echo "$n golden file(s)"
finish
