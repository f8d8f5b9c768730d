from __future__ import annotations

import pytest

from rag.answer.asides import without_unknown_aside, without_use


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


@pytest.mark.parametrize(("asked", "question"), [
    # what the asker would use it for, or what is at stake (a second review of session 43: each abstained on the use's
    # field, "never mention laparoscopy / patient / clinical")
    ("I remember a paper converting ordinary video into 3D side-by-side footage, which could be handy for stereo "
     "laparoscopy. How many stereo frame pairs were in their dataset?",
     "I remember a paper converting ordinary video into 3D side-by-side footage. How many stereo frame pairs were in "
     "their dataset?"),
    ("Which papers deal with spotting abnormal events in video, the way we'd want for patient monitoring?",
     "Which papers deal with spotting abnormal events in video?"),
    ("Which ICML papers address hallucination in video language models? Made-up findings would be dangerous in a "
     "clinical report.", "Which ICML papers address hallucination in video language models?"),
    ("Which papers restore degraded video? Old endoscopy archives are often poor quality.",
     "Which papers restore degraded video?"),
    # ... or their own use of the paper after the question (a second review of session 45, qi002, qi018)
    ("segpvsg - how much better does it do at mR@50? thinking of using it on my robot's camera video",
     "segpvsg - how much better does it do at mR@50?"),
    ("4dpc2hat dataset - how many moving object sequences are in it? want to train my lidar bot",
     "4dpc2hat dataset - how many moving object sequences are in it?"),
    # ... or their guess at the answer (fresh set EG, read in session 46)
    ("covogan — which GAN did they bolt their module onto? stylegan or something else?",
     "covogan — which GAN did they bolt their module onto?"),
    # ... when they would use it, or why it matters to them (second reviews of session 46, qn071, qo069)
    ("Under what licence is CaReBench released? I need to know before using it for a clinical project.",
     "Under what licence is CaReBench released?"),
    ("How many GPUs did Veda use? Without the apparatus specified, a timing figure is hard for me to interpret.",
     "How many GPUs did Veda use?"),
    # ... not a clause that narrows the topic, nor a question after it
    ("Which papers use sparse attention that skips tiles?", "Which papers use sparse attention that skips tiles?"),
    ("Which papers restore degraded video? Which of them are often cited?",
     "Which papers restore degraded video? Which of them are often cited?"),
])
def test_what_the_asker_would_use_it_for_is_no_part_of_the_question(asked, question):
    assert without_use(asked) == question
