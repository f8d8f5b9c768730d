"""eval/external.py, eval/corpora.py and eval/training.py: the scoring helpers, and that tuning never sees a test item."""

from __future__ import annotations

import sys

import pytest

from conftest import PROJECT_ROOT

if str(PROJECT_ROOT) not in sys.path:  # eval/ is a top-level package of the checkout, not installed
    sys.path.insert(0, str(PROJECT_ROOT))

from eval import training  # noqa: E402
from eval.corpora import _without_paragraph  # noqa: E402
from eval.datasets import own_questions, pubmedqa_available, pubmedqa_items, scifact_available, scifact_queries  # noqa: E402
from eval.external import by_evidence, quotes_rationale, rationale_outcome  # noqa: E402

RATIONALE = ["Policies requiring discontinuation of methadone in 32% of all programs contradict the evidence."]


@pytest.mark.parametrize(("quotes", "expected"), [
    (RATIONALE, True),
    (["policies requiring  discontinuation of methadone in 32% of all programs contradict the evidence."], True),
    (["Background. " + RATIONALE[0]], True),  # our sentence splitter kept a heading on it
    (["Policies requiring discontinuation of methadone in 32% of all programs"], True),  # split finer than SciFact's
    (["Methadone is widely used."], False),
    (["32%"], False),  # too short to count as the sentence
    ([], False),
])
def test_a_quote_counts_when_it_is_a_rationale_sentence(quotes, expected):
    assert quotes_rationale(quotes, RATIONALE) is expected


@pytest.mark.parametrize(("quotes_by_doc", "expected"), [
    ({"d1": RATIONALE}, (True, True)),
    ({"d1": ["Methadone is widely used."]}, (True, False)),
    ({"nei": RATIONALE}, (False, False)),  # a NOT ENOUGH INFO claim's abstract: no sentence of it can count
    ({"nei": ["Methadone is widely used."], "d1": RATIONALE}, (True, True)),
    ({}, (False, False)),  # no gold abstract cited
])
def test_a_rationale_is_scored_only_where_the_key_has_one(quotes_by_doc, expected):
    assert rationale_outcome(quotes_by_doc, {"d1": RATIONALE, "nei": []}) == expected


def test_claims_with_evidence_and_not_enough_info_ones_are_scored_apart():
    rows = [{"evidence": True, "gold_cited": True, "abstained": False, "search_top1": True},
            {"evidence": True, "gold_cited": False, "abstained": True, "search_top1": False},
            {"evidence": False, "gold_cited": False, "abstained": True, "search_top1": False}]
    got = by_evidence(rows)
    assert (got["n_evidence"], got["gold_cited_evidence"], got["abstained_evidence"]) == (2, 0.5, 0.5)
    assert (got["n_nei"], got["gold_cited_nei"], got["abstained_nei"]) == (1, 0.0, 1.0)


@pytest.mark.parametrize(("text", "abstract", "expected"), [
    ("ICML 2026 Papers\n\nFirst abstract here.\n\nSecond one.\n\nThird.\n", "Second one.",
     "ICML 2026 Papers\n\nFirst abstract here.\n\nThird.\n"),
    ("ICML 2026 Papers\n \nA.\n\t\nB.", "A.", "ICML 2026 Papers\n\nB.\n"),
])
def test_leave_one_out_drops_exactly_one_paragraph(text, abstract, expected):
    assert _without_paragraph(text, abstract) == expected


def test_leave_one_out_refuses_an_abstract_that_is_not_a_paragraph():
    with pytest.raises(RuntimeError, match="not exactly one paragraph"):
        _without_paragraph("ICML 2026 Papers\n\nA.\n\nB.\n", "C.")


@pytest.mark.skipif(not (scifact_available() and pubmedqa_available()), reason="../shared/benchmarks is missing")
def test_training_rows_hold_no_test_item_and_both_labels():
    rows = training.training_rows()
    test_qids = {q["qid"] for q in own_questions("test")}
    test_claims = {qid for qid, _, _ in scifact_queries("test")}
    test_pmids = {i["pmid"] for i in pubmedqa_items() if i["test"]}

    assert not {r["id"] for r in rows if r["source"].startswith(("dev", "ours"))} & test_qids
    assert not {r["id"] for r in rows if r["source"].startswith("scifact")} & test_claims
    assert not {r["id"] for r in rows if r["source"].startswith("pubmedqa")} & test_pmids
    assert {r["abstain"] for r in rows} == {True, False}
    assert all(r["gold"] for r in rows if not r["abstain"]) and not any(r["gold"] for r in rows if r["abstain"])
    indexes = [r["index"] for r in rows]
    assert indexes == sorted(indexes)  # grouped: each leave-one-out index is built once
