"""Shared paths for the tests: the test data, ../shared, the CLI tools of the build under test."""
import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TESTDATA = pathlib.Path(os.environ.get("HAMLE_TESTDATA", ROOT / "testdata"))
SHARED = pathlib.Path(os.environ.get("HAMLE_SHARED", ROOT.parent / "shared"))


def hamle_bin(tool: str) -> str:
    """The path of a hamle tool: $HAMLE_BIN/tool, the library's build directory, else PATH."""
    d = os.environ.get("HAMLE_BIN")
    if d and os.path.exists(os.path.join(d, tool)):
        return os.path.join(d, tool)
    lib = os.environ.get("HAMLE_LIBRARY")
    if lib:
        p = pathlib.Path(lib).resolve().parent.parent / "cmd" / tool
        if p.exists():
            return str(p)
    found = shutil.which(tool)
    if not found:
        pytest.skip(f"{tool} not found")
    return found


def need_shared(*parts: str) -> pathlib.Path:
    p = SHARED.joinpath(*parts)
    if not p.exists():
        print("skipped: ../shared not found")
        pytest.skip("skipped: ../shared not found")
    return p
