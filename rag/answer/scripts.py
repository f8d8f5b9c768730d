"""Which script a question is written in, and so which language: a question in another script than Latin is
searched in English (the LLM translates it) and answered in its own language."""

from __future__ import annotations

import unicodedata

__all__ = ["in_other_script", "language_of"]


def in_other_script(text: str) -> bool:
    """Mostly letters of another script than Latin (Chinese with a method name in it, too): searched in English."""
    letters = [c for c in text if c.isalpha()]
    return sum(c > "\u024f" for c in letters) > len(letters) / 2


# the first word of a letter's Unicode name → the language a question in that script is most likely in
_SCRIPTS = {"CJK": "Chinese", "HIRAGANA": "Japanese", "KATAKANA": "Japanese", "HANGUL": "Korean",
            "CYRILLIC": "Russian", "GREEK": "Greek", "ARABIC": "Arabic", "HEBREW": "Hebrew", "DEVANAGARI": "Hindi",
            "THAI": "Thai"}


def language_of(text: str) -> str:
    """The language of a question in another script, by its letters (kana make CJK text Japanese)."""
    found = [_SCRIPTS.get(unicodedata.name(c, " ").split()[0]) for c in text if c.isalpha() and c > "\u024f"]
    found = [f for f in found if f]
    if "Japanese" in found:
        return "Japanese"
    return max(set(found), key=found.count) if found else "the language of the question"
