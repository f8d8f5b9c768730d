"""eval/comparisons.py: the comparison ranker's fit and its cross-validated report, on invented groups."""

from __future__ import annotations

import numpy as np

from eval.comparisons import cross_validated, fit, top


def group(qid: str, answering: int, n: int = 4) -> dict:
    rows = np.zeros((n, 2))
    rows[answering, 0] = 1.0  # the first feature marks the sentence that answers; the second is noise
    rows[:, 1] = np.arange(n) % 2
    labels = np.zeros(n)
    labels[answering] = 1.0
    return {"id": qid, "rows": rows, "labels": labels}


GROUPS = [group(f"q{i}", i % 4) for i in range(20)]


def test_the_fitted_ranker_puts_the_answering_sentence_first():
    ranker = fit(GROUPS)

    assert ranker.weights[0] > abs(ranker.weights[1])
    assert "20 dev comparisons" in ranker.trained_on
    assert all(top(ranker, g, 1) for g in GROUPS)


def test_cross_validation_reports_papers_and_whole_questions_for_one_to_three_sentences():
    report = cross_validated(GROUPS)

    assert sorted(report) == [1, 2, 3]
    assert report[1] == (1.0, 1.0)  # a cue this plain is learnt without the held-out question
