"""rag/answer/said_as.py: a question's noun in the words an abstract says it in."""

from __future__ import annotations

import pytest

from rag.answer.said_as import spelled
from rag.corpus.terms import terms


@pytest.mark.parametrize(("words", "have", "found"), [
    ({"licenc"}, {"cc", "licens"}, {"licenc"}),  # "licence" / "CC-licensed"
    ({"normalis"}, {"normaliz"}, {"normalis"}),
    ({"resolut"}, {"resolv"}, set()),  # another word, not another spelling
    ({"rank"}, {"rang"}, set()),  # too short to tell a spelling from a word
    ({"batch"}, {"mini-batch", "gradient"}, set()),
    ({"mllm"}, {"mllms", "urban"}, {"mllm"}),  # the stemmer keeps an acronym's plural: "MLLMs" holds "MLLM"
    # ... and a noun in the words abstracts use for it
    (terms("score"), terms("48.3% overall accuracy"), terms("score")),
    (terms("eval"), terms("Evaluation shows"), terms("eval")),
    (terms("speedup"), terms("the implicit acceleration"), terms("speedup")),
    (terms("score"), terms("it ranks the frames"), set()),
    (terms("length"), terms("from 4K to up to 64K tokens"), terms("length")),  # a length in what it counts
    # fresh sets EA, EB and a second review (session 43)
    (terms("loss"), terms("a Riemannian Huber objective"), terms("loss")),
    (terms("collections"), terms("surprise benchmarks"), terms("collections")),
    (terms("breakdown"), terms("a bias–variance–interference decomposition"), terms("breakdown")),
    # a metric acronym with a letter before it, not a kind of model (a second review of session 43; dev w743)
    (terms("FID"), terms("matching state-of-the-art generation (gFID 3.08)"), terms("FID")),
    (terms("LLM"), terms("a simple baseline based on a Multimodal Language Model (MLLM)"), set()),
    # what is added to a model as what it is equipped with (fresh set ED, session 44)
    (terms("added"), terms("both are equipped with lightweight adapters"), terms("added")),
    # a competing method as the competitor an abstract names (a second review of session 46, qo098)
    (terms("competing"), terms("Compared to the best competitor stereo-from-mono"), terms("competing")),
])
def test_a_word_in_another_spelling_is_spelled(words, have, found):
    assert spelled(frozenset(words), frozenset(have)) == frozenset(found)
