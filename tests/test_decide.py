"""Which papers a claim or topic question quotes when no paper is named (rag/answer/decide.py)."""

from __future__ import annotations

import numpy as np
import pytest

from rag.answer.decide import MOST_PAPERS, answering


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
