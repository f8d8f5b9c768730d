"""Understanding a question against the collection: papers named by title, venues and years named in it."""

from __future__ import annotations

import pytest

from rag.types import Paper
from rag.answer.understand import TitleIndex, named_papers


def paper(title: str, n: int) -> Paper:
    return Paper(id=f"p{n}", title=title, venue="ICML", year=2026, abstract="x", text="x", source="f", position=n)


PAPERS = [paper(t, i) for i, t in enumerate([
    "Veda", "Video-BCI: decoding video from brain signals", "MACD", "Flow Matching Nets",
    "A long descriptive title of a paper that is no name", "ab", "C++Net", "Veda",
])]


@pytest.mark.parametrize("question, expected", [
    ("What speedup does Veda report?", ["Veda", "Veda"]),  # two papers of one name: both
    ("what speedup does VEDA report?", []),  # a short name (≤ 4 letters) must match its case
    ("How does video-bci decode signals?", ["Video-BCI: decoding video from brain signals"]),
    ("Is Video-BCIs a thing?", []),  # not at a word boundary
    ("Compare MACD and flow matching nets", ["MACD", "Flow Matching Nets"]),
    ("Is flow matching better than nets?", []),  # every word, but not the name itself
    ("What does C++Net add?", ["C++Net"]),
    ("What does ab stand for?", []),  # names of one or two characters are never matched
    ("A long descriptive title of a paper that is no name", []),  # only short names (≤ 3 words)
])
def test_papers_named_in_a_question(question, expected):
    titles = TitleIndex.build(PAPERS)

    found = named_papers(question, PAPERS, titles)

    assert [p.title for p in found] == expected
    assert found == named_papers(question, PAPERS)  # the same without a prebuilt index
