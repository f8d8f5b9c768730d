"""The values of an evidence sentence a written answer must keep: its figures and names.

A small model paraphrases: "the two mechanisms" for "Deep Sink and Participative Compression", "a large
speedup" for "5.1×". The answer then reads well and cites the right paper, but the asked value is gone.
rag/answer/complete.py quotes the sentences whose values a written answer left out.
"""

from __future__ import annotations

import re

from rag.answer.citations import strip_markers

__all__ = ["values", "fold"]

# a word with a digit ("5.1×", "8K", "3.8%"), a capital past its first letter ("CLAM", "VideoMME", "YouTube-SBS"),
# or a capitalised word that does not open its sentence ("Deep Sink")
_WORD = re.compile(r"[^\s,;:()\[\]\"“”'‘’]+")
_EDGES = "~≈.,;:!?*_"


def values(sentence: str, question: str) -> list[str]:
    """The figures and names of `sentence` that the question does not already give, in order, once each."""
    asked = {fold(w.strip(_EDGES)) for w in _WORD.findall(question)}
    found: list[str] = []
    for position, match in enumerate(_WORD.finditer(strip_markers(sentence))):
        word = match.group().strip(_EDGES)
        if not word or fold(word) in asked or fold(word) in map(fold, found):
            continue
        if any(c.isdigit() for c in word) or any(c.isupper() for c in word[1:]) \
                or (position > 0 and word[0].isupper()):
            found.append(word)
    return found


def fold(text: str) -> str:
    """Case and the ways of writing a times sign or a dash set aside: "5.1x" keeps "5.1×"."""
    return text.lower().replace("×", "x").replace("–", "-").replace("—", "-")
