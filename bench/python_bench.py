#!/usr/bin/python3
"""The Python package against python-chess and hamle-validate, in one run, on one file.

    HAMLE_LIBRARY=build/lib/libhamle.so.0 PYTHONPATH=python:../shared/peers/python-chess \\
        /usr/bin/python3 bench/python_bench.py [--mb 3] [--repeat 5] [--bin build/cmd] [BOOK]

BOOK defaults to $BENCH_BOOK, else bench/data/gnuchess-book-1.02.pgn (unpacked there from
../shared/corpus when missing). Its first --mb MB (cut at a game's start; 0: all of it) are
read:
  - hamle.read into Game objects, each game's tags and UCI moves taken (games/s);
  - python-chess on the same bytes (chess.pgn.read_game, headers and mainline UCI moves);
  - hamle.validate against `hamle-validate -j 1` (wall time of the process, start-up included);
  - threads: hamle.read and hamle.validate over 4 pieces of the file, 1 thread against 2;
  - Dask (--dask): hamle.cluster.validate_files over 8 pieces, 1 worker against 2.
Times are medians of --repeat runs (python-chess: one run). Prints a Markdown table."""
from __future__ import annotations

import argparse
import concurrent.futures
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "python"))
import hamle  # noqa: E402


def book_path(arg: str | None) -> pathlib.Path:
    p = pathlib.Path(arg or os.environ.get("BENCH_BOOK") or ROOT / "bench" / "data" / "gnuchess-book-1.02.pgn")
    if not p.exists() and not arg and not os.environ.get("BENCH_BOOK"):
        unpack = ROOT.parent / "shared" / "corpus" / "unpack"
        subprocess.run([str(unpack), str(ROOT / "bench" / "data")], check=True, stdout=subprocess.DEVNULL)
    if not p.exists():
        sys.exit(f"python_bench: no {p}")
    return p


def head(data: bytes, mb: float) -> bytes:
    if mb <= 0 or len(data) <= mb * 1e6:
        return data
    cut = data.find(b"\n[Event ", int(mb * 1e6))
    return data if cut < 0 else data[:cut + 1]


def pieces(data: bytes, n: int) -> list[bytes]:
    out, start = [], 0
    for i in range(1, n):
        cut = data.find(b"\n[Event ", len(data) * i // n)
        if cut < 0:
            break
        out.append(data[start:cut + 1])
        start = cut + 1
    out.append(data[start:])
    return out


def write_pieces(data: bytes, n: int, tmp: str, prefix: str) -> list[str]:
    """data cut into n pieces at games' starts, each written to tmp/PREFIXi.pgn; their paths."""
    paths = []
    for i, piece in enumerate(pieces(data, n)):
        p = os.path.join(tmp, f"{prefix}{i}.pgn")
        with open(p, "wb") as f:
            f.write(piece)
        paths.append(p)
    return paths


def median_time(fn, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), result


def read_games(path) -> int:
    n = 0
    for g in hamle.read(path):
        g.tags
        g.uci
        n += 1
    return n


def chess_games(path) -> int:
    import chess.pgn
    n = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        while True:
            g = chess.pgn.read_game(f)
            if g is None:
                return n
            dict(g.headers)
            [m.uci() for m in g.mainline_moves()]
            n += 1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("book", nargs="?")
    ap.add_argument("--mb", type=float, default=3)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--bin", default=os.environ.get("HAMLE_BIN", str(ROOT / "build" / "cmd")))
    ap.add_argument("--no-chess", action="store_true", help="leave python-chess out")
    ap.add_argument("--dask", action="store_true")
    a = ap.parse_args()
    data = head(book_path(a.book).read_bytes(), a.mb)
    tmp = tempfile.mkdtemp(prefix="hamle-pybench-")
    path = os.path.join(tmp, "book.pgn")
    with open(path, "wb") as f:
        f.write(data)
    cli = os.path.join(a.bin, "hamle-validate")
    rows = []
    t_read, games = median_time(lambda: read_games(path), a.repeat)
    rows.append(("hamle.read (tags + UCI)", t_read, games))
    t_val, v = median_time(lambda: hamle.validate(path).run(), a.repeat)
    rows.append(("hamle.validate", t_val, v.games))
    t_cli, _ = median_time(lambda: subprocess.run([cli, "-j", "1", "-q", path], stdout=subprocess.DEVNULL,
                                                  stderr=subprocess.DEVNULL), a.repeat)
    rows.append(("hamle-validate -j 1", t_cli, v.games))
    t_chess = None
    if not a.no_chess:
        t_chess, n_chess = median_time(lambda: chess_games(path), 1)
        rows.append(("python-chess read_game (headers + UCI)", t_chess, n_chess))
    print(f"{len(data) / 1e6:.1f} MB, {games} games; hamle {hamle.library_version()}, "
          f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}\n")
    print("| what | time (s) | games | games/s |")
    print("|---|---:|---:|---:|")
    for name, t, n in rows:
        print(f"| {name} | {t:.3f} | {n} | {n / t:,.0f} |")
    print()
    if t_chess:
        print(f"read: {t_chess / t_read:.0f}x python-chess (target 100x)")
    print(f"validate: {t_val / t_cli:.2f}x the time of hamle-validate -j 1 (target at most 1.5x)")
    # threads over pieces
    parts = write_pieces(data, 4, tmp, "piece")
    for label, fn in (("read", read_games), ("validate", lambda p: hamle.validate(p).run().games)):
        ts = []
        for threads in (1, 2):
            def run(threads=threads):
                with concurrent.futures.ThreadPoolExecutor(threads) as ex:
                    return sum(ex.map(fn, parts))
            t, _ = median_time(run, a.repeat)
            ts.append(t)
        print(f"threads, {label} over 4 pieces: 1 thread {ts[0]:.3f} s, 2 threads {ts[1]:.3f} s "
              f"({ts[0] / ts[1]:.2f}x)")
    if a.dask:
        import distributed
        from hamle import cluster as hcluster
        dparts = write_pieces(data, 8, tmp, "dask")
        ts = []
        for workers in (1, 2):
            cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                               dashboard_address=None, silence_logs=40)
            with distributed.Client(cluster) as client:
                client.run(lambda: __import__("hamle"))
                t, total = median_time(lambda: hcluster.validate_files(client, dparts), a.repeat)
            cluster.close()
            ts.append(t)
        print(f"dask, validate over 8 pieces: {total['games']} games, {total['errors'] + total['warnings']} "
              f"findings; 1 worker {ts[0]:.3f} s, 2 workers {ts[1]:.3f} s ({ts[0] / ts[1]:.2f}x)")
    for p in [path] + parts + (dparts if a.dask else []):
        os.unlink(p)
    os.rmdir(tmp)


if __name__ == "__main__":
    main()
