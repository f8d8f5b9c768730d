"""What the asker heard somewhere, before the question they ask about it.

"saw a tweet like 'a teacher that's into owls makes the student into owls too' — which paper is that?", "someone
posted 'KV cache hacks are the cheapest way to handle long videos' — which papers actually manipulate the KV cache?",
"someone in a talk said ProtoKV keeps 'a small fixed bank of prototypes' — how many prototypes exactly?" (read set CP,
session 33: of its 13 such questions, 7 abstained). Where they heard it is no part of the question; what they heard
describes the paper asked about, unless the question after it asks for papers on a topic of its own, which the
claim's words ("cheapest", "hacks") only pull away from.
"""

from __future__ import annotations

import re

from rag.answer.wording import FUNCTION, GENERIC
from rag.corpus.terms import terms

_SOURCE = (r"(?:tweet|post|thread|toot|talk|keynote|panel|podcast|video|blog(?:\s+post)?|slide|reddit(?:\s+post)?|claim|"
           r"headline|comment|review)")
_WHO = r"(?:someone|somebody|people|a\s+(?:colleague|friend|speaker|reviewer|student|labmate)|my\s+(?:advisor|colleague|boss))"
# the frame: who said it where, up to what they said ("… said", "… claimed that", "saw a tweet like")
_HEARD = re.compile(
    rf"^\W*(?:(?:I\s+)?(?:saw|read|heard|came\s+across)(?:\s+(?:a|an|some|this|one)(?!\w))?(?:\s+(?:{_SOURCE}|{_WHO}|that|it|this))?"
    rf"|{_WHO}|(?:a|an|one|this)\s+{_SOURCE})"
    rf"(?:\s+(?:at|in|on|from)\s+(?:(?:a|an|the|my)\s+)?(?:{_SOURCE}|[\w-]+))?"
    r"(?:\s+(?:say(?:s|ing)?|said|post(?:s|ed|ing)?|claim(?:s|ed|ing)?|tweet(?:s|ed|ing)?|mention(?:s|ed|ing)?|wrote|"
    r"write(?:s)?|argue[sd]?|call(?:s|ed)?|go(?:es|ing)|pitch(?:ed|es|ing)?|lump(?:s|ed|ing)?))?"
    r"(?:\s+(?:that|like|about|on))?\s*[:,]?\s*(?=\S)", re.I)
# a quotation: its marks stand outside words ("that's" inside one is no mark)
_QUOTED = re.compile(r"(?<!\w)['\"“‘](?P<quote>.{3,}?)['\"”’](?!\w)")
_THEN = re.compile(r"\s*(?:[—–]+|\s-{1,2}\s|:)\s*|(?<=['\"”’])[,.;]\s+")
_POINTS_BACK = re.compile(r"\b(?:it|its|them|this|that|these|those|such)\b", re.I)
_ASKS_PAPERS = re.compile(r"\b(?:which|what|any)\s+(?:[\w-]+\s+){0,2}?(?:papers|works|studies|ones)\b", re.I)


def without_hearsay(text: str) -> str:
    """The question without where the asker heard what it asks about; without the claim too when the question after
    it asks for papers on a topic of its own."""
    frame = _HEARD.match(text)
    quoted = _QUOTED.search(text)
    if not frame or not quoted or frame.end() > quoted.start() or not frame.group(0).strip():
        return text
    said = text[frame.end():]
    split = _THEN.search(said, quoted.end() - frame.end())
    if not split:
        return text
    claim, question = said[:split.start()], said[split.end():].strip()
    if not question:
        return text
    # (not one pointing back at it: "I heard about 'Bayesian surprise' — which papers use it for frame selection?")
    if _ASKS_PAPERS.search(question) and len(terms(_ASKS_PAPERS.sub(" ", question)) - GENERIC - FUNCTION) >= 2 \
            and not _POINTS_BACK.search(question):
        return question
    return f"{_QUOTED.sub(lambda m: m.group('quote'), claim).strip()}: {question}"
