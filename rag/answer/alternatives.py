"""Alternatives a question writes with a slash: "class imbalance / long-tail", "video generation/editing models".

A researcher types synonyms or near-synonyms side by side; a paper answers when it holds either. Scored as one
question, the word it does not write lowers its coverage features as if it were asked for too (fresh set R, r042:
"papers that fight class imbalance / long-tail by generating synthetic video for rare classes" put its gold paper at
0.29, below the threshold; without "/ long-tail" at 0.48). So each alternative is scored on its own as well, and a
paper keeps the best of its scores. Not tuned.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable

import numpy as np

# two words joined by a slash, not a path, a URL, a fraction, "and/or" or the shorthand "w/"
_SLASH = re.compile(r"(?<![\w:/.])([A-Za-z][\w-]*)\s*/\s*([A-Za-z][\w-]*)(?![\w/.]\w)")
_NOT_ALTERNATIVES = frozenset({"and", "or", "w", "vs"})


def slash_variants(text: str) -> list[str]:
    """The question with the first word of every slashed pair kept, then with the second: [] when it has none."""
    pairs = [m for m in _SLASH.finditer(text) if not {m.group(1).lower(), m.group(2).lower()} & _NOT_ALTERNATIVES]
    if not pairs:
        return []
    variants = []
    for side in (1, 2):
        out, last = [], 0
        for m in pairs:
            out += [text[last:m.start()], m.group(side)]
            last = m.end()
        variants.append("".join(out) + text[last:])
    return [v for v in dict.fromkeys(variants) if v != text]


def best_of_either(question, hits: list, p: np.ndarray, score: Callable[[object], dict[str, float]]) -> np.ndarray:
    """Each paper's best probability over the question and its slashed alternatives taken one at a time (`score`
    gives a question's probability per paper id); a follow-up whose retrieval text differs is left as it is."""
    if question.standalone != question.text:
        return p
    for text in slash_variants(question.text):
        scored = score(replace(question, text=text, standalone=text))
        p = np.maximum(p, [scored.get(h.paper.id, 0.0) for h in hits])
    return p
