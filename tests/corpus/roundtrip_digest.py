#!/usr/bin/env python3
"""Compare the games of two `hamle-convert --to json` streams (one JSON object per line).

usage: roundtrip_digest.py ORIGINAL.jsonl WRITTEN.jsonl LABEL

ORIGINAL is the input file read as JSON; WRITTEN is what hamle wrote from it (PGN, or Turkish FIDE style)
read back as JSON. For every game, in order:
  - the game count is equal;
  - every tag of the original is in the written game with the same value (the writer may add the
    Seven Tag Roster's "?" placeholders, nothing else);
  - the moves of the mainline and of every variation (UCI), their comments (text, in order), NAGs and
    draw offers are equal, walked with an explicit stack (no recursion);
  - the verdict (status) is equal: a failed game fails again (where, is tested elsewhere), also one
    whose only errors are `encoding` ones (written decoded, with an encoding note).
Prints one line per difference (at most 20) and a summary line; exit 0 when there is none.
Streams: memory holds one game of each side at a time.
"""
import json
import re
import sys

# Fast path: a written game whose JSON line equals the original's once the file name and the language
# are taken out needs no parsing (most games of a clean file).
VOLATILE = re.compile(r'"(source|lang)":"[^"]*",?')

ROSTER_DEFAULTS = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?",
                   "Black": "?", "Result": "*"}
MOVE_KEYS = ("uci", "comments", "comments_before", "nags", "draw_offer")


def first_error(game):
    for f in game.get("findings", []):
        if f.get("severity") == "error":
            return f
    return None


def norm(key, value):
    """Comments compared with their whitespace collapsed: the writer reflows comment text into lines of
    at most 80 characters (PGN export format), which moves line breaks and trims the ends."""
    if key in ("comments", "comments_before") and value:
        value = [" ".join(c.split()) for c in value]
    return json.dumps(value, ensure_ascii=False)


def move_lines(game):
    """(path, ply, key) tuples of everything a move carries, walked without recursion."""
    out = []
    stack = [((), game.get("moves", []))]
    while stack:
        path, moves = stack.pop()
        for i, m in enumerate(moves):
            here = path + (i,)
            out.append((here, tuple((k, norm(k, m.get(k))) for k in MOVE_KEYS
                                    if m.get(k) not in (None, [], ""))))
            for v, var in enumerate(m.get("variations", []) or []):
                stack.append((here + ("v%d" % v,), var))
    out.sort(key=lambda t: [str(x) for x in t[0]])
    return out


def compare(a, b, n):
    """Differences between original game a and written game b (number n), as strings."""
    diffs = []
    ta, tb = a.get("tags", {}), b.get("tags", {})
    for k, v in ta.items():
        if tb.get(k) != v:
            diffs.append("game %d: tag %s %r written as %r" % (n, k, v, tb.get(k)))
    for k, v in tb.items():
        if k not in ta and ROSTER_DEFAULTS.get(k) != v and not (k == "Result" and v == a.get("result")):
            diffs.append("game %d: tag %s %r added" % (n, k, v))
    if a.get("status") != b.get("status"):
        diffs.append("game %d: verdict %s became %s" % (n, a.get("status"), b.get("status")))
    ea, eb = first_error(a), first_error(b)
    if ea is not None:
        # A failed game is written in its own language up to its error, then its rest as read and
        # a {hamle: error} note: it must fail again. Where exactly it fails on reading back (the
        # rest re-read in the form's language) is tested on its own (cli.convert_still_fails,
        # corpus.convert_lang: same code and token), not here.
        if eb is None:
            diffs.append("game %d: error %s %r no longer fails" % (n, ea.get("code"), ea.get("token")))
        return diffs
    elif a.get("result") != b.get("result"):
        diffs.append("game %d: result %r became %r" % (n, a.get("result"), b.get("result")))
    ma, mb = move_lines(a), move_lines(b)
    if ma != mb:
        for x, y in zip(ma, mb):
            if x != y:
                diffs.append("game %d: at %s: %s / %s" % (n, x[0], x[1], y[1]))
                break
        else:
            diffs.append("game %d: %d move entries became %d" % (n, len(ma), len(mb)))
    return diffs


def games(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line:
                yield line


def main():
    orig, written, label = sys.argv[1], sys.argv[2], sys.argv[3]
    n = 0
    diffs = []
    ga, gb = games(orig), games(written)
    while True:
        a, b = next(ga, None), next(gb, None)
        if a is None and b is None:
            break
        n += 1
        if a is None or b is None:
            rest_a = sum(1 for _ in ga) + (a is not None)
            rest_b = sum(1 for _ in gb) + (b is not None)
            diffs.append("game count: %d read, %d written" % (n - 1 + rest_a, n - 1 + rest_b))
            break
        if VOLATILE.sub("", a) != VOLATILE.sub("", b):
            diffs.extend(compare(json.loads(a), json.loads(b), n))
    for d in diffs[:20]:
        print("%s: %s" % (label, d))
    print("%s: %d games, %d differences" % (
        label, n if not diffs or not diffs[-1].startswith("game count") else n - 1, len(diffs)))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
