"""One term analysis for snippets, answers, quotes and the support check."""

from __future__ import annotations

import pytest

from rag.corpus.terms import STOP_WORDS, analyse, coverage, terms


@pytest.mark.parametrize(("text", "expected"), [
    ("What speedup does Veda report?", {"speedup", "veda", "report"}),
    ("The papers propose a method using attention", {"attent"}),  # stop words and bland words go
    ("Streaming videos, streamed video", {"stream", "video"}),  # stems: one term per word family
    ("as shown in [12] and [3, 4]", {"shown"}),  # an abstract's reference markers are no words
    ("5.1× speedup", {"speedup"}),  # single characters are no terms
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
    assert analysis.terms[1] == {"achiev", "speedup"}
    assert analysis.all_terms == {"veda", "achiev", "speedup", "code", "public"}
    assert analyse(text) is analysis  # computed once per abstract


@pytest.mark.parametrize(("wanted", "have", "share"), [
    ({"a", "b"}, {"a"}, 0.5), ({"a"}, {"a", "b"}, 1.0), (set(), {"a"}, 1.0), ({"a"}, set(), 0.0),
])
def test_coverage(wanted, have, share):
    assert coverage(wanted, have) == share
