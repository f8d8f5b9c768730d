"""rag/answer/quiz.py: a quiz item is read as the question it tests."""

from __future__ import annotations

import pytest

import rag
from rag.answer.quiz import as_question
from tests.test_answer import check_invariants


@pytest.mark.parametrize(("typed", "question"), [
    # the label goes; a blank before a plural counts it, any other blank asks what (read set CN, session 33)
    ("Fill in the blank: the MoE experiments for KERN use ___ experts per layer.",
     "the MoE experiments for KERN use how many experts per layer?"),
    ("fill in the blank: it has ___ examples drawn from ___ videos", "it has how many examples drawn from how many videos?"),
    ("Fill in for a quiz: OPL is mainly about ___ while CG-CoE is mainly about ___.",
     "OPL is mainly about what while CG-CoE is mainly about what?"),
    ("True or false: Veda reaches a 5.1x speedup.", "Veda reaches a 5.1x speedup."),
    ("Multiple choice: is Veda's speedup 2x, 5.1x or 10x?", "is Veda's speedup 2x, 5.1x or 10x?"),
    ("Quiz item: which paper builds FrameOracle-41K?", "which paper builds FrameOracle-41K?"),
    ("Fill in: ISA masks ___ in queries", "ISA masks what in queries?"),  # a preposition is counted by no blank
])
def test_a_quiz_item_is_read_as_the_question_it_tests(typed, question):
    assert as_question(typed) == question


@pytest.mark.parametrize("text", [
    "What is the snake_case name of the module?",  # one underscore is no blank
    "What speedup does __Veda__ report?",  # markdown's bold (second review)
    "Is it true or false that Veda is training-free?",  # a question that says it, no label
    "True or false:",  # nothing would be left
])
def test_a_question_is_no_quiz_item(text):
    assert as_question(text) == text


def test_a_blank_for_a_count_the_abstract_lacks_is_said_to_be_lacking(built_settings):
    answer = rag.ask("Fill in the blank: the MoE experiments for KERN use ___ experts per layer.", settings=built_settings)

    check_invariants(answer)
    assert answer.abstained and answer.text.startswith("The KERN abstract does not report its number of experts")
