"""British spellings read as the American ones the index and the word lists use ("summarises", "behaviour")."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rag.corpus.terms import stemmer

if TYPE_CHECKING:
    from rag.retrieval.spelling import Vocabulary


_BRITISH = re.compile(r"is(e|es|ed|ing|ation|ations|er|ers)$")
# other British spellings, taken only where the index writes the American one: "behaviour", "analysed",
# "modelling", "centre" (read set AX, ax030: "behaviour" counted as a word no abstract uses). "licence" is left as
# typed: a detail asked is echoed ("does not report its licence"), and no abstract's topic hangs on it
_BRITISH_ELSE = ((re.compile(r"(?<=\w\w\w)our(s|ed|ing|al|ally|ist|ists)?$"), r"or\1"),
                 (re.compile(r"ys(e|es|ed|ing|er|ers)$"), r"yz\1"),
                 (re.compile(r"(?<=[aeiou][^aeiou])ll(ed|ing|er|ers)$"), r"l\1"),
                 (re.compile(r"(?<=[^aeiou])tre(s|d)?$"), r"ter\1"))


def ize_spelling(typed: str) -> str | None:
    """ "summarises" → "summarizes", or None for a word without a British -ise ending."""
    spelled = _BRITISH.sub(r"iz\1", typed)
    return spelled if spelled != typed else None


def american_in_index(typed: str, vocab: "Vocabulary") -> str | None:
    """The American form of a British word ("behaviour" → "behavior") when the index has it and not the word."""
    for british, spelling in _BRITISH_ELSE:
        spelled = british.sub(spelling, typed)
        if spelled != typed and stemmer().stemWord(spelled) in vocab.tokens:
            return spelled
    return None
