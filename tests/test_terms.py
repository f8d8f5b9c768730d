"""One term analysis for snippets, answers, quotes and the support check."""

from __future__ import annotations

import pytest

from rag.corpus.terms import STOP_WORDS, analyse, coverage, terms


@pytest.mark.parametrize(("text", "expected"), [
    ("What speedup does Veda report?", {"speed", "veda", "report"}),
    # "speed up" and "speedup", "faster" and "fast": one stem (a probe of session 40: "speed up video generation" found
    # no paper reporting a "5.1× speedup")
    ("speed up, speedups, faster", {"speed", "up", "fast"}),
    ("The papers propose a method using attention", {"attent"}),  # stop words and bland words go
    ("Streaming videos, streamed video", {"stream", "video"}),  # stems: one term per word family
    ("as shown in [12] and [3, 4]", {"shown"}),  # an abstract's reference markers are no words
    ("5.1× speedup", {"speed"}),  # single characters are no terms
    ("the CE⁴L benchmark", {"ce4l", "benchmark"}),  # a superscript reads as the digit people type
    ("ﬁne-tuning on ＶＩＤＥＯ", {"finetun", "video"}),  # ligatures and full-width letters too
    # "fine-tuned", "fine tuning" and "finetuning" are one word (read set EI, ei006)
    ("fine-tuned, fine tuning, finetuning", {"finetun"}),
    ("adaptor, adapters", {"adapt"}),  # one thing in either spelling (read set EI, ei014)
    ("", set()),
])
def test_terms(text, expected):
    assert terms(text) == expected


def test_one_stop_word_list_holds_english_and_bland_words():
    assert {"the", "of", "with", "paper", "propose", "method"} <= STOP_WORDS
    assert not {"video", "memory", "attention"} & STOP_WORDS


def test_analyse_keeps_sentences_verbatim_with_their_terms():
    text = "We propose Veda. It achieves a 5.1× speedup [3]. Code is public."
    analysis = analyse(text)
    assert analysis.sentences == ("We propose Veda.", "It achieves a 5.1× speedup [3].", "Code is public.")
    assert analysis.terms[1] == {"achiev", "speed"}
    assert analysis.all_terms == {"veda", "achiev", "speed", "code", "public"}
    assert analyse(text) is analysis  # computed once per abstract


@pytest.mark.parametrize(("wanted", "have", "share"), [
    ({"a", "b"}, {"a"}, 0.5), ({"a"}, {"a", "b"}, 1.0), (set(), {"a"}, 1.0), ({"a"}, set(), 0.0),
])
def test_coverage(wanted, have, share):
    assert coverage(wanted, have) == share


def test_a_name_typed_with_plain_digits_finds_the_abstract_that_writes_a_superscript():
    from rag.index.keyword import KeywordIndex
    index = KeywordIndex.build(["We introduce CE⁴L, a continual learning benchmark.", "A paper on pruning LLM layers."])
    assert index.scores("the CE4L benchmark", 2)[0] > 0 and index.scores("CE⁴L", 2)[0] > 0
    assert index.scores("the CE4L benchmark", 2)[1] == 0
