"""Which sentences of a compared paper answer the comparison: a fitted ranker over the paper's sentences.

A comparison asks one aspect of two or three papers, and each paper's answering sentence is often not the one
holding the aspect's words: it is the sentence presenting the method, the one going on from it, or its problem
or results. Hand rules for each case (compare.py) fit our own comparisons (dev 0.88) but not new ones (a fresh
set written before this ranker: 0.38). This ranker is a conditional logit, like the single-paper sentence
ranker (evidence.Ranker), over a few cues that hold for any abstract, fitted on the dev comparisons by
`python -m eval.comparisons` (`make tune`) and shipped as rag/assets/comparison.json.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources

import numpy as np

from rag.answer.asks import Asks
from rag.answer.evidence import Ranker, Sentence, detail, own_name, score_sentences
from rag.answer.extractive import PRESENTS
from rag.answer.names import names_in, names_of
from rag.answer.quoting import Source
from rag.corpus.terms import analyse, terms

# a sentence about the paper's own method, by name or as "our approach" ("we propose OGD+, which projects …",
# "Our approach integrates …"), not one reporting its results or pointing at its code
OWN = re.compile(r"\bour (?:method|approach|framework|model|design|system|module)\b|\b(?:consists|composed) of\b", re.I)
REPORTS = re.compile(r"\b(?:outperform\w*|surpass\w*|experiments?\b|results?\b|achiev\w*|yields?\b|gains?\b|"
                     r"evaluat\w*|empirical\w*|validat\w*|demonstrat\w*)|https?://", re.I)
PROBLEM = re.compile(r"\b(?:challeng|problem|bottleneck|limitation|limit(?:s|ed)?\b|suffer|struggl|fail|difficult|"
                     r"costly|expensive|overfit|issue|gap\b|remains?\b|lack|hinder|degrad|constrain|flaw|drawback|weakness|"
                     r"trade-?off|conflict|dilemma|deadlock)", re.I)
_LINK = re.compile(r"https?://|\bcode\b.{0,30}\bavailable", re.I)
_URL = re.compile(r"https?://")

# the shipped sentence ranker's log-probability, the question–sentence cosine's gap to the paper's best, whether
# it presents the work (the first such, the one after it), reports results, holds the asked number, states a
# problem (asked or not), speaks of the method by name or "our approach", where it sits, and a code link
COMPARISON_FEATURES = ("log_p", "cos_gap", "presents", "first_presents", "after_presents", "reports", "number",
                       "problem_asked", "problem", "own", "late", "link")
COMPARISON_WEIGHTS = "comparison.json"


def comparison_rows(source: Source, asks: Asks, idf: dict[str, float]) -> np.ndarray:
    """One row of COMPARISON_FEATURES per sentence of the source's abstract."""
    sentences = analyse(source.hit.paper.text).sentences
    n = len(sentences)
    log_p = np.log(np.array([s.score for s in score_sentences(source.hit, asks, idf, source.cosines)]) + 1e-6)
    cos = np.zeros(n) if source.cosines is None or len(source.cosines) != n else np.maximum(source.cosines, 0.0)
    presenting = [i for i, t in enumerate(sentences) if PRESENTS.search(t)]
    first = presenting[0] if presenting else -2
    name, names = own_name(source.hit), names_of(source.hit.paper)
    rows = [[log_p[i], cos[i] - cos.max(), float(i in presenting), float(i == first), float(i == first + 1),
             float(bool(REPORTS.search(t))), detail(t, "number", name) * (asks.wants == "number"),
             float(bool(PROBLEM.search(t))) * asks.problem, float(bool(PROBLEM.search(t))) * (not asks.problem),
             float(bool(OWN.search(t)) or bool(names_in(t, names))), i / max(n - 1, 1), float(bool(_LINK.search(t)))]
            for i, t in enumerate(sentences)]
    return np.array(rows, dtype=np.float64).reshape(n, len(COMPARISON_FEATURES))


def ranked_for_comparison(source: Source, asks: Asks, idf: dict[str, float],
                          ranker: Ranker | None = None) -> list[Sentence]:
    """The paper's sentences, the likeliest to answer the comparison first."""
    sentences = analyse(source.hit.paper.text).sentences
    p = (ranker or shipped_comparison_ranker()).probability(comparison_rows(source, asks, idf))
    order = sorted(range(len(sentences)), key=lambda i: (-p[i], i))
    return [Sentence(i, sentences[i], float(p[i])) for i in order]


def ranker_from_dict(data: dict) -> Ranker:
    return Ranker.from_dict(data, COMPARISON_FEATURES, "comparison-ranker")


@lru_cache(maxsize=1)
def shipped_comparison_ranker() -> Ranker:
    """The comparison ranker that ships (rag/assets/comparison.json, written by eval/comparisons.py)."""
    path = resources.files("rag").joinpath("assets", COMPARISON_WEIGHTS)
    return ranker_from_dict(json.loads(path.read_text(encoding="utf-8")))


# a sentence reporting results, which ends the method's: not an insight "we theoretically prove and empirically
# validate" (ISA's second sentence)
_RESULTS = re.compile(r"\b(?:experiments?|results?|outperform\w*|surpass\w*|achiev\w*)\b|https?://", re.I)


def method_span(hit: Hit, scored: list[Sentence]) -> list[Sentence]:
    """The sentences laying out the paper's method, in the abstract's order: from the first presenting it to the last
    before the results reported after the last presenting one. A trick or an ingredient asked of each compared paper
    is one of its parts, which the presenting sentence seldom names ("A hardware-efficient tile-skipping kernel …",
    "we introduce a novel gated bi-level reward system": read set CY, cy066 and cy070 quoted the presenting pair)."""
    sentences = analyse(hit.paper.text).sentences
    presenting = [i for i, t in enumerate(sentences) if PRESENTS.search(t)]
    if not presenting:
        return []
    end = min((i for i, t in enumerate(sentences) if i > presenting[-1] and _RESULTS.search(t)), default=len(sentences))
    score = {s.position: s.score for s in scored}  # the ranker scores its candidates only: the others score 0
    return [Sentence(i, sentences[i], score.get(i, 0.0)) for i in range(presenting[0], end)
            if not _URL.search(sentences[i])]


# the setting a theory paper works in, asked of each ("what theoretical setting does each one analyse in?"): its
# sentences naming a regime, a case or the model class it focuses on ("… within the Neural Tangent Kernel (NTK)
# regime", "Focusing on linear and masked linear self-attention", "when trained … on data from …"), not one on the
# problem with others' settings (read sets DD, DE, session 36, and dev w856, u054 quoted OGD+'s problem sentences)
SETTING_ASKED = frozenset(terms("setting settings regime regimes assumption assumptions"))
_SETTING = re.compile(r"\bregimes?\b|\bfocus(?:es|ing)? on\b|\b(?:in|under|within) (?:an? |the )?(?:[\w-]+ ){0,4}"
                      r"(?:settings?|cases?|limits?|assumptions?)\b|\bwhen trained\b[^.;]{0,40}\bon data\b", re.I)


_OURS = re.compile(r"\b(?:we|our)\b", re.I)  # "To address these challenges, we analyze … within the NTK regime"


def setting_sentences(scored: list[Sentence]) -> list[Sentence]:
    """The two best-scoring sentences stating the paper's setting, in the abstract's order."""
    pool = [s for s in scored if _SETTING.search(s.text) and not (PROBLEM.search(s.text) and not _OURS.search(s.text))]
    return sorted(pool[:2], key=lambda s: s.position)
