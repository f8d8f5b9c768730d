"""The public functions behind `import rag`: the CLI, the UI and eval/ call only these."""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Iterable, Iterator, Sequence

from rag.answer.pipeline import answer_question, answer_stream
from rag.index.chroma import normalize_venues
from rag.index.store import IngestReport, PaperIndex, Progress
from rag.retrieval.hybrid import clean_query, hybrid_search
from rag.settings import Settings, current_settings
from rag.types import Answer, Hit
from rag.answer.understand import snapshot_facts

log = logging.getLogger("paperchat")
_lock = threading.Lock()
_default: dict[str, PaperIndex] = {}
Venues = str | Sequence[str] | None  # one venue, or several meaning papers of any of them


def get_index(settings: Settings | None = None, build: bool = True) -> PaperIndex:
    """The index for `settings` (default: env/.env), opened once; built from the data folder if empty."""
    settings = settings or current_settings()
    # only the index sub-model names an index: one open index serves every answer length and top_k
    key = settings.index_key
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
                    index.settings.index.data_dir)
    elif snapshot.embedder_id != index.embedder.id:
        log.warning("the index was built with %s; rebuilding it with %s",
                    snapshot.embedder_id, index.embedder.id)
    else:
        return
    report = index.ingest([index.settings.index.data_dir])
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
    query: str, k: int = 10, venue: Venues = None, year: int | None = None, *,
    settings: Settings | None = None, mode: str | None = None,
) -> list[Hit]:
    """Papers that match `query`, best first, one `Hit` per paper; `venue` is a name or a list (any of them).

    >>> hits = rag.search("streaming video with bounded memory", k=5, venue="ICML")
    >>> hits[0].paper.title, hits[0].score, hits[0].snippets[0]
    >>> rag.search("video tokenizers", venue=["ICLR", "ICML"])
    """
    settings = settings or current_settings()
    query = clean_query(query, settings)  # checked once, before any index work
    normalize_venues(venue)  # and a malformed venue filter
    return hybrid_search(get_index(settings), query, k, venue=venue, year=year, mode=mode, settings=settings)


def stats(settings: Settings | None = None) -> dict[str, int]:
    """Number of papers per "VENUE YEAR" in the index."""
    snapshot = get_index(settings).snapshot()
    # counted once per snapshot: the page asks on every load
    return dict(sorted(snapshot_facts(snapshot).venue_year_counts.items())) if snapshot else {}


def ask(
    question: str, *, history: list[dict] | None = None, venue: Venues = None,
    year: int | None = None, k: int | None = None, settings: Settings | None = None,
) -> Answer:
    """A short answer with `[n]` citations; `answer.citations[n-1]` is the paper behind `[n]`.

    `venue` is one name or a list (papers of any of them); a venue the question names narrows that list.

    >>> answer = rag.ask("What speedup does Veda report?")
    >>> answer.text            # '… Veda achieves a 5.1× end-to-end speedup … [1]'
    >>> answer.citations[0].paper.title, answer.citations[0].quotes
    >>> rag.ask("Which datasets was it evaluated on?",
    ...         history=[{"role": "user", "content": "What is FlowNar?"},
    ...                  {"role": "assistant", "content": answer.text}])
    """
    settings = settings or current_settings()
    question = clean_query(question, settings)  # checked once: the stages below take it as it is
    normalize_venues(venue)
    return answer_question(get_index(settings), question, history, venue, year, k, settings=settings)


def ask_stream(
    question: str, *, history: list[dict] | None = None, venue: Venues = None,
    year: int | None = None, k: int | None = None, settings: Settings | None = None,
) -> Iterator[str | Answer]:
    """Like `ask`, but yields the text in pieces as it is produced, then the complete `Answer`.

    The final `Answer.text` is authoritative: an LLM's `[n]` are renumbered and checked after the
    stream ends, and a stream that breaks is followed by the extractive answer (see `Answer.notice`).

    >>> for piece in rag.ask_stream("Which papers study continual learning?"):
    ...     print(piece if isinstance(piece, str) else "", end="")
    """
    settings = settings or current_settings()
    question = clean_query(question, settings)
    normalize_venues(venue)
    yield from answer_stream(get_index(settings), question, history, venue, year, k, settings=settings)
