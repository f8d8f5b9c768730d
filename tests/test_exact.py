"""Exact dense search over a small snapshot's chunk vectors (rag/index/exact.py)."""

from __future__ import annotations

import numpy as np
import pytest

import rag.index.exact as exact


class _Snapshot:
    def __init__(self, papers, ids):
        self.by_id = {p: i for i, p in enumerate(papers)}
        self._ids = ids
        self.chunk_ids = ids

    def chunk_id_list(self):
        return list(self._ids)


IDS = ["b:0:x", "a:0:x", "a:1:y", "c:0:z", "gone:0:q"]
VECTORS = np.array([[1, 0], [0, 2], [1, 1], [-1, 0], [1, 0]], dtype=np.float32)


def _built():
    return exact.build(IDS, VECTORS, _Snapshot(["a", "b", "c"], IDS))


def test_finds_the_nearest_chunks_by_cosine_best_first():
    top = _built().top(np.array([2.0, 0.0]), 3)
    assert [(c, p) for c, p, _ in top] == [("b:0:x", "b"), ("a:1:y", "a"), ("a:0:x", "a")]
    assert [s for _, _, s in top] == pytest.approx([1.0, 2 ** -0.5, 0.0])


def test_a_chunk_of_a_paper_the_snapshot_lacks_is_never_found():
    assert "gone:0:q" not in [c for c, _, _ in _built().top(np.array([1.0, 0.0]), 10)]


def test_a_filter_keeps_only_its_papers_chunks():
    mask = np.array([1.0, 0.0, 1.0], dtype=np.float32)  # papers a and c
    assert [p for _, p, _ in _built().top(np.array([1.0, 0.0]), 10, mask)] == ["a", "a", "c"]


def test_ties_come_in_chunk_id_order_whatever_order_they_were_loaded_in():
    ids = ["z:0:a", "m:0:a", "a:0:a"]
    same = np.ones((3, 2), dtype=np.float32)
    built = exact.build(ids, same, _Snapshot(["a", "m", "z"], ids))
    assert [c for c, _, _ in built.top(np.array([1.0, 1.0]), 2)] == ["a:0:a", "m:0:a"]


def test_asking_for_more_than_there_is_returns_all_and_nothing_is_empty():
    assert len(_built().top(np.array([0.0, 1.0]), 99)) == 4
    empty = exact.build([], np.zeros((0, 2), np.float32), _Snapshot([], []))
    assert empty.top(np.array([1.0, 0.0]), 5) == []


def test_loads_once_per_snapshot_and_not_at_all_above_the_limit(monkeypatch):
    snapshot = _Snapshot(["a", "b", "c"], IDS)
    loads = []

    def load(ids):
        loads.append(len(ids))
        return list(ids), VECTORS

    assert exact.exact_vectors(snapshot, load) is exact.exact_vectors(snapshot, load)
    assert loads == [len(IDS)]
    monkeypatch.setattr(exact, "EXACT_CHUNKS", len(IDS) - 1)
    assert exact.exact_vectors(_Snapshot(["a"], IDS), load) is None and loads == [len(IDS)]


def test_warm_up_loads_the_matrix_in_the_background_and_a_search_then_loads_nothing(built_settings, monkeypatch):
    """The page's start loads the search matrix (3 s at 5,183 papers) beside itself, not in the first answer."""
    import threading

    import rag
    import rag.api

    if built_settings.index.chroma_url:
        pytest.skip("a Chroma server is asked on every search: there is no matrix to load")
    if rag.api._warming is not None:  # an earlier test's load must not count here
        rag.api._warming.join(timeout=60)
    release, loads = threading.Event(), []
    original = exact.build

    def slow_build(*args):
        assert release.wait(timeout=60)  # the load goes on after warm_up has returned
        loads.append(1)
        return original(*args)

    monkeypatch.setattr(exact, "build", slow_build)
    monkeypatch.setattr(exact, "_BUILT", type(exact._BUILT)())  # another test may have loaded this snapshot
    rag.warm_up(built_settings)
    assert loads == [] and rag.api._warming.is_alive()  # warm_up returned while the matrix was still loading
    release.set()
    rag.api._warming.join(timeout=60)
    assert loads == [1]
    rag.ask("What speedup does Veda report?", settings=built_settings)
    assert loads == [1]  # the answer used the loaded matrix
