"""eval/rerank.py: the offline re-ranking by the best sentence that SciFact train is scored with."""

from __future__ import annotations

import sys

import pytest

from conftest import PROJECT_ROOT

if str(PROJECT_ROOT) not in sys.path:  # eval/ is a top-level package of the checkout, not installed
    sys.path.insert(0, str(PROJECT_ROOT))

from eval.rerank import reranked  # noqa: E402


@pytest.mark.parametrize(("weight", "expected"), [
    (0.0, ["a", "b", "c"]),  # the fused order
    (0.5, ["b", "a", "c"]),  # 0.9 + 0.35 beats 1.0 + 0.1
    (10.0, ["b", "c", "a"]),  # the sentence alone
])
def test_papers_are_reordered_by_fused_score_plus_weighted_sentence_cosine(weight, expected):
    assert reranked(["a", "b", "c"], [1.0, 0.9, 0.2], [0.1, 0.7, 0.6], weight) == expected


def test_ties_keep_retrieval_order():
    assert reranked(["a", "b"], [0.5, 0.5], [0.3, 0.3], 1.0) == ["a", "b"]
