"""Sentence vectors at ingest: every abstract sentence embedded once, into the embedding cache.

The extractive answerer compares the question with every sentence of the abstracts that can answer
(rag/answer/decide.py). Embedded when an answer first needs them, they cost about a query's
embedding each: at SciFact's 5,183 papers a first-time `ask` took 37 ms of CPU on a quiet machine,
against 17 with its sentences already cached. So ingest embeds every sentence of the papers it reads
and stores it in the embedding cache, where the answerer's lookups find it.

The cache is keyed by the embedder and the sentence's own text, so a changed abstract's sentences
are new keys (never a stale vector), and a vector computed here is the one the answerer would compute:
one text per ONNX run, as the answerer embeds them. Without a cache there is nowhere to keep them, and
nothing is done; an answer then embeds what it needs, as before.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Iterable

import numpy as np

from rag.corpus.text import split_sentences
from rag.index.embed import Embedder
from rag.index.embedcache import CachedEmbedder
from rag.index.report import Progress
from rag.settings import Settings
from rag.types import Paper

BATCH = 256  # sentences per embedding call: each batch is committed to the cache before the next


def cached_side(embedder: Embedder) -> CachedEmbedder | None:
    """The cached embedder that stores passages (e5 keeps its cache on the passage side), if any."""
    for candidate in (embedder, getattr(embedder, "passages", None)):
        if isinstance(candidate, CachedEmbedder):
            return candidate
    return None


def wanted(settings: Settings, embedder: Embedder) -> CachedEmbedder | None:
    """The cache to fill at ingest, or None when sentences are left for answers to embed on demand.

    "auto" fills it for the local MiniLM model only: an embeddings API bills every sentence, and
    multilingual-e5 takes about 0.5 s an abstract already (its sentences would double that)."""
    mode = settings.index.sentence_vectors
    if mode == "on-demand" or (mode == "auto" and settings.index.embedder != "local"):
        return None
    cached = cached_side(embedder)
    if cached is None or getattr(cached.inner, "batch_size", 1) != 1:
        # batched runs pad texts, so their vectors differ (in the last bits) from the answerer's one-text runs
        return None
    return cached


def vectors_of(embedder: Embedder, texts: list[str]) -> list[np.ndarray]:
    """Vectors of `texts` for the answerer: the cached ones in one lookup, the rest embedded one text per call
    (a batch makes the ONNX embedder open a second session: ~1 s, ~100 MB of RSS) and stored."""
    cached = cached_side(embedder)
    stored: dict[str, np.ndarray] = {}
    if cached is not None and texts:
        keys = {cached.key(t): t for t in texts}
        found = {keys[k]: np.frombuffer(v, dtype=np.float32) for k, v in cached.cache.get(list(keys)).items()
                 if len(v) % 4 == 0}
        if len({len(v) for v in found.values()}) == 1:  # (vectors of mixed sizes under one id: trust none)
            stored = found
    return [stored[t] if t in stored else embedder.embed([t])[0] for t in texts]


def sentences_of(papers: Iterable[Paper]) -> list[str]:
    """Every distinct sentence of the papers' texts, split as the answerer splits them (rag/corpus/terms.analyse)."""
    return list(dict.fromkeys(s for p in papers for s in split_sentences(p.text)))


def missing(cached: CachedEmbedder, texts: list[str]) -> list[str]:
    """The texts the cache holds no vector for."""
    keys = [cached.key(t) for t in texts]
    stored = cached.cache.present(keys)
    return [t for t, k in zip(texts, keys) if k not in stored]


@dataclass(frozen=True)
class SentencePlan:
    """The sentences an ingest embeds into `cached` (none when `cached` is None)."""

    cached: CachedEmbedder | None
    texts: list[str]

    def run(self, progress: Progress | None = None) -> int:
        """Embed them in committed batches (a kill loses one batch); `progress(done, len(texts))` after each."""
        for start in range(0, len(self.texts), BATCH):
            self.cached.embed(self.texts[start:start + BATCH])
            if progress:
                progress(min(start + BATCH, len(self.texts)), len(self.texts))
        return len(self.texts)


def plan_sentences(settings: Settings, embedder: Embedder, papers: list[Paper], chunks: Iterable[str]) -> SentencePlan:
    """The papers' sentences the cache lacks, less the chunk texts this ingest embeds anyway (a one-sentence
    window is its sentence)."""
    cached = wanted(settings, embedder)
    if cached is None:
        return SentencePlan(None, [])
    embedding = set(chunks)
    return SentencePlan(cached, [t for t in missing(cached, sentences_of(papers)) if t not in embedding])


def phases(progress: Progress | None, first: int, second: int) -> tuple[Progress | None, Progress | None]:
    """Two callbacks reporting two steps of `first` and `second` items as one count of `first + second`."""
    if progress is None:
        return None, None
    total = first + second
    return (lambda done, _n: progress(done, total)), (lambda done, _n: progress(first + done, total))


class SentenceVectors:
    """Sentence embeddings, each computed once (the embedder's own cache keeps them across runs)."""

    def __init__(self, embedder: Embedder, size: int = 20_000):
        self.embedder = embedder
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def of(self, sentences: list[str]) -> np.ndarray:
        """Unit vectors of `sentences`, in order; only the ones never seen are embedded."""
        with self._lock:
            have = {s: self._cache[s] for s in sentences if s in self._cache}
            for s in have:  # least recently used goes first: a sentence asked for now is kept
                self._cache.move_to_end(s)
        missing = list(dict.fromkeys(s for s in sentences if s not in have))
        if missing:
            found = vectors_of(self.embedder, missing)  # ingest put them in the embedding cache (one lookup)
            have.update(zip(missing, found))
            with self._lock:
                self._cache.update(zip(missing, found))
                while len(self._cache) > self._size:
                    self._cache.popitem(last=False)
        # from this call's own copies: filling the cache may have evicted one read above (a KeyError once
        # more than `size` sentences had been seen, at SciFact's 5,183 abstracts)
        return np.array([have[s] for s in sentences]) if sentences else np.zeros((0, 1), np.float32)


_VECTORS: dict[int, SentenceVectors] = {}


def sentence_vectors(embedder: Embedder) -> SentenceVectors:
    """The per-abstract sentence-vector cache of `embedder`, one per embedder object."""
    found = _VECTORS.get(id(embedder))
    if found is None or found.embedder is not embedder:
        found = _VECTORS[id(embedder)] = SentenceVectors(embedder)
    return found
