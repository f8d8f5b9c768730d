"""The field's term written after a plain description of it, so search and the calibrated score see both: "make LLMs
smaller" (model compression), "a small model learns from a big one" (knowledge distillation), "first-person video"
(egocentric). A newcomer or an outsider describes what the abstracts name (read sets BO, BQ, BR, BS, session 30: such
lists and described papers abstained). Written from the field's vocabulary, not fitted."""

from __future__ import annotations

import re

from rag.answer.everyday_terms import EVERYDAY_TERMS
from rag.answer.plain_terms import PLAIN_TERMS as _FIELD_DESCRIPTIONS
from rag.corpus.terms import terms

PLAIN_TERMS = _FIELD_DESCRIPTIONS + EVERYDAY_TERMS



FIELD_TERMS = frozenset(term.lower() for _, term in PLAIN_TERMS)  # the terms written after their plain descriptions


def described_terms(text: str) -> frozenset[str]:
    """The content terms of `text`'s plain descriptions that a field term stands for ("huge outlier values" of
    "(massive activations)"): said in everyday words no abstract uses, they are no unknown topic of the question's
    (read set CA, ca015: "outlier" and "chatbot" counted as words no paper holds, and the paper abstained)."""
    return frozenset().union(*(terms(m.group(0)) for pattern, _ in PLAIN_TERMS for m in pattern.finditer(text)))


def with_field_terms(text: str) -> str:
    """`text` with the field's term in brackets after each plain description of it (once, and not when it is there)."""
    for pattern, term in PLAIN_TERMS:
        found = pattern.search(text)
        if found and term.lower() not in text.lower():
            text = f"{text[:found.end()]} ({term}){text[found.end():]}"
    return text


def without_field_terms(text: str) -> str:
    """`text` without the bracketed terms `with_field_terms` wrote: the model is asked the question in the asker's words
    (given "… into side-by-side 3D (stereo video) video", it wrote the bracket back into its answer: the LLM test run of
    session 39, t045)."""
    glosses = "|".join(re.escape(t) for t in sorted(FIELD_TERMS, key=len, reverse=True))
    return re.sub(rf" \((?i:{glosses})\)", "", text)

