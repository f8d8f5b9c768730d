"""Raw rows from any format → `Paper`: ids, cleaned text, metadata, the title when the source has none."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from rag.corpus.text import clean_markup, find_links
from rag.corpus.titles import derive_title
from rag.types import Paper

MIN_WORDS = 5  # fewer words than this is a fragment, not an abstract (every format)

__all__ = ["Raw", "paper_id", "content_hash", "make_paper", "parse_records", "year_of", "author_list"]


@dataclass
class Raw:
    """One paper as a format parser read it, before cleaning."""

    abstract: str
    position: int
    title: str = ""
    venue: str = "unknown"
    year: int | None = None
    authors: tuple[str, ...] = ()
    url: str = ""
    external_id: str = ""
    keywords: tuple[str, ...] = ()
    doi: str = ""
    arxiv_id: str = ""
    note: str = ""
    bibtex: str = ""


def paper_id(venue: str, year: int | None, abstract: str) -> str:
    """Stable id: venue-year slug + hash of the whitespace-normalised abstract."""
    slug = re.sub(r"[^a-z0-9]+", "", venue.lower()) or "unknown"
    return f"{slug}{year or ''}-{content_hash(abstract)[:10]}"


def content_hash(abstract: str) -> str:
    return hashlib.sha256(" ".join(abstract.split()).encode("utf-8")).hexdigest()


def make_paper(raw: Raw, source: str) -> Paper:
    """Build the `Paper`: id, cleaned text, title (derived when the source has none), links."""
    text = clean_markup(raw.abstract)
    title = clean_markup(raw.title) if raw.title else ""
    authors = tuple(a for a in (" ".join(clean_markup(a).split()) for a in raw.authors) if a)
    return Paper(
        id=paper_id(raw.venue, raw.year, raw.abstract),
        title=title or derive_title(text),
        venue=raw.venue,
        year=raw.year,
        abstract=raw.abstract,
        text=text,
        source=source,
        position=raw.position,
        links=find_links(raw.abstract + " " + raw.url),
        authors=authors,
        url=_web_url(raw.url),
        external_id=raw.external_id,
        title_derived=not title,
        keywords=tuple(k for k in (" ".join(clean_markup(k).split()) for k in raw.keywords) if k),
        doi=raw.doi,
        arxiv_id=raw.arxiv_id,
        note=clean_markup(raw.note),
        bibtex=raw.bibtex,
    )


def parse_records(rows: list[dict | None], name: str, warnings: list[str]) -> list[Raw]:
    """Rows with `title` + `abstract` (or BEIR's `_id`, `title`, `text`), optional metadata."""
    raws, missing, no_venue = [], 0, 0
    for position, row in enumerate(rows, start=1):
        if row is None:
            continue
        abstract = str(row.get("abstract") or row.get("text") or "").strip()
        if not abstract:
            missing += 1
            continue
        if len(abstract.split()) < MIN_WORDS:
            warnings.append(f"{name}#{position}: {abstract[:40]!r} is too short to be an abstract; skipped")
            continue
        venue = str(row.get("venue") or "").strip() or "unknown"
        no_venue += venue == "unknown"
        raws.append(Raw(
            abstract=abstract,
            position=position,
            title=" ".join(str(row.get("title") or "").split()),
            venue=venue,
            year=year_of(row.get("year")),
            authors=author_list(row.get("authors")),
            url=str(row.get("url") or "").strip(),
            external_id=str(row.get("_id") or row.get("id") or "").strip(),
            keywords=author_list(row.get("keywords")),
            doi=str(row.get("doi") or "").strip(),
        ))
    if missing:
        warnings.append(f"{name}: {missing} row(s) without 'abstract' or 'text'; skipped")
    if no_venue and raws:
        warnings.append(f"{name}: {no_venue} row(s) without 'venue'; ingested with venue 'unknown'")
    return raws


def year_of(value: object) -> int | None:
    match = re.search(r"(?:19|20)\d{2}", str(value or ""))
    return int(match.group(0)) if match else None


def author_list(value: object) -> tuple[str, ...]:
    """A list as given, or a string of names separated by ';', ' and ' or ','."""
    if isinstance(value, (list, tuple)):
        return tuple(str(v).strip() for v in value if str(v).strip())
    text = str(value or "").strip()
    if not text:
        return ()
    separator = ";" if ";" in text else None
    parts = text.split(separator) if separator else re.split(r",\s*|\s+and\s+", text)
    return tuple(p.strip() for p in parts if p.strip())


def _web_url(value: object) -> str:
    # only a web address is a link: a `javascript:` or `data:` URL from a list must never be clickable
    url = str(value or "").strip()
    if re.match(r"(?:www\.)?[\w-]+\.[a-z]{2,}/", url):  # "github.com/org/repo"
        url = "https://" + url
    return url if re.match(r"https?://[^\s<>\"']+$", url) else ""
