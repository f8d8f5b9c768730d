"""Example questions for the chat page, drawn from the indexed papers themselves.

Fixed strings would ask about papers a user's own paper list does not have; these are built from what the
index holds, so every example is answerable (tests/test_examples.py asks each one)."""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path

from rag import api
from rag.index.store import Snapshot
from rag.corpus.terms import STOP_WORDS
from rag.corpus.text import split_sentences
from rag.settings import Settings
from rag.types import Paper

CACHE_NAME = "examples.json"  # in the index folder: the examples of its current snapshot
COUNT_QUESTION = "How many papers are there per venue?"  # answered from the index itself, whatever it holds
SAMPLE = 3000  # papers read for topics: enough for the common themes, cheap at 100k papers
_URL = re.compile(r"\S+://\S+|www\.\S+")
_WORD = re.compile(r"[A-Za-z][A-Za-z-]{2,}")
_RESULT = re.compile(r"\d+(?:\.\d+)?\s*(?:×|x\b|%|points)", re.I)  # "5.1×", "12.5 points", "92%"
_METHOD = re.compile(r"^[A-Z][A-Za-z0-9+-]{2,20}$")  # "Veda", "ProtoKV", "Video-MTR": a name, not a phrase
# words that make a poor topic on their own ("existing methods", "extensive experiments", …)
_BLAND = STOP_WORDS | set(
    "existing recent results experiments extensive experimental demonstrate based state art novel new "
    "significant significantly however while work framework model models performance approaches methods "
    "task tasks data various different several first propose introduce achieve achieves across remains "
    "such more most high well often effective efficient key both other each code available study studies "
    "investigate explore present presents via using gains".split()
)


def example_questions(settings: Settings | None = None, n: int = 4) -> list[str]:
    """Up to `n` questions the index answers, drawn from its papers; at least the count question.

    Kept in the index folder per snapshot: drawing them reads 3,000 abstracts (6 s at 5,183 papers on a busy
    machine), which every page start would otherwise pay before it answers."""
    index = api.get_index(settings)
    snapshot = index.snapshot()
    if snapshot is None:
        return [COUNT_QUESTION]
    cache, key = Path(index.settings.index.index_dir) / CACHE_NAME, f"{snapshot.generation}/{n}"
    try:
        saved = json.loads(cache.read_text(encoding="utf-8"))
        if saved.get("key") == key and saved.get("questions"):
            return [str(q) for q in saved["questions"]]
    except (OSError, ValueError, AttributeError):
        pass  # none yet, or unreadable: draw them again
    questions = questions_from(snapshot, n) or [COUNT_QUESTION]
    try:
        partial = cache.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(json.dumps({"key": key, "questions": questions}), encoding="utf-8")
        os.replace(partial, cache)  # whole or not at all, with pages starting at once
    except OSError:
        pass  # a read-only index folder: drawn again at the next start
    return questions


def questions_from(snapshot: Snapshot | None, n: int = 4) -> list[str]:
    """Up to `n` questions this index answers: a method's result, two topics (one within a venue), the counts."""
    if snapshot is None or not snapshot.papers:
        return []
    papers = _sample(snapshot.papers)
    topics = common_topics(papers, 2)
    questions = []
    name = _method_with_result(papers)
    if name:
        questions.append(f"What results does {name} report?")
    if topics:
        questions.append(f"Which papers study {topics[0]}?")
    venue_topic = _venue_topic(papers, exclude=set(topics[:1]))
    if venue_topic:
        questions.append(f"Which {venue_topic[0]} papers study {venue_topic[1]}?")
    elif len(topics) > 1:
        questions.append(f"Which papers study {topics[1]}?")
    questions.append(COUNT_QUESTION)
    return questions[:n]


def common_topics(papers: list[Paper], n: int) -> list[str]:
    """The two-word phrases most papers share ("video generation", "continual learning")."""
    df: Counter[str] = Counter()
    for paper in papers:
        df.update(_phrases(paper.abstract))
    return [phrase for phrase, count in df.most_common(n) if count >= 2]


def _phrases(text: str) -> set[str]:
    words = [w.lower() for w in _WORD.findall(_URL.sub(" ", text))] + [""]
    out = set()
    for a, b, after in zip(words, words[1:], words[2:]):
        if a in _BLAND or b in _BLAND or a == b:
            continue
        # "large language" is the start of "large language models": keep the whole name
        out.add(f"{a} {b} {after}" if after in ("model", "models") else f"{a} {b}")
    return out


def _method_with_result(papers: list[Paper]) -> str | None:
    """A short method name whose abstract reports a number, so "what results" has an answer."""
    for paper in papers:
        name = paper.title.split(":")[0].strip()
        if _METHOD.match(name) and any(name in s and _RESULT.search(s.replace(name, ""))
                                       for s in split_sentences(paper.abstract)):
            return name
    return None


def _venue_topic(papers: list[Paper], exclude: set[str]) -> tuple[str, str] | None:
    """The largest named venue and the phrase most of its papers share."""
    venues = Counter(p.venue for p in papers if p.venue.lower() != "unknown")
    if len(venues) < 2:  # one venue: naming it filters nothing
        return None
    venue = venues.most_common(1)[0][0]
    topics = [t for t in common_topics([p for p in papers if p.venue == venue], 3) if t not in exclude]
    return (venue, topics[0]) if topics else None


def _sample(papers: list[Paper]) -> list[Paper]:
    step = max(len(papers) // SAMPLE, 1)
    return papers[::step]
