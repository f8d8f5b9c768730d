"""rag/answer/values.py: does a sentence hold the value asked for, or only the attribute's words?"""

from __future__ import annotations

import pytest

from rag.answer.values import _initials, holds_value, value_kind
from rag.corpus.terms import terms

QUESTION = "Which three LLM backbones were used to test modality-mutual attention?"


@pytest.mark.parametrize(("phrase", "kind"), [
    ("number of stereo pairs", "number"),
    ("amount of latency reduction", "number"),
    ("speedup", "number"),
    ("three LLM backbones", "names"),
    ("video anomaly detection datasets", "names"),
    ("autoregressive video generator", "names"),
    ("proposed framework called", ""),
    ("two main components", ""),
    ("learning rate", ""),
])
def test_the_kind_of_value_a_detail_wants(phrase, kind):
    assert value_kind(phrase) == kind


@pytest.mark.parametrize(("sentence", "wants", "holds"), [
    ("We validate on three surgical datasets.", "names", False),  # words, no dataset named
    ("MMA reaches +6.2% on average across 3 LLMs backbones.", "names", False),  # its acronym and the asked word
    ("We fine-tune LLaMA-2 and Qwen2.5 backbones.", "names", True),
    ("We evaluate on UCF-Crime and XD-Violence.", "names", True),
    ("It is a plug-in for GANs.", "names", False),  # the question's own word "GAN"
    ("across 3 LLMs backbones", "number", True),
    ("featuring over 7 million stereo pairs", "number", True),
    ("We validate on three surgical datasets.", "number", True),
    ("Our method speeds up decoding markedly.", "number", False),
])
def test_a_value_is_a_name_beyond_the_questions_own_words_or_a_quantity(sentence, wants, holds):
    question = f"{QUESTION} Which GAN does it plug into?"
    assert holds_value(sentence, wants, ["mma"], terms(question), _initials(question)) is holds
