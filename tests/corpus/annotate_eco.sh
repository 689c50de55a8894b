#!/usr/bin/env bash
# annotate_eco.sh (label corpus): on ../shared/corpus/medium (13,163 games):
# `hamle-annotate --eco` (the lichess table of data/eco/, the opening of the mainline's position
# reached last) gives the ECO code `pgn-extract -e` gives with its own eco.pgn for at least 93% of
# the games (93.6% here). The rest, by kind (printed): a code of the same decade (C18 for C19: the
# tables end a line at different depths, e.g. the French Winawer's 7th moves), of the same volume
# (C54 for C53), or of another one (A30 for A04: 1. Nf3 c5 2. c4 is the English by its position,
# a Reti by pgn-extract's move order); every game gets a code from both.
. "$(dirname "$0")/../cli/common.sh"
skip_without_shared
require_tool annotate
command -v python3 >/dev/null || skip "python3 not found"
pgnx=/usr/games/pgn-extract
ecopgn=/usr/share/pgn-extract/eco.pgn
[ -x "$pgnx" ] && [ -f "$ecopgn" ] || skip "pgn-extract or its eco.pgn not installed"
mapfile -t files < <(find "$HAMLE_SHARED/corpus/medium" -name '*.pgn' | sort)

run_tool annotate -j 2 -q --eco "${files[@]}"
[ "$RUN_RC" -le 1 ] || fail "hamle-annotate exit $RUN_RC"
cp "$RUN_OUT" "$HAMLE_TMP/hamle.pgn"
"$pgnx" -e"$ecopgn" -s -o "$HAMLE_TMP/pgnx.pgn" "${files[@]}" >/dev/null 2>&1 || true

python3 - "$HAMLE_TMP" <<'PY' || fail "ECO comparison"
import collections, re, sys
tmp = sys.argv[1]
def ecos(path):
    out = []
    for line in open(path, encoding='utf-8', errors='replace'):
        if line.startswith('[Event '):
            out.append(None)
        m = re.match(r'\[ECO "(.*)"\]', line)
        if m and out:
            out[-1] = m.group(1)
    return out
ours, theirs = ecos(tmp + '/hamle.pgn'), ecos(tmp + '/pgnx.pgn')
assert len(ours) == len(theirs) == 13163, (len(ours), len(theirs))
same = sum(1 for a, b in zip(ours, theirs) if a == b)
kinds = collections.Counter()
for a, b in zip(ours, theirs):
    if a == b:
        continue
    kinds['no code' if not a or not b else 'same decade' if a[:2] == b[:2] else
          'same volume' if a[0] == b[0] else 'another volume'] += 1
pairs = collections.Counter((a, b) for a, b in zip(ours, theirs) if a != b)
print('same ECO as pgn-extract -e: %d of %d (%.1f%%); the rest: %s' % (same, len(ours), 100.0 * same / len(ours), dict(kinds)))
print('most frequent (hamle, pgn-extract):', pairs.most_common(6))
assert same >= 0.93 * len(ours)
assert kinds['no code'] == 0
PY
finish
