"""Where a topic list loses its gold papers (eval/list_misses.py): its pure parts, on made-up lists."""

from __future__ import annotations

import pytest

from eval.list_misses import average_precision, best_cut_f1, misses, report


def _row(pool, cited, gold, qid="x1"):
    return {"qid": qid, "topic": "a | topic", "routed": "list", "pool": pool, "cited": cited, "gold": set(gold),
            "search_rank": {g: (pool.index(g) if g in pool else 20) for g in gold}}


@pytest.mark.parametrize(("row", "expected"), [
    (_row(["a", "b", "c"], ["a", "b"], ["a", "b"]), []),  # every gold paper cited
    (_row(["a", "b", "c"], [], ["a", "b"]), [("a", "abstained"), ("b", "abstained")]),  # the list answered nothing
    (_row(["a", "b", "c"], ["a"], ["a", "c"]), [("c", "cut")]),  # in the pool, not kept
    (_row(["a", "b", "c"], ["a"], ["a", "z"]), [("z", "not retrieved")]),  # outside the pool
])
def test_each_gold_paper_not_cited_is_lost_in_one_place(row, expected):
    assert misses(row) == expected


@pytest.mark.parametrize(("ranked", "gold", "expected"), [
    (["a", "b", "c"], {"a", "b"}, 1.0),  # cut after the second
    (["a", "x", "b"], {"a", "b"}, 0.8),  # after the third (P 2/3, R 1) beats after the first (P 1, R 1/2)
    (["x", "y"], {"a"}, 0.0),
    ([], {"a"}, 0.0),
])
def test_the_best_cut_is_the_best_f1_of_any_top_n(ranked, gold, expected):
    assert best_cut_f1(ranked, gold) == pytest.approx(expected)


@pytest.mark.parametrize(("ranked", "gold", "expected"), [
    (["a", "b", "x"], {"a", "b"}, 1.0),
    (["x", "a"], {"a"}, 0.5),
    (["a", "x"], {"a", "z"}, 0.5),  # a gold paper outside the ranking counts as missed
])
def test_average_precision_is_over_the_complete_gold_set(ranked, gold, expected):
    assert average_precision(ranked, gold) == pytest.approx(expected)


def test_the_report_counts_the_places_and_lists_every_miss():
    text = report([_row(["a", "b"], ["a"], ["a", "b"]), _row(["c"], [], ["c"], qid="x2")])

    assert "| 1 | 1 | 0 |" in text  # one abstained, one cut, none outside the pool
    assert "| x1 | a \\| topic | b | cut | 2 |" in text and "| x2 | a \\| topic | c | abstained | 1 |" in text
    assert "| lists that answer nothing | 1 |" in text
