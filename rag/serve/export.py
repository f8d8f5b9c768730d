"""Cited papers as BibTeX and CSV (RIS and CSL-JSON in `references`), and an answer as plain text.

Pure functions over `Paper`s and `Answer`s."""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from typing import Iterable

from rag.types import Answer, Paper

__all__ = ["cited_papers", "paper_url", "bibtex_key", "to_bibtex", "to_csv", "plain_answer", "CSV_HEADER"]

CSV_HEADER = ("id", "title", "authors", "venue", "year", "url", "doi", "arxiv_id", "abstract")
# BibTeX counts every brace, escaped or not, so `\{` would unbalance an entry: braces become text commands
_LATEX_SPECIALS = {
    "\\": r"\textbackslash{}", "{": r"\textbraceleft{}", "}": r"\textbraceright{}",
    "$": r"\$", "&": r"\&", "%": r"\%", "#": r"\#", "_": r"\_",
    "^": r"\textasciicircum{}", "~": r"\textasciitilde{}",
}
_SPECIAL = re.compile(r"[\\{}$&%#_^~]")
# a spreadsheet runs a cell that starts like a formula; abstracts are untrusted text
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cited_papers(answers: Iterable[Answer]) -> list[Paper]:
    """Every paper the answers cite, once each, in the order they were first cited."""
    seen: dict[str, Paper] = {}
    for answer in answers:
        for citation in answer.citations:
            seen.setdefault(citation.paper.id, citation.paper)
    return list(seen.values())


def paper_url(paper: Paper) -> str:
    """The paper's own URL when the source gave one, else its first code link, else ''."""
    if paper.url:
        return paper.url
    return paper.code_links[0].url if paper.code_links else ""


def latex_escape(text: str) -> str:
    """`text` as one line of LaTeX: specials escaped, whitespace collapsed, braces always balanced."""
    return _SPECIAL.sub(lambda m: _LATEX_SPECIALS[m.group()], " ".join(text.split()))


def _slug(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "", ascii_text.lower())


def bibtex_key(paper: Paper, digits: int = 6) -> str:
    """`icml2026_veda_1a2b3c`: venue and year, the title's first word, and the id's content hash (stable)."""
    venue = _slug(paper.venue) if paper.venue.lower() != "unknown" else "paper"
    word = next((w for w in map(_slug, paper.title.split()) if w), "untitled")[:20]
    digest = paper.id.rsplit("-", 1)[-1] or _slug(paper.id)
    return f"{venue}{paper.year or ''}_{word}_{digest[:digits]}"


def _url_field(url: str) -> str:
    # a URL is verbatim in BibTeX: no escaping, but nothing that could end the field or the entry
    return re.sub(r"[{}\\\s]", lambda m: f"%{ord(m.group()):02X}", url.strip())


def bibtex_entry(paper: Paper, key: str) -> str:
    """One `@inproceedings` (`@misc` when the venue is unknown or arXiv) entry; the source's own entry if it has one."""
    given = _source_entry(paper.bibtex, key)
    if given:
        return given
    known_venue = paper.venue.lower() not in ("unknown", "arxiv")
    fields = [("title", "{" + latex_escape(paper.title) + "}")]  # double braces keep the title's capitals
    if paper.authors:
        fields.append(("author", " and ".join(latex_escape(a) for a in paper.authors)))
    if known_venue:
        fields.append(("booktitle", latex_escape(paper.venue)))
    if paper.year:
        fields.append(("year", str(paper.year)))
    url = paper_url(paper)
    if url:
        fields.append(("url", _url_field(url)))
    if paper.doi:
        fields.append(("doi", _url_field(paper.doi)))
    if paper.arxiv_id:
        fields += [("eprint", _url_field(paper.arxiv_id)), ("archiveprefix", "arXiv")]
    if paper.keywords:
        fields.append(("keywords", latex_escape(", ".join(paper.keywords))))
    if paper.note and paper.note != paper.venue:
        fields.append(("note", latex_escape(paper.note)))
    fields.append(("abstract", latex_escape(paper.text)))
    body = "".join(f"  {name} = {{{value}}},\n" for name, value in fields)
    return f"@{'inproceedings' if known_venue else 'misc'}{{{key},\n{body}}}\n"


_ENTRY_START = re.compile(r"^\s*@(?P<type>[A-Za-z]+)\s*\{\s*(?P<key>[^,\s{}]+)\s*,")


def _source_entry(bibtex: str, key: str) -> str:
    """The source's entry (OpenReview's `_bibtex`) under `key`, if it is one well-formed entry; else ''."""
    match = _ENTRY_START.match(bibtex)
    if not match or not balanced(bibtex) or len(re.findall(r"(?m)^\s*@", bibtex)) != 1:
        return ""  # untrusted text: anything that could end the entry early or start another is not used
    body = bibtex[match.end():].strip()
    if not body.endswith("}"):
        return ""
    return f"@{match.group('type')}{{{key},\n{body}\n"


def balanced(text: str) -> bool:
    """Braces that never close more than they opened, and all closed at the end."""
    depth = 0
    for char in text:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


def _own_key(paper: Paper) -> str:
    """The source's key (`lin2026tidal`) when its entry is used as given, else ours."""
    match = _ENTRY_START.match(paper.bibtex)
    return match.group("key") if match and _source_entry(paper.bibtex, "k") else ""


def _unique_keys(papers: list[Paper]) -> list[str]:
    keys: list[str] = []
    for paper in papers:
        key = _own_key(paper) or bibtex_key(paper)
        if key in keys:  # two hashes sharing 6 digits: the full hash tells them apart
            key = bibtex_key(paper, digits=64)
        while key in keys:  # the same paper listed twice
            key += "x"
        keys.append(key)
    return keys


def to_bibtex(papers: Iterable[Paper]) -> str:
    """A .bib file of `papers`, one entry each, keys unique and stable across exports."""
    papers = list(papers)
    return "\n".join(bibtex_entry(p, key) for p, key in zip(papers, _unique_keys(papers)))


def _cell(value: object) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def to_csv(papers: Iterable[Paper]) -> str:
    """A CSV of `papers` with the header id,title,authors,venue,year,url,doi,arxiv_id,abstract (authors '; '-separated)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    for p in papers:
        row = (p.id, p.title, "; ".join(p.authors), p.venue, p.year or "", paper_url(p), p.doi, p.arxiv_id, p.text)
        writer.writerow([_cell(v) for v in row])
    return out.getvalue()


def plain_answer(answer: Answer) -> str:
    """The answer as plain text to copy: its text, then one `[n] title. authors. venue year. url` line per citation."""
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", answer.text.strip())  # list answers bold their titles
    lines = []
    for c in answer.citations:
        url = paper_url(c.paper)
        authors = f" {c.paper.short_authors.rstrip('.')}." if c.paper.authors else ""
        lines.append(f"[{c.n}] {c.paper.title}.{authors} {c.paper.venue_year}." + (f" {url}" if url else ""))
    parts = [text] + (["\n".join(lines)] if lines else [])
    if answer.notice:
        parts.append(answer.notice)
    return "\n\n".join(parts)
