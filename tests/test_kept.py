"""rag/answer/kept.py: the figures and names of an evidence sentence that a written answer must keep."""

from __future__ import annotations

import pytest

from rag.answer.kept import values

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
