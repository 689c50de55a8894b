#!/usr/bin/env bash
# annotate_book.sh (label corpus): on the GNU Chess book (145,716 games).
#   - `hamle-annotate --fix-result` changes the Result of exactly the games hamle-validate reports
#     as result-mismatch (15: 14 checkmates or stalemates on the board, and one decisive result on
#     a dead position), and of those the board decides
#     by the rules annotate adds (a dead position, 5.2.2, or an automatic draw, 9.6, before a
#     decisive result: listed in testdata/annotate/book-added.expected, one game index a line);
#   - its --report lists exactly the changed games;
#   - the output validates: 145,716 games, no result-mismatch, no move error; the only errors are
#     the encoding errors of the games that have them in the book (written, as hamle-convert
#     writes them, after a note so that they still fail).
# Data: bench/data/ when unpacked there (git-ignored), else unpacked into a temporary directory.
# Run time here: about 6 s for hamle-annotate (-j 2), 2 x 3 s for hamle-validate.
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool annotate
require_tool validate
command -v python3 >/dev/null || skip "python3 not found"

book=$HAMLE_SOURCE/bench/data/gnuchess-book-1.02.pgn
if [ ! -f "$book" ]; then
	"$HAMLE_SHARED/corpus/unpack" "$HAMLE_TMP/data" >/dev/null || fail "unpack failed"
	book=$HAMLE_TMP/data/gnuchess-book-1.02.pgn
fi
added=$HAMLE_TESTDATA/annotate/book-added.expected

run_tool validate --format json -j 2 "$book"
cp "$RUN_OUT" "$HAMLE_TMP/before.jsonl"
run_tool annotate -j 2 -q --fix-result --report "$book"
# exit 1 as for hamle-convert: some games of the book have encoding errors (bytes no code page
# decodes, control characters), which are reported and written decoded
[ "$RUN_RC" -le 1 ] || fail "hamle-annotate exit $RUN_RC"
grep ': error\|[0-9]: [a-z-]*: ' "$RUN_ERR" | grep -v ': encoding: ' | grep -v 'result mismatch\|threefold\|fifty\|checkmate\|stalemate\|dead position\|fivefold\|seventy\|moves after end\|check mark\|capture mark' | head -3 | grep . && fail "errors other than encoding"
grep -q -e AddressSanitizer -e 'runtime error:' "$RUN_ERR" && fail "sanitizer report"
cp "$RUN_OUT" "$HAMLE_TMP/fixed.pgn"
cp "$RUN_ERR" "$HAMLE_TMP/report.txt"
run_tool validate --format json -j 2 "$HAMLE_TMP/fixed.pgn"
cp "$RUN_OUT" "$HAMLE_TMP/after.jsonl"
cp "$RUN_ERR" "$HAMLE_TMP/after.err"

python3 - "$book" "$HAMLE_TMP" "$added" <<'PY' || fail "book checks"
import json, re, sys
book, tmp, added_file = sys.argv[1:4]

def results(path):
    out = []
    for line in open(path, encoding='utf-8', errors='replace'):
        if line.startswith('[Result "'):
            out.append(line[9:line.index('"', 9)])
    return out

before, after = results(book), results(tmp + '/fixed.pgn')
assert len(before) == len(after) == 145716, (len(before), len(after))
changed = {i + 1 for i, (a, b) in enumerate(zip(before, after)) if a != b}
validate = {json.loads(l)['game'] for l in open(tmp + '/before.jsonl') if '"result-mismatch"' in l}
reported = set()
for line in open(tmp + '/report.txt', encoding='utf-8'):
    m = re.search(r': game (\d+) .*result mismatch: .*; Result written', line)
    if m:
        reported.add(int(m.group(1)))
added = {int(l) for l in open(added_file) if l.strip()}
print('validate result-mismatch: %d games; changed by --fix-result: %d; added by annotate: %s'
      % (len(validate), len(changed), sorted(changed - validate)))
# 14 with checkmate or stalemate on the board, and 17966 (a decisive result on a dead position:
# king and knight against the bare king), which hamle-validate reports since its dead-position
# analysis (lib/src/replay/dead.c; testdata/validate/book-dead-position.expected)
assert len(validate) == 15 and 17966 in validate, sorted(validate)
assert changed == reported, ('report', sorted(changed ^ reported))
assert changed == validate | added, ('changed', sorted(changed ^ (validate | added)))
move_codes = {'syntax', 'illegal-move', 'ambiguous-move', 'bad-fen', 'ambiguous-language'}
def errors(path):
    out = {}
    for l in open(path):
        d = json.loads(l)
        if d.get('kind') == 'finding' and (d['code'] == 'result-mismatch' or d['severity'] == 'error'):
            out.setdefault(d['game'], set()).add(d['code'])
    return out
after_err, before_err = errors(tmp + '/after.jsonl'), errors(tmp + '/before.jsonl')
bad = {g: c for g, c in after_err.items() if c & (move_codes | {'result-mismatch'})}
assert not bad, sorted(bad.items())[:3]
enc_before = {g for g, c in before_err.items() if 'encoding' in c}
assert set(after_err) == enc_before, sorted(set(after_err) ^ enc_before)[:5]
summary = open(tmp + '/after.err').read()
assert '145716 games, %d valid, %d with errors' % (145716 - len(enc_before), len(enc_before)) in summary, summary
print('output: 145716 games, no result-mismatch, no move error; errors: the %d games with encoding errors' % len(enc_before))
PY
finish
