"""Questions about the collection itself (its papers, how many, which venues, which link code), answered exactly
from the snapshot's metadata, never by search."""

from __future__ import annotations

import re
from collections import Counter

from rag.answer.collection_asked import only_frame
from rag.answer.understand import Question, snapshot_facts
from rag.index.store import Snapshot
from rag.types import Answer, Citation


def collection_answer(question: Question, snapshot: Snapshot) -> Answer:
    """Questions about the collection itself, answered exactly from metadata."""
    keep = snapshot.mask(question.venue, question.year)  # the same filters searches apply
    papers = [p for row, p in enumerate(snapshot.papers) if keep is None or keep[row]]
    counts = Counter(p.venue_year for p in papers)
    per_venue = ", ".join(f"{v}: {n}" for v, n in sorted(counts.items()))
    if question.kind == "count":
        return Answer(text=f"{len(papers)} papers are indexed ({per_venue}).", mode="extractive")
    if question.kind == "venues":
        return Answer(text=f"The collection covers {len(counts)} venue(s): {per_venue}.", mode="extractive")
    if question.kind == "catalog":
        where = f" from {_filters(question)}" if keep is not None else ""
        lines = [f"{len(papers)} papers{where} are indexed:"]
        lines += [f"- {p.title} ({p.venue_year}) [{i}]" for i, p in enumerate(papers, 1)]
        return Answer(text="\n".join(lines), citations=tuple(Citation(n=i, paper=p) for i, p in enumerate(papers, 1)),
                      mode="extractive")
    with_code = [p for p in papers if p.code_links]
    lines = [f"{len(with_code)} of {len(papers)} papers link to code:"]
    lines += [f"- {p.title} ({p.venue_year}): {p.code_links[0].url} [{i}]" for i, p in enumerate(with_code, 1)]
    citations = tuple(Citation(n=i, paper=p) for i, p in enumerate(with_code, 1))
    return Answer(text="\n".join(lines), citations=citations, mode="extractive")


def asks_for_catalog(text: str, snapshot: Snapshot) -> bool:
    """Does a list question ask for the collection's papers as such, perhaps of a venue or year, with no topic?
    "Which papers were published at ICLR?", "List the ICLR 2026 papers", "Show me all papers" were searched for
    their frame words and abstained (or listed two papers on "list operations"); "Which papers are there on video?"
    has a topic."""
    listed = bool({"paper", "papers", "works"} & set(re.findall(r"[a-z0-9]+", text.lower())))
    return listed and only_frame(text, snapshot_facts(snapshot).filter_words)


def _filters(question: Question) -> str:
    venues = question.venue if isinstance(question.venue, tuple) else (question.venue,) if question.venue else ()
    return " ".join(x for x in (" or ".join(venues), str(question.year or "")) if x)
