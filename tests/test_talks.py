"""rag/answer/talks.py: a conference's talk and its speaker are the paper."""

from __future__ import annotations

import pytest

import rag
from rag.answer.talks import as_papers
from tests.test_answer import check_invariants


@pytest.mark.parametrize(("asked", "read"), [
    # a session chair's words (fresh set CV, written after session 34's final code)
    ("Video-MTR speaker, the multi-turn RL one: how little data?", "Video-MTR paper, the multi-turn RL one: how little data?"),
    ("For the UPI talk on stretching context: from what length?", "For the UPI paper on stretching context: from what length?"),
    ("Which talks build a bounded memory?", "Which papers build a bounded memory?"),
    ("Good. For that speaker: what gain on Charades-STA?", "Good. For that paper: what gain on Charades-STA?"),
    ("Speaker on audio-only speaker diarization for podcasts?", "Paper on audio-only speaker diarization for podcasts?"),
    # a prior-art searcher's words (fresh set CW)
    ("Identify all ICLR disclosures directed to the generation of video.",
     "Identify all ICLR papers directed to the generation of video."),
])
def test_a_talk_and_its_speaker_are_the_paper(asked, read):
    assert as_papers(asked) == read


@pytest.mark.parametrize("text", [
    "Any paper on speaker diarization for meetings?",  # a speaker heard in audio
    "multi-speaker meeting audio",
    "Which papers separate each speaker's voice?",
    "Do they talk about privacy?",  # talking, no talk
    "Which papers talk to users in real time?",
])
def test_a_speaker_heard_or_talking_is_left_as_it_is(text):
    assert as_papers(text) == text


def test_a_speakers_paper_is_answered_not_told_it_lacks_a_speaker(built_settings):
    answer = rag.ask("The ProtoKV speaker: how many points does it gain over token-retention baselines?",
                     settings=built_settings)

    check_invariants(answer)
    assert not answer.abstained and "speaker" not in answer.text.lower()
