"""RIS files (Zotero, EndNote, Mendeley exports), read with rispy."""

from __future__ import annotations

import re

import rispy

from rag.corpus.formats.bibtex import short_venue
from rag.corpus.records import Raw, year_of

_ARXIV = re.compile(r"arxiv\.org/abs/(?P<id>\d{4}\.\d{4,5}|[a-z-]+/\d{7})", re.I)


def parse(text: str, name: str, warnings: list[str]) -> list[Raw]:
    if not re.search(r"(?m)^TY  - ", text):
        warnings.append(f"{name}: not a RIS file (no record starts with 'TY  - '); skipped")
        return []
    try:
        entries = rispy.loads(text, skip_unknown_tags=True)
    except (IOError, ValueError) as exc:  # rispy raises IOError for a file that is not RIS
        warnings.append(f"{name}: not a RIS file ({exc}); skipped")
        return []
    raws, missing = [], 0
    for position, entry in enumerate(entries, start=1):
        abstract = " ".join(str(entry.get("abstract") or entry.get("notes_abstract") or "").split())
        if not abstract:
            missing += 1
            continue
        raws.append(_raw(entry, abstract, position))
    if missing:
        warnings.append(f"{name}: {missing} record(s) without an abstract (AB); skipped")
    return raws


def _raw(entry: dict, abstract: str, position: int) -> Raw:
    venue_text = " ".join(str(entry.get("secondary_title") or entry.get("journal_name")
                              or entry.get("alternate_title3") or entry.get("publisher") or "").split())
    urls = [u.strip() for u in entry.get("urls") or [] if u.strip()]
    doi = str(entry.get("doi") or "").strip()
    arxiv = next((m.group("id") for u in urls if (m := _ARXIV.search(u))), "")
    url = next((u for u in urls if u.startswith(("http://", "https://"))), "")
    if not url and doi:
        url = f"https://doi.org/{doi}"
    authors = entry.get("authors") or entry.get("first_authors") or []
    return Raw(
        abstract=abstract,
        position=position,
        title=" ".join(str(entry.get("title") or entry.get("primary_title") or "").split()),
        venue=short_venue(venue_text, arxiv),
        year=year_of(entry.get("year") or entry.get("publication_year") or entry.get("date")),
        authors=tuple(_person(a) for a in authors if str(a).strip()),
        url=url,
        external_id=str(entry.get("id") or "").strip(),
        keywords=tuple(str(k).strip() for k in entry.get("keywords") or [] if str(k).strip()),
        doi=doi,
        arxiv_id=arxiv,
        note=venue_text,
    )


def _person(name: str) -> str:
    last, comma, first = str(name).partition(",")
    return f"{first.strip()} {last.strip()}".strip() if comma else str(name).strip()
