"""One parser per paper-list format; each turns a file's text into `Raw` rows.

`.txt` lists, `.jsonl`/`.json` rows (plain, OpenReview API v2 notes, arXiv metadata), `.csv`,
BibTeX `.bib` and RIS `.ris`. Parsers warn about what they skip and never raise for bad input.
"""

from __future__ import annotations

from pathlib import Path

from rag.corpus.formats import bibtex, jsonrows, ris, table, txt
from rag.corpus.records import Raw

__all__ = ["SUPPORTED", "parse_text", "sniff_format"]

_PARSERS = {".txt": txt.parse, ".jsonl": jsonrows.parse_jsonl, ".json": jsonrows.parse_json, ".csv": table.parse,
            ".bib": bibtex.parse, ".ris": ris.parse}
SUPPORTED = tuple(_PARSERS)
_LABELS = {".txt": "paper list", ".csv": "CSV", ".bib": "BibTeX", ".ris": "RIS"}


def parse_text(suffix: str, text: str, name: str, warnings: list[str]) -> list[Raw]:
    """The papers in `text`, a file of type `suffix` shown to the user as `name`."""
    return _PARSERS[suffix.lower()](text, name, warnings)


def sniff_format(path: Path) -> str:
    """A short label of the file's format ("OpenReview", "arXiv", "JSONL", "BibTeX", …) from its start."""
    suffix = path.suffix.lower()
    if suffix not in (".json", ".jsonl"):
        return _LABELS.get(suffix, suffix.lstrip("."))
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            head = fh.read(65536)
    except OSError:
        return suffix.lstrip(".").upper()
    return jsonrows.kind_of_text(head) or suffix.lstrip(".").upper()
