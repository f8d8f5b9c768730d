from __future__ import annotations

import pytest

from rag.answer.asides import without_unknown_aside


class _Words:
    """The part of a KeywordIndex (rag.index.keyword) the aside reads: its vocabulary, stemmed."""

    def __init__(self, words: list[str]):
        self.vocabulary = set(words)
        self.sorted_vocabulary = sorted(words)


ABSTRACTS = _Words(["video", "generat", "surgic", "continu", "learn", "train", "data", "mobil", "devic"])


@pytest.mark.parametrize(("asked", "kept"), [
    # an aside in words no abstract uses asks nothing of the papers (read set DP, dp037 abstained on "cutscenes")
    ("ICLR papers on generating video? thinking about cutscenes", "ICLR papers on generating video?"),
    # ... one in the abstracts' words narrows what is asked (second review, session 39)
    ("Which papers generate video? Thinking about surgical training data.",
     "Which papers generate video? Thinking about surgical training data."),
    ("Which papers study continual learning? thinking of video specifically.",
     "Which papers study continual learning? thinking of video specifically."),
    ("Which papers evaluate video quality? thinking about mobile devices in particular.",
     "Which papers evaluate video quality? thinking about mobile devices in particular."),
    # ... and a sentence after the question that is no aside stays
    ("Which papers generate video? Cutscenes need it.", "Which papers generate video? Cutscenes need it."),
])
def test_an_aside_after_the_question_goes_only_when_no_abstract_uses_its_words(asked, kept):
    assert without_unknown_aside(asked, ABSTRACTS) == kept


def test_without_an_index_the_question_is_left_as_it_is():
    assert without_unknown_aside("Which papers? thinking about cutscenes", None) == "Which papers? thinking about cutscenes"
