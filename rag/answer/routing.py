"""The kind of answer a question wants: about the collection itself (a "count", its "venues", papers with
"code"), a topic "list" of the papers that match, or a "fact" from one paper.

Collection questions must be about the papers, not merely hold "how many" or "code" ("surface codes", "code
generation", "how many layers does X prune"). A list request comes in many shapes besides "Which papers …?":
"Could you point me to work on X?", "I need papers that do X", "Anything on X?", "What's been done on X?",
"Has anyone tried X?". A question about one paper ("Which paper introduces X?", "What work does Veda build on?")
stays a fact.
"""

from __future__ import annotations

import re

_PAPER_WORDS = r"(?:papers|works|methods|approaches|studies|articles|abstracts)"
_LIST = re.compile(
    rf"\b(which|what|any|list|find|show|name)\b[^?]*\b{_PAPER_WORDS}\b|\blist\b|\bhow many (?:[\w-]+ ){{0,3}}?{_PAPER_WORDS}\b"
    r"|\bpapers (?:on|about|that|which|studying|using|proposing)\b"
    # "Any work on X?", "What research is there on X?": a topic, asked of the whole collection
    r"|\b(?:any|what|which|is there(?: any)?|are there(?: any)?)\s+(?:(?:prior|previous|recent|other|existing)\s+)?"
    r"(?:work|research)\b(?!\s+(?:does|did|do|was)\b)"
    r"|^\s*anything\s+(?:on|about|regarding|concerning)\b"
    r"|\b(?:is|are|has|have)\s+(?:anyone|anybody|someone|people)\s+(?:been\s+)?(?:working|worked|looking|looked)\s+(?:on|at|into)\b",
    re.I)
# Questions about the collection itself: they must be about papers, not merely contain "how many" or "code".
# "How many papers are there / are indexed / per venue / from ICLR?" counts; "How many papers study X?" is a
# topic list that says how many match.
_COUNT = re.compile(
    rf"\bhow many (?:[\w-]+ ){{0,3}}?{_PAPER_WORDS}\b(?:\s+(?:are|were|do you have|does (?:it|the collection|the index) (?:have|hold)))?"
    r"\s*(?:there\b|indexed\b|included\b|listed\b|in (?:the |this |your )?(?:collection|index|corpus|database)\b|"
    r"(?:are )?(?:per|by|for each|from|at|in) (?:venue|conference|year|ICML|ICLR|NeurIPS|\w+ \d{4}|each)\b|"
    r"do you (?:have|know)\b|\?|$)"
    r"|\b(?:number|count) of (?:papers|abstracts)\b(?!\s+(?:that|which|on|about|studying|using))"
    r"|\bhow (?:big|large) is (?:the|this|your) (?:collection|index|corpus)\b", re.I)
_VENUES = re.compile(
    r"\b(?:which|what) (?:venues|conferences|years)\b(?! (?:of|papers|works)\b)"
    r"|\bwhat (?:venues|conferences) (?:are|does)\b", re.I)
# code availability, not code as a topic ("code generation", "surface codes", "code interpreters")
_CODE_THING = r"(?:code|github(?: links?| repos?)?|repositor(?:y|ies)|implementations?)"
_CODE_END = r"(?=\s*(?:$|[?.,;!)]|(?:available|links?|released|is|are|and|or|for|that|to|on|in|at)\b))"
_CODE = re.compile(
    rf"\b(?:link(?:s|ed)?|point(?:s)?) to (?:their |its |the |public |source )*{_CODE_THING}\b"
    r"|\b(?:with|have|has|having|release[sd]?|provide[sd]?|share[sd]?|publish(?:e[sd])?|include[sd]?|come with)"
    r" (?:their |its |the |public |publicly available |open[- ]source |source |released |an? |any )*"
    rf"{_CODE_THING}\b{_CODE_END}"
    r"|\b(?:code|github) (?:links?|repositor(?:y|ies)|is available|available|release)\b"
    r"|\bopen[- ]sourced? (?:their |its )?(?:code|implementation)", re.I)
_PAPERS = re.compile(r"\b(papers?|works?|abstracts?|ones)\b", re.I)


def route(text: str) -> str:
    """The kind of answer: about the collection ("count", "venues", "code"), a topic "list", or a "fact"."""
    if _COUNT.search(text):
        return "count"
    if _VENUES.search(text):
        return "venues"
    if _CODE.search(text) and _PAPERS.search(text) and re.search(r"\b(which|what|list|any|how many)\b", text, re.I):
        return "code"
    return "list" if _LIST.search(text) else "fact"
