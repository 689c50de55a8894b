#!/usr/bin/env python3
"""tune_bridge.py: weights for the bridge search's evidence (lib/src/replay/bridge_internal.h,
enum bridge_feature), learnt on sheets made from games other than the test's.

Runs tests/corpus/bridge_corpus in rows mode (-r: sheets as players write them) over a corpus
of games (the GNU Chess book, say) with weights other than the defaults, and moves one weight at
a time (coordinate search, steps halved when no move helps) to where the most first bridges
reach the original game's final position, k = 1 and k = 2 counted together, and (numbers kept,
bridge_corpus without -r) the most first bridges are the removed plies. Prints each improvement
and, at the end, the weights in the order of the enum.

usage: tools/tune_bridge.py BRIDGE_CORPUS_BINARY CORPUS_DIR [-n GAMES] [-s SEEDS] [-w START]
"""
import argparse
import re
import subprocess
import sys

FEATURES = ["marks", "rec_hang", "rec_side", "used", "capture", "hang", "side", "reply", "retake", "escape", "near", "prior", "rest", "threat"]
DEFAULT = [60, 90, 40, -20, -40, 60, 40, -40, -40, -30, -30, -1, -1, -40]
LINE = re.compile(r"^k=(\d): (\d+) games, (?:the final position reached by the first bridge|first) ([\d.]+)%")


def score(binary, corpus, weights, games, seeds, k2_games):
    """The share of first bridges that reach the final position, k = 1 and k = 2 together."""
    total = 0.0
    for seed in seeds:
        for mode in (["-r"], []):
            for k, n in ((1, games), (2, k2_games)):
                if n == 0:
                    continue
                out = subprocess.run([binary] + mode + ["-k", str(k), "-n", str(n), "-s", str(seed), "-w",
                                      ",".join(str(w) for w in weights), corpus],
                                     capture_output=True, text=True, check=False).stdout
                for line in out.splitlines():
                    m = LINE.match(line)
                    if m and int(m.group(1)) == k:
                        total += float(m.group(3))
    return total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("corpus")
    ap.add_argument("-n", type=int, default=4000, help="k = 1 sheets per seed")
    ap.add_argument("-m", type=int, default=600, help="k = 2 sheets per seed")
    ap.add_argument("-s", default="11,12", help="seeds (comma-separated)")
    ap.add_argument("-w", default=",".join(str(w) for w in DEFAULT), help="starting weights")
    ap.add_argument("-r", type=int, default=3, help="rounds")
    a = ap.parse_args()
    seeds = [int(s) for s in a.s.split(",")]
    w = [int(x) for x in a.w.split(",")]
    best = score(a.binary, a.corpus, w, a.n, seeds, a.m)
    print("start", w, "%.2f" % best, flush=True)
    step = [max(abs(x) // 2, 1) for x in w]
    for rnd in range(a.r):
        moved = False
        for i in range(len(w)):
            for sign in (1, -1):
                while True:
                    t = list(w)
                    t[i] += sign * step[i]
                    s = score(a.binary, a.corpus, t, a.n, seeds, a.m)
                    if s <= best:
                        break
                    best, w, moved = s, t, True
                    print("round %d %s -> %d: %.2f %s" % (rnd, FEATURES[i], w[i], best, w), flush=True)
            step[i] = max(step[i] // 2, 1)
        if not moved and all(s == 1 for s in step):
            break
    print("weights", ",".join(str(x) for x in w), "%.2f" % best)
    return 0


if __name__ == "__main__":
    sys.exit(main())
