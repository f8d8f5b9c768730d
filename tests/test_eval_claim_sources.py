"""The replay of a claim's further papers (eval/claim_sources.py): its scoring, on tiny made-up decisions."""

from __future__ import annotations

import numpy as np
import pytest

from eval.claim_sources import auc, outcome


@pytest.mark.parametrize(("scores", "labels", "expected"), [
    ([0.9, 0.1], [True, False], 1.0),
    ([0.1, 0.9], [True, False], 0.0),
    ([0.5, 0.5], [True, False], 0.5),  # a tie counts half
    ([0.9, 0.4, 0.6], [True, False, True], 1.0),
])
def test_auc_is_the_chance_gold_scores_above_the_rest(scores, labels, expected):
    assert auc(scores, labels) == expected


def _row(p, ranked, gold, verdict="answer", ruled=False, cited=()):
    return {"p": np.array(p), "ranked": ranked, "gold": set(gold), "verdict": verdict, "ruled": ruled,
            "cited": list(cited)}


ROWS = [_row([0.9, 0.8], ["a", "g"], ["g"]),  # the gold is a close runner-up
        _row([0.9, 0.05], ["g", "b"], ["g"]),  # the gold is first; the runner-up is far below
        _row([0.2], ["g"], ["g"], verdict="abstain"),  # abstained: nothing cited, not counted in papers
        _row([0.9, 0.9], ["n", "m"], ["g"], ruled=True, cited=["n"])]  # a named paper: the shipped outcome stays


@pytest.mark.parametrize(("close", "most", "expected"), [
    (2.0, 3, (0.5, 4 / 3)),  # the runner-up of the first is close: quoted, and it is the gold
    (0.1, 3, (0.25, 1.0)),  # nothing is that close: the best alone
    (2.0, 1, (0.25, 1.0)),  # one paper at most: the best
])
def test_the_rule_is_replayed_only_where_it_decides(close, most, expected):
    got = outcome(ROWS, threshold=0.5, close=close, cut=0.5, most=most)

    assert got == pytest.approx(expected)
