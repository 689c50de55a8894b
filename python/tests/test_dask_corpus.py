"""The Dask recipe over ../shared/corpus/medium (13,163 games in 10 files): the counts of
hamle-validate -j 2, and the times with one worker and with two."""
import pytest

from conftest import need_shared

pytest.importorskip("distributed")


def test_dask_medium_corpus():
    from test_dask import compare
    one, t1, t2 = compare(need_shared("corpus", "medium"))
    assert one["games"] >= 13000
