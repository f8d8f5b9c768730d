"""Numbers in sentences: a reported quantity ("5.1×", "60%"), a count ("three surgical datasets") and whether it stands
by the counted noun, the unit a question wants its answer in ("… latency in milliseconds?") and whether a sentence
writes a quantity of that dimension ("170+ hours of egocentric observations", "under 2 GB").

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


# a reported quantity ("5.1×", "60%", "12.5 points", "8K samples"), not a digit inside a name ("0-th", "T2V")
NUMBER = re.compile(r"(?<![\w-])~?\d[\d,]*(?:\.\d+)?\s*(?:%|×|x\b|times\b|fold\b|points?\b|pp\b|[KMB]\b|hours?\b|"
                    r"frames?\b|fps\b|dB\b)|(?<![\w.-])\d+\.\d+(?![\w-])|(?<![\w.-])\d{2,}(?![\w.-])"
                     # a large count in words: "over one million compressed images" (fresh follow-up v507)
                    r"|\b(?:hundreds?|thousands?|millions?|billions?)\b"
                     # a share or a rate in words: "approximately half of the window", "twice as fast", "error O(1/n)"
                     # (fresh set X, x6010 and x6018: "how much of the window" quoted the 12× sentence instead)
                    r"|\b(?:half|a third|two thirds|a quarter|twice|double|triple|two-?fold|three-?fold|an order of magnitude)\b"
                    r"|(?<![\w])[OΘΩ]\([^)]{1,30}\)")
# a count as an abstract writes one: "3 LLMs", "7 million stereo pairs", "three surgical datasets" (the ranker's
# NUMBER wants a reported quantity, "5.1×", "60%"; an answer to "how many" may be a bare count)
COUNT = re.compile(r"(?<![\w.-])\d+(?:[.,]\d+)?(?![\w-])|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|"
                   r"eleven|twelve|dozens?|hundreds?|thousands?|millions?|billions?)\b"
                   # a bit width: "4-bit", "W4A8", "INT8" (fresh set X, x6030: "low-bit" gives none)
                   r"|\b\d+-?bits?\b|\bW\d+A\d+\b|\b(?:INT|FP)\d+\b", re.I)
# a list's enumerator is no count: "(1)", "(ii)", "(a)"
ENUMERATOR = re.compile(r"\((?:\d|[ivx]{1,4}|[a-h])\)")
_WORD = re.compile(r"[\w.,+~-]+")
# a count, up to two describing words, then the noun: "six mainstream benchmarks", "over 7 million stereo pairs"
# (not "the MMVU benchmark by 3.8%": a number after the noun is its result, read set BL, bl011)
_BETWEEN = 3  # not tuned: the counted noun is at most the third word after the count
_NOT_DESCRIBING = frozenset("of on in by at for to from with and or the a an than".split())


def _words(sentence: str) -> list[str]:
    """The sentence's words, a count split from what it counts ("4-step" → "4 step"), enumerators left out."""
    return _WORD.findall(re.sub(r"(?<=\d)-|(?<=\d[KMB])-", " ", ENUMERATOR.sub(" ", sentence)))


def _is_count(word: str) -> bool:
    word = word.strip(",.+~")
    return bool(COUNT.fullmatch(word) or NUMBER.fullmatch(word))


def counts(sentence: str, nouns: frozenset[str]) -> bool:
    """Does a count stand right before one of `nouns` (stems), with at most two describing words between?"""
    words = _words(sentence)
    for i, word in enumerate(words):
        if not _is_count(word):
            continue
        for after in words[i + 1:i + 1 + _BETWEEN]:
            if terms(after) & nouns:
                return True
            if after.lower() in _NOT_DESCRIBING or after[-1] in ",.":
                break
    return False


def count_near(sentence: str, nouns: frozenset[str]) -> bool:
    """Does a count stand near one of `nouns` ("over 7 million stereo pairs", "423 stereo videos", "three surgical
    datasets"), not elsewhere in the sentence ("11 cities … and manual annotation")? Not tuned: a noun's count comes
    within three words of it ("38K video scenes", "4-step", "attention edges, e.g., 58%")."""
    words = _words(sentence)
    return any(terms(w) & nouns and any(_is_count(v) for v in words[max(0, i - 4):i + 4])  # or just after: "edges, 58%"
               for i, w in enumerate(words))
