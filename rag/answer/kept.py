"""Whether a written answer kept what its sources give: a citation, and the figures and names of the sentence
that answers best (the one the extractive answer opens with).

A small model paraphrases: "the two mechanisms" for "Deep Sink and Participative Compression", "a large
speedup" for "5.1×". The answer then reads well and cites the right paper, but the asked value is gone. These
pure checks say so, and the pipeline answers from the abstracts instead, with a notice.
"""

from __future__ import annotations

import re

from rag.answer.asks import asked_clauses, wanted_detail
from rag.answer.citations import strip_markers
from rag.corpus.text import split_sentences

__all__ = ["values", "dropped"]

# a word with a digit ("5.1×", "8K", "3.8%"), a capital past its first letter ("CLAM", "VideoMME", "YouTube-SBS"),
# or a capitalised word that does not open its sentence ("Deep Sink")
_WORD = re.compile(r"[^\s,;:()\[\]\"“”'‘’]+")
_EDGES = "~≈.,;:!?*_"


def values(sentence: str, question: str) -> list[str]:
    """The figures and names of `sentence` that the question does not already give, in order, once each."""
    asked = {_fold(w.strip(_EDGES)) for w in _WORD.findall(question)}
    found: list[str] = []
    for position, match in enumerate(_WORD.finditer(strip_markers(sentence))):
        word = match.group().strip(_EDGES)
        if not word or _fold(word) in asked or _fold(word) in map(_fold, found):
            continue
        if any(c.isdigit() for c in word) or any(c.isupper() for c in word[1:]) \
                or (position > 0 and word[0].isupper()):
            found.append(word)
    return found


def dropped(text: str, cited: bool, extractive: str, question: str) -> str:
    """Why the written answer `text` cannot stand, or "" when it can: it cites nothing, or it keeps none of the
    values of the extractive answer's first sentence (`extractive`).

    One is enough: a sentence carries setup figures besides the asked one ("720P 10-second videos on
    Waver-T2V-12B … 5.1× … 10.5× … 92% to 50%"), and an answer giving the asked one alone is a good answer."""
    if not cited:
        return "the written answer cited no source"
    lead = next(iter(split_sentences(strip_markers(extractive))), "")
    wanted = values(lead, question)
    if not wanted:
        return ""
    written = _fold(text)
    if not any(_fold(v) in written for v in wanted):
        return "the written answer left out the figures and names its source gives"
    figures = [v for v in wanted if v.lstrip("~≈<>")[:1].isdigit()]  # "5.1×", "~8K", not "Waver-T2V-12B"
    if figures and _asks_number(question) and not any(_fold(v) in written for v in figures):
        # "how many stereo videos?" answered with the dataset's name and another figure than the lead's:
        # the asked value is gone though a name survived
        return "the written answer left out the figures its source gives"
    return ""


def _asks_number(question: str) -> bool:
    return any(wanted_detail(clause) == "number" for clause in asked_clauses(question))


def _fold(text: str) -> str:
    """Case and the ways of writing a times sign or a dash set aside: "5.1x" keeps "5.1×"."""
    return text.lower().replace("×", "x").replace("–", "-").replace("—", "-")
