"""Validating a directory of PGN files with Dask (a LocalCluster) gives the game and finding counts
hamle-validate -j 2 gives over the same directory; the times with one worker and with two are
printed."""
import re
import shutil
import subprocess
import time

import pytest

import hamle.cluster
from conftest import TESTDATA, hamle_bin

dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")


def cli_counts(directory):
    out = subprocess.run([hamle_bin("hamle-validate"), "-j", "2", "-q", "--format", "json", str(directory)],
                         capture_output=True, text=True)
    assert out.returncode in (0, 1), out.stderr
    full = subprocess.run([hamle_bin("hamle-validate"), "-j", "2", str(directory)],
                          capture_output=True, text=True)
    m = re.search(r"(\d+) games?, (\d+) valid, (\d+) with errors?, (\d+) with warnings?", full.stderr)
    assert m, full.stderr
    games, valid, invalid, warned = map(int, m.groups())
    codes = {}
    line = [x for x in full.stderr.splitlines() if x.startswith("hamle-validate: ") and "games" not in x]
    if line:
        for part in line[-1][len("hamle-validate: "):].split(", "):
            code, n = part.rsplit(" ", 1)
            codes[code] = int(n)
    return {"games": games, "valid": valid, "invalid": invalid, "with_warnings": warned, "codes": codes}


def run_cluster(workers, files):
    cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=40)
    try:
        with distributed.Client(cluster) as client:
            client.run(lambda: __import__("hamle"))  # warm: the workers load the library first
            t = time.perf_counter()
            total = hamle.cluster.validate_files(client, files)
            return total, time.perf_counter() - t
    finally:
        cluster.close()


def compare(directory):
    files = hamle.cluster.pgn_files(directory)
    want = cli_counts(directory)
    one, t1 = run_cluster(1, files)
    two, t2 = run_cluster(2, files)
    for got in (one, two):
        assert {k: got[k] for k in want} == want
        assert got["files"] == len(files)
        assert sum(got["codes"].values()) == got["errors"] + got["warnings"]
    print(f"{len(files)} files, {one['games']} games, {sum(one['codes'].values())} findings "
          f"({one['invalid']} games with errors): the counts of hamle-validate -j 2; "
          f"1 worker {t1:.2f} s, 2 workers {t2:.2f} s")
    return one, t1, t2


def test_dask_directory_counts_equal_the_cli(tmp_path):
    d = tmp_path / "pgn"
    d.mkdir()
    for i, p in enumerate(sorted(TESTDATA.rglob("*.pgn"))):
        if "fuzz" in p.parts and "quick" not in p.parts:
            continue  # fuzzer seeds: not games
        shutil.copy(p, d / f"{i:03d}-{p.name}")
    one, _, _ = compare(d)
    assert one["games"] > 100 and one["invalid"] > 0
