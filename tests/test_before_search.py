"""The rules that answer before any search, held to probe set M (eval/questions/README.md): first questions
written by a helper that never saw them. A rule that fires wrongly takes an answerable question away, so the
questions it must leave alone are held exactly; those it misses are counted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rag
from test_answer import check_invariants
from rag.answer.collection import asks_for_catalog
from rag.answer.conversation import dangling_reference
from rag.answer.metadata import asked_details
from rag.answer.understand import absent_venue, understand

PROBES = [json.loads(line) for line in
          (Path(__file__).parents[1] / "eval" / "questions" / "probe-m.jsonl").read_text(encoding="utf-8").splitlines()]


def of(group: str) -> list[dict]:
    return [p for p in PROBES if p["group"] == group]


@pytest.fixture(scope="module")
def snapshot(built_settings):
    return rag.get_index(built_settings).snapshot()


def test_a_first_question_whose_pronouns_point_inside_it_is_answered(snapshot):
    flagged = [p["id"] for p in of("standalone-pronoun")
               if dangling_reference(p["question"]) and not understand(p["question"], None, snapshot).named]
    assert flagged == []


def test_most_first_questions_pointing_back_at_nothing_are_found():
    found = [p for p in of("dangling") if dangling_reference(p["question"])]
    assert len(found) >= 13  # "Can you explain their method?", "Is it training-free?" are not


def test_a_venue_is_a_filter_only_when_the_question_asks_for_its_papers(snapshot):
    wrong = [p["id"] for p in of("venue-mention")
             if bool(absent_venue(p["question"], snapshot)) != p["filters_on_absent_venue"]]
    assert wrong == ["vm12"]  # "Compare the ICML 2026 and NeurIPS 2025 papers": told there are no NeurIPS 2025 ones


def test_authors_and_code_are_asked_of_the_record_only_when_asked_for():
    assert [p["id"] for p in of("authors-code") if not asked_details(p["question"])] == []
    assert [p["id"] for p in of("authors-code-other") if asked_details(p["question"])] == []
    # something asked of the code is no request for its link (a third review of session 44)
    assert asked_details("what licence is the segpvsg code released under?") == ()
    assert asked_details("is the segpvsg code released?") == ("code",)


@pytest.mark.parametrize(("question", "catalog"), [
    ("Which papers were published at ICLR?", True),
    ("List the ICLR 2026 papers.", True),
    ("Show me all ICML papers", True),
    ("What ICLR papers are there?", True),
    ("List all papers.", True),
    ("Which papers are there on video?", False),  # a topic
    ("Which ICLR 2026 papers study continual learning?", False),
    ("How many papers are indexed?", False),  # no paper noun to list
])
def test_a_list_with_no_topic_asks_for_the_collections_papers(snapshot, question, catalog):
    assert asks_for_catalog(question, snapshot) is catalog


@pytest.mark.parametrize(("question", "venue", "listed"), [
    ("Which papers were published at ICLR?", "ICLR", 19),
    ("List all papers.", None, 70),
])
def test_the_collections_papers_are_listed_each_cited(built_settings, question, venue, listed):
    answer = rag.ask(question, settings=built_settings)

    check_invariants(answer)
    assert answer.text.startswith(f"{listed} papers {'from ' + venue + ' ' if venue else ''}are indexed:")
    assert len(answer.citations) == listed and not answer.abstained
    if venue:
        assert {c.paper.venue for c in answer.citations} == {venue}


def test_after_a_topic_question_which_papers_stays_with_the_topic(built_settings):
    history = [{"role": "user", "content": "Is there work on streaming video?"},
               {"role": "assistant", "content": "ProtoKV and FlowNar."}]
    answer = rag.ask("Which papers?", history=history, settings=built_settings)
    assert not answer.text.startswith("70 papers")


@pytest.mark.parametrize(("venue", "year", "said"), [("NeurIPS", None, "NeurIPS"), ("ICML", 2025, "ICML 2025")])
def test_a_filter_no_paper_passes_says_so_before_any_search(built_settings, venue, year, said):
    """`rag.ask(…, venue="NeurIPS")` of an ICML/ICLR 2026 collection: not "the papers don't answer this" (which
    reads as if the topic were missing); a paper the question names is still said to be outside the filter."""
    answer = rag.ask("Which papers work on streaming video?", venue=venue, year=year, settings=built_settings)
    check_invariants(answer)
    assert answer.abstained and not answer.citations
    assert answer.text.startswith(f"No paper of the collection passes the {said} filter: it has 70 abstracts")
    named = rag.ask("What speedup does Veda report?", venue=venue, year=year, settings=built_settings)
    assert named.abstained and not named.citations
    assert named.text.startswith(f"Veda is ICML 2026, outside the {said} filter.")


def test_a_hostile_filter_echoed_in_the_answer_loses_its_control_characters(built_settings):
    """The empty filter's name is the caller's text: shown back without control characters; the page escapes the
    rest (tests/test_safety.py)."""
    venue = "<img src=x onerror=alert(1)>**b**\x07\x1b]52;c;eA==\x07\u202e"
    answer = rag.ask("Which papers work on streaming video?", venue=venue, settings=built_settings)
    assert answer.abstained and not answer.citations
    assert "<img src=x onerror=alert(1)>**b**" in answer.text
    assert not any(c in answer.text for c in "\x07\x1b\u202e")
