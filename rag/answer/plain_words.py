"""The field's term written after a plain description of it, so search and the calibrated score see both: "make LLMs
smaller" (model compression), "a small model learns from a big one" (knowledge distillation), "first-person video"
(egocentric). A newcomer or an outsider describes what the abstracts name (read sets BO, BQ, BR, BS, session 30: such
lists and described papers abstained). Written from the field's vocabulary, not fitted."""

from __future__ import annotations

import re

_PLAIN = [(re.compile(pattern, re.I), term) for pattern, term in [
    (r"\b(?:make|making|makes)\s+(?:the\s+)?(?:LLMs?|(?:(?:language|AI|neural|the)\s+)?models?|networks?)\s+(?:\w+\s+)?"
     r"(?:smaller|lighter|leaner)\b|\bshrink(?:s|ing)?\s+(?:the\s+)?(?:\w+\s+){0,2}?(?:models?|networks?|LLMs?)\b|"
     r"\bslim(?:s|ming)?\s+(?:\w+\s+)?models?\s+down\b", "model compression"),
    (r"\bsmall(?:er)?\s+(?:model|network|student)\s+(?:that\s+)?learn(?:s|ing)?\s+from\s+(?:a\s+)?(?:big(?:ger)?|large(?:r)?)\b|"
     r"\b(?:big|large)\s+model\s+into\s+a\s+small(?:er)?\b", "knowledge distillation"),
    (r"\bfirst[- ]person\b", "egocentric"),
    (r"\b(?:things|stuff|objects|details)\s+that\s+(?:aren['’]t|are\s+not|isn['’]t|is\s+not)\s+(?:really\s+|actually\s+)?"
     r"(?:there|in\s+the\s+(?:picture|image|video|photo|clip))\b", "hallucination"),
    (r"\bforget(?:s|ting)?\s+(?:the\s+)?(?:earlier|old|older|previous|past)\s+(?:tasks|ones|things)\b", "catastrophic forgetting"),
    (r"\blook(?:s|ing)?\s+at\s+(?:only\s+)?(?:some|a\s+few)\s+of\s+the\s+(?:video\s+)?frames\b|"
     r"\bskip(?:s|ping)?\s+(?:the\s+)?(?:boring|unimportant|redundant)\s+(?:parts|frames|bits)\b", "frame selection"),
    (r"\blonger\s+than\s+(?:what\s+)?(?:they|it)\s+(?:saw|(?:were|was)\s+trained\s+on)\b", "length extrapolation"),
    (r"\b(?:as\s+(?:it|the\s+video)\s+(?:streams|comes\s+in|plays)|(?:frames|video)\s+keeps?\s+(?:coming|arriving)|live\s+video)\b",
     "streaming"),
    (r"\b(?:fewer|less)\s+bits\b|\b(?:lower|reduced|low)\s+(?:numerical\s+)?precision\b", "quantization"),
    (r"\b(?:skip(?:s|ping)?|drop(?:s|ping)?|remov(?:e|es|ing)|cut(?:s|ting)?\s+out)\s+(?:whole\s+|entire\s+|some\s+)?layers\b",
     "layer pruning"),
    (r"\btokens?\s+that\s+(?:soak\s+up|absorb|hog|attract|collect)\s+(?:\w+\s+)?attention\b", "attention sink"),
]]


def with_field_terms(text: str) -> str:
    """`text` with the field's term in brackets after each plain description of it (once, and not when it is there)."""
    for pattern, term in _PLAIN:
        found = pattern.search(text)
        if found and term not in text.lower():
            text = f"{text[:found.end()]} ({term}){text[found.end():]}"
    return text
