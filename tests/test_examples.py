"""The page's example questions come from the indexed papers, and each one is answered."""

from __future__ import annotations

from types import SimpleNamespace

import json

import pytest

import rag
from rag.serve.examples import COUNT_QUESTION, questions_from
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


SPEECH = "We study speech recognition at scale."
VEDA = "Veda achieves a 5.1× speedup on speech recognition."


@pytest.mark.parametrize("papers, n, expected", [
    (None, 4, []),  # no index yet
    ([], 4, []),  # an index with no papers
    ([_paper(1, SPEECH)], 4, [COUNT_QUESTION]),  # one paper: no shared topic, no result to ask about
    ([_paper(1, SPEECH), _paper(2, VEDA, title="Veda")], 4,
     ["What results does Veda report?", "Which papers study speech recognition?", COUNT_QUESTION]),
    ([_paper(1, SPEECH), _paper(2, VEDA, title="Veda")], 2,
     ["What results does Veda report?", "Which papers study speech recognition?"]),  # n caps the list
])
def test_examples_are_what_the_index_can_answer(papers, n, expected):
    snapshot = None if papers is None else SimpleNamespace(papers=papers)
    assert questions_from(snapshot, n) == expected


def test_topics_are_shared_phrases_not_links_or_filler():
    from rag.serve.examples import common_topics

    papers = [_paper(i, f"We study speech recognition with large language models. Code: https://github.com/x/y{i}. "
                        f"Extensive experiments show gains.") for i in range(3)]
    topics = common_topics(papers, 3)
    assert topics[:2] == ["speech recognition", "large language models"] or \
        set(topics[:2]) == {"speech recognition", "large language models"}
    assert not any("github" in t or "https" in t or "extensive" in t for t in topics)


def test_the_examples_are_drawn_once_per_snapshot_and_kept_in_the_index_folder(index_copy, monkeypatch):
    from rag.serve import examples

    first = rag.example_questions(index_copy)
    saved = index_copy.index.index_dir / examples.CACHE_NAME
    assert saved.exists() and first == questions_from(rag.get_index(index_copy).snapshot())
    monkeypatch.setattr(examples, "questions_from", lambda *a: pytest.fail("drawn again for the same snapshot"))
    assert rag.example_questions(index_copy) == first  # the next page start reads them
    monkeypatch.undo()
    (index_copy.index.data_dir / "papers" / "extra.txt").write_text(
        "TMLR 2025 Papers\n\nWe propose QuokkaNet, a pouch memory for robot arms that recalls grasp plans fast.\n",
        encoding="utf-8")
    rag.ingest(settings=index_copy)  # a new snapshot: drawn again
    snapshot = rag.get_index(index_copy).snapshot()
    assert rag.example_questions(index_copy) == questions_from(snapshot)
    assert json.loads(saved.read_text())["key"].startswith(snapshot.generation + "/")
