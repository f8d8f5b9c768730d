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
import shutil
import time
from pathlib import Path
from typing import Iterable

import numpy as np

from rag.corpus.fingerprint import input_digest
from rag.corpus.papers import load_papers
from rag.errors import IndexDamaged, IndexUnavailable
from rag.index.chunks import chunk_metadata, chunk_texts, make_chunks
from rag.index.embed import Embedder
from rag.index.embedcache import embed_unique
from rag.index.embedders import get_embedder
from rag.index.locking import writing
from rag.index.plan import IngestPlan, Previous, is_unchanged, plan_ingest
from rag.index.published import PublishedSnapshots
from rag.index.report import IngestReport, Progress, progress_callback
from rag.index.sentences import phases, plan_sentences
from rag.index.snapshot import Snapshot, load_snapshot, new_generation, write_generation
from rag.index.snapshots import LocalSnapshots, ServerSnapshots, SnapshotStore
from rag.index.vectors import VectorStore
from rag.settings import Settings
from rag.types import Chunk, Paper

__all__ = ["IngestReport", "PaperIndex", "Progress", "Snapshot", "make_chunks"]

log = logging.getLogger("paperchat.index")
WRITE_BATCH = 256  # chunks per Chroma write: a kill loses at most this much embedding work


class PaperIndex:
    """Papers in Chroma (vectors) and bm25s (keywords), kept describing the same set."""

    def __init__(self, settings: Settings | None = None, embedder: Embedder | None = None):
        self.settings = settings or Settings()
        self.dir = Path(self.settings.index.index_dir)
        self._embedder = embedder
        self.vectors = VectorStore(self.settings, self.dir, lambda: self.embedder_id)
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
    def embedder_id(self) -> str:
        """The embedder's id, known from the settings without loading a model (unless one was passed in)."""
        return self._embedder.id if self._embedder is not None else self.settings.embedder_id

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

    def snapshot(self, fresh: bool = False) -> Snapshot | None:
        """The current generation, reloaded only when an ingest has committed a new one (`fresh`: ask now)."""
        with self.vectors.guard():
            generation = self.store.current(fresh)
            if generation is None:
                self._snapshot = None
                return None
            if self._snapshot is None or self._snapshot.generation != generation:
                if self._snapshot is not None and generation != self._own_generation:
                    self.vectors.reopen()  # another process wrote vectors this process has not loaded
                snapshot = load_snapshot(self.store.folder(generation))
                if snapshot.embedder_id == self.embedder_id:  # (another embedder's: rebuilt by get_index)
                    self._check_vectors(snapshot)
                self._snapshot = snapshot
        return self._snapshot

    def _check_vectors(self, snapshot: Snapshot) -> None:
        try:
            self.vectors.check(snapshot.sample, len(snapshot.chunk_ids))
        except IndexDamaged:
            if self.settings.index.chroma_url:
                raise
            # as in `dense`: this process's Chroma may predate another process's writes; look once more afresh
            self.vectors.reopen()
            self.vectors.check(snapshot.sample, len(snapshot.chunk_ids))

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
    def ingest(self, paths: Iterable[str | Path] | None = None, progress: Progress | bool = False,
               rebuild: bool = False) -> IngestReport:
        """Make the index hold exactly the papers under `paths` (default: the data folder).

        A damaged snapshot or vector collection is rebuilt (vectors from the embedding cache); `rebuild`
        (`paperchat repair`) also ignores the last snapshot and moves a corrupt Chroma database aside."""
        started = time.perf_counter()
        paths = list(paths) if paths is not None else [self.settings.index.data_dir]
        inputs = input_digest(paths, self.settings)
        with self._writing():
            base = self._base()
            old, repaired = self._open_for_ingest(rebuild)
            opened = time.perf_counter()
            # byte-identical files: nothing to parse, embed or commit
            report = None if repaired else self._unchanged(old, inputs)
            if report is None:
                loaded = load_papers(paths, max_chars=self.settings.index.max_index_chars)
                report = IngestReport(papers=len(loaded.papers), warnings=loaded.warnings,
                                      stages={"open": opened - started, "read": time.perf_counter() - opened})
                # recorded with the commit, so that re-reading the same files can skip all of this
                read = {"inputs": inputs, "warnings": loaded.warnings}
                self._ingest(old, base, loaded.papers, read, report, progress_callback(progress))
                report.warnings += repaired
        report.seconds = time.perf_counter() - started
        return report

    def _base(self) -> str | None:
        """The generation this ingest starts from: with a server, its commit is refused unless that stays current."""
        try:
            with self.vectors.guard():
                return self.store.current(fresh=True)
        except IndexDamaged:
            return None  # a garbled local pointer: local commits replace it without comparing

    def _open_for_ingest(self, rebuild: bool) -> tuple[Snapshot | None, list[str]]:
        """The last snapshot if it and its vectors pass their checks, else None and what was found damaged."""
        repaired = []
        if rebuild and self.vectors.database_is_corrupt():
            repaired.append(f"the Chroma database was damaged: moved it to {self.vectors.move_aside()}")
        try:
            old = self.snapshot()
        except IndexDamaged as exc:
            log.warning("%s: rebuilding it", exc)
            repaired.append(f"repaired: {_cause(exc)}")
            old = None
            if exc.part == "vectors":
                self.vectors.reset()
        if old is None or rebuild:
            try:
                self.vectors.check_sampled()  # nothing vouches for the vectors: look at a few
            except IndexDamaged as exc:
                repaired.append(f"repaired: {_cause(exc)}")
                self.vectors.reset()
        return (None if rebuild else old), repaired

    def _unchanged(self, old: Snapshot | None, inputs: str | None) -> IngestReport | None:
        """The report of re-reading exactly the files the intact current snapshot was built from, else None."""
        previous = Previous.of(old)
        # `old` passed its checks when opened (snapshot checksums, vectors counted and sampled)
        if not (previous and is_unchanged(previous, inputs, self.embedder.id, self.vectors.count(), True)):
            return None
        n = len(old.papers)
        return IngestReport(papers=n, unchanged=n, chunks=len(old.chunk_ids),
                            warnings=list(old.meta.get("warnings", [])))

    def _ingest(self, old: Snapshot | None, base: str | None, papers: list[Paper], read: dict,
                report: IngestReport, progress: Progress | None) -> None:
        chunks = [c for p in papers for c in make_chunks(p, self.settings)]
        present = self._present_ids(old)
        plan = plan_ingest(Previous.of(old), papers, chunks, present, self.embedder.id, read["inputs"])
        report.chunks = len(chunks)
        report.added, report.removed, report.unchanged = plan.added, plan.removed, plan.unchanged
        hits_before = getattr(self.embedder, "hits", 0)
        sentences = plan_sentences(self.settings, self.embedder, papers, (c.text for c in plan.add))
        first, then = phases(progress, len(plan.add), len(sentences.texts))  # one count of passages embedded
        report.lap("plan")  # chunking, and looking the sentences up in the embedding cache
        report.chunks_embedded = self._add_chunks(plan, {p.id: p for p in papers}, first)
        report.chunks_cached = getattr(self.embedder, "hits", 0) - hits_before
        report.lap("windows")  # embedded (or found in the cache) and written to Chroma
        report.sentences_embedded = sentences.run(then)  # before the commit: answers find them from the start
        report.lap("sentences")
        if plan.commit:  # (when nothing changed, the current generation stays)
            self._commit(papers, chunks, read, base)
        report.lap("commit")  # the snapshot: papers, BM25, checksums
        if plan.delete:
            self.vectors.delete(list(plan.delete))
        self.vectors.drop_other_collections(keep={self.collection_prefix + "snapshots"})
        report.lap("delete")

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
            vectors = embed_unique(self.embedder, [c.text for c in batch])
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
        try:
            write_generation(tmp, papers, chunks, meta)
            os.rename(tmp, folder)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)  # a full disk leaves no half generation behind
            raise
        self._own_generation = generation
        with self.vectors.guard():
            self.store.publish(generation, folder, base)

    def _writing(self):
        """The ingest lock (and with a server, its lease) held; a write the disk refused becomes advice."""
        lease = (lambda: self.published) if self.settings.index.chroma_url else None
        return writing(self.dir, lease, self.vectors.guard)


def _cause(exc: IndexDamaged) -> str:
    return str(exc).partition("; run 'paperchat repair'")[0]

