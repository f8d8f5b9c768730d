"""rag/answer/kept.py: whether a written answer kept a citation and the values of the sentence that answers best."""

from __future__ import annotations

import pytest

from rag.answer.kept import dropped, values

VEDA = ("To generate 720P 10-second videos on Waver-T2V-12B, Veda achieves a 5.1× end-to-end speedup and a 10.5× "
        "self-attention speedup, reducing attention overhead from 92% to 50%. [1]")


@pytest.mark.parametrize(("sentence", "question", "expected"), [
    (VEDA, "What speedup does Veda report?", ["720P", "10-second", "Waver-T2V-12B", "5.1×", "10.5×", "92%", "50%"]),
    ("FlowNar keeps streaming history in CLAM, a bounded memory [2].", "What module does FlowNar use?", ["CLAM"]),
    ("Its two mechanisms are Deep Sink and Participative Compression.", "What are the two mechanisms?",
     ["Deep", "Sink", "Participative", "Compression"]),
    ("We evaluate on VideoMME and on ~8K samples.", "", ["VideoMME", "8K"]),  # "We" opens the sentence
    ("The method is faster and simpler.", "", []),
    ("It uses CLAM and CLAM again.", "", ["CLAM"]),
    ("It reaches 3.8% over the best result on MMVU.", "By how much does it beat the best result on MMVU?", ["3.8%"]),
])
def test_values_are_the_figures_and_names_the_question_does_not_give(sentence, question, expected):
    assert values(sentence, question) == expected


SPEEDUP, SETUP = "What speedup does Veda report?", "Which model does Veda run on?"


@pytest.mark.parametrize(("text", "cited", "question", "why"), [
    ("Veda achieves a 5.1× end-to-end speedup [1].", True, SPEEDUP, ""),
    ("Veda achieves a 5.1x end-to-end speedup [1].", True, SPEEDUP, ""),  # an x for the times sign keeps the figure
    ("Veda is fast on waver-t2v-12b [1].", True, SETUP, ""),  # one value is enough, in any case
    ("Veda reduces overhead to 50% [1].", True, SPEEDUP, ""),  # one of the figures is enough too
    # a number asked, and the answer keeps a name but none of the figures: the asked value is gone
    ("Veda is fast on Waver-T2V-12B [1].", True, SPEEDUP, "left out the figures"),
    ("Veda makes generation much faster [1].", True, SPEEDUP, "left out the figures"),
    ("Veda makes generation much faster [1].", True, SETUP, "left out the figures"),
    ("Veda achieves a 5.1× end-to-end speedup.", False, SPEEDUP, "cited no source"),
])
def test_a_written_answer_must_cite_and_keep_a_value_and_an_asked_figure(text, cited, question, why):
    reason = dropped(text, cited, VEDA, question)
    assert (why in reason) if why else reason == ""


def test_a_lead_sentence_without_values_asks_nothing_of_the_answer():
    assert dropped("It is simpler [1].", True, "The method is faster and simpler [1]. It uses CLAM [1].", "Why?") == ""
