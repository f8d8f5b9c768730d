"""The BM25 keyword index (bm25s), one document per paper, persisted beside the vectors.

Its tokens are bm25s's (English stop words, Snowball stems); term analysis for sentences lives in
rag/corpus/terms.py."""

from __future__ import annotations

import logging
from functools import cached_property
from pathlib import Path
from typing import Sequence

import bm25s
import numpy as np

from rag.corpus.terms import folded, stemmer as _stemmer

logging.getLogger("bm25s").setLevel(logging.WARNING)  # bm25s sets DEBUG on import


def tokenize(text: str) -> list[str]:
    """Lower-cased, stop-worded, stemmed tokens, exactly as the index was built."""
    tokens = bm25s.tokenize(
        [folded(text)], stopwords="en", stemmer=_stemmer(), return_ids=False, show_progress=False
    )
    return list(tokens[0]) if tokens else []


class KeywordIndex:
    """BM25 over paper texts; scores come back as a dense array aligned with the papers."""

    def __init__(self, model):
        self._model = model
        self._vocab = frozenset(model.vocab_dict) if model is not None else frozenset()

    @classmethod
    def build(cls, texts: Sequence[str]) -> "KeywordIndex":
        if not texts:
            return cls(None)
        corpus_tokens = bm25s.tokenize(
            [folded(t) for t in texts], stopwords="en", stemmer=_stemmer(), show_progress=False
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

    @property
    def vocabulary(self) -> frozenset[str]:
        """The index's stemmed tokens: what spelling correction corrects against."""
        return self._vocab  # built once: copying it cost 0.4 ms a call at 5k papers, twice an `ask`

    @cached_property
    def sorted_vocabulary(self) -> list[str]:
        """The stemmed tokens in order, for prefix look-ups; built on first use and dropped with the index."""
        return sorted(self._vocab)

    def idf(self, tokens: Sequence[str]) -> np.ndarray:
        """BM25's (Lucene) idf of each stemmed token; a token the index lacks gets the idf of a one-paper term."""
        if self._model is None:
            return np.ones(len(tokens), dtype=np.float32)
        n = self._model.scores["num_docs"]
        indptr = self._model.scores["indptr"]
        ids = self._model.vocab_dict
        df = np.array([indptr[ids[t] + 1] - indptr[ids[t]] if t in ids else 1 for t in tokens], dtype=np.float64)
        return np.log(1 + (n - df + 0.5) / (df + 0.5)).astype(np.float32)

    def documents(self, token: str) -> np.ndarray:
        """Rows of the papers holding the stemmed `token` (empty when the index lacks it)."""
        if self._model is None or token not in self._model.vocab_dict:
            return np.zeros(0, dtype=np.int64)
        t = self._model.vocab_dict[token]
        indptr = self._model.scores["indptr"]
        return np.asarray(self._model.scores["indices"][indptr[t]:indptr[t + 1]], dtype=np.int64)

    def scores(self, query: str, size: int, mask: np.ndarray | None = None) -> np.ndarray:
        """BM25 score of every paper for `query` (0 where masked out or no term matches)."""
        if self._model is None:
            return np.zeros(size, dtype=np.float32)
        tokens = [t for t in tokenize(query) if t in self._vocab]
        if not tokens:
            return np.zeros(size, dtype=np.float32)
        scores = self._model.get_scores(tokens)
        return scores * mask if mask is not None else scores
