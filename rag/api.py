"""The public functions behind `import rag`: the CLI, the UI and eval/ call only these."""

from __future__ import annotations

import logging
import threading
from collections import Counter
from pathlib import Path
from typing import Iterable

from .index import IngestReport, PaperIndex, Progress
from .retrieve import clean_query, hybrid_search
from .settings import Settings
from .types import Hit

log = logging.getLogger("paperchat")
_lock = threading.Lock()
_default: dict[str, PaperIndex] = {}


def get_index(settings: Settings | None = None, build: bool = True) -> PaperIndex:
    """The index for `settings` (default: env/.env), opened once; built from the data folder if empty."""
    settings = settings or Settings()
    key = settings.model_dump_json()
    with _lock:
        index = _default.get(key)
        if index is None:
            index = _default[key] = PaperIndex(settings)
        if build:
            _ensure_built(index)
    return index


def _ensure_built(index: PaperIndex) -> None:
    snapshot = index.snapshot()
    if snapshot is None:
        log.warning("no index yet: building it from %s (one-time, about a second per 15 papers)",
                    index.settings.data_dir)
    elif snapshot.embedder_id != index.embedder.id:
        log.warning("the index was built with %s; rebuilding it with %s",
                    snapshot.embedder_id, index.embedder.id)
    else:
        return
    report = index.ingest([index.settings.data_dir])
    for warning in report.warnings:
        log.warning("%s", warning)


def ingest(
    paths: Iterable[str | Path] | None = None, *, settings: Settings | None = None,
    progress: Progress | bool = False,
) -> IngestReport:
    """Make the index hold exactly the papers under `paths` (default: the data folder)."""
    index = get_index(settings, build=False)
    return index.ingest(paths, progress=progress)


def search(
    query: str, k: int = 10, venue: str | None = None, year: int | None = None, *,
    settings: Settings | None = None, mode: str | None = None,
) -> list[Hit]:
    """Papers that match `query`, best first, one `Hit` per paper.

    >>> hits = rag.search("streaming video with bounded memory", k=5, venue="ICML")
    >>> hits[0].paper.title, hits[0].score, hits[0].snippets[0]
    """
    clean_query(query, settings or Settings())  # reject an empty query before any index work
    return hybrid_search(get_index(settings), query, k, venue=venue, year=year, mode=mode)


def stats(settings: Settings | None = None) -> dict[str, int]:
    """Number of papers per "VENUE YEAR" in the index."""
    snapshot = get_index(settings).snapshot()
    counts = Counter(p.venue_year for p in snapshot.papers) if snapshot else Counter()
    return dict(sorted(counts.items()))
