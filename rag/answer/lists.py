"""Topic lists ("Which papers work on X?"): what to search for, how many papers to look at, which to keep.

A list keeps the papers whose calibrated score (rag/answer/abstain.py) clears the list's own cut, in
retrieval's order, so the list ranks as search ranks its topic. The question's frame ("Which papers
work on", "Any work on") is no part of the topic: searched for, "work" and "papers" pull in abstracts
that merely use those words ("this work", "streaming services").
"""

from __future__ import annotations

import re

import numpy as np

# papers looked at for a list: dev lists' gold papers rank within search's top 6 on the topic query, and a
# list's gold runs to 5 papers; 12 leaves room without feeding the cut many near-misses (dev lists)
POOL = 12
# A list keeps a paper whose probability of answering is at least KEEP x the model's threshold: a list's
# second and later papers score below a single answer's best (their fused score is relative to the first's),
# and the cut that maximises expected F1 on calibrated probabilities is below one half (about half the F1
# reached: Lipton et al. 2014). Chosen for list F1 on the 39 dev lists (dev.jsonl with w001-w106, `local`
# embedder, topic query, pool 12, a list answering only when its best paper clears the threshold): cuts
# 0.5 / 0.4 / 0.3 / 0.25 / 0.2 / 0.15 / 0.1 gave F1 0.716 / 0.719 / 0.742 / 0.722 / 0.729 / 0.719 / 0.702.
# Papers down to RELATED x the threshold are named apart, uncited, as loosely related (at most MAX_RELATED).
KEEP = 0.6
RELATED = 0.2
MAX_RELATED = 3

_VENUE_YEAR = r"(?:[A-Z][A-Za-z]*\s+)?(?:\d{4}\s+)?"
_LEAD = r"^\s*(?:(?:so|and|also|now|ok(?:ay)?|please),?\s+)?"
# "Anything on X?", "Is anyone working on X?"
_ASKED_AROUND = (r"(?:anything\s+(?:on|about|regarding|concerning)|(?:is|are|has|have)\s+(?:anyone|anybody|someone|"
                 r"people)\s+(?:been\s+)?(?:working|worked|looking|looked)\s+(?:on|at|into))\s+")
# "Which (ICLR 2026) papers (are there that) work on X?", "Any work on X?"
_WHICH_PAPERS = (
    r"(?:which|what|list|find|show|name|give me|are there|is there|do you have|any)\s+"
    r"(?:(?:the|all|other|some|any|of the)\s+)*" + _VENUE_YEAR +
    r"(?:papers?|works?|methods|approaches|studies|articles|abstracts|research|publications)\b\s*"
    r"(?:(?:is|are) there\s+|(?:do you have|exist|have been published)\s+)?(?:(?:that|which|who)\s+)?"
    r"(?:(?:work|works|focus|focuses|concentrate|touch|touches)\s+on|(?:deal|deals)\s+with|(?:look|looks)\s+at|"
    r"(?:are|is)\s+(?:about|on)|about|on|regarding|concerning|dealing with|study|studies|studying|address|"
    r"addresses|addressing|tackle|tackles|tackling|investigate|investigates|explore|explores|discuss|discusses"
    r"|cover|covers)?\b\s*")
_FRAME = re.compile(f"{_LEAD}(?:{_ASKED_AROUND}|{_WHICH_PAPERS})", re.I)


def topic(text: str, venue=None, year: int | None = None) -> str:
    """The topic a list question asks about: "Which ICLR 2026 papers work on streaming video?" → "streaming
    video". The venue and year are filters, not words to match; an unrecognised frame leaves the text whole."""
    rest = _FRAME.sub("", text, count=1)
    venues = [venue] if isinstance(venue, str) else list(venue or ())
    for name in [*venues, str(year) if year else ""]:
        if name:
            rest = re.sub(rf"(?i)(?<![\w-]){re.escape(name)}(?![\w-])", " ", rest)
    rest = " ".join(rest.split()).strip(" ?.!,;:")
    return rest if len(rest.split()) >= 1 and rest != text.strip(" ?.!") else text


def searched(question, k: int) -> tuple[str, int]:
    """What retrieval searches for to answer `question` (a `understand.Question`), and how many papers: a list
    searches its topic alone, over a pool big enough to hold every paper that matches. `make tune` fits the
    abstention model on the candidates this retrieves, so the model sees what the answerer sees."""
    if question.kind != "list":
        return question.standalone, k
    return topic(question.standalone, question.venue, question.year), max(k, POOL)


def kept(probabilities: np.ndarray, threshold: float) -> tuple[list[int], list[int]]:
    """Positions (0-based, retrieval's order) of the papers a list keeps, and of the loosely related ones
    shown apart. None unless the best paper answers at the model's own threshold (the same decision as
    abstaining)."""
    p = np.asarray(probabilities, dtype=float)
    if not len(p) or float(p.max()) < threshold:
        return [], []
    keep = [int(i) for i in np.flatnonzero(p >= KEEP * threshold)]
    loose = [int(i) for i in np.flatnonzero((p >= RELATED * threshold) & (p < KEEP * threshold))]
    return keep, loose[:MAX_RELATED]
