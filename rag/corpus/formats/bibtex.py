"""BibTeX `.bib` files with `abstract` fields (Zotero, JabRef exports), read with bibtexparser."""

from __future__ import annotations

import re

import bibtexparser
from bibtexparser.middlewares import LatexDecodingMiddleware, SeparateCoAuthors

from rag.corpus.records import Raw, year_of
from rag.corpus.venues import KNOWN_VENUES

_ARXIV = re.compile(r"(?:arxiv\.org/abs/|arXiv:)\s*(?P<id>\d{4}\.\d{4,5}|[a-z-]+/\d{7})", re.I)


def parse(text: str, name: str, warnings: list[str]) -> list[Raw]:
    library = bibtexparser.parse_string(text, append_middleware=[LatexDecodingMiddleware(), SeparateCoAuthors()])
    for block in library.failed_blocks:
        warnings.append(f"{name}: the entry at line {block.start_line + 1} could not be read "
                        f"({type(block).__name__}); skipped")
    raws, missing = [], 0
    for position, entry in enumerate(library.entries, start=1):
        fields = {f.key.lower(): f.value for f in entry.fields}
        abstract = _text(fields.get("abstract"))
        if not abstract:
            missing += 1
            continue
        raws.append(_raw(entry, fields, abstract, position))
    if missing:
        warnings.append(f"{name}: {missing} entr{'y' if missing == 1 else 'ies'} without an 'abstract' field; skipped")
    return raws


def _raw(entry, fields: dict, abstract: str, position: int) -> Raw:
    venue_text = _text(fields.get("booktitle") or fields.get("journal") or fields.get("journaltitle")
                       or fields.get("publisher") or fields.get("howpublished"))
    eprint = _text(fields.get("eprint"))
    url = _text(fields.get("url"))
    doi = _text(fields.get("doi"))
    arxiv = eprint if eprint and "arxiv" in _text(fields.get("archiveprefix") or fields.get("eprinttype") or "arxiv").lower() else ""
    arxiv = arxiv or (m.group("id") if (m := _ARXIV.search(f"{url} {venue_text}")) else "")
    if not url:
        url = f"https://doi.org/{doi}" if doi else (f"https://arxiv.org/abs/{arxiv}" if arxiv else "")
    authors = fields.get("author") or fields.get("editor") or []
    return Raw(
        abstract=abstract,
        position=position,
        title=_text(fields.get("title")),
        venue=short_venue(venue_text, arxiv),
        year=year_of(fields.get("year") or fields.get("date")),
        authors=tuple(_person(a) for a in (authors if isinstance(authors, list) else [authors]) if _text(a)),
        url=url,
        external_id=entry.key,
        keywords=tuple(k.strip() for k in re.split(r"[,;]", _text(fields.get("keywords"))) if k.strip()),
        doi=doi,
        arxiv_id=arxiv,
        note=_text(fields.get("note")) if _text(fields.get("note")).lower().startswith("arxiv") else venue_text,
    )


def short_venue(venue_text: str, arxiv: str = "") -> str:
    """A venue to filter on: "Proceedings of the 42nd International Conference on Machine Learning" → ICML."""
    lowered = " ".join(venue_text.lower().split())
    known = next((short for name, short in KNOWN_VENUES if name in lowered), "")
    if known:
        return known
    acronym = re.search(r"\(([A-Z][A-Za-z]*[A-Z])['\s]*\d{0,4}\)|\b([A-Z]{2,}[a-z]?[A-Z]*)\b(?=\s*['’]?\s*(?:19|20)?\d{2}\b|\s*$)",
                        venue_text)
    if acronym:
        return acronym.group(1) or acronym.group(2)
    if not venue_text and arxiv or re.match(r"(?i)arxiv", venue_text):
        return "arXiv"
    return " ".join(venue_text.split()[:8]) or "unknown"


def _person(name: str) -> str:
    """"Last, First" → "First Last" (BibTeX's two forms of a name)."""
    name = _text(name)
    last, comma, first = name.partition(",")
    return f"{first.strip()} {last.strip()}".strip() if comma else name


def _text(value) -> str:
    if value is None:
        return ""
    text = str(value).replace("{", "").replace("}", "")
    return " ".join(text.split())
