"""`.txt` paper lists: a `<VENUE> <YEAR> …` header line, a blank line, then one abstract per paragraph."""

from __future__ import annotations

import re

from rag.corpus.records import Raw

# "ICML 2026 Papers", "CVPR, 2025", "ICML2026 Papers" (a venue ending in a letter needs no separator)
_HEADER = re.compile(
    r"^\s*(?P<venue>[^\s\d][^\n]{0,80}?)(?:[\s,]+|(?<=[^\W\d_]))(?P<year>(?:19|20)\d{2})(?!\d)(?P<rest>[^\n]*)$"
)
MAX_HEADER = 120  # a longer line 1 is read for its venue and year only, when the venue is an acronym
_ACRONYM = re.compile(r"\b\w*[A-Z]\w*[A-Z]\w*")  # ICLR, NeurIPS, AAAI: two capitals in one word
MIN_WORDS = 5  # fewer words than this is a fragment, not an abstract (every format)


def header_of(text: str) -> tuple[str, int] | None:
    """(venue, year) of a list's header line, or None when line 1 is not a header standing alone."""
    first, _, rest = text.lstrip("\n").partition("\n")
    match = _HEADER.match(first[:MAX_HEADER])  # the venue and year come first; a long tail is not a paper
    if match and len(first) > MAX_HEADER and not _ACRONYM.search(match.group("venue")):
        match = None  # a long line 1 opening with "In 2024, …" is an abstract; a long header names ICLR, NeurIPS
    # a wrapped abstract's first line can look like a header ("Since 2020, …"); a real one stands alone
    if not match or rest.partition("\n")[0].strip():
        return None
    # a header of punctuation and a year ("- 2026") names no venue
    return match.group("venue").strip(" -:,") or "unknown", int(match.group("year"))


def no_header_reason(text: str) -> str:
    first, _, _ = text.lstrip("\n").partition("\n")
    hint = " (a header must be followed by a blank line)" if _HEADER.match(first[:MAX_HEADER]) else ""
    return f"no '<VENUE> <YEAR>' header on line 1{hint}"


def parse(text: str, name: str, warnings: list[str]) -> list[Raw]:
    header = header_of(text)
    if header is None:
        # a note or a list of unknown origin would become papers of venue "unknown" that answers cite
        warnings.append(f"{name}: {no_header_reason(text)}; give the venue and year (a first line like "
                        "'ICML 2026', or --venue/--year); skipped")
        return []
    venue, year = header
    first, _, rest = text.lstrip("\n").partition("\n")
    if len(first) > MAX_HEADER:
        warnings.append(f"{name}: line 1 is {len(first):,} characters; read as the header '{venue} {year}', "
                        f"the rest of it ignored")
    raws = []
    for number, paragraph in enumerate(_paragraphs(rest), start=1):
        if len(paragraph.split()) < MIN_WORDS:
            warnings.append(f"{name}#{number}: {paragraph[:40]!r} is too short to be an abstract; skipped")
            continue
        raws.append(Raw(abstract=paragraph, position=number, venue=venue, year=year))
    return raws


def with_header(text: str, venue: str, year: int) -> str:
    """`text` as a list with the given header (its own header line, if any, replaced)."""
    body = text.lstrip("\n").partition("\n")[2] if header_of(text) else text
    return f"{venue} {year}\n\n{body.lstrip(chr(10))}"


def _paragraphs(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n[ \t\f\v]*\n", text) if p.strip()]
