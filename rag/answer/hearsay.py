"""What the asker heard somewhere, before the question they ask about it.

"saw a tweet like 'a teacher that's into owls makes the student into owls too' — which paper is that?", "someone
posted 'KV cache hacks are the cheapest way to handle long videos' — which papers actually manipulate the KV cache?",
"someone in a talk said ProtoKV keeps 'a small fixed bank of prototypes' — how many prototypes exactly?" (read set CP,
session 33: of its 13 such questions, 7 abstained). Where they heard it is no part of the question; what they heard
describes the paper asked about, unless the question after it asks for papers on a topic of its own, which the
claim's words ("cheapest", "hacks") only pull away from.

A passage pasted from an abstract, opening the message with nobody said to have said it ('"a lightweight,
plug-and-play module" -- how many parameters does FrameOracle actually have?', read set CS, session 34: 10 of its
27 such questions failed), is what the asker was reading, not what they ask: it goes unless the question after it
points back at it ('-- which paper is that from?', '-- what do they say …' with no name of its own), since its
words, the abstract's own, pull the answer to the sentence it was copied from.
"""

from __future__ import annotations

import re

from rag.answer.wording import FUNCTION, GENERIC
from rag.corpus.terms import terms

_SOURCE = (r"(?:tweet|post|thread|toot|talk|keynote|panel|podcast|video|blog(?:\s+post)?|slide|reddit(?:\s+post)?|claim|"
           r"headline|comment|review)")
# ... "our hospital IT person", "a radiology colleague" (probes of session 41: their field read as the domain asked)
_WHO = (r"(?:someone|somebody|people|(?:a|an|my|our)\s+(?:[\w-]+\s+){0,3}?(?:colleague|co-?worker|friend|speaker|reviewer|"
        r"student|labmate|advisor|adviser|boss|manager|person|guy|PI|teammate))")
# the frame: who said it where, up to what they said ("… said", "… claimed that", "saw a tweet like")
_HEARD = re.compile(
    rf"^\W*(?:(?:I\s+)?(?:saw|read|heard|came\s+across)(?:\s+(?:a|an|some|this|one)(?!\w))?(?:\s+(?:{_SOURCE}|{_WHO}|that|it|this))?"
    rf"|{_WHO}|(?:a|an|one|this)\s+{_SOURCE})"
    rf"(?:\s+(?:at|in|on|from)\s+(?:(?:a|an|the|my)\s+)?(?:{_SOURCE}|[\w-]+))?"
    r"(?:\s+(?:say(?:s|ing)?|said|post(?:s|ed|ing)?|claim(?:s|ed|ing)?|tweet(?:s|ed|ing)?|mention(?:s|ed|ing)?|wrote|"
    r"write(?:s)?|argue[sd]?|call(?:s|ed)?|go(?:es|ing)|pitch(?:ed|es|ing)?|lump(?:s|ed|ing)?|"
    r"(?P<talks>keeps?\s+(?:talking|going\s+on|raving)|kept\s+(?:talking|going\s+on|raving)|keeps?\s+mentioning)))?"
    r"(?:\s+(?:that|like|about|on))?\s*[:,]?\s*(?=\S)", re.I)
# a quotation: its marks stand outside words ("that's" inside one is no mark)
_QUOTED = re.compile(r"(?<!\w)['\"“‘](?P<quote>.{3,}?)['\"”’](?!\w)")
_THEN = re.compile(r"\s*(?:[—–]+|\s-{1,2}\s|:)\s*|(?<=['\"”’])[,.;]\s+")
_POINTS_BACK = re.compile(r"\b(?:it|its|them|this|that|these|those|such)\b", re.I)
# pointing back at a pasted passage: a pronoun, "the paper", "other papers"; not a relative "that" ("papers that dig
# into …")
_BACK_AT_PASSAGE = re.compile(
    r"\b(?:it|its|them|this|these|those|such|other|else|the\s+(?:paper|authors|work|study|claim|quote|sentence|line|passage|"
    r"method|benchmark|term|phrase|dataset|model|approach|framework|hypothesis|technique|idea|concept|mechanism|metric|"
    r"module|system)|"
    r"that(?=\s*(?:[?!.,;]|$|(?:paper|work|study|claim|one|result|number|figure|line|sentence|quote|idea)\b))|"
    r"(?:is|was|got|get|did|for|about|from|with|like|mean|means|say|says|on|of|by|to)\s+that)\b", re.I)
_THEY = re.compile(r"\b(?:they|their|them)\b", re.I)
# a coined name, written in camel case ("FrameOracle", "CaReBench"): not a venue or a field's acronym ("ICML", "DMD",
# "MLLMs"), which names no paper (second review: '"12× length extrapolation" — which ICML video generation paper?')
_NAME = re.compile(r"\b\w*[a-z][A-Z]\w*")
_JOINS = frozenset(terms("vs versus"))
_PASTED = re.compile(r"^\s*[\"“](?P<quote>[^\"”]{3,}?)[\"”]")
_ASKS_PAPERS = re.compile(r"\b(?:which|what|any)\s+(?:[\w-]+\s+){0,2}?(?:papers|works|studies|ones)\b", re.I)


def without_hearsay(text: str) -> str:
    """The question without where the asker heard what it asks about; without the claim too when the question after
    it asks for papers on a topic of its own."""
    if _PASTED.match(text):
        return _without_passage(text)
    frame = _HEARD.match(text)
    quoted = _QUOTED.search(text)
    # who keeps talking about what, unquoted: what they talk about is the question's ("Our hospital IT person keeps
    # talking about attention sinks in language models. Which papers deal with them?": a probe of session 41 abstained)
    if frame and not quoted and frame.group("talks"):
        return text[frame.end():]
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
    return _joined(claim, question)


def _without_passage(text: str) -> str:
    """A message opening with a pasted passage: the question after it, or both when it points back."""
    passage = _PASTED.match(text)
    split = _THEN.search(text, passage.end())
    if not split:
        return text
    claim, question = text[:split.start()], text[split.end():].strip()
    own = len(terms(question) - GENERIC - FUNCTION)
    # more than passages ('"Video Anomaly Understanding" vs "video anomaly detection"' is two): "… vs the distillation
    # paper" is part of the question
    if terms(_QUOTED.sub(" ", text[passage.end():split.start()])) - FUNCTION - _JOINS:
        return text
    # "they" points back only in a question naming nothing of its own ("how do the OPL and CG-CoE papers differ in
    # what they contribute" is about the papers it names)
    named = _NAME.search(question)
    back = _BACK_AT_PASSAGE.search(question) or (_THEY.search(question) and not named)
    # ... and it stays where it is all that says which paper is meant: a question naming none of its own, not asking
    # for papers ('"Live Gaming Benchmark" -- how many scenarios does the benchmark have?': second review)
    if back or own < 2 or not (named or _ASKS_PAPERS.search(question)):
        return _joined(claim, question)
    return question


def _joined(claim: str, question: str) -> str:
    """What was heard or pasted, without its quotation marks, before the question on it."""
    return f"{_QUOTED.sub(lambda m: m.group('quote'), claim).strip()}: {question}"
