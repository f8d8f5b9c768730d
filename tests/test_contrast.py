"""The comparison ranker: a compared paper's sentences, the likeliest to answer the comparison first. Abstracts
here are invented."""

from __future__ import annotations

import numpy as np
import pytest

from rag.answer.asks import Asks
from rag.answer.contrast import (COMPARISON_FEATURES, comparison_rows, ranked_for_comparison, ranker_from_dict,
                                 shipped_comparison_ranker)
from rag.answer.quoting import Source
from rag.types import Hit, Paper

ABSTRACT = ("Streaming video is costly to remember. We propose Keeper, a bounded memory for streaming video. "
            "Keeper stores older frames in a prototype bank. Experiments on three benchmarks show gains of 12.5 points. "
            "The code is available at https://github.com/x/keeper.")


def source(text: str = ABSTRACT) -> Source:
    paper = Paper(id="keeper", title="Keeper", venue="ICML", year=2026, abstract=text, text=text, source="f",
                  position=1)
    return Source(1, Hit(paper=paper, score=1.0), np.array([0.2, 0.5, 0.6, 0.3, 0.1]))


def asks(ask: set[str], wants: str = "") -> Asks:
    return Asks(frozenset(ask), frozenset(ask), wants, "", wanted=frozenset(ask))


def test_each_sentence_gets_one_row_of_the_comparison_features():
    rows = comparison_rows(source(), asks({"memory", "store"}), {})

    assert rows.shape == (5, len(COMPARISON_FEATURES))
    column = dict(zip(COMPARISON_FEATURES, rows.T))
    assert list(column["presents"]) == [0, 1, 0, 0, 0]  # "We propose Keeper …"
    assert list(column["after_presents"]) == [0, 0, 1, 0, 0]  # the sentence going on from it
    assert list(column["link"]) == [0, 0, 0, 0, 1]


@pytest.mark.parametrize(("ask", "wants", "first", "last"), [
    ({"memory", "store", "history"}, "method", "prototype bank", "https://"),  # a mechanism: the method's sentences
    ({"gain", "improvement"}, "number", "12.5 points", "https://"),  # a number asked: the sentence reporting it
])
def test_the_answering_sentence_ranks_first_and_a_code_link_last(ask, wants, first, last):
    ranked = ranked_for_comparison(source(), asks(ask, wants), {})

    assert sorted(s.position for s in ranked) == [0, 1, 2, 3, 4]  # every sentence once
    assert [s.score for s in ranked] == sorted((s.score for s in ranked), reverse=True)
    assert abs(sum(s.score for s in ranked) - 1.0) < 1e-9
    top_two = " ".join(s.text for s in ranked[:2])
    assert first in top_two and last in ranked[-1].text


def test_the_shipped_weights_are_fitted_on_dev_comparisons_for_these_features():
    ranker = shipped_comparison_ranker()

    assert len(ranker.weights) == len(COMPARISON_FEATURES)
    assert "dev comparisons" in ranker.trained_on


def test_weights_for_other_features_say_to_refit():
    with pytest.raises(ValueError, match="make tune"):
        ranker_from_dict({"features": ["cos"], "weights": [1.0], "bias": 0.0, "mean": [0.0], "scale": [1.0]})
