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
    authors: tuple[str, ...] = ()  # "First Last" each, in the source's order
    url: str = ""  # the paper's own page (OpenReview forum, arXiv abstract, DOI, the list's `url`)
    external_id: str = ""  # the source's own id (BEIR `_id`, OpenReview forum id, BibTeX key), when it has one
    also_in: tuple[str, ...] = ()  # "file#position" of identical abstracts found elsewhere
    title_derived: bool = False
    keywords: tuple[str, ...] = ()
    doi: str = ""
    arxiv_id: str = ""  # e.g. "2401.01234": BibTeX's `eprint`
    note: str = ""  # what the source says besides the venue ("ICLR 2026 Poster", "arXiv: cs.CV")
    bibtex: str = ""  # the source's own BibTeX entry (OpenReview's `_bibtex`), exported as given

    def __post_init__(self):
        # snapshots written before authors were a tuple hold a string; JSON gives lists: both become tuples,
        # so papers compare equal across a reload and stay hashable
        for name in ("authors", "keywords"):
            value = getattr(self, name)
            if isinstance(value, str):
                value = tuple(a.strip() for a in value.split(",") if a.strip())
            object.__setattr__(self, name, tuple(value))

    @property
    def code_links(self) -> tuple[Link, ...]:
        return tuple(link for link in self.links if link.is_code)

    @property
    def venue_year(self) -> str:
        return f"{self.venue} {self.year}" if self.year else self.venue

    @property
    def short_authors(self) -> str:
        """"First" for one author, "First and Second" for two, "First et al." for more, "" for none."""
        if len(self.authors) <= 1:
            return self.authors[0] if self.authors else ""
        if len(self.authors) == 2:
            return f"{self.authors[0]} and {self.authors[1]}"
        return f"{self.authors[0]} et al."

    def to_dict(self) -> dict:
        """The paper as plain JSON: what a client shows and cites (not the abstract)."""
        return {"id": self.id, "title": self.title, "venue": self.venue, "year": self.year, "authors": list(self.authors),
                "url": self.url, "code": [link.url for link in self.code_links],
                "doi": self.doi, "arxiv_id": self.arxiv_id}


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
