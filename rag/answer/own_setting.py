"""The asker's own work, cases or setting, said in a sentence before what they ask, taken out of the question.

Left in, their words were read as the topic: "Our laparoscopic cases run for hours." made laparoscopy the domain asked
for, "I need to squeeze models onto players' GPUs. Which papers are about pruning or quantizing the network itself?"
abstained on "players" (read sets CC and DP).
"""

from __future__ import annotations

import re

from rag.answer.wording import FUNCTION, GENERIC
from rag.corpus.terms import terms

# the asker's own work, said before what they ask: "My goal is feeding motion-capture skeletons into an MLLM. Which
# papers extend MLLMs to new input types?" (read set BJ, a related-work writer: the papers never mention
# motion capture, which was read as the domain asked for); not when the question points back at it ("… for that?")
# ... or their own cases, data or role: "Our laparoscopic cases run for hours.", "As radiologists we know reading
# conditions change what you see.", "We also record the team talking during cases." (read set CC, a clinician's voice:
# "laparoscopic" and "radiologists" were read as the domain asked for, and the answer said the paper never mentions them)
_OWN_WORK = re.compile(r"^\W*(?:(?:my|our)\s+(?:\w+\s+){0,2}?(?:goal|project|work|paper|thesis|system|setting|aim|idea|"
                       r"approach|method|model|pipeline|product|team|lab|cases|patients|data|videos|footage|recordings|"
                       r"hospital|clinic|scans|cluster|servers|users|customers)\b|"
                       r"as\s+(?:an?\s+)?(?!far\b|long\b|much\b|soon\b|well\b)[\w-]+(?:\s+[\w-]+)?,?\s+(?:we|I)\b|"
                       r"(?:we|I)\s+(?:also\s+)?(?:record|run|treat|operate|collect|deploy|maintain|manage|serve|ship)\b)"
                       r"[^?]*[.!]\s+(?=\S)", re.I)
_POINTS_BACK = re.compile(r"\b(?:it|its|this|these|those|such|ours|mine|similar|also|too|same|us|we|our)\b|"
                          r"\b(?:for|with|on|about|like|to|of|in)\s+that\b", re.I)


OWN_CASES = re.compile(r"^\W*(?:our\s+(?:\w+\s+){0,2}?(?:cases|patients|recordings|scans|hospital|clinic|cluster|servers)\b|"
                        r"we\s+(?:also\s+)?(?:record|run|treat|operate|collect|deploy|maintain|manage|serve|ship)\b)"
                        r"[^?]*[.!]\s+(?=\S)", re.I)


def without_own_work(text: str, own: re.Pattern = _OWN_WORK) -> str:
    """The question without a first sentence on the asker's own work, unless what follows refers back to it."""
    match = own.match(text)
    rest = text[match.end():] if match else ""
    return rest if rest and "?" in rest and not _POINTS_BACK.search(rest) else text


# ... before a question for papers, any sentence of theirs in the first person: "Our films have soundtracks. Which
# papers use the sound together with the picture?", "I need to squeeze models onto players' GPUs. Which papers are
# about pruning or quantizing …?" (read sets DP, DQ: both abstained on the asker's words); the question must ask a
# topic of its own, and not point back at the sentence ("We work on drones. Which papers fit us?")
_FIRST_PERSON = re.compile(r"^\W*(?:I|we|my|our)\b(?!\s+(?:remember|recall|read|saw|heard|think|believe|thought|"
                           r"was\s+told)\b)[^?]*?[.!]\s+(?=\S)", re.I)
_ASKS_PAPERS = re.compile(r"^\W*(?:which|what|any|are\s+there)\s+(?:[\w-]+\s+){0,3}?(?:papers|ones|works|studies)\b", re.I)


# ... nor one saying what they are after, which holds the topic: "I'm interested in models that learn tasks one after
# another …", "we need a model that watches a live feed …", "I'm starting a project on streaming video …" (dev bo030,
# bd026, az026), nor a question pointing at it ("… tackle that setting?", "… handle that (…)?")
_INTEREST = re.compile(r"\b(?:interest\w*|looking\s+(?:for|at|into)|start\w*|working\s+on|work\s+on|stud\w+|research\w*|"
                       r"curious|want\w*|wish|hop(?:e|ing)|project|need\s+(?:a|an|some|one|something|to\s+(?:find|know|"
                       r"understand|learn))\b)", re.I)
_DEMONSTRATIVE = re.compile(r"\b(?:this|these|those|such)\b|\bthat\s*(?:[(?.,!;:]|$)|\bthat\s+(?:setting|kind|sort|type|"
                            r"problem|task|topic|area|scenario|case|idea|approach|question|thing|stuff|one|field|domain|"
                            r"space|direction|line)\b", re.I)
_EVERYDAY = re.compile(r"^\W*(?:I|GPUs?|CPUs?|TPUs?|AI|ML|PCs?|TVs?|VR|AR|UX|UI|API|APIs)\b\W*$")


def without_own_setting(text: str) -> str:
    """A question for papers without a first-person sentence before it, when it asks a topic of its own."""
    match = _FIRST_PERSON.match(text)
    rest = text[match.end():] if match else ""
    if not (rest and rest.count("?") == 1 and rest.rstrip().endswith("?") and _ASKS_PAPERS.match(rest)) or \
            _POINTS_BACK.search(rest) or _DEMONSTRATIVE.search(rest) or _INTEREST.search(text[:match.end()]):
        return text
    # (nor one naming something, which may be the paper asked about: "We run Veda on our H100 cluster."; hardware and
    # the field's everyday acronyms name nothing of the papers)
    named = [w for w in text[:match.end()].split()[1:] if re.search(r"[A-Z0-9]", w) and not _EVERYDAY.match(w)]
    if named:
        return text
    return rest if len(terms(rest) - GENERIC - FUNCTION) >= 2 else text
