#!/usr/bin/env bash
# validate_sets.sh (label corpus): hamle-validate beyond the book.
#   - the TCEC sets (Chess960 and seasons 12-15) and corpus/medium validate with no move error
#     (syntax, illegal-move, ambiguous-move, bad-fen) and no error at all;
#   - every file of corpus/edge and corpus/lang (whatever its kind: PGN, TSV, SQLite, licences) is
#     read without a crash: exit 0 or 1, no sanitizer report, every JSON line valid.
# Data: bench/data/ when unpacked there, else unpacked into a temporary directory.
# Run time here: about 20 s (-j 2) on a busy 2-core machine, plus 9 s to unpack the TCEC sets.
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool validate
command -v python3 >/dev/null || skip "python3 not found"
tool=$(tool_path validate)

data=$HAMLE_SOURCE/bench/data
if [ ! -d "$data/tcec-frc" ] || [ ! -d "$data/tcec-s12-s15" ]; then
	"$HAMLE_SHARED/corpus/unpack" "$HAMLE_TMP/data" >/dev/null || fail "unpack failed"
	data=$HAMLE_TMP/data
fi

check_clean() { # NAME DIR MIN_GAMES
	local name=$1 dir=$2 min=$3 rc=0
	"$tool" -j 2 --format json --all "$dir" >"$HAMLE_TMP/out.json" 2>"$HAMLE_TMP/err" || rc=$?
	echo "$name: exit $rc; $(grep -v '^ *$' "$HAMLE_TMP/err" | sed 's/^hamle-validate: //' | tr '\n' ';')"
	[ "$rc" = 0 ] || fail "$name: exit $rc"
	grep -q -e AddressSanitizer -e 'runtime error:' "$HAMLE_TMP/err" && fail "$name: sanitizer report"
	python3 - "$HAMLE_TMP/out.json" "$min" <<'EOF' || fail "$name: checks"
import json, sys
games, errors = 0, []
for line in open(sys.argv[1], encoding='utf-8'):
    o = json.loads(line)
    if o['kind'] == 'game':
        games += 1
    elif o['severity'] == 'error':
        errors.append(o)
for o in errors[:10]:
    print('  error: %s game %d %d:%d %s %r: %s' % (o['source'], o['game'], o['line'], o['column'], o['code'],
          o['token'], o['message']))
print('  %d games, %d errors' % (games, len(errors)))
sys.exit(0 if games >= int(sys.argv[2]) and not errors else 1)
EOF
}
check_clean "TCEC Chess960" "$data/tcec-frc" 364
check_clean "TCEC seasons 12-15" "$data/tcec-s12-s15" 1856
check_clean "corpus/medium" "$HAMLE_SHARED/corpus/medium" 13163

# every file of edge and lang: no crash
n=0
while IFS= read -r -d '' f; do
	n=$((n + 1))
	rc=0
	"$tool" -q -j 2 --format json "$f" >>"$HAMLE_TMP/all.json" 2>"$HAMLE_TMP/err" || rc=$?
	case $rc in 0 | 1) ;; *) fail "$f: exit $rc: $(head -3 "$HAMLE_TMP/err")" ;; esac
	grep -q -e AddressSanitizer -e 'runtime error:' "$HAMLE_TMP/err" && fail "$f: sanitizer report"
done < <(find "$HAMLE_SHARED/corpus/edge" "$HAMLE_SHARED/corpus/lang" -type f -print0 | sort -z)
# one python run for all (its start-up is slow under pyenv): every line valid JSON
python3 - "$HAMLE_TMP/all.json" <<'EOF' || fail "edge + lang: invalid JSON"
import json, sys
n = 0
for i, l in enumerate(open(sys.argv[1], encoding='utf-8'), 1):
    try:
        json.loads(l)
        n += 1
    except ValueError as e:
        sys.exit('line %d: %s: %r' % (i, e, l[:200]))
print('  %d findings, all valid JSON' % n)
EOF
echo "edge + lang: $n files read"
[ "$n" -gt 100 ] || fail "only $n files in edge + lang"
finish
