"""Chroma glue: connecting (embedded or server), filters, and an embedding function that never downloads."""

from __future__ import annotations

import errno
import threading
from pathlib import Path
from typing import Any, Sequence
from urllib.parse import urlparse

from chromadb.api.types import Documents, EmbeddingFunction, Embeddings

from rag.errors import IndexUnavailable
from rag.settings import Settings

# chromadb caches one System per path and publishes it before its start() has run, so a second thread
# opening the same path meanwhile gets a half-built client ("'RustBindingsAPI' object has no attribute
# 'bindings'"); opening clients one at a time closes that window
_OPENING = threading.Lock()


class NoDownloadEmbeddingFunction(EmbeddingFunction[Documents]):
    """paperchat always passes vectors itself; this only stands in for Chroma's default model."""

    def __init__(self, embedder_id: str = "paperchat") -> None:
        self.embedder_id = embedder_id

    def __call__(self, input: Documents) -> Embeddings:
        raise RuntimeError(
            "paperchat passes embeddings explicitly; Chroma asked to embed text itself "
            f"({len(input)} documents), which would download a model"
        )

    @staticmethod
    def name() -> str:
        return "paperchat-no-download"

    def get_config(self) -> dict[str, Any]:
        return {"embedder_id": self.embedder_id}

    @staticmethod
    def build_from_config(config: dict[str, Any]) -> "NoDownloadEmbeddingFunction":
        return NoDownloadEmbeddingFunction(config.get("embedder_id", "paperchat"))


def connect(settings: Settings, directory: Path):
    """A Chroma client: the server at `chroma_url`, else the embedded database in `directory`."""
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    chroma_settings = ChromaSettings(anonymized_telemetry=False)
    try:
        if settings.index.chroma_url:
            _heartbeat(settings.index.chroma_url)
            url = urlparse(settings.index.chroma_url)
            client = chromadb.HttpClient(
                host=url.hostname or "localhost",
                port=url.port or (443 if url.scheme == "https" else 8000),
                ssl=url.scheme == "https",
                settings=chroma_settings,
            )
            _set_http_timeout(client)
            return client
        directory.mkdir(parents=True, exist_ok=True)
        with _OPENING:
            return chromadb.PersistentClient(path=str(directory), settings=chroma_settings)
    except Exception as exc:
        raise IndexUnavailable(chroma_problem(settings, exc)) from exc


def _heartbeat(url: str, timeout: float = 5.0) -> None:
    """Fail fast (not hang) when the server is down or accepts connections but never answers."""
    import httpx

    httpx.get(url.rstrip("/") + "/api/v2/heartbeat", timeout=timeout).raise_for_status()


def _set_http_timeout(client, seconds: float = 30.0) -> None:
    import httpx

    # chromadb's HTTP client waits forever by default; a hung server must become an error
    session = getattr(getattr(client, "_server", None), "_session", None)
    if session is not None:
        session.timeout = httpx.Timeout(seconds, connect=5.0)


def chroma_problem(settings: Settings, exc: Exception) -> str:
    """What went wrong with Chroma, and what to do about it."""
    if settings.index.chroma_url:
        return (f"cannot reach the Chroma server at {settings.index.chroma_url} ({type(exc).__name__}: {exc}); "
                "start it with 'chroma run --path DIR' or unset PAPERCHAT_CHROMA_URL")
    where = settings.index.index_dir
    text = str(exc).lower()
    if "disk is full" in text or getattr(exc, "errno", None) in (errno.ENOSPC, errno.EDQUOT):
        return write_problem(Path(where), OSError(errno.ENOSPC, str(exc)))
    if "readonly database" in text or "read-only" in text:
        return write_problem(Path(where), OSError(errno.EROFS, str(exc)))
    return (f"cannot open the Chroma database under {where} ({type(exc).__name__}: {exc}); if it is damaged, "
            "run 'paperchat repair' to rebuild it from your paper lists, then restart paperchat")


def write_problem(directory: Path, exc: OSError) -> str:
    """Advice for an ingest that could not write: the last snapshot stays current and is still served."""
    kept = "nothing was changed and searches still use the last snapshot"
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return (f"no space left on the disk under {directory} ({exc.strerror or exc}): {kept}; free some space, "
                "then run 'paperchat ingest' again")
    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return (f"the index folder {directory} is read-only ({exc.strerror or exc}): {kept}; ingest needs write "
                "access there, or set PAPERCHAT_INDEX_DIR to a writable folder")
    return f"could not write the index under {directory} ({exc}): {kept}; run 'paperchat ingest' again"


def collection_names(client) -> list[str]:
    return [c if isinstance(c, str) else c.name for c in client.list_collections()]


def normalize_venues(venue: str | Sequence[str] | None) -> list[str] | None:
    """Lower-cased venue keys to keep; None (or an empty choice) means every venue."""
    if venue is None:
        return None
    names = [venue] if isinstance(venue, str) else venue
    if not isinstance(names, (list, tuple, set, frozenset)) or not all(isinstance(n, str) for n in names):
        raise ValueError(f"venue must be a name or a list of names such as ['ICLR', 'ICML'], got {venue!r}")
    keys = [name.strip().lower() for name in names if name.strip()]
    return list(dict.fromkeys(keys)) or None


def where_filter(venue: str | Sequence[str] | None, year: int | None) -> dict | None:
    """Chroma's `where` for the filters: several venues mean papers of any of them."""
    clauses = []
    keys = normalize_venues(venue)
    if keys:
        clauses.append({"venue": keys[0]} if len(keys) == 1 else {"venue": {"$in": keys}})
    if year is not None:
        clauses.append({"year": int(year)})
    if not clauses:
        return None
    return clauses[0] if len(clauses) == 1 else {"$and": clauses}
