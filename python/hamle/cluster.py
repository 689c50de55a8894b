"""Validating many PGN files over a Dask cluster (python3-dask, python3-distributed): one task per
file, each a ``hamle.validate(path).summary()`` on a worker, the counts summed here. The same code
runs on a LocalCluster and on a real cluster (every worker needs hamle and libhamle, and the
files at the same paths, e.g. on a shared file system)."""
from __future__ import annotations

import os
from typing import Any, Iterable


def pgn_files(directory: str | os.PathLike[str], suffixes: tuple[str, ...] = (".pgn",)) -> list[str]:
    """The files under `directory` (recursively) whose names end in one of `suffixes`, sorted."""
    out = []
    for root, _dirs, names in os.walk(directory):
        out.extend(os.path.join(root, n) for n in names if n.endswith(suffixes))
    return sorted(out)


def summary(path: str, **options: Any) -> dict[str, Any]:
    """The task: hamle.validate(path, **options).summary() (runs on the worker)."""
    import hamle
    return hamle.validate(path, **options).summary()


def merge(summaries: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The sum of validate summaries: games, valid, invalid, with_warnings, errors, warnings, codes,
    and the number of files."""
    total: dict[str, Any] = {"files": 0, "games": 0, "valid": 0, "invalid": 0, "with_warnings": 0,
                             "errors": 0, "warnings": 0, "codes": {}}
    for s in summaries:
        total["files"] += 1
        for k in ("games", "valid", "invalid", "with_warnings", "errors", "warnings"):
            total[k] += s[k]
        for code, n in s["codes"].items():
            total["codes"][code] = total["codes"].get(code, 0) + n
    return total


def validate_files(client: Any, paths: Iterable[str], **options: Any) -> dict[str, Any]:
    """Validates every file of `paths` on `client`'s workers (a dask.distributed Client), the
    largest first so that the long ones start early, and returns the merged counts."""
    paths = sorted(paths, key=lambda p: -os.path.getsize(p))
    futures = client.map(summary, paths, pure=False, **options)
    return merge(client.gather(futures))
