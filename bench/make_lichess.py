#!/usr/bin/env python3
"""make_lichess.py BOOK OUT: a lichess-style PGN made from a file of plain games (the GNU Chess
book), for bench/real_bench.sh: the database's shape, with a `{ [%clk H:MM:SS] }` comment
after every move (each side's clock counting down from the TimeControl's base, less a plausible
think time, plus the increment), `[%eval]` before the clock on every move of every third game,
and `TimeControl`, `WhiteElo`, `BlackElo` tags. Deterministic (a fixed seed): the same file on
every run. Streams: one game in memory at a time."""
import random
import re
import sys

CONTROLS = [(60, 0), (180, 0), (180, 2), (300, 3), (600, 0), (900, 10)]
NUMBER = re.compile(r"^\d+\.+$")
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


def clock(sec):
    return "%d:%02d:%02d" % (sec // 3600, sec // 60 % 60, sec % 60)


def movetext(words, gi, rng):
    base, inc = CONTROLS[gi % len(CONTROLS)]
    left = [base, base]
    ev = rng.uniform(-0.5, 0.5)
    out = []
    side = 0
    for w in words:
        if NUMBER.match(w) or w in RESULTS:
            out.append(w)
            continue
        think = min(left[side] - 1, int(rng.expovariate(1.0 / max(1.0, base / 40.0))))
        left[side] = max(0, left[side] - max(0, think)) + inc
        out.append(w)
        if gi % 3 == 0:
            ev = max(-9.9, min(9.9, ev + rng.uniform(-0.3, 0.3)))
            out.append("{ [%%eval %.2f] [%%clk %s] }" % (ev, clock(left[side])))
        else:
            out.append("{ [%%clk %s] }" % clock(left[side]))
        side ^= 1
    return out, base, inc


def write_game(dst, tags, text, gi, rng):
    words = " ".join(text).split()
    moves, base, inc = movetext(words, gi, rng)
    for t in tags:
        dst.write(t)
    dst.write('[WhiteElo "%d"]\n[BlackElo "%d"]\n[TimeControl "%d+%d"]\n\n' % (
        rng.randint(1200, 2800), rng.randint(1200, 2800), base, inc))
    line = ""
    for w in moves:
        if line and len(line) + 1 + len(w) > 79:
            dst.write(line + "\n")
            line = w
        else:
            line = w if not line else line + " " + w
    dst.write(line + "\n\n")


def main():
    src, out = sys.argv[1], sys.argv[2]
    rng = random.Random(17)
    gi = 0
    tags, text = [], []
    with open(src, encoding="latin-1") as f, open(out, "w", encoding="latin-1") as dst:
        for line in f:
            if line.startswith("["):
                if text:
                    write_game(dst, tags, text, gi, rng)
                    gi += 1
                    tags, text = [], []
                tags.append(line)
            elif line.strip():
                text.append(line.strip())
        if text:
            write_game(dst, tags, text, gi, rng)
            gi += 1
    print("%s: %d games" % (out, gi))


if __name__ == "__main__":
    main()
