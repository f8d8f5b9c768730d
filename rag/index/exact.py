"""Exact dense search over a snapshot's chunk vectors, for collections small enough to hold in memory.

Chroma's HNSW is approximate, and in the embedded client its results differed from one process to the next:
the vectors added since its graph was last persisted (up to `sync_threshold`, 1,000) are inserted again on
every load, by several threads, into a graph that comes out different each time. Over PubMedQA's 1,000
abstracts (5,006 chunks, 910 of them replayed) the same question drew other candidates in two runs of three,
and "Is the code out?" was answered in one process and declined in the next. Up to EXACT_CHUNKS chunks a
matrix product finds the true nearest chunks, the same in every process, in about the time HNSW takes; above
it (100k papers is about 550k chunks) the matrix would not fit a small machine and Chroma's index serves.
"""

from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass

import numpy as np

from rag.index.chunks import paper_of
from rag.index.snapshot import Snapshot

# not tuned: 50,000 chunks of 384 float32 dimensions are 77 MB (about 9,000 papers); SciFact's 5,183 abstracts
# are 28,921 chunks
EXACT_CHUNKS = 50_000


@dataclass(frozen=True)
class ExactVectors:
    """A snapshot's chunk vectors, unit length, with each chunk's paper row (-1: a paper the snapshot lacks)."""

    ids: tuple[str, ...]  # "<paper id>:<window>:<digest>"
    rows: np.ndarray  # int64, one per chunk
    unit: np.ndarray  # float32, chunks x dimensions

    def top(self, vector: np.ndarray, n: int, mask: np.ndarray | None = None) -> list[tuple[str, str, float]]:
        """The `n` chunks most similar to `vector` among the papers `mask` keeps: (chunk id, paper id, cosine),
        best first; ties in chunk-id order."""
        if not len(self.ids) or n <= 0:
            return []
        query = np.asarray(vector, dtype=np.float32)
        norm = float(np.linalg.norm(query))
        # einsum, not `@`: a matrix-vector product is bound by memory, and BLAS's threads (two here) spin on after
        # it, which doubled a search's CPU time at SciFact's size (make bench: 21 -> 38 ms) for no gain in wall time
        similarity = np.einsum("ij,j->i", self.unit, query / norm if norm else query)
        keep = self.rows >= 0
        if mask is not None:
            keep &= np.asarray(mask, dtype=bool)[np.where(keep, self.rows, 0)]
        candidates = np.flatnonzero(keep)
        if len(candidates) > n:
            candidates = candidates[np.argpartition(-similarity[candidates], n - 1)[:n]]
        ordered = candidates[np.lexsort((candidates, -similarity[candidates]))]
        return [(self.ids[i], paper_of(self.ids[i]), float(similarity[i])) for i in ordered]


def build(ids: list[str], vectors: np.ndarray, snapshot: Snapshot) -> ExactVectors:
    """The search matrix over `ids` (sorted, so every process holds them in the same order)."""
    order = sorted(range(len(ids)), key=ids.__getitem__)
    ids = [ids[i] for i in order]
    # nothing stored: an empty matrix (a (0, 0) array cannot be reshaped to rows of unknown width)
    matrix = np.asarray(vectors, dtype=np.float32).reshape(len(ids), -1)[order] if ids else np.zeros((0, 1), np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    rows = np.array([snapshot.by_id.get(paper_of(i), -1) for i in ids], dtype=np.int64)
    return ExactVectors(tuple(ids), rows, matrix / np.where(norms > 0, norms, 1.0))


_BUILT: "weakref.WeakKeyDictionary[Snapshot, ExactVectors]" = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()  # the page answers several questions at once: one load per snapshot


def exact_vectors(snapshot: Snapshot, load) -> ExactVectors | None:
    """The snapshot's search matrix, loaded once by `load(ids) -> (ids, vectors)`; None above EXACT_CHUNKS."""
    if len(snapshot.chunk_ids) > EXACT_CHUNKS:
        return None
    found = _BUILT.get(snapshot)
    if found is None:
        with _LOCK:
            found = _BUILT.get(snapshot)
            if found is None:
                ids, vectors = load(snapshot.chunk_id_list())
                found = _BUILT[snapshot] = build(ids, vectors, snapshot)
    return found
