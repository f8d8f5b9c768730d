"""rag/answer/collection_asked.py: is a question about the collection itself, and does it name a topic too?"""

from __future__ import annotations

import pytest

from rag.answer.collection_asked import code_of_topic, only_frame, without_code

FILTERS = {"icml", "iclr", "2026"}


@pytest.mark.parametrize(("question", "topical"), [
    ("which streaming video papers release code?", True),
    ("How many ICLR papers have code?", False),
    ("Which papers link to their code on GitHub?", False),
    ("papers w/ code on video diffusion?", True),
])
def test_a_code_question_names_a_topic_or_only_the_collection(question, topical):
    assert code_of_topic(question, FILTERS) == topical


def test_the_code_asked_for_is_taken_out_of_the_question():
    assert without_code("which streaming video papers release code?") == "which streaming video papers ?"


@pytest.mark.parametrize(("question", "framed"), [
    ("Which ICLR 2026 papers are indexed?", True),
    ("Which papers are there on video?", False),
])
def test_asking_for_the_collections_papers_as_such_is_only_frame(question, framed):
    assert only_frame(question, FILTERS) == framed
