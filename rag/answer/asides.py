"""An aside after the question that no abstract could answer, taken out: "ICLR papers on generating video? thinking about
cutscenes" (read set DP: "cutscenes", a word no abstract of the index uses, made the list abstain).

Only when none of its words is the index's: an aside in the abstracts' words often narrows what is asked ("Which papers
study continual learning? thinking of video specifically", "Which papers generate video? Thinking about surgical
training data": second review, session 39, where taking every such aside out lost nine answers).
"""

from __future__ import annotations

import bisect
import re

from rag.answer.framing import without_framing
from rag.answer.wording import FUNCTION, GENERIC
from rag.corpus.terms import terms
from rag.index.keyword import KeywordIndex

# a fragment after the question on what the asker has in mind: "thinking about …", "mainly for …", "wondering if …"
_ASIDE = re.compile(r"(?<=\?)\s+(?P<aside>(?:(?:I['’]m|we['’]re|just|mostly|mainly)\s+)?(?:thinking|wondering|asking|curious|"
                    r"looking|planning|hoping)\b[^?]*)$", re.I)
# ... whose own opening words ask nothing of the papers
_OPENING = frozenset(terms("thinking think wondering wonder asking ask curious looking look planning plan hoping hope "
                           "about of if whether for into at mostly mainly just specifically particular"))


# what the asker would use it for, or what is at stake, said beside the question: ", which could be handy for stereo
# laparoscopy", ", the way we'd want for patient monitoring", "? Made-up findings would be dangerous in a clinical
# report." (a second review of session 43: the use's field was read as the domain asked, and six answers abstained)
_USE = re.compile(r",\s*(?:which|that)\s+(?:could|might|may|would|should)\s+(?:be\s+(?:\w+\s+)?(?:handy|useful|helpful|"
                  r"relevant|valuable|good|nice)|suit|help|work|matter|apply)\b[^.?!]*|,\s*(?:the\s+way|like|as)\s+"
                  r"(?:we|I|you)(?:['’]d|\s+would|\s+might)?\s+(?:want|need|use|like)\b[^.?!]*", re.I)
_STAKES = re.compile(r"(?<=\?)\s+[^?]*\b(?:(?:would|could|might|can|may)\s+be\s+(?:\w+\s+)?(?:dangerous|risky|harmful|costly|"
                     r"critical|useful|valuable|handy|important)|(?:is|are)\s+(?:often|usually|typically|frequently|"
                     r"sometimes|notoriously))\b[^?]*$", re.I)


def as_asked(text: str) -> str:
    """The question as typed, without the asker's framing and what they would use it for."""
    return without_use(without_framing(text))


# ... or after the question, the asker's own use of the paper: "? thinking of using it on my robot's camera video", "? want
# to train my lidar bot" (a second review of session 45, qi002, qi018: "does not report anything on robots / lidar")
_OWN_USE = re.compile(r"(?<=\?)\s+(?:(?:I['’]m|I\s+am|we['’]re|we\s+are|just|I|we)\s+)?(?:thinking\s+(?:of|about)|planning\s+(?:on|to)|"
                      r"hoping\s+to|want(?:ing)?\s+to|going\s+to|gonna|(?:I['’]d|I\s+would|we['’]d)\s+like\s+to)\s+(?:use|using|try|"
                      r"trying|train|training|run|running|apply|applying|deploy|deploying|put|putting)\b[^?]*\b(?:my|our)\b[^?]*$",
                      re.I)


# ... or their guess at the answer after the question: "which GAN did they bolt their module onto? stylegan or something
# else?" (fresh set EG, read in session 46: the guess was read as the question, and the abstract's "plug-in for GANs"
# quoted as its answer)
# ... or when they would use it: "? I need to know before using it for a clinical project." (a second review of session 46,
# qn071: "does not report anything on clinical")
_BEFORE_USE = re.compile(r"(?<=\?)\s+[^?]*\b(?:before|for|when|if)\s+(?:using|(?:I|we)\s+use|(?:I|we)\s+(?:can|could)\s+use)\s+"
                         r"(?:it|them|this|that|these|those)\b[^?]*$", re.I)
# ... or why the answer matters to them: "? Without the apparatus specified, a timing figure is hard for me to interpret." (a
# second review of session 46, qo069 never checked the hardware)
_HARD_FOR_ME = re.compile(r"(?<=\?)\s+[^?]*\b(?:is|are|would\s+be|remains?)\s+(?:hard|difficult|impossible|tricky|meaningless)\s+"
                          r"(?:for\s+(?:me|us)\s+)?to\s+(?:interpret|judge|compare|assess|read|use|trust|evaluate|reproduce)\b[^?]*$",
                          re.I)
_GUESS = re.compile(r"(?<=\?)\s+[^?.!]{1,60}?\s+or\s+(?:something|anything|someone)(?:\s+else)?\s*\?*\s*$", re.I)


def without_use(text: str) -> str:
    """The question without what the asker would use its answer for, what is at stake for them, or their guess."""
    text = _BEFORE_USE.sub("", _OWN_USE.sub("", _STAKES.sub("", _USE.sub("", text))))
    return _GUESS.sub("", _HARD_FOR_ME.sub("", text)).strip() or text


def without_unknown_aside(text: str, keyword: KeywordIndex | None) -> str:
    """The question without an aside after it whose every content word no abstract of the index uses."""
    match = _ASIDE.search(text)
    if not match or keyword is None:
        return text
    words = terms(match.group("aside")) - FUNCTION - GENERIC - _OPENING
    if not words or any(_known(w, keyword) for w in words):
        return text
    return text[:match.start()].rstrip()


def _known(term: str, keyword: KeywordIndex) -> bool:
    """Does an abstract use the term, or a word it begins (another inflection: "cutscen" / "cutscenes")?"""
    if term in keyword.vocabulary:
        return True
    stem = term[:max(4, len(term) - 2)]
    vocabulary = keyword.sorted_vocabulary
    at = bisect.bisect_left(vocabulary, stem)
    return at < len(vocabulary) and vocabulary[at].startswith(stem)
