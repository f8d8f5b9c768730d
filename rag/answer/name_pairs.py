"""The words that set two names opposite each other in a question ("veda vs isa", "compare frameoracle and spike",
"ogd+ and vista each …"), which lets a name typed in lower case count even where it is also an English word."""

from __future__ import annotations

import re

VERSUS = frozenset({"vs", "vs.", "versus", "v."})
OPPOSITE_JOINERS = VERSUS | {"and", "or", "&"}
# the words before a pair that is compared ("compare frameoracle and spike": second review, session 43)
PAIRED = frozenset("between both compare comparing contrast contrasting".split())
# ... and a comparison said in words, read as "vs" ("veda compared to isa", the same review)
_VERSUS_SAID = re.compile(r"(?i)(?<=\S) (?:compared (?:to|with)|relative to|against) (?=\S)")
_OPENS = frozenset("line compare comparing between versus vs both for of and or do does did".split())
_ASKS_NEXT = frozenset("what which how who where when why does do did is are was were each both".split())


def versus_said(tokens: list[str]) -> list[str]:
    """The tokens with a comparison said in words ("compared to") as "vs"."""
    return _VERSUS_SAID.sub(" vs ", " ".join(tokens)).split(" ")


def pair_alone(tokens: list[str], at: int) -> bool:
    """Do the two words around tokens[at] ("or", "and") stand alone: nothing of a phrase before the first (the start,
    or a word that opens a pair: "bottom line", "compare") and the question going on after the second?"""
    before = tokens[at - 2].lower() if at >= 2 else ""
    after = tokens[at + 2].lower() if at + 2 < len(tokens) else ""
    return (not before or before in _OPENS) and (not after or after in _ASKS_NEXT)
