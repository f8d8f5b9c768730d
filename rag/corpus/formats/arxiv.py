"""arXiv metadata rows (the OAI snapshot's `id`, `title`, `authors`, `abstract`, `categories`, `update_date`)."""

from __future__ import annotations

import re

from rag.corpus.records import Raw, author_list, year_of

ABS = "https://arxiv.org/abs/{}"
_NEW_ID = re.compile(r"^(?P<yy>\d{2})(?P<mm>\d{2})\.\d{4,5}(?:v\d+)?$")  # 2401.01234: January 2024
_OLD_ID = re.compile(r"^[a-z-]+(?:\.[A-Z]{2})?/(?P<yy>\d{2})\d{5}(?:v\d+)?$")  # hep-ph/0701001


def parse_row(row: dict, position: int, name: str, warnings: list[str]) -> list[Raw]:
    arxiv_id = str(row.get("id") or "").strip()
    abstract = str(row.get("abstract") or "").strip()
    if not abstract:
        warnings.append(f"{name}#{position}: arXiv row {arxiv_id or '?'} has no abstract; skipped")
        return []
    categories = str(row.get("categories") or "").split()
    doi = str(row.get("doi") or "").strip()
    return [Raw(
        abstract=abstract,
        position=position,
        title=" ".join(str(row.get("title") or "").split()),
        venue="arXiv",
        year=_year(arxiv_id, row),
        authors=_authors(row),
        url=ABS.format(arxiv_id) if re.fullmatch(r"[\w./-]+", arxiv_id) else "",
        external_id=arxiv_id,
        keywords=tuple(categories),
        doi=doi,
        arxiv_id=arxiv_id,
        note=f"arXiv: {' '.join(categories)}" if categories else "",
    )]


def _year(arxiv_id: str, row: dict) -> int | None:
    """The year of the first version: from the id itself, else the first version's date, else update_date."""
    match = _NEW_ID.match(arxiv_id) or _OLD_ID.match(arxiv_id)
    if match:
        yy = int(match.group("yy"))
        return 2000 + yy if yy < 91 else 1900 + yy
    versions = row.get("versions")
    if isinstance(versions, list) and versions and isinstance(versions[0], dict):
        found = year_of(versions[0].get("created"))
        if found:
            return found
    return year_of(row.get("update_date"))


def _authors(row: dict) -> tuple[str, ...]:
    parsed = row.get("authors_parsed")
    if isinstance(parsed, list) and parsed and all(isinstance(p, list) and p for p in parsed):
        # [last, first, suffix]: "Yann LeCun", "C.-P. Yuan", "John Smith Jr."
        return tuple(" ".join(str(x) for x in (p[1] if len(p) > 1 else "", p[0], p[2] if len(p) > 2 else "") if x)
                     for p in parsed)
    return author_list(re.sub(r"\s+and\s+", ", ", str(row.get("authors") or "")))
