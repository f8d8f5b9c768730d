"""A named paper's authors and code, answered from its record."""

from __future__ import annotations

import pytest

import rag
from rag.answer.metadata import asked_details, record_answer
from rag.types import Link, Paper
from test_answer import check_invariants


@pytest.mark.parametrize(("question", "detail"), [
    ("Who wrote ProtoKV?", "authors"),
    ("Who are the authors of Veda?", "authors"),
    ("So who authored it?", "authors"),
    ("List the authors of FlowNar.", "authors"),
    ("Where is the code for FlowNar?", "code"),
    ("Is there code for ProtoKV?", "code"),
    ("Does FlowNar release its code?", "code"),
    ("Is V-LynX open source?", "code"),
    ("Is the code out?", "code"),
    ("github link for ProtoKV", "code"),
    ("Who is the first author of Deep Forcing?", "authors"),
    ("Which lab is behind LESA?", "authors"),
    ("Is there a public repo for Video-MTR?", "code"),
    ("Has the code for the compressed-image benchmark been released?", "code"),
    ("Which institutions are the ParallelBench authors affiliated with?", ""),  # not in a record either
    ("Which programming language is SmoothSA's released code written in?", ""),
    ("Which activation do the authors recommend for it?", ""),  # the paper's content, said by its authors
    ("Which quantity do the authors of the distillation paper propose?", ""),
    ("What framework is the released V-LynX code written in?", ""),  # a detail of the code, not the code
    ("Is there code generation in Veda?", ""),
    ("How does the model generate code?", ""),
    # terse: a name and the detail alone (session 26 probe); "surface codes", "code generation" ask no record
    ("veda code?", "code"),
    ("protokv code release", "code"),
    ("SGMD authors", "authors"),
    ("surface codes?", ""),
    ("surface code?", ""),  # an English word before "code" names no paper
    ("Python code?", ""),
    ("many authors", ""),
    ("ISA code?", "code"),  # ... but an acronym in capitals does
    ("veda code generation", ""),
    ("lsgquant - are the models and code downloadable somewhere?", "code"),  # after a label (session 45, qg009)
])
def test_a_question_asking_for_a_papers_authors_or_code_is_told_apart(question, detail):
    assert asked_details(question) == ((detail,) if detail else ())


def test_both_asked_at_once_are_both_answered():
    assert asked_details("Who wrote ProtoKV, and where is its code?") == ("authors", "code")
    answer = record_answer(("authors", "code"), paper(links=(Link("https://github.com/x/veda", is_code=True),)))
    assert answer.text == ("The Veda record lists no authors, and its abstract does not name them. "
                           "Veda (ICML 2026) links its code: https://github.com/x/veda. [1]")
    assert not answer.abstained and len(answer.citations) == 1


def paper(**fields) -> Paper:
    return Paper(id="icml2026-x", title="Veda", venue="ICML", year=2026, abstract="Veda is fast.", text="Veda is fast.",
                 source="list.txt", position=1, **fields)


def test_the_record_names_the_authors_and_links_the_code_cited():
    found = paper(authors=("Ada Lovelace", "Alan Turing", "Grace Hopper"),
                  links=(Link("https://github.com/x/veda", is_code=True), Link("https://veda.example.org")))

    authors, code = record_answer(("authors",), found), record_answer(("code",), found)

    assert authors.text == "Veda (ICML 2026) is by Ada Lovelace, Alan Turing and Grace Hopper. [1]"
    assert code.text == "Veda (ICML 2026) links its code: https://github.com/x/veda. [1]"  # not the project page
    for answer in (authors, code):
        check_invariants(answer)
        assert not answer.abstained and [c.paper.id for c in answer.citations] == ["icml2026-x"]


@pytest.mark.parametrize(("detail", "said"), [
    ("authors", "The Veda record lists no authors, and its abstract does not name them."),
    ("code", "The Veda record links no code, and its abstract does not give a link to it."),
])
def test_a_record_lacking_the_detail_says_so_with_the_paper_as_source(detail, said):
    answer = record_answer((detail,), paper())

    assert answer.text == said and answer.abstained and answer.citations == ()
    assert [h.paper.id for h in answer.sources] == ["icml2026-x"]


def test_asked_of_the_collection_the_code_comes_from_the_abstracts_link(built_settings):
    answer = rag.ask("Where is the code for FlowNar?", settings=built_settings)

    check_invariants(answer)
    assert answer.text == "FlowNar (ICML 2026) links its code: https://github.com/zeyun-zhong/FlowNar. [1]"


def test_a_follow_up_asks_the_conversations_paper(built_settings):
    history = [{"role": "user", "content": "What is FlowNar?"},
               {"role": "assistant", "content": rag.ask("What is FlowNar?", settings=built_settings).text}]

    answer = rag.ask("Who wrote it?", history=history, settings=built_settings)

    assert answer.abstained and answer.text.startswith("The FlowNar record lists no authors")
    assert [h.paper.title for h in answer.sources] == ["FlowNar"]


def test_the_collections_code_question_still_lists_every_paper_with_code(built_settings):
    answer = rag.ask("Which papers link to code?", settings=built_settings)
    assert answer.text.startswith("12 of 70 papers link to code:")
