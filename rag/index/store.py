"""The index: chunks of every paper as vectors in Chroma, plus a BM25 snapshot that names the papers.

Consistency without transactions: Chroma is reconciled towards the target chunk set (add what is
missing, in batches that survive a kill), then a new snapshot generation (papers, chunk ids, BM25)
is written and made current by one atomic step, and only then are stale vectors deleted. Readers
use only the current snapshot and ignore vectors it does not name, so they never see a half-ingest.

The parts: `VectorStore` (Chroma), a `SnapshotStore` (local files or the Chroma server), the pure
`plan_ingest`; `PaperIndex` composes them and holds the one-ingest-at-a-time lock.
"""

from __future__ import annotations

import logging
import os
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

import numpy as np
from filelock import FileLock

from rag.corpus.fingerprint import input_digest
from rag.corpus.papers import load_papers
from rag.errors import IndexBusy, IndexUnavailable
from rag.index.chunks import chunk_metadata, chunk_texts, make_chunks
from rag.index.embed import Embedder
from rag.index.embedders import get_embedder
from rag.index.plan import IngestPlan, Previous, is_unchanged, plan_ingest
from rag.index.published import Busy, PublishedSnapshots
from rag.index.snapshot import Snapshot, load_snapshot, new_generation, write_generation
from rag.index.snapshots import LocalSnapshots, ServerSnapshots, SnapshotStore
from rag.index.vectors import VectorStore
from rag.settings import Settings
from rag.types import Chunk, Paper

__all__ = ["IngestReport", "PaperIndex", "Progress", "Snapshot", "make_chunks"]

log = logging.getLogger("paperchat.index")
WRITE_BATCH = 256  # chunks per Chroma write: a kill loses at most this much embedding work
Progress = Callable[[int, int], None]


@dataclass
class IngestReport:
    """What one ingest did, for the CLI, the UI and the benchmarks."""

    papers: int = 0
    added: int = 0
    removed: int = 0
    unchanged: int = 0
    chunks: int = 0
    chunks_embedded: int = 0  # chunks given vectors in this ingest (by the model or the embedding cache)
    chunks_cached: int = 0  # of those, texts whose vector came from the embedding cache: no model call
    seconds: float = 0.0
    warnings: list[str] = field(default_factory=list)


class PaperIndex:
    """Papers in Chroma (vectors) and bm25s (keywords), kept describing the same set."""

    def __init__(self, settings: Settings | None = None, embedder: Embedder | None = None):
        self.settings = settings or Settings()
        self.dir = Path(self.settings.index.index_dir)
        self._embedder = embedder
        self.vectors = VectorStore(self.settings, self.dir, lambda: self.embedder.id)
        self._store: SnapshotStore | None = None
        self._snapshot: Snapshot | None = None
        self._own_generation: str | None = None

    # ---- parts
    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = get_embedder(self.settings)
        return self._embedder

    @property
    def client(self):
        return self.vectors.client

    @property
    def collection(self):
        return self.vectors.collection

    @property
    def collection_prefix(self) -> str:
        return self.vectors.prefix

    @property
    def collection_name(self) -> str:
        return self.vectors.name

    @property
    def store(self) -> SnapshotStore:
        if self._store is None:
            url = self.settings.index.chroma_url
            if url:
                with self.vectors.guard():
                    published = PublishedSnapshots(self.client, self.collection_prefix + "snapshots")
                self._store = ServerSnapshots(published, self.dir, url)
            else:
                self._store = LocalSnapshots(self.dir)
        return self._store

    @property
    def published(self) -> PublishedSnapshots:
        """Server mode only: the snapshots every process using this server reads."""
        return self.store.published

    # ---- reading
    def exists(self) -> bool:
        """Has an ingest ever committed here?"""
        if self.settings.index.chroma_url:
            return self.snapshot() is not None
        return (self.dir / "current.json").exists()

    def snapshot(self) -> Snapshot | None:
        """The current generation, reloaded only when an ingest has committed a new one."""
        with self.vectors.guard():
            generation = self.store.current()
            if generation is None:
                self._snapshot = None
                return None
            if self._snapshot is None or self._snapshot.generation != generation:
                if self._snapshot is not None and generation != self._own_generation:
                    self.vectors.reopen()  # another process wrote vectors this process has not loaded
                self._snapshot = load_snapshot(self.store.folder(generation))
        return self._snapshot

    def dense(self, vector: np.ndarray, n: int, venue: str | None = None, year: int | None = None):
        """Top chunks by cosine similarity: list of (chunk id, paper id, similarity); texts via `chunk_texts`."""
        try:
            return self.vectors.query(vector, n, venue, year)
        except IndexUnavailable:
            if self.settings.index.chroma_url:
                raise
            # Another process's ingest wrote to the shared SQLite: a filter there finds chunk ids this
            # process's vector index never loaded ("Error finding id"). Load Chroma afresh, ask once more.
            self.vectors.reopen()
            return self.vectors.query(vector, n, venue, year)

    def chunk_texts(self, paper: Paper) -> dict[str, str]:
        """Chunk id → text of a paper's windows, rebuilt as ingest made them (ids carry the text's digest).

        Rebuilt rather than read from Chroma: the few papers shown come back query after query (cached), a
        query that fetched documents took 4.2 ms instead of 1.7 at 5k papers, and storing them doubled the
        chunk text on disk with nobody reading it, so Chroma holds only vectors and filter fields."""
        return chunk_texts(paper, self.settings)

    # ---- writing
    def ingest(self, paths: Iterable[str | Path] | None = None, progress: Progress | bool = False) -> IngestReport:
        """Make the index hold exactly the papers under `paths` (default: the data folder)."""
        started = time.perf_counter()
        paths = list(paths) if paths is not None else [self.settings.index.data_dir]
        inputs = input_digest(paths, self.settings)
        with self._lock():
            old = self.snapshot()
            report = self._unchanged(old, inputs)  # byte-identical files: nothing to parse, embed or commit
            if report is None:
                loaded = load_papers(paths, max_chars=self.settings.index.max_index_chars)
                report = IngestReport(papers=len(loaded.papers), warnings=loaded.warnings)
                # recorded with the commit, so that re-reading the same files can skip all of this
                read = {"inputs": inputs, "warnings": loaded.warnings}
                self._ingest(old, loaded.papers, read, report, _progress_callback(progress))
        report.seconds = time.perf_counter() - started
        return report

    def _unchanged(self, old: Snapshot | None, inputs: str | None) -> IngestReport | None:
        """The report of re-reading exactly the files the intact current snapshot was built from, else None."""
        previous = _previous(old)
        if not (previous and is_unchanged(previous, inputs, self.embedder.id, self.vectors.count(), True)):
            return None
        n = len(old.papers)
        return IngestReport(papers=n, unchanged=n, chunks=len(old.chunk_ids),
                            warnings=list(old.meta.get("warnings", [])))

    def _ingest(self, old: Snapshot | None, papers: list[Paper], read: dict, report: IngestReport,
                progress: Progress | None) -> None:
        chunks = [c for p in papers for c in make_chunks(p, self.settings)]
        present = self._present_ids(old)
        plan = plan_ingest(_previous(old), papers, chunks, present, self.embedder.id, read["inputs"])
        report.chunks = len(chunks)
        report.added, report.removed, report.unchanged = plan.added, plan.removed, plan.unchanged
        hits_before = getattr(self.embedder, "hits", 0)
        report.chunks_embedded = self._add_chunks(plan, {p.id: p for p in papers}, progress)
        report.chunks_cached = getattr(self.embedder, "hits", 0) - hits_before
        if plan.commit:  # (when nothing changed, the current generation stays)
            self._commit(papers, chunks, read, base=old.generation if old else None)
        if plan.delete:
            self.vectors.delete(list(plan.delete))
        self.vectors.drop_other_collections(keep={self.collection_prefix + "snapshots"})

    def _present_ids(self, old: Snapshot | None) -> set[str]:
        """Chunk ids Chroma already holds; skips the full listing when the last commit is intact."""
        if old and old.embedder_id == self.embedder.id and self.vectors.count() == len(old.chunk_ids):
            try:
                return set(old.chunk_id_list())
            except (OSError, ValueError, KeyError):
                pass  # its files are gone: list what Chroma holds
        return self.vectors.ids()

    def _add_chunks(self, plan: IngestPlan, papers: dict[str, Paper], progress: Progress | None) -> int:
        done, chunks = 0, plan.add
        for start in range(0, len(chunks), WRITE_BATCH):
            batch = chunks[start:start + WRITE_BATCH]
            vectors = _embed_unique(self.embedder, [c.text for c in batch])
            self.vectors.upsert([c.id for c in batch], vectors, [chunk_metadata(c, papers[c.paper_id]) for c in batch])
            done += len(batch)
            if self.settings.index.chroma_url:
                with self.vectors.guard():
                    self.published.renew()
            if progress:
                progress(done, len(chunks))
        return done

    def _commit(self, papers: list[Paper], chunks: list[Chunk], read: dict, base: str | None) -> None:
        generation = new_generation()
        folder = self.dir / "generations" / generation
        tmp = folder.with_name(generation + ".tmp")
        meta = {
            "embedder_id": self.embedder.id,
            "chunking": [self.settings.index.chunk_sentences, self.settings.index.chunk_stride],
            "created": time.time(),
            **read,  # the digest of the files read, and their warnings: lets an unchanged re-ingest skip
        }
        write_generation(tmp, papers, chunks, meta)
        os.rename(tmp, folder)
        self._own_generation = generation
        with self.vectors.guard():
            self.store.publish(generation, folder, base)

    @contextmanager
    def _lock(self) -> Iterator[None]:
        self.dir.mkdir(parents=True, exist_ok=True)
        # one ingest at a time on this machine; the OS frees the lock if we are killed
        with FileLock(self.dir / "ingest.lock"), self._server_lease():
            yield

    @contextmanager
    def _server_lease(self) -> Iterator[None]:
        """With a server, ingests from other machines are kept out by a lease stored beside the snapshot."""
        if not self.settings.index.chroma_url:
            yield
            return
        try:
            with self.vectors.guard():
                self.published.acquire()
        except Busy as exc:
            raise IndexBusy(str(exc)) from exc
        try:
            yield
        finally:
            try:
                self.published.release()
            except Exception as exc:  # the lease then expires on its own
                log.warning("could not release the ingest lease on %s: %s", self.settings.index.chroma_url, exc)


def _previous(old: Snapshot | None) -> Previous | None:
    if old is None:
        return None
    return Previous(old.embedder_id, tuple(old.papers), old.meta.get("inputs"), len(old.chunk_ids))


def _embed_unique(embedder: Embedder, texts: list[str]) -> np.ndarray:
    """Embed each distinct text once (lists often repeat boilerplate sentences)."""
    unique = list(dict.fromkeys(texts))
    vectors = embedder.embed(unique)
    row = {t: i for i, t in enumerate(unique)}
    return vectors[[row[t] for t in texts]]


def _progress_callback(progress: Progress | bool) -> Progress | None:
    if callable(progress):
        return progress
    if not progress:
        return None
    from tqdm import tqdm

    bar: dict = {}

    def update(done: int, total: int) -> None:
        if "bar" not in bar:
            bar["bar"] = tqdm(total=total, unit="chunk", desc="embedding", leave=False)
        bar["bar"].n = done
        bar["bar"].refresh()
        if done >= total:
            bar["bar"].close()

    return update
