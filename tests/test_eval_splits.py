"""eval/splits.py and the committed question splits: disjoint, every kind in test, test never a fixture."""

from __future__ import annotations

import sys
from collections import Counter

import pytest

from rag.corpus.papers import load_papers

from conftest import PAPERS_DIR, PROJECT_ROOT

if str(PROJECT_ROOT) not in sys.path:  # eval/ is a top-level package of the checkout, not installed
    sys.path.insert(0, str(PROJECT_ROOT))

from eval.datasets import own_questions  # noqa: E402
from eval.scoring import KINDS  # noqa: E402
from eval.splits import FIXTURES, normalise, split_old  # noqa: E402


def rows(kind: str, n: int, prefix: str = "q") -> list[dict]:
    return [{"qid": f"{prefix}{kind[:2]}{i}", "kind": kind, "question": f"{kind} {i}?", "gold": ["p"]}
            for i in range(n)]


def test_old_questions_are_split_half_per_kind_with_the_fixtures_in_dev():
    old = [normalise(r, "team") for r in rows("known-item", 9) + rows("multi", 4)
           + [{"qid": "q001", "kind": "known-item", "question": "fixture?", "gold": ["p"]}]]

    dev, test = split_old(old)

    assert {r["qid"] for r in dev}.isdisjoint(r["qid"] for r in test)
    assert len(dev) + len(test) == len(old)
    assert Counter(r["kind"] for r in dev) == {"fact": 5, "list": 2}
    assert Counter(r["kind"] for r in test) == {"fact": 5, "list": 2}
    assert "q001" in {r["qid"] for r in dev}
    assert split_old(old) == (dev, test)  # seeded: the same split every time


def test_follow_ups_are_normalised_to_their_last_turn():
    row = normalise({"fid": "f09", "turns": ["What is X?", "Which datasets?"], "gold": ["p"], "facts": []}, "team")

    assert row["qid"] == "f09" and row["kind"] == "followup" and row["question"] == "Which datasets?"


@pytest.fixture(scope="module")
def splits():
    return {split: own_questions(split) for split in ("dev", "test")}


def test_the_splits_are_disjoint_and_cite_only_shipped_papers(splits):
    ids = [q["qid"] for qs in splits.values() for q in qs]
    texts = [q["question"] for qs in splits.values() for q in qs]
    paper_ids = {p.id for p in load_papers([PAPERS_DIR]).papers}

    assert len(ids) == len(set(ids)) and len(texts) == len(set(texts))
    assert all(set(q["gold"]) <= paper_ids for qs in splits.values() for q in qs)
    assert FIXTURES <= {q["qid"] for q in splits["dev"]}


def test_test_has_at_least_150_questions_covering_every_kind(splits):
    kinds = Counter(q["kind"] for q in splits["test"])

    assert len(splits["test"]) >= 150
    assert set(kinds) == set(KINDS) == {q["kind"] for q in splits["dev"]}


def test_no_test_question_is_a_fixture_in_tests(splits):
    sources = " ".join(p.read_text(encoding="utf-8").lower() for p in (PROJECT_ROOT / "tests").glob("*.py"))
    asked = {t for q in splits["test"] for t in (q.get("turns") or [q["question"]])}
    # short generic turns ("What is FlowNar?") may appear in tests for their own reasons
    found = sorted(t for t in asked if len(t) > 40 and t.lower() in sources)

    assert not found
