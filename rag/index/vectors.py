"""The vector store: one Chroma collection per index and embedder, embedded or on a server, every call behind
one error wrapper so a Chroma failure is always an `IndexUnavailable` that says what to do."""

from __future__ import annotations

import hashlib
import os
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

import numpy as np

from rag.errors import IndexUnavailable
from rag.index.chroma import NoDownloadEmbeddingFunction, chroma_problem, collection_names, connect, where_filter
from rag.settings import Settings

PAGE = 5000  # ids per Chroma get/delete call


class VectorStore:
    """Chunk vectors of one index in Chroma; ids are "<paper id>:<window>:<digest>"."""

    def __init__(self, settings: Settings, directory: Path, embedder_id: Callable[[], str]):
        self.settings = settings
        self.dir = directory
        self._embedder_id = embedder_id  # asked only when vectors are touched: reading a snapshot loads no model
        self._client = None
        self._collection = None
        self._open_lock = threading.Lock()  # threads opening Chroma at once would start two systems on one path

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

    @property
    def client(self):
        with self._open_lock:
            if self._client is None:
                self._client = connect(self.settings, self.dir)
            return self._client

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
        if self._collection is None:
            name, client = self.name, self.client
            with self.guard():
                self._collection = client.get_or_create_collection(
                    name, embedding_function=NoDownloadEmbeddingFunction(self.embedder_id),
                    metadata={"hnsw:space": "cosine", "embedder": self.embedder_id})
        return self._collection

    def reopen(self) -> None:
        """Close the embedded Chroma so the next call loads what another process wrote to the same folder."""
        if self.settings.index.chroma_url:
            return  # a server is shared: it already serves every writer's vectors
        with self._open_lock:
            # Chroma keeps one system per path per process and never re-reads the disk; `close()` is its
            # supported way to let it go (the system stops when this process holds no other client of the path)
            if self._client is not None:
                self._client.close()
            self._client = None
            self._collection = None

    def count(self) -> int:
        with self.guard():
            return self.collection.count()

    def query(self, vector: np.ndarray, n: int, venue=None, year=None) -> list[tuple[str, str, float]]:
        """Top `n` chunks by cosine similarity: (chunk id, paper id, similarity)."""
        # no count() first: Chroma returns what it has when n exceeds it (nothing when empty), and counting
        # cost 40 ms of a 70 ms search at 550k chunks. Only distances: texts are rebuilt from the paper.
        with self.guard():
            result = self.collection.query(query_embeddings=[vector.tolist()], n_results=n,
                                           where=where_filter(venue, year), include=["distances"])
        if result is None:
            return []
        return [(cid, cid.rsplit(":", 2)[0], 1.0 - dist) for cid, dist in zip(result["ids"][0], result["distances"][0])]

    def upsert(self, ids: list[str], vectors: np.ndarray, metadatas: list[dict]) -> None:
        # no documents: a chunk's text is rebuilt from its paper (its id carries the text's digest), and
        # stored documents were never read (see `PaperIndex.chunk_texts`)
        with self.guard():
            self.collection.upsert(ids=ids, embeddings=vectors.tolist(), metadatas=metadatas)

    def ids(self) -> set[str]:
        """Every chunk id Chroma holds for this index and embedder."""
        found: set[str] = set()
        count = self.count()
        with self.guard():
            for offset in range(0, count, PAGE):
                found.update(self.collection.get(include=[], limit=PAGE, offset=offset)["ids"])
        return found

    def delete(self, ids: list[str]) -> None:
        with self.guard():
            for start in range(0, len(ids), PAGE):
                self.collection.delete(ids=ids[start:start + PAGE])

    def drop_other_collections(self, keep: set[str]) -> None:
        """Vectors of another embedder are never mixed in: once rebuilt, their collection goes."""
        with self.guard():
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
