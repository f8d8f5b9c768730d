"""The vector store: one Chroma collection per index and embedder, embedded or on a server, every call behind
one error wrapper so a Chroma failure is always an `IndexUnavailable` that says what to do."""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import sqlite3
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

import numpy as np

from rag.errors import IndexDamaged, IndexUnavailable
from rag.index.clients import close_shared_client, gate, shared_client
from rag.index.chunks import paper_of
from rag.index.chroma import NoDownloadEmbeddingFunction, chroma_problem, collection_names, connect, where_filter
from rag.settings import Settings

log = logging.getLogger("paperchat.index")
PAGE = 5000  # ids per Chroma get/delete call
FOUND = 1e-3  # cosine distance under which a stored vector has found itself (float32 noise is ~1e-7)


class VectorStore:
    """Chunk vectors of one index in Chroma; ids are "<paper id>:<window>:<digest>"."""

    def __init__(self, settings: Settings, directory: Path, embedder_id: Callable[[], str]):
        self.settings = settings
        self.dir = directory
        self._embedder_id = embedder_id  # asked only when vectors are touched: reading a snapshot loads no model
        self._client = None
        self._collection = None
        self._open_lock = threading.Lock()  # one server client per store, however many threads ask at once

    @property
    def embedder_id(self) -> str:
        return self._embedder_id()

    @contextmanager
    def guard(self) -> Iterator[None]:
        """Any Chroma failure inside becomes `IndexUnavailable` naming the server or the folder."""
        try:
            yield
        except IndexUnavailable:
            raise
        except Exception as exc:
            raise IndexUnavailable(chroma_problem(self.settings, exc)) from exc

    @contextmanager
    def using(self) -> Iterator[None]:
        """`guard`, while holding this folder's client open: a reopen by another thread waits for it to finish."""
        with gate(self.folder, self.settings).use(), self.guard():
            yield

    @property
    def folder(self) -> Path:
        return self.dir / "chroma"

    @property
    def client(self):
        if self.settings.index.chroma_url:
            with self._open_lock:
                if self._client is None:
                    self._client = connect(self.settings, self.folder)
                return self._client
        client = shared_client(self.folder, lambda: connect(self.settings, self._readable_folder()))
        if client is not self._client:  # first use, or another index object of this process reopened it
            self._client, self._collection = client, None
        return client

    def _readable_folder(self) -> Path:
        """The embedded database's folder, or a private copy of it when the index folder is read-only: Chroma
        writes on opening ("attempt to write a readonly database"), and searches should still work."""
        if self.settings.index.chroma_url or not self.folder.exists() or os.access(self.folder, os.W_OK):
            return self.folder
        copy = Path(tempfile.mkdtemp(prefix="paperchat-readonly-")) / "chroma"
        shutil.copytree(self.folder, copy)
        log.warning("the index folder %s is read-only: searching a copy of its vectors in %s", self.dir, copy)
        return copy

    @property
    def prefix(self) -> str:
        """Collections of this index (one per embedder) start with this; others are never touched."""
        name = self.settings.index.index_name or index_id(self.dir)
        return f"{self.settings.index.collection}-{name}-"

    @property
    def name(self) -> str:
        return self.prefix + hashlib.sha256(self.embedder_id.encode()).hexdigest()[:8]

    @property
    def collection(self):
        client = self.client  # (drops a collection of a client since closed)
        if self._collection is None:
            name = self.name
            with self.guard():
                self._collection = client.get_or_create_collection(
                    name, embedding_function=NoDownloadEmbeddingFunction(self.embedder_id),
                    metadata={"hnsw:space": "cosine", "embedder": self.embedder_id})
        return self._collection

    def reopen(self) -> None:
        """Close the embedded Chroma so the next call loads what another process wrote to the same folder."""
        if self.settings.index.chroma_url:
            return  # a server is shared: it already serves every writer's vectors
        with gate(self.folder, self.settings).exclusive():
            close_shared_client(self.folder)
        self._client = self._collection = None

    def count(self) -> int:
        with self.using():
            return self.collection.count()

    def query(self, vector: np.ndarray, n: int, venue=None, year=None) -> list[tuple[str, str, float]]:
        """Top `n` chunks by cosine similarity: (chunk id, paper id, similarity)."""
        # no count() first: Chroma returns what it has when n exceeds it (nothing when empty), and counting
        # cost 40 ms of a 70 ms search at 550k chunks. Only distances: texts are rebuilt from the paper.
        with self.using():
            result = self.collection.query(query_embeddings=[vector.tolist()], n_results=n,
                                           where=where_filter(venue, year), include=["distances"])
        if result is None:
            return []
        return [(cid, paper_of(cid), 1.0 - dist) for cid, dist in zip(result["ids"][0], result["distances"][0])]

    def upsert(self, ids: list[str], vectors: np.ndarray, metadatas: list[dict]) -> None:
        # no documents: a chunk's text is rebuilt from its paper (its id carries the text's digest), and
        # stored documents were never read (see `PaperIndex.chunk_texts`)
        with self.using():
            self.collection.upsert(ids=ids, embeddings=vectors.tolist(), metadatas=metadatas)

    def ids(self) -> set[str]:
        """Every chunk id Chroma holds for this index and embedder."""
        found: set[str] = set()
        count = self.count()
        with self.using():
            for offset in range(0, count, PAGE):
                found.update(self.collection.get(include=[], limit=PAGE, offset=offset)["ids"])
        return found

    def embeddings(self, ids: list[str]) -> tuple[list[str], np.ndarray]:
        """The stored vectors of `ids` (those Chroma holds), for exact search (rag/index/exact.py)."""
        found: list[str] = []
        vectors: list[np.ndarray] = []
        with self.using():
            for start in range(0, len(ids), PAGE):
                got = self.collection.get(ids=ids[start:start + PAGE], include=["embeddings"])
                if len(got["ids"]):
                    found += got["ids"]
                    vectors.append(np.asarray(got["embeddings"], dtype=np.float32))
        return found, (np.vstack(vectors) if vectors else np.zeros((0, 0), dtype=np.float32))

    def delete(self, ids: list[str]) -> None:
        with self.using():
            for start in range(0, len(ids), PAGE):
                self.collection.delete(ids=ids[start:start + PAGE])

    def check(self, sample: list[str], expected: int) -> None:
        """Cheaply confirm Chroma holds what a snapshot names: enough vectors, and each sampled id stored and
        found by its own vector (a lost HNSW file leaves ids and count intact but searches only a few)."""
        try:
            with gate(self.folder, self.settings).use():
                count = self.collection.count()
                stored = self.collection.get(ids=sample, include=["embeddings"]) if sample else None
                found = (self.collection.query(query_embeddings=stored["embeddings"], n_results=1,
                                               include=["distances"]) if stored and stored["ids"] else None)
        except IndexUnavailable:
            raise
        except Exception as exc:
            if self.settings.index.chroma_url:
                raise IndexUnavailable(chroma_problem(self.settings, exc)) from exc
            raise IndexDamaged(self._damaged(f"{type(exc).__name__}: {exc}"), part="vectors") from exc
        if count < expected:
            raise IndexDamaged(self._damaged(f"Chroma holds {count} vectors of the {expected} the snapshot "
                                             "names"), part="vectors")
        if not sample:
            return
        if len(stored["ids"]) < len(sample):
            raise IndexDamaged(self._damaged(f"{len(sample) - len(stored['ids'])} of {len(sample)} sampled "
                                             "vectors are missing"), part="vectors")
        lost = sum(1 for d in found["distances"] if not d or d[0] > FOUND)
        if lost:
            raise IndexDamaged(self._damaged(f"{lost} of {len(sample)} sampled vectors cannot be found by search"),
                               part="vectors")

    def check_sampled(self) -> None:
        """`check` with ids sampled from Chroma itself, for when no snapshot names them."""
        with self.using():
            ids = self.collection.get(include=[], limit=PAGE)["ids"]
        if ids:
            self.check(sorted({ids[round(k * (len(ids) - 1) / 15)] for k in range(16)}), 0)

    def reset(self) -> None:
        """Drop this collection (its vectors are rebuilt from the embedding cache); a folder Chroma cannot even
        drop it from is moved aside whole."""
        try:
            with self.using():
                self.client.delete_collection(self.name)
            self._collection = None
        except IndexUnavailable:
            if self.settings.index.chroma_url:
                raise
            self.move_aside()

    def move_aside(self) -> Path | None:
        """Embedded only: rename a damaged database folder out of the way (kept for inspection), start afresh."""
        self.reopen()
        if not self.folder.exists():
            return None
        aside = self.folder.with_name(f"chroma.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
        os.rename(self.folder, aside)
        log.warning("moved the damaged Chroma database to %s (delete it once the index works again)", aside)
        return aside

    def database_is_corrupt(self) -> bool:
        """Embedded only: SQLite's own quick check, run before Chroma opens a file it would fail on (a failed open
        leaves chromadb's per-path system broken for the rest of this process)."""
        database = self.folder / "chroma.sqlite3"
        if self.settings.index.chroma_url or not database.exists():
            return False
        try:
            with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as conn:
                return conn.execute("PRAGMA quick_check").fetchone()[0] != "ok"
        except sqlite3.DatabaseError:
            return True

    def _damaged(self, what: str) -> str:
        where = self.settings.index.chroma_url or self.folder
        return (f"the vectors in {where} do not match the index ({what}); run 'paperchat repair' to rebuild "
                "them from the embedding cache")

    def drop_other_collections(self, keep: set[str]) -> None:
        """Vectors of another embedder are never mixed in: once rebuilt, their collection goes."""
        with self.using():
            for name in collection_names(self.client):
                if name.startswith(self.prefix) and name != self.name and name not in keep:
                    self.client.delete_collection(name)


def index_id(directory: Path) -> str:
    """A random id per index folder, so indexes sharing one Chroma server never touch each other."""
    path = directory / "index-id"
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        directory.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(os.urandom(4).hex())
        try:
            os.link(tmp, path)  # first writer wins; a concurrent writer reads the winner's id
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
        return path.read_text().strip()
