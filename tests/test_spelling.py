"""Typos in a query are corrected against the index vocabulary before keyword search."""

from __future__ import annotations

import numpy as np
import pytest

from rag.corpus.terms import stemmer
from rag.retrieval.spelling import correct

INDEX_WORDS = ("train distribution matching distillation benchmark dataset sequences examples video SegPVSG "
               "Video-BCI DramaSR characters improvement forgetting root gap feed clock")


class FakeKeyword:
    """An index vocabulary; `papers` says how many papers use a token (1 unless given)."""

    def __init__(self, words: str = INDEX_WORDS, papers: dict[str, int] | None = None):
        self.vocabulary = frozenset(stemmer().stemWords(words.lower().replace("-", " ").split()) + ["video-bci"])
        self.papers = papers or {}

    def idf(self, tokens):
        return np.array([1.0 / self.papers.get(t, 1) for t in tokens])


class FakeSnapshot:
    def __init__(self, keyword: FakeKeyword | None = None):
        self.keyword = keyword or FakeKeyword()


@pytest.mark.parametrize(("query", "expected"), [
    ("How much faster does SMGD trian?", "How much faster does SMGD train?"),  # a transposition
    ("distribution matchng distillation", "distribution match distillation"),  # a typo in the ending
    ("the MMVU bencmark", "the MMVU benchmark"),
    ("reasoning exmaples", "reasoning exampl"),  # the index's own stem: keyword search reads stems
    ("what does SegPSVG report", "what does segpvsg report"),  # method names are index words too
    ("does Vidoe-BCI win", "does video-BCI win"),
    ("a DramSR-532K benchmark", "a dramasr-532K benchmark"),
    ("SMGD", "SMGD"),  # under 5 letters: too many neighbours one edit away
    ("robotic grasping", "robotic grasping"),  # common English words are spelled right ("root", "gap")
    ("there is a click model", "there is a click model"),  # not "three", not "clock"
    ("warms up the queries", "warms up the queries"),  # the first letter is kept: not "harm"
    ("deepfake detection", "deepfake detection"),  # nothing close: left alone
    ("video datset", "video dataset"),
])
def test_correct(query, expected):
    assert correct(query, FakeSnapshot()) == expected


def test_no_index_leaves_the_query_alone():
    assert correct("trian", None) == "trian"


def test_corrections_are_remembered_per_snapshot_within_a_bound(monkeypatch):
    from rag.retrieval import spelling

    monkeypatch.setattr(spelling, "CORRECTED_KEPT", 3)
    snapshot = FakeSnapshot()
    queries = ["video datset", "the MMVU bencmark", "How much faster does SMGD trian?", "deepfake detection"]
    first = [correct(q, snapshot) for q in queries]
    assert [correct(q, snapshot) for q in queries] == first == [
        "video dataset", "the MMVU benchmark", "How much faster does SMGD train?", "deepfake detection"]
    assert len(spelling.vocabulary(snapshot).corrected) == 3


@pytest.mark.parametrize(("papers", "expected"), [
    ({"model": 40, "modal": 3}, "Which model does it use?"),  # one edit from both: the common word wins
    ({"model": 2, "modal": 9}, "Which modal does it use?"),   # a collection about modalities
    ({}, "Which modal does it use?"),                          # equally common: alphabetical, as before
])
def test_a_typo_equally_near_two_index_words_becomes_the_one_more_papers_use(papers, expected):
    snapshot = FakeSnapshot(FakeKeyword("model modal video", papers))
    assert correct("Which modle does it use?", snapshot) == expected
