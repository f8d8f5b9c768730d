"""eval/scoring.py: how one answer is scored against one question, a rule per kind (tables of tiny cases)."""

from __future__ import annotations

import sys

import pytest

from conftest import PROJECT_ROOT

if str(PROJECT_ROOT) not in sys.path:  # eval/ is a top-level package of the checkout, not installed
    sys.path.insert(0, str(PROJECT_ROOT))

from eval.scoring import Reply, score, set_prf  # noqa: E402



def q(kind, gold=(), facts=(), **extra):
    return {"qid": "x1", "kind": kind, "gold": list(gold), "facts": list(facts), "origin": "team", **extra}


@pytest.mark.parametrize(("cited", "gold", "expected"), [
    ({"p1", "p2"}, {"p1", "p2"}, (1.0, 1.0, 1.0)),
    ({"p1"}, {"p1", "p2"}, (1.0, 0.5, 2 / 3)),
    ({"p1", "p3"}, {"p1", "p2"}, (0.5, 0.5, 0.5)),
    (set(), {"p1"}, (0.0, 0.0, 0.0)),
    ({"p3"}, {"p1"}, (0.0, 0.0, 0.0)),
])
def test_list_precision_recall_f1(cited, gold, expected):
    assert set_prf(cited, gold) == pytest.approx(expected)


@pytest.mark.parametrize(("question", "reply", "passed"), [
    # single paper: the gold is cited, whatever else is
    (q("fact", ["p1"], ["5.1×"]), Reply("Veda gets 5.1× [1]", cited=("p1",)), 1.0),
    (q("fact", ["p1"], ["5.1×"]), Reply("ProtoKV … [1]", cited=("p2",)), 0.0),
    (q("typo", ["p1"]), Reply("Veda [1] ProtoKV [2]", cited=("p2", "p1")), 1.0),
    (q("chinese", ["p1"]), Reply("不回答", abstained=True), 0.0),
    # lists: F1 against the complete gold
    (q("list", ["p1", "p2"]), Reply("- Veda [1]", cited=("p1",)), 2 / 3),
    # out of scope: abstaining is all that counts
    (q("out-of-scope"), Reply("The indexed papers don't answer this.", abstained=True), 1.0),
    (q("out-of-scope"), Reply("Veda [1]", cited=("p1",)), 0.0),
    # not reported: abstained, the paper among the sources, and the text says so
    (q("not-reported", ["p1"]), Reply("The Veda abstract does not report its learning rate.",
                                      sources=("p1",), abstained=True), 1.0),
    (q("not-reported", ["p1"]), Reply("The learning rate is not stated in the Veda abstract.",
                                      sources=("p1", "p2"), abstained=True), 1.0),
    (q("not-reported", ["p1"]), Reply("Veda achieves 5.1× [1]", cited=("p1",), sources=("p1",)), 0.0),
    (q("not-reported", ["p1"]), Reply("The abstract doesn't report it.", sources=("p2",), abstained=True), 0.0),
    (q("not-reported", ["p1"]), Reply("The indexed papers don't answer this.", sources=("p1",),
                                      abstained=True), 0.0),
    # filter excludes the named paper: cite nothing, name it, say it is outside the filter
    (q("filter-excluded", ["p1"], venue="ICLR"),
     Reply("Veda is ICML 2026, outside the ICLR 2026 filter.", abstained=True), 1.0),
    (q("filter-excluded", ["p1"], venue="ICLR"), Reply("Veda is excluded by the venue filter."), 1.0),
    (q("filter-excluded", ["p1"], venue="ICLR"), Reply("ProtoKV compresses … [1]", cited=("p2",)), 0.0),
    (q("filter-excluded", ["p1"], venue="ICLR"), Reply("No ICLR paper answers this.", abstained=True), 0.0),
    (q("filter-excluded", ["p1"], venue="ICLR"), Reply("Veda is outside the filter; ProtoKV [1]", cited=("p2",)), 0.0),
    # comparisons: both cited and each paper's fact present
    (q("compare", ["p1", "p2"], facts_by_paper={"p1": ["5.1×"], "p2": ["60%"]}),
     Reply("Veda: 5.1× [1]. ProtoKV: 60% less memory [2].", cited=("p1", "p2")), 1.0),
    (q("compare", ["p1", "p2"], facts_by_paper={"p1": ["5.1×"], "p2": ["60%"]}),
     Reply("Veda: 5.1× [1]. ProtoKV is a memory [2].", cited=("p1", "p2")), 0.0),
    (q("compare", ["p1", "p2"], facts_by_paper={"p1": ["5.1×"], "p2": ["60%"]}),
     Reply("Veda: 5.1× and 60% [1].", cited=("p1",)), 0.0),
    # follow-ups: the gold cited on the last turn and every fact
    (q("followup", ["p3"], ["Ego4D", "EgoExo4D"]), Reply("ego4d and EgoExo4D [1]", cited=("p3",)), 1.0),
    (q("followup", ["p3"], ["Ego4D", "EgoExo4D"]), Reply("Ego4D [1]", cited=("p3",)), 0.0),
    (q("followup", ["p3"], ["Ego4D"]), Reply("Ego4D [1]", cited=("p2",)), 0.0),
])
def test_each_kind_has_its_rule(question, reply, passed):
    assert score(question, reply).passed == pytest.approx(passed)


@pytest.mark.parametrize(("reply", "facts", "precision"), [
    (Reply("Veda gets 5.1× and 10.5× [1]", cited=("p1",)), 1.0, 1.0),
    (Reply("Veda gets 5.1× [1] [2]", cited=("p1", "p2")), 0.5, 0.5),
    (Reply("nothing", abstained=True), 0.0, None),  # no citation: no precision, rather than 0
])
def test_single_paper_facts_and_precision(reply, facts, precision):
    result = score(q("fact", ["p1"], ["5.1×", "10.5×"]), reply)

    assert result.facts == pytest.approx(facts)
    assert result.precision == (pytest.approx(precision) if precision is not None else None)


def test_an_error_instead_of_an_answer_fails_every_kind():
    result = score(q("out-of-scope"), Reply("", error="BadQuery: too long"))

    assert result.passed == 0.0 and result.checks == {"error": "BadQuery: too long"}
