"""Domain objects: the small typed records that flow from files to answers."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Link:
    """A URL found in an abstract; `is_code` marks source-code repositories."""

    url: str
    is_code: bool = False


@dataclass(frozen=True)
class Paper:
    """One abstract from a paper list, with everything needed to show and cite it."""

    id: str  # venue-year slug + content hash: stable across re-ingests and file renames
    title: str  # from the source, or derived from the abstract (never empty)
    venue: str  # e.g. "ICML"; "unknown" when the source names none
    year: int | None
    abstract: str  # the original text, verbatim
    text: str  # markup removed: what is indexed and displayed
    source: str  # file name
    position: int  # 1-based paragraph (txt) or row (jsonl/csv)
    links: tuple[Link, ...] = ()
    authors: str = ""
    url: str = ""
    external_id: str = ""  # the source's own id (BEIR `_id`, OpenReview id), when it has one
    also_in: tuple[str, ...] = ()  # "file#position" of identical abstracts found elsewhere
    title_derived: bool = False

    @property
    def code_links(self) -> tuple[Link, ...]:
        return tuple(link for link in self.links if link.is_code)

    @property
    def venue_year(self) -> str:
        return f"{self.venue} {self.year}" if self.year else self.venue

    def to_dict(self) -> dict:
        """The paper as plain JSON: what a client shows and cites (not the abstract)."""
        return {"id": self.id, "title": self.title, "venue": self.venue, "year": self.year, "authors": self.authors,
                "url": self.url, "code": [link.url for link in self.code_links]}


@dataclass(frozen=True)
class Chunk:
    """A window of consecutive sentences of one paper: the unit of dense retrieval."""

    id: str  # f"{paper_id}:{index}"
    paper_id: str
    index: int
    text: str


@dataclass(frozen=True)
class Hit:
    """One paper found by a search, best-matching sentences first."""

    paper: Paper
    score: float
    snippets: tuple[str, ...] = ()
    dense_score: float | None = None
    keyword_score: float | None = None
    chunks: tuple[tuple[str, float], ...] = ()  # (window, cosine similarity) the dense retriever found

    def to_dict(self) -> dict:
        """The hit as plain JSON: the paper, its score and best sentences."""
        return {**self.paper.to_dict(), "score": round(self.score, 4), "snippets": list(self.snippets)}


@dataclass(frozen=True)
class Citation:
    """The paper behind `[n]` in an answer, with the abstract sentences that support it."""

    n: int
    paper: Paper
    quotes: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        """`{"n": …, **paper, "quotes": […]}`: the citation as plain JSON."""
        return {"n": self.n, **self.paper.to_dict(), "quotes": list(self.quotes)}


@dataclass(frozen=True)
class Answer:
    """A reply with numbered citations: `citations[n-1]` is `[n]` in `text`."""

    text: str
    citations: tuple[Citation, ...] = ()
    abstained: bool = False
    mode: str = "extractive"
    sources: tuple[Hit, ...] = ()
    notice: str = ""
    unsupported: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict:
        """The answer as plain JSON (CLI `--json`, the page's /ask, feedback, MCP): text, mode, citations …"""
        return {"text": self.text, "mode": self.mode, "abstained": self.abstained, "notice": self.notice,
                "citations": [c.to_dict() for c in self.citations], "unsupported": list(self.unsupported)}

    # Jupyter shows these; the rendering (and its escaping) is rag/display.py, imported when asked
    def _repr_markdown_(self) -> str:
        from rag.display import answer_markdown

        return answer_markdown(self)

    def _repr_html_(self) -> str:
        from rag.display import answer_html

        return answer_html(self)


class Hits(list):
    """What `rag.search` returns: a list of `Hit`s, best first, that Jupyter shows as a numbered list."""

    def _repr_markdown_(self) -> str:
        from rag.display import hits_markdown

        return hits_markdown(self)

    def _repr_html_(self) -> str:
        from rag.display import hits_html

        return hits_html(self)


@dataclass(frozen=True)
class Stats:
    """What the index holds: `venues[venue][year]` papers (year None when the source names none)."""

    papers: int = 0
    venues: dict[str, dict[int | None, int]] = field(default_factory=dict)

    @property
    def years(self) -> list[int]:
        """Every year some venue has papers of, oldest first."""
        return sorted({y for years in self.venues.values() for y in years if y is not None})

    def per_venue(self) -> dict[str, int]:
        """Papers per venue, all years together."""
        return {venue: sum(years.values()) for venue, years in self.venues.items()}
