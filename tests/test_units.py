"""rag/answer/units.py: the unit a question asks in, and quantities of a dimension in a sentence."""

from __future__ import annotations

import pytest

from rag.answer.units import asked_dimension, has_quantity, noun_dimension
from rag.corpus.terms import terms


@pytest.mark.parametrize(("question", "dimension"), [
    ("What is Proact-VL's response latency in milliseconds?", "time"),
    ("How many GPU hours did MUSE take to train?", "time"),
    ("How many gigabytes of memory does ProtoKV's state take?", "memory"),
    ("What is its memory use in GB?", "memory"),
    ("How many GPUs did FrameOracle use?", ""),
    ("What is the speedup in ISA?", ""),  # "in" before no unit
])
def test_the_unit_a_question_asks_its_answer_in(question, dimension):
    assert asked_dimension(question) == dimension


@pytest.mark.parametrize(("sentence", "dimension", "holds"), [
    ("a dataset spanning 170+ hours of egocentric video", "time", True),
    ("decoding takes 35 ms per token", "time", True),
    ("e.g., 5s-trained → 60s+", "time", True),  # "60s+" is a length, "5s-trained" no quantity
    ("e.g., 5s-trained clips", "time", False),
    ("achieves superior response latency", "time", False),
    ("(1) achieving low-latency inference", "time", False),
    ("it fits in 12 GB of GPU memory", "memory", True),
    ("a 5.1× speedup", "time", False),
])
def test_a_quantity_of_a_dimension(sentence, dimension, holds):
    assert has_quantity(sentence, dimension) is holds


@pytest.mark.parametrize(("noun", "dimension"), [
    ("duration", "time"), ("latency", "time"), ("memory", "memory"), ("time", ""), ("speedup", "")])
def test_the_dimension_of_a_noun(noun, dimension):
    assert noun_dimension(frozenset(terms(noun))) == dimension
