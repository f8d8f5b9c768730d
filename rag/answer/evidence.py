"""Evidence for a question in one abstract: which sentence answers it, and how well the paper matches.

A sentence is scored by what the question asks (its final clause's terms, weighted by rarity), the
question–sentence similarity from the embedder (MiniLM was trained on question–answer pairs), and
whether it holds the kind of detail asked for (a number, names, a method). Background sentences
("X remains challenging", "Existing methods …") lose a little, so they win only when they answer.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from rag.answer.asks import Asks
from rag.corpus.terms import analyse, terms
from rag.index.embed import Embedder
from rag.index.keyword import KeywordIndex
from rag.index.sentences import vectors_of
from rag.types import Hit

# Sentence-score weights, set by hand and checked on the dev questions (eval/questions/dev.jsonl):
# the asked terms first, the embedder's similarity next, the detail kind as a tie-breaker.
W_ASK, W_FOCUS, W_COS, W_DETAIL, W_BACKGROUND = 0.45, 0.15, 0.5, 0.25, 0.2
BM25_K1 = 1.5  # bm25s's default: a term's BM25 contribution is at most idf × (k1 + 1)

# a reported quantity ("5.1×", "60%", "12.5 points", "8K samples"), not a digit inside a name ("0-th", "T2V")
_NUMBER = re.compile(r"(?<![\w-])~?\d[\d,]*(?:\.\d+)?\s*(?:%|×|x\b|times\b|fold\b|points?\b|pp\b|[KMB]\b|hours?\b|"
                     r"frames?\b|fps\b|dB\b)|(?<![\w.-])\d+\.\d+(?![\w-])|(?<![\w.-])\d{2,}(?![\w.-])")
_NAMED = re.compile(r"\b[A-Z][\w-]*[A-Z0-9][\w-]*\b|\b[A-Z][a-z]+(?: [A-Z][a-z]+)+\b")
_METHOD = re.compile(r"\b((?:consists|composed) of|by (?:\w+ing)\b|via|through|which (?:uses|combines|learns)|"
                     r"(?:uses|employs|leverages|introduces|maintains|stores|retains|combines)\b)", re.I)
_BACKGROUND = re.compile(r"^(?:however|despite|although|while|recent(?:ly)?|existing|current|traditional|"
                         r"prior|most|many)\b|\b(?:remains? (?:challenging|difficult|an open|unclear|limited)|"
                         r"(?:suffer|struggle)s? (?:from|with|to)|has (?:attracted|gained|shown)|have (?:shown|been)|"
                         r"is (?:crucial|essential|fundamental|challenging|important)|poses?)\b", re.I)


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
            missing = list(dict.fromkeys(s for s in sentences if s not in self._cache))
        if missing:
            found = vectors_of(self.embedder, missing)  # ingest put them in the embedding cache (one lookup)
            with self._lock:
                self._cache.update(zip(missing, found))
                while len(self._cache) > self._size:
                    self._cache.popitem(last=False)
        with self._lock:
            return np.array([self._cache[s] for s in sentences]) if sentences else np.zeros((0, 1), np.float32)


_VECTORS: dict[int, SentenceVectors] = {}


def sentence_vectors(embedder: Embedder) -> SentenceVectors:
    """The per-abstract sentence-vector cache of `embedder`, one per embedder object."""
    found = _VECTORS.get(id(embedder))
    if found is None or found.embedder is not embedder:
        found = _VECTORS[id(embedder)] = SentenceVectors(embedder)
    return found


def weighted(wanted: frozenset[str], have: frozenset[str], idf: dict[str, float]) -> float:
    """Share of `wanted` terms present in `have`, each weighted by its idf (rare terms count more)."""
    total = sum(idf.get(t, 1.0) for t in wanted)
    return sum(idf.get(t, 1.0) for t in wanted & have) / total if total else 0.0


def idf_of(keyword: KeywordIndex, wanted: frozenset[str]) -> dict[str, float]:
    ordered = sorted(wanted)
    return dict(zip(ordered, map(float, keyword.idf(ordered))))


def detail(sentence: str, wants: str, own_name: str = "") -> float:
    """Does the sentence hold the kind of detail asked for (its paper's own name does not count)?"""
    text = sentence.replace(own_name, "") if own_name else sentence
    if wants == "number":
        return 1.0 if _NUMBER.search(text) else 0.0
    if wants == "names":
        return min(len(_NAMED.findall(text)), 3) / 3
    if wants == "method":
        return 1.0 if _METHOD.search(text) else 0.0
    return 0.0


_BOILERPLATE = re.compile(r"https?://|github\.com|\b(?:code|models?|data(?:set)?s?) (?:(?:and|&) \w+ )?(?:is|are|will be) "
                          r"(?:publicly |made )?(?:available|released)\b", re.I)


def is_background(sentence: str, position: int, own_name: str) -> bool:
    """A sentence setting the scene (or pointing at code), not reporting the paper's own work."""
    if _BOILERPLATE.search(sentence):
        return True
    if own_name and own_name in sentence:
        return False
    return bool(_BACKGROUND.search(sentence)) or (position == 0 and not re.search(r"\bwe\b", sentence, re.I))


@dataclass(frozen=True)
class Sentence:
    """One abstract sentence with its score for the question."""

    position: int
    text: str
    score: float


def own_name(hit: Hit) -> str:
    return hit.paper.title.split(":")[0] if hit.paper.title_derived else ""


def score_sentences(hit: Hit, asks: Asks, idf: dict[str, float], cosines: np.ndarray | None) -> list[Sentence]:
    """Every sentence of the hit's abstract, scored for the question."""
    analysis = analyse(hit.paper.text)
    name = own_name(hit)
    out = []
    for i, (text, have) in enumerate(zip(analysis.sentences, analysis.terms)):
        cos = float(cosines[i]) if cosines is not None and i < len(cosines) else _window(hit, text)
        score = (W_ASK * weighted(asks.ask, have, idf) + W_FOCUS * weighted(asks.focus, have, idf)
                 + W_COS * max(cos, 0.0) + W_DETAIL * detail(text, asks.wants, name)
                 - W_BACKGROUND * (not asks.problem and is_background(text, i, name)))
        out.append(Sentence(i, text, score))
    return out


def _window(hit: Hit, sentence: str) -> float:
    return max((sim for text, sim in hit.chunks if sentence in text), default=0.0)


# sentences embedded per answered paper, the best by their terms: each costs about a query's embedding (4 at
# SciFact's 5,183 papers put `ask` at 3.5x `search`; 3 keeps it near 2x)
CANDIDATE_SENTENCES = 3
CLOSE = 0.3  # a sentence more than W_COS x this behind the best by its terms and window stays behind


def cosines(vectors: SentenceVectors, hit: Hit, asks: Asks, idf: dict[str, float], query: np.ndarray) -> np.ndarray:
    """The question's cosine with the abstract's most promising sentences (by their terms and window);
    the others keep the cosine of their window from the dense search."""
    analysis = analyse(hit.paper.text)
    out = np.array([_window(hit, s) for s in analysis.sentences], dtype=np.float32)
    ranked = sorted(score_sentences(hit, asks, idf, None), key=lambda s: -s.score)[:CANDIDATE_SENTENCES]
    # only sentences the embedder could still lift to the top are worth embedding
    ranked = [s for s in ranked if s.score >= ranked[0].score - W_COS * CLOSE] if ranked else []
    if len(ranked) > 1:
        positions = [s.position for s in ranked]
        out[positions] = vectors.of([analysis.sentences[i] for i in positions]) @ query
    return out


def bm25_share(hit: Hit, keyword: KeywordIndex, question_terms: list[str]) -> float:
    """The paper's BM25 score as a share of the most any paper could score for these terms."""
    if not question_terms:
        return 0.0
    most = float(keyword.idf(question_terms).sum()) * (BM25_K1 + 1)
    return min((hit.keyword_score or 0.0) / most, 1.0) if most else 0.0


def query_terms(text: str) -> list[str]:
    return sorted(terms(text))
