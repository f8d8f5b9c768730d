"""Questions about the collection itself rather than a topic: how many papers it holds, its venues, the papers that
link code. They must be about the papers, not merely hold "how many" or "code" ("surface codes", "code generation",
"how many layers does X prune"). Split from routing.py, which routes every question."""

from __future__ import annotations

import re

# the words for papers a question asks for
# ("case studies" are a paper's experiments: "what synthetic tasks did they use for the case studies?", read set BF)
# ... and a conference's own posters: "any posters on …?" (read set BO, session 30: an attendee's phone typing)
PAPER_WORDS = (r"(?:papers|works|methods|approaches|(?<!case )studies|articles|abstracts|publications|submissions|entries|"
                r"literature|posters|projects)")  # ... a journalist's "which projects" (read set CA)

# Questions about the collection itself: they must be about papers, not merely contain "how many" or "code".
# "How many papers are there / are indexed / per venue / from ICLR?" counts; "How many papers study X?" is a
# topic list that says how many match.
COUNT = re.compile(
    rf"\bhow many (?:[\w-]+ ){{0,3}}?{PAPER_WORDS}\b(?:\s+(?:are|were|do you have|does (?:it|the collection|the index) (?:have|hold)))?"
    r"\s*(?:there\b|indexed\b|included\b|listed\b|in (?:the |this |your )?(?:collection|index|corpus|database)\b|"
    r"(?:are )?(?:per|by|for each|from|at|in) (?:venue|conference|year|ICML|ICLR|NeurIPS|\w+ \d{4}|each)\b|"
    r"do you (?:have|know)\b|\?|$)"
    r"|\b(?:number|count) of (?:papers|abstracts)\b(?!\s+(?:that|which|on|about|studying|using))"
    # ... but "the collection of 3D videos the ImmersePro authors pulled together" is a paper's dataset (fresh set EC)
    r"|\bhow (?:big|large) is (?:the|this|your) (?:collection|index|corpus)\b(?!\s+of\b)", re.I)
VENUES = re.compile(
    r"\b(?:which|what) (?:venues|conferences|years)\b(?! (?:of|papers|works)\b)"
    r"|\bwhat (?:venues|conferences) (?:are|does)\b", re.I)
# code availability, not code as a topic ("code generation", "surface codes", "code interpreters")
_CODE_THING = r"(?:code|github(?: links?| repos?)?|repositor(?:y|ies)|implementations?)"
_CODE_END = r"(?=\s*(?:$|[?.,;!)]|(?:available|links?|released|is|are|and|or|for|that|to|on|in|at)\b))"
CODE = re.compile(
    rf"\b(?:link(?:s|ed)?|point(?:s)?) to (?:their |its |the |public |source )*{_CODE_THING}\b"
    r"|\b(?:with|have|has|having|release[sd]?|provide[sd]?|share[sd]?|publish(?:e[sd])?|include[sd]?|come with)"
    r" (?:their |its |the |public |publicly available |open[- ]source |source |released |an? |any )*"
    rf"{_CODE_THING}\b{_CODE_END}"
    r"|\b(?:code|github) (?:links?|repositor(?:y|ies)|is available|available|release)\b"
    r"|\bopen[- ]sourced? (?:their |its )?(?:code|implementation)", re.I)
PAPERS = re.compile(r"\b(papers?|works?|abstracts?|ones)\b", re.I)
# the words of asking for the collection's papers as such, with no topic: "Which (of the) ICLR papers are indexed?",
# "How many papers do you have on GitHub?"; any other word is a topic ("Which papers are there on video?")
FRAME_WORDS = frozenset("""which what list show give me all every each the papers paper works work titles are is
were was there from at in of published accepted appeared appear indexed here collection any do you have a an
please can could tell entire whole and or""".split())
# ... and of asking which papers link code: "How many papers does the collection have with code on GitHub?"
_CODE_FRAME_WORDS = frozenset("how many does has on github".split())


def without_code(text: str) -> str:
    """The question without its asking for code: "which streaming video papers release code?" → "which
    streaming video papers ?"."""
    return " ".join(CODE.sub(" ", re.sub(r"(?<![\w/])w/(?=\s)", "with", text)).split())


def only_frame(text: str, filters: set[str] | frozenset[str]) -> bool:
    """Are the question's words all FRAME_WORDS or `filters` (the collection's venues and years, lower case)?"""
    words = re.findall(r"[a-z0-9]+", text.lower())
    return all(w in FRAME_WORDS or w in filters for w in words)


def code_of_topic(text: str, filters: set[str]) -> bool:
    """Does a question asking which papers link code name a topic too ("which streaming video papers release
    code?"), not only the collection, its venues and years ("How many ICLR papers have code?")?"""
    return not only_frame(without_code(text), filters | _CODE_FRAME_WORDS)
