"""The public functions behind `import rag`: the CLI, the UI and eval/ call only these."""

from __future__ import annotations

import logging
import sys
import threading
import weakref
from collections import Counter
from pathlib import Path
from typing import Iterable, Iterator, Sequence

from rag import library
from rag.answer.pipeline import answer_question, answer_stream
from rag.corpus.formats import sniff_format
from rag.corpus.keyphrases import Scorer, using_scorer
from rag.corpus.papers import iter_files
from rag.errors import BadQuery, ConfigError
from rag.safety import terminal_text
from rag.index.chroma import normalize_venues
from rag.index.store import IngestReport, PaperIndex, Progress, Snapshot
from rag.retrieval.hybrid import clean_query, hybrid_search, warm
from rag.answer.llm import llm_configured, load_client, model_label
from rag.settings import Settings, current_settings
from rag.types import Answer, Hits, Paper, Stats

log = logging.getLogger("paperchat")
_lock = threading.Lock()
_default: dict[str, PaperIndex] = {}
_stats: "weakref.WeakKeyDictionary[Snapshot, Stats]" = weakref.WeakKeyDictionary()
Venues = str | Sequence[str] | None  # one venue, or several meaning papers of any of them
MAX_SEARCH_K = 1_000  # more papers than a person reads; Chroma is asked for a few chunks per paper
MAX_ANSWER_K = 50  # as AnswerSettings.k allows: more sources than an answer can cite


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
    report = _ingest_library(index, library.library_paths(index.settings), False)
    for warning in report.warnings:
        log.warning("%s", terminal_text(warning))  # warnings quote paper text; logs go to a terminal


def _whole(value, name: str, low: int, high: int, example: str) -> int:
    """`value` as an int in [low, high] (5 and 5.0 alike), else a BadQuery saying what is expected."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise BadQuery(f"{name} must be a whole number {example}, got {value!r}")
    try:
        number = float(value)
    except ValueError:
        raise BadQuery(f"{name} must be a whole number {example}, got {value!r}") from None
    if not number.is_integer() or not low <= number <= high:
        raise BadQuery(f"{name} must be a whole number from {low} to {high} {example}, got {value!r}")
    return int(number)


def _checked(query, k, year, venue, settings: Settings, max_k: int) -> tuple[str, int | None, int | None]:
    """The one validation of a search or question: the text, k, year and venues, each with a clear BadQuery."""
    query = clean_query(query, settings)
    k = None if k is None else _whole(k, "k", 1, max_k, "(papers to consider), e.g. 10")
    year = None if year is None else _whole(year, "year", 1000, 9999, "such as 2026")
    try:
        normalize_venues(venue)
    except ValueError as exc:
        raise BadQuery(str(exc)) from None
    return query, k, year


def ingest(
    paths: Iterable[str | Path] | None = None, *, settings: Settings | None = None,
    progress: Progress | bool = False, adding: Sequence[str | Path] = (), rebuild: bool = False,
) -> IngestReport:
    """Make the index hold exactly the papers under `paths` and the uploads folder; remembered for next time.

    With no `paths`, the ones the index was last built from (at first, the data folder): a plain ingest
    re-syncs them, and never drops papers of a path it was not told about. `adding`: files read besides
    them in this ingest only (an upload still in staging, moved into the library once this commits).
    `rebuild=True` (`paperchat repair`) rebuilds whatever the state of the last snapshot or of Chroma."""
    settings = settings or current_settings()
    index = get_index(settings, build=False)
    if paths is None:
        return _ingest_library(index, library.library_paths(settings), progress, [Path(a) for a in adding], rebuild)
    paths = list(paths)
    had_index = index.exists()
    dropped = [p for p in library.remembered_paths(settings)
               if Path(p).exists() and not any(_covers(given, p) for given in paths)]
    report = _ingest_library(index, library.library_paths(settings, paths), progress, [Path(a) for a in adding],
                             rebuild)
    library.remember(settings, paths)
    if dropped and had_index:
        report.warnings.append(f"no longer indexed, though still on disk: {', '.join(dropped)} (not among the paths "
                               "given; 'paperchat ingest' them too to keep their papers)")
    return report


def _covers(given: str | Path, path: str) -> bool:
    given = Path(given).absolute()
    return given == Path(path) or given in Path(path).parents


def _ingest_library(index: PaperIndex, paths: list[str], progress: Progress | bool, extra: Sequence[Path] = (),
                    rebuild: bool = False) -> IngestReport:
    """Ingest `paths` (and `extra` files, e.g. an upload being added), then note which files are in the library."""
    with using_scorer(title_scorer(index.settings)):  # derived titles pick key phrases with the embedder
        report = index.ingest([*paths, *map(str, extra)], progress=progress, rebuild=rebuild)
    library.record_files(index.settings, {str(f.absolute()): sniff_format(f) for f in iter_files(paths, [])})
    return report


def title_scorer(settings: Settings) -> Scorer | None:
    """KeyBERT-style: cosine of each candidate phrase to its abstract, by the local embedder (None otherwise:
    titles never cost calls to an embeddings API; the statistical choice is used instead)."""
    if settings.index.embedder != "local":
        return None
    from rag.index.embedders import get_embedder

    # behind the embedding cache: re-reading a renamed or re-exported list sends nothing to the model
    embedder = get_embedder(settings)

    def score(text: str, phrases: Sequence[str]) -> list[float]:
        vectors = embedder.embed([text, *phrases])
        return [float(v) for v in vectors[1:] @ vectors[0]]

    return score


def search(
    query: str, k: int = 10, venue: Venues = None, year: int | None = None, *,
    settings: Settings | None = None, mode: str | None = None,
) -> Hits:
    """Papers that match `query`, best first, one `Hit` per paper; `venue` is a name or a list (any of them).

    >>> hits = rag.search("streaming video with bounded memory", k=5, venue="ICML")
    >>> hits[0].paper.title, hits[0].score, hits[0].snippets[0]
    >>> rag.search("video tokenizers", venue=["ICLR", "ICML"])
    """
    settings = settings or current_settings()
    query, k, year = _checked(query, k, year, venue, settings, MAX_SEARCH_K)  # checked once, before any index work
    return Hits(hybrid_search(get_index(settings), query, k, venue=venue, year=year, mode=mode, settings=settings))


def stats(settings: Settings | None = None) -> Stats:
    """What the index holds: `stats().papers`, and `stats().venues["ICML"][2026]` papers per venue and year."""
    snapshot = get_index(settings).snapshot()
    if snapshot is None:
        return Stats()
    counted = _stats.get(snapshot)
    if counted is None:  # once per snapshot: the page asks on every load
        pairs = Counter((p.venue, p.year) for p in snapshot.papers)
        venues: dict[str, dict[int | None, int]] = {}
        for (venue, year), n in sorted(pairs.items(), key=lambda item: (item[0][0], item[0][1] or 0)):
            venues.setdefault(venue, {})[year] = n
        counted = _stats[snapshot] = Stats(papers=len(snapshot.papers), venues=venues)
    return counted


def get_paper(paper_id: str, settings: Settings | None = None) -> Paper:
    """The indexed paper with this id (the `id` of a hit or a citation); `BadQuery` when there is none."""
    snapshot = get_index(settings).snapshot()
    position = snapshot.by_id.get(paper_id) if snapshot and isinstance(paper_id, str) else None
    if position is None:
        raise BadQuery(f"no paper with id {paper_id!r} in the index; search first, and use the id a hit gives")
    return snapshot.papers[position]


def llm_label(settings: Settings | None = None) -> str | None:
    """The model that writes answers ("llm: gpt-4o-mini"), or None: answers are extractive."""
    settings = settings or current_settings()
    return model_label(settings) if llm_configured(settings) else None


_warming: threading.Thread | None = None  # the last warm-up's matrix load (tests wait for it)


def warm_up(settings: Settings | None = None) -> None:
    """Open the index, and import the LLM client when one is configured, so the first answer waits for neither;
    in the embedded Chroma the exact-search matrix loads meanwhile in the background (`hybrid.warm`; 3 s at 5,183
    papers: the page's port answers without waiting for it, and a search that comes first waits for the one load,
    not a second). The thread is no daemon: a process that ends first waits for the load rather than stopping a thread
    inside Chroma's native code."""
    global _warming
    settings = settings or current_settings()
    _warming = threading.Thread(target=_warm_search, args=(get_index(settings),), name="paperchat-warm-search")
    _warming.start()
    if llm_configured(settings):
        try:
            load_client(settings, say=lambda message: print(f"paperchat: {message}", file=sys.stderr, flush=True))
        except ConfigError as exc:  # a missing or damaged GGUF: say so now; answers stay extractive, with a notice
            print(f"paperchat: {exc} Answers stay extractive.", file=sys.stderr, flush=True)


def _warm_search(index: PaperIndex) -> None:
    try:
        warm(index)
    except Exception as exc:  # noqa: BLE001 - the first search meets the same fault and reports it to the user
        log.info("search matrix not preloaded: %s", exc)


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
    question, k, year = _checked(question, k, year, venue, settings, MAX_ANSWER_K)  # the stages take it as it is
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
    question, k, year = _checked(question, k, year, venue, settings, MAX_ANSWER_K)  # the stages take it as it is
    yield from answer_stream(get_index(settings), question, history, venue, year, k, settings=settings)
