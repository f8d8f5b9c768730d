"""A question that offers its own candidate for the answer ("Is it GPT-4o that comes out on top?") or likens the paper
to a method it names ("upi sounds like YaRN …"): what the abstract gives corrects or sets beside what it offers (split
from framing.py, which takes out what askers say of their own reading)."""

from __future__ import annotations

import re

# a question offering its candidate for the answer: "Is it GPT-4o that comes out on top in UrbanFeel?" (not "Is it
# true that …", nor "… is correct?": second review); the abstract's own value corrects the name it offers
_CHECKS_CLAIM = re.compile(r"^\W*(?:is|was)\s+it\s+(?!true\b|correct\b|right\b|possible\b|known\b)[^?]{1,60}?\s+"
                           r"(?:that|who|which)\b", re.I)


# ... or one likening the paper to a method it names: "upi sounds like YaRN / position interpolation but for hybrid
# mamba models - what context lengths does it reach?", "is this basically FlashAttention for video?" (read set CQ,
# session 33: an engineer relating papers to well-known methods was told the abstract "does not report anything about
# YaRN", abstained, though it gives the lengths asked); the abstract's silence on the method is said before what it gives
_LIKENS = re.compile(r"\b(?:sounds?\s+like|looks?\s+like|(?:is|are)\s+(?:it|this|that|they)\s+(?:basically|just|essentially|"
                     r"simply|really)|basically|essentially|akin\s+to|similar\s+to|[àa]\s+la|(?:different|differs?)\s+from|"
                     r"(?:instead|in\s+place)\s+of|rather\s+than|(?:replace|replaces|replacing|swap(?:s|ping)?\s+out)|"
                     r"(?:a|an|the)\s+(?:[\w-]+\s+)?(?:version|variant|flavou?r|take)\s+of)\s+(?:(?:the|a|an|plain|vanilla|"
                     r"standard|classic)\s+)?(?-i:(?=[\w-]*[A-Z][\w-]*[A-Z0-9]))", re.I)


def checks_claim(question: str) -> bool:
    """Does the question offer a candidate answer to check ("Is it X that …?"), or liken the paper to a method it
    names ("… sounds like YaRN …"), rather than ask what the paper says?"""
    return bool(_CHECKS_CLAIM.search(question.strip()) or _LIKENS.search(question))
