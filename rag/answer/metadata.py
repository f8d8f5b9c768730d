"""A named paper's listed details, its authors and its code, answered from its record rather than its abstract.

"Who wrote ProtoKV?" and "Where is the code for ProtoKV?" were answered with the abstract's sentences on accuracy and
attention: an abstract seldom names its authors, and a list's record (BibTeX, OpenReview, the abstract's own link)
holds them exactly. When the record lacks the detail, the answer says so, as for any detail an abstract lacks.
"""

from __future__ import annotations

import re

from rag.answer.names import english_words, short_name
from rag.answer.understand import Question
from rag.index.store import Snapshot
from rag.types import Answer, Citation, Hit, Paper

# "Who wrote X?", "Who proposed X?", "Who is the first author of X?", "Which lab is behind X?", "List the authors
# of X": not "Which activation do the authors recommend?" (the paper's content). Checked on dev, test and probe set
# M (30 questions on authors and code, and 10 mentioning them for something else, written by a helper that never
# saw these rules): 11 → 20 of 20 asking, 10 of 10 not, after the forms it showed were added; dev and test: only
# the two follow-ups that ask ("Is the code out?", "Who are the authors?") match
# a terse query of a name and the record's detail alone: "veda code?", "protokv code release", "SGMD authors" (a
# probe of session 26: "veda code?" quoted the speedup sentences); with no paper named, no record answers it
_TERSE = r"^\W*(?P<name>[\w.+²-]+)(?:['’]s)?\s+(?:{what})\W*$"
_AUTHORS = re.compile(
    r"^\W*(?:(?:and|so)\s+)?(?:who\b(?:\s+[\w-]+){0,2}?\s+(?:wrote|writes?|authored|proposed|proposes?|developed|"
    r"are\s+(?:the\s+)?authors|is\s+the\s+(?:first\s+|last\s+|lead\s+|corresponding\s+)?author|were\s+the\s+authors)\b|"
    r"which\s+(?:lab|group|team|institution|university|company|organi[sz]ation)s?\s+(?:is\s+|are\s+|was\s+|were\s+)?"
    r"(?:behind|wrote|developed|proposed|authored|made|built)\b|"
    r"(?:list|name|give|show)(?:\s+me)?\s+the\s+authors\b|what\s+are\s+the\s+(?:authors|names\s+of\s+the\s+authors)\b)|"
    r"\b(?:first|last|lead|corresponding)\s+author\s+of\b", re.I)
# "Is there code for X?", "Where is X's code?", "Does X release its code?", "Is X open source?", "Is the code out?",
# "Is there a public repo for X?", "Has the code for X been released?": the code as a thing to get, not "the
# released code's framework" nor "code generation"
_CODE = re.compile(
    r"^\W*(?:(?:and|so)\s+)?(?:is|are)\s+(?:there\s+)?(?:the\s+|any\s+|its\s+|their\s+)?(?:source\s+)?"
    r"(?:code|implementation)\b(?!\s+generation)|\bwhere\b[^?]*\b(?:code|repo|repository|github)\b|"
    r"^\W*(?:does|did|has|have|will)\b[^?]*\b(?:release[sd]?|publish(?:es|ed)?|share[sd]?|provide[sd]?)\s+"
    r"(?:its\s+|their\s+|the\s+|any\s+)?code\b|\bopen[- ]sourced?\b|\bgithub\b|"
    r"\b(?:code|repo|repository)\s+(?:link|url|available|released|public|out)\b|\blink\s+to\s+(?:the\s+|its\s+)?code\b|"
    r"^\W*(?:is\s+there\s+)?(?:the\s+)?code\s+(?:for|of)\b|"
    r"\b(?:public|official|open)\s+(?:repo|repository|implementation|code(?:base)?)\b|"
    r"^\W*(?:[\w.+²-]+\s*(?:[-—–:]|--)\s+)?(?:is|are|has|have|was|were|will|can)\b[^?]*\b(?:code(?:base)?|implementation|repo|repository)\b[^?]*\b"
    r"(?:available|released|public|out|online|downloadable)\b|\bdownload\b[^?]*\bcode\b", re.I)  # (qg009: "downloadable")
_TERSE_AUTHORS = re.compile(_TERSE.format(what=r"authors?"), re.I)
_TERSE_CODE = re.compile(_TERSE.format(what=r"(?:source\s+)?code(?:\s+(?:release|link|url|availability))?|repo|repository"),
                         re.I)


def asked_details(text: str) -> tuple[str, ...]:
    """What the question asks of its paper's record, in this order: ("authors",), ("code",), both, or ()."""
    return tuple(detail for detail, pattern, terse in (("authors", _AUTHORS, _TERSE_AUTHORS), ("code", _CODE, _TERSE_CODE))
                 if (pattern.search(text) or _names_a_paper(terse.match(text)))
                 and not (detail == "code" and _OF_THE_CODE.search(text)))


# something asked of the code, not the code itself: "what licence is the segpvsg code released under?" (a third review of
# session 44 was given the link as if it answered; the abstract's silence on a licence is the answer)
_OF_THE_CODE = re.compile(r"\b(?:what|which)\s+(?:kind\s+of\s+|open[- ]source\s+)?(?:licen[cs]es?|(?:programming\s+)?languages?|"
                          r"frameworks?|librar(?:y|ies)|versions?)\b", re.I)


def _names_a_paper(terse: re.Match | None) -> bool:
    """Is the word before a terse "code?" or "authors" a name, not an English word ("surface code?", "Python code?",
    "many authors"); an acronym written in capitals ("ISA code?") is one."""
    word = terse.group("name") if terse else ""
    return bool(word) and (word.isupper() or word.lower() not in english_words())


def from_record(question: Question, snapshot: Snapshot, outside: list[Paper]) -> Answer | None:
    """The authors or code of the one paper the question names (or follows up), from its record; None when it asks
    something else, or of no single paper the filters keep (`outside`: those they leave out)."""
    details = asked_details(question.text) if question.kind == "fact" else ()
    excluded = {p.id for p in outside}
    papers = [i for i in (question.named or question.subject) if i not in excluded and i in snapshot.by_id]
    if not details or len(papers) != 1:
        return None
    return record_answer(details, snapshot.papers[snapshot.by_id[papers[0]]])


def record_answer(details: tuple[str, ...], paper: Paper) -> Answer:
    """The paper's authors and/or code links from its record, cited; what the record lacks is said to be missing.
    Abstained (the paper in `sources`, as for a detail its abstract does not report) when it has none of them."""
    name = short_name(paper)
    said, found = [], False
    for detail in details:
        subject = "It" if found else f"{name} ({paper.venue_year})"
        if detail == "authors" and paper.authors:
            said.append(f"{subject} is by {_joined(paper.authors)}. [1]")
        elif detail == "code" and paper.code_links:
            said.append(f"{subject} links its code: {_joined([link.url for link in paper.code_links])}. [1]")
        else:
            lacking = ("lists no authors, and its abstract does not name them" if detail == "authors"
                       else "links no code, and its abstract does not give a link to it")
            said.append(f"{'Its' if said else f'The {name}'} record {lacking}.")
            continue
        found = True
    return Answer(text=" ".join(said), citations=(Citation(n=1, paper=paper),) if found else (), abstained=not found,
                  mode="extractive", sources=(Hit(paper=paper, score=1.0),))


def _joined(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"
