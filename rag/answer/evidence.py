"""Evidence for a question in one abstract: which sentence answers it, and how well the paper matches.

Sentences are ranked by a small fitted model (a conditional logit, rag/assets/sentences.json, fitted by
eval/sentences.py in `make tune` on SciFact train rationales and the dev questions' fact sentences): the
question–sentence cosine from the embedder (MiniLM was trained on question–answer pairs) and its gap to
the abstract's best, the asked terms it holds (weighted by rarity), whether it holds the kind of detail
asked for (a number, names), background cues ("X remains challenging", "Existing methods …"), findings
and position. Background sentences lose, so they win only when they answer or the problem is asked.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources

import numpy as np

from rag.answer.asks import Asks
from rag.answer.said_as import AS_ABSTRACTS_SAY
from rag.answer.units import NUMBER, counts
from rag.answer.wording import RULE_WORDS, TROUBLE_CUES
from rag.corpus.terms import Analysis, analyse, terms
from rag.index.keyword import KeywordIndex
from rag.index.sentences import SentenceVectors
from rag.types import Hit

BM25_K1 = 1.5  # bm25s's default: a term's BM25 contribution is at most idf × (k1 + 1)

_NAMED = re.compile(r"\b[A-Z][\w-]*[A-Z0-9][\w-]*\b|\b[A-Z][a-z]+(?: [A-Z][a-z]+)+\b")
_METHOD = re.compile(r"\b((?:consists|composed) of|by (?:\w+ing)\b|via|through|which (?:uses|combines|learns)|"
                     r"(?:uses|employs|leverages|introduces|maintains|stores|retains|combines)\b)", re.I)
# the scene ("… has emerged as a powerful strategy": dev v408), a gap in the field ("… remains poorly understood": BF bf014)
_BACKGROUND = re.compile(r"^(?:however|despite|although|while|recent(?:ly)?|existing|current(?:ly)?|traditional(?:ly)?|"
                         r"prior|most|many)\b|\b(?:remains? (?:challenging|difficult|an open|unclear|limited|(?:(?:poorly|"
                         r"largely|little|not well) )?(?:understood|unexplored|unknown))|under-?explored|poorly understood|"
                         r"little is known|(?:suffer|struggle)s? (?:from|with|to)|has (?:attracted|gained|shown)|have (?:shown|"
                         r"been)|(?:has|have) (?:recently )?(?:emerged|become)|is (?:crucial|essential|fundamental|challenging|"
                         r"important)|poses?)\b", re.I)


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
        return 1.0 if NUMBER.search(text) else 0.0
    if wants == "names":
        return min(len(_NAMED.findall(text)), 3) / 3
    if wants == "method":
        return 1.0 if _METHOD.search(text) else 0.0
    return 0.0


# ... a benchmark too, "made publicly available" ("Our UrbanFeel benchmark will be made publicly available" was quoted as
# UrbanFeel's finding: a probe of session 40)
_BOILERPLATE = re.compile(r"https?://|github\.com|\b(?:code|models?|data(?:set)?s?|benchmarks?|weights|checkpoints|resources) "
                          r"(?:(?:and|&) \w+ )?(?:is|are|will be) (?:publicly |made |freely |openly )*(?:available|released)\b", re.I)


def is_background(sentence: str, position: int, own_name: str) -> bool:
    """A sentence setting the scene (or pointing at code), not reporting the paper's own work."""
    if _BOILERPLATE.search(sentence):
        return True
    if own_name and own_name in sentence:
        return False
    return bool(_BACKGROUND.search(sentence)) or (position == 0 and not re.search(r"\bwe\b", sentence, re.I))


@dataclass(frozen=True)
class Sentence:
    """One abstract sentence with its score for the question (the ranker's probability that it answers)."""

    position: int
    text: str
    score: float
    background: bool = False  # sets the scene (or points at code) rather than reporting the paper's work


def own_name(hit: Hit) -> str:
    return hit.paper.title.split(":")[0] if hit.paper.title_derived else ""


# What the sentence ranker sees of one sentence (rag/assets/sentences.json holds its weights): the embedder's question–
# sentence cosine and its gap to the abstract's best, the asked / focus / attribute terms it holds (idf-weighted) and
# the gap to the best, whether it holds the detail kind asked for, background cues, where it sits in the abstract
# (findings come late), whether it speaks of the paper's own work ("we", its name) and reports a finding. (A "method"
# cue was tried: it lifted experiment sentences for "how" questions, cross-validated dev P@1 0.837 with, 0.849 without.)
SENTENCE_FEATURES = ("cos", "cos_gap", "ask", "ask_gap", "focus", "wanted", "number", "names",
                     "background", "problem_background", "first", "last", "late", "late_number", "own_work", "finding")
SENTENCE_WEIGHTS = "sentences.json"
_OWN_WORK = re.compile(r"\b(?:we|our|this (?:paper|work|study))\b", re.I)
# a sentence reporting a finding ("X outperforms", "was significantly associated", "results show")
_FINDING = re.compile(r"\b(?:we (?:found|find|show|showed|observed?|demonstrate\w*)|results? (?:show|indicate|suggest)\w*|"
                      r"(?:is|are|was|were) (?:significantly |strongly |positively |negatively )?(?:associated|correlated|"
                      r"higher|lower|increased|decreased|reduced|required)|significantly|outperform\w*|achiev\w*|"
                      r"improv\w*|p\s*[<=]\s*0?\.\d)", re.I)


@dataclass(frozen=True)
class Ranker:
    """A conditional logit over SENTENCE_FEATURES (standardised by `mean` and `scale`): a softmax over one
    abstract's sentences, the probability that each is the one that answers."""

    weights: tuple[float, ...]
    bias: float
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    trained_on: str = ""

    def logits(self, rows: np.ndarray) -> np.ndarray:
        return ((rows - np.array(self.mean)) / np.array(self.scale)) @ np.array(self.weights) + self.bias

    def probability(self, rows: np.ndarray) -> np.ndarray:
        """One abstract's sentences (its rows): each one's share of the chance to be the answer."""
        if not len(rows):
            return np.zeros(0)
        z = self.logits(rows)
        p = np.exp(z - z.max())
        return p / p.sum()

    def to_dict(self) -> dict:
        return {"features": list(SENTENCE_FEATURES), "weights": list(self.weights), "bias": self.bias,
                "mean": list(self.mean), "scale": list(self.scale), "trained_on": self.trained_on}

    @classmethod
    def from_dict(cls, data: dict, features: tuple[str, ...] = SENTENCE_FEATURES,
                  kind: str = "sentence-ranker") -> "Ranker":
        """Weights read back; refused when they were fitted on other features (`kind` names them in the error)."""
        if tuple(data.get("features", ())) != features:
            raise ValueError(f"{kind} weights are for features {data.get('features')}, not "
                             f"{features}: re-run `make tune`")
        return cls(tuple(data["weights"]), float(data["bias"]), tuple(data["mean"]), tuple(data["scale"]),
                   data.get("trained_on", ""))


@lru_cache(maxsize=1)
def shipped_ranker() -> Ranker:
    """The sentence ranker that ships with paperchat (rag/assets/sentences.json, written by eval/sentences.py)."""
    path = resources.files("rag").joinpath("assets", SENTENCE_WEIGHTS)
    return Ranker.from_dict(json.loads(path.read_text(encoding="utf-8")))


def feature_rows(analysis: Analysis, asks: Asks, idf: dict[str, float], name: str, cos: np.ndarray) -> np.ndarray:
    """One row of SENTENCE_FEATURES per sentence of `analysis`; `cos` holds each sentence's cosine."""
    n = len(analysis.sentences)
    cos = np.maximum(np.asarray(cos, dtype=np.float64)[:n], 0.0)
    ask = np.array([weighted(asks.ask, have, idf) for have in analysis.terms])
    stated = "rule" if asks.wanted & RULE_WORDS else "trouble" if asks.trouble else ""
    counted = frozenset().union(*(head for phrase, _, head in asks.details if phrase.startswith("number of")))
    gives_count = [counted and counts(text, counted) for text in analysis.sentences]  # once per sentence: hot path
    # ... only when some sentence gives the count: else the one naming the thing tells most of it (test t078's gist)
    count_asked = any(gives_count)
    rows = []
    for i, (text, have) in enumerate(zip(analysis.sentences, analysis.terms)):
        background = float(is_background(text, i, name))
        rows.append([
            cos[i], cos[i] - cos.max(), ask[i], ask[i] - ask.max(), weighted(asks.focus, have, idf),
            holds_wanted(text, have, asks.wanted, idf, stated, count_asked, bool(gives_count[i])),
            # a count asked for is a number in words too ("six mainstream benchmarks")
            max(detail(text, "number", name), float(bool(gives_count[i]))) * (asks.wants == "number"),
            detail(text, "names", name) * (asks.wants == "names"),
            background * (not asks.problem), background * asks.problem, float(i == 0), float(i == n - 1),
            late(i, n) * (not asks.wants), late(i, n) * (asks.wants == "number"), float(bool(_OWN_WORK.search(text)) or bool(name and name in text)),
            float(bool(_FINDING.search(text))) * (asks.wants != "method"),
        ])
    return np.array(rows, dtype=np.float64).reshape(n, len(SENTENCE_FEATURES))


# tuned on dev: 0.5 and 0.0 score the same (0.0 gains follow-up u058, loses typo aq009's second fact); 0.5 moves fewer
# answers (25 against 45). Read set BL's bl011 ("across how many benchmarks") is answered by the count either way.
COUNT_SHARE = 0.5
# a sentence stating a rule: "… which states that weaker perturbations should precede stronger ones", "we recommend …"
_STATES_RULE = re.compile(r"\bshould\b|\bwe (?:recommend|advise)\b|\b(?:hypothesis|principle|rule|law|guideline)\b,? "
                          r"(?:which |that )?(?:states?|holds?|says?|posits?)\b", re.I)


def holds_wanted(text: str, have: frozenset[str], wanted: frozenset[str], idf: dict[str, float], stated: str,
                 count_asked: bool = False, gives_count: bool = False) -> float:
    """How much of the asked attribute the sentence holds; a rule or a trouble asked for (`stated`, decided once per
    question) is held by a sentence stating one, in whatever words ("A key challenge is …", "… fail to …"); a count
    asked for (`count_asked`, where some sentence gives it: "how many benchmarks") by one counting them (`gives_count`:
    "six mainstream benchmarks"), COUNT_SHARE of it by one only naming them ("the MMVU benchmark by 3.8%")."""
    if stated == "rule" and _STATES_RULE.search(text) or stated == "trouble" and have & TROUBLE_CUES:
        return 1.0
    share = COUNT_SHARE if count_asked and not gives_count else 1.0
    return share * weighted(wanted, have, idf)


def late(position: int, n: int) -> float:
    """Where the sentence sits, 0 (first) to 1 (last): findings come late, a detail asked for anywhere."""
    return position / (n - 1) if n > 1 else 0.0


def respelled(words: frozenset[str], have: frozenset[str]) -> frozenset[str]:
    """`words` with each one `have` lacks in this spelling put in the one it holds: a stem of six letters or more
    differing in its last letter only ("licenc" → "licens" for "CC-licensed", "normalis" → "normaliz"), or the word
    it uses for testing its method or for choosing (AS_ABSTRACTS_SAY)."""
    return frozenset(_as_held(w, have) for w in words)


def _as_held(word: str, have: frozenset[str]) -> str:
    if word in have:
        return word
    if word in AS_ABSTRACTS_SAY:
        return next((h for h in AS_ABSTRACTS_SAY[word] if h in have), word)
    if len(word) < 6:
        return word
    return next((h for h in have if len(h) == len(word) and h[:-1] == word[:-1]), word)


def score_sentences(hit: Hit, asks: Asks, idf: dict[str, float], cosines: np.ndarray | None,
                    ranker: Ranker | None = None) -> list[Sentence]:
    """Every sentence of the hit's abstract, scored for the question by the fitted sentence ranker (the question's
    words in the abstract's spelling: "licence" is its "CC-licensed")."""
    analysis = analyse(hit.paper.text)
    have = analysis.all_terms
    asks = replace(asks, ask=respelled(asks.ask, have), focus=respelled(asks.focus, have),
                   wanted=respelled(asks.wanted, have))
    idf = {**idf, **{v: idf[w] for w in idf for v in respelled(frozenset([w]), have) if v != w}}
    window = np.array([_window(hit, s) for s in analysis.sentences])
    cos = window if cosines is None or len(cosines) != len(window) else cosines
    name = own_name(hit)
    p = (ranker or shipped_ranker()).probability(feature_rows(analysis, asks, idf, name, cos))
    return [Sentence(i, text, float(score), is_background(text, i, name))
            for i, (text, score) in enumerate(zip(analysis.sentences, p))]


def _window(hit: Hit, sentence: str) -> float:
    return max((sim for text, sim in hit.chunks if sentence in text), default=0.0)


def bm25_share(hit: Hit, keyword: KeywordIndex, question_terms: list[str]) -> float:
    """The paper's BM25 score as a share of the most any paper could score for these terms."""
    if not question_terms:
        return 0.0
    most = float(keyword.idf(question_terms).sum()) * (BM25_K1 + 1)
    return min((hit.keyword_score or 0.0) / most, 1.0) if most else 0.0


def query_terms(text: str) -> list[str]:
    return sorted(terms(text))


def all_cosines(vectors: SentenceVectors, hit: Hit, asked: np.ndarray) -> np.ndarray:
    """The asked part's cosine with every sentence of a paper the question is about."""
    return vectors.of(list(analyse(hit.paper.text).sentences)) @ asked
