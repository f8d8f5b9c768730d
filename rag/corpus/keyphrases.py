"""A short key phrase for an abstract that names no method: candidate noun phrases, scored KeyBERT-style.

Candidates are runs of content words (at most one "of/for/in/on/with" inside), 2-6 words long. A cheap
statistical score (how often their words recur in the abstract, and how early they appear) keeps the
best few; a scorer, when one is given (the embedder's cosine between phrase and abstract, as KeyBERT
does), picks among those. Stages after this one pass the scorer in: corpus never imports the index.
"""

from __future__ import annotations

import contextvars
import re
from collections import Counter
from contextlib import contextmanager
from typing import Callable, Iterator, Sequence

from rag.corpus.text import split_sentences

__all__ = ["key_phrase", "candidates", "Scorer", "phrase_scorer", "using_scorer"]

# (abstract, phrases) -> one similarity per phrase
Scorer = Callable[[str, Sequence[str]], Sequence[float]]
phrase_scorer: contextvars.ContextVar[Scorer | None] = contextvars.ContextVar("phrase_scorer", default=None)
SHORTLIST = 12  # candidates the scorer sees: ~13 short embeddings a paper instead of ~60

_STOP = set("""
a an the and or but nor so yet of for in on with to from by at as into onto over under across between through
via per than then that which who whom whose where when while whether if because although though since unless
is are was were be been being am do does did done has have had having can could may might must shall should
will would it its it's this these those such their there they them we our us you your he she his her i my me
not no also both each either every all any some many much more most few less least other another same very
only just even still however thus hence therefore moreover furthermore further here how what why about above
below up down out off again once own too s t beyond against within without toward towards among along
around upon amid versus vs despite like unlike et al
""".split())
# verbs and fillers that make a phrase a statement rather than a name of a topic
_NOT_IN_TITLE = set("""
propose proposes proposed introduce introduces introduced present presents presented show shows shown showed
demonstrate demonstrates demonstrated achieve achieves achieved achieving use uses used using enable enables
enabled enabling remain remains remained lead leads led make makes made improve improves improved improving
outperform outperforms outperformed reduce reduces reduced reducing require requires required aim aims aimed
study studies studied investigate investigates investigated address addresses addressed provide provides
provided find finds found suffer suffers suffering emerge emerges emerged exhibit exhibits yield yields
offer offers develop develops developed design designs designed evaluate evaluates evaluated compare compares
conduct conducts conducted extensive experiments experiment results result paper work approach method methods
novel new existing recent recently prior previous previously key simple effective efficient various different
several significant significantly substantial substantially strong stronger state-of-the-art sota code
available publicly release released first second often well particularly specifically notably remarkable
capture captures predict predicts learn learns learned estimate estimates generate generates allow allows
perform performs performed rely relies struggle struggles fail fails depend depends consider considers
explore explores explored analyze analyzes analyse analyses examine examines focus focuses leverage leverages
apply applies applied obtain obtains observe observes reveal reveals remain suggest suggests support supports
called termed named dubbed known given compared consisting including include includes across toward plays
converge converges hold holds
""".split())
_CONNECTORS = {"of", "for", "in", "on", "with"}
_TOKEN = re.compile(r"[^\W\d_][\w'’²³⁺+.-]*[\w²³⁺+]|[^\W\d_]|\d[\w.-]*[A-Za-z][\w-]*")


def candidates(text: str) -> list[tuple[str, int]]:
    """Candidate phrases with the index of the sentence each first appears in."""
    found: dict[str, int] = {}
    for number, sentence in enumerate(split_sentences(text)):
        sentence = re.sub(r"\([^()]*\b(?:et al|19\d\d|20\d\d)[^()]*\)", " ", sentence)  # citations name others
        for chunk in re.split(r"[,;:()\[\]“”\"!?—–]|\s-\s|\.\s|\.$", sentence):
            for phrase in _phrases(_TOKEN.findall(chunk)):
                found.setdefault(phrase, number)
    return list(found.items())


def _phrases(words: list[str]) -> Iterator[str]:
    run: list[str] = []
    for word in [*words, "."]:
        lower = word.lower()
        content = lower not in _STOP and lower not in _NOT_IN_TITLE and not lower.endswith("ly") and word != "."
        if content or (lower in _CONNECTORS and run and run[-1].lower() not in _CONNECTORS
                       and sum(w.lower() in _CONNECTORS for w in run) == 0):
            run.append(word)
            continue
        yield from _windows(run)
        run = []


# a phrase ending in an adjective ("pretraining on spatiotemporal", "momentum-based") names nothing
_ADJECTIVE_END = re.compile(r"(?:-based|-aware|-free|-like|-driven|al|ive|ous|ible|able|ic)$", re.I)


def _windows(run: list[str]) -> Iterator[str]:
    while run and run[-1].lower() in _CONNECTORS:
        run = run[:-1]
    for size in range(min(len(run), 6), 1, -1):
        for start in range(0, len(run) - size + 1):
            window = run[start:start + size]
            if window[0].lower() in _CONNECTORS or window[-1].lower() in _CONNECTORS:
                continue
            if _ADJECTIVE_END.search(window[-1]) and not window[-1].isupper():
                continue
            lowered = [w.lower() for w in window]
            # "associated with …" is a participle, "teacher's" a possessive, "functions functions" a stutter
            if lowered[0].endswith("ed") or re.search(r"['’]s?$", lowered[-1]) or len(set(lowered)) < len(lowered):
                continue
            yield " ".join(window)


def _statistical(text: str, found: list[tuple[str, int]]) -> list[float]:
    counts = Counter(w.lower() for w in _TOKEN.findall(text) if w.lower() not in _STOP)
    scores = []
    for phrase, sentence in found:
        words = [w.lower() for w in phrase.split() if w.lower() not in _CONNECTORS]
        recurrence = sum(min(counts[w], 4) for w in words) / len(words)
        # a title-sized phrase (3-4 words) from the opening sentences names the topic best
        size = {2: 0.8, 3: 1.0, 4: 1.0, 5: 0.9, 6: 0.8}[min(len(phrase.split()), 6)]
        scores.append(recurrence * size / (1 + 0.25 * sentence))
    return scores


def key_phrase(text: str, scorer: Scorer | None = None) -> str:
    """The best candidate phrase, its first letter capitalised; '' when the text has none."""
    found = candidates(text)
    if not found:
        return ""
    rough = _statistical(text, found)
    shortlist = [found[i] for i in sorted(range(len(found)), key=lambda i: -rough[i])[:SHORTLIST]]
    scorer = scorer or phrase_scorer.get()
    if scorer is not None:
        fine = list(scorer(text, [p for p, _ in shortlist]))
        best = shortlist[max(range(len(shortlist)), key=lambda i: fine[i])][0]
    else:
        best = shortlist[0][0]
    return best[:1].upper() + best[1:]


@contextmanager
def using_scorer(scorer: Scorer | None) -> Iterator[None]:
    """Titles derived inside this block use `scorer` (the caller's embedder) to choose key phrases."""
    token = phrase_scorer.set(scorer)
    try:
        yield
    finally:
        phrase_scorer.reset(token)
