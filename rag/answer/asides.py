"""An aside after the question that no abstract could answer, taken out: "ICLR papers on generating video? thinking about
cutscenes" (read set DP: "cutscenes", a word no abstract of the index uses, made the list abstain).

Only when none of its words is the index's: an aside in the abstracts' words often narrows what is asked ("Which papers
study continual learning? thinking of video specifically", "Which papers generate video? Thinking about surgical
training data": second review, session 39, where taking every such aside out lost nine answers).
"""

from __future__ import annotations

import bisect
import re

from rag.answer.wording import FUNCTION, GENERIC
from rag.corpus.terms import terms
from rag.index.keyword import KeywordIndex

# a fragment after the question on what the asker has in mind: "thinking about …", "mainly for …", "wondering if …"
_ASIDE = re.compile(r"(?<=\?)\s+(?P<aside>(?:(?:I['’]m|we['’]re|just|mostly|mainly)\s+)?(?:thinking|wondering|asking|curious|"
                    r"looking|planning|hoping)\b[^?]*)$", re.I)
# ... whose own opening words ask nothing of the papers
_OPENING = frozenset(terms("thinking think wondering wonder asking ask curious looking look planning plan hoping hope "
                           "about of if whether for into at mostly mainly just specifically particular"))


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
