"""An embedding cache keyed by chunk text: re-ingesting renamed, re-venued or re-exported lists costs nothing.

SQLite in WAL mode maps sha256(embedder id + "\\n" + text) to the vector's float32 bytes. Each batch is
committed right after it is computed, so a process killed (even with SIGKILL) loses at most the batch in
flight, and several processes may share one file (SQLite serialises their writers). The cache is an
optimisation only: a file that cannot be opened or read is reported once and the texts are embedded.
"""

from __future__ import annotations

import hashlib
import logging
import sqlite3
import threading
from pathlib import Path
from typing import Sequence

import numpy as np

from rag.index.embed import Embedder

log = logging.getLogger("paperchat.embedcache")
LOOKUP_CHUNK = 500  # keys per SELECT … IN (…): well below SQLite's variable limit
BUSY_MS = 30_000  # another process committing a batch holds the write lock for milliseconds


class EmbedCache:
    """The vectors store: key → float32 bytes. Every method degrades to "no cache" on a SQLite error."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self.broken = False

    def _connect(self) -> sqlite3.Connection:
        if self._conn is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL survives a killed process
            conn.execute("CREATE TABLE IF NOT EXISTS vectors (key BLOB PRIMARY KEY, vec BLOB NOT NULL) WITHOUT ROWID")
            conn.commit()
            self._conn = conn
        return self._conn

    def get(self, keys: Sequence[bytes]) -> dict[bytes, bytes]:
        """Stored vector bytes for the keys that are present."""
        return dict(self._select("key, vec", keys))

    def present(self, keys: Sequence[bytes]) -> set[bytes]:
        """The keys that have a stored vector (the vectors themselves are not read)."""
        return {row[0] for row in self._select("key", keys)}

    def _select(self, columns: str, keys: Sequence[bytes]) -> list[tuple]:
        rows: list[tuple] = []
        with self._lock:
            if self.broken:
                return rows
            try:
                conn = self._connect()
                for start in range(0, len(keys), LOOKUP_CHUNK):
                    part = keys[start:start + LOOKUP_CHUNK]
                    marks = ",".join("?" * len(part))
                    rows.extend(conn.execute(f"SELECT {columns} FROM vectors WHERE key IN ({marks})", part))
            except (sqlite3.Error, OSError) as exc:
                self._give_up(exc)
                return []
        return rows

    def put(self, items: list[tuple[bytes, bytes]]) -> None:
        """Store vectors; one transaction, committed before returning."""
        with self._lock:
            if self.broken or not items:
                return
            try:
                conn = self._connect()
                with conn:  # commits, or rolls back on error
                    conn.executemany("INSERT OR IGNORE INTO vectors (key, vec) VALUES (?, ?)", items)
            except (sqlite3.Error, OSError) as exc:
                self._give_up(exc)

    def __len__(self) -> int:
        with self._lock:
            if self.broken:
                return 0
            try:
                return self._connect().execute("SELECT count(*) FROM vectors").fetchone()[0]
            except (sqlite3.Error, OSError) as exc:
                self._give_up(exc)
                return 0

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def _give_up(self, exc: Exception) -> None:
        self.broken = True
        log.warning("embedding cache %s is unusable (%s: %s); embedding without it. Delete the file or set "
                    "PAPERCHAT_EMBED_CACHE to another path to get a fresh cache.", self.path, type(exc).__name__, exc)
        if self._conn is not None:
            try:
                self._conn.close()
            except sqlite3.Error:
                pass
            self._conn = None


class CachedEmbedder:
    """Wraps an embedder: same `id` and vectors; `embed` sends only texts not seen before to the model."""

    def __init__(self, inner: Embedder, cache: EmbedCache):
        self.inner = inner
        self.cache = cache
        self.id = inner.id
        self.hits = 0  # texts served from the cache, for the ingest report
        self.sent = 0  # texts sent to the model

    @property
    def dim(self) -> int:
        return self.inner.dim

    def key(self, text: str) -> bytes:
        # the embedder id is part of the key: two models never share a vector
        return hashlib.sha256(f"{self.id}\n{text}".encode("utf-8")).digest()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors for `texts`, in input order: cached ones read back, the rest embedded and stored."""
        if not texts:
            return self.inner.embed(texts)
        keys = [self.key(t) for t in texts]
        stored = self.cache.get(list(dict.fromkeys(keys)))
        rows = [_vector(stored.get(k)) for k in keys]
        todo = list(dict.fromkeys(t for t, r in zip(texts, rows) if r is None))
        fresh = np.asarray(self.inner.embed(todo), dtype=np.float32) if todo else None
        widths = {len(r) for r in rows if r is not None} | ({fresh.shape[1]} if fresh is not None else set())
        if len(widths) > 1:  # vectors of another size stored under this id: trust none of them
            todo, rows = list(dict.fromkeys(texts)), [None] * len(texts)
            fresh = np.asarray(self.inner.embed(todo), dtype=np.float32)
        if fresh is not None:
            self.cache.put([(self.key(t), v.tobytes()) for t, v in zip(todo, fresh)])
            position = {t: i for i, t in enumerate(todo)}
            rows = [fresh[position[t]] if r is None else r for t, r in zip(texts, rows)]
        missed = set(todo)
        self.sent += len(todo)
        self.hits += sum(1 for t in texts if t not in missed)
        return np.vstack(rows)


def embed_unique(embedder: Embedder, texts: list[str]) -> np.ndarray:
    """Embed each distinct text once (lists often repeat boilerplate sentences)."""
    unique = list(dict.fromkeys(texts))
    vectors = embedder.embed(unique)
    row = {t: i for i, t in enumerate(unique)}
    return vectors[[row[t] for t in texts]]


def uncached(embedder: Embedder) -> Embedder:
    """The model behind a cached embedder: queries are embedded directly, not stored."""
    return getattr(embedder, "inner", embedder)


def _vector(blob: bytes | None) -> np.ndarray | None:
    if blob is None or len(blob) % 4:
        return None
    return np.frombuffer(blob, dtype=np.float32)
