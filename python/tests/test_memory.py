"""Nothing leaked: 100,000 games read in a loop (tags, UCI, findings, FEN touched), under tracemalloc,
with Python's traced memory and the process's RSS flat after a warm-up."""
import gc
import io
import os
import tracemalloc

import hamle
from conftest import TESTDATA

GAMES = 100_000


class Repeat(io.RawIOBase):
    """A file object giving `data` over and over, `times` times: a big input that takes no memory."""

    def __init__(self, data, times):
        self.data, self.left, self.pos = data, times, 0

    def readable(self):
        return True

    def readinto(self, b):
        if self.left == 0:
            return 0
        n = min(len(b), len(self.data) - self.pos)
        b[:n] = self.data[self.pos:self.pos + n]
        self.pos += n
        if self.pos == len(self.data):
            self.pos, self.left = 0, self.left - 1
        return n


def rss_kib():
    with open(f"/proc/{os.getpid()}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def test_hundred_thousand_games_flat_memory():
    files = [TESTDATA / "replay" / "story.pgn", TESTDATA / "fuzz" / "quick" / "lichess-clock-comments.pgn",
             TESTDATA / "suggest" / "real-typos.pgn"]
    data = b"\n".join(p.read_bytes() for p in files) + b"\n"
    per = sum(1 for _ in hamle.read(data))
    times = GAMES // per + 1
    tracemalloc.start()
    samples = []
    n = 0
    findings = 0
    for g in hamle.read(Repeat(data, times), batch=256):
        g.tags
        g.uci
        g.final_fen
        findings += len(g.findings)
        n += 1
        if n % 10_000 == 0:
            gc.collect()
            samples.append((tracemalloc.get_traced_memory()[0], rss_kib()))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert n == per * times and n >= GAMES
    assert findings > 0
    traced = [s[0] for s in samples]
    rss = [s[1] for s in samples]
    print(f"{n} games; traced memory at each 10,000: {[t // 1024 for t in traced]} KiB (peak {peak // 1024} KiB); "
          f"RSS {rss} KiB")
    # after the first sample (warm-up: locales, caches), no growth beyond noise
    assert max(traced[1:]) - traced[1] < 256 * 1024, traced
    assert max(rss[1:]) - rss[1] < 4 * 1024, rss
    # the validate loop: the same
    before = rss_kib()
    v = hamle.validate(Repeat(data, times)).run()
    assert v.games == n
    assert rss_kib() - before < 4 * 1024
