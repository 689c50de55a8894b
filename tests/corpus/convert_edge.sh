#!/bin/bash
# convert_edge.sh (label corpus): no data loss on every *.pgn of ../shared/corpus/edge. Per file: games in
# (one JSON record per game read) = games out (PGN games written); for every game that converts
# fully, the counts of comments, NAGs (glyphs count as NAGs, the draw offer (=) as a comment) and
# variations of the input equal those of the output, counted by an independent lexer (Python)
# that splits games the way the PGN reader does. Games that do not convert fully are listed with
# their first finding.
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool convert
command -v python3 >/dev/null || skip "python3 not found"
T=$HAMLE_TMP
files=0 games=0 full=0 failed=0
while IFS= read -r -d '' f; do
	files=$((files + 1))
	run_tool convert -q --to json "$f"
	[ "$RUN_RC" -le 1 ] || { fail "$f: exit $RUN_RC"; continue; }
	cp "$RUN_OUT" "$T/json"
	run_tool convert -q "$f"
	[ "$RUN_RC" -le 1 ] || { fail "$f: exit $RUN_RC"; continue; }
	cp "$RUN_OUT" "$T/out.pgn"
	cp "$RUN_ERR" "$T/err"
	res=$(python3 - "$f" "$T/out.pgn" "$T/json" "$T/err" <<'PY'
import json, re, sys
src, out, js, err = sys.argv[1:5]
GLYPH = re.compile(r'^(!!|\?\?|!\?|\?!|!|\?|\+/?-|-/?\+|\+/=|=/\+|=|±|∓|∞|□|⩲|⩱)$')
def games(text):
    """Per game [comments, nags, variations], games cut after a result at depth 0 or at a
    tag line once a game has movetext."""
    res, cur, i, n, depth, moved = [], [0, 0, 0], 0, len(text), 0, False
    line_start = True
    while i < n:
        c = text[i]
        if c == '\n':
            line_start = True; i += 1; continue
        if c in ' \t\r\f\v':
            i += 1; continue
        if line_start and c == '%':
            j = text.find('\n', i); i = n if j < 0 else j; continue
        if line_start and c == '[' and moved:
            res.append(cur); cur, moved, depth = [0, 0, 0], False, 0
        line_start = False
        if c == '[':  # [Name "value with \" and \\"]
            j = i + 1
            while j < n and text[j] not in '"\n]':
                j += 1
            if j < n and text[j] == '"':
                j += 1
                while j < n and text[j] not in '"\n':
                    j += 2 if text[j] == '\\' and j + 1 < n and text[j + 1] in '"\\' else 1
                j += 1
            while j < n and text[j] not in ']\n':
                j += 1
            i = j + 1; continue
        moved = True
        if c == '{':
            j = text.find('}', i); i = n if j < 0 else j + 1; cur[0] += 1; continue
        if c == ';':
            j = text.find('\n', i); i = n if j < 0 else j; cur[0] += 1; continue
        if text.startswith('(=)', i):
            cur[0] += 1; i += 3; continue
        if c == '(':
            cur[2] += 1; depth += 1; i += 1; continue
        if c == ')':
            depth = max(0, depth - 1); i += 1; continue
        if c == '$':
            j = i + 1
            while j < n and text[j].isdigit(): j += 1
            cur[1] += 1; i = j; continue
        j = i
        while j < n and text[j] not in ' \t\r\n\f\v{};()[]$':
            j += 1
        if j == i:  # a stray '}' or ']'
            i += 1; continue
        w = text[i:j]; i = j
        m = re.match(r'^(.*?)(!!|\?\?|!\?|\?!|!|\?)$', w)
        if GLYPH.match(w) or (m and m.group(1) and not m.group(1)[-1] in '.…'):
            cur[1] += 1
        if depth == 0 and re.match(r'^(1-0|0-1|1/2-1/2|\*|½-½)$', w):
            res.append(cur); cur, moved = [0, 0, 0], False
    if moved: res.append(cur)
    return res
recs = [json.loads(l) for l in open(js, encoding='utf-8')]
out_text = open(out, encoding='utf-8').read()
# games passed through unchanged (unsupported variants) keep their own tags: count them apart
n_out = len(re.findall(r'^\[Event ', out_text, re.M)) + sum(1 for r in recs if r['status'] == 'unsupported' and 'Event' not in r['tags'])
print("GAMES", len(recs), n_out)
if len(recs) != n_out:
    print("FAIL games in %d != games out %d" % (len(recs), n_out)); sys.exit()
try:
    gin = games(open(src, encoding='utf-8', errors='replace').read().lstrip('\ufeff'))
except Exception as e:
    gin = []
gout = games(out_text)
if len(gout) != len(recs):
    print("FAIL the output splits into %d games, %d were read" % (len(gout), len(recs)))
ok = [r['status'] == 'ok' for r in recs]
full = sum(ok)
print("FULL", full, len(recs) - full)
if len(gin) != len(recs):
    print("NOTE independent split found %d games, reader %d: compared totals of full games" % (len(gin), len(recs)))
    return_totals = True
else:
    return_totals = False
if not return_totals:
    for k, (a, b) in enumerate(zip(gin, gout)):
        if ok[k] and a != b:
            print("FAIL game %d: in comments/nags/variations %s, out %s" % (k + 1, a, b))
else:
    if all(ok):
        a = [sum(x[i] for x in gin) for i in range(3)]; b = [sum(x[i] for x in gout) for i in range(3)]
        if a != b: print("FAIL totals in %s, out %s" % (a, b))
for k, r in enumerate(recs):
    if r['status'] != 'ok':
        f = [x for x in r['findings'] if x['severity'] == 'error']
        print("LIST game %d %s: %s" % (k + 1, r['status'], (f[0]['code'] + " '" + f[0]['token'] + "' " + f[0]['message']) if f else r['status']))
PY
)
	echo "$res" | grep -q '^FAIL' && fail "$f: $(echo "$res" | grep '^FAIL' | head -3)"
	set -- $(echo "$res" | sed -n 's/^GAMES //p')
	games=$((games + ${1:-0}))
	set -- $(echo "$res" | sed -n 's/^FULL //p')
	full=$((full + ${1:-0})); failed=$((failed + ${2:-0}))
	echo "$res" | grep -E '^(LIST|NOTE)' | sed "s|^|${f#$HAMLE_SHARED/corpus/edge/}: |"
done < <(find "$HAMLE_SHARED/corpus/edge" -name '*.pgn' -print0 | sort -z)
echo "edge: $files files, $games games in = out, $full converted fully with equal counts, $failed listed"
finish
