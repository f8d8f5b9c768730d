"""A quiz item typed into the chat box, read as the question it tests.

A teaching assistant checks a paper with "True or false: …", "Multiple choice: …", "Fill in the blank: KERN uses ___
experts per layer." Read as typed, the label's words were the question's ("true", "false", "blank", "quiz") and a
blank asked for nothing, so a detail the abstract lacks was never said to be lacking (read set CN, session 33: 8 of its
quiz items abstained or quoted other sentences). Here the label goes, and a blank becomes what it asks: "___
experts" how many experts, any other blank "what".
"""

from __future__ import annotations

import re

_LABEL = re.compile(r"^\W*(?:true\s+or\s+false|t\s*/\s*f|multiple[- ]choice(?:\s+question)?|quiz(?:\s+(?:item|question))?|"
                    r"fill[- ]in(?:[- ]the[- ]blanks?)?(?:\s+for\s+(?:a|the|my)\s+quiz)?)\s*(?:[:.—–-]\s*|\?\s+)", re.I)
# (not markdown's bold: "What speedup does __Veda__ report?", second review)
_BLANK = re.compile(r"(?<!\w)_{2,}(?!\w)|\[\s*blank\s*\]|\(\s*blank\s*\)", re.I)
# a blank before a plural counts it ("___ experts per layer", "___ newly collected videos"), not before a verb ("___ while
# CG-CoE is …")
_NOT_COUNTED = r"(?:while|whereas|and|but|or|is|was|has|does|as|this|its|his|thus|plus|in|on|at|of|for|to|from|by|with)\b"
_COUNTED_BLANK = re.compile(rf"(?:(?<!\w)_{{2,}}(?!\w)|\[\s*blank\s*\])\s+(?=(?:(?!{_NOT_COUNTED})[a-z][\w-]*\s+)?"
                            rf"(?!{_NOT_COUNTED})[a-z][\w-]+s\b)", re.I)


def as_question(text: str) -> str:
    """The question a quiz item tests: without its label, each blank the question word it stands for."""
    labelled = _LABEL.match(text)
    if not labelled and not _BLANK.search(text):
        return text
    rest = text[labelled.end():] if labelled else text
    if not rest.strip():
        return text
    if _BLANK.search(rest):
        rest = _BLANK.sub("what", _COUNTED_BLANK.sub("how many ", rest))
        rest = rest.strip().rstrip(" .!?") + "?"
    return rest
