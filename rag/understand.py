"""What is being asked: filters named in the question, follow-ups made standalone, the kind of answer."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .index import Snapshot
from .keyword import sentence_terms
from .types import Paper

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
    venue: str | None
    year: int | None
    kind: str  # "count" | "venues" | "code" | "list" | "fact"
    named: tuple[str, ...] = ()  # ids of papers the question names by title


def understand(text: str, history: list[dict] | None, snapshot: Snapshot,
               venue: str | None = None, year: int | None = None) -> Question:
    """Resolve follow-ups, filters and the kind of question, from the text and the index's own venues."""
    standalone = _standalone(text, history or [])
    found_venue, found_year = detect_filters(text, snapshot)
    venue = venue if venue is not None else found_venue
    year = year if year is not None else found_year
    named = tuple(p.id for p in named_papers(standalone, snapshot.papers))
    return Question(text=text, standalone=standalone, venue=venue, year=year, kind=_kind(text), named=named)


def detect_filters(text: str, snapshot: Snapshot) -> tuple[str | None, int | None]:
    """Venue and year named in the question, if the index holds that venue (and that year)."""
    venues = {p.venue for p in snapshot.papers if p.venue.lower() != "unknown"}
    venue = next((v for v in sorted(venues, key=len, reverse=True)
                  if re.search(rf"(?<![\w-]){re.escape(v)}(?![\w-])", text, re.I)), None)
    years = {p.year for p in snapshot.papers if p.year and (venue is None or p.venue == venue)}
    match = re.search(r"(?<!\d)((?:19|20)\d{2})(?!\d)", text)
    year = int(match.group(1)) if match and int(match.group(1)) in years else None
    return venue, year


def named_papers(text: str, papers: list[Paper]) -> list[Paper]:
    """Papers whose short derived or given title (a method name such as "Veda") appears in the text."""
    out = []
    for paper in papers:
        name = paper.title.split(":")[0].strip()
        if 2 < len(name) and len(name.split()) <= 3 and re.search(
                rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.I if len(name) > 4 else 0):
            out.append(paper)
    return out


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
