"""The index: chunks of every paper as vectors in Chroma, plus a BM25 snapshot that names the papers.

Consistency without transactions: Chroma is reconciled towards the target chunk set (add what is
missing, in batches that survive a kill), then a new snapshot generation (papers, chunk ids, BM25)
is written and made current by one atomic rename, and only then are stale vectors deleted. Readers
use only the current snapshot and ignore vectors it does not name, so they never see a half-ingest.
"""

from __future__ import annotations

import fcntl
import hashlib
import functools
import json
import logging
import os
import shutil
import threading
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

import numpy as np

from rag.index.chroma import (NoDownloadEmbeddingFunction, chroma_problem, collection_names, connect, normalize_venues,
                     where_filter)
from rag.corpus.papers import load_papers
from rag.index.embedders import get_embedder
from rag.index.embed import Embedder
from rag.errors import IndexUnavailable
from rag.corpus.fingerprint import input_digest
from rag.index.keyword import KeywordIndex
from rag.index.published import Busy, PublishedSnapshots
from rag.settings import Settings
from rag.corpus.text import split_sentences
from rag.types import Chunk, Link, Paper


log = logging.getLogger("paperchat.index")
WRITE_BATCH = 256  # chunks per Chroma write: a kill loses at most this much embedding work
POLL_SECONDS = 1.0  # with a server, how stale another process's commit may look to this one
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


def make_chunks(paper: Paper, settings: Settings) -> list[Chunk]:
    """Windows of `chunk_sentences` sentences every `chunk_stride` sentences, ids tied to their text."""
    return _chunks(paper, settings.index.chunk_sentences, settings.index.chunk_stride, settings.index.max_index_chars)


def _chunks(paper: Paper, size: int, stride: int, max_chars: int) -> list[Chunk]:
    sentences = split_sentences(paper.text[:max_chars]) or [paper.title]
    starts = range(0, max(len(sentences) - size, 0) + 1, stride)
    windows = [" ".join(sentences[s:s + size]) for s in starts]
    if starts[-1] + size < len(sentences):  # the tail the stride skipped
        windows.append(" ".join(sentences[-size:]))
    if not paper.title_derived:
        # a source title as a chunk of its own: +0.007 nDCG@10 on SciFact train, and cheaper than
        # prefixing it to every window (eval/results/chunking.md)
        windows.append(paper.title)
    chunks = []
    for i, text in enumerate(windows):
        digest = hashlib.sha256(text.encode()).hexdigest()[:8]
        chunks.append(Chunk(id=f"{paper.id}:{i}:{digest}", paper_id=paper.id, index=i, text=text))
    return chunks


@functools.lru_cache(maxsize=2048)
def _chunk_texts(paper: Paper, size: int, stride: int, max_chars: int) -> dict[str, str]:
    # the same papers come back query after query: 1.3 ms of a 13 ms search at 5k papers without this
    return {c.id: c.text for c in _chunks(paper, size, stride, max_chars)}


class ChunkIds:
    """Membership of a snapshot's chunk ids, as sorted 64-bit hashes: 548k ids as Python strings in a set
    held 80 MB of a 100k-paper server's memory; this holds 4.4 MB. A false "present" needs a 64-bit
    collision with an uncommitted chunk, and would only let that chunk's vector count a little early."""

    def __init__(self, ids: list[str]):
        self._hashes = np.sort(np.fromiter((hash(i) for i in ids), dtype=np.int64, count=len(ids)))

    def __len__(self) -> int:
        return len(self._hashes)

    def __eq__(self, other) -> bool:
        """Equal to the same ids, as another `ChunkIds` or as a set of strings."""
        if isinstance(other, ChunkIds):
            return np.array_equal(self._hashes, other._hashes)
        if isinstance(other, (set, frozenset)):
            return len(other) == len(self) and all(i in self for i in other)
        return NotImplemented

    __hash__ = None  # mutable-looking and compared by value, like the set it replaces

    def __contains__(self, chunk_id: str) -> bool:
        h = hash(chunk_id)  # str hashes differ between processes, never within one: the set is never stored
        at = int(np.searchsorted(self._hashes, h))
        return at < len(self._hashes) and int(self._hashes[at]) == h


class Snapshot:
    """One committed generation: the papers, their chunk ids, and the BM25 index over them."""

    def __init__(self, directory: Path, meta: dict, papers: list[Paper], keyword: KeywordIndex):
        self.directory = directory
        self.meta = meta
        self.papers = papers
        self.by_id = {p.id: i for i, p in enumerate(papers)}
        self.chunk_ids = ChunkIds(meta.pop("chunk_ids", []))  # the list itself is read again only by ingest
        self.keyword = keyword
        self.venue_keys = np.array([p.venue.lower() for p in papers], dtype=object)
        self.years = np.array([p.year or 0 for p in papers], dtype=np.int32)

    @property
    def embedder_id(self) -> str:
        return self.meta.get("embedder_id", "")

    def chunk_id_list(self) -> list[str]:
        """The chunk ids themselves, read from the snapshot's files (memory keeps only their hashes)."""
        return json.loads((self.directory / "meta.json").read_text())["chunk_ids"]

    def mask(self, venue: str | Sequence[str] | None, year: int | None) -> np.ndarray | None:
        """1.0 for papers that pass the filters (any of several venues), else 0.0; None when nothing is filtered."""
        keys = normalize_venues(venue)
        if keys is None and year is None:
            return None
        keep = np.ones(len(self.papers), dtype=bool)
        if keys is not None:
            keep &= np.isin(self.venue_keys, keys)
        if year is not None:
            keep &= self.years == year
        return keep.astype(np.float32)


class PaperIndex:
    """Papers in Chroma (vectors) and bm25s (keywords), kept describing the same set."""

    def __init__(self, settings: Settings | None = None, embedder: Embedder | None = None):
        self.settings = settings or Settings()
        self.dir = Path(self.settings.index.index_dir)
        self._embedder = embedder
        self._client = None
        self._collection = None
        self._open_lock = threading.Lock()  # threads opening Chroma at once would start two systems on one path
        self._snapshot: Snapshot | None = None
        self._snapshot_key: tuple | None = None
        self._own_generation: str | None = None
        self._published: PublishedSnapshots | None = None
        self._checked = float("-inf")

    # ---- storage handles
    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = get_embedder(self.settings)
        return self._embedder

    @property
    def client(self):
        with self._open_lock:
            if self._client is None:
                self._client = connect(self.settings, self.dir)
            return self._client

    @property
    def collection_prefix(self) -> str:
        """Collections of this index (one per embedder) start with this; others are never touched."""
        name = self.settings.index.index_name or _index_id(self.dir)
        return f"{self.settings.index.collection}-{name}-"

    @property
    def collection_name(self) -> str:
        tag = hashlib.sha256(self.embedder.id.encode()).hexdigest()[:8]
        return self.collection_prefix + tag

    @property
    def collection(self):
        if self._collection is None:
            embedder_id, name, client = self.embedder.id, self.collection_name, self.client
            try:
                self._collection = client.get_or_create_collection(
                    name,
                    embedding_function=NoDownloadEmbeddingFunction(embedder_id),
                    metadata={"hnsw:space": "cosine", "embedder": embedder_id},
                )
            except Exception as exc:
                raise IndexUnavailable(chroma_problem(self.settings, exc)) from exc
        return self._collection

    @property
    def published(self) -> PublishedSnapshots:
        """Server mode only: the snapshots every process using this server reads."""
        if self._published is None:
            try:
                self._published = PublishedSnapshots(self.client, self.collection_prefix + "snapshots")
            except IndexUnavailable:
                raise
            except Exception as exc:
                raise IndexUnavailable(chroma_problem(self.settings, exc)) from exc
        return self._published

    # ---- reading
    def exists(self) -> bool:
        """Has an ingest ever committed here?"""
        return self.snapshot() is not None if self.settings.index.chroma_url else (self.dir / "current.json").exists()

    def snapshot(self) -> Snapshot | None:
        """The current generation, reloaded only when an ingest has committed a new one."""
        if self.settings.index.chroma_url:
            return self._published_snapshot()
        pointer = self.dir / "current.json"
        try:
            stat = pointer.stat()
        except FileNotFoundError:
            return None
        key = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
        if key != self._snapshot_key:
            generation = json.loads(pointer.read_text())["generation"]
            if self._snapshot is not None and generation != self._own_generation:
                self._reopen()  # another process wrote vectors this process has not loaded
            self._snapshot = _load_snapshot(self.dir, generation)
            self._snapshot_key = key
        return self._snapshot

    def _published_snapshot(self) -> Snapshot | None:
        now = time.monotonic()
        if self._snapshot is not None and now - self._checked < POLL_SECONDS:
            return self._snapshot
        try:
            generation = self.published.current()
            if generation is None:
                self._snapshot = None
                return None
            if self._snapshot is None or self._snapshot.directory.name != generation:
                folder = self.dir / "generations" / generation
                if not folder.exists():
                    self.published.fetch(generation, folder)
                self._snapshot = _load_snapshot(self.dir, generation)
                self._prune_generations(keep=generation)
        except IndexUnavailable:
            raise
        except ValueError as exc:  # a part missing or not matching its digest
            raise IndexUnavailable(f"the index on {self.settings.index.chroma_url} is damaged ({exc}); "
                                   "run 'paperchat ingest' to rebuild it") from exc
        except Exception as exc:
            raise IndexUnavailable(chroma_problem(self.settings, exc)) from exc
        self._checked = now
        return self._snapshot

    def _reopen(self) -> None:
        """Forget the cached embedded Chroma so the next query loads what another process wrote."""
        if self.settings.index.chroma_url:
            return  # a server is shared: it already serves every writer's vectors
        from chromadb.api.shared_system_client import SharedSystemClient

        # Chroma keeps one system per path per process and never re-reads the disk; drop only ours
        with self._open_lock:
            SharedSystemClient._identifier_to_system.pop(str(self.dir / "chroma"), None)
            self._client = None
            self._collection = None

    def dense(self, vector: np.ndarray, n: int, venue: str | None = None, year: int | None = None):
        """Top chunks by cosine similarity: list of (chunk id, paper id, similarity); texts via `chunk_texts`."""
        where = where_filter(venue, year)
        try:
            result = self._query(vector, n, where)
        except IndexUnavailable:
            if self.settings.index.chroma_url:
                raise
            # Another process's ingest wrote to the shared SQLite: a filter there finds chunk ids this
            # process's vector index never loaded ("Error finding id"). Load Chroma afresh, ask once more.
            self._reopen()
            result = self._query(vector, n, where)
        if result is None:
            return []
        # a chunk id is "<paper id>:<window>:<digest>"; callers drop ids the current snapshot does not hold
        return [(cid, cid.rsplit(":", 2)[0], 1.0 - dist) for cid, dist in zip(result["ids"][0], result["distances"][0])]

    def _query(self, vector: np.ndarray, n: int, where: dict | None) -> dict | None:
        # no count() first: Chroma returns what it has when n exceeds it (nothing when empty), and counting
        # cost 40 ms of a 70 ms search at 550k chunks. Only distances: fetching each chunk's document and
        # metadata took 4.2 ms instead of 1.7 at 5k papers, and the few texts needed are rebuilt from the paper.
        try:
            return self.collection.query(query_embeddings=[vector.tolist()], n_results=n, where=where,
                                         include=["distances"])
        except IndexUnavailable:
            raise
        except Exception as exc:
            raise IndexUnavailable(chroma_problem(self.settings, exc)) from exc

    def chunk_texts(self, paper: Paper) -> dict[str, str]:
        """Chunk id → text of a paper's windows, rebuilt as ingest made them (ids carry the text's digest)."""
        s = self.settings
        return _chunk_texts(paper, s.index.chunk_sentences, s.index.chunk_stride, s.index.max_index_chars)

    # ---- writing
    def ingest(self, paths: Iterable[str | Path] | None = None, progress: Progress | bool = False) -> IngestReport:
        """Make the index hold exactly the papers under `paths` (default: the data folder)."""
        started = time.perf_counter()
        paths = list(paths) if paths is not None else [self.settings.index.data_dir]
        inputs = input_digest(paths, self.settings)
        with self._lock():
            report = self._unchanged(inputs)  # byte-identical files: nothing to parse, embed or commit
            if report is None:
                loaded = load_papers(paths, max_chars=self.settings.index.max_index_chars)
                report = IngestReport(papers=len(loaded.papers), warnings=loaded.warnings)
                # recorded with the commit, so that re-reading the same files can skip all of this
                read = {"inputs": inputs, "warnings": loaded.warnings}
                self._ingest(loaded.papers, read, report, _progress_callback(progress))
        report.seconds = time.perf_counter() - started
        return report

    def _unchanged(self, inputs: str | None) -> IngestReport | None:
        """The report of re-reading exactly the files the intact current snapshot was built from, else None."""
        old = self.snapshot()
        if not (inputs and old and old.meta.get("inputs") == inputs and old.embedder_id == self.embedder.id
                and self.collection.count() == len(old.chunk_ids)):
            return None
        n = len(old.papers)
        return IngestReport(papers=n, unchanged=n, chunks=len(old.chunk_ids),
                            warnings=list(old.meta.get("warnings", [])))

    def _ingest(self, papers: list[Paper], read: dict, report: IngestReport, progress: Progress | None) -> None:
        chunks = [c for p in papers for c in make_chunks(p, self.settings)]
        target = {c.id for c in chunks}
        report.chunks = len(chunks)
        old = self.snapshot()
        old_ids = set(old.by_id) if old and old.embedder_id == self.embedder.id else set()
        new_ids = {p.id for p in papers}
        report.added = len(new_ids - old_ids)
        report.removed = len(old_ids - new_ids)
        report.unchanged = len(new_ids & old_ids)

        present = self._present_ids(old, target)
        missing = [c for c in chunks if c.id not in present]
        hits_before = getattr(self.embedder, "hits", 0)
        report.chunks_embedded = self._add_chunks(missing, {p.id: p for p in papers}, progress)
        report.chunks_cached = getattr(self.embedder, "hits", 0) - hits_before
        if not (old and present == target and old.embedder_id == self.embedder.id
                and old.papers == papers and old.meta.get("inputs") == read["inputs"]):
            self._commit(papers, chunks, read)  # (when nothing changed, the current generation stays)
        stale = present - target
        if stale:
            self._delete(sorted(stale))
        self._drop_other_collections()

    def _present_ids(self, old: Snapshot | None, target: set[str]) -> set[str]:
        """Chunk ids Chroma already holds; skips the full listing when the last commit is intact."""
        count = self.collection.count()
        if old and old.embedder_id == self.embedder.id and count == len(old.chunk_ids):
            try:
                return set(old.chunk_id_list())
            except (OSError, ValueError, KeyError):
                pass  # its files are gone: list what Chroma holds
        ids: set[str] = set()
        page = 5000
        for offset in range(0, count, page):
            ids.update(self.collection.get(include=[], limit=page, offset=offset)["ids"])
        return ids

    def _add_chunks(self, chunks: list[Chunk], papers: dict[str, Paper], progress: Progress | None) -> int:
        done = 0
        for start in range(0, len(chunks), WRITE_BATCH):
            batch = chunks[start:start + WRITE_BATCH]
            vectors = _embed_unique(self.embedder, [c.text for c in batch])
            self.collection.upsert(
                ids=[c.id for c in batch],
                embeddings=vectors.tolist(),
                documents=[c.text for c in batch],
                metadatas=[_chunk_metadata(c, papers[c.paper_id]) for c in batch],
            )
            done += len(batch)
            if self.settings.index.chroma_url:
                self.published.renew()
            if progress:
                progress(done, len(chunks))
        return done

    def _commit(self, papers: list[Paper], chunks: list[Chunk], read: dict) -> None:
        generation = f"gen-{time.time_ns()}-{os.getpid()}"
        tmp = self.dir / "generations" / (generation + ".tmp")
        tmp.mkdir(parents=True)
        meta = {
            "embedder_id": self.embedder.id,
            "chunking": [self.settings.index.chunk_sentences, self.settings.index.chunk_stride],
            "papers": len(papers),
            "chunk_ids": [c.id for c in chunks],
            "created": time.time(),
            **read,  # the digest of the files read, and their warnings: lets an unchanged re-ingest skip
        }
        _write_json(tmp / "meta.json", meta)
        with open(tmp / "papers.jsonl", "w", encoding="utf-8") as fh:
            for paper in papers:
                fh.write(json.dumps(asdict(paper), ensure_ascii=False) + "\n")
        KeywordIndex.build([_keyword_text(p) for p in papers]).save(tmp / "bm25")
        _fsync_dir(tmp)
        final = self.dir / "generations" / generation
        os.rename(tmp, final)
        self._own_generation = generation
        if self.settings.index.chroma_url:
            previous = self.published.current()
            self.published.publish(generation, final)  # the commit point for every process of the server
            self.published.prune(keep={generation, previous} - {None})
            self._checked = float("-inf")
        _write_json(self.dir / "current.json", {"generation": generation})  # the commit point when embedded
        self._prune_generations(keep=generation)

    def _delete(self, ids: list[str]) -> None:
        for start in range(0, len(ids), 5000):
            self.collection.delete(ids=ids[start:start + 5000])

    def _drop_other_collections(self) -> None:
        """Vectors of another embedder are never mixed in: once rebuilt, their collection goes."""
        for name in collection_names(self.client):
            if name.startswith(self.collection_prefix) and name not in (
                    self.collection_name, self.collection_prefix + "snapshots"):
                self.client.delete_collection(name)

    def _prune_generations(self, keep: str) -> None:
        # keep the previous generation too: a reader may still be loading it
        gens = sorted((self.dir / "generations").iterdir(), key=lambda p: p.stat().st_mtime)
        for old in gens[:-2]:
            if old.name != keep:
                shutil.rmtree(old, ignore_errors=True)

    @contextmanager
    def _lock(self) -> Iterator[None]:
        self.dir.mkdir(parents=True, exist_ok=True)
        with open(self.dir / "ingest.lock", "w") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)  # one ingest at a time; the OS frees it if we are killed
            try:
                with self._server_lease():
                    yield
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)

    @contextmanager
    def _server_lease(self) -> Iterator[None]:
        """With a server, ingests from other machines are kept out by a lease stored beside the snapshot."""
        if not self.settings.index.chroma_url:
            yield
            return
        try:
            self.published.acquire()
        except Busy as exc:
            raise IndexUnavailable(str(exc)) from exc
        try:
            yield
        finally:
            try:
                self.published.release()
            except Exception as exc:  # the lease then expires on its own
                log.warning("could not release the ingest lease on %s: %s", self.settings.index.chroma_url, exc)


def _index_id(directory: Path) -> str:
    """A random id per index folder, so indexes sharing one Chroma server never touch each other."""
    path = directory / "index-id"
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        directory.mkdir(parents=True, exist_ok=True)
        _write_json_text(path, os.urandom(4).hex())
        return path.read_text().strip()


def _write_json_text(path: Path, text: str) -> None:
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(text)
    try:
        os.link(tmp, path)  # first writer wins; a concurrent writer reads the winner's id
    except FileExistsError:
        pass
    finally:
        tmp.unlink()


def _chunk_metadata(chunk: Chunk, paper: Paper) -> dict:
    meta = {"paper_id": chunk.paper_id, "venue": paper.venue.lower(), "chunk": chunk.index}
    if paper.year:
        meta["year"] = paper.year
    return meta


def _embed_unique(embedder: Embedder, texts: list[str]) -> np.ndarray:
    """Embed each distinct text once (lists often repeat boilerplate sentences)."""
    unique = list(dict.fromkeys(texts))
    vectors = embedder.embed(unique)
    row = {t: i for i, t in enumerate(unique)}
    return vectors[[row[t] for t in texts]]


def _keyword_text(paper: Paper) -> str:
    return paper.text if paper.title_derived else f"{paper.title}. {paper.text}"


def _load_snapshot(directory: Path, generation: str) -> Snapshot:
    gen = directory / "generations" / generation
    try:
        meta = json.loads((gen / "meta.json").read_text())
        with open(gen / "papers.jsonl", encoding="utf-8") as fh:
            papers = [_paper_from_dict(json.loads(line)) for line in fh if line.strip()]
        keyword = KeywordIndex.load(gen / "bm25")
    except (OSError, ValueError, KeyError) as exc:
        raise IndexUnavailable(
            f"the index under {directory} is damaged ({exc}); run 'paperchat ingest' to rebuild it"
        ) from exc
    return Snapshot(gen, meta, papers, keyword)


def _paper_from_dict(row: dict) -> Paper:
    row["links"] = tuple(Link(**link) for link in row.get("links", ()))
    row["also_in"] = tuple(row.get("also_in", ()))
    return Paper(**row)


def _write_json(path: Path, data: dict) -> None:
    tmp = path.with_suffix(path.suffix + f".{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(data, fh, ensure_ascii=False)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def _fsync_dir(directory: Path) -> None:
    for path in directory.rglob("*"):
        if path.is_file():
            with open(path, "rb") as fh:
                os.fsync(fh.fileno())


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
