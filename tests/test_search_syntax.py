"""rag/answer/search_syntax.py: a search string typed into the chat box is read as the question it asks."""

from __future__ import annotations

import numpy as np
import pytest

from rag.answer.search_syntax import as_words, is_search_syntax
from rag.corpus.terms import stemmer


class FakeKeyword:
    """The index's stemmed words, each held by one paper."""

    def __init__(self, words: str):
        self.vocabulary = frozenset(stemmer().stemWords(words.split()))

    def documents(self, token: str) -> np.ndarray:
        return np.arange(1) if token in self.vocabulary else np.zeros(0, dtype=np.int64)


class FakeSnapshot:
    keyword = FakeKeyword("hallucination extrapolation theoretical light transformers parity graph")


@pytest.mark.parametrize(("typed", "read"), [
    # the search words, then the question on them (read set CH, session 33: a librarian's voice)
    ('transformer* AND (parity OR "bit flip*") -- the one arguing random init misses them. What do they prove?',
     "transformer parity or bit flip: the one arguing random init misses them. What do they prove?"),
    ('KERN AND router AND ("number of experts" OR top-k) -- expert count in their MoE experiments?',
     "KERN router number of experts or top-k: expert count in their MoE experiments?"),
    # NOT drops what it excludes; field tags go
    ('("mixture of experts" OR MoE) AND gating NOT softmax -- which activation do they recommend?',
     "mixture of experts or MoE gating: which activation do they recommend?"),
    ('title:"video quality" AND (VR OR headset*)', "video quality VR or headset"),
    # a request for every paper found asks for a list on what is searched; alternatives ANDed only narrow it
    ('"scene graph*" AND (video OR image OR panoptic) -- which papers?', "Which papers are on scene graph?"),
    ('(hallucinat* OR "factually misaligned") AND (MLLM* OR "Video-LLM*") -- ICML only',
     "Which ICML papers are on hallucinate or factually misaligned MLLM or Video-LLM?"),
    ("(Adam OR AdamW) AND (theor* OR preconditioner) -- all papers please",
     "Which papers are on Adam or AdamW theoretic or preconditioner?"),
    # a wildcard is the shortest word of the stem the index holds, or the word itself when the index has it
    ("extrapolat* AND (ambient light*)", "extrapolate ambient light"),
])
def test_a_search_string_is_read_as_words(typed, read):
    assert as_words(typed, FakeSnapshot()) == read


@pytest.mark.parametrize("text", [
    "Which papers study streaming video understanding?",
    "Papers on finding *when* in a video something described happens (start/end times)?",  # emphasis (dev bb030)
    "WHICH PAPERS USE AUDIO AND VIDEO?",  # a shout in capitals
    "Do Veda OR ISA report a speedup?",  # one OR with no parentheses or quotes is a word typed in capitals
    "Which papers use R&D data?",
    "Which theory papers do NOT involve any video experiments?",  # NOT alone is emphasis (second review)
])
def test_a_question_is_no_search_string(text):
    assert not is_search_syntax(text)
    assert as_words(text, FakeSnapshot()) == text


def test_without_an_index_a_wildcard_is_its_prefix():
    assert as_words("distill* AND teacher") == "distill teacher"
