"""The BM25 keyword index (bm25s), one document per paper, persisted beside the vectors."""

from __future__ import annotations

import logging
import re
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import bm25s
import numpy as np

from rag.corpus.text import split_sentences

logging.getLogger("bm25s").setLevel(logging.WARNING)  # bm25s sets DEBUG on import


@lru_cache(maxsize=1)
def _stemmer():
    import Stemmer

    return Stemmer.Stemmer("english")


def tokenize(text: str) -> list[str]:
    """Lower-cased, stop-worded, stemmed tokens, exactly as the index was built."""
    tokens = bm25s.tokenize(
        [text], stopwords="en", stemmer=_stemmer(), return_ids=False, show_progress=False
    )
    return list(tokens[0]) if tokens else []


class KeywordIndex:
    """BM25 over paper texts; scores come back as a dense array aligned with the papers."""

    def __init__(self, model):
        self._model = model
        self._vocab = set(model.vocab_dict) if model is not None else set()

    @classmethod
    def build(cls, texts: Sequence[str]) -> "KeywordIndex":
        if not texts:
            return cls(None)
        corpus_tokens = bm25s.tokenize(
            list(texts), stopwords="en", stemmer=_stemmer(), show_progress=False
        )
        model = bm25s.BM25()
        model.index(corpus_tokens, show_progress=False)
        return cls(model)

    def save(self, directory: Path) -> None:
        if self._model is not None:
            self._model.save(str(directory), show_progress=False)

    @classmethod
    def load(cls, directory: Path) -> "KeywordIndex":
        if not (directory / "params.index.json").exists():
            return cls(None)
        return cls(bm25s.BM25.load(str(directory), show_progress=False, mmap=False))

    def scores(self, query: str, size: int, mask: np.ndarray | None = None) -> np.ndarray:
        """BM25 score of every paper for `query` (0 where masked out or no term matches)."""
        if self._model is None:
            return np.zeros(size, dtype=np.float32)
        tokens = [t for t in tokenize(query) if t in self._vocab]
        if not tokens:
            return np.zeros(size, dtype=np.float32)
        scores = self._model.get_scores(tokens)
        return scores * mask if mask is not None else scores


@lru_cache(maxsize=4096)
def analysed_sentences(text: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """An abstract's sentences with their terms, computed once: the same papers come back query after query."""
    return tuple((sentence, frozenset(sentence_terms(sentence))) for sentence in split_sentences(text))


def sentence_terms(text: str) -> set[str]:
    """Stemmed content words of a sentence, for snippet and evidence scoring."""
    words = re.findall(r"(?u)\b\w\w+\b", text.lower())
    return set(_stemmer().stemWords(words)) - STOP_WORDS


STOP_WORDS = set(
    "the a an and or of to in on for with by from as at is are was were be been this that these those "
    "we our it its which what how does do paper papers propose proposed method approach using use "
    "show shows than into can also".split()
)
