"""Cited papers as RIS (Zotero, EndNote, Mendeley) and CSL-JSON (Zotero, Pandoc, citeproc): pure functions."""

from __future__ import annotations

import json
import re
from typing import Iterable

from rag.serve.export import _unique_keys, paper_url
from rag.types import Paper

__all__ = ["to_ris", "to_csl_json", "split_name"]

_PARTICLES = {"van", "von", "der", "den", "de", "del", "della", "di", "da", "du", "le", "la", "bin", "al", "ten", "ter"}


def _line(value: str) -> str:
    # one RIS field is one line: newlines and control characters in untrusted text must not start another tag
    return " ".join(re.sub(r"[\x00-\x1f\x7f\u2028\u2029]", " ", value).split())


def _ris_type(paper: Paper) -> str:
    if paper.venue.lower() == "arxiv":
        return "RPRT" if not paper.doi else "JOUR"
    return "GEN" if paper.venue.lower() == "unknown" else "CONF"


def ris_record(paper: Paper, key: str) -> str:
    """One RIS record: TY … ER."""
    tags = [("TY", _ris_type(paper)), ("ID", key), ("TI", paper.title)]
    tags += [("AU", author) for author in paper.authors]
    if paper.venue.lower() != "unknown":
        tags.append(("T2", paper.venue))
    if paper.year:
        tags.append(("PY", str(paper.year)))
    tags.append(("AB", paper.text))
    if paper_url(paper):
        tags.append(("UR", paper_url(paper)))
    if paper.doi:
        tags.append(("DO", paper.doi))
    tags += [("KW", keyword) for keyword in paper.keywords]
    if paper.note:
        tags.append(("N1", paper.note))
    lines = [f"{tag}  - {_line(value)}" for tag, value in tags if _line(value)]
    return "\n".join(lines) + "\nER  - \n"


def to_ris(papers: Iterable[Paper]) -> str:
    """A .ris file of `papers`, ids the same as the BibTeX keys."""
    papers = list(papers)
    return "\n".join(ris_record(p, key) for p, key in zip(papers, _unique_keys(papers)))


def split_name(name: str) -> dict[str, str]:
    """"Jan van der Berg" → {"given": "Jan", "family": "van der Berg"}; a single word stays a literal name."""
    words = name.split()
    if len(words) < 2:
        return {"literal": name}
    start = len(words) - 1
    while start > 1 and words[start - 1].lower() in _PARTICLES:
        start -= 1
    return {"given": " ".join(words[:start]), "family": " ".join(words[start:])}


def csl_item(paper: Paper, key: str) -> dict:
    """One CSL-JSON item."""
    item: dict = {"id": key, "type": "article" if paper.venue.lower() == "arxiv" else "paper-conference",
                  "title": paper.title, "abstract": paper.text}
    if paper.authors:
        item["author"] = [split_name(a) for a in paper.authors]
    if paper.year:
        item["issued"] = {"date-parts": [[paper.year]]}
    if paper.venue.lower() != "unknown":
        item["container-title"] = paper.venue
    if paper_url(paper):
        item["URL"] = paper_url(paper)
    if paper.doi:
        item["DOI"] = paper.doi
    if paper.keywords:
        item["keyword"] = ", ".join(paper.keywords)
    if paper.note:
        item["note"] = paper.note
    if paper.arxiv_id:
        item["number"] = f"arXiv:{paper.arxiv_id}"
    return item


def to_csl_json(papers: Iterable[Paper]) -> str:
    """A CSL-JSON array of `papers` (what Zotero imports and Pandoc's citeproc reads)."""
    papers = list(papers)
    return json.dumps([csl_item(p, key) for p, key in zip(papers, _unique_keys(papers))], ensure_ascii=False, indent=1)
