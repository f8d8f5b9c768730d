"""The page's example questions come from the indexed papers, and each one is answered."""

from __future__ import annotations

import pytest

import rag
from rag.serve.examples import questions_from
from rag.types import Paper

from test_answer import check_invariants


def test_every_example_from_the_shipped_papers_is_answered_with_citations(built_settings):
    questions = questions_from(rag.get_index(built_settings).snapshot())
    assert len(questions) == 4 and len(set(questions)) == 4
    for question in questions:
        answer = rag.ask(question, settings=built_settings)
        assert not answer.abstained and answer.text.strip(), question
        check_invariants(answer)
        if "How many" not in question:  # the count is read from the index, the others cite abstracts
            assert answer.citations, question


def test_a_method_question_names_a_paper_that_reports_a_number(built_settings):
    snapshot = rag.get_index(built_settings).snapshot()
    question = questions_from(snapshot)[0]
    name = question.removeprefix("What results does ").removesuffix(" report?")
    answer = rag.ask(question, settings=built_settings)
    assert answer.citations[0].paper.title.split(":")[0] == name
    assert any(ch.isdigit() for ch in answer.text)  # the number it reports is in the answer


def _paper(n: int, abstract: str, venue: str = "ACL", title: str = "") -> Paper:
    return Paper(id=f"p{n}", title=title or abstract[:30], venue=venue, year=2025, abstract=abstract,
                 text=abstract, source="list.txt", position=n, title_derived=bool(title))


@pytest.mark.parametrize("snapshot_papers", [[], None])
def test_an_empty_index_has_no_examples(snapshot_papers):
    class Empty:
        papers = snapshot_papers or []

    assert questions_from(None) == []
    assert questions_from(Empty()) == []


def test_topics_are_shared_phrases_not_links_or_filler():
    from rag.serve.examples import common_topics

    papers = [_paper(i, f"We study speech recognition with large language models. Code: https://github.com/x/y{i}. "
                        f"Extensive experiments show gains.") for i in range(3)]
    topics = common_topics(papers, 3)
    assert topics[:2] == ["speech recognition", "large language models"] or \
        set(topics[:2]) == {"speech recognition", "large language models"}
    assert not any("github" in t or "https" in t or "extensive" in t for t in topics)
