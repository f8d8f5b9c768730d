"""Questions about the collection itself (how many papers, which venues, which link code), answered exactly
from the snapshot's metadata, never by search."""

from __future__ import annotations

from collections import Counter

from rag.answer.understand import Question
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
    with_code = [p for p in papers if p.code_links]
    lines = [f"{len(with_code)} of {len(papers)} papers link to code:"]
    lines += [f"- {p.title} ({p.venue_year}): {p.code_links[0].url} [{i}]" for i, p in enumerate(with_code, 1)]
    citations = tuple(Citation(n=i, paper=p) for i, p in enumerate(with_code, 1))
    return Answer(text="\n".join(lines), citations=citations, mode="extractive")
