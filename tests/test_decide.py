"""Which papers a claim or topic question quotes when no paper is named (rag/answer/decide.py)."""

from __future__ import annotations

import numpy as np
import pytest

from rag.answer.decide import MOST_PAPERS, answering
from rag.answer.understand import Question
from rag.types import Paper


@pytest.mark.parametrize(("p", "expected"), [
    ([0.9], [0]),
    ([0.8, 0.95], [0, 1]),  # both answer and come close (log-odds 1.4 vs 2.9): quoted in retrieval's order
    ([0.51, 0.999], [1]),  # far below the best (log-odds 0.04 vs 6.9): only the best
    ([0.4, 0.9, 0.3], [1]),  # below the threshold and far below the best: not quoted
    ([0.3, 0.6], [0, 1]),  # below the threshold but above SECOND_CUT x it, and close to a best that clears it
    ([0.2, 0.6], [1]),  # below SECOND_CUT x the threshold: never quoted, however close
    ([0.9, 0.9, 0.9, 0.9, 0.95], [0, 1, 4]),  # at most MOST_PAPERS, and the best is always one of them
])
def test_papers_that_answer_close_to_the_best_are_quoted_too(p, expected):
    p = np.array(p)
    chosen = answering(p, int(np.argmax(p)), threshold=0.5)

    assert chosen == expected and len(chosen) <= MOST_PAPERS


@pytest.mark.parametrize(("title", "expected"), [
    # the description with its relative clause gives way to the found paper's name: its "how many" is no aspect
    ("FrameOracle", "How does SCOPE choose what to look at, compared with FrameOracle?"),
    # a paper with no name of its own is "the other paper"
    ("Frame selection for video", "How does SCOPE choose what to look at, compared with the other paper?"),
])
def test_a_described_compared_paper_found_is_called_by_its_name(title, expected):
    from rag.answer.described import _described_named

    text = "How does SCOPE choose what to look at, compared with the frame selection module that predicts how many " \
           "frames are needed?"
    question = Question(text=text, standalone=text, venue=None, year=None, kind="compare", named=("scope",),
                        written=("SCOPE",), described="frame selection module")
    found = Paper(id="fo", title=title, venue="ICML", year=2026, abstract="x", text="x", source="f", position=0,
                  title_derived=title != "FrameOracle")

    renamed = _described_named(question, found)

    assert renamed.text == expected and renamed.named == ("scope", "fo") and renamed.described == ""
    assert renamed.standalone == text  # retrieval still searches the description



def test_a_described_paper_gives_way_to_its_name_up_to_a_dash():
    # the relative clause ends at a dash, where the question goes on (dev db071, session 44: what it asked was lost)
    from rag.answer.described import _described_named

    text = ("UPI vs that training-free add-on for autoregressive video diffusion that keeps sink tokens around -- how "
            "much length extension does each claim?")
    question = Question(text=text, standalone=text, venue=None, year=None, kind="compare", named=("upi",),
                        written=("UPI",), described="training-free add-on for autoregressive video diffusion")
    found = Paper(id="df", title="Deep Forcing", venue="ICML", year=2026, abstract="x", text="x", source="f", position=0)

    assert _described_named(question, found).text == "UPI vs Deep Forcing -- how much length extension does each claim?"
