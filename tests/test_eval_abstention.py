"""Fitting the abstention model (eval/abstention_fit.py): what a question's probabilities decide, and the threshold."""

from __future__ import annotations

import numpy as np
import pytest

from eval.abstention_fit import Item, answered, choose, shortfall
from rag.answer.abstain import FEATURES
from rag.answer.decide import NAMED_CUT


def _item(source="dev", kind="fact", abstain=False, named=(), n=3):
    rows = np.zeros((n, len(FEATURES)))
    for i in named:
        rows[i, FEATURES.index("named")] = 1.0
    return Item(source, kind, abstain, rows, np.zeros(n))


@pytest.mark.parametrize("item, p, expected", [
    (_item(), [0.2, 0.6, 0.1], True),  # any candidate over the threshold answers
    (_item(), [0.2, 0.4, 0.1], False),
    # a named paper decides alone, at NAMED_CUT x the threshold (as rag/answer/decide.py): under it → "not reported"
    (_item(named=(2,)), [0.9, 0.1, 0.9 * NAMED_CUT * 0.5], False),
    (_item(named=(2,)), [0.1, 0.1, 1.1 * NAMED_CUT * 0.5], True),
    (_item(named=(2,)), [0.1, 0.1, 0.6], True),
    (_item(kind="compare", named=(0, 1)), [0.1, 0.1, 0.1], True),  # comparisons always answer
    (_item(source="scifact-train", named=(0,)), [0.1, 0.7, 0.1], True),  # a claim's "named" gene is no name
])
def test_what_the_probabilities_decide(item, p, expected):
    assert answered(item, np.array(p), 0.5) is expected


def test_the_threshold_trades_our_wrong_decisions_against_the_public_shortfall():
    inside = [_item() for _ in range(10)]
    outside = [_item(kind="out-of-scope", abstain=True) for _ in range(10)]
    # in scope: best candidates at 0.35..0.8; out of scope: 0.1..0.28; a threshold in (0.28, 0.35] decides all right
    folds = [np.array([0.35 + 0.05 * i, 0.0, 0.0]) for i in range(10)] + [np.array([0.1 + 0.02 * i, 0, 0])
                                                                          for i in range(10)]
    threshold, rates = choose(inside + outside, folds)
    assert 0.28 < threshold <= 0.35
    assert rates["dev in-scope"][0] == 0.0 and rates["dev out-of-scope"][0] == 1.0
    assert shortfall(rates) == 0.0
