"""What is being asked: filters named in the question, follow-ups made standalone, the kind of answer."""

from __future__ import annotations

import re
import weakref
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from rag.index.store import Snapshot
from rag.index.keyword import sentence_terms
from rag.types import Paper

# pronouns and stand-ins that point back at the previous turn's subject
_ANAPHORA = re.compile(
    r"\b(it|its|it's|they|them|their|this|that|these|those|the (?:method|paper|model|approach|framework|work|"
    r"system|authors|benchmark|dataset))\b", re.I)
_LIST = re.compile(
    r"\b(which|what|any|list|find|show|name)\b[^?]*\b(papers|works|methods|approaches|studies|articles)\b"
    r"|\blist\b|\bpapers (?:on|about|that|which|studying|using|proposing)\b", re.I)
_COUNT = re.compile(r"\bhow many\b(?:\s+\S+){0,3}?\s+(papers|abstracts|works|articles)\b|\bnumber of papers\b", re.I)
_VENUES = re.compile(r"\bwhich (venues|conferences|years)\b|\bwhat (venues|conferences|years)\b", re.I)
_CODE = re.compile(r"\b(code|github|repositor(y|ies)|open[- ]source|implementation)s?\b", re.I)
_PAPERS = re.compile(r"\b(papers?|works?|abstracts?)\b", re.I)


@dataclass(frozen=True)
class Question:
    """A question made ready for retrieval."""

    text: str  # as asked
    standalone: str  # with the previous turn's subject carried in, for retrieval
    venue: str | tuple[str, ...] | None  # several venues: papers of any of them
    year: int | None
    kind: str  # "count" | "venues" | "code" | "list" | "fact"
    named: tuple[str, ...] = ()  # ids of papers the question names by title


def understand(text: str, history: list[dict] | None, snapshot: Snapshot,
               venue: str | list[str] | tuple[str, ...] | None = None, year: int | None = None) -> Question:
    """Resolve follow-ups, filters and the kind of question, from the text and the index's own venues."""
    standalone = _standalone(text, history or [])
    found_venue, found_year = detect_filters(text, snapshot)
    venue = combine_venues(venue, found_venue)
    year = year if year is not None else found_year
    named = tuple(p.id for p in named_papers(standalone, snapshot.papers, snapshot_facts(snapshot).titles))
    return Question(text=text, standalone=standalone, venue=venue, year=year, kind=_kind(text), named=named)


def combine_venues(chosen: str | list[str] | tuple[str, ...] | None,
                   named: str | None) -> str | tuple[str, ...] | None:
    """The caller's venue filter wins; a venue the question names narrows a choice of several that includes it."""
    if isinstance(chosen, str):
        return chosen.strip() or named
    chosen = tuple(v for v in chosen or () if v.strip())
    if not chosen:
        return named
    if named is not None and named.lower() in {v.lower() for v in chosen}:
        return named
    return chosen[0] if len(chosen) == 1 else chosen


def detect_filters(text: str, snapshot: Snapshot) -> tuple[str | None, int | None]:
    """Venue and year named in the question, if the index holds that venue (and that year)."""
    facts = snapshot_facts(snapshot)
    venue = next((v for v, pattern in facts.venue_patterns if pattern.search(text)), None)
    years = facts.years_by_venue.get(venue, set()) if venue is not None else facts.years
    match = re.search(r"(?<!\d)((?:19|20)\d{2})(?!\d)", text)
    year = int(match.group(1)) if match and int(match.group(1)) in years else None
    return venue, year


def named_papers(text: str, papers: list[Paper], titles: "TitleIndex | None" = None) -> list[Paper]:
    """Papers whose short derived or given title (a method name such as "Veda") appears in the text."""
    titles = titles or TitleIndex.build(papers)
    return [papers[row] for row in titles.find(text)]


_TOKEN = re.compile(r"[\w-]+")


@dataclass
class TitleIndex:
    """Short titles (method names) by their first word: a question is checked against the few titles whose
    words it contains, not against every paper (100k papers: 190 ms → well under 1 ms per question)."""

    by_first: dict[str, list[tuple[int, frozenset[str], re.Pattern]]] = field(default_factory=dict)
    always: list[tuple[int, re.Pattern]] = field(default_factory=list)  # names with no word characters

    @classmethod
    def build(cls, papers: list[Paper]) -> "TitleIndex":
        by_first: dict[str, list] = defaultdict(list)
        always = []
        for row, paper in enumerate(papers):
            name = paper.title.split(":")[0].strip()
            if not (2 < len(name) and len(name.split()) <= 3):
                continue
            pattern = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.I if len(name) > 4 else 0)
            words = _TOKEN.findall(name.lower())
            if words:
                by_first[words[0]].append((row, frozenset(words), pattern))
            else:
                always.append((row, pattern))
        return cls(dict(by_first), always)

    def find(self, text: str) -> list[int]:
        """Rows of the papers named in `text`, in paper order."""
        # a name matched at word boundaries has each of its words as a whole word of the text
        words = set(_TOKEN.findall(text.lower()))
        rows = [row for row, pattern in self.always if pattern.search(text)]
        for word in words & self.by_first.keys():
            rows += [row for row, need, pattern in self.by_first[word] if need <= words and pattern.search(text)]
        return sorted(rows)


@dataclass
class SnapshotFacts:
    """What understanding a question needs from the whole collection, computed once per snapshot."""

    titles: TitleIndex
    venue_patterns: list[tuple[str, re.Pattern]]  # longest venue first: "ICML Workshop" before "ICML"
    years: set[int]
    years_by_venue: dict[str, set[int]]
    venue_year_counts: Counter  # "VENUE YEAR" → papers, for answers that describe the collection


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
        facts = SnapshotFacts(TitleIndex.build(snapshot.papers), patterns, years, dict(years_by_venue), counts)
        _FACTS[snapshot] = facts
    return facts


def _kind(text: str) -> str:
    if _COUNT.search(text):
        return "count"
    if _VENUES.search(text):
        return "venues"
    if _CODE.search(text) and _PAPERS.search(text) and re.search(r"\b(which|what|list|any)\b", text, re.I):
        return "code"
    return "list" if _LIST.search(text) else "fact"


def _standalone(text: str, history: list[dict]) -> str:
    """A follow-up ("Which datasets was it evaluated on?") carries the previous question's subject."""
    previous = [m.get("content", "") for m in history if m.get("role") == "user" and m.get("content")]
    if not previous or not _ANAPHORA.search(text):
        return text
    # the last user turn names the subject; keep only its content words, so its wording does not
    # outweigh what is asked now
    subject = " ".join(sorted(_subject_words(previous[-1]), key=previous[-1].find))
    return f"{text} {subject}".strip()


def _subject_words(text: str) -> set[str]:
    words = re.findall(r"[\w][\w.+-]*", text)
    keep = {w for w in words if w[:1].isupper() or any(c.isdigit() for c in w) or "-" in w}
    keep |= {w for w in words if w.lower() in sentence_terms(text) or len(w) > 6}
    return {w for w in keep if w.lower() not in {"what", "which", "how", "who", "does", "is", "the"}}
