"""What understanding a question needs from the whole collection (titles, venues, years), once per snapshot."""

from __future__ import annotations

import re
import weakref
from collections import Counter, defaultdict
from dataclasses import dataclass

from rag.answer.names import TitleIndex
from rag.index.store import Snapshot


@dataclass
class SnapshotFacts:
    """What understanding a question needs from the whole collection, computed once per snapshot."""

    titles: TitleIndex
    rows_by_title: dict[str, int]  # each paper's title, for the items of a list answer
    venue_patterns: list[tuple[str, re.Pattern]]  # longest venue first: "ICML Workshop" before "ICML"
    years: set[int]
    years_by_venue: dict[str, set[int]]
    venue_year_counts: Counter  # "VENUE YEAR" → papers, for answers that describe the collection

    @property
    def filter_words(self) -> set[str]:
        """The venues and years, lower case: a question's words that filter the collection, not a topic."""
        return {v.lower() for v in self.years_by_venue} | {str(y) for y in self.years}


_FACTS: "weakref.WeakKeyDictionary[Snapshot, SnapshotFacts]" = weakref.WeakKeyDictionary()


def snapshot_facts(snapshot: Snapshot) -> SnapshotFacts:
    """The titles, venues and years of a snapshot, indexed on first use and dropped with the snapshot."""
    facts = _FACTS.get(snapshot)
    if facts is None:
        years_by_venue: dict[str, set[int]] = defaultdict(set)
        for paper in snapshot.papers:
            if paper.venue.lower() != "unknown":
                years_by_venue[paper.venue].update([paper.year] if paper.year else [])
        venues = sorted(years_by_venue, key=len, reverse=True)
        patterns = [(v, re.compile(rf"(?<![\w-]){re.escape(v)}(?![\w-])", re.I)) for v in venues]
        years = {p.year for p in snapshot.papers if p.year}
        counts = Counter(p.venue_year for p in snapshot.papers)
        by_title = {p.title: row for row, p in enumerate(snapshot.papers)}
        facts = SnapshotFacts(TitleIndex.build(snapshot.papers), by_title, patterns, years, dict(years_by_venue), counts)
        _FACTS[snapshot] = facts
    return facts
