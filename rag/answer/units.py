"""Quantities with a dimension: the unit a question wants its answer in ("… latency in milliseconds?") and whether a
sentence writes a quantity of that dimension ("170+ hours of egocentric observations", "under 2 GB").

A value asked in a unit is reported only by a quantity in a unit of its dimension: "superior response latency"
and "(1) achieving low-latency inference" report no latency in milliseconds. A duration or a memory asked for by
its noun ("the total duration of footage") is stated by such a quantity, whatever noun the abstract uses.
"""

from __future__ import annotations

import re

from rag.corpus.terms import terms

# the units an abstract writes each dimension in; "5s-trained" is no quantity, "60s+" is
_UNITS = {
    "time": r"ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?",
    "memory": r"[KMGT]i?B|(?:kilo|mega|giga|tera)bytes?",
}
_QUANTITY = {dimension: re.compile(rf"(?<![\w.])\d[\d,]*(?:\.\d+)?\+?\s?(?:{units})(?![\w-])")
             for dimension, units in _UNITS.items()}
# nouns whose value is a quantity of one dimension (a "time" may be a count of steps, so not "time" alone)
NOUNS = {"time": frozenset(terms("duration durations latency latencies runtime runtimes wall-clock")),
         "memory": frozenset(terms("memory footprint"))}
# a unit a question asks its answer in: "in milliseconds", "in GB", "how many gigabytes", "how many GPU hours"
_ASKED_UNIT = re.compile(r"\b(?:in|how many|what number of)\s+(?:GPU\s+|CPU\s+)?(?:(?P<time>milliseconds?|ms|seconds?|minutes?|hours?|"
                         r"days?)|(?P<memory>gigabytes?|megabytes?|terabytes?|[GMT]i?B))\b", re.I)


def asked_dimension(question: str) -> str:
    """"time" for "… latency in milliseconds?", "memory" for "How many gigabytes …", else ""."""
    match = _ASKED_UNIT.search(question)
    return next((d for d in _UNITS if match and match.group(d)), "")


def noun_dimension(head: frozenset[str]) -> str:
    """The dimension of a detail's head noun ("duration" → "time"), else ""."""
    return next((d for d, nouns in NOUNS.items() if head and head <= nouns), "")


def has_quantity(sentence: str, dimension: str) -> bool:
    """Does the sentence write a quantity of `dimension` ("170+ hours", "12 GB")?"""
    return bool(_QUANTITY[dimension].search(sentence))
